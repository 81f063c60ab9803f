//! Step rules, move rules and game-over conditions as the designer writes them.

use serde::{Deserialize, Serialize};

/// A name pattern with wildcards, each bound to a variable.
///
/// `*` matches any non-empty text, `?` one non-empty part between dots.
/// `stone.*.? [color num]` binds `color` and `num`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pattern {
    /// The pattern text, e.g. `s.?`.
    pub text: String,
    /// One variable name for each wildcard, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vars: Vec<String>,
}

impl Pattern {
    /// A pattern with no wildcards or none bound to variables.
    pub fn exact(text: impl Into<String>) -> Self {
        Pattern {
            text: text.into(),
            vars: Vec::new(),
        }
    }

    /// A pattern whose wildcards bind the given variables.
    pub fn with_vars(text: impl Into<String>, vars: &[&str]) -> Self {
        Pattern {
            text: text.into(),
            vars: vars.iter().map(|v| v.to_string()).collect(),
        }
    }
}

/// Whose figure a step rule is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OwnerPattern {
    /// A figure of the player on move.
    OnMove,
    /// A figure of the other player.
    Opponent,
    /// A figure of the given player number.
    Player(u8),
}

/// Which figures a step rule moves; an empty pattern matches any figure.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FigurePattern {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<Pattern>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Pattern>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<Pattern>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<OwnerPattern>,
}

/// Which equipment a step goes from or to; an empty pattern matches any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlacePattern {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<Pattern>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<Pattern>,
}

impl PlacePattern {
    /// The one place with this exact name.
    pub fn named(name: &str) -> Self {
        PlacePattern {
            name: Some(Pattern::exact(name)),
            kind: None,
        }
    }

    /// Any place of this kind (`square`, `group`, `basket`).
    pub fn typed(kind: &str) -> Self {
        PlacePattern {
            name: None,
            kind: Some(Pattern::exact(kind)),
        }
    }
}

/// `name, what, from, to, when-conditions, side-effects`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRule {
    pub name: String,
    #[serde(default)]
    pub what: FigurePattern,
    #[serde(default)]
    pub from: PlacePattern,
    #[serde(default)]
    pub to: PlacePattern,
    /// Conditions in the expression language; all must be true.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<String>,
    /// Side effects run in order after the figure has moved, e.g.
    /// `set counter to value(counter) + 1`, `remove jumped`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<String>,
    /// Capture by landing: the top figure on `to` is taken off into the
    /// box before the mover lands, and is the rule variable `captured`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub capture: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A definition: a named expression with values to fill in, which the
/// rules use like a function (`run(s, d)`); it may use the definitions
/// above it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Definition {
    /// What it is called, e.g. `run`.
    pub name: String,
    /// The names of the values it takes, e.g. `s` and `d`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub of: Vec<String>,
    /// What it stands for, in the expression language.
    pub body: String,
}

/// `name, sequence`: the step names a move is made of, e.g. `take x1-3`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRule {
    pub name: String,
    /// In the sequence language: `take x1-3`, `[* jump]`, `step`.
    pub sequence: String,
}

/// `name, when-conditions, winner`: the game ends when all conditions hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOver {
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub when: Vec<String>,
    /// An expression giving the winning player's number, or 0 for a draw.
    pub winner: String,
}
