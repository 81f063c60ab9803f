//! Conditions compiled to run over ids: the conditions asked most often
//! (a step rule's for each target, a game over's after each move) in a
//! form that looks nothing up and copies nothing.
//!
//! The general evaluator ([`Expr::eval`]) works with names as text, finds
//! what each names while it runs, and carries every value as a [`Value`]
//! that may own a text or a list. Here the names are turned into places,
//! figures and directions once, when the game is compiled, and the values
//! are small and copied freely: a line of squares is where it starts, its
//! direction and its length, not a list of names.
//!
//! It answers only on the well-trodden path. At anything unusual (an
//! error, a value of an unexpected kind, a point of a points board) it
//! gives up, and the general evaluator answers instead; so the answer is
//! always the general evaluator's, errors and messages included. Parts it
//! has no form for (`value`, `contains`, `at`…) are asked of the general
//! evaluator as they stand, when they read no name bound inside the
//! condition.

mod bounds;
mod by_place;
mod compile;
mod effect;
mod inline;
mod ops;
mod row;
mod run;
mod sets;
pub(crate) mod shape;
mod share;
pub(crate) mod tree;
mod val;

pub use effect::{names_are_unique, Alter, FastEffect};
pub(crate) use val::{Held, Seq, Val};

use super::{Element, FigureId, PlaceId, Rules};
use crate::expr::{Expr, Value, MAX_WORK};
use crate::world::View;
use bounds::work;
use compile::{Compiler, Node};
use ops::Op;
use run::Run;

/// The most variable slots a compiled condition uses.
pub(crate) const SLOTS: usize = 16;

/// The slots a run starts with, written in place: a copy of a constant
/// this wide becomes `memory.copy` in WebAssembly, which V8 makes a call
/// into C on every run.
#[inline(always)]
pub(crate) fn no_slots() -> [Val; SLOTS] {
    [Val::num(0); SLOTS]
}

/// A condition compiled over ids, as closures.
#[derive(Clone)]
pub struct Fast {
    root: Op,
    /// The texts it names, each with what it names in the game.
    texts: Vec<Text>,
    /// Whether it reads the rule's variables as text: a capture, or a part
    /// the general evaluator answers.
    reads_vars: bool,
}

impl std::fmt::Debug for Fast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fast")
            .field("texts", &self.texts)
            .finish_non_exhaustive()
    }
}

/// A text the condition uses: [`EMPTY`], the directions, the kinds of
/// place, then its own words, each once.
#[derive(Debug, Clone)]
pub(crate) struct Text {
    pub(crate) text: String,
    /// What the game's name lookup finds for it.
    pub(crate) element: Option<Element>,
    /// The step rule of that name, for `can`.
    pub(crate) rule: Option<usize>,
}

/// The empty text: no place, no figure.
pub(crate) const EMPTY: u32 = 0;
/// Where the directions' texts start.
pub(crate) const FIRST_DIRECTION: u32 = 1;
/// Where the names of the kinds of place start (`type(place)`), after
/// the directions.
pub(crate) const FIRST_PLACE_KIND: u32 = FIRST_DIRECTION + crate::expr::DIRECTIONS.len() as u32;
/// The kinds of place, in the order their texts are kept.
pub(crate) const PLACE_KINDS: [&str; 4] = ["square", "point", "group", "basket"];
/// The texts every condition keeps first, at the same place: two of them
/// are the same text only as the same number, whichever condition each
/// came from.
pub(crate) const FIXED_TEXTS: u32 = FIRST_PLACE_KIND + PLACE_KINDS.len() as u32;

/// The step on a board of the direction text `i` names, if it names one:
/// the directions are the texts from [`FIRST_DIRECTION`], in the order of
/// [`crate::expr::DIRECTIONS`], and a text is kept once, so no other text
/// names a direction.
pub(crate) fn direction_of(i: u32) -> Option<(i64, i64)> {
    let (_, dr, dc) = crate::expr::DIRECTIONS.get(i.checked_sub(FIRST_DIRECTION)? as usize)?;
    Some((*dr, *dc))
}

/// The most values a definition compiled here takes.
pub(crate) const MAX_PARAMS: usize = 8;

