//! Why a game ended, in the table's words: what its game-over condition
//! finds on the table it ended on ("Player 2 has three in a row on the
//! board.", "The heap is empty."), or that a player can't move.

use super::names::{capitalise, join, Names};
use super::state::ended;
use tablecraft_engine::{Position, Status};

/// Why the game ended, as one sentence; empty while it goes on, and where
/// no part of the condition has a shape the table's words know (the
/// banner then says only who won). The game-over condition's own name
/// and text stay in the rule list, for a designer.
pub fn end_reason(pos: &Position) -> String {
    let Status::Over { reason, .. } = pos.status() else {
        return String::new();
    };
    let rules = pos.rules();
    let names = Names::new(&rules.game);
    if let Some(end) = rules.ends.iter().find(|e| *e.name == **reason) {
        let parts: Vec<String> = end.when.iter().filter_map(|c| ended(&names, pos, c)).collect();
        if parts.is_empty() {
            return String::new();
        }
        return format!("{}.", capitalise(&join(&parts, "and")));
    }
    if &**reason == "nobody can move" {
        return "Nobody can move.".into();
    }
    if pos.rules().players < 2 {
        return "You can't move any more.".into();
    }
    format!("Player {} can't move.", pos.to_move())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::tests::play;
    use crate::testing::{example, example_names, open_example};
    use std::sync::Arc;
    use tablecraft_engine::search::rng::Rng;

    #[test]
    fn the_reason_is_the_state_of_the_table() {
        let mut pos = example("nim12");
        assert_eq!(end_reason(&pos), "");
        for i in 1..=12 {
            play(&mut pos, &format!("m.{i}"), "basket");
            if pos.can_end_move() {
                pos.end_move().unwrap();
            }
        }
        assert_eq!(end_reason(&pos), "The heap is empty.");
    }

    /// Plays `pos` with actions drawn from `seed` (steps, rolls, End move,
    /// pass) until it ends or `limit` actions were made.
    fn play_out(pos: &mut Position, seed: u64, limit: usize) {
        let mut rng = Rng::new(seed);
        for _ in 0..limit {
            if pos.status() != &Status::Playing {
                return;
            }
            let steps = pos.legal_steps();
            let rolls = pos.rolls();
            let done = if !rolls.is_empty() && (steps.is_empty() || rng.chance(1, 2)) {
                pos.roll(rolls[rng.below(rolls.len())]).map(|_| ())
            } else if pos.can_end_move() && (steps.is_empty() || rng.chance(1, 3)) {
                pos.end_move()
            } else if !steps.is_empty() {
                pos.play_step(steps[rng.below(steps.len())]).map(|_| ())
            } else if pos.can_pass() {
                pos.pass()
            } else {
                return;
            };
            assert!(done.is_ok(), "{done:?}");
        }
    }

    /// What no child should read at the end of a game: an expression, a
    /// name of the engine's, or who the winner is by whose move it is.
    fn engine_words(reason: &str) -> Option<&'static str> {
        // " or ": of the parts joined by `or`, only one that holds is said.
        const SIGNS: [&str; 13] = [
            "(",
            ")",
            "=",
            ">",
            "<",
            "+",
            "_",
            " or ",
            "repetitions",
            "other player",
            "on move",
            "moved last",
            "next player",
        ];
        SIGNS.into_iter().find(|s| reason.contains(s)).or_else(|| {
            // A dotted name: `board.10.1`, `hand.2`.
            let dotted = reason.split_whitespace().any(|w| {
                let w = w.trim_end_matches(['.', ',']);
                w.contains('.')
            });
            dotted.then_some("a dotted name")
        })
    }

    #[test]
    fn every_example_ends_in_the_tables_words() {
        let mut said = 0;
        for name in example_names() {
            for seed in 0..12 {
                let rules = Arc::new(open_example(&name).1);
                let mut pos = Position::with_seed(rules, seed);
                play_out(&mut pos, seed, 3_000);
                let reason = end_reason(&pos);
                if let Some(sign) = engine_words(&reason) {
                    panic!("{name}, seed {seed}: “{reason}” has {sign}");
                }
                said += usize::from(!reason.is_empty());
            }
        }
        // Most games end with a reason to say.
        assert!(said > 100, "only {said} reasons said");
    }

    #[test]
    fn the_winner_is_named_by_number() {
        // Tic-Tac-Toe, won by the second player on the left column.
        let mut pos = example("tic-tac-toe");
        for (figure, to) in [
            ("x.1", "grid.1.2"),
            ("o.1", "grid.1.1"),
            ("x.2", "grid.2.2"),
            ("o.2", "grid.2.1"),
            ("x.3", "grid.3.3"),
            ("o.3", "grid.3.1"),
        ] {
            play(&mut pos, figure, to);
        }
        assert!(matches!(pos.status(), Status::Over { winner: 2, .. }));
        assert_eq!(end_reason(&pos), "Player 2 has three in a row on the board.");
    }

    #[test]
    fn a_puzzle_stuck_says_so() {
        let mut pos = example("labyrinth");
        // Walk back and forth until the hero is too tired.
        for i in 0..12 {
            play(&mut pos, "hero", if i % 2 == 0 { "maze.1.2" } else { "maze.1.1" });
        }
        assert!(matches!(pos.status(), Status::Over { winner: 0, .. }));
        assert_eq!(end_reason(&pos), "You can't move any more.");
    }
}
