//! Recording a move: steps played, taken back, refused; Done, repeats,
//! one step of any rule.

use super::*;

#[test]
fn recording_a_move_plays_steps_and_done_makes_a_move_rule() {
    let mut page = Page::nim();
    assert!(page.on(Event::RecordMove).refused(), "no step rule yet");
    assert_eq!(
        page.last_problem(),
        Some("Teach a step first: a move is made of steps.")
    );
    assert_eq!(page.t.teach(), &Teach::Idle);
    page.put("m.1", "basket");
    page.on(Event::Generalise(Part::What));
    page.on(Event::Generalise(Part::What));
    page.on(Event::RecordMove);
    assert_eq!(page.t.teach().name(), "move");
    for m in ["m.1", "m.2", "m.3", "m.4"] {
        assert!(!page.put(m, "basket").refused());
    }
    assert_eq!(page.t.hint(), "4 steps shown. Go on, or press Done.");
    page.on(Event::TakeBack);
    assert_eq!(page.moving().steps(), ["take", "take", "take"]);
    let out = page.on(Event::MoveDone);
    assert_eq!(out.change.unwrap().label, page.undo[page.undo.len() - 1]);
    assert_eq!(page.game.moves.len(), 1);
    assert_eq!(page.game.moves[0].sequence, "take x1-3");
    let made = page.moving().made().unwrap();
    assert_eq!(
        (made.index, made.recording.sentence().contains("1 to 3 times")),
        (0, true)
    );
    assert!(
        page.moving().widen().is_empty(),
        "one step rule: nothing to widen"
    );
    // How often it repeats.
    page.on(Event::Repeat {
        part: 0,
        repeat: Repeat::Exactly(3),
    });
    assert_eq!(page.game.moves[0].sequence, "take x3");
    assert_eq!(
        crate::teaching::moves::repeat_words(Repeat::Exactly(3)),
        "exactly 3 times"
    );
    // Another step forgets the move made (the next Done makes another).
    page.put("m.5", "basket");
    assert!(page.moving().made().is_none());
    assert!(page
        .on(Event::Repeat {
            part: 0,
            repeat: Repeat::AnyNumber
        })
        .change
        .is_none());
}

#[test]
fn a_step_the_rules_do_not_allow_is_refused_while_showing_a_move() {
    let mut page = Page::nim();
    page.put("m.1", "basket");
    page.on(Event::RecordMove);
    let out = page.put("m.2", "basket");
    assert!(out.refused(), "only m.1 may go");
    assert!(page.moving().steps().is_empty());
    assert!(page.put("m.1", "basket").change.is_none());
    assert_eq!(page.moving().steps(), ["take"]);
    // Out of the basket: no rule.
    assert!(page.put("m.1", "matchgroup").refused());
    assert_eq!(page.moving().steps(), ["take"]);
    // Done with no step shown at all.
    page.on(Event::TakeBack);
    assert!(page.on(Event::MoveDone).refused());
}

#[test]
fn a_move_of_one_step_widens_to_one_step_of_any_rule() {
    let mut page = Page::new(games::ball_puzzle());
    page.game.moves.clear();
    page.on(Event::RecordMove);
    page.put("b", "s.2");
    page.on(Event::MoveDone);
    let widen: Vec<&str> = page
        .moving()
        .widen()
        .iter()
        .map(|m| m.sequence.as_str())
        .collect();
    assert_eq!(widen, ["go-back", "go-forward"]);
    let out = page.on(Event::AnyStep);
    assert_eq!(out.change.unwrap().label, "Add moves go-back, go-forward");
    assert_eq!(
        out.message,
        Some(Message::Info(
            "A move is now one step of any rule: go-back, go-forward.".into()
        ))
    );
    assert_eq!(page.game.moves.len(), 3);
    assert!(page.moving().widen().is_empty());
    assert!(page.on(Event::AnyStep).change.is_none(), "nothing more to add");
}
