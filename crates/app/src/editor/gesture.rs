//! What a press, a tap or a drag means in the designer. The hand is read
//! by the one recogniser, [`crate::gesture`]; this gives it the designer's
//! meaning:
//!
//! - [`TableDrag`] on the table: a tap selects (or, with an item of the box
//!   chosen, puts it there), a drag from a figure puts it on another place,
//!   a drag from a dot of a board of dots joins it to the dot it is dropped
//!   on or moves it, a drag from equipment or a trigger moves the selection,
//!   and a drag from the empty table draws a selection rectangle.
//! - [`BoxDrag`] from an item of the box: dropped on the table it is added
//!   there; a tap chooses it for tap-then-tap.

use super::edit::{DotChange, Edit};
use super::places::{element, Element};
use super::selection::Selection;
use super::toolbox::BoxItem;
use crate::gesture::{Gesture, Hit, Input, Pointer, Recognised, Spot};
use crate::table::geometry::{Geometry, Point, Rect};
use tablecraft_engine::model::Game;

/// What a drag on the table carries, decided when the press becomes a drag.
#[derive(Debug, Clone, Default, PartialEq)]
enum Carried {
    /// Not a drag (yet).
    #[default]
    Nothing,
    /// One figure, to another place.
    Figure(String),
    /// Equipment and triggers, moved together.
    Things(Vec<String>),
    /// A dot of a board of dots (the board's name, the dot's place name).
    Dot { board: String, dot: String },
    /// A selection rectangle.
    Rubber,
}

/// What a finished press or drag on the table asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Nothing (cancelled, or a drag that went nowhere).
    Nothing,
    /// A tap on an element, or on the empty table (`None`), at `at`; `add`
    /// when Shift or Ctrl was held.
    Tap {
        element: Option<String>,
        at: Point,
        add: bool,
    },
    /// A rectangle was drawn around these elements.
    Rectangle { names: Vec<String>, add: bool },
    /// An edit to make, and what to select if it is made.
    Edit { edit: Edit, select: Vec<String> },
}

/// What to draw while a drag is under way.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Preview {
    #[default]
    Nothing,
    /// The figure is held at the point.
    Figure { name: String, at: Point },
    /// These things are shown moved by (dx, dy).
    Move { names: Vec<String>, dx: f64, dy: f64 },
    /// A dot pulled from `from` to `to`; `joins` when dropping now would
    /// join it to the dot at `to`.
    Dot { from: Point, to: Point, joins: bool },
    /// The selection rectangle.
    Rubber(Rect),
}

/// Presses and drags on the table.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableDrag {
    /// The element pressed (`None`: the empty table).
    press: Gesture<Option<String>>,
    /// The element pressed is a figure.
    figure: bool,
    /// The dot pressed, if a dot of a board of dots was (board, dot), and
    /// where it is drawn.
    dot: Option<(String, String, Point)>,
    /// The dot a dragged dot is over now, other than itself.
    over_dot: Option<Point>,
    /// Shift or Ctrl was held when pressed.
    add: bool,
    carried: Carried,
}

impl TableDrag {
    /// Nothing pressed.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a press or drag is under way.
    pub fn is_active(&self) -> bool {
        self.press.is_pressing()
    }

    /// A press on the table. A second finger while one is down is ignored.
    pub fn down(&mut self, p: &Pointer, geometry: &Geometry, game: &Game) {
        if self.is_active() {
            return;
        }
        let on = geometry.element_at(p.at);
        self.figure = on
            .as_deref()
            .is_some_and(|n| matches!(element(game, n), Some(Element::Figure(_))));
        self.dot = match self.figure {
            true => None,
            false => geometry.dot_at(p.at).and_then(|(board, dot)| {
                let centre = geometry.place_rect(&dot)?.centre();
                Some((board, dot, centre))
            }),
        };
        self.over_dot = None;
        self.add = p.add;
        self.carried = Carried::Nothing;
        self.press.on(Input::Down {
            id: p.id,
            at: p.spot(),
            hit: Hit::thing(on),
        });
    }

