//! What a press, drag or tap on the table means in play: a small state
//! machine fed with pointer events (already hit-tested against the
//! [`Scene`]) that answers with what the page should do.
//!
//! - Press a figure: it is lifted (its targets light up). Move more than
//!   [`THRESHOLD`] and it follows the pointer; release to drop it where
//!   the pointer is.
//! - Tap a figure (press and release without moving): it stays lifted;
//!   tap a place to drop it there; tap it again to put it down.
//! - Esc or a cancelled pointer puts the figure down.

use crate::table::geometry::{Point, Rect};
use crate::table::scene::Scene;

/// How far (in table units) a press may move and still be a tap.
pub const THRESHOLD: f64 = 6.0;

/// How long a refused figure takes to spring back, in milliseconds.
pub const SPRING_MS: f64 = 220.0;

/// What lies under the pointer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hit {
    /// The topmost figure.
    pub figure: Option<String>,
    /// The topmost place (a board's square before the board).
    pub place: Option<String>,
    /// Whether that place is a target of the lifted figure.
    pub target: bool,
}

impl Hit {
    /// What lies at `at` in `scene`; `targets` are the places the lifted
    /// figure may go to.
    pub fn at(scene: &Scene, at: Point, targets: &dyn Fn(&str) -> bool) -> Hit {
        let figure = scene
            .figures
            .iter()
            .rev()
            .find(|f| f.rect.contains(at))
            .map(|f| f.name.clone());
        let place = scene
            .places
            .iter()
            .rev()
            .find(|p| p.rect.contains(at))
            .map(|p| p.name.clone());
        let target = place.as_deref().is_some_and(targets);
        Hit {
            figure,
            place,
            target,
        }
    }
}

/// A pointer event or a key.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    Down { pointer: i32, at: Point, hit: Hit },
    Move { pointer: i32, at: Point },
    Up { pointer: i32, at: Point, hit: Hit },
    Cancel { pointer: i32 },
    Escape,
}

/// What the page should do.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    Nothing,
    /// Lift this figure: light up where it may go.
    Lift(String),
    /// Draw the held figure moved by `offset` from where it lies.
    Follow {
        figure: String,
        offset: Point,
    },
    /// Try to play the figure onto `place` (`None`: the bare table).
    /// `offset` is where its ghost is, for springing back when refused.
    Drop {
        figure: String,
        place: Option<String>,
        dragged: bool,
        offset: Point,
    },
    /// Put the figure down where it lies; a dragged one springs back from
    /// `offset`.
    PutDown {
        figure: String,
        offset: Option<Point>,
    },
}

/// Where a press or drag stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Gesture {
    #[default]
    Idle,
    /// A figure pressed, not yet moved far: a tap or the start of a drag.
    Pressed {
        figure: String,
        pointer: i32,
        start: Point,
        /// It was already lifted by a tap: a second tap puts it down.
        was_lifted: bool,
    },
    /// A figure being dragged.
    Dragging {
        figure: String,
        pointer: i32,
        start: Point,
        at: Point,
    },
    /// A figure lifted by a tap, waiting for a tap on a place.
    Lifted { figure: String },
    /// A press while a figure is lifted, to drop it on release.
    Aiming { figure: String, pointer: i32 },
}

fn offset(start: Point, at: Point) -> Point {
    Point::new(at.x - start.x, at.y - start.y)
}

/// The figure follows the pointer, now at `at`.
fn dragging(figure: String, pointer: i32, start: Point, at: Point) -> (Gesture, Effect) {
    (
        Gesture::Dragging {
            figure: figure.clone(),
            pointer,
            start,
            at,
        },
        Effect::Follow {
            figure,
            offset: offset(start, at),
        },
    )
}

fn far(start: Point, at: Point) -> bool {
    let d = offset(start, at);
    d.x.hypot(d.y) > THRESHOLD
}

impl Gesture {
    /// The figure lifted or held, if any.
    pub fn figure(&self) -> Option<&str> {
        match self {
            Gesture::Idle => None,
            Gesture::Pressed { figure, .. }
            | Gesture::Dragging { figure, .. }
            | Gesture::Lifted { figure }
            | Gesture::Aiming { figure, .. } => Some(figure),
        }
    }

    /// Whether a figure is being dragged.
    pub fn dragging(&self) -> bool {
        matches!(self, Gesture::Dragging { .. })
    }

