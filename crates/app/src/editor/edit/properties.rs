//! Changing the properties of elements.

use super::add::check_kind;
use super::{fill_layout, EditError};
use crate::editor::naming::{check_name, check_type, Names};
use crate::editor::places::{element, lies_on, place, square_names, square_of, Element, Place};
use tablecraft_engine::model::{Equipment, EquipmentKind, Game, TriggerValue};

/// The longest attribute value, colour or text value of a trigger.
const MAX_VALUE: usize = 60;
/// The largest capacity a place can be given.
pub const MAX_CAPACITY: u32 = 10_000;

/// One property to change; which elements have it is said on each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Property {
    /// A figure's owner: a player number, or nobody.
    Owner(Option<u8>),
    /// A figure's colour, or the fill colour of equipment or a trigger
    /// (`None` or empty: the usual colour).
    Colour(Option<String>),
    /// A figure's type, e.g. `stone`.
    Type(String),
    /// How many figures a place (each square, for a board or track) holds;
    /// `None`: the kind's usual number.
    Capacity(Option<u32>),
    /// Sets (or with `None` or an empty value removes) an attribute of a
    /// figure, a piece of equipment, or one square of a board or track.
    Attribute {
        /// The attribute's name, e.g. `wall`.
        key: String,
        /// Its value, e.g. `yes` or `3`.
        value: Option<String>,
    },
    /// A trigger's starting value.
    Value(TriggerValue),
    /// Whether a trigger is drawn on the table.
    Visible(bool),
    /// A board's size; figures on squares that vanish are deleted.
    BoardSize {
        /// Rows, 1 to 50.
        rows: u16,
        /// Columns, 1 to 50.
        columns: u16,
    },
    /// A track's number of squares; figures on squares that vanish are deleted.
    TrackLength(u16),
    /// Whether a track is a ring.
    Ring(bool),
}

impl Property {
    /// What the change is called in the undo button, e.g. `change owner`.
    pub fn label(&self) -> &'static str {
        match self {
            Property::Owner(_) => "change owner",
            Property::Colour(_) => "change colour",
            Property::Type(_) => "change type",
            Property::Capacity(_) => "change capacity",
            Property::Attribute { .. } => "change attribute",
            Property::Value(_) => "change value",
            Property::Visible(_) => "show or hide trigger",
            Property::BoardSize { .. } => "change board size",
            Property::TrackLength(_) => "change track length",
            Property::Ring(_) => "change track ring",
        }
    }
}

pub(super) fn check_text(what: &str, text: &str) -> Result<(), EditError> {
    if text.chars().count() > MAX_VALUE {
        return Err(EditError::TooMany(format!(
            "{what} can have at most {MAX_VALUE} letters."
        )));
    }
    if text.chars().any(|c| c.is_control() || "\"'`".contains(c)) {
        return Err(EditError::BadName(format!(
            "{what} can't have quote marks or line breaks."
        )));
    }
    Ok(())
}

/// Refuses trigger values that are too long or hold quote marks.
pub(super) fn check_value(value: &TriggerValue) -> Result<(), EditError> {
    match value {
        TriggerValue::Text(t) => check_text("A text value", t),
        _ => Ok(()),
    }
}

/// Sets `property` on every named element, as one edit.
pub fn set_property_all<S: AsRef<str>>(
    game: &Game,
    names: &[S],
    property: &Property,
) -> Result<Game, EditError> {
    if names.is_empty() {
        return Err(EditError::NotFound(String::new()));
    }
    let mut g = game.clone();
    for name in names {
        g = set_property(&g, name.as_ref(), property)?;
    }
    Ok(g)
}

