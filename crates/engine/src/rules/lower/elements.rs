//! The game's elements numbered: places, grids, figure types, figures and
//! triggers, and the table from their names to their numbers.
//!
//! Built from any game, problems or not, because the checks read it: an
//! element keeps its name only when the name is usable and still free, a
//! figure that starts nowhere starts on place 0. The checks say what is
//! wrong in words; this only keeps what it can.

use super::{dice, figures, places, triggers};
use crate::expr::Words;
use crate::model::Game;
use crate::rules::dice::DieInfo;
use crate::rules::points::PointBoard;
use crate::rules::{Element, FigureInfo, Grid, NameMap, Place, TriggerInfo, TypeId};

/// The numbered elements of a game.
#[derive(Debug, Default)]
pub struct Elements {
    pub places: Vec<Place>,
    pub grids: Vec<Grid>,
    pub point_boards: Vec<PointBoard>,
    pub types: Vec<String>,
    pub figures: Vec<FigureInfo>,
    pub triggers: Vec<TriggerInfo>,
    pub dice: Vec<DieInfo>,
    /// The places shuffled at the start, in order.
    pub shuffled: Vec<crate::rules::PlaceId>,
    pub names: NameMap,
    /// The definitions that read, with the names above.
    pub words: Words,
}

impl Elements {
    /// Numbers every element of `game`, in the order of the definition.
    pub fn new(game: &Game) -> Elements {
        let mut elements = Elements::default();
        places::lower(game, &mut elements);
        figures::lower_types(game, &mut elements);
        figures::lower(game, &mut elements);
        triggers::lower(game, &mut elements);
        dice::lower(game, &mut elements);
        elements.words = crate::rules::words::read(game, Some(&elements.names)).0;
        elements
    }

    /// Gives `element` its name, unless the name can't name anything or
    /// another element already has it.
    pub fn name(&mut self, name: &str, element: Element) {
        if !blank(name) && !spaced(name) && !self.names.contains_key(name) {
            self.names.insert(name.to_string(), element);
        }
    }

    /// The number of a figure type, new or known.
    pub fn intern_type(&mut self, kind: &str) -> TypeId {
        match self.types.iter().position(|t| t == kind) {
            Some(i) => i as TypeId,
            None => {
                self.types.push(kind.to_string());
                (self.types.len() - 1) as TypeId
            }
        }
    }
}

/// A name with nothing but spaces in it names nothing.
pub fn blank(name: &str) -> bool {
    name.trim().is_empty()
}

/// A name with a space or a quote in it can't be written in an expression.
pub fn spaced(name: &str) -> bool {
    name.chars().any(|c| c.is_whitespace() || c == '"')
}