    /// The pointer moved; returns whether the preview changed. Once it has
    /// gone further than a tap may, a press becomes a drag: of the figure
    /// pressed, of the selection (or just the pressed element when it is not
    /// selected), or of a selection rectangle on the empty table.
    pub fn moved(&mut self, p: &Pointer, game: &Game, selection: &Selection, geometry: &Geometry) -> bool {
        let before = self.press.drag().map(|(_, _, at)| at);
        let Recognised::Drag { what, at, .. } = self.press.on(Input::Move {
            id: p.id,
            at: p.spot(),
        }) else {
            return false;
        };
        let started = self.carried == Carried::Nothing;
        if started {
            self.carried = match what {
                _ if self.dot.is_some() => {
                    let (board, dot, _) = self.dot.clone().unwrap_or_default();
                    Carried::Dot { board, dot }
                }
                None => Carried::Rubber,
                Some(name) if self.figure => Carried::Figure(name),
                Some(name) if selection.contains(&name) => Carried::Things(
                    selection
                        .names()
                        .iter()
                        .filter(|n| !matches!(element(game, n), Some(Element::Figure(_)) | None))
                        .cloned()
                        .collect(),
                ),
                Some(name) => Carried::Things(vec![name]),
            };
        }
        if let Carried::Dot { board, dot } = &self.carried {
            self.over_dot = geometry
                .dot_at(at.at)
                .filter(|(b, d)| b == board && d != dot)
                .and_then(|(_, d)| Some(geometry.place_rect(&d)?.centre()));
        }
        started || before != Some(at)
    }

    /// The pointer was released: what it means.
    pub fn up(&mut self, p: &Pointer, geometry: &Geometry) -> Decision {
        let recognised = self.press.on(Input::Up {
            id: p.id,
            at: p.spot(),
            hit: Hit::default(),
        });
        let at = p.at;
        let (width, height) = geometry.table_size();
        let on_table = at.x >= 0.0 && at.y >= 0.0 && at.x <= width && at.y <= height;
        match (recognised, std::mem::take(&mut self.carried)) {
            (Recognised::Tap { what, at }, _)
            | (Recognised::Dropped { what, start: at, .. }, Carried::Nothing) => Decision::Tap {
                element: what,
                at: at.at,
                add: self.add,
            },
            (Recognised::Dropped { .. }, Carried::Figure(name)) if on_table => Decision::Edit {
                edit: Edit::PutFigure {
                    figure: name.clone(),
                    place: geometry.place_at(at),
                },
                select: vec![name],
            },
            (Recognised::Dropped { start, .. }, Carried::Things(names)) => {
                let (dx, dy) = ((at.x - start.at.x).round(), (at.y - start.at.y).round());
                if (dx == 0.0 && dy == 0.0) || !dx.is_finite() || !dy.is_finite() {
                    return Decision::Nothing;
                }
                let clamp = |v: f64| v.clamp(f64::from(i32::MIN / 2), f64::from(i32::MAX / 2)) as i32;
                Decision::Edit {
                    edit: Edit::Move {
                        names: names.clone(),
                        dx: clamp(dx),
                        dy: clamp(dy),
                    },
                    select: names,
                }
            }
            (Recognised::Dropped { .. }, Carried::Dot { board, dot }) => {
                dot_dropped(geometry, &board, &dot, at)
            }
            (Recognised::Dropped { start, .. }, Carried::Rubber) => Decision::Rectangle {
                names: geometry.elements_in(Rect::from_corners(start.at, at)),
                add: self.add,
            },
            (_, carried) => {
                if self.is_active() {
                    // Another finger's release: the drag goes on.
                    self.carried = carried;
                }
                Decision::Nothing
            }
        }
    }

    /// Forgets the press or drag (Esc, or the browser took the pointer).
    pub fn cancel(&mut self) {
        self.press.put_down();
        self.carried = Carried::Nothing;
    }

    /// What to draw now.
    pub fn preview(&self) -> Preview {
        let Some((_, start, at)) = self.press.drag() else {
            return Preview::Nothing;
        };
        let (start, at) = (start.at, at.at);
        match &self.carried {
            Carried::Figure(name) => Preview::Figure {
                name: name.clone(),
                at,
            },
            Carried::Things(names) => Preview::Move {
                names: names.clone(),
                dx: at.x - start.x,
                dy: at.y - start.y,
            },
            Carried::Dot { .. } => Preview::Dot {
                from: self.dot.as_ref().map_or(start, |d| d.2),
                to: self.over_dot.unwrap_or(at),
                joins: self.over_dot.is_some(),
            },
            Carried::Rubber => Preview::Rubber(Rect::from_corners(start, at)),
            Carried::Nothing => Preview::Nothing,
        }
    }
}

