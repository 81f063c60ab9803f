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
}

/// Placements of equipment and triggers by name. Figures are drawn on the
/// equipment they lie on and need no placement.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Layout {
    /// The size of the table.
    pub width: u32,
    pub height: u32,
    pub items: BTreeMap<String, Placement>,
}
