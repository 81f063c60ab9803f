//! Pig (`public/games/pig.game.xml`), a push-your-luck dice game: roll as
//! often as you dare, a 1 loses the turn's points, or stop and keep them. The
//! computer's value of the game is checked against value iteration written
//! here, which it only reaches if it plans to roll again in the middle of
//! a turn.

use std::sync::Arc;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{self, Limits, Outcome};
use tablecraft_engine::Position;

/// The game with the first to `target` points winning.
fn pig(target: u32) -> Position {
    let path = format!("{}/../../public/games/pig.game.xml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let text = text
        .replace(">= 20", &format!(">= {target}"))
        .replace("&lt; 20", &format!("&lt; {target}"));
    assert_eq!(
        text.matches(&format!(" {target}<")).count(),
        3,
        "the target is set everywhere"
    );
    let (_, rules) = tablecraft_engine::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), 1)
}

/// The chance that the player about to roll wins with best play by both,
/// by value iteration over (my score, the other's, this turn's points).
// The loop variables are scores, read in both orders: not mere indices.
#[allow(clippy::needless_range_loop)]
fn reference(target: u32) -> f64 {
    let t = target as usize;
    // Points this turn from `t - mine` on all win by stopping: one value.
    let at = |mine: usize, turn: usize| turn.min(t - mine);
    let mut p = vec![vec![vec![0.5f64; t + 1]; t]; t];
    loop {
        let mut moved: f64 = 0.0;
        for mine in 0..t {
            for theirs in 0..t {
                for turn in 0..=t - mine {
                    let mut v = (1.0 - p[theirs][mine][0]) / 6.0;
                    for face in 2..=6 {
                        let total = mine + turn + face;
                        let stop = match total >= t {
                            true => 1.0,
                            false => 1.0 - p[theirs][total][0],
                        };
                        let again = p[mine][theirs][at(mine, turn + face)];
                        v += stop.max(again) / 6.0;
                    }
                    moved = moved.max((v - p[mine][theirs][turn]).abs());
                    p[mine][theirs][turn] = v;
                }
            }
        }
        if moved < 1e-13 {
            return p[0][0][0];
        }
    }
}

#[test]
fn the_reference_knows_pig() {
    // Neller and Presser's figures are for other targets; these are the
    // reference's own, a check that it settles where it should.
    assert!((reference(3) - 0.8372).abs() < 1e-4);
    assert!(reference(5) > 0.5 && reference(5) < reference(3));
}

#[test]
fn perft_goes_on_with_a_roll_in_the_middle_of_a_turn() {
    let mut pos = pig(20);
    // A 1 loses (one move); any other face stops or rolls again (two):
    // 1 + 5 × 2. After rolling again, six faces; after the turn, the
    // other player's six.
    let counts: Vec<u64> = (1..=4).map(|d| perft(&mut pos, d).unwrap()).collect();
    assert_eq!(counts, [6, 11, 6 + 5 * (6 + 6), 11 + 5 * (11 + 11)]);
}

#[test]
fn solve_plans_to_roll_again_and_gets_the_chance_of_winning() {
    for target in [3, 5, 10] {
        let pos = pig(target);
        let choice = search::solve(&pos, Limits::millis(20_000.0), &mut |_| {});
        let Outcome::Chance { permille } = choice.outcome else {
            panic!("target {target}: not worked out: {:?}", choice.outcome);
        };
        let expected = reference(target);
        assert!(
            (f64::from(permille) / 1000.0 - expected).abs() <= 0.0006,
            "target {target}: {permille}‰, the reference {expected:.4}"
        );
    }
}
