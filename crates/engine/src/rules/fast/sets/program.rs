//! Sets ([`Pred`]) lowered to a list of operations on words, each worked
//! out once: the same part written twice (Reversi's `run(s, d)` in
//! `traps`, `opponent` in every direction) is one operation, and where an
//! error cannot change the answer it is not worked out at all. Running
//! the list is a loop over a few dozen word operations.

use std::collections::HashMap;

use super::super::compile::Node;
use super::super::{Held, Val, EMPTY};
use super::{Map, Pred, RunOf, Tri};
use crate::expr::{BinOp, Special};
use crate::rules::bitboard::BitBoard;
use crate::rules::Rules;
use crate::state::BoardBits;

/// The most operations a program may have: a condition needing more is
/// asked square by square.
pub(super) const MAX_OPS: usize = 256;

/// The most operations made while a program is built, before those its
/// results do not need are left out: folding parts together leaves many.
const MAX_BUILT: usize = 4 * MAX_OPS;

/// The most parts that read no square one program may ask.
const MAX_SCALARS: usize = 32;

/// Where an operation's result is kept: its place in the list.
pub(crate) type Reg = u16;

/// A part that reads no square: its place in [`Program::scalars`].
type Value = u8;

/// One operation: a set of squares (or, for [`Op::Scalar`], a value), from
/// the results of operations before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Op {
    /// Every square where the value is yes, none where it is no.
    Truth(Value),
    /// The squares whose owner is the number.
    Owned(Value),
    /// Every square where the number is 0 (`nobody`) and `eq`, or not 0
    /// and not `eq`; none otherwise.
    Nobody(Value, bool),
    /// The bit of the square the value names (0 for a place elsewhere or
    /// nothing).
    Bit(Value),
    /// Every square where the value is nothing.
    IsNothing(Value),
    /// The squares with a figure on.
    Filled,
    Const(u64),
    /// A set worked out ahead ([`Program::fixed`]), for the player on move.
    Fixed(u16),
    /// Every square not in `r`.
    Not(Reg),
    And(Reg, Reg),
    Or(Reg, Reg),
    /// The squares whose neighbour in direction `d` is in `r`.
    Back(Reg, u8),
    /// The squares from which going `d` (from the square itself) while in
    /// `cont` ends in `start`.
    Reach {
        start: Reg,
        cont: Reg,
        d: u8,
    },
    /// The squares whose neighbour in direction `d` is a square of `cont`
    /// from which going `d` while in `cont` ends in `start`: a run of one
    /// or more of `cont` and then `start` (Reversi's trapped line). The
    /// same as `Back` of `Reach` and `AtLeast` one of `cont`, in one go.
    Flank {
        start: Reg,
        cont: Reg,
        d: u8,
    },
    /// The squares from which going `d` at least `n` (a number plus
    /// `plus`, or `plus` alone) squares of `cont` come first.
    AtLeast {
        cont: Reg,
        d: u8,
        n: Option<Value>,
        plus: i8,
    },
    /// The squares two away from the square the value `x` names, in a
    /// line, whose square between is in `y`.
    Between {
        x: Value,
        y: Reg,
    },
    /// The squares two away from the square the value names, in a line.
    TwoAway(Value),
    /// Every square where square number `.1` is in `.0`, none otherwise:
    /// what is read of one square named as it stands ([`Map::Const`]).
    Spread(Reg, u8),
    /// The squares that are items of the list the value is (`x in list`).
    Among(Value),
    /// The squares `s` for which every square of `line` but `s` is in `y`:
    /// all of them where the whole line is, the one square missing where
    /// one is, none otherwise (`every t in line where t = s or …`).
    AllBut {
        line: u64,
        y: Reg,
    },
    /// The squares whose neighbour in some direction is in `over` and the
    /// square after it, that way, in `to`: where a step two away over a
    /// square of `over` may start ([`Program::starts`]).
    Leap {
        over: Reg,
        to: Reg,
    },
    /// The set `yes`, where `err` is empty (a part of a line's condition
    /// failing nowhere); gives up otherwise.
    Sure {
        yes: Reg,
        err: Reg,
    },
    /// [`Op::Reach`] where it is read only at the square the program is
    /// asked about ([`Program::run_each_at`]): that square or none,
    /// followed from there alone.
    ReachAt {
        start: Reg,
        cont: Reg,
        d: u8,
    },
    /// [`Op::Flank`] read only at the square asked about, as `ReachAt`.
    FlankAt {
        start: Reg,
        cont: Reg,
        d: u8,
    },
    /// [`Op::Sure`] read only at the square asked about: gives up where
    /// `err` holds there.
    SureAt {
        yes: Reg,
        err: Reg,
    },
}

/// A condition over the squares of a board as a list of operations.
#[derive(Clone)]
pub(crate) struct Program {
    ops: Vec<Op>,
    /// The parts that read no square, asked in order as the list reaches
    /// them.
    scalars: Vec<Node>,
    /// Per part that reads no square, the earlier part (a yes or no) it is
    /// read under and the answer it is read for: `a and b` reads `b` only
    /// where `a` holds, `a or b` only where it does not. Where `a` is the
    /// other answer, `b` is not asked ([`ask`](Self::ask)): Nine Men's
    /// Morris's `type(a) = "point" and (b in neighbours(a) …)` asks no
    /// neighbours of a hand, which has none.
    guards: Vec<Option<(Value, bool)>>,
    /// Sets worked out ahead: one per player on move, or one for all.
    fixed: Vec<Box<[Tri]>>,
    /// Where the condition holds.
    yes: Reg,
    /// Where working it out fails, unless it never can.
    err: Option<Reg>,
    /// Where each of the further conditions of [`of_each`](Self::of_each)
    /// holds and fails, after the first (`yes` and `err`).
    more: Vec<(Reg, Option<Reg>)>,
    /// The operations as they are asked about one square
    /// ([`run_each_at`](Self::run_each_at)): where a result is read only
    /// at that square, a run along a line is followed from there alone.
    at_ops: Vec<Op>,
}

