//! The progress log: what was played, grouped by move, each step with the
//! rule that approved it.

use super::words::{player_name, step_text};
use tablecraft_engine::{Action, Position};

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A step: "m.3 from matchgroup to basket — approved by take".
    Step(String),
    /// The player pressed End move.
    EndMove,
    /// The player passed.
    Pass,
}

impl Line {
    /// The line in words.
    pub fn text(&self) -> &str {
        match self {
            Line::Step(t) => t,
            Line::EndMove => "End move",
            Line::Pass => "Pass",
        }
    }
}

/// One move: its number (from 1), the player and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogMove {
    pub number: usize,
    pub player: u8,
    pub lines: Vec<Line>,
    /// Whether the move is over (ended by End move, a pass, or by itself).
    pub finished: bool,
}

impl LogMove {
    /// "Move 3 — Player 1".
    pub fn heading(&self) -> String {
        format!("Move {} — {}", self.number, player_name(self.player))
    }
}

/// The history of a position, grouped by move.
pub fn log(pos: &Position) -> Vec<LogMove> {
    let rules = pos.rules();
    let mut moves: Vec<LogMove> = Vec::new();
    for entry in pos.history() {
        let open = moves
            .last()
            .is_some_and(|m| !m.finished && m.player == entry.player);
        if !open {
            let number = moves.len() + 1;
            moves.push(LogMove {
                number,
                player: entry.player,
                lines: Vec::new(),
                finished: false,
            });
        }
        let Some(current) = moves.last_mut() else {
            continue;
        };
        match &entry.action {
            Action::Step(step) => current.lines.push(Line::Step(step_text(rules, step))),
            Action::EndMove { auto } => {
                if !auto {
                    current.lines.push(Line::EndMove);
                }
                current.finished = true;
            }
            Action::Pass => {
                current.lines.push(Line::Pass);
                current.finished = true;
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::tests::play;
    use crate::testing::example;

    #[test]
    fn steps_are_grouped_by_move_with_their_player() {
        let mut pos = example("nim12");
        assert!(log(&pos).is_empty());
        play(&mut pos, "m.1", "basket");
        play(&mut pos, "m.2", "basket");
        let l = log(&pos);
        assert_eq!(l.len(), 1);
        assert!(!l[0].finished);
        assert_eq!(l[0].heading(), "Move 1 — Player 1");
        assert_eq!(
            l[0].lines[0].text(),
            "m.1 from matchgroup to basket — approved by take"
        );
        pos.end_move().unwrap();
        // Three matches end the move by itself: no End move line.
        for m in ["m.3", "m.4", "m.5"] {
            play(&mut pos, m, "basket");
        }
        let l = log(&pos);
        assert_eq!(l.len(), 2);
        assert_eq!(l[0].lines.len(), 3);
        assert_eq!(l[0].lines[2], Line::EndMove);
        assert!(l[0].finished);
        assert_eq!(l[1].player, 2);
        assert_eq!(l[1].lines.len(), 3);
        assert!(l[1].finished);
        play(&mut pos, "m.6", "basket");
        let l = log(&pos);
        assert_eq!((l.len(), l[2].number, l[2].player), (3, 3, 1));
    }

    #[test]
    fn a_puzzle_logs_one_move_per_step() {
        let mut pos = example("ball-puzzle");
        play(&mut pos, "b", "s.2");
        play(&mut pos, "b", "s.4");
        let l = log(&pos);
        assert_eq!(l.len(), 2);
        assert!(l
            .iter()
            .all(|m| m.player == 1 && m.finished && m.lines.len() == 1));
        assert!(l[1].lines[0].text().ends_with("approved by go-forward"));
    }
}
