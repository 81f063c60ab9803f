//! The game definition: what a designer edits and what a file holds.
//!
//! These types are plain data, checked by nothing: any value can be built,
//! saved and loaded. [`crate::Rules::compile`] validates a definition
//! and turns it into the fast form that play and search use.

mod cards;
mod dice;
mod element;
mod layout;
mod rule;
mod sets;
mod settings;

pub use cards::{Face, Shows};
pub use dice::{Die, DIE_FACES};
pub use element::{Attributes, Equipment, EquipmentKind, Figure, Point, Trigger, TriggerValue};
pub use layout::{Layout, Link, LinkLook, Look, LookPattern, Placement};
pub use rule::{
    Definition, FigurePattern, GameOver, MoveRule, OwnerPattern, Pattern, PlacePattern, StepRule,
};
pub use sets::{set_at, Set, MAX_FIGURE_SET};
pub use settings::{Settings, WhenStuck};

use serde::{Deserialize, Serialize};

/// A whole game as designed: rules, starting position and layout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Game {
    /// Shown in the title bar and the examples list.
    pub title: String,
    /// Shown to the players before the first move.
    pub description: String,
    /// 1 for a puzzle, 2 to 4 for a game between that many players, who
    /// move in turn: 1, 2, …, N, 1, …
    pub players: u8,
    /// Static places that figures lie on.
    pub equipment: Vec<Equipment>,
    /// Dice, listed with the equipment in a file (`<die>`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<Die>,
    /// The pieces that move, each with its starting equipment (in JSON,
    /// figures that follow the pattern of a set are written as one).
    #[serde(serialize_with = "sets::serialize", deserialize_with = "sets::deserialize")]
    pub figures: Vec<Figure>,
    /// Named values that rules read and set.
    pub triggers: Vec<Trigger>,
    /// Named expressions the rules use like functions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub definitions: Vec<Definition>,
    /// Which single drags are allowed, in the designer's order.
    pub steps: Vec<StepRule>,
    /// How steps combine into one player's move.
    pub moves: Vec<MoveRule>,
    /// When the game ends and who wins, checked in order.
    pub game_over: Vec<GameOver>,
    /// What happens when a player is stuck, passing, the computer's heuristic.
    pub settings: Settings,
    /// Where things are drawn; the rules never depend on it.
    pub layout: Layout,
}

impl Default for Game {
    fn default() -> Self {
        Game {
            title: "New game".into(),
            description: String::new(),
            players: 2,
            equipment: Vec::new(),
            dice: Vec::new(),
            figures: Vec::new(),
            triggers: Vec::new(),
            definitions: Vec::new(),
            steps: Vec::new(),
            moves: Vec::new(),
            game_over: Vec::new(),
            settings: Settings::default(),
            layout: Layout::default(),
        }
    }
}