impl Program {
    /// `p` as a program; with `errors`, the squares where it fails too
    /// (else only where it holds: a step rule's condition that fails
    /// simply does not hold). `None` when it takes too many operations.
    pub(super) fn of(p: &Pred, board: &BitBoard, errors: bool) -> Option<Program> {
        Program::of_each(std::slice::from_ref(p), board, errors)
    }

    /// Several conditions as one program, what they share worked out once:
    /// the first is what [`run`](Self::run) gives, all of them what
    /// [`run_each_at`](Self::run_each_at) gives. `None` for none, or when it
    /// takes too many operations.
    pub(super) fn of_each(ps: &[Pred], board: &BitBoard, errors: bool) -> Option<Program> {
        let mut b = Builder {
            board,
            ops: Vec::new(),
            scalars: Vec::new(),
            guards: Vec::new(),
            guard: None,
            fixed: Vec::new(),
            seen: HashMap::new(),
            too_long: false,
        };
        let mut outs = Vec::new();
        for p in ps {
            let (yes, err) = b.tri(p, errors);
            // An error nowhere, as it stands, is none to work out.
            outs.push((yes, err.filter(|&e| errors && b.known(e) != Some(0))));
        }
        if b.too_long || b.scalars.len() > MAX_SCALARS || outs.is_empty() {
            return None;
        }
        let roots: Vec<Reg> = outs
            .iter()
            .flat_map(|&(yes, err)| std::iter::once(yes).chain(err))
            .collect();
        let (ops, renamed) = live(&b.ops, &roots);
        if ops.len() > MAX_OPS {
            return None;
        }
        let mut outs = outs
            .into_iter()
            .map(|(yes, err)| (renamed(yes), err.map(&renamed)));
        let (yes, err) = outs.next()?;
        let more: Vec<(Reg, Option<Reg>)> = outs.collect();
        let results: Vec<Reg> = std::iter::once((yes, err))
            .chain(more.iter().copied())
            .flat_map(|(yes, err)| std::iter::once(yes).chain(err))
            .collect();
        Some(Program {
            at_ops: ops_at_one(&ops, &results, &[]),
            ops,
            scalars: b.scalars,
            guards: b.guards,
            fixed: b.fixed,
            yes,
            err,
            more,
        })
    }

    /// The program with the results of condition `i` (of
    /// [`of_each`](Self::of_each)) read at every square, also where it is
    /// asked about one square ([`run_each_at`](Self::run_each_at)).
    pub(crate) fn read_everywhere(mut self, i: usize) -> Program {
        let mut at_one = Vec::new();
        let mut everywhere = Vec::new();
        let outs = std::iter::once((self.yes, self.err)).chain(self.more.iter().copied());
        for (k, (yes, err)) in outs.enumerate() {
            let to = if k == i { &mut everywhere } else { &mut at_one };
            to.push(yes);
            to.extend(err);
        }
        self.at_ops = ops_at_one(&self.ops, &at_one, &everywhere);
        self
    }

    /// The directions (as bits) that the result of condition `i` (of
    /// [`of_each`](Self::of_each)) reads the board along, from its square;
    /// `None` where it reads squares elsewhere (another square a value
    /// names, those two away), or there is no condition `i`.
    pub(crate) fn directions_read(&self, i: usize) -> Option<u8> {
        let (yes, err) = match i {
            0 => (self.yes, self.err),
            _ => *self.more.get(i - 1)?,
        };
        let roots: Vec<Reg> = std::iter::once(yes).chain(err).collect();
        let mut dirs = 0u8;
        for (op, _) in self
            .ops
            .iter()
            .zip(needed(&self.ops, &roots)?)
            .filter(|(_, n)| *n)
        {
            match *op {
                Op::Back(_, d)
                | Op::Reach { d, .. }
                | Op::Flank { d, .. }
                | Op::AtLeast { d, .. }
                | Op::ReachAt { d, .. }
                | Op::FlankAt { d, .. } => {
                    dirs |= 1u8.checked_shl(u32::from(d))?;
                }
                Op::Bit(_)
                | Op::Between { .. }
                | Op::TwoAway(_)
                | Op::Leap { .. }
                | Op::Spread(..)
                | Op::AllBut { .. } => return None,
                _ => {}
            }
        }
        Some(dirs)
    }

    /// Whether what [`run`](Self::run) gives is the squares with a figure
    /// on (`Some(true)`) or those with none (`Some(false)`), read from
    /// nothing else and failing nowhere: a full or an empty board asked
    /// about without running it.
    pub(crate) fn filled(&self) -> Option<bool> {
        if self.err.is_some() {
            return None;
        }
        match (&self.ops[..], self.yes) {
            ([Op::Filled], 0) => Some(true),
            ([Op::Filled, Op::Not(0)], 1) => Some(false),
            _ => None,
        }
    }

    /// The parts that read no square, in the order [`run`](Self::run) asks
    /// for them.
    pub(crate) fn scalars(&self) -> &[Node] {
        &self.scalars
    }

    /// The values of the [`scalars`](Self::scalars), each from `get` (`None`
    /// to give up), in order: those whose guard gives the other answer are
    /// not asked, and the program does not read them.
    #[inline]
    pub(crate) fn ask(
        &self,
        mut get: impl FnMut(usize) -> Option<Val>,
    ) -> Option<arrayvec::ArrayVec<Val, MAX_SCALARS>> {
        let mut values = arrayvec::ArrayVec::new();
        for i in 0..self.scalars.len() {
            let v = match skipped(&self.guards, &values, i) {
                true => Val::bool(false),
                false => get(i)?,
            };
            values.try_push(v).ok()?;
        }
        Some(values)
    }

    /// How many operations it has, and how many parts that read no square.
    #[cfg(test)]
    pub(in crate::rules::fast) fn size(&self) -> (usize, usize) {
        (self.ops.len(), self.scalars.len())
    }

    /// Runs the program on `bits`, what lies on `board` of `rules`, with
    /// `player` on move, `values` the values of its
    /// [`scalars`](Self::scalars) in order. `None` to give up.
    pub(crate) fn run(
        &self,
        values: &[Val],
        rules: &Rules,
        board: &BitBoard,
        bits: BoardBits,
        player: u8,
    ) -> Option<Tri> {
        self.run_then(values, rules, board, bits, player, |sets| self.first(sets))
    }

