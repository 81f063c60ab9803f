//! What the listing of a step's targets hands on to the step's effect.
//!
//! Reversi's listing works out, over the whole board, the squares from
//! which a line of the opponent's discs ends in one of the player's, in
//! each direction; its flips then ask each direction the same at the
//! target, after the disc is put there. The listing keeps those results
//! ([`Kept`]), and the flips read them at the target ([`Handed`]) instead
//! of working them out again.
//!
//! This holds only where nothing the flips read has changed: the same
//! player on move, and the board as the listing saw it but for the target
//! itself (which each direction reads from its neighbour on, and the end
//! of each run never reads). Both are checked as the step is made; where
//! either fails, the effect works them out as before.

use arrayvec::ArrayVec;

use crate::rules::tree::{Reg, Tri};
use crate::state::BoardBits;

use super::effect::Compiled;
use super::value::SetOf;

/// The most directions a handed-on loop may go.
const MAX_DIRECTIONS: usize = 8;

/// Which results of a step rule's condition on its targets answer its
/// effect's loop over directions, found as the rules are compiled.
#[derive(Debug, Clone)]
pub(super) struct Handover {
    /// The condition's place among the rule's target conditions.
    pub set: usize,
    /// The effect's place among the rule's effects.
    pub effect: usize,
    /// The condition's results to keep: each direction's, read at the
    /// target, then the stop of the runs', read elsewhere (where the loop
    /// works it out with the directions).
    pub keep: ArrayVec<Reg, { MAX_DIRECTIONS + 1 }>,
    /// How many of them are directions.
    directions: usize,
}

impl Handover {
    /// The first effect of `effects` whose loop over directions one of the
    /// target conditions `sets` answers, and where.
    pub fn find<'a>(sets: impl Iterator<Item = &'a SetOf> + Clone, effects: &[Compiled]) -> Option<Handover> {
        effects.iter().enumerate().find_map(|(effect, e)| {
            sets.clone().enumerate().find_map(|(set, listing)| {
                let (keep, directions) = e.rays_twins(listing)?;
                (directions <= MAX_DIRECTIONS).then(|| Handover {
                    set,
                    effect,
                    keep: keep.into_iter().collect(),
                    directions,
                })
            })
        })
    }
}

/// The results a listing kept, and what they were worked out on: the
/// rule (its place in the machine's rules), the player on move and the
/// board.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Kept {
    rule: Option<u16>,
    player: u8,
    bits: BoardBits,
    sets: [u64; MAX_DIRECTIONS + 1],
}

impl Kept {
    /// Room for the results of one listing.
    pub fn room() -> [u64; MAX_DIRECTIONS + 1] {
        [0; MAX_DIRECTIONS + 1]
    }

    /// Keeps `sets`, of rule `rule` with `player` on move on `bits`.
    pub fn keep(&mut self, rule: u16, player: u8, bits: BoardBits, sets: [u64; MAX_DIRECTIONS + 1]) {
        *self = Kept {
            rule: Some(rule),
            player,
            bits,
            sets,
        };
    }

    /// What the step of rule `rule` to the square `to` (its bit) with
    /// `player` on move on `bits` is handed, by `handover`: only where the
    /// results were kept of that rule, player and board.
    pub fn hand(
        &self,
        rule: u16,
        handover: &Handover,
        player: u8,
        bits: BoardBits,
        to: u64,
    ) -> Option<Handed> {
        if self.rule != Some(rule) || self.player != player || self.bits != bits {
            return None;
        }
        let n = handover.directions;
        let mut directions = 0u16;
        for (i, set) in self.sets[..n].iter().enumerate() {
            if set & to != 0 {
                directions |= 1 << i;
            }
        }
        Some(Handed {
            effect: handover.effect,
            directions,
            count: n,
            stop: (handover.keep.len() > n).then_some(self.sets[n]),
            before: bits,
        })
    }
}

/// What an effect's loop over directions is handed as its step is made.
#[derive(Debug, Clone, Copy)]
pub(super) struct Handed {
    /// The effect's place among the rule's effects.
    pub effect: usize,
    /// The directions whose condition holds at the target, as bits.
    directions: u16,
    /// How many directions the loop goes.
    count: usize,
    /// Where the runs stop (right but at the target), where handed on.
    stop: Option<u64>,
    /// The board the results were worked out on.
    before: BoardBits,
}

impl Handed {
    /// The loop's results, each direction's at the target `to` (its bit)
    /// and the stop's, into `out`; `None` where the board `now` has
    /// changed elsewhere than the target since, or `out` does not have
    /// the room the loop needs.
    pub fn fill(&self, now: &BoardBits, to: u64, out: &mut [Tri]) -> Option<()> {
        let (b, n) = (&self.before, now);
        let changed = (b.filled ^ n.filled)
            | (b.stacked ^ n.stacked)
            | (0..4).fold(0, |c, p| c | (b.owned[p] ^ n.owned[p]));
        if changed & !to != 0 || out.len() != self.count + usize::from(self.stop.is_some()) {
            return None;
        }
        let (found, stop) = out.split_at_mut(self.count);
        for (i, t) in found.iter_mut().enumerate() {
            let yes = if self.directions & (1 << i) != 0 { to } else { 0 };
            *t = Tri { yes, err: 0 };
        }
        if let (Some(yes), [t]) = (self.stop, stop) {
            *t = Tri { yes, err: 0 };
        }
        Some(())
    }
}
