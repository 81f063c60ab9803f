//! What the computer does next when it is on move: roll, choose a move,
//! or start again a move someone else left half made.
//!
//! A move may go on with a roll in its middle (Pig's "roll again"): the
//! computer chooses the steps up to the roll, rolls, then chooses the rest
//! of the move. That is a move in progress it made itself, to be carried
//! on; a move left half made by a person (who then left Play, or gave the
//! seat to the computer) is taken back and chosen again from its start.

use tablecraft_engine::{Action, MoveStage, Position};

/// The computer's next action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// A roll is due: roll the dice.
    Roll,
    /// Choose a move (or the rest of one, after a roll) and make it.
    Choose,
    /// Take back the half-made move, then choose from its start.
    StartAgain,
}

/// What the computer on move does next at `pos`.
pub fn next(pos: &Position) -> Next {
    if pos.roll_due() {
        return Next::Roll;
    }
    let rolled_last = pos
        .history()
        .last()
        .is_some_and(|e| e.player == pos.to_move() && matches!(e.action, Action::Roll { .. }));
    if pos.stage() == MoveStage::Start || rolled_last {
        Next::Choose
    } else {
        Next::StartAgain
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use tablecraft_engine::search::{self, Options, Strength};

    fn example(file: &str) -> Position {
        let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
        let (_, rules) = tablecraft_engine::open(&std::fs::read_to_string(path).unwrap()).unwrap();
        Position::with_seed(Arc::new(rules), 5)
    }

    #[test]
    fn the_computer_rolls_in_the_middle_of_its_own_move_and_goes_on() {
        let mut pos = example("pig.game.xml");
        let me = pos.to_move();
        assert_eq!(next(&pos), Next::Roll);
        // Rolls until a face lets it roll again, and does.
        let again = loop {
            pos.roll(pos.rolls()[0]).unwrap();
            assert_eq!(next(&pos), Next::Choose);
            let steps = pos.legal_steps();
            match steps
                .iter()
                .find(|s| pos.rules().steps[s.rule as usize].name == "again")
            {
                Some(&s) => break s,
                // A 1: the turn is lost; the other player's turn is theirs.
                None => {
                    let s = steps[0];
                    pos.play_step(s).unwrap();
                    while pos.to_move() != me {
                        pos.roll(pos.rolls()[0]).unwrap();
                        let s = pos.legal_steps()[0];
                        pos.play_step(s).unwrap();
                    }
                }
            }
        };
        pos.play_step(again).unwrap();
        assert_ne!(pos.stage(), MoveStage::Start, "the move goes on");
        assert_eq!(next(&pos), Next::Roll);
        pos.roll(pos.rolls()[0]).unwrap();
        assert_eq!(next(&pos), Next::Choose, "the rest of its own move");
        let choice = search::choose(&pos, &Options::default(), &mut |_| {});
        let mv = choice.mv.expect("the rest of the move");
        assert!(!mv.steps.is_empty());
        for s in &mv.steps {
            pos.play_step(*s).unwrap();
        }
    }

    #[test]
    fn a_move_left_half_made_is_started_again() {
        let mut pos = example("english-checkers.game.xml");
        assert_eq!(next(&pos), Next::Choose);
        // A move of several steps (a double jump) a person began and left
        // after its first step, looked for along a game.
        let options = Options {
            strength: Strength::Beginner,
            ..Options::default()
        };
        for _ in 0..200 {
            let mv = search::choose(&pos, &options, &mut |_| {}).mv.unwrap();
            if mv.steps.len() > 1 {
                pos.play_step(mv.steps[0]).unwrap();
                assert_eq!(next(&pos), Next::StartAgain);
                return;
            }
            for s in &mv.steps {
                pos.play_step(*s).unwrap();
            }
        }
        panic!("no move of several steps in 200 moves");
    }
}