    /// Where the first condition holds and fails, from the results of
    /// every operation.
    #[inline(always)]
    fn first(&self, sets: &[u64]) -> Tri {
        Tri {
            yes: sets[self.yes as usize],
            err: self.err.map_or(0, |e| sets[e as usize]),
        }
    }

    /// [`run`](Self::run), and the results `keep` (places in the list of
    /// operations) as they are over the whole board, into `kept`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run_keeping(
        &self,
        values: &[Val],
        rules: &Rules,
        board: &BitBoard,
        bits: BoardBits,
        player: u8,
        keep: &[Reg],
        kept: &mut [u64],
    ) -> Option<Tri> {
        self.run_then(values, rules, board, bits, player, |sets| {
            for (k, &r) in kept.iter_mut().zip(keep) {
                *k = sets.get(usize::from(r)).copied().unwrap_or(0);
            }
            self.first(sets)
        })
    }

    /// [`run`](Self::run) for each of the conditions of
    /// [`of_each`](Self::of_each), where only the results at the square
    /// `at` (one bit) are read: they are those of `run` there, and may
    /// be anything at the other squares. A run along a line read there
    /// alone is followed from `at` only, not grown over the whole board.
    pub(crate) fn run_each_at(
        &self,
        values: &[Val],
        rules: &Rules,
        (board, bits): (&BitBoard, BoardBits),
        player: u8,
        at: u64,
        out: &mut [Tri],
    ) -> Option<()> {
        debug_assert_eq!(at.count_ones(), 1, "one square");
        let read = |sets: &[u64]| self.read_each(sets, out);
        let ops = (&self.at_ops[..], at);
        self.run_in(ops, values, rules, (board, bits), player, read)
    }

    /// Each condition's results, from the results of every operation.
    fn read_each(&self, sets: &[u64], out: &mut [Tri]) {
        let outs = std::iter::once((self.yes, self.err)).chain(self.more.iter().copied());
        for (o, (yes, err)) in out.iter_mut().zip(outs) {
            *o = Tri {
                yes: sets[yes as usize],
                err: err.map_or(0, |e| sets[e as usize]),
            };
        }
    }

    /// Runs the program, then `read`s its results.
    #[inline(always)]
    fn run_then<R>(
        &self,
        values: &[Val],
        rules: &Rules,
        board: &BitBoard,
        bits: BoardBits,
        player: u8,
        read: impl FnOnce(&[u64]) -> R,
    ) -> Option<R> {
        // No operation of the list reads the square asked about.
        let ops = (&self.ops[..], 0);
        self.run_in(ops, values, rules, (board, bits), player, read)
    }

    /// Runs the operations `ops` of the program (asked about the square
    /// `at`, where they ask), then `read`s their results.
    #[allow(clippy::too_many_arguments)]
    fn run_in<R>(
        &self,
        (ops, at): (&[Op], u64),
        values: &[Val],
        rules: &Rules,
        (board, bits): (&BitBoard, BoardBits),
        player: u8,
        read: impl FnOnce(&[u64]) -> R,
    ) -> Option<R> {
        let all = board.all;
        // Each result in its place: an operation reads only those before it.
        // Kept on the stack with room for the longest program, and not
        // cleared first, as an array would be (most programs are a handful
        // of operations; the WebAssembly build clears by a call out of the
        // module, `memory.fill`).
        let mut sets = arrayvec::ArrayVec::<u64, MAX_OPS>::new();
        let player = usize::from(player.max(1) - 1);
        let num = |v: Val| v.as_num();
        // The parts not asked: what reads them is never read.
        let mut unasked = 0u64;
        if self.guards.iter().any(Option::is_some) {
            for i in 0..values.len().min(64) {
                if skipped(&self.guards, values, i) {
                    unasked |= 1 << i;
                }
            }
        }
        for op in ops.iter().take(MAX_OPS) {
            let s = |reg: Reg| sets.get(usize::from(reg)).copied().unwrap_or(0);
            if unasked != 0 && starts::value(*op).is_some_and(|v| unasked >> v & 1 == 1) {
                sets.try_push(0).ok()?;
                continue;
            }
            let set = match *op {
                Op::Truth(v) => match values.get(v as usize)?.as_bool()? {
                    true => all,
                    false => 0,
                },
                Op::Owned(v) => bits.owned_by(num(*values.get(v as usize)?)?, all),
                Op::Nobody(v, eq) => match (num(*values.get(v as usize)?)? == 0) == eq {
                    true => all,
                    false => 0,
                },
                Op::Bit(v) => bit(board, *values.get(v as usize)?)?,
                Op::IsNothing(v) => match *values.get(v as usize)? == Val::text(EMPTY) {
                    true => all,
                    false => 0,
                },
                Op::Filled => bits.filled,
                Op::Const(c) => c,
                Op::Fixed(k) => {
                    let by_player = &self.fixed[k as usize];
                    by_player.get(player).or_else(|| by_player.first())?.yes
                }
                Op::Not(a) => all & !s(a),
                Op::And(a, b) => s(a) & s(b),
                Op::Or(a, b) => s(a) | s(b),
                Op::Back(a, d) => board.back(s(a), d as usize),
                Op::ReachAt { start, cont, d } => {
                    let (start, cont) = (s(start), s(cont));
                    // From the square, on while in `cont`, to `start`.
                    let mut x = at;
                    loop {
                        if x & start != 0 {
                            break at;
                        }
                        if x & cont == 0 {
                            break 0;
                        }
                        x = board.ahead(x, d as usize);
                    }
                }
                Op::FlankAt { start, cont, d } => {
                    let (start, cont) = (s(start), s(cont));
                    // From the square's neighbour, one or more of `cont`,
                    // then `start`.
                    let mut x = board.ahead(at, d as usize);
                    loop {
                        if x & cont == 0 {
                            break 0;
                        }
                        x = board.ahead(x, d as usize);
                        if x & start != 0 {
                            break at;
                        }
                    }
                }
                Op::Reach { start, cont, d } => {
                    let (start, cont) = (s(start), s(cont));
                    let mut reach = start;
                    loop {
                        let more = start | (cont & board.back(reach, d as usize));
                        if more == reach {
                            break reach;
                        }
                        reach = more;
                    }
                }
                Op::Flank { start, cont, d } => board.flank(s(start), s(cont), d as usize),
                Op::AtLeast { cont, d, n, plus } => {
                    let n = match n {
                        Some(v) => i64::from(num(*values.get(v as usize)?)?),
                        None => 0,
                    } + i64::from(plus);
                    if n <= 0 {
                        all
                    } else {
                        let cont = s(cont);
                        let mut held = cont;
                        for _ in 1..n.min(65) {
                            held = cont & board.back(held, d as usize);
                        }
                        board.back(held, d as usize)
                    }
                }
                Op::Between { x, y } => between(rules, board, *values.get(x as usize)?, Some(s(y)))?,
                Op::TwoAway(x) => between(rules, board, *values.get(x as usize)?, None)?,
                Op::Spread(a, i) => match s(a) >> i & 1 {
                    1 => all,
                    _ => 0,
                },
                Op::Among(v) => among(rules, board, *values.get(v as usize)?)?,
                Op::AllBut { line, y } => {
                    let missing = line & !s(y);
                    match missing & missing.wrapping_sub(1) {
                        _ if missing == 0 => all,
                        0 => missing,
                        _ => 0,
                    }
                }
                Op::Leap { over, to } => board.leap(s(over), s(to)),
                Op::Sure { yes, err } => {
                    if s(err) != 0 {
                        return None;
                    }
                    s(yes)
                }
                Op::SureAt { yes, err } => {
                    if s(err) & at != 0 {
                        return None;
                    }
                    s(yes)
                }
            };
            sets.try_push(set).ok()?;
        }
        Some(read(&sets))
    }
}

