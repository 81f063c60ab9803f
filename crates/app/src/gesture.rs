//! One recogniser of presses, taps and drags for every mode: Design (the
//! table and the box), Rules (teaching on the table) and Play feed it their
//! pointer events, each already hit-tested by the mode into the thing
//! pressed (`T`: a figure, everything on a place, an element of the design,
//! an item of the box), and it tells what the hand did:
//!
//! - press and release without going further than [`TAP_SLOP_PX`]: a
//!   [`Recognised::Tap`]; the mode may then [`Gesture::hold`] the thing, so
//!   that it waits, picked up, for the place where it goes;
//! - press and go further: a drag ([`Recognised::Drag`] at every move), and
//!   [`Recognised::Dropped`] where it is released;
//! - while a thing is held (pick then place): a tap on it again puts it
//!   down; a tap on a place it may go to, or where no other thing lies, is
//!   [`Recognised::Placed`] there; a press on another thing takes that one
//!   instead (and the held one can still be dragged);
//! - Esc or a cancelled pointer: [`Recognised::PutDown`];
//! - another finger while one is pressing is ignored.
//!
//! What a tap, a drop or a placing *means* (select, add from the box, play
//! a step, record an example) is each mode's logic, not the recogniser's.
//! No mode uses a long press, so there is none.

use crate::table::geometry::Point;

/// How far a press may wander, in CSS pixels on the screen, and still be a
/// tap (8, as phones count a touch: Android's touch slop is 8 dp).
///
/// The unit is the screen's, not the table's, because a finger wobbles by
/// the same amount on the screen however big the table is drawn: the table
/// is scaled to fit the window, so a slop in table units would let a
/// finger wander far on a small phone and hardly at all on a wide screen,
/// and the box, which lies off the table, has no table units at all.
pub const TAP_SLOP_PX: f64 = 8.0;

/// Where a pointer is: on the screen (CSS pixels, measured for the tap
/// slop) and on the surface it is used on (table units on the table; the
/// box, off the table, gives its screen point again).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spot {
    pub screen: Point,
    pub at: Point,
}

impl Spot {
    /// A spot on the screen and on the surface.
    pub fn new(screen: Point, at: Point) -> Spot {
        Spot { screen, at }
    }

    /// How far `to` lies from here on the surface.
    pub fn offset_to(self, to: Spot) -> Point {
        Point::new(to.at.x - self.at.x, to.at.y - self.at.y)
    }

    /// Whether `to` is further from here on the screen than a tap may go.
    fn far(self, to: Spot) -> bool {
        let (dx, dy) = (to.screen.x - self.screen.x, to.screen.y - self.screen.y);
        dx.hypot(dy) > TAP_SLOP_PX
    }
}

/// Which part of a press an event is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Down,
    Move,
    Up,
    Cancel,
}

/// A pointer event on the table, as the page forwards it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pointer {
    pub phase: Phase,
    /// The pointer's id (one per finger).
    pub id: i32,
    /// Where, in table units.
    pub at: Point,
    /// Where, in CSS pixels on the screen.
    pub screen: Point,
    /// Shift or Ctrl (or Cmd) held: add to the selection.
    pub add: bool,
}

impl Pointer {
    /// Where the pointer is.
    pub fn spot(&self) -> Spot {
        Spot::new(self.screen, self.at)
    }
}

/// What lies under the pointer, as the mode sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit<T> {
    /// What a press here takes, if anything.
    pub thing: Option<T>,
    /// The place here: where a held thing would go.
    pub place: Option<String>,
    /// Whether the held thing may go to that place.
    pub target: bool,
}

impl<T> Default for Hit<T> {
    fn default() -> Self {
        Hit {
            thing: None,
            place: None,
            target: false,
        }
    }
}

impl<T> Hit<T> {
    /// Just a thing, on no place.
    pub fn thing(thing: T) -> Self {
        Hit {
            thing: Some(thing),
            ..Hit::default()
        }
    }
}

/// One event for the recogniser.
#[derive(Debug, Clone, PartialEq)]
pub enum Input<T> {
    Down { id: i32, at: Spot, hit: Hit<T> },
    Move { id: i32, at: Spot },
    Up { id: i32, at: Spot, hit: Hit<T> },
    Cancel { id: i32 },
    Escape,
}

