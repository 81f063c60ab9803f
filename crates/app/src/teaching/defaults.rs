//! Sensible defaults that save a child actions while teaching, each shown
//! to them and easy to change: the likely reason a game is over, and a
//! one-step move widened to one step of any rule.

use crate::editor::rule_edit::{fresh_name, names, RuleKind};
use tablecraft_engine::learn::{EndCandidate, EndKind, MoveRecording, Repeat};
use tablecraft_engine::model::{Game, MoveRule};

/// The candidate that most likely ends the game: a figure arrived (the
/// ball on s.15, a pawn on the last square), else so many in a row, else a
/// player with no figures left, else a place emptied (the heap) — when
/// exactly one of the first kind found holds. Counts ("holds 12 figures or
/// more"), a full board and "can't move" are left to the child.
pub fn likely_end(candidates: &[EndCandidate]) -> Option<&EndCandidate> {
    for kind in [
        EndKind::Arrived,
        EndKind::InARow,
        EndKind::NoneLeft,
        EndKind::Empty,
    ] {
        let found: Vec<&EndCandidate> = candidates.iter().filter(|c| c.kind == kind).collect();
        match found.as_slice() {
            [] => continue,
            [one] => return Some(one),
            _ => return None,
        }
    }
    None
}

/// For a move of one step shown once: a move of one step for each step
/// rule that no move plays alone yet, so that "a move is one step of any
/// rule" (the way the ball puzzle moves). Empty for any other move.
pub fn any_step_moves(game: &Game, rec: &MoveRecording) -> Vec<MoveRule> {
    let single = matches!(rec.parts.as_slice(), [p] if p.steps.len() == 1 && p.repeat == Repeat::Exactly(1));
    if !single {
        return Vec::new();
    }
    let mut taken = names(game, RuleKind::Move);
    let mut out = Vec::new();
    for step in &game.steps {
        if game.moves.iter().any(|m| m.sequence.trim() == step.name) {
            continue;
        }
        let name = fresh_name(&taken, &step.name);
        taken.push(name.clone());
        out.push(MoveRule {
            name,
            sequence: step.name.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::learn::{propose_endings, record_move, Setup};
    use tablecraft_engine::search::games;

    #[test]
    fn an_empty_heap_is_the_likely_end_of_nim() {
        let game = games::nim(12);
        let mut setup = Setup::start();
        for i in 1..=12 {
            setup = setup.with(&format!("m.{i}"), "basket");
        }
        let candidates = propose_endings(&game, &setup).unwrap();
        assert!(candidates.len() >= 2, "the basket's count is a candidate too");
        let likely = likely_end(&candidates).map(|c| c.sentence.as_str());
        assert_eq!(likely, Some("matchgroup is empty"));
        assert_eq!(likely_end(&[]), None);
        // The ball on s.15 says more than s.1 being empty.
        let ball = games::ball_puzzle();
        let candidates = propose_endings(&ball, &Setup::start().with("b", "s.15")).unwrap();
        assert!(candidates.iter().any(|c| c.sentence == "s.1 is empty"));
        let likely = likely_end(&candidates).map(|c| c.sentence.as_str());
        assert_eq!(likely, Some("b is on s.15"));
    }

    #[test]
    fn a_one_step_move_widens_to_one_step_of_any_rule() {
        let mut game = games::ball_puzzle();
        game.moves.clear();
        let one = record_move(&game, &["normal-step".to_string()]).unwrap();
        game.moves.push(one.to_rule("turn"));
        let more = any_step_moves(&game, &one);
        let seqs: Vec<&str> = more.iter().map(|m| m.sequence.as_str()).collect();
        assert_eq!(seqs, ["go-back", "go-forward"]);
        let three = record_move(&game, &vec!["normal-step".to_string(); 3]).unwrap();
        assert!(any_step_moves(&game, &three).is_empty());
    }
}
