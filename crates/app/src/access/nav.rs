//! Keyboard navigation on the table.
//!
//! - Every place, figure and trigger is an [`Item`]; [`order`] lists them
//!   in reading order: each place (a board followed by its squares), then
//!   what lies on it.
//! - Nothing held: Left/Right go to the previous/next item in that order,
//!   Up/Down to the nearest item above/below, Home/End to the first/last;
//!   Space or Enter asks the mode to pick the item up ([`Command::Pick`]).
//! - A figure held: the arrows go from place to place — only the places
//!   it may go to (and back to its own) when the mode says so — and Space
//!   or Enter asks to drop it there; Esc puts it back.

use crate::table::geometry::{Point, Rect};
use crate::table::scene::{PlaceLook, PlaceView, Scene};

/// Something on the table that can have the keyboard's attention.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Item {
    Place(String),
    Figure(String),
    Trigger(String),
}

impl Item {
    /// The element's name.
    pub fn name(&self) -> &str {
        match self {
            Item::Place(n) | Item::Figure(n) | Item::Trigger(n) => n,
        }
    }

    /// A unique `id` for the item's SVG element (names may hold any
    /// character; these ids hold letters, digits, `-` and `_` only).
    pub fn dom_id(&self) -> String {
        let (prefix, name) = match self {
            Item::Place(n) => ("tk-p-", n),
            Item::Figure(n) => ("tk-f-", n),
            Item::Trigger(n) => ("tk-t-", n),
        };
        let mut id = prefix.to_string();
        for c in name.chars() {
            if c.is_ascii_alphanumeric() || c == '-' {
                id.push(c);
            } else {
                id.push_str(&format!("_{:x}_", u32::from(c)));
            }
        }
        id
    }
}

/// Where an item is drawn.
pub fn rect_of(scene: &Scene, item: &Item) -> Option<Rect> {
    match item {
        Item::Place(n) => scene.places.iter().find(|p| &p.name == n).map(|p| p.rect),
        Item::Figure(n) => scene.figures.iter().find(|f| &f.name == n).map(|f| f.rect),
        Item::Trigger(n) => scene.triggers.iter().find(|t| &t.name == n).map(|t| t.rect),
    }
}

/// Whether an item is on the table.
pub fn exists(scene: &Scene, item: &Item) -> bool {
    rect_of(scene, item).is_some()
}

/// Items in reading order: rows from top to bottom (an item belongs to a
/// row when its top is above the middle of the row's lowest item), each
/// row from left to right; a bigger item first where two start together.
fn reading(mut items: Vec<(Item, Rect)>) -> Vec<Item> {
    items.sort_by(|a, b| a.1.y.total_cmp(&b.1.y).then(a.1.x.total_cmp(&b.1.x)));
    let mut rows: Vec<Vec<(Item, Rect)>> = Vec::new();
    for it in items {
        match rows.last_mut() {
            Some(row)
                if row
                    .iter()
                    .map(|(_, r)| r.y + r.height / 2.0)
                    .fold(f64::INFINITY, f64::min)
                    > it.1.y =>
            {
                row.push(it)
            }
            _ => rows.push(vec![it]),
        }
    }
    rows.into_iter()
        .flat_map(|mut row| {
            row.sort_by(|a, b| {
                a.1.x
                    .total_cmp(&b.1.x)
                    .then((b.1.width * b.1.height).total_cmp(&(a.1.width * a.1.height)))
            });
            row.into_iter().map(|(i, _)| i)
        })
        .collect()
}

fn is_frame(look: PlaceLook) -> bool {
    matches!(look, PlaceLook::Board | PlaceLook::Track)
}

fn frames(scene: &Scene) -> Vec<&PlaceView> {
    scene
        .places
        .iter()
        .filter(|p| is_frame(p.look))
        .map(|p| &**p)
        .collect()
}

/// A square belongs to the board or track that holds its centre.
fn owner_of(frames: &[&PlaceView], cell: &Rect) -> Option<String> {
    frames
        .iter()
        .find(|f| f.rect.contains(cell.centre()))
        .map(|f| f.name.clone())
}

/// The places not on a board or track, in reading order: the first items
/// of [`order`], without the squares and figures that follow each (which a
/// board of thousands of squares takes long to put in order).
pub fn top_order(scene: &Scene) -> Vec<Item> {
    let frames = frames(scene);
    reading(
        scene
            .places
            .iter()
            .filter(|p| !matches!(p.look, PlaceLook::Cell { .. }) || owner_of(&frames, &p.rect).is_none())
            .map(|p| (Item::Place(p.name.clone()), p.rect))
            .collect(),
    )
}

