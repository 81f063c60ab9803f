//! Adding equipment, figures and triggers.

use super::{place_with_room, placement_at, put_placement, EditError, MAX_CREATE, MAX_FIGURES, MAX_SIDE};
use crate::editor::naming::{check_name, check_type, Names};
use crate::table::geometry::{default_size, Point, TRIGGER_SIZE};
use tablecraft_engine::model::{Equipment, EquipmentKind, Figure, Game, Trigger, TriggerValue};

/// Refuses boards and tracks of no size or too big.
pub(super) fn check_kind(kind: &EquipmentKind) -> Result<(), EditError> {
    let ok = |n: u16| (1..=MAX_SIDE).contains(&n);
    match *kind {
        EquipmentKind::Board { rows, columns } if !ok(rows) || !ok(columns) => Err(EditError::TooMany(
            format!("A board can have 1 to {MAX_SIDE} rows and 1 to {MAX_SIDE} columns."),
        )),
        EquipmentKind::Track { length, .. } if !ok(length) => Err(EditError::TooMany(format!(
            "A track can have 1 to {MAX_SIDE} squares."
        ))),
        _ => Ok(()),
    }
}

/// Adds new equipment of `kind` centred on `at`, at its default size, with a
/// proposed name (`s.1`, `group.1`, `basket`, `board`, `track` …).
/// Returns the new game and the new name.
pub fn add_equipment(game: &Game, kind: EquipmentKind, at: Point) -> Result<(Game, String), EditError> {
    check_kind(&kind)?;
    let name = Names::of(game).equipment(&kind);
    Ok((add_equipment_named(game, &name, kind, at)?, name))
}

/// Adds new equipment of `kind` called `name`, centred on `at`.
pub fn add_equipment_named(
    game: &Game,
    name: &str,
    kind: EquipmentKind,
    at: Point,
) -> Result<Game, EditError> {
    check_kind(&kind)?;
    check_name(name)?;
    if !Names::of(game).is_free_for(name, &kind) {
        return Err(EditError::NameTaken(name.to_string()));
    }
    let mut g = game.clone();
    let mut eq = Equipment::new(name, kind);
    if kind == EquipmentKind::Points {
        super::new_dots(&mut eq);
    }
    g.equipment.push(eq);
    put_placement(&mut g, name, placement_at(at, default_size(&kind)));
    Ok(g)
}

/// Adds a figure of type `kind` (e.g. `match`) on the place `place` — a
/// square, group, basket or square of a board or track; `None` means the
/// empty table, which is refused with a hint. Returns the new game and the
/// figure's proposed name (`m.1` …).
pub fn add_figure(game: &Game, kind: &str, place: Option<&str>) -> Result<(Game, String), EditError> {
    let (g, mut names) = create_figures(game, place.unwrap_or(""), kind, 1)?;
    Ok((g, names.pop().unwrap_or_default()))
}

/// Makes `count` figures of type `kind` on `place` (usually a group), with
/// numbered names (`m.1`, `m.2` …, continuing after those in use). At most
/// [`MAX_CREATE`] at once. Returns the new game and the new names.
pub fn create_figures(
    game: &Game,
    place: &str,
    kind: &str,
    count: u32,
) -> Result<(Game, Vec<String>), EditError> {
    check_type(kind)?;
    if count == 0 || count > MAX_CREATE {
        return Err(EditError::TooMany(format!(
            "Choose how many figures to make: 1 to {MAX_CREATE}."
        )));
    }
    if game.figures.len() + count as usize > MAX_FIGURES {
        return Err(EditError::TooMany(format!(
            "A game can have at most {MAX_FIGURES} figures."
        )));
    }
    place_with_room(game, Some(place), count as usize, None)?;
    let mut g = game.clone();
    let mut names = Names::of(game);
    let mut made = Vec::new();
    for _ in 0..count {
        let name = names.figure(kind);
        g.figures.push(Figure {
            name: name.clone(),
            kind: kind.to_string(),
            owner: None,
            colour: None,
            attributes: Default::default(),
            origin: place.to_string(),
            face: Default::default(),
        });
        made.push(name);
    }
    Ok((g, made))
}

/// Adds a visible trigger with the starting `value`, centred on `at`, with
/// a proposed name (`counter` …). Returns the new game and the name.
pub fn add_trigger(game: &Game, value: TriggerValue, at: Point) -> Result<(Game, String), EditError> {
    super::properties::check_value(&value)?;
    let name = Names::of(game).trigger();
    let mut g = game.clone();
    g.triggers.push(Trigger {
        name: name.clone(),
        value,
        visible: true,
    });
    put_placement(&mut g, &name, placement_at(at, TRIGGER_SIZE));
    Ok((g, name))
}
