//! What a demonstration shows, read off the set-up it was made in.

use super::setup::{state_of, Demo};
use super::LearnError;
use crate::model::Attributes;
use crate::rules::Rules;

/// A square of a board (not a track): its board, row and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Spot {
    pub board: String,
    pub row: i64,
    pub column: i64,
}

/// The facts of one demonstrated step, at demonstration time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Seen {
    pub demo: Demo,
    /// The figure's type in the set-up.
    pub kind: String,
    pub origin: String,
    /// The figure's owner, 0 for nobody.
    pub owner: u8,
    /// The player on move.
    pub player: u8,
    /// The other player (1 in a puzzle).
    pub other: u8,
    /// `square`, `group` or `basket`.
    pub from_kind: &'static str,
    pub to_kind: &'static str,
    pub from_spot: Option<Spot>,
    pub to_spot: Option<Spot>,
    /// The track a place is a square of, if it is one.
    pub from_track: Option<String>,
    pub to_track: Option<String>,
    pub from_attributes: Attributes,
    pub to_attributes: Attributes,
    /// The dice the set-up says were rolled or set, with what they show.
    pub dice: Vec<(String, i64)>,
    /// When from and to are two apart in a line on one board: the owners
    /// of the figures on the square between (0 for nobody's).
    pub between: Option<Vec<u8>>,
}

impl Seen {
    /// Reads a demonstration; a figure or place that is not there, or a
    /// figure that is not on `from`, is an error.
    pub fn new(rules: &Rules, demo: &Demo) -> Result<Seen, LearnError> {
        let state = state_of(rules, &demo.setup)?;
        let f = rules
            .figure_id(&demo.figure)
            .ok_or_else(|| LearnError::demo(format!("There is no figure called '{}'.", demo.figure)))?;
        let place = |name: &str| {
            rules
                .place_id(name)
                .ok_or_else(|| LearnError::demo(format!("There is no place called '{name}'.")))
        };
        let (from, to) = (place(&demo.from)?, place(&demo.to)?);
        if state.place_of(f) != Some(from) {
            return Err(LearnError::demo(format!(
                "{} is not on {} in this set-up.",
                demo.figure, demo.from
            )));
        }
        if from == to {
            return Err(LearnError::demo(format!(
                "{} stayed on {}; drag it somewhere else.",
                demo.figure, demo.from
            )));
        }
        let info = &rules.figures[f as usize];
        let spot = |p: u16| {
            let g = rules.places[p as usize].grid?;
            let grid = &rules.grids[g.grid as usize];
            (!grid.is_track).then(|| Spot {
                board: grid.name.clone(),
                row: g.row as i64,
                column: g.column as i64,
            })
        };
        let (from_spot, to_spot) = (spot(from), spot(to));
        let track = |p: u16| {
            let g = rules.places[p as usize].grid?;
            let grid = &rules.grids[g.grid as usize];
            grid.is_track.then(|| grid.name.clone())
        };
        let between = match (&from_spot, &to_spot) {
            (Some(a), Some(b)) if a.board == b.board => {
                let (dr, dc) = (b.row - a.row, b.column - a.column);
                let in_line = [-2, 0, 2].contains(&dr) && [-2, 0, 2].contains(&dc);
                let g = rules.places[from as usize]
                    .grid
                    .map(|s| &rules.grids[s.grid as usize]);
                match g {
                    Some(g) if in_line => g.place(a.row + dr / 2, a.column + dc / 2).map(|mid| {
                        state
                            .on(mid)
                            .iter()
                            .map(|&x| rules.figures[x as usize].owner)
                            .collect()
                    }),
                    _ => None,
                }
            }
            _ => None,
        };
        let player = state.to_move();
        Ok(Seen {
            demo: demo.clone(),
            kind: rules
                .types
                .get(state.kind_of(f) as usize)
                .cloned()
                .unwrap_or_default(),
            origin: rules.place_name(info.origin).to_string(),
            owner: info.owner,
            player,
            other: rules.other(player),
            from_kind: rules.places[from as usize].kind,
            to_kind: rules.places[to as usize].kind,
            from_spot,
            to_spot,
            from_track: track(from),
            to_track: track(to),
            from_attributes: rules.places[from as usize].attributes.clone(),
            to_attributes: rules.places[to as usize].attributes.clone(),
            dice: demo
                .setup
                .dice
                .iter()
                .map(|(name, &v)| (name.clone(), i64::from(v)))
                .collect(),
            between,
        })
    }

    /// The name of the place on one side.
    pub fn place(&self, side: Side) -> &str {
        match side {
            Side::From => &self.demo.from,
            Side::To => &self.demo.to,
        }
    }

    /// The kind of the place on one side.
    pub fn kind_of(&self, side: Side) -> &'static str {
        match side {
            Side::From => self.from_kind,
            Side::To => self.to_kind,
        }
    }

    /// The board square on one side, if it is one.
    pub fn spot(&self, side: Side) -> Option<&Spot> {
        match side {
            Side::From => self.from_spot.as_ref(),
            Side::To => self.to_spot.as_ref(),
        }
    }

    /// The track a side's place is a square of, if it is one.
    pub fn track(&self, side: Side) -> Option<&str> {
        match side {
            Side::From => self.from_track.as_deref(),
            Side::To => self.to_track.as_deref(),
        }
    }

    /// Rows and columns moved on one board.
    pub fn delta(&self) -> Option<(i64, i64)> {
        match (&self.from_spot, &self.to_spot) {
            (Some(a), Some(b)) if a.board == b.board => Some((b.row - a.row, b.column - a.column)),
            _ => None,
        }
    }

    /// Whether it is the same step as another (the same figure, places and set-up).
    pub fn same_step(&self, other: &Seen) -> bool {
        self.demo == other.demo
    }
}

/// One of the two places of a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    From,
    To,
}

impl Side {
    /// `from` or `to`.
    pub fn word(self) -> &'static str {
        match self {
            Side::From => "from",
            Side::To => "to",
        }
    }
}
