//! Where another program, built apart, already works out a condition of
//! this one: Reversi's listing finds, over the whole board, the squares
//! that trap a line in each direction, and its flips then ask the same of
//! the target. The listing's results, kept, answer the flips, as long as
//! the board has changed on the target alone since (the caller checks
//! this as it plays).
//!
//! The two must be the same operations on the same parts that read no
//! square, compared as written; each part must read nothing that changes
//! as the game goes, so that the same player on move gives both the same
//! values (also the caller's to check).

use super::{Op, Program, Reg};

impl Program {
    /// Where condition `i` holds and fails.
    fn condition(&self, i: usize) -> Option<(Reg, Option<Reg>)> {
        match i {
            0 => Some((self.yes, self.err)),
            _ => self.more.get(i - 1).copied(),
        }
    }

    /// The place among `other`'s results of a set that is, at a square,
    /// what condition `i` of this program is there, on a board changed on
    /// that square alone: a run along a line from the square's neighbour
    /// ([`Op::Flank`]) over sets that each read only the square they are
    /// about. `None` where there is none such, or condition `i` can fail.
    pub(crate) fn twin_ahead(&self, i: usize, other: &Program) -> Option<Reg> {
        let (yes, None) = self.condition(i)? else {
            return None;
        };
        let Op::Flank { start, cont, d } = *self.ops.get(usize::from(yes))? else {
            return None;
        };
        let found = (0..other.ops.len()).find(|&k| match other.ops[k] {
            Op::Flank {
                start: s,
                cont: c,
                d: e,
            } => d == e && self.same(start, other, s) && self.same(cont, other, c),
            _ => false,
        })?;
        Reg::try_from(found).ok()
    }

    /// The place among `other`'s results of a set that is, at every square
    /// but one, what condition `i` of this program is, on a board changed
    /// on that square alone: a set read only at the square it is about.
    /// `None` where there is none such, or condition `i` can fail.
    pub(crate) fn twin_elsewhere(&self, i: usize, other: &Program) -> Option<Reg> {
        let (yes, None) = self.condition(i)? else {
            return None;
        };
        let found = (0..other.ops.len()).find(|&k| self.same(yes, other, k as Reg))?;
        Reg::try_from(found).ok()
    }

    /// Whether this program's result `a` and `other`'s result `b` are the
    /// same set, each square's answer read from that square alone (its
    /// owner, whether it is filled) and values that read no square.
    fn same(&self, a: Reg, other: &Program, b: Reg) -> bool {
        let value = |v: u8, w: u8| {
            let (x, y) = (
                self.scalars.get(usize::from(v)),
                other.scalars.get(usize::from(w)),
            );
            x.is_some() && x == y
        };
        let (Some(&x), Some(&y)) = (self.ops.get(usize::from(a)), other.ops.get(usize::from(b))) else {
            return false;
        };
        match (x, y) {
            (Op::Owned(v), Op::Owned(w))
            | (Op::Truth(v), Op::Truth(w))
            | (Op::IsNothing(v), Op::IsNothing(w)) => value(v, w),
            (Op::Nobody(v, e), Op::Nobody(w, f)) => e == f && value(v, w),
            (Op::Filled, Op::Filled) => true,
            (Op::Const(c), Op::Const(k)) => c == k,
            (Op::Not(p), Op::Not(q)) => self.same(p, other, q),
            (Op::And(p, q), Op::And(r, s)) | (Op::Or(p, q), Op::Or(r, s)) => {
                self.same(p, other, r) && self.same(q, other, s)
            }
            _ => false,
        }
    }
}
