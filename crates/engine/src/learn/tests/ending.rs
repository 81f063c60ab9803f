//! Recording the end from a finished set-up and who won.

use super::support::*;
use crate::{Position, Rules, Status};
use std::sync::Arc;

fn checks(list: &[EndCandidate]) -> Vec<String> {
    list.iter()
        .map(|c| match &c.check {
            EndCheck::When(t) => t.clone(),
            EndCheck::Stuck => "<stuck>".into(),
        })
        .collect()
}

fn all_taken() -> Setup {
    (1..=12).fold(Setup::start().on_move(2), |s, i| {
        s.with(&format!("m.{i}"), "basket")
    })
}

#[test]
fn nim_ends_when_the_matchgroup_is_empty() {
    let game = games::nim(12);
    let setup = all_taken();
    let found = propose_endings(&game, &setup).unwrap();
    assert_eq!(
        checks(&found),
        ["empty(matchgroup)", "count(contains(basket)) >= 12", "<stuck>"]
    );
    assert_eq!(found[0].sentence, "matchgroup is empty");
    let ending = make_ending("last-match", &found[..1], Winner::OnMove, &setup).unwrap();
    let over = ending.game_over.clone().unwrap();
    assert_eq!(over.when, ["empty(matchgroup)"]);
    assert_eq!(over.winner, "player");
    assert_eq!(ending.when_stuck, None);
    assert_eq!(
        ending.sentence,
        "When matchgroup is empty, the player on move wins."
    );
    // It is the seed's game-over condition, and the game plays to it.
    assert_eq!(over.when, games::nim(12).game_over[0].when);
    let mut g = game.clone();
    g.game_over = vec![over];
    let mut pos = Position::new(Arc::new(Rules::compile(&g).unwrap()));
    for _ in 0..12 {
        let step = pos.legal_steps()[0];
        pos.play(step.figure, step.to).unwrap();
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    assert!(matches!(pos.status(), Status::Over { .. }));
}

#[test]
fn a_figure_on_a_place_and_a_stuck_player() {
    let game = games::ball_puzzle();
    let setup = Setup::start().with("b", "s.15");
    let found = propose_endings(&game, &setup).unwrap();
    assert_eq!(checks(&found), ["empty(s.1)", "at(b, s.15)", "<stuck>"]);
    assert_eq!(found[1].sentence, "b is on s.15");
    let ending = make_ending("finish", &found[1..2], Winner::Player(1), &setup).unwrap();
    assert_eq!(ending.game_over.unwrap().winner, "1");
    let stuck = make_ending("stuck", &found[2..], Winner::Opponent, &setup).unwrap();
    assert_eq!(stuck.game_over, None);
    assert_eq!(stuck.when_stuck, Some(WhenStuck::Lose));
    assert_eq!(
        stuck.sentence,
        "When the player on move can't move, the other player wins."
    );
}

#[test]
fn three_in_a_row_for_the_player_who_just_moved() {
    let game = games::tic_tac_toe();
    let setup = Setup::start()
        .on_move(2)
        .with("x.1", "grid.1.1")
        .with("x.2", "grid.2.2")
        .with("x.3", "grid.3.3")
        .with("o.1", "grid.1.2")
        .with("o.2", "grid.1.3");
    let found = propose_endings(&game, &setup).unwrap();
    let three = found
        .iter()
        .find(|c| c.check == EndCheck::When("in_a_row(grid, 3, opponent)".into()))
        .unwrap();
    assert_eq!(three.sentence, "the other player has 3 in a row on grid");
    assert!(!checks(&found)
        .iter()
        .any(|c| c.contains("in_a_row(grid, 3, player)")));
    let ending = make_ending("three", std::slice::from_ref(three), Winner::Opponent, &setup).unwrap();
    let mut g = game.clone();
    g.game_over = vec![ending.game_over.unwrap()];
    assert!(Rules::compile(&g).is_ok());
}

#[test]
fn a_trigger_that_reached_its_value() {
    let game = games::dama_lite();
    let setup = Setup::start().with_trigger("moves", TriggerValue::Number(12));
    let found = propose_endings(&game, &setup).unwrap();
    assert_eq!(checks(&found), ["value(moves) >= 12"]);
    assert_eq!(found[0].sentence, "moves is 12 or more");
    let draw = make_ending("long", &found, Winner::Draw, &setup).unwrap();
    assert_eq!(draw.game_over.unwrap().winner, "0");
}

#[test]
fn nothing_ticked_or_a_broken_set_up_is_said_plainly() {
    let game = games::nim(12);
    let err = make_ending("end", &[], Winner::Draw, &Setup::start()).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::Nothing);
    let err = propose_endings(&game, &Setup::start().with("m.1", "attic")).unwrap_err();
    assert_eq!(err.message, "There is no place called 'attic'.");
    // The starting position: nothing has changed, so nothing is proposed.
    assert!(propose_endings(&game, &Setup::start()).unwrap().is_empty());
}
