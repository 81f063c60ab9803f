//! A validated game, compiled for fast play: names become small numbers,
//! patterns are matched ahead of time, moves become an automaton.
//!
//! [`Rules::compile`] is the only way in: a [`Game`] that has problems
//! gives the list of all of them instead.
//!
//! - `compile.rs`: the steps — number the elements, check, lower, then
//!   refuse a step rule too slow to list (`prefilter::listing_problems`).
//! - `check/`: one module a section, each returning the problems it finds.
//! - `lower/`: one module a table of the fast form (places and grids,
//!   figures and types, triggers, step tables, the move automaton, ends,
//!   heuristic).
//! - `scope.rs`: what an expression may name, read alike by both.
//! - `prefilter.rs`, `zobrist.rs`: conditions answered ahead of time, hash keys.
//! - `fast/`, `bitboard.rs`: conditions and effects compiled over ids, and
//!   boards of at most 64 squares as bits; where they answer, the answer is
//!   the one the general evaluator (or runner, for effects) gives.

use fixedbitset::FixedBitSet;

use super::automaton::MoveAutomaton;
use super::expr::{Effect, Expr, Value};
use super::model::{Attributes, Face, Game, OwnerPattern, Settings, Shows, TriggerValue};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The name of nothing, as an expression value.
static NO_TEXT: Value = Value::Text(String::new());

pub mod bitboard;
mod check;
mod compile;
pub mod dice;
mod fast;
mod lower;
pub mod points;
mod prefilter;
mod scope;
pub mod words;
pub(crate) mod zobrist;

pub(crate) use fast::tree;
pub use fast::{names_are_unique, Alter, Ask, Fast, FastEffect, FastSet};
pub use prefilter::{Candidates, Prefilter};

pub use zobrist::Zobrist;

/// Index of a place (a piece of equipment, or a square of a board or track).
pub type PlaceId = u16;
/// Index of a figure.
pub type FigureId = u16;
/// Index of a figure type.
pub type TypeId = u16;
/// Index of a trigger.
pub type TriggerId = u16;
/// Index of a step rule.
pub type RuleId = u16;

/// Something in the game that has a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    Place(PlaceId),
    Figure(FigureId),
    Trigger(TriggerId),
    /// A board or track as a whole.
    Grid(u16),
    /// A points board as a whole.
    Points(u16),
    /// A die.
    Die(dice::DieId),
    /// A figure type name, e.g. `crown`.
    Type(TypeId),
}

/// A place figures lie on.
#[derive(Debug, Clone)]
pub struct Place {
    pub name: String,
    /// `square`, `point`, `group` or `basket`.
    pub kind: &'static str,
    /// How many figures fit; `None` is no limit.
    pub capacity: Option<u32>,
    pub attributes: Attributes,
    /// For a square of a board or track: which one, and where on it.
    pub grid: Option<GridSpot>,
    /// For a point named like a chess square (`c3`): its row and column,
    /// which `row` and `column` read.
    pub named_at: Option<(u16, u16)>,
    /// The player it belongs to (a hand), 0 for none.
    pub owner: u8,
    /// To whom it shows the figures on it.
    pub shows: Shows,
}

/// Where a square lies on its board or track.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridSpot {
    pub grid: u16,
    /// From 1; always 1 on a track.
    pub row: u16,
    /// From 1; the index on a track.
    pub column: u16,
}

impl Place {
    /// Its row and column: a square's, or a point's named like a chess
    /// square.
    pub fn row_column(&self) -> Option<(u16, u16)> {
        self.grid.map(|g| (g.row, g.column)).or(self.named_at)
    }
}

/// A board or track: a block of places in row order.
#[derive(Debug, Clone)]
pub struct Grid {
    pub name: String,
    pub rows: u16,
    pub columns: u16,
    /// A track whose last square is next to its first.
    pub ring: bool,
    pub is_track: bool,
    /// The place of row 1, column 1; the others follow row by row.
    pub first: PlaceId,
}

impl Grid {
    /// The square halfway from `a` to `b`, squares of this grid two apart
    /// in a straight or diagonal line (`between`); none otherwise.
    pub fn between(&self, a: GridSpot, b: GridSpot) -> Option<PlaceId> {
        let (dr, dc) = (
            i64::from(b.row) - i64::from(a.row),
            i64::from(b.column) - i64::from(a.column),
        );
        let in_line =
            a.grid == b.grid && [-2, 0, 2].contains(&dr) && [-2, 0, 2].contains(&dc) && (dr, dc) != (0, 0);
        in_line
            .then(|| self.place(i64::from(a.row) + dr / 2, i64::from(a.column) + dc / 2))
            .flatten()
    }

