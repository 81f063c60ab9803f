//! Cards and hidden information: which way up a figure lies, and who may
//! see the figures on a place.

use serde::{Deserialize, Serialize};

/// Which way up a figure lies: face up (everyone who can see its place
/// sees what it is) or face down (everyone sees only its back).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// Face up: what it is can be seen (the default).
    #[default]
    Up,
    /// Face down: only its back can be seen.
    Down,
}

impl Face {
    /// The word a file uses: `up` or `down`.
    pub fn word(self) -> &'static str {
        match self {
            Face::Up => "up",
            Face::Down => "down",
        }
    }

    /// Whether it is [`Face::Up`] (the default, left out of files).
    pub fn is_up(&self) -> bool {
        *self == Face::Up
    }
}

/// To whom a place shows the figures on it (face-up ones; a face-down
/// figure shows its back to everyone).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shows {
    /// Everyone sees them (the default): a board, a discard pile.
    #[default]
    Everyone,
    /// Only the place's owner sees them: a hand.
    Owner,
    /// Nobody sees them: a deck.
    Nobody,
}

impl Shows {
    /// The word a file uses: `everyone`, `owner` or `nobody`.
    pub fn word(self) -> &'static str {
        match self {
            Shows::Everyone => "everyone",
            Shows::Owner => "owner",
            Shows::Nobody => "nobody",
        }
    }

    /// Whether it is [`Shows::Everyone`] (the default, left out of files).
    pub fn is_everyone(&self) -> bool {
        *self == Shows::Everyone
    }

    /// Whether a place that shows this way, owned by `owner` (0: nobody),
    /// shows its figures to `player`.
    pub fn to(self, owner: u8, player: u8) -> bool {
        match self {
            Shows::Everyone => true,
            Shows::Owner => owner != 0 && owner == player,
            Shows::Nobody => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_shows_only_to_its_owner_and_a_deck_to_nobody() {
        assert!(Shows::Everyone.to(0, 1));
        assert!(Shows::Owner.to(2, 2));
        assert!(!Shows::Owner.to(2, 1));
        assert!(!Shows::Owner.to(0, 1), "a hand nobody owns shows to nobody");
        assert!(!Shows::Nobody.to(1, 1));
    }

    #[test]
    fn words_are_the_file_words() {
        assert_eq!(serde_json::to_string(&Face::Down).unwrap(), "\"down\"");
        assert_eq!(serde_json::to_string(&Shows::Owner).unwrap(), "\"owner\"");
        assert_eq!(Face::Down.word(), "down");
        assert_eq!(Shows::Nobody.word(), "nobody");
    }
}
