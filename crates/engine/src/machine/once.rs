//! Parts of a step's condition that read nothing of the step, worked out
//! once a listing.
//!
//! A condition asked of every target of every figure often has a part that
//! is the same for all of them: Nine Men's Morris's `b in neighbours(a) or
//! on_board(player) = 3` counts the player's men at every empty point, and
//! its `take` rule asks whether every man of the other player is in a mill
//! for every man it could take. Such a part reads no slot bound outside it
//! (not the figure, `from` or `to`, nor an item of a quantifier around it),
//! only the situation, the player on move and the steps made so far, which
//! stay the same all through a listing. It is marked ([`Sx::Once`]) and its
//! value known from the first time it is asked ([`Known`]), so a part that the
//! condition does not reach (the other side of an `or`) is still never
//! worked out, and an error in it still gives up where it did.
//!
//! Only parts that go through something (a quantifier, `in_a_row`, a sum
//! or a `between`) are marked (`can` keeps its own answers): a lookup in the kept values costs
//! more than reading a square.

use std::sync::atomic::{AtomicU32, Ordering};

use super::value::Sx;
use crate::expr::{Function, WorldFn};
use crate::rules::tree::Val;

/// Names each marked part, apart from every other in the process, so that
/// the values of parts of several rules can be kept side by side.
static NEXT: AtomicU32 = AtomicU32::new(0);

/// Values of marked parts found in one listing, by part, player on move
/// and whether the steps made so far were read (a question about the start
/// of another player's move reads none).
#[derive(Debug, Default, Clone)]
pub(super) struct Known(Vec<(u32, u8, bool, Val)>);

impl Known {
    pub(super) fn get(&self, part: u32, player: u8, made: bool) -> Option<Val> {
        self.0
            .iter()
            .find(|&&(p, pl, m, _)| p == part && pl == player && m == made)
            .map(|&(.., v)| v)
    }

    pub(super) fn put(&mut self, part: u32, player: u8, made: bool, v: Val) {
        self.0.push((part, player, made, v));
    }

    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}

/// `x` with each largest part that reads no slot bound outside it and goes
/// through something marked [`Sx::Once`].
pub(super) fn marked(x: Sx) -> Sx {
    if free_slots(&x, &mut Vec::new()) && costly(&x) {
        return Sx::Once {
            part: NEXT.fetch_add(1, Ordering::Relaxed),
            value: Box::new(x),
        };
    }
    let m = |x: Box<Sx>| Box::new(marked(*x));
    match x {
        Sx::Not(a) => Sx::Not(m(a)),
        Sx::Neg(a) => Sx::Neg(m(a)),
        Sx::And(a, b) => Sx::And(m(a), m(b)),
        Sx::Or(a, b) => Sx::Or(m(a), m(b)),
        Sx::Binary(o, a, b) => Sx::Binary(o, m(a), m(b)),
        Sx::If(parts) => Sx::If(Box::new(parts.map(marked))),
        Sx::Quantifier {
            kind,
            slot,
            until,
            list,
            condition,
        } => Sx::Quantifier {
            kind,
            slot,
            until,
            list: m(list),
            condition: m(condition),
        },
        Sx::Apply { base, args, body } => Sx::Apply {
            base,
            args: args.into_iter().map(marked).collect(),
            body: m(body),
        },
        Sx::Let { slot, value, body } => Sx::Let {
            slot,
            value: m(value),
            body: m(body),
        },
        Sx::Call(f, args) => Sx::Call(f, args.into_iter().map(marked).collect()),
        Sx::InARow(n, who, lines) => Sx::InARow(n, m(who), lines),
        Sx::Can(rule, player) => Sx::Can(rule, player.map(m)),
        // A quantifier over the squares runs as sets with its parts
        // compiled already: kept whole or not at all.
        x @ (Sx::Squares { .. }
        | Sx::Val(_)
        | Sx::Slot(_)
        | Sx::Special(_)
        | Sx::Empty(_)
        | Sx::Trigger(_)
        | Sx::ByPlayer(_)
        | Sx::Caught(..)
        | Sx::Once { .. }) => x,
    }
}

/// Whether `x` reads no slot but those in `bound` and those it binds
/// itself.
fn free_slots(x: &Sx, bound: &mut Vec<usize>) -> bool {
    !reads_slot(x, bound, &|_| true)
}

/// Whether `x` reads a slot that `asked` picks, other than those in `bound`
/// and those it binds itself.
pub(super) fn reads_slot(x: &Sx, bound: &mut Vec<usize>, asked: &dyn Fn(usize) -> bool) -> bool {
    let inside = |x: &Sx, slots: std::ops::Range<usize>, bound: &mut Vec<usize>| {
        let n = bound.len();
        bound.extend(slots);
        let reads = reads_slot(x, bound, asked);
        bound.truncate(n);
        reads
    };
    let reads = |x: &Sx, bound: &mut Vec<usize>| reads_slot(x, bound, asked);
    match x {
        Sx::Slot(s) | Sx::Caught(s, _) => !bound.contains(s) && asked(*s),
        Sx::Val(_) | Sx::Special(_) | Sx::Empty(_) | Sx::Trigger(_) | Sx::ByPlayer(_) => false,
        Sx::Not(a) | Sx::Neg(a) => reads(a, bound),
        Sx::And(a, b) | Sx::Or(a, b) | Sx::Binary(_, a, b) => reads(a, bound) || reads(b, bound),
        Sx::If(parts) => parts.iter().any(|p| reads(p, bound)),
        Sx::Quantifier {
            slot,
            list,
            condition,
            ..
        } => reads(list, bound) || inside(condition, *slot..*slot + 1, bound),
        // The same quantifier as the sets, asked item by item.
        Sx::Squares { one_by_one, .. } => reads(one_by_one, bound),
        Sx::Apply { base, args, body } => {
            args.iter().any(|a| reads(a, bound)) || inside(body, *base..*base + args.len(), bound)
        }
        Sx::Let { slot, value, body } => reads(value, bound) || inside(body, *slot..*slot + 1, bound),
        Sx::Call(_, args) => args.iter().any(|a| reads(a, bound)),
        Sx::InARow(_, who, _) => reads(who, bound),
        Sx::Can(_, player) => player.as_deref().is_some_and(|p| reads(p, bound)),
        // Reads nothing of the step.
        Sx::Once { .. } => false,
    }
}

/// Whether working `x` out goes through a list or the board.
fn costly(x: &Sx) -> bool {
    match x {
        Sx::Quantifier { .. } | Sx::Squares { .. } | Sx::InARow(..) => true,
        // `can` keeps its own answers a turn (`Memo::cans`).
        Sx::Can(_, player) => player.as_deref().is_some_and(costly),
        Sx::Val(_)
        | Sx::Slot(_)
        | Sx::Caught(..)
        | Sx::Special(_)
        | Sx::Empty(_)
        | Sx::Trigger(_)
        | Sx::ByPlayer(_)
        | Sx::Once { .. } => false,
        Sx::Not(a) | Sx::Neg(a) => costly(a),
        Sx::And(a, b) | Sx::Or(a, b) | Sx::Binary(_, a, b) => costly(a) || costly(b),
        Sx::If(parts) => parts.iter().any(costly),
        Sx::Apply { args, body, .. } => costly(body) || args.iter().any(costly),
        Sx::Let { value, body, .. } => costly(value) || costly(body),
        Sx::Call(f, args) => {
            matches!(
                f,
                Function::Sum
                    | Function::Min
                    | Function::Max
                    | Function::World(WorldFn::InARow | WorldFn::Between)
            ) || args.iter().any(costly)
        }
    }
}
