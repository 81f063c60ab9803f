//! Where things are drawn on the table. Rules never read the layout.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The position and size of one element on the table, in table units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
    /// A fill colour, e.g. `#8b5a2b`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// The attribute whose value each square of a board or track shows,
    /// small in its corner, e.g. `n` for the numbers of Snakes and Ladders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Placements of equipment and triggers by name, and how places with an
/// attribute look. Figures are drawn on the equipment they lie on and need
/// no placement.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Layout {
    /// The size of the table.
    pub width: u32,
    pub height: u32,
    pub items: BTreeMap<String, Placement>,
    /// How a place with an attribute is drawn (a wall dark, with bricks),
    /// in the designer's order: the first that fits a place is used.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub looks: Vec<Look>,
    /// Pictures between two places (a ladder, a snake), drawn under the
    /// figures, in the file's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
}

/// A picture drawn from one place to another, such as a ladder from its
/// foot to its top or a snake from its head to its tail. Only a picture:
/// what happens there is up to the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    /// Where it starts: a ladder's foot, a snake's head.
    pub from: String,
    /// Where it ends: a ladder's top, a snake's tail.
    pub to: String,
    pub look: LinkLook,
}

/// How a link is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkLook {
    /// Two rails with rungs.
    Ladder,
    /// A curved body, its head at `from` and its tail at `to`.
    Snake,
    /// A line with an arrowhead at `to`.
    Arrow,
}

impl LinkLook {
    /// Every look, in the order a designer is offered them.
    pub const ALL: [LinkLook; 3] = [LinkLook::Ladder, LinkLook::Snake, LinkLook::Arrow];

    /// The word a file holds: `ladder`, `snake`, `arrow`.
    pub fn word(self) -> &'static str {
        match self {
            LinkLook::Ladder => "ladder",
            LinkLook::Snake => "snake",
            LinkLook::Arrow => "arrow",
        }
    }
}

/// How places whose attribute has a value are drawn, so that what the
/// attribute means can be seen: `wall = yes` dark with bricks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Look {
    /// The attribute, e.g. `wall`.
    pub attribute: String,
    /// Its value, e.g. `yes`.
    pub value: String,
    /// A fill colour, e.g. `#3d3f4a`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// A pattern drawn over the fill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<LookPattern>,
}

/// A pattern a place can be drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LookPattern {
    Bricks,
    Stripes,
    Dots,
    Star,
    Cross,
}

impl LookPattern {
    /// Every pattern, in the order a designer is offered them.
    pub const ALL: [LookPattern; 5] = [
        LookPattern::Bricks,
        LookPattern::Stripes,
        LookPattern::Dots,
        LookPattern::Star,
        LookPattern::Cross,
    ];

    /// The word a file holds: `bricks`, `stripes`, `dots`, `star`, `cross`.
    pub fn word(self) -> &'static str {
        match self {
            LookPattern::Bricks => "bricks",
            LookPattern::Stripes => "stripes",
            LookPattern::Dots => "dots",
            LookPattern::Star => "star",
            LookPattern::Cross => "cross",
        }
    }

    /// The pattern a word names.
    pub fn from_word(word: &str) -> Option<LookPattern> {
        LookPattern::ALL.into_iter().find(|p| p.word() == word)
    }
}
