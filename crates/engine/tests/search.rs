//! The computer player on the example files in `public/games/`.

use std::sync::Arc;
use tablecraft_engine::search::{choose, solve, Limits, Method, Options, Outcome, Strength};
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

#[test]
fn nim12_file_first_player_wins_by_taking_three() {
    let c = solve(&load("nim12.game.xml"), Limits::none(), &mut |_| {});
    assert!(matches!(c.outcome, Outcome::Win { .. }), "{:?}", c.outcome);
    assert_eq!(c.mv.unwrap().steps.len(), 3);
}

#[test]
fn nim345_file_first_player_wins() {
    let c = solve(&load("nim345.game.xml"), Limits::none(), &mut |_| {});
    assert!(matches!(c.outcome, Outcome::Win { .. }), "{:?}", c.outcome);
    let mv = c.mv.unwrap();
    assert_eq!(mv.steps.len(), 2, "take two from the heap of three");
}

#[test]
fn tic_tac_toe_file_is_a_draw() {
    let c = solve(&load("tic-tac-toe.game.xml"), Limits::none(), &mut |_| {});
    assert_eq!(c.outcome, Outcome::Draw);
}

#[test]
fn ball_puzzle_and_labyrinth_files_are_solved_shortest() {
    let mut pos = load("ball-puzzle.game.xml");
    let c = solve(&pos, Limits::none(), &mut |_| {});
    assert_eq!(c.outcome, Outcome::Solved { moves: 12 });
    for mv in &c.pv {
        for s in &mv.steps {
            pos.play(s.figure, s.to).unwrap();
        }
    }
    assert!(matches!(pos.status(), Status::Over { winner: 1, .. }));
    let c = solve(&load("labyrinth.game.xml"), Limits::millis(20_000.0), &mut |_| {});
    assert!(
        matches!(c.outcome, Outcome::Solved { moves } if moves >= 8),
        "{:?}",
        c.outcome
    );
}

#[test]
fn dama_lite_file_gets_legal_moves_in_time() {
    let mut pos = load("dama-lite.game.xml");
    for strength in [
        Strength::Master,
        Strength::Good,
        Strength::Beginner,
        Strength::Master,
    ] {
        let options = Options {
            strength,
            limits: Limits::millis(80.0),
            table: 1 << 14,
            ..Options::default()
        };
        let c = choose(&pos, &options, &mut |_| {});
        assert!(c.elapsed_ms < 200.0, "{strength:?}: {} ms", c.elapsed_ms);
        assert_ne!(c.method, Method::Random);
        let mv = c.mv.expect("a move");
        for s in &mv.steps {
            pos.play(s.figure, s.to).expect("a legal step");
        }
        if mv.end {
            pos.end_move().expect("a legal end of move");
        }
    }
}
