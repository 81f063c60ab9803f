//! Where everything is on the table, for drawing and hit-testing.
//!
//! Table coordinates grow right and *down*, as on screen. Board squares are
//! the cells of the board's rectangle with row 1 at the bottom (so player 1,
//! who sits at the bottom, has row 1 nearest); track squares run left to
//! right along a wide track and bottom to top along a tall one. Figures lie
//! in a tidy grid inside their place; one figure sits in the middle.

mod defaults;
mod points;
mod rect;
#[cfg(test)]
mod tests;
mod tidy;

pub(crate) use defaults::clamp_i32;
pub use defaults::{
    cell_side, default_layout, default_size, fit_table, CELL, MARGIN, TABLE_SIZE, TRIGGER_SIZE,
};
pub use points::{centres_box, spots};

/// How far from a dot's centre a press still takes the dot, as a part of
/// its square's side (the dot is drawn 0.2 across).
pub const DOT_REACH: f64 = 0.35;
pub use rect::{Point, Rect};
pub use tidy::{covered, largest_figure, stack, tidy, MAX_FIGURE_SIDE};

use super::cards::CARD;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use tablecraft_engine::model::{EquipmentKind, Game};

/// The part of a figure's rectangle that takes a press in the designer.
/// Figures are drawn smaller than their rectangle (which is a finger's
/// target in play); in the designer a press beside the drawing takes the
/// place under it, so a heap full of matches can still be chosen.
pub const DESIGN_FIGURE_CORE: f64 = 0.75;

/// What sort of place a [`PlaceShape`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceKind {
    /// A piece of equipment (square, group, basket, board or track).
    Equipment(EquipmentKind),
    /// A square of a board.
    BoardSquare {
        /// Row, 1 at the bottom.
        row: u16,
        /// Column, 1 at the left.
        column: u16,
    },
    /// A square of a track, numbered from 1.
    TrackSquare {
        /// Its number along the track.
        index: u16,
    },
    /// A point of a points board.
    Point,
}

/// One place on the table and where it is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceShape {
    /// The place's name (`board.2.3` for a square of `board`).
    pub name: String,
    /// Where it is drawn.
    pub rect: Rect,
    /// What it is.
    pub kind: PlaceKind,
    /// For a square of a board or track, the board or track's name.
    pub parent: Option<String>,
}

/// The geometry of a whole table: every place, trigger and figure with its
/// rectangle, in drawing order (later ones are drawn on top).
#[derive(Debug, Clone, Default)]
pub struct Geometry {
    /// What stays where it is while figures move, shared by the geometries
    /// of one game's positions (see [`Geometry::with_figures`]).
    ground: Arc<Ground>,
    figures: Vec<(String, Rect)>,
    /// The figures drawn under others so nearly that none of them shows.
    covered: HashSet<String>,
    figure_index: HashMap<String, usize>,
}

/// The places, triggers and lines of a table.
#[derive(Debug, Default)]
struct Ground {
    places: Vec<PlaceShape>,
    triggers: Vec<(String, Rect)>,
    /// The lines of points boards, as pieces from one point to the next.
    segments: Vec<(Point, Point)>,
    place_index: HashMap<String, usize>,
    width: f64,
    height: f64,
}

impl Geometry {
    /// The table as designed: every figure on its origin. Missing placements
    /// come from [`default_layout`].
    pub fn new(game: &Game) -> Self {
        let origins: HashMap<&str, &str> = game
            .figures
            .iter()
            .map(|f| (f.name.as_str(), f.origin.as_str()))
            .collect();
        Self::with_positions(game, &|figure| origins.get(figure).map(|o| o.to_string()))
    }

    /// The table with each figure on the place `place_of(figure)` names (as
    /// during play); figures with no place, or an unknown one, are not drawn.
    pub fn with_positions(game: &Game, place_of: &dyn Fn(&str) -> Option<String>) -> Self {
        Self::with_order(game, place_of, &|_| 0)
    }

    /// [`Geometry::with_positions`], with the figures on each place laid
    /// out from the bottom up by `height_of(figure)` (0 at the bottom): a
    /// shuffled deck's top card is its last.
    pub fn with_order(
        game: &Game,
        place_of: &dyn Fn(&str) -> Option<String>,
        height_of: &dyn Fn(&str) -> usize,
    ) -> Self {
        Geometry {
            ground: Arc::new(Ground::of(game)),
            ..Default::default()
        }
        .with_figures(game, place_of, height_of)
    }

    /// The same table with its figures where `place_of` and `height_of`
    /// say (as [`Geometry::with_order`]): the places are not worked out
    /// again, so a game in play lays out only its figures at each move.
    pub fn with_figures(
        &self,
        game: &Game,
        place_of: &dyn Fn(&str) -> Option<String>,
        height_of: &dyn Fn(&str) -> usize,
    ) -> Self {
        let mut g = Geometry {
            ground: Arc::clone(&self.ground),
            ..Default::default()
        };
        g.place_figures(game, place_of, height_of);
        g
    }