    /// The place at `row`, `column` (from 1), if on the grid.
    pub fn place(&self, row: i64, column: i64) -> Option<PlaceId> {
        let (rows, columns) = (self.rows as i64, self.columns as i64);
        let column = if self.ring && self.is_track {
            (column - 1).rem_euclid(columns) + 1
        } else {
            column
        };
        if (1..=rows).contains(&row) && (1..=columns).contains(&column) {
            Some(self.first + ((row - 1) * columns + column - 1) as PlaceId)
        } else {
            None
        }
    }
}

/// A figure as it starts.
#[derive(Debug, Clone)]
pub struct FigureInfo {
    pub name: String,
    pub kind: TypeId,
    /// The owning player, 0 for none.
    pub owner: u8,
    pub colour: String,
    pub attributes: Attributes,
    pub origin: PlaceId,
    /// Which way up it starts.
    pub face: Face,
}

/// A trigger as it starts.
#[derive(Debug, Clone)]
pub struct TriggerInfo {
    pub name: String,
    pub start: Value,
    pub visible: bool,
}

/// For each candidate, whether a pattern matches it and what it captured.
pub type MatchTable = Vec<Option<Vec<Value>>>;

/// A step rule ready to be tried.
#[derive(Debug, Clone)]
pub struct StepRuleC {
    pub name: String,
    /// Per figure: does its name and origin match, and the captures.
    pub what_static: MatchTable,
    /// Per figure type: does the type match, and the captures.
    pub what_kind: MatchTable,
    pub owner: Option<OwnerPattern>,
    /// Per place: does it match `from`, and the captures.
    pub from: MatchTable,
    /// The places `from` matches.
    pub starts: FixedBitSet,
    /// The places `to` matches, with the captures.
    pub to: Vec<(PlaceId, Vec<Value>)>,
    /// Per place, where it is in `to` (`u32::MAX` where `to` does not
    /// match it): a drawn target is looked at without a search.
    pub to_index: Vec<u32>,
    /// Variable names: `figure`, `from`, `to`, then the captures in order
    /// what name, origin, type, from name, kind, to name, kind.
    pub vars: Vec<String>,
    /// Which capture slots must equal an earlier slot of the same name.
    pub same: Vec<(usize, usize)>,
    pub when: Vec<Expr>,
    /// Each condition compiled over ids, where it has that form.
    pub fast: Vec<Option<Fast>>,
    /// The source of each condition, for explanations.
    pub when_text: Vec<String>,
    pub effects: Vec<Effect>,
    /// Each effect compiled over ids, where it has that form.
    pub fast_effects: Vec<Option<FastEffect>>,
    /// Capture by landing: the top figure on `to` is taken off first; its
    /// name is the last variable, `captured`.
    pub capture: bool,
    /// The conditions answered ahead of time, and the targets they leave.
    pub prefilter: Prefilter,
    /// Whether asking its conditions during play needs the rule's variables
    /// as text: a condition (or part of one) that the general evaluator
    /// answers or that reads a capture, or captures that must be equal.
    /// Where it does not, the variables are made only when a compiled
    /// condition gives up.
    pub needs_vars: bool,
    /// A condition asks for `figure = top(from)`: only the top figure of a
    /// place is tried (a card drawn from a deck of fifty).
    pub top_only: bool,
    /// Where every target is a square of one board of at most 64 squares:
    /// the targets as bits, and the conditions asked of all of them at
    /// once.
    pub board: Option<RuleBoard>,
}

/// A step rule whose targets all lie on one board of at most 64 squares
/// ([`bitboard`]): its targets are listed as bits.
#[derive(Debug, Clone)]
pub struct RuleBoard {
    /// The board, in [`Rules::bitboards`].
    pub b: usize,
    /// The rule's targets.
    pub to: u64,
    /// The conditions asked during play that are worked out for every
    /// target at once ([`FastSet`]), each with its index in `when`.
    pub sets: Vec<(usize, FastSet)>,
    /// The conditions asked during play that are still asked target by
    /// target (indices into `when`).
    pub rest: Vec<usize>,
}

impl StepRuleC {
    /// What `to` captured, if the rule's `to` matches it (the targets are
    /// in the order of the places).
    pub fn target(&self, to: PlaceId) -> Option<&[Value]> {
        let i = *self.to_index.get(to as usize)?;
        self.to.get(i as usize).map(|(_, caps)| caps.as_slice())
    }
}

/// A game-over condition ready to be checked.
#[derive(Debug, Clone)]
pub struct EndC {
    /// Its name, shared with every position it ends (no copy of it made).
    pub name: std::sync::Arc<str>,
    pub when: Vec<Expr>,
    /// Each condition compiled over ids, where it has that form.
    pub fast: Vec<Option<Fast>>,
    pub winner: Expr,
    /// The winner compiled over ids, where it has that form.
    pub winner_fast: Option<Fast>,
}

