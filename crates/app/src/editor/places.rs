//! Looking things up in a game by name: elements, places, the squares that
//! boards and tracks make, the points of a points board, and the figures
//! that lie on a place.

use tablecraft_engine::model::{Equipment, EquipmentKind, Figure, Game, Trigger};

/// One element of a game, found by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element<'a> {
    /// A piece of equipment (a square, group, basket, board or track).
    Equipment(&'a Equipment),
    /// A figure.
    Figure(&'a Figure),
    /// A trigger.
    Trigger(&'a Trigger),
}

/// The element with this name (equipment, figure or trigger; not a square
/// of a board or track — see [`place`]).
pub fn element<'a>(game: &'a Game, name: &str) -> Option<Element<'a>> {
    if let Some(e) = game.equipment.iter().find(|e| e.name == name) {
        return Some(Element::Equipment(e));
    }
    if let Some(f) = game.figures.iter().find(|f| f.name == name) {
        return Some(Element::Figure(f));
    }
    game.triggers
        .iter()
        .find(|t| t.name == name)
        .map(Element::Trigger)
}

/// Something a figure can be drawn on or dropped onto.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place<'a> {
    /// A piece of equipment itself.
    Equipment(&'a Equipment),
    /// One square of a board (`row`, `column` from 1) or of a track
    /// (`row` is 1, `column` is the square's number).
    Square {
        /// The board or track the square belongs to.
        of: &'a Equipment,
        /// Row from 1 (always 1 on a track).
        row: u16,
        /// Column from 1 (the square's number on a track).
        column: u16,
    },
    /// One point of a points board (the place `BOARD.POINT`).
    Point {
        /// The points board it belongs to.
        of: &'a Equipment,
        /// Its name on the board, e.g. `a1`.
        point: &'a str,
    },
}

impl<'a> Place<'a> {
    /// The piece of equipment this place is or belongs to.
    pub fn equipment(&self) -> &'a Equipment {
        match *self {
            Place::Equipment(e) | Place::Square { of: e, .. } | Place::Point { of: e, .. } => e,
        }
    }

    /// Its full name: `board.2.3`, `track.4`, `mill.a1` or the equipment's.
    pub fn name(&self) -> String {
        match *self {
            Place::Equipment(e) => e.name.clone(),
            Place::Square { of, row, column } => square_name(&of.name, &of.kind, row, column),
            Place::Point { of, point } => point_name(&of.name, point),
        }
    }

    /// Whether figures may lie here: every place except a whole board,
    /// track or points board.
    pub fn holds_figures(&self) -> bool {
        match self {
            Place::Equipment(e) => !has_parts(&e.kind),
            Place::Square { .. } | Place::Point { .. } => true,
        }
    }

    /// How many figures fit here; `None` means no limit.
    pub fn capacity(&self) -> Option<u32> {
        let e = self.equipment();
        e.capacity.or(e.kind.default_capacity())
    }
}

/// Whether the kind makes squares of its own (a board or a track).
pub fn is_grid(kind: &EquipmentKind) -> bool {
    matches!(kind, EquipmentKind::Board { .. } | EquipmentKind::Track { .. })
}

/// Whether the kind is made of places of its own where figures lie (the
/// squares of a board or track, the points of a points board).
pub fn has_parts(kind: &EquipmentKind) -> bool {
    is_grid(kind) || *kind == EquipmentKind::Points
}

/// The places `eq` is made of: the squares of a board or track, the points
/// of a points board; empty for other kinds.
pub fn parts(eq: &Equipment) -> Vec<String> {
    match eq.kind {
        EquipmentKind::Points => eq.all_points().iter().map(|p| point_name(&eq.name, p)).collect(),
        _ => square_names(&eq.name, &eq.kind),
    }
}

/// The name `part` (a square or point of `eq`) takes when `eq` is called
/// `new`: `board.2.3` → `new.2.3`; `None` when it is no part of `eq`.
pub fn part_renamed(eq: &Equipment, part: &str, new: &str) -> Option<String> {
    match square_of(eq, part)? {
        Place::Square { row, column, .. } => Some(square_name(new, &eq.kind, row, column)),
        Place::Point { point, .. } => Some(point_name(new, point)),
        Place::Equipment(_) => None,
    }
}

/// The name of a point of a points board: `BOARD.POINT`.
pub fn point_name(eq_name: &str, point: &str) -> String {
    format!("{eq_name}.{point}")
}

/// The place with this name: a piece of equipment or a square of a board or track.
pub fn place<'a>(game: &'a Game, name: &str) -> Option<Place<'a>> {
    if let Some(e) = game.equipment.iter().find(|e| e.name == name) {
        return Some(Place::Equipment(e));
    }
    game.equipment.iter().find_map(|e| square_of(e, name))
}

