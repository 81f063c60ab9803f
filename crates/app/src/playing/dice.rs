//! Dice at the table: what each die shows and whether it is to be rolled
//! now, where its pips go, and rolling it by name with the sentence to
//! announce ("Player 2 rolled a 5").

use super::log::rolled;
use super::words::{after, subject};
use tablecraft_engine::position::Roll;
use tablecraft_engine::Position;

/// A die as the table shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieShown {
    pub name: String,
    pub faces: u8,
    /// What it shows now (1 at the start).
    pub value: u8,
    /// A roll is due and tapping this die rolls: it is lit.
    pub due: bool,
}

impl DieShown {
    /// What a screen reader says: "The die shows 5: tap it to roll."
    pub fn label(&self) -> String {
        let what = if self.name == "die" {
            "The die".to_string()
        } else {
            format!("The die “{}”", self.name)
        };
        if self.due {
            format!("{what} shows {}: tap it to roll.", self.value)
        } else {
            format!("{what} shows {}.", self.value)
        }
    }
}

/// Every die of the game, in order, with what it shows now.
pub fn dice(pos: &Position) -> Vec<DieShown> {
    let rules = pos.rules();
    let due = pos.roll_due();
    let rolls = if due { pos.rolls() } else { Vec::new() };
    rules
        .dice
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let id = i as tablecraft_engine::position::DieId;
            DieShown {
                name: d.name.clone(),
                faces: d.faces,
                value: pos.state().die(id),
                due: rolls
                    .iter()
                    .any(|r| matches!(r, Roll::Every) || *r == Roll::Die(id)),
            }
        })
        .collect()
}

/// Where the pips of a face go, in a square from 0 to 1 (as on a real
/// die); none above 6, where the number is written instead.
pub fn pips(value: u8) -> Vec<(f64, f64)> {
    let (lo, mid, hi) = (0.25, 0.5, 0.75);
    match value {
        1 => vec![(mid, mid)],
        2 => vec![(lo, lo), (hi, hi)],
        3 => vec![(lo, lo), (mid, mid), (hi, hi)],
        4 => vec![(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
        5 => vec![(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
        6 => vec![(lo, lo), (hi, lo), (lo, mid), (hi, mid), (lo, hi), (hi, hi)],
        _ => Vec::new(),
    }
}

/// Whether a roll is due now: what the banner asks for.
pub fn roll_words(pos: &Position) -> Option<&'static str> {
    pos.roll_due().then_some("Tap the die to roll")
}

/// Rolls: the die named `die` when the move lets it be rolled alone, else
/// every die the move rolls now. Returns the sentence to say: "Player 2
/// rolled a 5. Go on: this move is not finished."
///
/// # Errors
/// Why no roll can be made now, in words.
pub fn roll(pos: &mut Position, die: Option<&str>, computer: bool) -> Result<String, String> {
    let rolls = pos.rolls();
    let alone = die
        .and_then(|n| pos.rules().die_id(n))
        .map(Roll::Die)
        .filter(|r| rolls.contains(r));
    let Some(roll) = alone
        .or_else(|| rolls.iter().copied().find(|r| *r == Roll::Every))
        .or_else(|| rolls.first().copied())
    else {
        return Err(if pos.rules().dice.is_empty() {
            "This game has no die.".into()
        } else {
            "You can't roll now: the move doesn't ask for it.".into()
        });
    };
    let who = subject(pos.rules(), pos.to_move(), computer);
    let shown = pos.roll(roll).map_err(|r| r.message)?;
    let words = rolled(&shown);
    let words = words.strip_prefix("Rolled").unwrap_or(&words);
    Ok(after(pos, &format!("{who} rolled{words}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::example;

    #[test]
    fn a_die_is_lit_when_a_roll_is_due_and_rolling_says_who_rolled_what() {
        let mut pos = example("snakes-and-ladders-4");
        let shown = dice(&pos);
        assert_eq!(shown.len(), 1);
        assert_eq!((shown[0].faces, shown[0].value, shown[0].due), (6, 1, true));
        assert_eq!(shown[0].label(), "The die shows 1: tap it to roll.");
        assert_eq!(roll_words(&pos), Some("Tap the die to roll"));
        let said = roll(&mut pos, Some("die"), false).unwrap();
        let value = dice(&pos)[0].value;
        assert!((1..=6).contains(&value));
        assert!(
            said.starts_with(&format!("Player 1 rolled a {value}. ")),
            "{said}"
        );
        assert!(!dice(&pos)[0].due, "rolled: now move by it");
        assert_eq!(roll_words(&pos), None);
        assert!(roll(&mut pos, None, false).is_err(), "one roll a move");
        // The same seed rolls the same number.
        let mut again = example("snakes-and-ladders-4");
        roll(&mut again, None, false).unwrap();
        assert_eq!(dice(&again)[0].value, value);
    }

    #[test]
    fn a_computer_rolls_in_its_name_and_a_game_without_dice_has_none() {
        let mut pos = example("snakes-and-ladders");
        let said = roll(&mut pos, None, true).unwrap();
        assert!(said.starts_with("Player 1 (computer) rolled a"), "{said}");
        let mut nim = example("nim12");
        assert!(dice(&nim).is_empty());
        assert_eq!(roll_words(&nim), None);
        assert_eq!(roll(&mut nim, None, false).unwrap_err(), "This game has no die.");
    }

    #[test]
    fn the_computer_rolls_then_moves_by_the_roll() {
        use crate::playing::act::{actions, perform, Action};
        use tablecraft_engine::search::{choose, Options, Strength};
        let mut pos = example("snakes-and-ladders-4");
        for player in 1..=4u8 {
            assert_eq!(pos.to_move(), player);
            let said = perform(&mut pos, Action::Roll).unwrap();
            assert!(
                said.starts_with(&format!("Player {player} (computer) rolled a")),
                "{said}"
            );
            let options = Options {
                strength: Strength::Beginner,
                ..Options::default()
            };
            if pos.to_move() == player {
                let mv = choose(&pos, &options, &mut |_| {})
                    .mv
                    .expect("a move by the roll");
                for a in actions(&mv) {
                    perform(&mut pos, a).unwrap();
                }
            }
        }
        assert_eq!(pos.to_move(), 1, "the turn went round the four");
        assert!(pos.history().len() >= 8);
    }

    #[test]
    fn faces_have_their_pips_and_numbers_above_six_have_none() {
        for v in 1..=6u8 {
            let p = pips(v);
            assert_eq!(p.len(), usize::from(v));
            assert!(p
                .iter()
                .all(|&(x, y)| (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y)));
        }
        assert!(pips(7).is_empty() && pips(20).is_empty() && pips(0).is_empty());
    }
}