/// Every item, in the order a person reads the table: each top-level place
/// in reading order, followed by what lies on it (a board by its squares,
/// each square by its figures); then the triggers.
pub fn order(scene: &Scene) -> Vec<Item> {
    let cells: Vec<_> = scene
        .places
        .iter()
        .filter(|p| matches!(p.look, PlaceLook::Cell { .. }))
        .collect();
    let frames = frames(scene);
    let owner_of = |cell: &Rect| owner_of(&frames, cell);
    let figures_on = |place: &str| -> Vec<Item> {
        reading(
            scene
                .figures
                .iter()
                .filter(|f| f.place == place)
                .map(|f| (Item::Figure(f.name.clone()), f.rect))
                .collect(),
        )
    };
    let mut out = Vec::new();
    for item in top_order(scene) {
        let name = item.name().to_string();
        out.push(item);
        let squares: Vec<(Item, Rect)> = cells
            .iter()
            .filter(|c| owner_of(&c.rect).as_deref() == Some(name.as_str()))
            .map(|c| (Item::Place(c.name.clone()), c.rect))
            .collect();
        for square in reading(squares) {
            let sq = square.name().to_string();
            out.push(square);
            out.extend(figures_on(&sq));
        }
        out.extend(figures_on(&name));
    }
    // Figures on a place that is not drawn, then the triggers.
    for f in &scene.figures {
        let item = Item::Figure(f.name.clone());
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out.extend(reading(
        scene
            .triggers
            .iter()
            .map(|t| (Item::Trigger(t.name.clone()), t.rect))
            .collect(),
    ));
    out
}

/// A direction of an arrow key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Left,
    Right,
    Up,
    Down,
}

/// The candidate nearest to `from` in direction `dir`: its centre must lie
/// that way (at most twice as far across as along); nearer along and less
/// across is better; on a tie a figure beats the place under it.
pub fn toward(from: Point, dir: Dir, candidates: &[(Item, Rect)]) -> Option<Item> {
    let mut best: Option<(f64, bool, &Item)> = None;
    for (item, rect) in candidates {
        let c = rect.centre();
        let (dx, dy) = (c.x - from.x, c.y - from.y);
        let (along, across) = match dir {
            Dir::Left => (-dx, dy.abs()),
            Dir::Right => (dx, dy.abs()),
            Dir::Up => (-dy, dx.abs()),
            Dir::Down => (dy, dx.abs()),
        };
        if along < 1.0 || across > along * 2.0 || !along.is_finite() || !across.is_finite() {
            continue;
        }
        let score = along + 2.0 * across;
        let figure = matches!(item, Item::Figure(_));
        let better = match best {
            None => true,
            Some((s, f, _)) => score < s - 0.5 || ((score - s).abs() <= 0.5 && figure && !f),
        };
        if better {
            best = Some((score, figure, item));
        }
    }
    best.map(|(_, _, i)| i.clone())
}

/// A key the table understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Arrow(Dir),
    Home,
    End,
    /// Space or Enter: pick up, or drop.
    Act,
    Escape,
}

impl Key {
    /// The key of a `KeyboardEvent.key`, if the table uses it.
    pub fn of(key: &str) -> Option<Key> {
        Some(match key {
            "ArrowLeft" | "Left" => Key::Arrow(Dir::Left),
            "ArrowRight" | "Right" => Key::Arrow(Dir::Right),
            "ArrowUp" | "Up" => Key::Arrow(Dir::Up),
            "ArrowDown" | "Down" => Key::Arrow(Dir::Down),
            "Home" => Key::Home,
            "End" => Key::End,
            " " | "Spacebar" | "Enter" => Key::Act,
            "Escape" | "Esc" => Key::Escape,
            _ => return None,
        })
    }
}

/// What the mode answers when asked to pick an item up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Not picked up (refused and said why, or the item was only chosen).
    No,
    /// Held: the arrows go to the places it may go to (marked as targets).
    Targets,
    /// Held: the arrows go to every place.
    Anywhere,
}

/// What a key asks the mode to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Nothing for the mode (the attention may have moved).
    None,
    /// Pick up (or choose) the item.
    Pick(Item),
    /// Put the held item on a place.
    Drop { held: Item, place: String },
    /// Put the held item back where it was.
    Cancel(Item),
}

/// A held item and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holding {
    pub item: Item,
    pub from: String,
    pub only_targets: bool,
}

/// The keyboard's attention on the table, and what it holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cursor {
    pub active: Option<Item>,
    pub holding: Option<Holding>,
}

/// The places a held item may be moved over with the arrows: the marked
/// targets (or every place but the frames of boards and tracks), and the
/// place it came from.
pub fn places_for(scene: &Scene, holding: &Holding) -> Vec<(Item, Rect)> {
    scene
        .places
        .iter()
        .filter(|p| {
            p.name == holding.from
                || if holding.only_targets {
                    p.marks.target
                } else {
                    !is_frame(p.look)
                }
        })
        .map(|p| (Item::Place(p.name.clone()), p.rect))
        .collect()
}

/// The place an item lies on (a figure) or is (a place).
pub fn place_of(scene: &Scene, item: &Item) -> Option<String> {
    match item {
        Item::Place(n) => Some(n.clone()),
        Item::Figure(n) => scene
            .figures
            .iter()
            .find(|f| &f.name == n)
            .map(|f| f.place.clone()),
        Item::Trigger(_) => None,
    }
}