impl<T> Input<T> {
    /// A pointer event; `hit` tells what lies under it, and is only asked
    /// on a press or a release.
    pub fn of(p: &Pointer, hit: impl FnOnce() -> Hit<T>) -> Input<T> {
        let (id, at) = (p.id, p.spot());
        match p.phase {
            Phase::Down => Input::Down { id, at, hit: hit() },
            Phase::Move => Input::Move { id, at },
            Phase::Up => Input::Up { id, at, hit: hit() },
            Phase::Cancel => Input::Cancel { id },
        }
    }

    fn id(&self) -> Option<i32> {
        match self {
            Input::Down { id, .. } | Input::Move { id, .. } | Input::Up { id, .. } | Input::Cancel { id } => {
                Some(*id)
            }
            Input::Escape => None,
        }
    }
}

/// What the hand did, for the mode to give a meaning to.
#[derive(Debug, Clone, PartialEq)]
pub enum Recognised<T> {
    Nothing,
    /// A press on a thing began (not on the one already held).
    Pressed(T),
    /// The thing is being dragged: pressed at `start`, now at `at`.
    Drag {
        what: T,
        start: Spot,
        at: Spot,
    },
    /// A dragged thing was let go at `at`, over `place`.
    Dropped {
        what: T,
        start: Spot,
        at: Spot,
        place: Option<String>,
    },
    /// A press and a release without going far: a tap on `what`, pressed
    /// at `at`.
    Tap {
        what: T,
        at: Spot,
    },
    /// The held thing goes to `place`: the second tap of a pick then place.
    /// It stays held until the mode puts it down, in case that is refused.
    Placed {
        what: T,
        place: String,
    },
    /// Put the thing down where it lies; `dragged` (where the drag started
    /// and where it is) when it was being dragged, to spring back from.
    PutDown {
        what: T,
        dragged: Option<(Spot, Spot)>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum State<T> {
    Idle,
    /// Pressed, not yet further than the slop: a tap or the start of a drag.
    Pressed {
        what: T,
        id: i32,
        start: Spot,
        /// It was held already: a tap puts it down.
        again: bool,
    },
    Dragging {
        what: T,
        id: i32,
        start: Spot,
        at: Spot,
    },
    /// Picked up by a tap (or a key), waiting for where it goes.
    Held {
        what: T,
    },
    /// A press elsewhere while a thing is held: it goes where released.
    Aiming {
        what: T,
        id: i32,
    },
}

/// Where a press, a drag or a pick then place stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gesture<T> {
    state: State<T>,
}

impl<T> Default for Gesture<T> {
    fn default() -> Self {
        Gesture { state: State::Idle }
    }
}

impl<T: Clone + PartialEq> Gesture<T> {
    /// Nothing pressed or held.
    pub fn new() -> Self {
        Gesture::default()
    }

    /// The thing pressed, dragged or held, if any.
    pub fn thing(&self) -> Option<&T> {
        match &self.state {
            State::Idle => None,
            State::Pressed { what, .. }
            | State::Dragging { what, .. }
            | State::Held { what }
            | State::Aiming { what, .. } => Some(what),
        }
    }

    /// The thing held (picked up by a tap or a key), if any.
    pub fn held(&self) -> Option<&T> {
        match &self.state {
            State::Held { what } | State::Aiming { what, .. } => Some(what),
            _ => None,
        }
    }

    /// The thing being dragged, where the drag started and where it is.
    pub fn drag(&self) -> Option<(&T, Spot, Spot)> {
        match &self.state {
            State::Dragging { what, start, at, .. } => Some((what, *start, *at)),
            _ => None,
        }
    }

    /// Whether a pointer is down (a press or a drag under way).
    pub fn is_pressing(&self) -> bool {
        self.pointer().is_some()
    }

    /// Picks the thing up: the next tap on a place puts it there.
    pub fn hold(&mut self, what: T) {
        self.state = State::Held { what };
    }