/// The operations the `roots` need, in order, each reading the others'
/// new places; and where each old place is now.
fn live(ops: &[Op], roots: &[Reg]) -> (Vec<Op>, impl Fn(Reg) -> Reg) {
    let needed = needed(ops, roots).unwrap_or_else(|| vec![false; ops.len()]);
    let mut at = vec![0 as Reg; ops.len()];
    let mut kept = Vec::new();
    for (i, &op) in ops.iter().enumerate() {
        if needed[i] {
            at[i] = kept.len() as Reg;
            kept.push(rename(op, &at));
        }
    }
    (kept, move |r: Reg| at[r as usize])
}

/// `ops` as they are asked about one square, where the `results` are read
/// (and the results read `everywhere`, at every square): an operation whose
/// result is read only there (by the results themselves, or by `not`,
/// `and`, `or` and `Sure` whose own result is) is worked out there alone.
/// An operation along a line reads its sets at other squares, and one no
/// result reads is worked out whole all the same.
fn ops_at_one(ops: &[Op], results: &[Reg], everywhere: &[Reg]) -> Vec<Op> {
    #[derive(Clone, Copy, PartialEq, PartialOrd)]
    enum Read {
        Not,
        AtOne,
        Everywhere,
    }
    let mut read = vec![Read::Not; ops.len()];
    for (&r, how) in results
        .iter()
        .map(|r| (r, Read::AtOne))
        .chain(everywhere.iter().map(|r| (r, Read::Everywhere)))
    {
        if let Some(x) = read.get_mut(r as usize) {
            if *x < how {
                *x = how;
            }
        }
    }
    for i in (0..ops.len()).rev() {
        let passed = match ops[i] {
            Op::Not(_) | Op::And(..) | Op::Or(..) | Op::Sure { .. } if read[i] == Read::AtOne => Read::AtOne,
            // What it reads must be right everywhere: it reads other
            // squares, or is worked out whole (not read, it still runs).
            _ => Read::Everywhere,
        };
        for r in reads(ops[i]) {
            if let Some(x) = read.get_mut(r as usize) {
                if *x < passed {
                    *x = passed;
                }
            }
        }
    }
    ops.iter()
        .zip(read)
        .map(|(&op, read)| match (op, read) {
            (Op::Reach { start, cont, d }, Read::AtOne) => Op::ReachAt { start, cont, d },
            (Op::Flank { start, cont, d }, Read::AtOne) => Op::FlankAt { start, cont, d },
            (Op::Sure { yes, err }, Read::AtOne) => Op::SureAt { yes, err },
            (op, _) => op,
        })
        .collect()
}

/// Which operations the `roots` need, each a place in `ops`; `None` for a
/// root past the list.
fn needed(ops: &[Op], roots: &[Reg]) -> Option<Vec<bool>> {
    let mut needed = vec![false; ops.len()];
    for &r in roots {
        *needed.get_mut(r as usize)? = true;
    }
    for i in (0..ops.len()).rev() {
        if needed[i] {
            for r in reads(ops[i]) {
                needed[r as usize] = true;
            }
        }
    }
    Some(needed)
}

/// The results an operation reads.
fn reads(op: Op) -> Vec<Reg> {
    match op {
        Op::Not(a) | Op::Back(a, _) | Op::Spread(a, _) | Op::AllBut { y: a, .. } => vec![a],
        Op::And(a, b) | Op::Or(a, b) => vec![a, b],
        Op::Reach { start, cont, .. }
        | Op::Flank { start, cont, .. }
        | Op::ReachAt { start, cont, .. }
        | Op::FlankAt { start, cont, .. } => vec![start, cont],
        Op::AtLeast { cont, .. } => vec![cont],
        Op::Between { y, .. } => vec![y],
        Op::Leap { over, to } => vec![over, to],
        Op::Sure { yes, err } | Op::SureAt { yes, err } => vec![yes, err],
        Op::Truth(_)
        | Op::Owned(_)
        | Op::Nobody(..)
        | Op::Bit(_)
        | Op::IsNothing(_)
        | Op::Filled
        | Op::Const(_)
        | Op::Fixed(_)
        | Op::TwoAway(_)
        | Op::Among(_) => vec![],
    }
}

