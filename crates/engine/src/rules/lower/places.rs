//! Places and grids: every piece of equipment becomes one place, or a board
//! or track a block of squares named `NAME.ROW.COLUMN` or `NAME.I`, or a
//! points board its points named `NAME.POINT`.

use super::Elements;
use crate::file::limits::{MAX_LINES, MAX_LINE_POINTS, MAX_POINTS};
use crate::model::{Equipment, EquipmentKind, Game};
use crate::rules::compile::{MAX_ELEMENTS, MAX_GRID_SIDE};
use crate::rules::points::PointBoard;
use crate::rules::{Element, Grid, GridSpot, Place, PlaceId};

/// What a piece of equipment becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One place.
    Place,
    /// Grid number `id`, whose squares are places from `first` on.
    Grid(GridShape),
    /// Points board number `id`, whose points are places from `first` on.
    Points { id: u16, first: PlaceId, count: u16 },
    /// A points board with no points, too many, or a line that is too
    /// short or too long: no places.
    BadPoints,
    /// A board or track with a side of 0 or more than [`MAX_GRID_SIDE`]:
    /// no places.
    BadSize,
    /// A board or track that would take the game past [`MAX_ELEMENTS`]
    /// places: no places.
    TooBig,
    /// One place too many: neither it nor any equipment after it has places.
    NoRoom,
}

/// Where a board or track lies among the places, and its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridShape {
    pub id: u16,
    pub first: PlaceId,
    pub rows: u16,
    pub columns: u16,
    pub ring: bool,
    pub is_track: bool,
}

impl GridShape {
    /// Whether place `p` is one of the grid's squares.
    pub fn holds(&self, p: PlaceId) -> bool {
        let squares = self.rows as usize * self.columns as usize;
        p >= self.first && ((p - self.first) as usize) < squares
    }
}

/// Every piece of equipment with what it becomes, in the game's order, up to
/// the first that finds no room.
pub fn layouts(game: &Game) -> Vec<(&Equipment, Layout)> {
    let mut out = Vec::new();
    let mut places = 0usize;
    let mut grids = 0u16;
    let mut boards = 0u16;
    for eq in &game.equipment {
        let layout = if eq.kind == EquipmentKind::Points {
            points_layout(eq, places, boards)
        } else {
            layout(eq, places, grids)
        };
        match layout {
            Layout::Place => places += 1,
            Layout::Grid(shape) => {
                places += shape.rows as usize * shape.columns as usize;
                grids += 1;
            }
            Layout::Points { count, .. } => {
                places += count as usize;
                boards += 1;
            }
            Layout::BadSize | Layout::BadPoints | Layout::TooBig | Layout::NoRoom => {}
        }
        out.push((eq, layout));
        if layout == Layout::NoRoom {
            break;
        }
    }
    out
}

/// What `eq` becomes when `places` places and `grids` grids come before it.
fn layout(eq: &Equipment, places: usize, grids: u16) -> Layout {
    let (rows, columns, ring, is_track) = match eq.kind {
        EquipmentKind::Square | EquipmentKind::Group | EquipmentKind::Basket => {
            return if places >= MAX_ELEMENTS {
                Layout::NoRoom
            } else {
                Layout::Place
            };
        }
        EquipmentKind::Board { rows, columns } => (rows, columns, false, false),
        EquipmentKind::Track { length, ring } => (1, length, ring, true),
        EquipmentKind::Points => return Layout::BadPoints,
    };
    if !side_fits(rows) || !side_fits(columns) {
        return Layout::BadSize;
    }
    if places + rows as usize * columns as usize > MAX_ELEMENTS {
        return Layout::TooBig;
    }
    Layout::Grid(GridShape {
        id: grids,
        first: places as PlaceId,
        rows,
        columns,
        ring,
        is_track,
    })
}

/// What a points board becomes when `places` places and `boards` points
/// boards come before it.
fn points_layout(eq: &Equipment, places: usize, boards: u16) -> Layout {
    let count = eq.all_points().len();
    let lines_fit =
        eq.lines.len() <= MAX_LINES && eq.lines.iter().all(|l| (2..=MAX_LINE_POINTS).contains(&l.len()));
    if count == 0 || count > MAX_POINTS || !lines_fit {
        return Layout::BadPoints;
    }
    if places + count > MAX_ELEMENTS {
        return Layout::TooBig;
    }
    Layout::Points {
        id: boards,
        first: places as PlaceId,
        count: count as u16,
    }
}

