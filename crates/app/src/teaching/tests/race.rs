//! A race taught as a child shows it: a refusal on the start square with
//! its fix, "1 or 2 squares forward" from two examples that keep "any
//! pawn", an example taken back, the end on the last square, played.

use super::*;
use crate::teaching::end::winner_choices;

/// The race with its pawns apart, player 2's put on the start square
/// while teaching: refused, then put there by the fix.
fn race_on_the_start() -> Page {
    let mut page = Page::race_apart();
    page.on(Event::Arrange);
    let out = page.put("p.2", "track.1");
    assert!(out.refused());
    assert_eq!(
        page.last_problem(),
        Some("There is no room on track.1: it holds 1 figure.")
    );
    assert_eq!(
        out.offer.as_deref(),
        Some("Let every square of the track hold 2 figures?")
    );
    assert!(page.game.equipment[0].capacity.is_none(), "nothing changed yet");
    assert!(page.t.held().is_none(), "the refused pawn is put down");
    let out = page.on(Event::AcceptOffer);
    assert!(!out.refused());
    assert_eq!(page.game.equipment[0].capacity, Some(2));
    assert!(
        page.undo.last().unwrap().starts_with("change capacity"),
        "{:?}",
        page.undo
    );
    page
}

#[test]
fn a_refusal_on_a_full_square_offers_the_fix_and_the_fix_puts_the_pawn_there() {
    let page = race_on_the_start();
    // It was an arrangement: p.2 lies on track.1 now, no rule was made.
    assert_eq!(page.t.teach(), &Teach::Idle);
    let scene = page.t.scene(&page.game);
    let p2 = scene.figures.iter().find(|f| f.name == "p.2").unwrap();
    assert_eq!(p2.place, "track.1");
    assert!(page.game.steps.is_empty());
}

#[test]
fn an_offer_lasts_until_the_next_thing_the_child_does() {
    let mut page = Page::race_apart();
    let out = page.put("p.2", "track.1");
    assert!(out.offer.is_some());
    page.on(Event::AnotherExample);
    let before = page.game.clone();
    let out = page.on(Event::AcceptOffer);
    assert!(out.change.is_none() && out.offer.is_none());
    assert_eq!(page.game, before);
    // A place with room: no refusal, no offer.
    let out = page.put("p.1", "track.3");
    assert!(!out.refused() && out.offer.is_none());
    assert_eq!(page.game.steps.len(), 1);
}

#[test]
fn one_or_two_squares_forward_keeps_any_pawn_and_shows_what_the_example_changed() {
    let mut page = Page::race();
    page.put("p.1", "track.2");
    assert_eq!(
        page.step().shown().sentence(),
        "p.1 may go from track.1 to track.2."
    );
    page.on(Event::Level {
        part: Part::What,
        level: 2,
    });
    let what = page.step().ladder(&page.game, Part::What);
    assert_eq!(what.levels[what.now], "any pawn");
    assert!(!page.step().can_take_back(), "the first example makes the rule");
    // The second example: the rule widens from and to, never what.
    page.put("p.1", "track.4");
    let s = page.step();
    assert!(s.pending());
    assert_eq!(
        s.shown().sentence(),
        "A pawn of the player on move may go one or two squares forward on the track."
    );
    let what = s.ladder(&page.game, Part::What);
    assert_eq!(what.levels[what.now], "any pawn", "not back to only p.1");
    let changed: Vec<(Part, &str, &str, usize)> = s
        .changes()
        .iter()
        .map(|c| (c.part, c.before.as_str(), c.after.as_str(), c.example))
        .collect();
    assert_eq!(
        changed,
        [
            (Part::From, "only track.1", "any square of the track", 2),
            (Part::To, "only track.2", "any square of the track", 2)
        ]
    );
    assert!(page.t.hint().starts_with("Your example changed the rule"));
    assert!(s.can_take_back());
    // Taken back: the rule and the table as before example 2.
    page.on(Event::TakeBackExample);
    let s = page.step();
    assert!(!s.pending() && s.changes().is_empty());
    assert_eq!(s.count_words().split(',').next(), Some("1 example"));
    assert_eq!(s.setup().moved["p.1"], "track.2");
    assert_eq!(
        page.t.hint(),
        "Example 2 taken back. Show another, or use the rule."
    );
    // Shown again and used: the game has one rule, for both players' pawns.
    page.put("p.1", "track.4");
    page.on(Event::UseProposal);
    let rule = &page.game.steps[0];
    assert_eq!(rule.when, ["to - from in [1, 2]"]);
    assert_eq!(
        rule.what.owner,
        Some(tablecraft_engine::model::OwnerPattern::OnMove)
    );
    // Taking the example back after using it puts the rule in the game back too.
    let undo = page.undo.len();
    page.on(Event::TakeBackExample);
    assert_eq!(page.undo.len(), undo + 1, "one undoable change");
    assert!(page.game.steps[0].when.is_empty());
    assert_eq!(
        page.step().shown().sentence(),
        "A pawn of the player on move may go from track.1 to track.2."
    );
    // A level the child sets is theirs: no longer shown as the example's change.
    page.put("p.1", "track.4");
    assert_eq!(page.step().changes().len(), 2);
    page.on(Event::Generalise(Part::From));
    assert!(page.step().changes().iter().all(|c| c.part != Part::From));
    assert_eq!(page.step().changes().len(), 1);
}

