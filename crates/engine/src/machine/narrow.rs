//! Where a figure's step may go, worked out once for the figure before
//! its targets are asked, for a rule whose targets are places other than
//! the board's squares (points, tracks, groups: [`super::steps::Targets::Piles`]).
//!
//! A target condition often says most of what it asks without the target:
//! Nine Men's Morris's `may_go(a, b)` is `type(a) = "group" or (type(a) =
//! "point" and empty("hand." + player) and (b in neighbours(a) or
//! on_board(player) = 3))`. Asked of every empty point for every man, it
//! works out the same parts again at each point, and finds them false for
//! most. Read as a filter over targets ([`Narrow`]), the parts that read no
//! target are asked once for the figure (true: every target, false: none),
//! `to in list` and `to = place` give the places they name, and `and`,
//! `or` and `if` join them: a man on the board while men are still in hand
//! goes nowhere, one that cannot fly goes at most to its neighbours. Only
//! the targets left are asked the condition itself, as before, found from
//! the filters' bits where the rule's targets are in the order of their
//! places (`Tried`).
//!
//! The filter is a superset of where the condition holds: every part it
//! cannot read as a filter (a `not`, any other part that reads the target)
//! lets every target through, and a part that gives up lets every target
//! through too, so the condition itself gives up there as it did. A target
//! it leaves out is one where the condition is false.

use smallvec::SmallVec;

use super::once::reads_slot;
use super::ops::{build, member, truth, Op};
use super::value::{Eval, Sx};
use crate::expr::BinOp;
use crate::rules::tree::{Held, Seq};

/// The slot that holds the target while a target condition is asked.
const TO: usize = 2;

/// A target condition read as a filter over targets.
#[derive(Clone)]
pub(super) enum Narrow {
    /// It cannot tell: every target.
    Every,
    /// A part that reads no target: every target where it holds, none
    /// where it does not.
    Holds(Op),
    /// `to in list`, the list read without the target: its places.
    Among(Op),
    /// `to = x`, `x` read without the target: that place.
    At(Op),
    And(Box<Narrow>, Box<Narrow>),
    Or(Box<Narrow>, Box<Narrow>),
    /// `if c then a else b`, `c` read without the target.
    If(Op, Box<Narrow>, Box<Narrow>),
    /// A definition's body (or `let`'s), its arguments that read no target
    /// worked out into their slots first; the others are never read.
    Bind {
        base: usize,
        args: Vec<Option<Op>>,
        body: Box<Narrow>,
    },
}

impl std::fmt::Debug for Narrow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Narrow::Every => f.write_str("Every"),
            Narrow::Holds(_) => f.write_str("Holds"),
            Narrow::Among(_) => f.write_str("Among"),
            Narrow::At(_) => f.write_str("At"),
            Narrow::And(a, b) => f.debug_tuple("And").field(a).field(b).finish(),
            Narrow::Or(a, b) => f.debug_tuple("Or").field(a).field(b).finish(),
            Narrow::If(_, a, b) => f.debug_tuple("If").field(a).field(b).finish(),
            Narrow::Bind { body, .. } => f.debug_tuple("Bind").field(body).finish(),
        }
    }
}

/// Targets by the number of their pile, as bits.
pub(super) type Bits = SmallVec<[u64; 1]>;

/// What a filter lets through: every target, or those of the bits.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Through {
    Every,
    Only(Bits),
}

impl Through {
    fn none(words: usize) -> Through {
        Through::Only(SmallVec::from_elem(0, words))
    }

    pub(super) fn is_none(&self) -> bool {
        matches!(self, Through::Only(b) if b.iter().all(|&w| w == 0))
    }

