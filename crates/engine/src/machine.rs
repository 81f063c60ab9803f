//! Random playouts on a bit machine: a game's rules compiled once more,
//! for playing out at random as fast as a program written for the one
//! game.
//!
//! A [`Position`](crate::Position) knows every figure by name, keeps a hash
//! of the position and records how to undo each change: what search, play
//! and take-back need. A random playout needs none of it: only what lies
//! where, whose move it is and how far the move has got, and, at its end,
//! who won. The machine keeps just that ([`Situation`]): for the board the
//! game is played on, a kind of figure on each square and the squares as
//! bits (filled, each player's), and on every other place how many figures
//! of each kind lie there. A kind is all the rules can tell of a figure
//! ([`kinds`]): its class of interchangeable figures, its type and owner.
//!
//! Its rules are the game's, compiled from the same trees as the compiled
//! conditions ([`crate::rules::tree`]): a step rule's targets on the board
//! as set programs, its other conditions, effects, game overs and winners
//! as expressions over the situation ([`value`], [`effect`]). A game whose
//! rules have a part with no such form is not played here
//! ([`Machine::compile`] says which); a playout that meets something the
//! machine does not answer (an error the general evaluator would report,
//! a figure piled on a square) stops and hands the steps made so far to
//! the general engine, which makes them again and plays on
//! ([`crate::search::playout::playout`]). Every answer the machine gives is
//! the general engine's: tests play random games of every example and of
//! hostile rules side by side in both and compare every legal step and
//! every situation.

mod ahead;
mod compile;
mod effect;
mod ends;
mod handover;
mod kinds;
mod narrow;
mod once;
mod ops;
mod placing;
mod play;
mod repeats;
mod shared;
mod situation;
mod steps;
mod value;
mod whole;

#[cfg(test)]
mod tests;

pub use play::{Action, Ended, Outcome, Scratch};
pub use situation::Situation;
pub use steps::Listing;

use crate::automaton::MoveAutomaton;
use crate::model::WhenStuck;
use crate::rules::bitboard::BitBoard;
use crate::rules::{PlaceId, Rules};
use kinds::Kinds;
use steps::StepRule;

/// Where a place's figures are kept in a [`Situation`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Where {
    /// A square of the board, its bit: one figure at most.
    Cell(u32),
    /// Any other place, its number among the piles: figures by kind,
    /// in no order.
    Pile(usize),
}

/// A game-over condition, compiled.
#[derive(Debug, Clone)]
struct End {
    when: Vec<value::Expr>,
    winner: value::Expr,
}

/// What a trigger holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holds {
    Number,
    YesNo,
}

/// A game's rules compiled for random playouts.
#[derive(Debug, Clone)]
pub struct Machine {
    /// The board of [`Rules::bitboards`] whose squares are cells, if any.
    b: Option<usize>,
    board: BitBoard,
    /// Per place.
    places: Vec<Where>,
    /// Per pile: its place and how many figures it holds at most.
    piles: Vec<(PlaceId, u32)>,
    kinds: Kinds,
    /// Per state of the move's automaton, the step rules that may come
    /// next, as bits (where there are at most 64 rules).
    allowed: Vec<u64>,
    /// Per state of the move's automaton, the one step rule (by place in
    /// `steps`) that may come next, where the turn only places figures
    /// from supplies ([`placing`]).
    placing: Vec<Option<u16>>,
    /// The same, where that rule's step ends the move by itself
    /// ([`placing::ends_move`]): a random step is drawn and made at once.
    placed: Vec<Option<u16>>,
    /// How many words of 64 the kinds take as bits.
    kind_words: usize,
    steps: Vec<StepRule>,
    ends: Vec<End>,
    /// The game overs again, where every one is answered straight from
    /// the situation ([`ends`]).
    direct_ends: Option<Vec<ends::Direct>>,
    /// Whether a game over's condition or winner binds or reads a name
    /// (a quantifier's, a definition's): only then are they asked with
    /// room for their values.
    ends_bind: bool,
    triggers: Vec<Holds>,
    /// Whether two step rules may move the same figure: then, listing every
    /// step, a target is given with the first rule that allows it.
    overlap: bool,
    players: u8,
    when_stuck: WhenStuck,
    pass_allowed: bool,
    ends_need_stuck: bool,
    /// Whether the rules can read the order of the figures on a place:
    /// then the general engine lists the steps of the top, the bottom and
    /// a middle figure of alike figures on a pile apart
    /// ([`crate::Position::stand_in`]), and so does the machine.
    reads_order: bool,
    moves: MoveAutomaton,
    /// Whether a move may be started and not finished: then whether the
    /// next player can move is asked at the end of every move
    /// ([`whole`]).
    stuck_now: bool,
    /// What counting `repetitions` needs, where the rules count them.
    repeats: Option<repeats::Repeats>,
}

impl Machine {
    /// The machine of `rules`, or why their game is not played on one.
    ///
    /// # Errors
    /// What the machine does not do that the game needs, in a few words.
    pub fn compile(rules: &Rules) -> Result<Machine, String> {
        compile::machine(rules)
    }

    /// How many kinds of figure it tells apart.
    pub fn kinds(&self) -> usize {
        self.kinds.len()
    }

    /// The kind figure `f` of `pos` is of now.
    pub fn kind_of(&self, pos: &crate::Position, f: crate::rules::FigureId) -> Option<u8> {
        let state = pos.state();
        self.kinds
            .of_figure(pos.rules(), f, state.kind_of(f), state.owner_of(f))
    }

    /// The figure of `pos` a step of the machine moves: one of kind `kind`
    /// on `from`.
    pub fn figure_of_kind(
        &self,
        pos: &crate::Position,
        from: PlaceId,
        kind: u8,
    ) -> Option<crate::rules::FigureId> {
        pos.state()
            .on(from)
            .iter()
            .copied()
            .find(|&f| self.kind_of(pos, f) == Some(kind))
    }

    /// The cell of place `p`, if it is a square of the board.
    fn cell(&self, p: PlaceId) -> Option<u32> {
        match self.places.get(p as usize) {
            Some(&Where::Cell(bit)) => Some(bit),
            _ => None,
        }
    }

    /// The pile of place `p`, if it is not a square of the board.
    fn pile(&self, p: PlaceId) -> Option<usize> {
        match self.places.get(p as usize) {
            Some(&Where::Pile(i)) => Some(i),
            _ => None,
        }
    }
}
