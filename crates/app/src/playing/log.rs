//! The progress log: what was played, grouped by move, each step told as
//! a child sees it, with the rule that allowed it where the game has
//! several, and the game's own names for a designer.

use super::words::{player_name, step_detail_seen, step_words, step_words_played};
use crate::wording::names::capitalise;
use std::sync::Arc;
use tablecraft_engine::{Action, Position};

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A step.
    Step {
        /// "Took a match from the heap".
        text: String,
        /// The rule that allowed it, when the game has more than one.
        rule: Option<String>,
        /// With the game's own names: "m.3: matchgroup → basket, rule take".
        detail: String,
    },
    /// The player pressed End move.
    EndMove,
    /// The player passed.
    Pass,
    /// The player rolled: "Rolled a 5".
    Roll { text: String },
}

impl Line {
    /// The line in words.
    pub fn text(&self) -> &str {
        match self {
            Line::Step { text, .. } => text,
            Line::EndMove => "End move",
            Line::Pass => "Pass",
            Line::Roll { text } => text,
        }
    }

    /// The line with the game's own names, for a designer.
    pub fn detail(&self) -> &str {
        match self {
            Line::Step { detail, .. } => detail,
            other => other.text(),
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

/// The history of a position, grouped by move. The game is played again
/// beside it, so that each step is told as it looked then (a stone that
/// later became a crown was a stone).
pub fn log(pos: &Position) -> Vec<LogMove> {
    let rules = pos.rules();
    let several_rules = rules.steps.len() > 1;
    let mut then = Some(Position::with_seed(Arc::clone(rules), pos.seed()));
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
            Action::Step(step) => {
                // As the table looked then, or (if the game can't be played
                // again the same way) as it looks now.
                let shown = match then.as_ref() {
                    Some(p) if p.state().place_of(step.figure) == Some(step.from) => p,
                    _ => pos,
                };
                let detail = step_detail_seen(shown, step);
                let mut text = step_words(shown, step).past();
                let played = then.as_ref().and_then(|p| {
                    let mut next = p.clone();
                    next.play_step(*step).ok().map(|_| next)
                });
                if let (Some(before), Some(next)) = (then.as_ref(), played.as_ref()) {
                    // A card turned up by the step is told as it is seen now.
                    if rules.hidden {
                        text = step_words_played(before, next, step).past();
                    }
                }
                current.lines.push(Line::Step {
                    text: capitalise(&text),
                    rule: several_rules
                        .then(|| rules.steps.get(step.rule as usize).map(|r| r.name.clone()))
                        .flatten(),
                    detail,
                });
                then = played;
            }
            Action::EndMove { auto } => {
                if !auto {
                    current.lines.push(Line::EndMove);
                    if then.as_mut().is_some_and(|p| p.end_move().is_err()) {
                        then = None;
                    }
                }
                current.finished = true;
            }
            Action::Roll { roll, faces } => {
                current.lines.push(Line::Roll { text: rolled(faces) });
                if then.as_mut().is_some_and(|p| p.roll(*roll).is_err()) {
                    then = None;
                }
            }
            Action::Pass => {
                current.lines.push(Line::Pass);
                current.finished = true;
                if then.as_mut().is_some_and(|p| p.pass().is_err()) {
                    then = None;
                }
            }
        }
    }
    moves
}

/// "Rolled a 5", "Rolled a 3 and a 4".
pub fn rolled(faces: &[(tablecraft_engine::position::DieId, u8)]) -> String {
    let each: Vec<String> = faces
        .iter()
        .map(|(_, v)| match v {
            8 | 11 | 18 => format!("an {v}"),
            _ => format!("a {v}"),
        })
        .collect();
    format!("Rolled {}", each.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::tests::play;
    use crate::testing::example;

    #[test]
    fn a_roll_is_told_as_a_child_says_it() {
        assert_eq!(rolled(&[(0, 5)]), "Rolled a 5");
        assert_eq!(rolled(&[(0, 8), (1, 3)]), "Rolled an 8 and a 3");
    }

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
        assert_eq!(l[0].lines[0].text(), "Took a match from the heap");
        assert_eq!(l[0].lines[0].detail(), "m.1: matchgroup → basket, rule take");
        assert!(
            matches!(&l[0].lines[0], Line::Step { rule: None, .. }),
            "one rule: not named"
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
        assert_eq!(l[1].lines[0].text(), "Moved the ball from square 2 to square 4");
        assert!(matches!(&l[1].lines[0], Line::Step { rule: Some(r), .. } if r == "go-forward"));
        assert!(l[1].lines[0].detail().ends_with("rule go-forward"));
    }
}