    fn place_figures(
        &mut self,
        game: &Game,
        place_of: &dyn Fn(&str) -> Option<String>,
        height_of: &dyn Fn(&str) -> usize,
    ) {
        let mut on: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
        for f in &game.figures {
            let Some(place) = place_of(&f.name) else {
                continue;
            };
            let Some(&i) = self.ground.place_index.get(&place) else {
                continue;
            };
            if self.holds_figures(i) {
                on.entry(i).or_default().push(&f.name);
            }
        }
        let mut rects: HashMap<&str, Rect> = HashMap::new();
        for names in on.values_mut() {
            names.sort_by_key(|name| height_of(name));
        }
        let largest = largest_figure(self.ground.width, self.ground.height);
        // Cards on a place of nobody's (a deck, the pile, a tableau) lie in
        // a pile as on a real table; a hand's are laid out to be picked.
        let owned: Vec<&str> = game
            .equipment
            .iter()
            .filter(|e| e.owner.is_some())
            .map(|e| e.name.as_str())
            .collect();
        let kinds: HashMap<&str, &str> = game
            .figures
            .iter()
            .map(|f| (f.name.as_str(), f.kind.as_str()))
            .collect();
        for (i, names) in &on {
            let place = &self.ground.places[*i];
            let cards = names.iter().all(|n| kinds.get(n) == Some(&CARD));
            let piled = cards
                && matches!(place.kind, PlaceKind::Equipment(_))
                && !owned.contains(&place.name.as_str());
            let rects_on = if piled {
                stack(place.rect, names.len(), largest)
            } else {
                tidy(place.rect, names.len(), largest)
            };
            for ((name, rect), hidden) in names.iter().zip(&rects_on).zip(covered(&rects_on)) {
                rects.insert(name, *rect);
                if hidden {
                    self.covered.insert(name.to_string());
                }
            }
        }
        for f in &game.figures {
            if let Some(rect) = rects.get(f.name.as_str()) {
                self.figure_index.insert(f.name.clone(), self.figures.len());
                self.figures.push((f.name.clone(), *rect));
            }
        }
    }

    fn holds_figures(&self, i: usize) -> bool {
        !matches!(
            self.ground.places[i].kind,
            PlaceKind::Equipment(
                EquipmentKind::Board { .. } | EquipmentKind::Track { .. } | EquipmentKind::Points
            )
        )
    }

    /// The size of the table (width, height).
    pub fn table_size(&self) -> (f64, f64) {
        (self.ground.width, self.ground.height)
    }

    /// Every place in drawing order: each piece of equipment followed by its squares.
    pub fn places(&self) -> &[PlaceShape] {
        &self.ground.places
    }

    /// The place with this name.
    pub fn place(&self, name: &str) -> Option<&PlaceShape> {
        self.ground.place_index.get(name).map(|&i| &self.ground.places[i])
    }

    /// Where the place with this name is drawn.
    pub fn place_rect(&self, name: &str) -> Option<Rect> {
        self.place(name).map(|p| p.rect)
    }

    /// Every drawn figure with its rectangle, in the game's order.
    pub fn figures(&self) -> &[(String, Rect)] {
        &self.figures
    }

    /// Where the figure with this name is drawn.
    pub fn figure_rect(&self, name: &str) -> Option<Rect> {
        self.figure_index.get(name).map(|&i| self.figures[i].1)
    }

    /// Whether the figure lies so nearly under others that none of it
    /// shows (see [`covered`]): it need not be drawn.
    pub fn is_covered(&self, name: &str) -> bool {
        self.covered.contains(name)
    }

    /// The lines of points boards, as pieces from one point to the next.
    pub fn segments(&self) -> &[(Point, Point)] {
        &self.ground.segments
    }

    /// Every trigger with its rectangle.
    pub fn triggers(&self) -> &[(String, Rect)] {
        &self.ground.triggers
    }