#[test]
fn the_race_is_taught_ended_and_played_to_its_end() {
    let mut page = Page::race();
    page.put("p.1", "track.2");
    page.on(Event::Level {
        part: Part::What,
        level: 2,
    });
    page.put("p.1", "track.4");
    page.on(Event::UseProposal);
    page.on(Event::RecordMove);
    page.put("p.1", "track.3");
    page.on(Event::MoveDone);
    assert_eq!(page.game.moves.len(), 1);
    // The end: player 1's pawn on the last square; player 2 is on move now.
    page.on(Event::RecordEnd);
    page.put("p.1", "track.8");
    let e = page.end();
    assert_eq!(e.on_move(), 2, "player 1 moved last");
    assert!(e.proposed() && e.ticked("a pawn is on track.8"));
    assert_eq!(e.winner(), &Winner::Opponent);
    assert_eq!(
        e.sentence(),
        "When a pawn is on track.8, the player who just moved wins."
    );
    assert_eq!(page.game.game_over[0].winner, "previous");
    // Said the other way round, the words follow; the child's winner stays.
    page.on(Event::OnMove(1));
    assert_eq!(page.end().on_move(), 1);
    assert_eq!(
        page.end().winner(),
        &Winner::OnMove,
        "the pawn's owner is on move now"
    );
    page.on(Event::Winner(Winner::Opponent));
    page.on(Event::OnMove(2));
    assert_eq!(page.end().winner(), &Winner::Opponent);
    assert!(page.on(Event::OnMove(3)).change.is_none(), "no player 3");
    assert_eq!(winner_choices(2, page.end().candidates()).len(), 5);
    // Played: player 1 gets there first.
    page.on(Event::TryIt);
    let mut pos = page.playing.clone().unwrap();
    let rules = Arc::clone(pos.rules());
    for (f, to) in [
        ("p.1", "track.3"),
        ("p.2", "track.2"),
        ("p.1", "track.5"),
        ("p.2", "track.4"),
        ("p.1", "track.7"),
        ("p.2", "track.5"),
        ("p.1", "track.8"),
    ] {
        pos.play(rules.figure_id(f).unwrap(), rules.place_id(to).unwrap())
            .unwrap_or_else(|e| panic!("{f} to {to}: {}", e.message));
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    assert!(
        matches!(pos.status(), tablecraft_engine::Status::Over { winner: 1, .. }),
        "{:?}",
        pos.status()
    );
}

#[test]
fn in_a_race_of_three_the_next_player_is_on_move_after_the_one_whose_pawn_arrived() {
    use crate::editor::{Edit, Property};
    let mut page = Page::race();
    for edit in [
        Edit::Players(3),
        Edit::AddFigure {
            kind: "pawn".into(),
            place: Some("track.2".into()),
        },
        Edit::Set {
            names: vec!["p.3".into()],
            property: Property::Owner(Some(3)),
        },
    ] {
        page.game = edit.apply(&page.game).unwrap().0;
    }
    page.on(Event::RecordEnd);
    page.put("p.3", "track.8");
    assert_eq!(page.end().on_move(), 1, "player 3 moved last: player 1 is next");
    page.put("p.2", "track.8");
    assert_eq!(page.end().on_move(), 3, "player 2 moved last: player 3 is next");
    page.on(Event::OnMove(2));
    assert_eq!(page.end().on_move(), 2);
    assert!(page.on(Event::OnMove(4)).change.is_none(), "no player 4");
    let choices = winner_choices(3, page.end().candidates());
    assert!(choices
        .iter()
        .any(|(w, label, _)| *w == Winner::Player(3) && label == "player 3"));
}
