//! Every strength above Beginner solves a puzzle that a hint can solve.
//! (Its own test binary: the timing tests of `search.rs` are not slowed by it.)

use std::sync::Arc;
use tablecraft_engine::search::{choose, hint, Limits, Options, Outcome, Strength};
use tablecraft_engine::{open, Position, Status};

fn load(file: &str) -> Position {
    let path = format!(
        "{}/public/games/{file}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match open(&text) {
        Ok((_, rules)) => Position::new(Arc::new(rules)),
        Err(problems) => panic!("{file}: {problems:#?}"),
    }
}

/// Plays a puzzle at `strength`, one `choose` a move, and returns whether it
/// ended solved.
fn plays_to_solved(mut pos: Position, strength: Strength, limits: Limits) -> bool {
    for _ in 0..40 {
        if pos.status() != &Status::Playing {
            break;
        }
        let options = Options {
            strength,
            limits,
            ..Options::default()
        };
        let Some(mv) = choose(&pos, &options, &mut |_| {}).mv else {
            break;
        };
        for s in &mv.steps {
            pos.play(s.figure, s.to).expect("a legal step");
        }
        if mv.end {
            pos.end_move().expect("a legal end of move");
        }
    }
    matches!(pos.status(), Status::Over { winner: 1, .. })
}

#[test]
fn every_strength_above_beginner_solves_a_puzzle_hint_can_solve() {
    // The Labyrinth needs 8 moves: more than Good looks ahead in a game of two.
    let limits = Limits::millis(20_000.0);
    let pos = load("labyrinth.game.xml");
    let hint = hint(
        &pos,
        &Options {
            limits,
            ..Options::default()
        },
    );
    assert_eq!(hint.choice.outcome, Outcome::Solved { moves: 8 }, "{}", hint.text);
    for strength in [Strength::Good, Strength::Master] {
        assert!(
            plays_to_solved(pos.clone(), strength, limits),
            "{strength:?} did not solve it"
        );
    }
}