impl Seq {
    pub(crate) fn len(self) -> usize {
        match self {
            Seq::Places { len, .. } | Seq::Numbers { len, .. } => len as usize,
            Seq::Line { len, .. } | Seq::Directions { len, .. } => len as usize,
            Seq::Around { len, .. } | Seq::LinesAt { len, .. } | Seq::PointLine { len, .. } => len as usize,
        }
    }

    /// The first `n` items.
    pub(crate) fn prefix(mut self, n: usize) -> Seq {
        match &mut self {
            Seq::Places { len, .. } | Seq::Numbers { len, .. } => *len = n as u16,
            Seq::Line { len, .. } | Seq::Directions { len, .. } => *len = n as u8,
            Seq::Around { len, .. } | Seq::LinesAt { len, .. } | Seq::PointLine { len, .. } => *len = n as u8,
        }
        self
    }

    /// Whether place `p` is one of the items, for a list whose items are
    /// all places (`x in neighbours(a)` with `x` a place: the same as an
    /// item equal to it); `None` for a list of another kind, or one that
    /// cannot be read (an item would give up).
    pub(crate) fn holds_place(self, p: PlaceId, rules: &Rules) -> Option<bool> {
        let within = |places: &[PlaceId], len: usize| Some(places.get(..len)?.contains(&p));
        match self {
            Seq::Places { first, len } => {
                Some(p >= first && u32::from(p) < u32::from(first) + u32::from(len))
            }
            Seq::Around { of, len } => within(rules.neighbours_of(of)?, usize::from(len)),
            Seq::PointLine { board, line, len } => {
                let points = rules.point_boards.get(usize::from(board))?;
                within(points.lines.get(usize::from(line))?, usize::from(len))
            }
            _ => None,
        }
    }

    /// Item `k` (from 0) of the list, of a game of `rules`.
    pub(crate) fn item(self, k: usize, rules: &Rules) -> Option<Val> {
        if k >= self.len() {
            return None;
        }
        match self {
            Seq::Line { first, step, .. } => {
                let p = first as i64 + step as i64 * k as i64;
                PlaceId::try_from(p).ok().map(Val::place)
            }
            Seq::Places { first, .. } => Some(Val::place(first + k as PlaceId)),
            Seq::Directions { first, .. } => Some(Val::text(FIRST_DIRECTION + first as u32 + k as u32)),
            Seq::Numbers { first, .. } => Some(Val::num(first.checked_add(i32::try_from(k).ok()?)?)),
            Seq::Around { of, .. } => rules.neighbours_of(of)?.get(k).copied().map(Val::place),
            Seq::LinesAt { board, of, .. } => {
                let points = rules.point_boards.get(usize::from(board))?;
                let &(line, _) = points.lines_at(of).get(k)?;
                shape::point_line(rules, board, line)
            }
            Seq::PointLine { board, line, .. } => {
                let points = rules.point_boards.get(usize::from(board))?;
                points
                    .lines
                    .get(usize::from(line))?
                    .get(k)
                    .copied()
                    .map(Val::place)
            }
        }
    }
}

/// What a compiled condition is asked with.
pub struct Ask<'a, 'v> {
    pub view: &'a View<'a>,
    /// The rule's variables as the general evaluator gets them.
    pub vars: &'a [&'v Value],
    /// The step's figure, `from` and `to`, when it is a step rule's.
    pub step: Option<(FigureId, PlaceId, PlaceId)>,
}

/// Gives up: the general evaluator answers.
type Out = Option<Val>;

/// A step rule's condition compiled as the set of its targets on one
/// board of at most 64 squares ([`sets`]): every target at once.
#[derive(Clone)]
pub struct FastSet {
    program: sets::Program,
    /// The program's parts that read no square, ready to ask.
    args: Vec<ops::Arg>,
    texts: Vec<Text>,
    /// The board, in [`Rules::bitboards`].
    board: usize,
}

impl std::fmt::Debug for FastSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FastSet")
            .field("board", &self.board)
            .finish_non_exhaustive()
    }
}