/// Names to elements, with a fast hash: every name in an expression is
/// looked up here while steps are generated.
pub type NameMap = HashMap<String, Element, BuildHasherDefault<FastHasher>>;

/// A small, fast, non-cryptographic hasher (FNV-1a over 8-byte words) for
/// element names, which come from the game, not from an adversary.
#[derive(Debug, Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        zobrist::splitmix(self.0)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0 ^ 0xCBF2_9CE4_8422_2325;
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            h = (h ^ w).wrapping_mul(0x100_0000_01B3).rotate_left(23);
        }
        for &b in chunks.remainder() {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01B3);
        }
        self.0 = h;
    }
}

/// A compiled game. Cheap to share behind an `Arc`.
#[derive(Debug, Clone)]
pub struct Rules {
    /// The definition it was compiled from.
    pub game: Game,
    pub players: u8,
    pub places: Vec<Place>,
    /// Per place, how many figures it holds at most (`u32::MAX` for no
    /// limit): its `capacity`, in a list of its own, since listing steps
    /// asks it of every target.
    pub room: Vec<u32>,
    pub grids: Vec<Grid>,
    /// The grids of at most 64 squares, as sets of bits.
    pub bitboards: bitboard::BitBoards,
    pub point_boards: Vec<points::PointBoard>,
    /// Per place, the places next to it (`neighbours`): on a points board
    /// along its lines, on a board or track the squares around; `None`
    /// for any other place.
    pub neighbours: Vec<Option<Box<[PlaceId]>>>,
    pub figures: Vec<FigureInfo>,
    pub types: Vec<String>,
    pub triggers: Vec<TriggerInfo>,
    /// The dice, in the order of the definition.
    pub dice: Vec<dice::DieInfo>,
    pub steps: Vec<StepRuleC>,
    /// The places some step rule can start a step from.
    pub starts: FixedBitSet,
    pub moves: MoveAutomaton,
    /// The names of the move rules, in order.
    pub move_names: Vec<String>,
    pub ends: Vec<EndC>,
    /// Whether no game over can hold while the player on move can start a
    /// move: each asks `not can(R)` of them, R being the only step rule
    /// that starts a move. A random playout then asks them only when it
    /// finds the player stuck.
    pub ends_need_stuck: bool,
    pub heuristic: Option<Expr>,
    pub settings: Settings,
    pub names: NameMap,
    /// The name of each place as an expression value, kept so that
    /// evaluation can borrow it.
    pub place_texts: Vec<Value>,
    /// The name of each figure as an expression value.
    pub figure_texts: Vec<Value>,
    pub zobrist: Zobrist,
    /// Whether the rules can read the order of the figures on a place
    /// (`top`, `first(contains(...))`...): then two positions that differ
    /// only in that order are different positions.
    pub reads_order: bool,
    /// Per figure, its class of interchangeable figures (see
    /// [`Classes`](crate::search::moves::Classes)).
    pub class_of: Vec<u32>,
    /// Per figure, its class of figures the rules can't tell apart, for
    /// `repetitions` (see [`Classes::alike`](crate::search::moves::Classes::alike));
    /// empty when no rule asks for `repetitions`.
    pub alike_of: Vec<u32>,
    /// The places whose figures are shuffled at the start of a game
    /// (equipment with `shuffled="yes"`), in order.
    pub shuffled: Vec<PlaceId>,
    /// Whether some player may not see some figure: a figure starts face
    /// down, a place does not show to everyone, or an effect turns a
    /// figure. The computer then plays from what its player sees.
    pub hidden: bool,
    /// The rules compiled for random playouts ([`crate::machine`]), or why
    /// the game is not played there: compiled the first time a playout
    /// asks.
    pub machine: std::sync::OnceLock<Result<Box<crate::machine::Machine>, String>>,
}

impl Rules {
    /// The bit machine that plays this game's random playouts, if it can
    /// ([`crate::machine`]).
    pub fn machine(&self) -> Option<&crate::machine::Machine> {
        self.machine
            .get_or_init(|| crate::machine::Machine::compile(self).map(Box::new))
            .as_deref()
            .ok()
    }

    /// Why the bit machine does not play this game's random playouts, if
    /// it does not.
    pub fn why_no_machine(&self) -> Option<&str> {
        self.machine();
        self.machine.get()?.as_ref().err().map(String::as_str)
    }

