//! What a press, drag or tap on the table means in play. The hand is read
//! by the one recogniser, [`crate::gesture`] (its things are figures); this
//! turns what it recognised into what the page should do.
//!
//! - Press a figure: it is lifted (its targets light up). Go further than
//!   a tap and it follows the pointer; release to drop it where the
//!   pointer is.
//! - Tap a figure: it stays lifted; tap a place to drop it there; tap it
//!   again to put it down.
//! - Esc or a cancelled pointer puts the figure down.

use crate::gesture::{Gesture, Hit, Input, Recognised};
use crate::table::geometry::{Point, Rect};
use crate::table::scene::Scene;

/// How long a refused figure takes to spring back, in milliseconds.
pub const SPRING_MS: f64 = 220.0;

/// What lies at `at` in `scene`: the topmost figure and the topmost place
/// (a board's square before the board); `targets` are the places the
/// lifted figure may go to. Between the figures of a place (a hand of
/// Morris men, a pit of seeds) the press takes the figure of that place
/// nearest to it, so the whole place is the target, not only the small
/// figures drawn on it.
pub fn hit_at(scene: &Scene, at: Point, targets: &dyn Fn(&str) -> bool) -> Hit<String> {
    let place = scene
        .places
        .iter()
        .rev()
        .find(|p| p.rect.contains(at))
        .map(|p| p.name.clone());
    let distance = |r: &Rect| {
        let c = r.centre();
        (c.x - at.x).hypot(c.y - at.y)
    };
    let thing = scene
        .figures
        .iter()
        .rev()
        .find(|f| f.rect.contains(at))
        .or_else(|| {
            let place = place.as_deref()?;
            scene
                .figures
                .iter()
                .rev()
                .filter(|f| f.place == place)
                .min_by(|a, b| distance(&a.rect).total_cmp(&distance(&b.rect)))
        })
        .map(|f| f.name.clone());
    let target = place.as_deref().is_some_and(targets);
    Hit { thing, place, target }
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

/// Feeds one input to the hand and returns what to do. A tapped figure
/// stays lifted; a figure dropped by a tap on a place stays lifted until
/// the page puts it down, in case the step is refused.
pub fn on(hand: &mut Gesture<String>, input: Input<String>) -> Effect {
    match hand.on(input) {
        Recognised::Nothing => Effect::Nothing,
        Recognised::Pressed(figure) => Effect::Lift(figure),
        Recognised::Drag { what, start, at } => Effect::Follow {
            figure: what,
            offset: start.offset_to(at),
        },
        Recognised::Dropped {
            what,
            start,
            at,
            place,
        } => Effect::Drop {
            figure: what,
            place,
            dragged: true,
            offset: start.offset_to(at),
        },
        Recognised::Tap { what, .. } => {
            hand.hold(what);
            Effect::Nothing
        }
        Recognised::Placed { what, place } => Effect::Drop {
            figure: what,
            place: Some(place),
            dragged: false,
            offset: Point::default(),
        },
        Recognised::PutDown { what, dragged } => Effect::PutDown {
            figure: what,
            offset: dragged.map(|(start, at)| start.offset_to(at)),
        },
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

    use crate::gesture::Spot;

    fn hit(figure: Option<&str>, place: Option<&str>, target: bool) -> Hit<String> {
        Hit {
            thing: figure.map(String::from),
            place: place.map(String::from),
            target,
        }
    }

    /// A spot where the screen and the table agree.
    fn spot(at: (f64, f64)) -> Spot {
        let p = Point::new(at.0, at.1);
        Spot::new(p, p)
    }

    fn down(at: (f64, f64), h: Hit<String>) -> Input<String> {
        Input::Down {
            id: 1,
            at: spot(at),
            hit: h,
        }
    }

    fn mv(at: (f64, f64)) -> Input<String> {
        Input::Move { id: 1, at: spot(at) }
    }

    fn up(at: (f64, f64), h: Hit<String>) -> Input<String> {
        Input::Up {
            id: 1,
            at: spot(at),
            hit: h,
        }
    }

    fn lifted(figure: &str) -> Gesture<String> {
        let mut g = Gesture::new();
        g.hold(figure.to_string());
        g
    }

    #[test]
    fn a_drag_lifts_follows_and_drops_where_released() {
        let mut g = Gesture::new();
        let m = hit(Some("m.1"), Some("matchgroup"), false);
        assert_eq!(on(&mut g, down((10.0, 10.0), m)), Effect::Lift("m.1".into()));
        // Within the threshold: still a press.
        assert_eq!(on(&mut g, mv((13.0, 12.0))), Effect::Nothing);
        assert!(g.drag().is_none());
        assert_eq!(
            on(&mut g, mv((30.0, 10.0))),
            Effect::Follow {
                figure: "m.1".into(),
                offset: Point::new(20.0, 0.0)
            }
        );
        assert!(g.drag().is_some());
        assert_eq!(
            on(&mut g, up((100.0, 50.0), hit(None, Some("basket"), true))),
            Effect::Drop {
                figure: "m.1".into(),
                place: Some("basket".into()),
                dragged: true,
                offset: Point::new(90.0, 40.0)
            }
        );
        assert_eq!(g, Gesture::new());
    }

    #[test]
    fn a_drop_on_the_bare_table_has_no_place() {
        let mut g = Gesture::new();
        on(
            &mut g,
            down((10.0, 10.0), hit(Some("m.1"), Some("matchgroup"), false)),
        );
        on(&mut g, mv((50.0, 10.0)));
        let e = on(&mut g, up((50.0, 10.0), Hit::default()));
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
        let mut g = Gesture::new();
        let m = hit(Some("m.1"), Some("matchgroup"), false);
        assert_eq!(
            on(&mut g, down((10.0, 10.0), m.clone())),
            Effect::Lift("m.1".into())
        );
        assert_eq!(on(&mut g, up((11.0, 10.0), m)), Effect::Nothing);
        assert_eq!(g, lifted("m.1"));
        // A tap on the basket, even on a match lying in it, drops there.
        let basket = hit(Some("m.9"), Some("basket"), true);
        assert_eq!(on(&mut g, down((300.0, 10.0), basket.clone())), Effect::Nothing);
        assert_eq!(
            on(&mut g, up((300.0, 10.0), basket)),
            Effect::Drop {
                figure: "m.1".into(),
                place: Some("basket".into()),
                dragged: false,
                offset: Point::default()
            }
        );
        // Still lifted in case the drop is refused.
        assert_eq!(g.thing().map(String::as_str), Some("m.1"));
    }

    #[test]
    fn tapping_the_lifted_figure_again_puts_it_down_and_another_lifts_that() {
        let mut g = lifted("m.1");
        let m1 = hit(Some("m.1"), Some("matchgroup"), false);
        assert_eq!(on(&mut g, down((10.0, 10.0), m1.clone())), Effect::Nothing);
        assert_eq!(
            on(&mut g, up((10.0, 10.0), m1)),
            Effect::PutDown {
                figure: "m.1".into(),
                offset: None
            }
        );
        assert_eq!(g, Gesture::new());
        let mut g = lifted("m.1");
        let m2 = hit(Some("m.2"), Some("matchgroup"), false);
        assert_eq!(on(&mut g, down((20.0, 10.0), m2)), Effect::Lift("m.2".into()));
        assert_eq!(g.thing().map(String::as_str), Some("m.2"));
        // A lifted figure can also be dragged.
        let mut g = lifted("m.1");
        on(&mut g, down((10.0, 10.0), hit(Some("m.1"), None, false)));
        assert!(matches!(on(&mut g, mv((40.0, 10.0))), Effect::Follow { .. }));
    }

    #[test]
    fn a_tap_on_the_bare_table_puts_the_figure_down() {
        let mut g = lifted("m.1");
        on(&mut g, down((500.0, 500.0), Hit::default()));
        assert_eq!(
            on(&mut g, up((500.0, 500.0), Hit::default())),
            Effect::PutDown {
                figure: "m.1".into(),
                offset: None
            }
        );
    }

    #[test]
    fn escape_and_cancel_put_the_figure_down() {
        let mut g = Gesture::new();
        on(&mut g, down((10.0, 10.0), hit(Some("m.1"), None, false)));
        on(&mut g, mv((40.0, 10.0)));
        assert_eq!(
            on(&mut g, Input::Escape),
            Effect::PutDown {
                figure: "m.1".into(),
                offset: Some(Point::new(30.0, 0.0))
            }
        );
        assert_eq!(on(&mut g, Input::Escape), Effect::Nothing);
        let mut g = lifted("m.1");
        assert!(matches!(
            on(&mut g, Input::Cancel { id: 3 }),
            Effect::PutDown { .. }
        ));
        // Moving or releasing with nothing pressed does nothing.
        let mut g = Gesture::new();
        assert_eq!(on(&mut g, mv((1.0, 1.0))), Effect::Nothing);
        assert_eq!(on(&mut g, up((1.0, 1.0), Hit::default())), Effect::Nothing);
        assert_eq!(on(&mut g, down((1.0, 1.0), Hit::default())), Effect::Nothing);
    }

    #[test]
    fn a_second_finger_is_ignored() {
        let mut g = Gesture::new();
        on(&mut g, down((10.0, 10.0), hit(Some("m.1"), None, false)));
        let other = Input::Down {
            id: 2,
            at: spot((90.0, 90.0)),
            hit: hit(Some("m.2"), None, false),
        };
        assert_eq!(on(&mut g, other), Effect::Nothing);
        assert_eq!(on(&mut g, Input::Cancel { id: 2 }), Effect::Nothing);
        assert_eq!(g.thing().map(String::as_str), Some("m.1"));
    }

    #[test]
    fn hits_find_the_topmost_figure_and_place() {
        use std::collections::HashSet;
        let (game, _) = crate::testing::open_example("tic-tac-toe");
        let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
        let cell = scene.places.iter().find(|p| p.name == "grid.2.2").unwrap();
        let h = hit_at(&scene, cell.rect.centre(), &|p| p == "grid.2.2");
        assert_eq!(h.place.as_deref(), Some("grid.2.2"));
        assert!(h.target);
        let f = &scene.figures[0];
        let h = hit_at(&scene, f.rect.centre(), &|_| false);
        assert_eq!(h.thing.as_deref(), Some(f.name.as_str()));
        assert_eq!(hit_at(&scene, Point::new(-5.0, -5.0), &|_| true), Hit::default());
        // An empty square gives no figure.
        assert_eq!(hit_at(&scene, cell.rect.centre(), &|_| false).thing, None);
    }

    #[test]
    fn a_press_between_the_figures_of_a_place_takes_the_nearest_of_them() {
        use std::collections::HashSet;
        let (game, _) = crate::testing::open_example("nine-mens-morris");
        let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
        let man = &scene.figures[0];
        let hand = scene.places.iter().find(|p| p.name == man.place).unwrap();
        assert!(
            hand.rect.width > 3.0 * man.rect.width,
            "the hand is wider than a man"
        );
        // A press in the hand's corner, off every man, takes the nearest man of that hand.
        let corner = Point::new(hand.rect.x + 1.0, hand.rect.y + 1.0);
        assert!(scene.figures.iter().all(|f| !f.rect.contains(corner)));
        let took = hit_at(&scene, corner, &|_| false).thing.unwrap();
        let nearest = scene
            .figures
            .iter()
            .filter(|f| f.place == hand.name)
            .map(|f| (f.rect.centre().x - corner.x).hypot(f.rect.centre().y - corner.y))
            .fold(f64::INFINITY, f64::min);
        let took = scene.figures.iter().find(|f| f.name == took).unwrap();
        assert_eq!(took.place, hand.name);
        let c = took.rect.centre();
        assert_eq!((c.x - corner.x).hypot(c.y - corner.y), nearest);
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
