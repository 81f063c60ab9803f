//! Recording the end, and trying the rules in Play mode and coming back.

use super::*;

#[test]
fn recording_the_end_proposes_the_likely_reason_and_who_won() {
    let mut page = Page::new(games::nim(12));
    page.game.game_over.clear();
    page.on(Event::RecordMove);
    page.put("m.1", "basket");
    page.on(Event::RecordEnd);
    let e = page.end();
    assert_eq!(page.t.teach().name(), "end");
    assert_eq!(e.setup().moved["m.1"], "basket", "from the table the move left");
    assert_eq!(e.winner(), &Winner::OnMove, "two players");
    assert!(page
        .t
        .hint()
        .starts_with("Set the table up as it is when the game is over"));
    // The rest of the group in one go: everything on it.
    let rest: Vec<String> = (2..=12).map(|i| format!("m.{i}")).collect();
    page.on(Event::Dropped {
        grab: Grab {
            figures: rest,
            from: "matchgroup".into(),
        },
        to: "basket".into(),
    });
    let e = page.end();
    assert!(e.proposed() && e.ticked("matchgroup is empty"));
    assert_eq!(e.sentence(), "When matchgroup is empty, the player on move wins.");
    assert_eq!(page.undo.last().unwrap(), "Add game-over condition end");
    assert_eq!(page.game.game_over[0].when, ["empty(matchgroup)"]);
    // Who won changes the condition.
    page.on(Event::Winner(Winner::Opponent));
    assert_eq!(page.end().winner(), &Winner::Opponent);
    assert_eq!(page.undo.last().unwrap(), "Change game-over condition end");
    // Unticked: the condition goes; ticked again: it comes back.
    page.on(Event::Tick {
        sentence: "matchgroup is empty".into(),
        on: false,
    });
    assert!(page.game.game_over.is_empty());
    assert!(!page.end().proposed(), "the child's ticks now");
    assert_eq!(page.undo.last().unwrap(), "Remove game-over condition end");
    page.on(Event::Tick {
        sentence: "matchgroup is empty".into(),
        on: true,
    });
    assert_eq!(page.game.game_over.len(), 1);
    // With the child's ticks, moving figures no longer ticks for them.
    page.on(Event::Tick {
        sentence: "matchgroup is empty".into(),
        on: false,
    });
    page.put("m.2", "matchgroup");
    assert!(!page.end().ticked("matchgroup is empty"));
    assert!(page.game.game_over.is_empty());
    // Who won with nothing ticked changes nothing.
    assert!(page.on(Event::Winner(Winner::Draw)).change.is_none());
}

#[test]
fn a_puzzle_is_won_by_its_player_at_the_end() {
    let mut page = Page::new(games::ball_puzzle());
    page.game.game_over.clear();
    page.on(Event::RecordEnd);
    assert_eq!(page.end().winner(), &Winner::Player(1));
    assert!(
        page.end().candidates().is_empty(),
        "nothing changed from the start"
    );
    page.put("b", "s.15");
    assert_eq!(page.end().sentence(), "When b is on s.15, player 1 wins.");
    let choices: Vec<String> = crate::teaching::end::winner_choices(1, &[])
        .into_iter()
        .map(|c| c.2)
        .collect();
    assert_eq!(choices, ["p1", "draw"]);
    assert_eq!(crate::teaching::end::winner_choices(2, &[]).len(), 5);
}

#[test]
fn try_it_plays_the_rules_and_coming_back_goes_on_where_it_was() {
    let mut page = Page::nim();
    page.put("m.1", "basket");
    let mut bad = page.game.clone();
    bad.moves.push(MoveRule {
        name: "broken".into(),
        sequence: "nothing-such".into(),
    });
    let out = page.t.on(Event::TryIt, &bad);
    assert!(out.refused() && out.play.is_none() && !page.t.trying());
    page.on(Event::TryIt);
    assert!(page.t.trying());
    assert!(page.playing.is_some());
    assert!(matches!(page.said.last(), Some(Message::Info(s)) if s.starts_with("Try your rules!")));
    // Back to teaching, the design unchanged: where it was.
    page.t.left(7);
    let selected = Some(RuleRef::new(RuleKind::Step, 0));
    assert_eq!(page.t.entered(7, &page.game, selected), selected);
    assert!(!page.t.trying());
    assert_eq!(page.t.teach().name(), "step");
    // The design changed meanwhile: teaching starts afresh, and a rule
    // that is gone is no longer open.
    page.t.left(7);
    page.game.steps.clear();
    assert_eq!(page.t.entered(9, &page.game, selected), None);
    assert_eq!(page.t.teach(), &Teach::Idle);
    assert_eq!(page.t.hint(), FIRST_HINT);
}
