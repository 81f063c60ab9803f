//! Game-wide settings.

use serde::{Deserialize, Serialize};

/// What happens when the player on move has no legal move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WhenStuck {
    /// The stuck player loses (the usual rule): the player who moved last
    /// (with two, the other one) wins.
    #[default]
    Lose,
    /// The stuck player wins.
    Win,
    /// The game is a draw.
    Draw,
    /// The turn passes to the next player who can move; if nobody can, a
    /// draw.
    Pass,
}

/// Settings of a game that are not rules about single steps.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// What happens when the player on move cannot move.
    pub when_stuck: WhenStuck,
    /// Whether a player may pass instead of moving.
    pub pass_allowed: bool,
    /// An expression scoring a position for the player on move (higher is
    /// better), used by the computer player.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heuristic: Option<String>,
}
