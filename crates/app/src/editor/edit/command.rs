//! Every design edit as a value, with the label its undo button shows.

use super::*;
use tablecraft_engine::model::{EquipmentKind, Game, LookPattern, TriggerValue};

/// One design edit, as the UI asks for it. [`Edit::apply`] makes it and
/// [`Edit::label`] names it for [`crate::editor::History::apply`].
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// See [`add_equipment`].
    AddEquipment {
        /// What to add (a board's rows and columns, a track's length).
        kind: EquipmentKind,
        /// Where it was dropped: its centre.
        at: Point,
    },
    /// See [`add_figure`].
    AddFigure {
        /// The figure's type, e.g. `match`.
        kind: String,
        /// The place it was dropped on; `None` for the empty table.
        place: Option<String>,
    },
    /// See [`create_figures`].
    CreateFigures {
        /// Where the figures go, usually a group.
        place: String,
        /// Their type.
        kind: String,
        /// How many, 1 to [`MAX_CREATE`].
        count: u32,
    },
    /// See [`add_trigger`].
    AddTrigger {
        /// Its starting value.
        value: TriggerValue,
        /// Where it was dropped: its centre.
        at: Point,
    },
    /// See [`rename`].
    Rename {
        /// The current name.
        old: String,
        /// The new name.
        new: String,
    },
    /// See [`move_by`].
    Move {
        /// What to move.
        names: Vec<String>,
        /// Rightwards, in table units.
        dx: i32,
        /// Downwards, in table units.
        dy: i32,
    },
    /// See [`resize`].
    Resize {
        /// Equipment or trigger to resize.
        name: String,
        /// New width.
        width: u32,
        /// New height.
        height: u32,
    },
    /// See [`put_figure`].
    PutFigure {
        /// The figure.
        figure: String,
        /// The place it was dropped on; `None` for the empty table.
        place: Option<String>,
    },
    /// See [`delete`].
    Delete {
        /// What to delete.
        names: Vec<String>,
    },
    /// See [`duplicate`].
    Duplicate {
        /// What to copy.
        names: Vec<String>,
        /// How far right the copies go.
        dx: i32,
        /// How far down the copies go.
        dy: i32,
    },
    /// See [`set_property_all`].
    Set {
        /// The elements (or board squares) to change.
        names: Vec<String>,
        /// The property and its new value.
        property: Property,
    },
    /// See [`set_look`].
    Look {
        /// The attribute, e.g. `wall`.
        attribute: String,
        /// Its value, e.g. `yes`.
        value: String,
        /// The fill; `None` with no pattern removes the look.
        colour: Option<String>,
        /// The pattern drawn over it.
        pattern: Option<LookPattern>,
    },
    /// See [`set_title`].
    Title(String),
    /// See [`set_description`].
    Description(String),
    /// See [`set_players`].
    Players(u8),
    /// A die added, its faces changed, or taken away.
    Dice(DiceChange),
    /// A change to the dots and lines of a board of dots.
    Dots {
        /// The board of dots.
        board: String,
        /// What changes.
        change: DotChange,
    },
}

impl Edit {
    /// Makes the edit on `game`: the new game and the names of anything new
    /// (to select it), or why not.
    pub fn apply(&self, game: &Game) -> Result<(Game, Vec<String>), EditError> {
        let none = |g: Game| (g, Vec::new());
        Ok(match self {
            Edit::AddEquipment { kind, at } => add_equipment(game, *kind, *at).map(|(g, n)| (g, vec![n]))?,
            Edit::AddFigure { kind, place } => {
                add_figure(game, kind, place.as_deref()).map(|(g, n)| (g, vec![n]))?
            }
            Edit::CreateFigures { place, kind, count } => create_figures(game, place, kind, *count)?,
            Edit::AddTrigger { value, at } => {
                add_trigger(game, value.clone(), *at).map(|(g, n)| (g, vec![n]))?
            }
            Edit::Rename { old, new } => none(rename(game, old, new)?),
            Edit::Move { names, dx, dy } => none(move_by(game, names, *dx, *dy)?),
            Edit::Resize { name, width, height } => none(resize(game, name, *width, *height)?),
            Edit::PutFigure { figure, place } => none(put_figure(game, figure, place.as_deref())?),
            Edit::Delete { names } => none(delete(game, names)?),
            Edit::Duplicate { names, dx, dy } => duplicate(game, names, *dx, *dy)?,
            Edit::Set { names, property } => none(set_property_all(game, names, property)?),
            Edit::Look {
                attribute,
                value,
                colour,
                pattern,
            } => none(set_look(game, attribute, value, colour.as_deref(), *pattern)?),
            Edit::Title(t) => none(set_title(game, t)?),
            Edit::Description(d) => none(set_description(game, d)?),
            Edit::Players(p) => none(set_players(game, *p)?),
            Edit::Dots { board, change } => (change.apply(game, board)?, vec![board.clone()]),
            Edit::Dice(change) => change.apply(game)?,
        })
    }

    /// What the undo button calls the edit, e.g. `add basket`, `delete m.1`.
    pub fn label(&self) -> String {
        let things = |names: &[String]| match names {
            [one] => one.clone(),
            many => format!("{} things", many.len()),
        };
        match self {
            Edit::AddEquipment {
                kind: EquipmentKind::Points,
                ..
            } => "add a board of dots".into(),
            Edit::AddEquipment { kind, .. } => format!("add {}", kind.type_name()),
            Edit::AddFigure { kind, .. } => format!("add {kind}"),
            Edit::CreateFigures { kind, count, .. } => format!("make {count} × {kind}"),
            Edit::AddTrigger { .. } => "add trigger".into(),
            Edit::Rename { old, new } => format!("rename {old} to {new}"),
            Edit::Move { names, .. } => format!("move {}", things(names)),
            Edit::Resize { name, .. } => format!("resize {name}"),
            Edit::PutFigure { figure, place } => {
                format!("put {figure} on {}", place.as_deref().unwrap_or("the table"))
            }
            Edit::Delete { names } => format!("delete {}", things(names)),
            Edit::Duplicate { names, .. } => format!("copy {}", things(names)),
            Edit::Set { property, .. } => property.label().to_string(),
            Edit::Look { attribute, .. } => format!("change the look of {attribute}"),
            Edit::Title(_) => "change title".into(),
            Edit::Description(_) => "change description".into(),
            Edit::Players(_) => "change players".into(),
            Edit::Dots { change, .. } => change.label(),
            Edit::Dice(change) => change.label(),
        }
    }
}
