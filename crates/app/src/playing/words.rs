//! The sentences the play screen shows and announces.

use tablecraft_engine::{Position, Rules, Status, Step};

/// "Player 1", "Player 2".
pub fn player_name(player: u8) -> String {
    format!("Player {player}")
}

/// Whether the game is a puzzle (one player).
pub fn is_puzzle(rules: &Rules) -> bool {
    rules.players < 2
}

/// Whose turn it is: "Player 1 to move", or "Your move" in a puzzle.
pub fn turn_text(pos: &Position) -> String {
    if is_puzzle(pos.rules()) {
        "Your move".into()
    } else {
        format!("{} to move", player_name(pos.to_move()))
    }
}

/// How the game ended, or `None` while it goes on: "Player 2 wins!",
/// "It's a draw!", or in a puzzle "Solved!" / "Not solved".
pub fn over_text(pos: &Position) -> Option<String> {
    let Status::Over { winner, .. } = pos.status() else {
        return None;
    };
    Some(if is_puzzle(pos.rules()) {
        if *winner == 1 {
            "Solved!".into()
        } else {
            "Not solved".into()
        }
    } else if *winner == 0 {
        "It's a draw!".into()
    } else {
        format!("{} wins!", player_name(*winner))
    })
}

/// Why the game ended, in words: the game-over condition's name or the
/// engine's reason; empty while it goes on.
pub fn over_reason(pos: &Position) -> String {
    match pos.status() {
        Status::Over { reason, .. } => reason.clone(),
        Status::Playing => String::new(),
    }
}

/// A step with the rule that approved it:
/// "m.3 from matchgroup to basket — approved by take".
pub fn step_text(rules: &Rules, step: &Step) -> String {
    let rule = rules
        .steps
        .get(step.rule as usize)
        .map_or("?", |r| r.name.as_str());
    format!(
        "{} from {} to {} — approved by {rule}",
        rules.figure_name(step.figure),
        rules.place_name(step.from),
        rules.place_name(step.to)
    )
}

/// A step with its player: "Player 1: m.3 from matchgroup to basket —
/// approved by take".
pub fn step_sentence(rules: &Rules, player: u8, step: &Step) -> String {
    format!("{}: {}", player_name(player), step_text(rules, step))
}

/// What comes next, after `done` was said: the winner, whose turn it is,
/// or that the move goes on.
pub fn after(pos: &Position, done: &str) -> String {
    let next = if let Some(over) = over_text(pos) {
        format!("Game over: {over}")
    } else {
        match pos.stage() {
            tablecraft_engine::MoveStage::Start => format!("{}.", turn_text(pos)),
            tablecraft_engine::MoveStage::MayEnd => "Go on, or press End move.".into(),
            tablecraft_engine::MoveStage::MustGoOn => "Go on: this move is not finished.".into(),
        }
    };
    if done.is_empty() {
        next
    } else {
        format!("{done}. {next}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playing::act::tests::play;
    use crate::testing::example;

    #[test]
    fn turns_and_the_end_in_words() {
        let mut pos = example("nim12");
        assert_eq!(turn_text(&pos), "Player 1 to move");
        play(&mut pos, "m.1", "basket");
        assert_eq!(after(&pos, ""), "Go on, or press End move.");
        pos.end_move().unwrap();
        assert_eq!(turn_text(&pos), "Player 2 to move");
        assert_eq!(
            after(&pos, "Player 1 ended the move"),
            "Player 1 ended the move. Player 2 to move."
        );
        assert_eq!(over_text(&pos), None);
        for i in 2..=12 {
            play(&mut pos, &format!("m.{i}"), "basket");
            if pos.can_end_move() {
                pos.end_move().unwrap();
            }
        }
        // Player 2 took m.2..m.4, player 1 m.5..m.7, ... the player who
        // took the last match (m.12) has lost.
        let last = pos.history().iter().rev().find_map(|e| match e.action {
            tablecraft_engine::Action::Step(_) => Some(e.player),
            _ => None,
        });
        let winner = if last == Some(1) { 2 } else { 1 };
        assert_eq!(over_text(&pos), Some(format!("Player {winner} wins!")));
        assert!(after(&pos, "x").starts_with("x. Game over: Player"));
    }

    #[test]
    fn a_puzzle_says_your_move_and_solved() {
        let mut pos = example("ball-puzzle");
        assert_eq!(turn_text(&pos), "Your move");
        for to in [
            "s.2", "s.4", "s.5", "s.6", "s.7", "s.9", "s.10", "s.11", "s.12", "s.13", "s.14", "s.15",
        ] {
            play(&mut pos, "b", to);
        }
        assert_eq!(over_text(&pos).as_deref(), Some("Solved!"));
    }

    #[test]
    fn a_step_names_the_rule_that_approved_it() {
        let mut pos = example("nim12");
        let step = play(&mut pos, "m.3", "basket");
        assert_eq!(
            step_sentence(pos.rules(), 1, &step),
            "Player 1: m.3 from matchgroup to basket — approved by take"
        );
    }
}
