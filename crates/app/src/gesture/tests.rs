use super::*;

/// A spot where the screen and the table agree (one table unit a pixel).
fn s(x: f64, y: f64) -> Spot {
    Spot::new(Point::new(x, y), Point::new(x, y))
}

fn hit(thing: Option<&'static str>, place: Option<&str>, target: bool) -> Hit<&'static str> {
    Hit {
        thing,
        place: place.map(String::from),
        target,
    }
}

fn down(at: Spot, h: Hit<&'static str>) -> Input<&'static str> {
    Input::Down { id: 1, at, hit: h }
}

fn mv(at: Spot) -> Input<&'static str> {
    Input::Move { id: 1, at }
}

fn up(at: Spot, h: Hit<&'static str>) -> Input<&'static str> {
    Input::Up { id: 1, at, hit: h }
}

fn held(what: &'static str) -> Gesture<&'static str> {
    let mut g = Gesture::new();
    g.hold(what);
    g
}

#[test]
fn a_press_and_release_close_by_is_a_tap_at_the_press() {
    let mut g = Gesture::new();
    assert_eq!(
        g.on(down(s(10.0, 10.0), Hit::thing("m.1"))),
        Recognised::Pressed("m.1")
    );
    assert!(g.is_pressing() && g.thing() == Some(&"m.1") && g.held().is_none());
    assert_eq!(g.on(mv(s(15.0, 14.0))), Recognised::Nothing, "a wobble of 6.4 px");
    assert_eq!(
        g.on(up(s(15.0, 14.0), hit(None, Some("basket"), false))),
        Recognised::Tap {
            what: "m.1",
            at: s(10.0, 10.0)
        }
    );
    assert_eq!(g, Gesture::new());
}

#[test]
fn the_slop_is_measured_on_the_screen_not_on_the_table() {
    // The table drawn small: 7 px on the screen are 30 table units.
    let mut g = Gesture::new();
    g.on(down(
        Spot::new(Point::new(0.0, 0.0), Point::new(0.0, 0.0)),
        Hit::thing("m.1"),
    ));
    let small = Spot::new(Point::new(7.0, 0.0), Point::new(30.0, 0.0));
    assert_eq!(g.on(mv(small)), Recognised::Nothing);
    assert!(matches!(g.on(up(small, Hit::default())), Recognised::Tap { .. }));
    // The table drawn big: 9 px on the screen are 3 table units.
    g.on(down(
        Spot::new(Point::new(0.0, 0.0), Point::new(0.0, 0.0)),
        Hit::thing("m.1"),
    ));
    let big = Spot::new(Point::new(9.0, 0.0), Point::new(3.0, 0.0));
    assert!(matches!(g.on(mv(big)), Recognised::Drag { .. }));
    assert_eq!(TAP_SLOP_PX, 8.0);
}

#[test]
fn a_drag_follows_every_move_and_is_dropped_over_the_place_where_it_is_let_go() {
    let mut g = Gesture::new();
    g.on(down(s(10.0, 10.0), Hit::thing("m.1")));
    assert_eq!(
        g.on(mv(s(30.0, 10.0))),
        Recognised::Drag {
            what: "m.1",
            start: s(10.0, 10.0),
            at: s(30.0, 10.0)
        }
    );
    // Once a drag, always a drag: even back near the start.
    assert!(matches!(g.on(mv(s(12.0, 10.0))), Recognised::Drag { .. }));
    assert_eq!(g.drag(), Some((&"m.1", s(10.0, 10.0), s(12.0, 10.0))));
    assert_eq!(
        g.on(up(s(100.0, 50.0), hit(Some("m.9"), Some("basket"), true))),
        Recognised::Dropped {
            what: "m.1",
            start: s(10.0, 10.0),
            at: s(100.0, 50.0),
            place: Some("basket".into())
        }
    );
    assert_eq!(s(10.0, 10.0).offset_to(s(100.0, 50.0)), Point::new(90.0, 40.0));
    assert!(!g.is_pressing() && g.thing().is_none());
}

#[test]
fn a_release_far_away_without_moves_is_a_drop() {
    let mut g = Gesture::new();
    g.on(down(s(10.0, 10.0), Hit::thing("m.1")));
    assert!(matches!(
        g.on(up(s(200.0, 10.0), hit(None, Some("basket"), false))),
        Recognised::Dropped { place: Some(ref p), .. } if p == "basket"
    ));
}

#[test]
fn a_press_on_nothing_is_nothing() {
    let mut g = Gesture::<&str>::new();
    assert_eq!(g.on(down(s(1.0, 1.0), Hit::default())), Recognised::Nothing);
    assert_eq!(g.on(mv(s(50.0, 1.0))), Recognised::Nothing);
    assert_eq!(g.on(up(s(50.0, 1.0), Hit::default())), Recognised::Nothing);
    assert_eq!(g.on(Input::Escape), Recognised::Nothing);
}

#[test]
fn pick_then_place_taps_a_place_and_stays_held_till_put_down() {
    let mut g = held("m.1");
    assert_eq!(g.held(), Some(&"m.1"));
    // A tap on the basket, even on a match lying in it, places there.
    let basket = hit(Some("m.9"), Some("basket"), true);
    assert_eq!(g.on(down(s(300.0, 10.0), basket.clone())), Recognised::Nothing);
    assert_eq!(
        g.on(mv(s(340.0, 10.0))),
        Recognised::Nothing,
        "aiming does not drag"
    );
    assert_eq!(
        g.on(up(s(340.0, 10.0), basket)),
        Recognised::Placed {
            what: "m.1",
            place: "basket".into()
        }
    );
    assert_eq!(g.held(), Some(&"m.1"), "still held in case it is refused");
    assert_eq!(g.put_down(), Some("m.1"));
    assert_eq!(g.put_down(), None);
}

#[test]
fn a_tap_on_the_held_thing_or_on_no_place_puts_it_down() {
    let mut g = held("m.1");
    let m1 = hit(Some("m.1"), Some("matchgroup"), false);
    assert_eq!(g.on(down(s(10.0, 10.0), m1.clone())), Recognised::Nothing);
    assert_eq!(
        g.on(up(s(10.0, 10.0), m1)),
        Recognised::PutDown {
            what: "m.1",
            dragged: None
        }
    );
    let mut g = held("m.1");
    g.on(down(s(900.0, 900.0), Hit::default()));
    assert_eq!(
        g.on(up(s(900.0, 900.0), Hit::default())),
        Recognised::PutDown {
            what: "m.1",
            dragged: None
        }
    );
    assert_eq!(g, Gesture::new());
}

#[test]
fn while_held_a_press_on_another_thing_takes_it_and_the_held_one_can_be_dragged() {
    let mut g = held("m.1");
    let m2 = hit(Some("m.2"), Some("matchgroup"), false);
    assert_eq!(g.on(down(s(20.0, 10.0), m2)), Recognised::Pressed("m.2"));
    assert_eq!(g.thing(), Some(&"m.2"));
    let mut g = held("m.1");
    g.on(down(s(10.0, 10.0), hit(Some("m.1"), None, false)));
    assert!(matches!(
        g.on(mv(s(40.0, 10.0))),
        Recognised::Drag { what: "m.1", .. }
    ));
}

#[test]
fn escape_and_cancel_put_down_and_a_drag_springs_back_from_where_it_was() {
    let mut g = Gesture::new();
    g.on(down(s(10.0, 10.0), Hit::thing("m.1")));
    g.on(mv(s(40.0, 10.0)));
    assert_eq!(
        g.on(Input::Escape),
        Recognised::PutDown {
            what: "m.1",
            dragged: Some((s(10.0, 10.0), s(40.0, 10.0)))
        }
    );
    assert_eq!(g.on(Input::Escape), Recognised::Nothing);
    // A held thing has no pointer: any pointer's cancel puts it down.
    let mut g = held("m.1");
    assert!(matches!(
        g.on(Input::Cancel { id: 3 }),
        Recognised::PutDown { dragged: None, .. }
    ));
    let mut g = Gesture::new();
    g.on(down(s(10.0, 10.0), Hit::thing("m.1")));
    assert!(matches!(
        g.on(Input::Cancel { id: 1 }),
        Recognised::PutDown { dragged: None, .. }
    ));
}

#[test]
fn a_second_finger_is_ignored() {
    let mut g = Gesture::new();
    g.on(down(s(10.0, 10.0), Hit::thing("m.1")));
    let other = Input::Down {
        id: 2,
        at: s(90.0, 90.0),
        hit: Hit::thing("m.2"),
    };
    assert_eq!(g.on(other), Recognised::Nothing);
    assert_eq!(
        g.on(Input::Move {
            id: 2,
            at: s(200.0, 90.0)
        }),
        Recognised::Nothing
    );
    assert_eq!(g.on(Input::Cancel { id: 2 }), Recognised::Nothing);
    assert_eq!(
        g.on(Input::Up {
            id: 2,
            at: s(200.0, 90.0),
            hit: Hit::default()
        }),
        Recognised::Nothing
    );
    assert_eq!(g.thing(), Some(&"m.1"));
    assert!(matches!(
        g.on(up(s(10.0, 10.0), Hit::default())),
        Recognised::Tap { .. }
    ));
}

#[test]
fn a_pointer_event_asks_what_is_under_it_only_on_a_press_or_a_release() {
    let p = |phase| Pointer {
        phase,
        id: 4,
        at: Point::new(1.0, 2.0),
        screen: Point::new(3.0, 4.0),
        add: false,
    };
    let asked = std::cell::Cell::new(0);
    let ask = || {
        asked.set(asked.get() + 1);
        Hit::thing("x")
    };
    let spot = Spot::new(Point::new(3.0, 4.0), Point::new(1.0, 2.0));
    assert_eq!(Input::of(&p(Phase::Move), ask), Input::Move { id: 4, at: spot });
    assert_eq!(Input::of(&p(Phase::Cancel), ask), Input::Cancel { id: 4 });
    assert_eq!(asked.get(), 0);
    assert_eq!(
        Input::of(&p(Phase::Down), ask),
        Input::Down {
            id: 4,
            at: spot,
            hit: Hit::thing("x")
        }
    );
    assert!(matches!(Input::of(&p(Phase::Up), ask), Input::Up { .. }));
    assert_eq!(asked.get(), 2);
}