/// A dot of `board` dropped at `at`: onto another of its dots, the two are
/// joined; elsewhere on the board, the dot moves there; off it, nothing.
fn dot_dropped(geometry: &Geometry, board: &str, dot: &str, at: Point) -> Decision {
    let short = |d: &str| {
        d.strip_prefix(board)
            .and_then(|d| d.strip_prefix('.'))
            .unwrap_or(d)
            .to_string()
    };
    let change = match geometry.dot_at(at) {
        Some((b, other)) if b == board && other != dot => DotChange::Join {
            a: short(dot),
            b: short(&other),
        },
        _ => {
            let (Some(area), Some(cell)) = (geometry.place_rect(board), geometry.place_rect(dot)) else {
                return Decision::Nothing;
            };
            if !area.contains(at) {
                return Decision::Nothing;
            }
            // The box the dots' centres take: the board less half a dot's square.
            let inner = Rect::new(
                area.x + cell.width / 2.0,
                area.y + cell.height / 2.0,
                (area.width - cell.width).max(1.0),
                (area.height - cell.height).max(1.0),
            );
            DotChange::Move {
                dot: short(dot),
                x: ((at.x - inner.x) / inner.width).clamp(0.0, 1.0),
                y: ((at.y - inner.y) / inner.height).clamp(0.0, 1.0),
            }
        }
    };
    Decision::Edit {
        edit: Edit::Dots {
            board: board.to_string(),
            change,
        },
        select: vec![board.to_string()],
    }
}

/// What a press on an item of the box ends in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BoxDecision {
    /// Nothing: dropped outside the table, or another pointer.
    Nothing,
    /// A tap: choose the item, to be put where the table is tapped next.
    Choose(BoxItem),
    /// Dropped on the table at this point.
    Drop { item: BoxItem, at: Point },
}

/// A press on an item of the box, followed until it is released. The box
/// lies off the table, so its spots are screen points only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxDrag {
    item: BoxItem,
    pointer: i32,
    press: Gesture<BoxItem>,
    /// The table point under the pointer, if it is over the table.
    over: Option<Point>,
}

fn screen(client: Point) -> Spot {
    Spot::new(client, client)
}

impl BoxDrag {
    /// A press on `item` at the screen point `client`.
    pub fn start(item: BoxItem, pointer: i32, client: Point) -> Self {
        let mut press = Gesture::new();
        press.on(Input::Down {
            id: pointer,
            at: screen(client),
            hit: Hit::thing(item),
        });
        BoxDrag {
            item,
            pointer,
            press,
            over: None,
        }
    }

    /// The item being dragged.
    pub fn item(&self) -> BoxItem {
        self.item
    }

    /// Whether it has become a drag.
    pub fn is_dragging(&self) -> bool {
        self.press.drag().is_some()
    }

    /// The table point under the pointer, when over the table.
    pub fn over(&self) -> Option<Point> {
        self.over
    }

    /// The pointer moved to `client`, over the table point `over` (if any).
    pub fn moved(&mut self, pointer: i32, client: Point, over: Option<Point>) {
        if pointer != self.pointer {
            return;
        }
        self.press.on(Input::Move {
            id: pointer,
            at: screen(client),
        });
        self.over = over;
    }

    /// Released at `client`, over the table point `over` (if any).
    pub fn up(mut self, pointer: i32, client: Point, over: Option<Point>) -> BoxDecision {
        let recognised = self.press.on(Input::Up {
            id: pointer,
            at: screen(client),
            hit: Hit::default(),
        });
        match (recognised, over) {
            (Recognised::Tap { what, .. }, _) => BoxDecision::Choose(what),
            (Recognised::Dropped { what, .. }, Some(at)) => BoxDecision::Drop { item: what, at },
            _ => BoxDecision::Nothing,
        }
    }
}

#[cfg(test)]
mod tests;