/// Sets `property` on the element (or board square) `name`.
pub fn set_property(game: &Game, name: &str, property: &Property) -> Result<Game, EditError> {
    let found = element(game, name);
    if found.is_none() && place(game, name).is_none() {
        return Err(EditError::NotFound(name.to_string()));
    }
    let not_for = |what: &str| {
        let kind = match found {
            Some(Element::Equipment(e)) => e.kind.type_name(),
            Some(Element::Figure(_)) => "figure",
            Some(Element::Trigger(_)) => "trigger",
            None => "square of a board",
        };
        Err(EditError::refused(format!("A {kind} has no {what}.")))
    };
    let mut g = game.clone();
    let fi = g.figures.iter().position(|f| f.name == name);
    let ei = g.equipment.iter().position(|e| e.name == name);
    let ti = g.triggers.iter().position(|t| t.name == name);
    match property {
        Property::Owner(owner) => {
            let Some(i) = fi else { return not_for("owner") };
            if let Some(o) = *owner {
                let players = game.players.max(1);
                if o == 0 || o > players {
                    let who = if players == 1 {
                        "player 1".to_string()
                    } else {
                        format!("a player from 1 to {players}")
                    };
                    return Err(EditError::refused(format!("The owner must be {who}.")));
                }
            }
            g.figures[i].owner = *owner;
        }
        Property::Colour(colour) => {
            let colour = colour.as_deref().map(str::trim).filter(|c| !c.is_empty());
            if let Some(c) = colour {
                check_text("A colour", c)?;
            }
            let colour = colour.map(str::to_string);
            if let Some(i) = fi {
                g.figures[i].colour = colour;
            } else if ei.is_some() || ti.is_some() {
                fill_layout(&mut g);
                if let Some(p) = g.layout.items.get_mut(name) {
                    p.colour = colour;
                }
            } else {
                return not_for("colour of its own: colour the whole board");
            }
        }
        Property::Type(kind) => {
            let Some(i) = fi else {
                return not_for("figure type");
            };
            check_type(kind)?;
            g.figures[i].kind = kind.clone();
        }
        Property::Capacity(capacity) => {
            let Some(i) = ei else {
                return not_for("capacity of its own: set it on the whole board");
            };
            let eq = &game.equipment[i];
            if let Some(c) = *capacity {
                if c > MAX_CAPACITY {
                    return Err(EditError::TooMany(format!(
                        "A place can hold at most {MAX_CAPACITY} figures."
                    )));
                }
            }
            let cap = capacity.or(eq.kind.default_capacity());
            if let Some(c) = cap {
                if let Some(full) = overfull(game, eq, c) {
                    return Err(EditError::refused(format!(
                        "{full} has more than {c} figures on it: take some off first."
                    )));
                }
            }
            g.equipment[i].capacity = *capacity;
        }
        Property::Attribute { key, value } => {
            check_name(key)
                .map_err(|e| EditError::BadName(e.message().replace("A name", "An attribute name")))?;
            let value = value.as_deref().filter(|v| !v.is_empty());
            if let Some(v) = value {
                check_text("A value", v)?;
            }
            let attributes = if let Some(i) = fi {
                &mut g.figures[i].attributes
            } else if let Some(i) = ei {
                &mut g.equipment[i].attributes
            } else if let Some(Place::Square { of, .. } | Place::Point { of, .. }) = place(game, name) {
                let Some(i) = g.equipment.iter().position(|e| e.name == of.name) else {
                    return not_for("attributes");
                };
                g.equipment[i].squares.entry(name.to_string()).or_default()
            } else {
                return not_for("attributes");
            };
            match value {
                Some(v) => {
                    attributes.insert(key.clone(), v.to_string());
                }
                None => {
                    attributes.remove(key);
                }
            }
            for e in &mut g.equipment {
                e.squares.retain(|_, a| !a.is_empty());
            }
        }
        Property::Value(value) => {
            let Some(i) = ti else { return not_for("value") };
            check_value(value)?;
            g.triggers[i].value = value.clone();
        }
        Property::Visible(visible) => {
            let Some(i) = ti else {
                return not_for("visibility");
            };
            g.triggers[i].visible = *visible;
        }
        Property::BoardSize { rows, columns } => {
            let Some(i) = ei.filter(|&i| matches!(game.equipment[i].kind, EquipmentKind::Board { .. }))
            else {
                return not_for("rows and columns");
            };
            resize_grid(
                &mut g,
                i,
                EquipmentKind::Board {
                    rows: *rows,
                    columns: *columns,
                },
            )?;
        }
        Property::TrackLength(length) => {
            let Some(i) = ei else {
                return not_for("length");
            };
            let EquipmentKind::Track { ring, .. } = game.equipment[i].kind else {
                return not_for("length");
            };
            resize_grid(
                &mut g,
                i,
                EquipmentKind::Track {
                    length: *length,
                    ring,
                },
            )?;
        }
        Property::Ring(ring) => {
            let Some(i) = ei else { return not_for("ring") };
            let EquipmentKind::Track { length, .. } = game.equipment[i].kind else {
                return not_for("ring");
            };
            g.equipment[i].kind = EquipmentKind::Track { length, ring: *ring };
        }
    }
    Ok(g)
}

/// A place of `eq` holding more than `capacity` figures, if any.
fn overfull(game: &Game, eq: &Equipment, capacity: u32) -> Option<String> {
    let mut count: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
    for f in game.figures.iter().filter(|f| lies_on(eq, &f.origin)) {
        let n = count.entry(&f.origin).or_default();
        *n += 1;
        if *n > capacity {
            return Some(f.origin.clone());
        }
    }
    None
}

/// Gives board or track `i` its new `kind`: drops figures and square
/// attributes on squares that vanish and scales its drawing so that squares
/// keep their size.
fn resize_grid(g: &mut Game, i: usize, kind: EquipmentKind) -> Result<(), EditError> {
    check_kind(&kind)?;
    let old = g.equipment[i].clone();
    let across = |k: &EquipmentKind| match *k {
        EquipmentKind::Board { rows, columns } => (columns, rows),
        EquipmentKind::Track { length, .. } => (length, 1),
        _ => (1, 1),
    };
    let ((old_c, old_r), (new_c, new_r)) = (across(&old.kind), across(&kind));
    let mut new = old.clone();
    new.kind = kind;
    let keeps = |n: &str| square_of(&new, n).is_some();
    let names = Names::of(g);
    let what = if matches!(kind, EquipmentKind::Track { .. }) {
        "track"
    } else {
        "board"
    };
    for square in square_names(&new.name, &kind) {
        if square_of(&old, &square).is_none() && !names.is_free(&square) {
            return Err(EditError::refused(format!(
                "The {what} can't grow: its new square {square} has the name of something else. Rename that first."
            )));
        }
    }
    g.figures
        .retain(|f| square_of(&old, &f.origin).is_none() || keeps(&f.origin));
    g.equipment[i].squares.retain(|k, _| keeps(k));
    g.equipment[i].kind = kind;
    if let Some(p) = g.layout.items.get_mut(&old.name) {
        let scale = |side: u32, from: u16, to: u16| {
            let v = u64::from(side) * u64::from(to.max(1)) / u64::from(from.max(1));
            v.clamp(1, u64::from(super::SIZE_RANGE.1)) as u32
        };
        let tall_track = matches!(kind, EquipmentKind::Track { .. }) && p.height > p.width;
        if tall_track {
            p.height = scale(p.height, old_c, new_c);
        } else {
            p.width = scale(p.width, old_c, new_c);
            p.height = scale(p.height, old_r, new_r);
        }
        crate::table::geometry::fit_table(&mut g.layout);
    }
    Ok(())
}