/// `op` reading the new places `at` of what it reads.
fn rename(op: Op, at: &[Reg]) -> Op {
    let r = |x: Reg| at[x as usize];
    match op {
        Op::Not(a) => Op::Not(r(a)),
        Op::Back(a, d) => Op::Back(r(a), d),
        Op::Spread(a, i) => Op::Spread(r(a), i),
        Op::AllBut { line, y } => Op::AllBut { line, y: r(y) },
        Op::And(a, b) => Op::And(r(a), r(b)),
        Op::Or(a, b) => Op::Or(r(a), r(b)),
        Op::Reach { start, cont, d } => Op::Reach {
            start: r(start),
            cont: r(cont),
            d,
        },
        Op::Flank { start, cont, d } => Op::Flank {
            start: r(start),
            cont: r(cont),
            d,
        },
        Op::AtLeast { cont, d, n, plus } => Op::AtLeast {
            cont: r(cont),
            d,
            n,
            plus,
        },
        Op::Between { x, y } => Op::Between { x, y: r(y) },
        Op::Leap { over, to } => Op::Leap {
            over: r(over),
            to: r(to),
        },
        Op::Sure { yes, err } => Op::Sure {
            yes: r(yes),
            err: r(err),
        },
        Op::ReachAt { start, cont, d } => Op::ReachAt {
            start: r(start),
            cont: r(cont),
            d,
        },
        Op::FlankAt { start, cont, d } => Op::FlankAt {
            start: r(start),
            cont: r(cont),
            d,
        },
        Op::SureAt { yes, err } => Op::SureAt {
            yes: r(yes),
            err: r(err),
        },
        other => other,
    }
}

/// The bit of the square the value `v` names (0 for a place elsewhere or
/// nothing). Kept out of the loop of [`Program::run`], as are the others
/// below: what they read of the board would be read ahead on every run.
#[inline(never)]
fn bit(board: &BitBoard, v: Val) -> Option<u64> {
    match v.held() {
        Held::Place(p) => Some(board.bit(p).unwrap_or(0)),
        Held::Text(EMPTY) => Some(0),
        _ => None,
    }
}

/// Whether the part `i` is not asked: its guard is, or gives the other
/// answer (not a yes or no, it is asked: the value is a stand-in).
fn skipped(guards: &[Option<(Value, bool)>], values: &[Val], i: usize) -> bool {
    let mut at = i;
    // A guard is an earlier part: the chain ends.
    while let Some(&Some((g, want))) = guards.get(at) {
        let g = usize::from(g);
        if values.get(g).and_then(|v| v.as_bool()) == Some(!want) {
            return true;
        }
        at = g;
    }
    false
}

/// The squares of the board that are items of the list `v`; `None` for
/// anything but a list of places (an item that is a name as text is left
/// to the square by square evaluation, which compares names).
fn among(rules: &Rules, board: &BitBoard, v: Val) -> Option<u64> {
    let list = v.as_list()?;
    (0..list.len()).try_fold(0, |bits, k| match list.item(k, rules)?.held() {
        Held::Place(p) => Some(bits | board.bit(p).unwrap_or(0)),
        _ => None,
    })
}

/// The squares two away from the square the value `x` names, in a line:
/// those whose square between is in `y`, or all of them (`None`).
#[inline(never)]
fn between(rules: &Rules, board: &BitBoard, x: Val, y: Option<u64>) -> Option<u64> {
    Some(board.two_away(square(rules, x, board)?, y))
}

/// The bit of the square a value names, 0 for a square of another board;
/// `None` for anything but a square (a name as text is left to the square
/// by square evaluation).
fn square(rules: &Rules, v: Val, board: &BitBoard) -> Option<u64> {
    let p = v.as_place()?;
    rules.places.get(p as usize)?.grid?;
    Some(board.bit(p).unwrap_or(0))
}

struct Builder<'a> {
    board: &'a BitBoard,
    ops: Vec<Op>,
    scalars: Vec<Node>,
    guards: Vec<Option<(Value, bool)>>,
    /// The guard of the parts asked now ([`Program::guards`]).
    guard: Option<(Value, bool)>,
    fixed: Vec<Box<[Tri]>>,
    /// Each operation already in the list, for sharing.
    seen: HashMap<Op, Reg>,
    too_long: bool,
}

/// A set and where working it out fails (`None`: nowhere).
type Pair = (Reg, Option<Reg>);

