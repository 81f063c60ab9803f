//! Dice: equipment in the box that holds no figure but shows a number.
//!
//! They are a list of their own (`Game::dice`), not an `EquipmentKind`:
//! a die holds no figure and is no place.

use serde::{Deserialize, Serialize};

/// The fewest and the most faces a die may have.
pub const DIE_FACES: std::ops::RangeInclusive<u8> = 2..=20;

/// A die, e.g. `<die name="die" faces="6"/>`: it shows 1 at the start and
/// a face from 1 to `faces` after each roll, every face as likely. Rules
/// read what it shows with `value(NAME)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    /// Unique name among all the game's elements, e.g. `die`.
    pub name: String,
    /// How many faces: 2 to 20 (6 unless the file says otherwise).
    #[serde(default = "six")]
    pub faces: u8,
}

fn six() -> u8 {
    6
}

impl Die {
    /// A die of six faces.
    pub fn new(name: impl Into<String>) -> Die {
        Die {
            name: name.into(),
            faces: 6,
        }
    }
}
