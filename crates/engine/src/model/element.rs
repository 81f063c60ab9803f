//! Equipment, figures and triggers: the things on the table.

use super::cards::{Face, Shows};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Free attributes such as `wall = yes` or `value = 3`.
///
/// Values are kept as text; a value that reads as a whole number is a
/// number in expressions, and `yes` / `no` are truth values.
pub type Attributes = BTreeMap<String, String>;

/// A piece of static equipment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Equipment {
    /// Unique name, e.g. `matchgroup`.
    pub name: String,
    /// What sort of equipment it is.
    pub kind: EquipmentKind,
    /// How many figures it holds; `None` means the kind's default
    /// (one for squares, boards and tracks, unlimited for groups and baskets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u32>,
    /// Free attributes, e.g. `wall = yes`. A board or track passes them on
    /// to each of its squares.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: Attributes,
    /// Attributes of single squares of a board or track, by the square's
    /// full name (e.g. `maze.2.3` → `wall = yes`); they add to and override
    /// the board's own.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub squares: BTreeMap<String, Attributes>,
    /// The points of a points board given with `<point>`, in order; a
    /// line may name more points, which it declares.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<Point>,
    /// The lines of a points board, each the names of its points in order:
    /// consecutive points of a line are neighbours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Vec<String>>,
    /// The player it belongs to (a hand), if any (1 to 4); a board passes
    /// it on to its squares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u8>,
    /// To whom its figures are shown: everyone (the default), its owner
    /// only (a hand) or nobody (a deck).
    #[serde(default, skip_serializing_if = "Shows::is_everyone")]
    pub shows: Shows,
    /// Whether the figures that start on it are shuffled at the start of
    /// a game (from the game's seed), like a deck.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shuffled: bool,
}

/// A point of a points board, where it is drawn (0–1000 across and down
/// the equipment's box). Rules never read where; only lines matter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    /// Its name on the board, e.g. `a1` (the place is `BOARD.a1`).
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub y: Option<u16>,
}

impl Equipment {
    /// Every point of a points board: those given with `<point>`, then
    /// those that lines name first, in order of appearance.
    pub fn all_points(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let named = self.points.iter().map(|p| p.name.as_str());
        let lined = self.lines.iter().flatten().map(String::as_str);
        for name in named.chain(lined) {
            if seen.insert(name) {
                out.push(name);
            }
        }
        out
    }
}

impl Equipment {
    /// Equipment of a kind with the kind's usual capacity and no attributes.
    pub fn new(name: impl Into<String>, kind: EquipmentKind) -> Self {
        Equipment {
            name: name.into(),
            kind,
            capacity: None,
            attributes: Attributes::new(),
            squares: BTreeMap::new(),
            points: Vec::new(),
            lines: Vec::new(),
            owner: None,
            shows: Shows::Everyone,
            shuffled: false,
        }
    }
}

/// The kinds of equipment in the box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "type")]
pub enum EquipmentKind {
    /// Holds one figure unless its capacity says otherwise.
    Square,
    /// A heap or supply holding many figures.
    Group,
    /// A waste basket.
    Basket,
    /// A grid of squares named `NAME.ROW.COL`, counted from 1.
    Board { rows: u16, columns: u16 },
    /// A row (or a ring) of squares named `NAME.I`, counted from 1.
    Track { length: u16, ring: bool },
    /// Points joined by lines, named `NAME.POINT` (see [`Equipment::points`]).
    Points,
}

impl EquipmentKind {
    /// The type name that `TYPE` patterns match: the kind of the equipment
    /// itself, or `square` for the squares of a board or track.
    pub fn type_name(&self) -> &'static str {
        match self {
            EquipmentKind::Square => "square",
            EquipmentKind::Group => "group",
            EquipmentKind::Basket => "basket",
            EquipmentKind::Board { .. } => "board",
            EquipmentKind::Track { .. } => "track",
            EquipmentKind::Points => "points",
        }
    }

    /// How many figures one of its places holds when no capacity is given.
    pub fn default_capacity(&self) -> Option<u32> {
        match self {
            EquipmentKind::Group | EquipmentKind::Basket => None,
            _ => Some(1),
        }
    }
}

/// A figure: a piece that moves from equipment to equipment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Figure {
    /// Unique name, e.g. `m.7`.
    pub name: String,
    /// Its type, e.g. `match`, `stone`, `crown`.
    pub kind: String,
    /// The player it belongs to, if any (1 or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<u8>,
    /// Its colour, e.g. `white` or `#c33`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// Free attributes, e.g. `value = 3`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: Attributes,
    /// The name of the equipment (or board square) it starts on.
    pub origin: String,
    /// Which way up it starts: face up (the default) or face down.
    #[serde(default, skip_serializing_if = "Face::is_up")]
    pub face: Face,
}

impl Figure {
    /// A figure of a type starting on a place, with no owner, colour or attributes.
    pub fn new(name: impl Into<String>, kind: impl Into<String>, origin: impl Into<String>) -> Self {
        Figure {
            name: name.into(),
            kind: kind.into(),
            owner: None,
            colour: None,
            attributes: Attributes::new(),
            origin: origin.into(),
            face: Face::Up,
        }
    }
}

/// A named value that rules read and set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    /// Unique name, e.g. `steps-taken`.
    pub name: String,
    /// Its starting value; its type never changes.
    pub value: TriggerValue,
    /// Whether it is drawn on the table with its value.
    #[serde(default)]
    pub visible: bool,
}

/// The value of a trigger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "type", content = "value")]
pub enum TriggerValue {
    Number(i64),
    YesNo(bool),
    Text(String),
}