fn side_fits(n: u16) -> bool {
    (1..=MAX_GRID_SIDE).contains(&n)
}

/// The places and grids of every piece of equipment that has room.
pub fn lower(game: &Game, elements: &mut Elements) {
    for (eq, layout) in layouts(game) {
        match layout {
            Layout::Place => place(eq, elements),
            Layout::Grid(shape) => grid(eq, shape, elements),
            Layout::Points { id, first, count } => points(eq, (id, first, count), elements),
            Layout::BadSize | Layout::BadPoints | Layout::TooBig | Layout::NoRoom => {}
        }
    }
}

fn place(eq: &Equipment, elements: &mut Elements) {
    let id = elements.places.len() as PlaceId;
    elements.places.push(Place {
        name: eq.name.clone(),
        kind: eq.kind.type_name(),
        capacity: eq.capacity.or(eq.kind.default_capacity()),
        attributes: eq.attributes.clone(),
        grid: None,
        named_at: None,
        owner: eq.owner.unwrap_or(0),
        shows: eq.shows,
    });
    if eq.shuffled {
        elements.shuffled.push(id);
    }
    elements.name(&eq.name, Element::Place(id));
}

fn grid(eq: &Equipment, shape: GridShape, elements: &mut Elements) {
    elements.name(&eq.name, Element::Grid(shape.id));
    for row in 1..=shape.rows {
        for column in 1..=shape.columns {
            square(
                eq,
                shape,
                GridSpot {
                    grid: shape.id,
                    row,
                    column,
                },
                elements,
            );
        }
    }
    elements.grids.push(Grid {
        name: eq.name.clone(),
        rows: shape.rows,
        columns: shape.columns,
        ring: shape.ring,
        is_track: shape.is_track,
        first: shape.first,
    });
}

/// A square of a board or track.
fn square(eq: &Equipment, shape: GridShape, spot: GridSpot, elements: &mut Elements) {
    part(eq, square_name(eq, shape, spot), "square", Some(spot), elements);
}

/// A place that is part of a piece of equipment (a square of a board, a
/// point of a points board): the equipment's attributes, then its own.
fn part(eq: &Equipment, name: String, kind: &'static str, grid: Option<GridSpot>, elements: &mut Elements) {
    let mut attributes = eq.attributes.clone();
    if let Some(own) = eq.squares.get(&name) {
        attributes.extend(own.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    let id = elements.places.len() as PlaceId;
    elements.name(&name, Element::Place(id));
    let named_at = match kind {
        "point" => crate::world::chess_square(name.rsplit('.').next().unwrap_or(""))
            .and_then(|(column, row)| Some((u16::try_from(row).ok()?, u16::try_from(column).ok()?))),
        _ => None,
    };
    elements.places.push(Place {
        name,
        kind,
        capacity: eq.capacity.or(eq.kind.default_capacity()),
        attributes,
        grid,
        named_at,
        owner: eq.owner.unwrap_or(0),
        shows: eq.shows,
    });
    if eq.shuffled {
        elements.shuffled.push(id);
    }
}

/// The points of a points board, named `NAME.POINT`, and its lines.
fn points(eq: &Equipment, (id, first, count): (u16, PlaceId, u16), elements: &mut Elements) {
    elements.name(&eq.name, Element::Points(id));
    let names = eq.all_points();
    for name in &names {
        part(eq, format!("{}.{name}", eq.name), "point", None, elements);
    }
    let ids: std::collections::HashMap<&str, PlaceId> = names
        .iter()
        .enumerate()
        .map(|(i, &n)| (n, first + i as PlaceId))
        .collect();
    let index = |n: &String| ids.get(n.as_str()).copied();
    let lines = eq
        .lines
        .iter()
        .map(|l| l.iter().filter_map(index).collect())
        .collect();
    elements
        .point_boards
        .push(PointBoard::new(eq.name.clone(), first, count, lines));
}

fn square_name(eq: &Equipment, shape: GridShape, spot: GridSpot) -> String {
    if shape.is_track {
        format!("{}.{}", eq.name, spot.column)
    } else {
        format!("{}.{}.{}", eq.name, spot.row, spot.column)
    }
}