impl FastSet {
    /// `expr`, a condition of a step rule with `vars` variables, compiled
    /// as the set of its targets on board `board` of [`Rules::bitboards`];
    /// `None` where it has no such form, or reads the rule's variables as
    /// text.
    pub fn compile(expr: &Expr, rules: &Rules, vars: usize, board: usize) -> Option<FastSet> {
        let mut texts: Vec<Text> = Vec::new();
        let mut c = Compiler::new(rules, &mut texts, vars, true);
        let root = c.node(expr, vars, 0)?;
        if c.too_big || c.reads_vars || matches!(root, Node::General(_)) {
            return None;
        }
        if work(&root, rules)? > u64::from(MAX_WORK) {
            return None;
        }
        let program = sets::step_condition(&inline::inline(root), rules, &texts, board, false)?;
        let args = program.scalars().iter().map(ops::arg).collect();
        Some(FastSet {
            program,
            args,
            texts,
            board,
        })
    }

    /// How many operations its program has, and how many parts it asks
    /// that read no square.
    #[cfg(test)]
    pub fn size(&self) -> (usize, usize) {
        self.program.size()
    }

    /// The squares of the board, as bits, where the condition holds for the
    /// figure and the place of `ask.step` (its target is not read); `None`
    /// where the targets must be asked one by one.
    pub fn targets(&self, ask: &Ask) -> Option<u64> {
        let mut slots = no_slots();
        if let Some((f, from, _)) = ask.step {
            slots[0] = Val::figure(f);
            slots[1] = Val::place(from);
        }
        let rules = ask.view.rules;
        let mut run = Run {
            texts: &self.texts,
            rules,
            state: ask.view.state,
            ask,
            slots,
        };
        let board = rules.bitboards.boards.get(self.board)?;
        let state = ask.view.state;
        let (bits, player) = (state.board_bits(self.board), state.to_move());
        let values = self.program.ask(|i| self.args.get(i)?.get(&mut run))?;
        let t = self.program.run(&values, rules, board, bits, player)?;
        Some(t.yes)
    }
}

impl Fast {
    /// `expr` compiled for `rules`, the condition of a rule with `vars`
    /// variables (the first three `figure`, `from`, `to` when `step`); `None`
    /// when it has no compiled form worth having.
    pub fn compile(expr: &Expr, rules: &Rules, vars: usize, step: bool) -> Option<Fast> {
        Fast::compile_capturing(expr, rules, vars, step, None)
    }

    /// [`compile`](Self::compile) for a step rule that captures by
    /// landing, where `captured` is variable `captured` (read as `top(to)`
    /// in its conditions, asked before the step).
    pub fn compile_capturing(
        expr: &Expr,
        rules: &Rules,
        vars: usize,
        step: bool,
        captured: Option<usize>,
    ) -> Option<Fast> {
        let mut texts: Vec<Text> = Vec::new();
        let mut c = Compiler::new(rules, &mut texts, vars, step).capturing(captured);
        let root = c.node(expr, vars, 0)?;
        if c.too_big || matches!(root, Node::General(_)) {
            return None;
        }
        (work(&root, rules)? <= u64::from(MAX_WORK)).then(|| Fast {
            reads_vars: c.reads_vars,
            root: ops::root(&share::shared(root, vars)),
            texts,
        })
    }

    /// Whether it reads the rule's variables (beyond a step's `figure`,
    /// `from` and `to`): where it does not, it is asked with none.
    pub fn reads_vars(&self) -> bool {
        self.reads_vars
    }

    /// Whether condition `i` of conditions compiled as `compiled` holds, or
    /// `None` when it has no compiled form or the general evaluator must
    /// answer.
    pub fn answer(compiled: &[Option<Fast>], i: usize, ask: &Ask) -> Option<bool> {
        compiled.get(i)?.as_ref()?.holds(ask)
    }

    /// Whether the condition holds, or `None` when the general evaluator
    /// must answer.
    pub fn holds(&self, ask: &Ask) -> Option<bool> {
        self.run(ask)?.as_bool()
    }

    /// The number it gives (a game over's winner), or `None` when the
    /// general evaluator must answer.
    pub fn number(&self, ask: &Ask) -> Option<i64> {
        self.run(ask)?.as_num().map(i64::from)
    }

    fn run(&self, ask: &Ask) -> Out {
        let mut slots = no_slots();
        if let Some((f, from, to)) = ask.step {
            slots[0] = Val::figure(f);
            slots[1] = Val::place(from);
            slots[2] = Val::place(to);
        }
        let mut run = Run {
            texts: &self.texts,
            rules: ask.view.rules,
            state: ask.view.state,
            ask,
            slots,
        };
        (self.root)(&mut run)
    }
}
