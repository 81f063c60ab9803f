//! Dice as the rules know them: numbered, each with its faces, and the
//! move symbols that roll them.

use super::zobrist::splitmix;
use super::Rules;

/// Index of a die.
pub type DieId = u16;

/// A die of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieInfo {
    pub name: String,
    /// How many faces: it shows 1 to `faces`.
    pub faces: u8,
}

/// What a roll rolls: every die of the game (`roll` in a move), or one
/// (`roll NAME`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Roll {
    Every,
    Die(DieId),
}

/// The hash key of die `d` showing `value`.
pub fn key(d: DieId, value: u8) -> u64 {
    splitmix(0xD1CE_0000_0000_0000 ^ (u64::from(d) << 8) ^ u64::from(value))
}

impl Rules {
    /// The dice a roll rolls.
    pub fn dice_of(&self, roll: Roll) -> std::ops::Range<DieId> {
        match roll {
            Roll::Every => 0..self.dice.len() as DieId,
            Roll::Die(d) => d..(d + 1).min(self.dice.len() as DieId),
        }
    }

    /// The roll a move symbol of the automaton stands for: symbols after
    /// the step rules are the dice in order, then `roll` (every die).
    pub fn roll_of_symbol(&self, symbol: usize) -> Option<Roll> {
        let d = symbol.checked_sub(self.steps.len())?;
        match d.cmp(&self.dice.len()) {
            std::cmp::Ordering::Less => Some(Roll::Die(d as DieId)),
            std::cmp::Ordering::Equal if !self.dice.is_empty() => Some(Roll::Every),
            _ => None,
        }
    }

    /// The move symbol of a roll (see [`roll_of_symbol`](Self::roll_of_symbol)).
    pub fn roll_symbol(&self, roll: Roll) -> usize {
        self.steps.len()
            + match roll {
                Roll::Every => self.dice.len(),
                Roll::Die(d) => d as usize,
            }
    }

    /// The die with this name.
    pub fn die_id(&self, name: &str) -> Option<DieId> {
        self.dice.iter().position(|d| d.name == name).map(|i| i as DieId)
    }
}

/// How many move symbols roll dice in a game of `dice` dice: one per die
/// and one for every die, none without dice.
pub fn roll_symbols(dice: usize) -> usize {
    if dice == 0 {
        0
    } else {
        dice + 1
    }
}