    /// Where the trigger with this name is drawn.
    pub fn trigger_rect(&self, name: &str) -> Option<Rect> {
        self.ground
            .triggers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| *r)
    }

    /// The rectangle of any element: equipment, trigger or figure (or a square).
    pub fn rect_of(&self, name: &str) -> Option<Rect> {
        self.place_rect(name)
            .or_else(|| self.trigger_rect(name))
            .or_else(|| self.figure_rect(name))
    }

    /// The topmost place under the point — a square of a board or track
    /// before the board or track itself — or `None` on the empty table.
    pub fn place_at(&self, point: Point) -> Option<String> {
        self.ground
            .places
            .iter()
            .rev()
            .find(|p| p.rect.contains(point))
            .map(|p| p.name.clone())
    }

    /// The topmost figure under the point.
    pub fn figure_at(&self, point: Point) -> Option<String> {
        self.figures
            .iter()
            .rev()
            .find(|(_, r)| r.contains(point))
            .map(|(n, _)| n.clone())
    }

    /// The point of a points board whose dot (not just its square) is under
    /// `at`: the board's name and the point's full name. A press there in
    /// the designer draws a line or moves the dot; elsewhere on the board it
    /// moves the board.
    pub fn dot_at(&self, at: Point) -> Option<(String, String)> {
        self.ground.places.iter().rev().find_map(|p| {
            let reach = DOT_REACH * p.rect.width.min(p.rect.height);
            let c = p.rect.centre();
            let near = (at.x - c.x).hypot(at.y - c.y) <= reach;
            let board = p.parent.clone().filter(|_| p.kind == PlaceKind::Point && near)?;
            Some((board, p.name.clone()))
        })
    }

    /// The topmost element under the point, for clicking in the designer:
    /// a figure (its middle: around and between figures, a press takes the
    /// place they lie on), else a trigger, else a piece of equipment (a
    /// whole board or track rather than one of its squares).
    pub fn element_at(&self, point: Point) -> Option<String> {
        self.figures
            .iter()
            .rev()
            .find(|(_, r)| r.shrunk(DESIGN_FIGURE_CORE).contains(point))
            .map(|(n, _)| n.clone())
            .or_else(|| {
                self.ground
                    .triggers
                    .iter()
                    .rev()
                    .find(|(_, r)| r.contains(point))
                    .map(|(n, _)| n.clone())
            })
            .or_else(|| {
                let place = self.ground.places.iter().rev().find(|p| p.rect.contains(point))?;
                Some(place.parent.clone().unwrap_or_else(|| place.name.clone()))
            })
    }

    /// The elements lying wholly inside `area` (a selection rectangle):
    /// equipment, then triggers, then figures; squares are not elements.
    pub fn elements_in(&self, area: Rect) -> Vec<String> {
        let equipment = self
            .ground
            .places
            .iter()
            .filter(|p| p.parent.is_none())
            .map(|p| (&p.name, &p.rect));
        let triggers = self.ground.triggers.iter().map(|(n, r)| (n, r));
        let figures = self.figures.iter().map(|(n, r)| (n, r));
        equipment
            .chain(triggers)
            .chain(figures)
            .filter(|(_, r)| area.contains_rect(r))
            .map(|(n, _)| n.clone())
            .collect()
    }
}

impl Ground {
    /// The places and triggers of `game`'s table, where they are drawn.
    fn of(game: &Game) -> Self {
        let layout = default_layout(game);
        let mut g = Ground {
            width: f64::from(layout.width),
            height: f64::from(layout.height),
            ..Default::default()
        };
        for eq in &game.equipment {
            let Some(p) = layout.items.get(&eq.name) else {
                continue;
            };
            let rect = Rect::of_placement(p);
            g.push_place(PlaceShape {
                name: eq.name.clone(),
                rect,
                kind: PlaceKind::Equipment(eq.kind),
                parent: None,
            });
            match eq.kind {
                EquipmentKind::Board { rows, columns } if rows > 0 && columns > 0 => {
                    let (w, h) = (rect.width / f64::from(columns), rect.height / f64::from(rows));
                    for row in 1..=rows {
                        for column in 1..=columns {
                            let cell = Rect::new(
                                rect.x + f64::from(column - 1) * w,
                                rect.y + f64::from(rows - row) * h,
                                w,
                                h,
                            );
                            g.push_square(
                                &eq.name,
                                format!("{}.{row}.{column}", eq.name),
                                cell,
                                PlaceKind::BoardSquare { row, column },
                            );
                        }
                    }
                }
                EquipmentKind::Track { length, .. } if length > 0 => {
                    let n = f64::from(length);
                    for index in 1..=length {
                        let i = f64::from(index - 1);
                        let cell = if rect.width >= rect.height {
                            Rect::new(rect.x + i * rect.width / n, rect.y, rect.width / n, rect.height)
                        } else {
                            let h = rect.height / n;
                            Rect::new(rect.x, rect.y + rect.height - (i + 1.0) * h, rect.width, h)
                        };
                        g.push_square(
                            &eq.name,
                            format!("{}.{index}", eq.name),
                            cell,
                            PlaceKind::TrackSquare { index },
                        );
                    }
                }
                EquipmentKind::Points => {
                    let drawn = points::lay_out(eq, rect);
                    for (name, square) in drawn.points {
                        g.push_square(&eq.name, name, square, PlaceKind::Point);
                    }
                    g.segments.extend(drawn.segments);
                }
                _ => {}
            }
        }
        for t in &game.triggers {
            if let Some(p) = layout.items.get(&t.name) {
                g.triggers.push((t.name.clone(), Rect::of_placement(p)));
            }
        }
        g
    }

    fn push_place(&mut self, shape: PlaceShape) {
        self.place_index.insert(shape.name.clone(), self.places.len());
        self.places.push(shape);
    }

    fn push_square(&mut self, parent: &str, name: String, rect: Rect, kind: PlaceKind) {
        self.push_place(PlaceShape {
            name,
            rect,
            kind,
            parent: Some(parent.to_string()),
        });
    }
}