impl Cursor {
    /// The item with the attention, checked against the scene: the first
    /// figure (or the first item) when there is none or it has gone.
    pub fn current(&self, scene: &Scene) -> Option<Item> {
        match &self.active {
            Some(i) if exists(scene, i) => Some(i.clone()),
            _ => {
                let order = order(scene);
                order
                    .iter()
                    .find(|i| matches!(i, Item::Figure(_)))
                    .or(order.first())
                    .cloned()
            }
        }
    }

    /// Forgets a held figure the mode has put down (it is no longer marked
    /// as selected, or has gone).
    pub fn sync(&mut self, scene: &Scene) {
        if let Some(h) = &self.holding {
            let still = match &h.item {
                Item::Figure(n) => scene.figures.iter().any(|f| &f.name == n && f.marks.selected),
                other => exists(scene, other),
            };
            if !still {
                self.holding = None;
            }
        }
        if self.active.as_ref().is_some_and(|a| !exists(scene, a)) {
            self.active = None;
        }
    }

    /// Feeds a key; returns what the mode should do.
    pub fn on(&mut self, scene: &Scene, key: Key) -> Command {
        self.sync(scene);
        let current = self.current(scene);
        match (&self.holding, key) {
            (None, Key::Act) => {
                self.active = current.clone();
                current.map_or(Command::None, Command::Pick)
            }
            (None, Key::Escape) => Command::None,
            (None, Key::Arrow(dir)) => {
                let order = order(scene);
                let at = current.as_ref().and_then(|c| order.iter().position(|i| i == c));
                let next = match (dir, at) {
                    (_, None) => order.first().cloned(),
                    (Dir::Right, Some(i)) => order.get((i + 1) % order.len()).cloned(),
                    (Dir::Left, Some(i)) => order.get((i + order.len() - 1) % order.len()).cloned(),
                    (Dir::Up | Dir::Down, Some(i)) => {
                        let from = rect_of(scene, &order[i]).map(|r| r.centre()).unwrap_or_default();
                        let all: Vec<(Item, Rect)> = order
                            .iter()
                            .filter(|o| *o != &order[i])
                            .filter_map(|o| rect_of(scene, o).map(|r| (o.clone(), r)))
                            .collect();
                        toward(from, dir, &all).or_else(|| current.clone())
                    }
                };
                self.active = next;
                Command::None
            }
            (None, Key::Home) => {
                self.active = order(scene).first().cloned();
                Command::None
            }
            (None, Key::End) => {
                self.active = order(scene).last().cloned();
                Command::None
            }
            (Some(h), Key::Arrow(dir)) => {
                let places = places_for(scene, h);
                let at = current
                    .as_ref()
                    .and_then(|c| place_of(scene, c))
                    .unwrap_or_else(|| h.from.clone());
                let from = scene
                    .places
                    .iter()
                    .find(|p| p.name == at)
                    .map(|p| p.rect.centre())
                    .unwrap_or_default();
                let others: Vec<(Item, Rect)> =
                    places.iter().filter(|(i, _)| i.name() != at).cloned().collect();
                let next = toward(from, dir, &others).or_else(|| {
                    // Nothing that way: go round the places in reading order.
                    let order = reading(places.clone());
                    let i = order.iter().position(|p| p.name() == at)?;
                    let step = if matches!(dir, Dir::Right | Dir::Down) {
                        1
                    } else {
                        order.len() - 1
                    };
                    order.get((i + step) % order.len()).cloned()
                });
                if next.is_some() {
                    self.active = next;
                }
                Command::None
            }
            (Some(h), Key::Home | Key::End) => {
                let order = reading(places_for(scene, h));
                let next = if key == Key::Home {
                    order.first()
                } else {
                    order.last()
                };
                if let Some(n) = next {
                    self.active = Some(n.clone());
                }
                Command::None
            }
            (Some(h), Key::Act) => {
                let place = current
                    .as_ref()
                    .and_then(|c| place_of(scene, c))
                    .unwrap_or_else(|| h.from.clone());
                Command::Drop {
                    held: h.item.clone(),
                    place,
                }
            }
            (Some(h), Key::Escape) => {
                let item = h.item.clone();
                self.holding = None;
                self.active = Some(item.clone());
                Command::Cancel(item)
            }
        }
    }

    /// The mode answered a [`Command::Pick`]: hold the item (the attention
    /// goes to the place it lies on) or not.
    pub fn picked(&mut self, scene: &Scene, item: Item, answer: Answer) {
        let only_targets = match answer {
            Answer::No => return,
            Answer::Targets => true,
            Answer::Anywhere => false,
        };
        let Some(from) = place_of(scene, &item) else {
            return;
        };
        self.active = Some(Item::Place(from.clone()));
        self.holding = Some(Holding {
            item,
            from,
            only_targets,
        });
    }

    /// The mode answered a [`Command::Drop`]: `done` when the item was put
    /// down (the attention stays on the place), otherwise it is still held.
    pub fn dropped(&mut self, done: bool) {
        if done {
            self.holding = None;
        }
    }
}

#[cfg(test)]
mod tests;
