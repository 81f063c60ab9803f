//! A hint for the player on move: the best move, and what happens with
//! best play where the search proved it.

use super::{choose, Choice, Options, Outcome, Strength};
use crate::position::Position;

/// The best move and, where proven, the game's value.
#[derive(Debug, Clone)]
pub struct Hint {
    pub choice: Choice,
    /// The hint in words, e.g. "With best play you win within 3 moves, yours and theirs — try m.1 matchgroup→basket.".
    pub text: String,
}

/// What a child reads for an outcome.
pub fn sentence(outcome: &Outcome) -> String {
    let moves = |n: u32| {
        if n == 1 {
            "1 move".to_string()
        } else {
            format!("{n} moves")
        }
    };
    // Moves of both players: a win within 3 is yours, theirs, yours.
    let both = |n: u32| {
        if n == 1 {
            "1 move".to_string()
        } else {
            format!("{n} moves, yours and theirs")
        }
    };
    match outcome {
        Outcome::Win { moves: n } => format!("With best play you win within {}", both(*n)),
        Outcome::Loss { moves: n } => format!("With best play you lose within {}", both(*n)),
        Outcome::Draw => "With best play it is a draw".into(),
        Outcome::Solved { moves: n } => format!("You can solve it in {}", moves(*n)),
        Outcome::Impossible => "It can't be solved from here".into(),
        Outcome::Unknown => "Nobody knows who wins yet; this looks best".into(),
        Outcome::Chance { permille } => {
            let percent = (u32::from(*permille) + 5) / 10;
            format!("With best play your chance of winning is {percent} in 100")
        }
        Outcome::Luck => LUCK.into(),
        Outcome::Hidden => CARDS.into(),
    }
}

/// What is said when the dice decide: nobody can work out the end.
pub const LUCK: &str = "Nobody can know in advance: it depends on the dice";

/// What is said when hidden figures decide: nobody can work out the end.
pub const CARDS: &str = "Nobody can know in advance: it depends on the cards";

/// The strongest advice within the options' budget.
pub fn hint(pos: &Position, options: &Options) -> Hint {
    let options = Options {
        strength: Strength::Master,
        ..options.clone()
    };
    let choice = choose(pos, &options, &mut |_| {});
    let mut text = sentence(&choice.outcome);
    if let Some(mv) = &choice.mv {
        text.push_str(" — try ");
        text.push_str(&mv.describe_for(pos, pos.to_move()));
    } else if pos.roll_due() {
        text.push_str(" — roll the dice");
    }
    text.push('.');
    Hint { choice, text }
}