    /// Whether target number `i` goes through.
    #[inline]
    pub(super) fn has(&self, i: usize) -> bool {
        match self {
            Through::Every => true,
            Through::Only(b) => b.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0),
        }
    }

    pub(super) fn and(self, other: Through) -> Through {
        match (self, other) {
            (Through::Every, x) | (x, Through::Every) => x,
            (Through::Only(mut a), Through::Only(b)) => {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x &= y);
                Through::Only(a)
            }
        }
    }

    fn or(self, other: Through) -> Through {
        match (self, other) {
            (Through::Every, _) | (_, Through::Every) => Through::Every,
            (Through::Only(mut a), Through::Only(b)) => {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x |= y);
                Through::Only(a)
            }
        }
    }
}

impl Narrow {
    /// Target condition `x` as a filter.
    pub(super) fn of(x: &Sx) -> Narrow {
        narrow(x, &mut vec![TO], &mut vec![TO])
    }

    /// Whether it lets every target through whatever the figure.
    pub(super) fn is_every(&self) -> bool {
        matches!(self, Narrow::Every)
    }

    /// The targets it lets through in `e` (the figure and `from` in their
    /// slots), of `words` words of bits, and whether they are exactly
    /// those where the condition holds: no part that it could not read as
    /// a filter, or that gave up, was reached.
    pub(super) fn through(&self, e: &mut Eval, words: usize) -> (Through, bool) {
        match self {
            Narrow::Every => (Through::Every, false),
            Narrow::Holds(op) => match op.get(e).and_then(truth) {
                Some(true) => (Through::Every, true),
                Some(false) => (Through::none(words), true),
                None => (Through::Every, false),
            },
            Narrow::Among(list) => match list.get(e).and_then(|v| v.as_list()) {
                Some(seq) => among(e, seq, words),
                None => (Through::Every, false),
            },
            Narrow::At(x) => match x.get(e).and_then(|v| e.place(v)) {
                Some(p) => {
                    let mut bits: Bits = SmallVec::from_elem(0, words);
                    if let Some(i) = e.m.pile(p) {
                        if let Some(w) = bits.get_mut(i / 64) {
                            *w |= 1 << (i % 64);
                        }
                    }
                    (Through::Only(bits), true)
                }
                None => (Through::Every, false),
            },
            Narrow::And(a, b) => {
                let (a, exact) = a.through(e, words);
                if a.is_none() {
                    return (a, exact);
                }
                let (b, also) = b.through(e, words);
                (a.and(b), exact && also)
            }
            Narrow::Or(a, b) => {
                let (a, exact) = a.through(e, words);
                if a == Through::Every {
                    return (a, exact);
                }
                let (b, also) = b.through(e, words);
                (a.or(b), exact && also)
            }
            Narrow::If(c, a, b) => match c.get(e).and_then(truth) {
                Some(true) => a.through(e, words),
                Some(false) => b.through(e, words),
                None => (Through::Every, false),
            },
            Narrow::Bind { base, args, body } => {
                // Every value is worked out before any is put in its slot.
                let mut values: SmallVec<[_; 4]> = SmallVec::new();
                for a in args {
                    match a.as_ref().map(|a| a.get(e)) {
                        Some(None) => return (Through::Every, false),
                        v => values.push(v.flatten()),
                    }
                }
                for (k, v) in values.into_iter().enumerate() {
                    if let (Some(v), Some(slot)) = (v, e.slots.get_mut(base + k)) {
                        *slot = v;
                    }
                }
                body.through(e, words)
            }
        }
    }
}

/// The places of `seq` among the targets, exactly; every target where it
/// is a list of something else.
fn among(e: &Eval, seq: Seq, words: usize) -> (Through, bool) {
    // The lists whose places are told apart by place alone, as `x in
    // list` reads them (`Seq::holds_place`).
    if !matches!(
        seq,
        Seq::Places { .. } | Seq::Around { .. } | Seq::PointLine { .. }
    ) {
        return (Through::Every, false);
    }
    let mut bits: Bits = SmallVec::from_elem(0, words);
    for k in 0..seq.len() {
        let Some(Held::Place(p)) = seq.item(k, e.rules).map(|v| v.held()) else {
            return (Through::Every, false);
        };
        if let Some(w) = e.m.pile(p).and_then(|i| Some((bits.get_mut(i / 64)?, i % 64))) {
            *w.0 |= 1 << w.1;
        }
    }
    (Through::Only(bits), true)
}