    fn pointer(&self) -> Option<i32> {
        match self {
            Gesture::Pressed { pointer, .. }
            | Gesture::Dragging { pointer, .. }
            | Gesture::Aiming { pointer, .. } => Some(*pointer),
            Gesture::Idle | Gesture::Lifted { .. } => None,
        }
    }

    /// Feeds one input and returns what to do.
    pub fn on(&mut self, input: Input) -> Effect {
        // Another finger while one is pressing: ignore it.
        let other = |p: i32| self.pointer().is_some_and(|q| q != p);
        match &input {
            Input::Down { pointer, .. }
            | Input::Move { pointer, .. }
            | Input::Up { pointer, .. }
            | Input::Cancel { pointer }
                if other(*pointer) =>
            {
                return Effect::Nothing;
            }
            _ => {}
        }
        let state = std::mem::take(self);
        let (next, effect) = match (state, input) {
            (Gesture::Idle, Input::Down { pointer, at, hit }) => match hit.figure {
                Some(figure) => (
                    Gesture::Pressed {
                        figure: figure.clone(),
                        pointer,
                        start: at,
                        was_lifted: false,
                    },
                    Effect::Lift(figure),
                ),
                None => (Gesture::Idle, Effect::Nothing),
            },
            (Gesture::Lifted { figure }, Input::Down { pointer, at, hit }) => {
                if hit.figure.as_deref() == Some(figure.as_str()) {
                    (
                        Gesture::Pressed {
                            figure,
                            pointer,
                            start: at,
                            was_lifted: true,
                        },
                        Effect::Nothing,
                    )
                } else if hit.target || hit.figure.is_none() {
                    (Gesture::Aiming { figure, pointer }, Effect::Nothing)
                } else {
                    let other = hit.figure.unwrap_or_default();
                    (
                        Gesture::Pressed {
                            figure: other.clone(),
                            pointer,
                            start: at,
                            was_lifted: false,
                        },
                        Effect::Lift(other),
                    )
                }
            }
            (
                Gesture::Pressed {
                    figure,
                    pointer,
                    start,
                    was_lifted,
                },
                Input::Move { at, .. },
            ) => {
                if far(start, at) {
                    dragging(figure, pointer, start, at)
                } else {
                    (
                        Gesture::Pressed {
                            figure,
                            pointer,
                            start,
                            was_lifted,
                        },
                        Effect::Nothing,
                    )
                }
            }
            (
                Gesture::Pressed {
                    figure, was_lifted, ..
                },
                Input::Up { .. },
            ) => {
                if was_lifted {
                    (Gesture::Idle, Effect::PutDown { figure, offset: None })
                } else {
                    (Gesture::Lifted { figure }, Effect::Nothing)
                }
            }
            (
                Gesture::Dragging {
                    figure,
                    pointer,
                    start,
                    ..
                },
                Input::Move { at, .. },
            ) => dragging(figure, pointer, start, at),
            (Gesture::Dragging { figure, start, .. }, Input::Up { at, hit, .. }) => (
                Gesture::Idle,
                Effect::Drop {
                    figure,
                    place: hit.place,
                    dragged: true,
                    offset: offset(start, at),
                },
            ),
            (Gesture::Aiming { figure, .. }, Input::Up { hit, .. }) => match hit.place {
                Some(place) => (
                    // Stays lifted if the drop is refused.
                    Gesture::Lifted {
                        figure: figure.clone(),
                    },
                    Effect::Drop {
                        figure,
                        place: Some(place),
                        dragged: false,
                        offset: Point::default(),
                    },
                ),
                None => (Gesture::Idle, Effect::PutDown { figure, offset: None }),
            },
            (state @ Gesture::Aiming { .. }, Input::Move { .. }) => (state, Effect::Nothing),
            (
                Gesture::Dragging {
                    figure, start, at, ..
                },
                Input::Cancel { .. } | Input::Escape,
            ) => (
                Gesture::Idle,
                Effect::PutDown {
                    figure,
                    offset: Some(offset(start, at)),
                },
            ),
            (
                Gesture::Pressed { figure, .. } | Gesture::Lifted { figure } | Gesture::Aiming { figure, .. },
                Input::Cancel { .. } | Input::Escape,
            ) => (Gesture::Idle, Effect::PutDown { figure, offset: None }),
            (state, _) => (state, Effect::Nothing),
        };
        *self = next;
        effect
    }
}

