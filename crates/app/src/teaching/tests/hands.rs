//! The hands: drags, taps, Esc and the keyboard on the teaching table.

use super::*;

#[test]
fn a_drag_with_the_pointer_shows_a_step_and_a_ghost_follows_it() {
    let mut page = Page::nim();
    let (from, to) = (page.centre("m.1"), page.centre("basket"));
    page.pointer(Phase::Down, from);
    assert_eq!(page.t.held().map(Grab::figure), Some("m.1"), "pressed");
    let scene = page.t.scene(&page.game);
    assert!(
        scene
            .figures
            .iter()
            .find(|f| f.name == "m.1")
            .unwrap()
            .marks
            .selected
    );
    assert!(page.t.ghost(&scene).is_none(), "no ghost before it moves");
    let mid = Point::new((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
    page.pointer(Phase::Move, mid);
    let ghost = page.t.ghost(&page.t.scene(&page.game)).unwrap();
    let centre = ghost.rect.centre();
    assert!(
        (centre.x - mid.x).abs() < 1e-9 && (centre.y - mid.y).abs() < 1e-9,
        "{centre:?} is not {mid:?}"
    );
    page.pointer(Phase::Up, to);
    assert_eq!(page.game.steps.len(), 1);
    assert!(page.t.held().is_none());
    // Dropped back where it lies, or on no place: nothing.
    let m2 = page.centre("m.2");
    page.drag(m2, Point::new(m2.x + 3.0, m2.y + 40.0));
    page.drag(m2, Point::new(-50.0, -50.0));
    assert_eq!(page.step().count_words().split(',').next(), Some("1 example"));
}

#[test]
fn tap_a_figure_then_tap_a_place() {
    let mut page = Page::nim();
    page.tap(page.centre("m.2"));
    assert_eq!(page.t.hint(), "Now tap the place where it goes.");
    assert_eq!(page.t.held().map(Grab::figure), Some("m.2"));
    // Tapping it again puts it down; tapping its own place does too.
    page.tap(page.centre("m.2"));
    assert!(page.t.held().is_none());
    page.tap(page.centre("m.2"));
    page.tap(page.centre("basket"));
    assert!(page.t.held().is_none());
    assert_eq!(
        page.step().shown().sentence(),
        "m.2 may go from matchgroup to basket."
    );
    // A tap on another figure on the same place takes that one instead.
    page.on(Event::RecordStep);
    page.tap(page.centre("m.3"));
    page.tap(page.centre("m.4"));
    assert_eq!(page.t.held().map(Grab::figure), Some("m.4"));
}

#[test]
fn escape_and_buttons_put_down_what_the_hand_holds() {
    let mut page = Page::nim();
    page.tap(page.centre("m.2"));
    assert_eq!(page.t.escape().map(|g| g.figures), Some(vec!["m.2".to_string()]));
    assert!(page.t.escape().is_none());
    // A cancelled pointer puts a dragged figure down, nothing recorded.
    let from = page.centre("m.2");
    page.pointer(Phase::Down, from);
    page.pointer(Phase::Move, page.centre("basket"));
    page.pointer(Phase::Cancel, page.centre("basket"));
    assert!(page.t.held().is_none() && page.game.steps.is_empty());
    // Words-only buttons keep it; the others put it down.
    page.tap(from);
    page.on(Event::AnotherExample);
    page.on(Event::Arrange);
    page.on(Event::Arrange);
    assert!(page.t.held().is_some());
    page.on(Event::RecordEnd);
    assert!(page.t.held().is_none());
}

#[test]
fn setting_up_the_end_a_press_on_a_place_takes_everything_on_it() {
    let mut page = Page::new(games::nim(12));
    page.on(Event::RecordEnd);
    let scene = page.t.scene(&page.game);
    let group = scene.places.iter().find(|p| p.name == "matchgroup").unwrap().rect;
    let empty = (0..group.width as i32)
        .flat_map(|x| {
            (0..group.height as i32).map(move |y| Point::new(group.x + f64::from(x), group.y + f64::from(y)))
        })
        .find(|p| table::figure_at(&scene, *p).is_none())
        .unwrap();
    page.drag(empty, page.centre("basket"));
    assert_eq!(page.end().setup().moved.len(), 12);
    assert!(page.end().ticked("matchgroup is empty"));
}

#[test]
fn the_keyboard_picks_up_and_puts_down() {
    let mut page = Page::nim();
    let (answer, out) = page.key(Command::Pick(Item::Place("basket".into())));
    assert_eq!(answer, Answer::No);
    assert_eq!(
        out.message,
        Some(Message::Info(
            "Pick up a figure with Space, then choose its place.".into()
        ))
    );
    assert_eq!(
        page.key(Command::Pick(Item::Figure("m.1".into()))).0,
        Answer::Anywhere
    );
    // Put back on its own place: nothing recorded, no longer held.
    let drop = |place: &str| Command::Drop {
        held: Item::Figure("m.1".into()),
        place: place.into(),
    };
    assert_eq!(page.key(drop("matchgroup")).0, Answer::Anywhere);
    assert!(page.t.held().is_none() && page.game.steps.is_empty());
    assert_eq!(page.key(drop("basket")).0, Answer::No, "nothing held");
    page.key(Command::Pick(Item::Figure("m.1".into())));
    assert_eq!(page.key(drop("basket")).0, Answer::Anywhere);
    assert_eq!(page.game.steps.len(), 1);
    page.key(Command::Pick(Item::Figure("m.2".into())));
    page.key(Command::Cancel(Item::Figure("m.2".into())));
    assert!(page.t.held().is_none());
    // Setting up the end (from the start), a place is picked up with
    // everything on it.
    page.on(Event::RecordEnd);
    assert_eq!(
        page.key(Command::Pick(Item::Place("matchgroup".into()))).0,
        Answer::Anywhere
    );
    assert_eq!(page.t.held().map(|g| g.figures.len()), Some(12));
}

#[test]
fn while_showing_a_move_a_refused_step_stays_held() {
    let mut page = Page::nim();
    page.put("m.1", "basket");
    page.on(Event::RecordMove);
    let drop = |figure: &str, place: &str| Command::Drop {
        held: Item::Figure(figure.into()),
        place: place.into(),
    };
    assert_eq!(
        page.key(Command::Pick(Item::Figure("m.2".into()))).0,
        Answer::Targets
    );
    let (answer, out) = page.key(drop("m.2", "basket"));
    assert_eq!(answer, Answer::No);
    assert!(out.refused());
    assert_eq!(page.t.held().map(Grab::figure), Some("m.2"), "still held");
    page.key(Command::None);
    page.key(Command::Pick(Item::Figure("m.1".into())));
    assert_eq!(page.key(drop("m.1", "basket")).0, Answer::Targets);
    assert_eq!(page.moving().steps(), ["take"]);
    // Its targets light up while a figure is held.
    page.on(Event::TakeBack);
    page.tap(page.centre("m.1"));
    let scene = page.t.scene(&page.game);
    assert!(
        scene
            .places
            .iter()
            .find(|p| p.name == "basket")
            .unwrap()
            .marks
            .target
    );
    assert!(
        !scene
            .places
            .iter()
            .find(|p| p.name == "matchgroup")
            .unwrap()
            .marks
            .target
    );
}