impl Builder<'_> {
    fn op(&mut self, op: Op) -> Reg {
        if let Some(&r) = self.seen.get(&op) {
            return r;
        }
        if self.ops.len() >= MAX_BUILT {
            self.too_long = true;
            return 0;
        }
        let r = self.ops.len() as Reg;
        self.ops.push(op);
        self.seen.insert(op, r);
        r
    }

    /// Asks `a` (once for the same part): the value to read.
    fn scalar(&mut self, a: &Node) -> Value {
        let k = match self.scalars.iter().position(|x| x == a) {
            Some(k) => {
                // Read under another guard too: always asked.
                if self.guards[k] != self.guard {
                    self.guards[k] = None;
                }
                k
            }
            None => {
                self.scalars.push(a.clone());
                self.guards.push(self.guard);
                self.scalars.len() - 1
            }
        };
        k.min(MAX_SCALARS) as Value
    }

    /// `tri` of `p` read only where the part `a` (a yes or no that reads
    /// no square) is `want`.
    fn guarded(&mut self, a: &Node, want: bool, p: &Pred, errors: bool) -> Pair {
        let v = self.scalar(a);
        let outer = self.guard.replace((v, want));
        let out = self.tri(p, errors);
        self.guard = outer;
        out
    }

    fn all(&self) -> u64 {
        self.board.all
    }

    fn konst(&mut self, c: u64) -> Reg {
        self.op(Op::Const(c & self.board.all))
    }

    /// The set `r` always is, where it is written as it stands.
    fn known(&self, r: Reg) -> Option<u64> {
        match self.ops.get(r as usize) {
            Some(&Op::Const(c)) => Some(c),
            _ => None,
        }
    }

    /// Whether `a` is every square not in `b`.
    fn opposite(&self, a: Reg, b: Reg) -> bool {
        self.ops.get(a as usize) == Some(&Op::Not(b)) || self.ops.get(b as usize) == Some(&Op::Not(a))
    }

    fn not(&mut self, a: Reg) -> Reg {
        // Twice not is the set itself (every set lies on the board).
        // The squares whose neighbour is not outside `x`: those whose
        // neighbour is in `x`, and those with none that way (Connect
        // Four's squares not above an empty one).
        if let Some((x, d)) = self.back_of_not(a) {
            let back = self.op(Op::Back(x, d));
            let edge = self.konst(!self.board.has(usize::from(d)));
            return self.or(back, edge);
        }
        match self.ops.get(a as usize) {
            Some(&Op::Not(x)) => x,
            Some(&Op::Const(c)) => self.konst(!c),
            // All or nothing, by one square: the other way by the same.
            Some(&Op::Spread(x, i)) => {
                let not_x = self.not(x);
                self.op(Op::Spread(not_x, i))
            }
            _ => self.op(Op::Not(a)),
        }
    }

    /// `x` and the direction, where `r` is the squares whose neighbour
    /// that way is not in `x`.
    fn back_of_not(&self, r: Reg) -> Option<(Reg, u8)> {
        let Some(&Op::Back(y, d)) = self.ops.get(r as usize) else {
            return None;
        };
        match *self.ops.get(y as usize)? {
            Op::Not(x) => Some((x, d)),
            _ => None,
        }
    }

    fn and(&mut self, a: Reg, b: Reg) -> Reg {
        // Two sets read at one square: both at once (one word for every
        // part about that square, not one each).
        if let Some((x, y, i)) = self.spread_alike(a, b) {
            let both = self.and(x, y);
            return self.op(Op::Spread(both, i));
        }
        let all = self.all();
        // A part of `b` and `a`: `b` already.
        let within = |x: Reg, y: Reg, ops: &[Op]| matches!(ops.get(y as usize), Some(&Op::And(p, q)) if p == x || q == x);
        match (self.known(a), self.known(b)) {
            _ if a == b => a,
            _ if within(a, b, &self.ops) => b,
            _ if within(b, a, &self.ops) => a,
            _ if self.flanks(a, b) => a,
            _ if self.flanks(b, a) => b,
            (Some(0), _) | (_, Some(0)) => self.konst(0),
            (Some(x), _) if x == all => b,
            (_, Some(x)) if x == all => a,
            _ if self.opposite(a, b) => self.konst(0),
            _ => self.op(Op::And(a.min(b), a.max(b))),
        }
    }

    /// The sets and the square where `a` and `b` are each a set read at the
    /// same square ([`Op::Spread`]).
    fn spread_alike(&self, a: Reg, b: Reg) -> Option<(Reg, Reg, u8)> {
        match (self.ops.get(a as usize)?, self.ops.get(b as usize)?) {
            (&Op::Spread(x, i), &Op::Spread(y, j)) if i == j => Some((x, y, i)),
            _ => None,
        }
    }

    /// Whether `a` is a flank that lies within `b`, one or more of its
    /// `cont` going its way: a flank starts with one.
    fn flanks(&self, a: Reg, b: Reg) -> bool {
        match (self.ops.get(a as usize), self.ops.get(b as usize)) {
            (
                Some(&Op::Flank { cont, d, .. }),
                Some(&Op::AtLeast {
                    cont: c,
                    d: e,
                    n: None,
                    plus: 1,
                }),
            ) => cont == c && d == e,
            _ => false,
        }
    }

    fn or(&mut self, a: Reg, b: Reg) -> Reg {
        if let Some((x, y, i)) = self.spread_alike(a, b) {
            let either = self.or(x, y);
            return self.op(Op::Spread(either, i));
        }
        let all = self.all();
        // `a or not (a or x)` is `a or not x` (Connect Four's `row(to) = 6
        // or not empty(neighbour(to, down))`, where the neighbour is
        // nothing on the bottom row).
        if let Some(x) = self.beside_not(a, b) {
            let not_x = self.not(x);
            return self.or(a, not_x);
        }
        if let Some(x) = self.beside_not(b, a) {
            let not_x = self.not(x);
            return self.or(b, not_x);
        }
        // Two sets known as written are one: `c or (x or d)` is
        // `(c or d) or x`.
        for (c, rest) in [(a, b), (b, a)] {
            if let (Some(c), Some((d, x))) = (self.known(c), self.or_known(rest)) {
                let both = self.konst(c | d);
                return self.or(both, x);
            }
        }
        match (self.known(a), self.known(b)) {
            _ if a == b => a,
            (Some(0), _) => b,
            (_, Some(0)) => a,
            (Some(x), _) | (_, Some(x)) if x == all => self.konst(all),
            (Some(x), Some(y)) => self.konst(x | y),
            _ if self.opposite(a, b) => self.konst(all),
            _ => self.op(Op::Or(a.min(b), a.max(b))),
        }
    }

    /// The set known as written and the other side, where `r` is an `or`
    /// of one.
    fn or_known(&self, r: Reg) -> Option<(u64, Reg)> {
        let Some(&Op::Or(p, q)) = self.ops.get(r as usize) else {
            return None;
        };
        match (self.known(p), self.known(q)) {
            (Some(c), _) => Some((c, q)),
            (_, Some(c)) => Some((c, p)),
            _ => None,
        }
    }

    /// `x` where `b` is `not (a or x)`.
    fn beside_not(&self, a: Reg, b: Reg) -> Option<Reg> {
        let Some(&Op::Not(y)) = self.ops.get(b as usize) else {
            return None;
        };
        match *self.ops.get(y as usize)? {
            Op::Or(p, x) | Op::Or(x, p) if p == a => Some(x),
            _ => None,
        }
    }

    /// Whether the value `v` is a number other than 0 whenever it is one:
    /// the player on move and the opponent.
    fn never_nobody(&self, v: Value) -> bool {
        match self.scalars.get(v as usize) {
            Some(Node::Special(Special::Player | Special::Opponent | Special::Next | Special::Previous)) => {
                true
            }
            Some(n) => n.number().is_some_and(|n| n != 0),
            None => false,
        }
    }

    /// The number `a` is where it is written as it stands.
    fn number(a: &Node) -> Option<i32> {
        a.number()
    }

    fn or_maybe(&mut self, a: Option<Reg>, b: Option<Reg>) -> Option<Reg> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.or(a, b)),
            (a, None) => a,
            (None, b) => b,
        }
    }

    fn and_maybe(&mut self, a: Reg, b: Option<Reg>) -> Option<Reg> {
        b.map(|b| self.and(a, b))
    }

    /// Whether `err` is nowhere, as it stands.
    fn absent(&self, err: Option<Reg>) -> bool {
        err.is_none_or(|e| self.known(e) == Some(0))
    }

    /// The squares where neither of `yes` and `err` is: where it does not
    /// hold.
    fn no(&mut self, (yes, err): Pair) -> Reg {
        let either = match err {
            Some(e) => self.or(yes, e),
            None => yes,
        };
        self.not(either)
    }

    /// Where `p` holds, and (when `errors`) where it fails.
    fn tri(&mut self, p: &Pred, errors: bool) -> Pair {
        match p {
            Pred::Scalar(a) => {
                let v = self.scalar(a);
                (self.op(Op::Truth(v)), None)
            }
            Pred::Among(list) => {
                let v = self.scalar(list);
                (self.op(Op::Among(v)), None)
            }
            Pred::AllBut { line, y } => {
                let y = self.sure(y);
                (self.op(Op::AllBut { line: *line, y }), None)
            }
            Pred::Fixed(by_player) => match by_player.first() {
                // The same whoever is on move: a set as it stands.
                Some(first) if by_player.iter().all(|t| t.yes == first.yes) => (self.konst(first.yes), None),
                _ => {
                    let k = self.fixed.len() as u16;
                    self.fixed.push(by_player.clone());
                    (self.op(Op::Fixed(k)), None)
                }
            },
            Pred::Not(x) => {
                let x = self.tri(x, true);
                (self.no(x), x.1)
            }
            Pred::And(a, b) => {
                let (ay, ae) = self.tri(a, errors);
                let (by, be) = match &**a {
                    Pred::Scalar(x) => self.guarded(x, true, b, errors),
                    _ => self.tri(b, errors),
                };
                let yes = self.and(ay, by);
                let err = match errors {
                    true => {
                        let later = self.and_maybe(ay, be);
                        self.or_maybe(ae, later)
                    }
                    false => None,
                };
                (yes, err)
            }
            Pred::Or(a, b) => {
                let left = a;
                let a = self.tri(a, true);
                let no = self.no(a);
                let (by, be) = match &**left {
                    Pred::Scalar(x) => self.guarded(x, false, b, errors),
                    _ => self.tri(b, errors),
                };
                // Where the left part never fails, what it leaves to the
                // right is where it does not hold: their union.
                let later = match self.absent(a.1) {
                    true => by,
                    false => self.and(no, by),
                };
                let yes = self.or(a.0, later);
                let err = match errors {
                    true => {
                        let later = self.and_maybe(no, be);
                        self.or_maybe(a.1, later)
                    }
                    false => None,
                };
                (yes, err)
            }
            Pred::If(parts) => {
                let c = self.tri(&parts[0], true);
                let no = self.no(c);
                let (ty, te) = self.tri(&parts[1], errors);
                let (ey, ee) = self.tri(&parts[2], errors);
                let (then, other) = (self.and(c.0, ty), self.and(no, ey));
                let yes = self.or(then, other);
                let err = match errors {
                    true => {
                        let (t, e) = (self.and_maybe(c.0, te), self.and_maybe(no, ee));
                        let both = self.or_maybe(t, e);
                        self.or_maybe(c.1, both)
                    }
                    false => None,
                };
                (yes, err)
            }
            Pred::Empty(m) => {
                let filled = self.op(Op::Filled);
                let empty = self.not(filled);
                let yes = self.pull(m, empty);
                // `empty` of nothing is an error: there is no such place.
                let err = if errors { self.strict(m) } else { None };
                (yes, err)
            }
            Pred::Owner { map, who, eq } => {
                let v = self.scalar(who);
                let owned = self.op(Op::Owned(v));
                let wanted = if *eq { owned } else { self.not(owned) };
                let mut yes = self.pull(map, wanted);
                // Nothing is owned by nobody.
                if !(*eq && self.never_nobody(v)) {
                    if let Some(none) = self.nowhere(map) {
                        let nobody = self.op(Op::Nobody(v, *eq));
                        let nothing = self.and(none, nobody);
                        yes = self.or(yes, nothing);
                    }
                }
                let err = if errors { self.fails(map) } else { None };
                (yes, err)
            }
            Pred::Is { map, place, eq } => {
                let err = self.fails(map);
                let none = self.nowhere(map);
                // A square named as it stands is one bit, asked of nothing.
                let square = place
                    .place()
                    .and_then(|q| self.board.bit(q))
                    .filter(|_| none.is_none());
                let bit = match square {
                    Some(bit) => self.konst(bit),
                    None => {
                        let v = self.scalar(place);
                        self.op(Op::Bit(v))
                    }
                };
                let mut same = self.pull(map, bit);
                if let Some(none) = none {
                    let v = self.scalar(place);
                    let nothing = self.op(Op::IsNothing(v));
                    let both = self.and(none, nothing);
                    same = self.or(same, both);
                }
                match eq {
                    true => (same, err),
                    false => (self.no((same, err)), err),
                }
            }
            Pred::Count { run, op, k } => {
                let k = match Self::number(k) {
                    Some(n) => Err(n),
                    None => Ok(self.scalar(k)),
                };
                let yes = self.count(run, *op, k);
                let err = if errors { self.line_errors(&run.base) } else { None };
                (yes, err)
            }
            Pred::Along { base, d, cond, every } => {
                let cond = self.sure(cond);
                let wanted = if *every { self.not(cond) } else { cond };
                let all = self.konst(self.all());
                let reach = self.op(Op::Reach {
                    start: wanted,
                    cont: all,
                    d: *d as u8,
                });
                let next = self.op(Op::Back(reach, *d as u8));
                let found = self.pull(base, next);
                let err = self.line_errors(base);
                match every {
                    false => (found, err),
                    true => (self.no((found, err)), err),
                }
            }
        }
    }

    /// The squares from which a line is an error: it starts nowhere.
    fn line_errors(&mut self, base: &Map) -> Option<Reg> {
        self.strict(base)
    }

    /// The squares where a map fails or leads nowhere: where what is read
    /// of the square it leads to is an error.
    fn strict(&mut self, m: &Map) -> Option<Reg> {
        let (none, err) = (self.nowhere(m), self.fails(m));
        self.or_maybe(none, err)
    }

    /// How many squares `run` has, compared with the number `k` (asked,
    /// or written as it stands).
    fn count(&mut self, run: &RunOf, op: BinOp, k: Result<Value, i32>) -> Reg {
        let cont = self.sure(&run.cont);
        let d = run.d as u8;
        let at_least = |b: &mut Self, plus: i8| match k {
            Ok(k) => b.op(Op::AtLeast {
                cont,
                d,
                n: Some(k),
                plus,
            }),
            Err(n) => match i64::from(n) + i64::from(plus) {
                n if n <= 0 => b.konst(b.board.all),
                n => b.op(Op::AtLeast {
                    cont,
                    d,
                    n: None,
                    plus: n.min(64) as i8,
                }),
            },
        };
        let starts = match op {
            BinOp::Ge => at_least(self, 0),
            BinOp::Gt => at_least(self, 1),
            BinOp::Lt => {
                let a = at_least(self, 0);
                self.not(a)
            }
            BinOp::Le => {
                let a = at_least(self, 1);
                self.not(a)
            }
            BinOp::Eq | BinOp::Ne => {
                let (a, b) = (at_least(self, 0), at_least(self, 1));
                let nb = self.not(b);
                let exactly = self.and(a, nb);
                if op == BinOp::Eq {
                    exactly
                } else {
                    self.not(exactly)
                }
            }
            _ => {
                // Not a comparison: no program (never compiled so).
                self.too_long = true;
                0
            }
        };
        self.pull(&run.base, starts)
    }

    /// The squares a condition about a line's items holds for; the
    /// program gives up where it fails for some square.
    fn sure(&mut self, p: &Pred) -> Reg {
        let (yes, err) = self.tri(p, true);
        match err {
            Some(err) if self.known(err) != Some(0) => self.op(Op::Sure { yes, err }),
            _ => yes,
        }
    }

    /// The squares whose map leads to a square of `y`.
    fn pull(&mut self, m: &Map, y: Reg) -> Reg {
        match m {
            Map::Id => y,
            Map::Next(inner, d) => {
                let back = self.op(Op::Back(y, *d as u8));
                self.pull(inner, back)
            }
            Map::After { base, d, cont, min } => {
                let cont = self.sure(cont);
                let d8 = *d as u8;
                let not_cont = self.not(cont);
                let start = self.and(y, not_cont);
                if *min == 1 {
                    // One or more of `cont`, then `start`.
                    let flank = self.op(Op::Flank { start, cont, d: d8 });
                    return self.pull(base, flank);
                }
                let reach = self.op(Op::Reach { start, cont, d: d8 });
                let next = self.op(Op::Back(reach, d8));
                let enough = self.at_least(cont, d8, *min);
                let beyond = self.and(next, enough);
                self.pull(base, beyond)
            }
            Map::Between(x) => {
                let x = self.scalar(x);
                self.op(Op::Between { x, y })
            }
            Map::Strict(inner) => self.pull(inner, y),
            &Map::Const(q) => match self.board.bit(q) {
                Some(bit) => self.op(Op::Spread(y, bit.trailing_zeros() as u8)),
                // Compiled only for squares of the board.
                None => {
                    self.too_long = true;
                    0
                }
            },
        }
    }

    fn at_least(&mut self, cont: Reg, d: u8, min: u8) -> Reg {
        match min {
            0 => self.konst(self.board.all),
            _ => self.op(Op::AtLeast {
                cont,
                d,
                n: None,
                plus: min as i8,
            }),
        }
    }

    /// Where a map leads nowhere (`None`: never).
    fn nowhere(&mut self, m: &Map) -> Option<Reg> {
        let all = self.all();
        match m {
            Map::Id | Map::Strict(_) | Map::Const(_) => None,
            Map::Next(inner, d) => {
                let off = all & !self.board.has(*d);
                if off == 0 {
                    return None;
                }
                let off = self.konst(off);
                Some(self.pull(inner, off))
            }
            Map::After { base, d, cont, min } => {
                let cont = self.sure(cont);
                let d8 = *d as u8;
                let enough = self.at_least(cont, d8, *min);
                // Going on while `cont` holds reaches the edge: at once, or
                // from a square of `cont` that holds to the edge.
                let edge = self.konst(all & !self.board.has(*d));
                let start = self.and(cont, edge);
                let to_edge = self.op(Op::Reach { start, cont, d: d8 });
                let next = self.op(Op::Back(to_edge, d8));
                let either = self.or(edge, next);
                let none = self.and(either, enough);
                Some(self.pull(base, none))
            }
            Map::Between(x) => {
                let x = self.scalar(x);
                let two = self.op(Op::TwoAway(x));
                Some(self.not(two))
            }
        }
    }

    /// Where a map fails (`None`: never): next to nothing, or past a run
    /// too short.
    fn fails(&mut self, m: &Map) -> Option<Reg> {
        match m {
            Map::Id | Map::Between(_) | Map::Const(_) => None,
            // The neighbour of nothing, or the top figure on it, is an error.
            Map::Next(inner, _) | Map::Strict(inner) => self.strict(inner),
            Map::After { base, d, cont, min } => {
                // A line from nothing is an error.
                let from_nothing = self.strict(base);
                let short = match min {
                    0 => None,
                    _ => {
                        let cont = self.sure(cont);
                        let enough = self.at_least(cont, *d as u8, *min);
                        let few = self.not(enough);
                        Some(self.pull(base, few))
                    }
                };
                self.or_maybe(from_nothing, short)
            }
        }
    }
}

mod starts;
mod twin;

#[cfg(test)]
mod tests;
