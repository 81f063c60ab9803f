//! What a press, a tap or a drag means in the designer, as two small state
//! machines the page feeds with pointer events:
//!
//! - [`TableDrag`] on the table: a tap selects (or, with an item of the box
//!   chosen, puts it there), a drag from a figure puts it on another place,
//!   a drag from equipment or a trigger moves the selection, and a drag from
//!   the empty table draws a selection rectangle.
//! - [`BoxDrag`] from an item of the box: dropped on the table it is added
//!   there; a tap chooses it for tap-then-tap.
//!
//! A press becomes a drag only once the pointer has gone further than a few
//! pixels ([`TAP_SLOP_PX`]), so a shaky finger still taps.

use super::edit::Edit;
use super::places::{element, Element};
use super::selection::Selection;
use super::toolbox::BoxItem;
use crate::table::geometry::{Geometry, Point, Rect};
use tablecraft_engine::model::Game;

/// How far (in screen pixels) a press may wander and still be a tap.
pub const TAP_SLOP_PX: f64 = 6.0;

fn distance(a: Point, b: Point) -> f64 {
    (a.x - b.x).hypot(a.y - b.y)
}

#[derive(Debug, Clone, PartialEq)]
enum State {
    Idle,
    /// Pressed, not yet moved further than the slop.
    Pressed {
        start: Point,
        on: Option<String>,
        figure: bool,
        add: bool,
    },
    /// Carrying one figure to another place.
    Figure {
        name: String,
        at: Point,
    },
    /// Moving equipment and triggers.
    Things {
        names: Vec<String>,
        start: Point,
        at: Point,
    },
    /// Drawing a selection rectangle.
    Rubber {
        start: Point,
        at: Point,
        add: bool,
    },
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
    /// The selection rectangle.
    Rubber(Rect),
}

/// Presses and drags on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDrag {
    state: State,
    pointer: Option<i32>,
    /// The tap slop in table units.
    slop: f64,
}

impl Default for TableDrag {
    fn default() -> Self {
        Self::new()
    }
}

impl TableDrag {
    /// Nothing pressed.
    pub fn new() -> Self {
        TableDrag {
            state: State::Idle,
            pointer: None,
            slop: TAP_SLOP_PX,
        }
    }

    /// Whether a press or drag is under way.
    pub fn is_active(&self) -> bool {
        self.state != State::Idle
    }

    /// A press at `at` (table units) by pointer `pointer`; `slop` is
    /// [`TAP_SLOP_PX`] in table units. A second finger while one is down is
    /// ignored.
    pub fn down(&mut self, pointer: i32, at: Point, slop: f64, geometry: &Geometry, game: &Game, add: bool) {
        if self.is_active() {
            return;
        }
        let on = geometry.element_at(at);
        let figure = on
            .as_deref()
            .is_some_and(|n| matches!(element(game, n), Some(Element::Figure(_))));
        self.pointer = Some(pointer);
        self.slop = if slop.is_finite() && slop > 0.0 {
            slop
        } else {
            TAP_SLOP_PX
        };
        self.state = State::Pressed {
            start: at,
            on,
            figure,
            add,
        };
    }

    /// The pointer moved; returns whether the preview changed. Once it has
    /// gone further than the slop, a press becomes a drag: of the figure
    /// pressed, of the selection (or just the pressed element when it is not
    /// selected), or of a selection rectangle on the empty table.
    pub fn moved(&mut self, pointer: i32, at: Point, game: &Game, selection: &Selection) -> bool {
        if self.pointer != Some(pointer) {
            return false;
        }
        match &mut self.state {
            State::Idle => false,
            State::Pressed {
                start,
                on,
                figure,
                add,
            } => {
                if distance(*start, at) <= self.slop {
                    return false;
                }
                let (start, on, figure, add) = (*start, on.take(), *figure, *add);
                self.state = match on {
                    None => State::Rubber { start, at, add },
                    Some(name) if figure => State::Figure { name, at },
                    Some(name) => {
                        let names = if selection.contains(&name) {
                            selection
                                .names()
                                .iter()
                                .filter(|n| !matches!(element(game, n), Some(Element::Figure(_)) | None))
                                .cloned()
                                .collect()
                        } else {
                            vec![name]
                        };
                        State::Things { names, start, at }
                    }
                };
                true
            }
            State::Figure { at: p, .. } | State::Things { at: p, .. } | State::Rubber { at: p, .. } => {
                let changed = *p != at;
                *p = at;
                changed
            }
        }
    }