/// `x` as a filter, where the slots `dirty` depend on the target and those
/// of `alias` hold it.
fn narrow(x: &Sx, dirty: &mut Vec<usize>, alias: &mut Vec<usize>) -> Narrow {
    if !reads(x, dirty) {
        return Narrow::Holds(build(x));
    }
    let both = |a: Narrow, b: Narrow, and: bool| match (a, b, and) {
        (Narrow::Every, b, true) => b,
        (a, Narrow::Every, true) => a,
        (Narrow::Every, _, false) | (_, Narrow::Every, false) => Narrow::Every,
        (a, b, true) => Narrow::And(Box::new(a), Box::new(b)),
        (a, b, false) => Narrow::Or(Box::new(a), Box::new(b)),
    };
    let is_target = |x: &Sx, alias: &[usize]| matches!(x, Sx::Slot(s) if alias.contains(s));
    match x {
        Sx::And(a, b) => {
            let a = narrow(a, dirty, alias);
            both(a, narrow(b, dirty, alias), true)
        }
        Sx::Or(a, b) => {
            let a = narrow(a, dirty, alias);
            both(a, narrow(b, dirty, alias), false)
        }
        Sx::If(parts) if !reads(&parts[0], dirty) => {
            let (a, b) = (narrow(&parts[1], dirty, alias), narrow(&parts[2], dirty, alias));
            if a.is_every() && b.is_every() {
                return Narrow::Every;
            }
            Narrow::If(build(&parts[0]), Box::new(a), Box::new(b))
        }
        Sx::Binary(BinOp::Eq, a, b) if is_target(a, alias) && !reads(b, dirty) => Narrow::At(build(b)),
        Sx::Binary(BinOp::Eq, a, b) if is_target(b, alias) && !reads(a, dirty) => Narrow::At(build(a)),
        Sx::Quantifier {
            kind,
            slot,
            until,
            list,
            condition,
        } if !reads(list, dirty)
            && member(*kind, *until, *slot, condition).is_some_and(|x| alias.contains(&x)) =>
        {
            Narrow::Among(build(list))
        }
        Sx::Apply { base, args, body } => bind(*base, args, body, dirty, alias),
        Sx::Let { slot, value, body } => bind(*slot, std::slice::from_ref(&**value), body, dirty, alias),
        _ => Narrow::Every,
    }
}

/// A definition's body (or `let`'s) as a filter, its arguments `args` put
/// in the slots from `base`.
fn bind(base: usize, args: &[Sx], body: &Sx, dirty: &mut Vec<usize>, alias: &mut Vec<usize>) -> Narrow {
    let (was_dirty, was_alias) = (dirty.clone(), alias.clone());
    let mut ops = Vec::with_capacity(args.len());
    let slots = base..base + args.len();
    let reading: Vec<bool> = args.iter().map(|a| reads(a, &was_dirty)).collect();
    dirty.retain(|s| !slots.contains(s));
    alias.retain(|s| !slots.contains(s));
    for (k, a) in args.iter().enumerate() {
        if reading[k] {
            dirty.push(base + k);
            if matches!(a, Sx::Slot(s) if was_alias.contains(s)) {
                alias.push(base + k);
            }
            ops.push(None);
        } else {
            ops.push(Some(build(a)));
        }
    }
    let body = narrow(body, dirty, alias);
    (*dirty, *alias) = (was_dirty, was_alias);
    match body {
        Narrow::Every => Narrow::Every,
        body => Narrow::Bind {
            base,
            args: ops,
            body: Box::new(body),
        },
    }
}

/// Whether `x` reads one of the slots `dirty`, other than where it binds
/// that slot itself.
fn reads(x: &Sx, dirty: &[usize]) -> bool {
    reads_slot(x, &mut Vec::new(), &|s| dirty.contains(&s))
}
