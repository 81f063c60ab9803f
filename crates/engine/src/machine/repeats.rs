//! `repetitions` on the machine: the key of a situation at the start of
//! every move, kept in the situation, the same key the general engine
//! keeps for the same table ([`crate::state::State`]'s `seen_key`), so
//! that a playout carries on the count of a game begun on the general
//! engine.
//!
//! The key adds up one number per figure, of its class of figures the
//! rules can't tell apart ([`Rules::alike_of`]), its place, type and
//! owner: a pile's figures of one kind add up to their number times one
//! figure's, and the machine need not know which figure lies where.
//! Where the rules read the order of the figures on a place, the key also
//! has one number per place and height, of the class of the figure there:
//! the machine knows it where a place holds figures of one class only,
//! and gives the game back to the general engine where it does not.

use super::{Holds, Kinds, Machine, Situation};
use crate::expr::Value;
use crate::rules::{Rules, Zobrist};

/// What the machine needs to count repetitions.
#[derive(Debug, Clone)]
pub(super) struct Repeats {
    /// Per kind, its class of figures the rules can't tell apart.
    alike: Vec<u32>,
    /// Whether the order of the figures on a place is part of the key.
    ordered: bool,
}

impl Repeats {
    /// What counting `rules`' repetitions needs, if the rules count them.
    ///
    /// # Errors
    /// Where the machine's kinds don't say which figures are alike.
    pub fn of(rules: &Rules, kinds: &Kinds) -> Result<Option<Repeats>, String> {
        if rules.alike_of.is_empty() {
            return Ok(None);
        }
        // A kind's class of interchangeable figures falls in one class of
        // alike figures: alike figures are the interchangeable ones with
        // where they started forgotten.
        let mut alike_of_class: Vec<Option<u32>> = Vec::new();
        for (&class, &alike) in rules.class_of.iter().zip(&rules.alike_of) {
            let class = class as usize;
            if alike_of_class.len() <= class {
                alike_of_class.resize(class + 1, None);
            }
            match alike_of_class[class] {
                Some(a) if a != alike => return Err("figures alike for repetitions are told apart".into()),
                _ => alike_of_class[class] = Some(alike),
            }
        }
        let alike = (0..kinds.len())
            .map(|k| {
                let class = kinds.get(k as u8).class as usize;
                alike_of_class.get(class).copied().flatten()
            })
            .collect::<Option<Vec<_>>>()
            .ok_or("a kind of figure belongs to no figure")?;
        Ok(Some(Repeats {
            alike,
            ordered: rules.reads_order,
        }))
    }

    /// The key of `s` at the start of a move; `None` where it depends on
    /// an order the machine does not keep.
    pub fn key(&self, m: &Machine, s: &Situation) -> Option<u64> {
        let figure = |k: u8, place: u16| {
            let kind = m.kinds.get(k);
            Zobrist::alike(self.alike[usize::from(k)], place, kind.kind, kind.owner)
        };
        let mut figures = 0u64;
        let mut order = 0u64;
        let mut filled = s.bits.filled;
        while filled != 0 {
            let bit = filled.trailing_zeros();
            filled &= filled - 1;
            if let Some(k) = s.cell(bit) {
                let place = m.board.place(bit);
                figures = figures.wrapping_add(figure(k, place));
                if self.ordered {
                    order ^= Zobrist::alike_order(self.alike[usize::from(k)], place, 0);
                }
            }
        }
        for (i, &(place, _)) in m.piles.iter().enumerate() {
            let mut class = None;
            for (w, &word) in s.present[i].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let k = (w * 64) as u8 + bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    let count = u64::from(s.count(m, i, k));
                    figures = figures.wrapping_add(figure(k, place).wrapping_mul(count));
                    let alike = self.alike[usize::from(k)];
                    if class.is_some_and(|c| c != alike) && self.ordered {
                        return None;
                    }
                    class = Some(alike);
                }
            }
            if let Some(c) = class.filter(|_| self.ordered) {
                for height in 0..usize::from(s.totals[i]) {
                    order ^= Zobrist::alike_order(c, place, height);
                }
            }
        }
        let mut h = figures ^ order ^ Zobrist::player(s.to_move);
        for (t, (&v, holds)) in s.triggers.iter().zip(&m.triggers).enumerate() {
            let value = match holds {
                Holds::Number => Value::Number(i64::from(v)),
                Holds::YesNo => Value::Bool(v != 0),
            };
            h ^= Zobrist::trigger(t as u16, &value);
        }
        Some(h)
    }
}