    /// Forgets any press, drag or held thing; returns the thing.
    pub fn put_down(&mut self) -> Option<T> {
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Idle => None,
            State::Pressed { what, .. }
            | State::Dragging { what, .. }
            | State::Held { what }
            | State::Aiming { what, .. } => Some(what),
        }
    }

    fn pointer(&self) -> Option<i32> {
        match &self.state {
            State::Pressed { id, .. } | State::Dragging { id, .. } | State::Aiming { id, .. } => Some(*id),
            State::Idle | State::Held { .. } => None,
        }
    }

    /// Feeds one event; returns what the hand did.
    pub fn on(&mut self, input: Input<T>) -> Recognised<T> {
        if let (Some(mine), Some(id)) = (self.pointer(), input.id()) {
            if mine != id {
                return Recognised::Nothing;
            }
        }
        let state = std::mem::replace(&mut self.state, State::Idle);
        let (next, out) = step(state, input);
        self.state = next;
        out
    }
}

fn pressed<T: Clone>(what: T, id: i32, start: Spot) -> (State<T>, Recognised<T>) {
    (
        State::Pressed {
            what: what.clone(),
            id,
            start,
            again: false,
        },
        Recognised::Pressed(what),
    )
}

fn dragging<T: Clone>(what: T, id: i32, start: Spot, at: Spot) -> (State<T>, Recognised<T>) {
    (
        State::Dragging {
            what: what.clone(),
            id,
            start,
            at,
        },
        Recognised::Drag { what, start, at },
    )
}

fn put_down<T>(what: T, dragged: Option<(Spot, Spot)>) -> (State<T>, Recognised<T>) {
    (State::Idle, Recognised::PutDown { what, dragged })
}

/// One transition: the state after `input`, and what it means.
fn step<T: Clone + PartialEq>(state: State<T>, input: Input<T>) -> (State<T>, Recognised<T>) {
    use Input as I;
    use State as S;
    match (state, input) {
        (S::Idle, I::Down { id, at, hit }) => match hit.thing {
            Some(what) => pressed(what, id, at),
            None => (S::Idle, Recognised::Nothing),
        },
        (S::Held { what }, I::Down { id, at, hit }) => match hit.thing {
            Some(other) if other == what => (
                S::Pressed {
                    what,
                    id,
                    start: at,
                    again: true,
                },
                Recognised::Nothing,
            ),
            Some(other) if !hit.target => pressed(other, id, at),
            _ => (S::Aiming { what, id }, Recognised::Nothing),
        },
        (
            S::Pressed {
                what,
                id,
                start,
                again,
            },
            I::Move { at, .. },
        ) => {
            if start.far(at) {
                dragging(what, id, start, at)
            } else {
                (
                    S::Pressed {
                        what,
                        id,
                        start,
                        again,
                    },
                    Recognised::Nothing,
                )
            }
        }
        (
            S::Pressed {
                what, start, again, ..
            },
            I::Up { at, hit, .. },
        ) => {
            if start.far(at) {
                // A drag whose moves were not seen.
                let place = hit.place;
                (
                    S::Idle,
                    Recognised::Dropped {
                        what,
                        start,
                        at,
                        place,
                    },
                )
            } else if again {
                put_down(what, None)
            } else {
                (S::Idle, Recognised::Tap { what, at: start })
            }
        }
        (S::Dragging { what, id, start, .. }, I::Move { at, .. }) => dragging(what, id, start, at),
        (S::Dragging { what, start, .. }, I::Up { at, hit, .. }) => (
            S::Idle,
            Recognised::Dropped {
                what,
                start,
                at,
                place: hit.place,
            },
        ),
        (S::Aiming { what, .. }, I::Up { hit, .. }) => match hit.place {
            Some(place) => (S::Held { what: what.clone() }, Recognised::Placed { what, place }),
            None => put_down(what, None),
        },
        (S::Dragging { what, start, at, .. }, I::Cancel { .. } | I::Escape) => {
            put_down(what, Some((start, at)))
        }
        (
            S::Pressed { what, .. } | S::Held { what } | S::Aiming { what, .. },
            I::Cancel { .. } | I::Escape,
        ) => put_down(what, None),
        (state, _) => (state, Recognised::Nothing),
    }
}

#[cfg(test)]
mod tests;