    /// Whether only the top figure of a place can make a step: every step
    /// rule (or the one asked for) asks for `figure = top(from)`. Listing
    /// steps then looks at one figure a place, however big the deck.
    pub fn tops_only(&self, rule: Option<usize>) -> bool {
        match rule {
            Some(r) => self.steps.get(r).is_some_and(|s| s.top_only),
            None => self.steps.iter().all(|s| s.top_only),
        }
    }

    /// The places some step rule (or the one asked for) can start a step
    /// from: listing steps tries no figure on any other place.
    pub fn starts(&self, rule: Option<usize>) -> &FixedBitSet {
        static NONE: FixedBitSet = FixedBitSet::new();
        match rule {
            Some(r) => self.steps.get(r).map_or(&NONE, |s| &s.starts),
            None => &self.starts,
        }
    }

    /// Whether the step rule asked for (or every one) moves only figures
    /// of the player on move: listing its steps looks only where they are.
    pub fn moves_own_figures(&self, rule: Option<usize>) -> bool {
        let own = |s: &StepRuleC| s.owner == Some(OwnerPattern::OnMove);
        match rule {
            Some(r) => self.steps.get(r).is_some_and(own),
            None => self.steps.iter().all(own),
        }
    }

    /// The index of the step rule called `name`.
    pub fn step_index(&self, name: &str) -> Option<usize> {
        self.steps.iter().position(|r| r.name == name)
    }

    /// Whether some step rule moves only figures of the player on move.
    pub fn moves_own_figures_somewhere(&self) -> bool {
        (0..self.steps.len()).any(|r| self.moves_own_figures(Some(r)))
    }

    /// The element with this name.
    pub fn element(&self, name: &str) -> Option<Element> {
        self.names.get(name).copied()
    }

    /// The place with this name.
    pub fn place_id(&self, name: &str) -> Option<PlaceId> {
        match self.element(name) {
            Some(Element::Place(p)) => Some(p),
            _ => None,
        }
    }

    /// The figure with this name.
    pub fn figure_id(&self, name: &str) -> Option<FigureId> {
        match self.element(name) {
            Some(Element::Figure(f)) => Some(f),
            _ => None,
        }
    }

    /// The (first) step rule with this name.
    pub fn step_id(&self, name: &str) -> Option<RuleId> {
        self.steps
            .iter()
            .position(|r| r.name == name)
            .map(|i| i as RuleId)
    }

    /// The figure type with this name.
    pub fn type_id(&self, name: &str) -> Option<TypeId> {
        self.types.iter().position(|t| t == name).map(|i| i as TypeId)
    }

    /// The name of a place.
    pub fn place_name(&self, p: PlaceId) -> &str {
        self.places.get(p as usize).map_or("", |p| p.name.as_str())
    }

    /// The points board place `p` is a point of.
    /// The places next to place `p` (`neighbours(p)`): `None` where it is
    /// neither a point of a points board nor a square.
    pub fn neighbours_of(&self, p: PlaceId) -> Option<&[PlaceId]> {
        self.neighbours.get(usize::from(p))?.as_deref()
    }

    pub fn point_board(&self, p: PlaceId) -> Option<&points::PointBoard> {
        self.point_boards.iter().find(|b| b.holds(p))
    }

    /// The name of a figure.
    pub fn figure_name(&self, f: FigureId) -> &str {
        self.figures.get(f as usize).map_or("", |f| f.name.as_str())
    }

    /// The name of place `p` as an expression value (empty text for none).
    pub fn place_text(&self, p: PlaceId) -> &Value {
        self.place_texts.get(p as usize).unwrap_or(&NO_TEXT)
    }

    /// The name of figure `f` as an expression value (empty text for none).
    pub fn figure_text(&self, f: FigureId) -> &Value {
        self.figure_texts.get(f as usize).unwrap_or(&NO_TEXT)
    }

    /// The other player: in a game of two the one who is not `player`,
    /// in a game of three or four the next one (1 in a puzzle).
    pub fn other(&self, player: u8) -> u8 {
        self.next(player)
    }

    /// The player after `player`: 1, 2, …, N, then 1 again (1 in a puzzle).
    pub fn next(&self, player: u8) -> u8 {
        let n = self.players.max(1);
        if player >= n || player == 0 {
            1
        } else {
            player + 1
        }
    }

    /// The player before `player`: N before 1 (1 in a puzzle).
    pub fn previous(&self, player: u8) -> u8 {
        let n = self.players.max(1);
        if player <= 1 || player > n {
            n
        } else {
            player - 1
        }
    }
}

/// The value a trigger starts with, as an expression value.
pub fn trigger_value(v: &TriggerValue) -> Value {
    match v {
        TriggerValue::Number(n) => Value::Number(*n),
        TriggerValue::YesNo(b) => Value::Bool(*b),
        TriggerValue::Text(t) => Value::Text(t.clone()),
    }
}
