//! Why a game ended, in the table's words: the state its game-over
//! condition describes ("The heap is empty."), or that a player can't move.

use super::names::{capitalise, join, Names};
use super::state::state;
use tablecraft_engine::{Position, Status};

/// Why the game ended, as one sentence; empty while it goes on. The
/// game-over condition's own name stays in the rule list, for a designer.
pub fn end_reason(pos: &Position) -> String {
    let Status::Over { reason, .. } = pos.status() else {
        return String::new();
    };
    let game = &pos.rules().game;
    let names = Names::new(game);
    if let Some(end) = game.game_over.iter().find(|e| *e.name == **reason) {
        let parts: Vec<String> = end.when.iter().map(|c| state(&names, c)).collect();
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
    use crate::testing::example;

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