/// If `name` is one of the squares or points `eq` makes, that place.
pub fn square_of<'a>(eq: &'a Equipment, name: &str) -> Option<Place<'a>> {
    let rest = name.strip_prefix(eq.name.as_str())?.strip_prefix('.')?;
    let number = |s: &str| -> Option<u16> {
        let n: u16 = s.parse().ok()?;
        (n.to_string() == s).then_some(n)
    };
    match eq.kind {
        EquipmentKind::Board { rows, columns } => {
            let (r, c) = rest.split_once('.')?;
            let (row, column) = (number(r)?, number(c)?);
            ((1..=rows).contains(&row) && (1..=columns).contains(&column)).then_some(Place::Square {
                of: eq,
                row,
                column,
            })
        }
        EquipmentKind::Track { length, .. } => {
            let column = number(rest)?;
            (1..=length).contains(&column).then_some(Place::Square {
                of: eq,
                row: 1,
                column,
            })
        }
        EquipmentKind::Points => eq
            .all_points()
            .into_iter()
            .find(|p| *p == rest)
            .map(|point| Place::Point { of: eq, point }),
        _ => None,
    }
}

/// The name of a square of a board (`NAME.ROW.COL`) or a track (`NAME.I`).
pub fn square_name(eq_name: &str, kind: &EquipmentKind, row: u16, column: u16) -> String {
    match kind {
        EquipmentKind::Track { .. } => format!("{eq_name}.{column}"),
        _ => format!("{eq_name}.{row}.{column}"),
    }
}

/// The names of every square a board or track makes, row by row from row 1;
/// empty for other kinds.
pub fn square_names(eq_name: &str, kind: &EquipmentKind) -> Vec<String> {
    match *kind {
        EquipmentKind::Board { rows, columns } => (1..=rows)
            .flat_map(|r| (1..=columns).map(move |c| (r, c)))
            .map(|(r, c)| square_name(eq_name, kind, r, c))
            .collect(),
        EquipmentKind::Track { length, .. } => {
            (1..=length).map(|i| square_name(eq_name, kind, 1, i)).collect()
        }
        _ => Vec::new(),
    }
}

/// Whether a figure starting on `origin` lies on `eq` (on it or on one of its squares).
pub fn lies_on(eq: &Equipment, origin: &str) -> bool {
    origin == eq.name || square_of(eq, origin).is_some()
}

/// How many figures start on the place with this name.
pub fn count_on(game: &Game, place_name: &str) -> usize {
    game.figures.iter().filter(|f| f.origin == place_name).count()
}

/// Every name in use: equipment, the squares of boards and tracks, the
/// points of points boards, figures and triggers.
pub fn all_names(game: &Game) -> std::collections::BTreeSet<String> {
    let mut names = std::collections::BTreeSet::new();
    for e in &game.equipment {
        names.insert(e.name.clone());
        names.extend(parts(e));
    }
    names.extend(game.figures.iter().map(|f| f.name.clone()));
    names.extend(game.triggers.iter().map(|t| t.name.clone()));
    names.extend(game.dice.iter().map(|d| d.name.clone()));
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::Equipment;

    fn eq(name: &str, kind: EquipmentKind) -> Equipment {
        Equipment::new(name, kind)
    }

    #[test]
    fn squares_of_boards_and_tracks_are_found_by_name() {
        let board = eq("b", EquipmentKind::Board { rows: 2, columns: 3 });
        assert_eq!(
            square_of(&board, "b.2.3"),
            Some(Place::Square {
                of: &board,
                row: 2,
                column: 3
            })
        );
        assert_eq!(square_of(&board, "b.3.1"), None);
        assert_eq!(square_of(&board, "b.01.1"), None);
        assert_eq!(square_of(&board, "b.1"), None);
        assert_eq!(square_of(&board, "bb.1.1"), None);
        let track = eq(
            "t",
            EquipmentKind::Track {
                length: 4,
                ring: false,
            },
        );
        assert!(square_of(&track, "t.4").is_some());
        assert!(square_of(&track, "t.0").is_none());
        assert_eq!(square_names("b", &board.kind).len(), 6);
        assert_eq!(square_names("t", &track.kind), ["t.1", "t.2", "t.3", "t.4"]);
    }

    #[test]
    fn a_board_itself_holds_no_figures_but_its_squares_do() {
        let mut game = Game::default();
        game.equipment
            .push(eq("b", EquipmentKind::Board { rows: 1, columns: 1 }));
        assert!(!place(&game, "b").unwrap().holds_figures());
        assert!(place(&game, "b.1.1").unwrap().holds_figures());
        assert_eq!(place(&game, "b.1.1").unwrap().capacity(), Some(1));
        assert!(all_names(&game).contains("b.1.1"));
    }

    #[test]
    fn the_points_of_a_points_board_are_places_named_after_it() {
        let mut game = Game::default();
        let mut mill = eq("mill", EquipmentKind::Points);
        mill.lines = vec![vec!["a1".into(), "b1".into()]];
        game.equipment.push(mill);
        let a1 = place(&game, "mill.a1").unwrap();
        assert!(matches!(a1, Place::Point { point: "a1", .. }));
        assert_eq!(a1.name(), "mill.a1");
        assert!(a1.holds_figures());
        assert_eq!(a1.capacity(), Some(1));
        assert!(!place(&game, "mill").unwrap().holds_figures());
        assert!(place(&game, "mill.c1").is_none());
        assert_eq!(parts(&game.equipment[0]), ["mill.a1", "mill.b1"]);
        assert!(all_names(&game).contains("mill.b1"));
    }
}