    /// The pointer was released at `at`: what it means.
    pub fn up(&mut self, pointer: i32, at: Point, geometry: &Geometry) -> Decision {
        if self.pointer != Some(pointer) {
            return Decision::Nothing;
        }
        let state = std::mem::replace(&mut self.state, State::Idle);
        self.pointer = None;
        let (width, height) = geometry.table_size();
        let on_table = at.x >= 0.0 && at.y >= 0.0 && at.x <= width && at.y <= height;
        match state {
            State::Idle => Decision::Nothing,
            State::Pressed { on, add, start, .. } => Decision::Tap {
                element: on,
                at: start,
                add,
            },
            State::Figure { name, .. } if on_table => Decision::Edit {
                edit: Edit::PutFigure {
                    figure: name.clone(),
                    place: geometry.place_at(at),
                },
                select: vec![name],
            },
            State::Figure { .. } => Decision::Nothing,
            State::Things { names, start, .. } => {
                let (dx, dy) = ((at.x - start.x).round(), (at.y - start.y).round());
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
            State::Rubber { start, add, .. } => Decision::Rectangle {
                names: geometry.elements_in(Rect::from_corners(start, at)),
                add,
            },
        }
    }

    /// Forgets the press or drag (Esc, or the browser took the pointer).
    pub fn cancel(&mut self) {
        self.state = State::Idle;
        self.pointer = None;
    }

    /// What to draw now.
    pub fn preview(&self) -> Preview {
        match &self.state {
            State::Figure { name, at } => Preview::Figure {
                name: name.clone(),
                at: *at,
            },
            State::Things { names, start, at } => Preview::Move {
                names: names.clone(),
                dx: at.x - start.x,
                dy: at.y - start.y,
            },
            State::Rubber { start, at, .. } => Preview::Rubber(Rect::from_corners(*start, *at)),
            State::Idle | State::Pressed { .. } => Preview::Nothing,
        }
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

/// A press on an item of the box, followed until it is released.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoxDrag {
    item: BoxItem,
    pointer: i32,
    /// Where it started, in screen pixels.
    start: Point,
    dragged: bool,
    /// The table point under the pointer, if it is over the table.
    over: Option<Point>,
}

impl BoxDrag {
    /// A press on `item` at the screen point `client`.
    pub fn start(item: BoxItem, pointer: i32, client: Point) -> Self {
        BoxDrag {
            item,
            pointer,
            start: client,
            dragged: false,
            over: None,
        }
    }

    /// The item being dragged.
    pub fn item(&self) -> BoxItem {
        self.item
    }

    /// Whether it has become a drag (moved further than [`TAP_SLOP_PX`]).
    pub fn is_dragging(&self) -> bool {
        self.dragged
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
        self.dragged |= distance(self.start, client) > TAP_SLOP_PX;
        self.over = over;
    }

    /// Released at `client`, over the table point `over` (if any).
    pub fn up(self, pointer: i32, client: Point, over: Option<Point>) -> BoxDecision {
        if pointer != self.pointer {
            return BoxDecision::Nothing;
        }
        let dragged = self.dragged || distance(self.start, client) > TAP_SLOP_PX;
        match (dragged, over) {
            (false, _) => BoxDecision::Choose(self.item),
            (true, Some(at)) => BoxDecision::Drop { item: self.item, at },
            (true, None) => BoxDecision::Nothing,
        }
    }
}

#[cfg(test)]
mod tests;