/// `rect` moved by `offset`.
pub fn moved(rect: Rect, offset: Point) -> Rect {
    Rect::new(rect.x + offset.x, rect.y + offset.y, rect.width, rect.height)
}

/// Where a refused figure is, `elapsed` milliseconds after it started to
/// spring back from `offset`: an ease-out back to no offset.
pub fn spring(offset: Point, elapsed: f64) -> Option<Point> {
    let t = (elapsed / SPRING_MS).clamp(0.0, 1.0);
    if t >= 1.0 || elapsed.is_nan() {
        return None;
    }
    let left = (1.0 - t).powi(3);
    Some(Point::new(offset.x * left, offset.y * left))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(figure: Option<&str>, place: Option<&str>, target: bool) -> Hit {
        Hit {
            figure: figure.map(String::from),
            place: place.map(String::from),
            target,
        }
    }

    fn down(at: (f64, f64), h: Hit) -> Input {
        Input::Down {
            pointer: 1,
            at: Point::new(at.0, at.1),
            hit: h,
        }
    }

    fn mv(at: (f64, f64)) -> Input {
        Input::Move {
            pointer: 1,
            at: Point::new(at.0, at.1),
        }
    }

    fn up(at: (f64, f64), h: Hit) -> Input {
        Input::Up {
            pointer: 1,
            at: Point::new(at.0, at.1),
            hit: h,
        }
    }

    #[test]
    fn a_drag_lifts_follows_and_drops_where_released() {
        let mut g = Gesture::Idle;
        let m = hit(Some("m.1"), Some("matchgroup"), false);
        assert_eq!(g.on(down((10.0, 10.0), m)), Effect::Lift("m.1".into()));
        // Within the threshold: still a press.
        assert_eq!(g.on(mv((13.0, 12.0))), Effect::Nothing);
        assert!(!g.dragging());
        assert_eq!(
            g.on(mv((30.0, 10.0))),
            Effect::Follow {
                figure: "m.1".into(),
                offset: Point::new(20.0, 0.0)
            }
        );
        assert!(g.dragging());
        assert_eq!(
            g.on(up((100.0, 50.0), hit(None, Some("basket"), true))),
            Effect::Drop {
                figure: "m.1".into(),
                place: Some("basket".into()),
                dragged: true,
                offset: Point::new(90.0, 40.0)
            }
        );
        assert_eq!(g, Gesture::Idle);
    }

    #[test]
    fn a_drop_on_the_bare_table_has_no_place() {
        let mut g = Gesture::Idle;
        g.on(down((10.0, 10.0), hit(Some("m.1"), Some("matchgroup"), false)));
        g.on(mv((50.0, 10.0)));
        let e = g.on(up((50.0, 10.0), Hit::default()));
        assert!(matches!(
            e,
            Effect::Drop {
                place: None,
                dragged: true,
                ..
            }
        ));
    }

    #[test]
    fn tap_then_tap_a_place() {
        let mut g = Gesture::Idle;
        let m = hit(Some("m.1"), Some("matchgroup"), false);
        assert_eq!(g.on(down((10.0, 10.0), m.clone())), Effect::Lift("m.1".into()));
        assert_eq!(g.on(up((11.0, 10.0), m)), Effect::Nothing);
        assert_eq!(g, Gesture::Lifted { figure: "m.1".into() });
        // A tap on the basket, even on a match lying in it, drops there.
        let basket = hit(Some("m.9"), Some("basket"), true);
        assert_eq!(g.on(down((300.0, 10.0), basket.clone())), Effect::Nothing);
        assert_eq!(
            g.on(up((300.0, 10.0), basket)),
            Effect::Drop {
                figure: "m.1".into(),
                place: Some("basket".into()),
                dragged: false,
                offset: Point::default()
            }
        );
        // Still lifted in case the drop is refused.
        assert_eq!(g.figure(), Some("m.1"));
    }

    #[test]
    fn tapping_the_lifted_figure_again_puts_it_down_and_another_lifts_that() {
        let mut g = Gesture::Lifted { figure: "m.1".into() };
        let m1 = hit(Some("m.1"), Some("matchgroup"), false);
        assert_eq!(g.on(down((10.0, 10.0), m1.clone())), Effect::Nothing);
        assert_eq!(
            g.on(up((10.0, 10.0), m1)),
            Effect::PutDown {
                figure: "m.1".into(),
                offset: None
            }
        );
        assert_eq!(g, Gesture::Idle);
        let mut g = Gesture::Lifted { figure: "m.1".into() };
        let m2 = hit(Some("m.2"), Some("matchgroup"), false);
        assert_eq!(g.on(down((20.0, 10.0), m2)), Effect::Lift("m.2".into()));
        assert_eq!(g.figure(), Some("m.2"));
        // A lifted figure can also be dragged.
        let mut g = Gesture::Lifted { figure: "m.1".into() };
        g.on(down((10.0, 10.0), hit(Some("m.1"), None, false)));
        assert!(matches!(g.on(mv((40.0, 10.0))), Effect::Follow { .. }));
    }

    #[test]
    fn a_tap_on_the_bare_table_puts_the_figure_down() {
        let mut g = Gesture::Lifted { figure: "m.1".into() };
        g.on(down((500.0, 500.0), Hit::default()));
        assert_eq!(
            g.on(up((500.0, 500.0), Hit::default())),
            Effect::PutDown {
                figure: "m.1".into(),
                offset: None
            }
        );
    }

    #[test]
    fn escape_and_cancel_put_the_figure_down() {
        let mut g = Gesture::Idle;
        g.on(down((10.0, 10.0), hit(Some("m.1"), None, false)));
        g.on(mv((40.0, 10.0)));
        assert_eq!(
            g.on(Input::Escape),
            Effect::PutDown {
                figure: "m.1".into(),
                offset: Some(Point::new(30.0, 0.0))
            }
        );
        assert_eq!(g.on(Input::Escape), Effect::Nothing);
        let mut g = Gesture::Lifted { figure: "m.1".into() };
        assert!(matches!(
            g.on(Input::Cancel { pointer: 3 }),
            Effect::PutDown { .. }
        ));
        // Moving or releasing with nothing pressed does nothing.
        let mut g = Gesture::Idle;
        assert_eq!(g.on(mv((1.0, 1.0))), Effect::Nothing);
        assert_eq!(g.on(up((1.0, 1.0), Hit::default())), Effect::Nothing);
        assert_eq!(g.on(down((1.0, 1.0), Hit::default())), Effect::Nothing);
    }

    #[test]
    fn a_second_finger_is_ignored() {
        let mut g = Gesture::Idle;
        g.on(down((10.0, 10.0), hit(Some("m.1"), None, false)));
        let other = Input::Down {
            pointer: 2,
            at: Point::new(90.0, 90.0),
            hit: hit(Some("m.2"), None, false),
        };
        assert_eq!(g.on(other), Effect::Nothing);
        assert_eq!(g.on(Input::Cancel { pointer: 2 }), Effect::Nothing);
        assert_eq!(g.figure(), Some("m.1"));
    }

    #[test]
    fn hits_find_the_topmost_figure_and_place() {
        use std::collections::HashSet;
        use tablecraft_engine::open;
        let path = format!(
            "{}/public/games/tic-tac-toe.game.xml",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
        );
        let (game, _) = open(&std::fs::read_to_string(path).unwrap()).unwrap();
        let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
        let cell = scene.places.iter().find(|p| p.name == "grid.2.2").unwrap();
        let h = Hit::at(&scene, cell.rect.centre(), &|p| p == "grid.2.2");
        assert_eq!(h.place.as_deref(), Some("grid.2.2"));
        assert!(h.target);
        let f = &scene.figures[0];
        let h = Hit::at(&scene, f.rect.centre(), &|_| false);
        assert_eq!(h.figure.as_deref(), Some(f.name.as_str()));
        assert_eq!(Hit::at(&scene, Point::new(-5.0, -5.0), &|_| true), Hit::default());
    }

    #[test]
    fn a_refused_figure_springs_back() {
        let o = Point::new(100.0, -40.0);
        assert_eq!(spring(o, 0.0), Some(o));
        let mid = spring(o, SPRING_MS / 2.0).unwrap();
        assert!(mid.x > 0.0 && mid.x < 50.0 && mid.y < 0.0 && mid.y > -20.0);
        assert_eq!(spring(o, SPRING_MS), None);
        assert_eq!(spring(o, f64::NAN), None);
        assert_eq!(
            moved(Rect::new(1.0, 2.0, 3.0, 4.0), o),
            Rect::new(101.0, -38.0, 3.0, 4.0)
        );
    }
}
