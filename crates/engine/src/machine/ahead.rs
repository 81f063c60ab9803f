//! The targets a step rule's conditions answered ahead allow (checkers'
//! `apart(from, to, 1)` and `type(figure) = "crown" or ahead(from, to,
//! 1)`), per player on move, type of figure and square, as bits, read
//! with one look. The rules' own table
//! ([`crate::rules::StepRuleC::candidate_bits`]) answers each the first
//! time; it is keyed by place, player and type and kept behind a lock per
//! row, which every figure of every listing would otherwise pay for.
//!
//! Its rows are per type, as the conditions answered ahead read the type
//! of the figure and no more: the machine's kinds of figure may be many
//! more (each checker that started on its own square is a kind of its
//! own), and a row per kind would fill the same row again for each.
//!
//! Its words are atomic: the machine is kept in the rules
//! ([`crate::rules::Rules::machine`]) and shared by every search of the
//! game, threads included.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::rules::TypeId;

/// The most words a rule's table takes (32 KiB: four players with 16
/// types of figure each); a rule that needs more asks the rules' table
/// every time.
const MAX_WORDS: usize = 1 << 12;

/// One step rule's targets answered ahead, as they are first asked.
#[derive(Debug)]
pub(super) struct Ahead {
    players: usize,
    types: usize,
    /// Per (player, type): the squares whose targets are known, as bits.
    known: Box<[AtomicU64]>,
    /// Per (player, type, square): the targets.
    targets: Box<[AtomicU64]>,
}

impl Ahead {
    /// Room for `players` players and `types` types of figure, if it is
    /// small enough.
    pub(super) fn new(players: usize, types: usize) -> Option<Ahead> {
        let rows = players.max(1).checked_mul(types)?;
        let words = |n: usize| (0..n).map(|_| AtomicU64::new(0)).collect();
        (rows.checked_mul(64)? <= MAX_WORDS).then(|| Ahead {
            players: players.max(1),
            types,
            known: words(rows),
            targets: words(rows * 64),
        })
    }

    /// The targets of a figure of type `t` on square `bit` with `player`
    /// on move (from 1), worked out by `find` the first time.
    #[inline]
    pub(super) fn get(&self, player: u8, t: TypeId, bit: u32, find: impl FnOnce() -> u64) -> u64 {
        if usize::from(t) >= self.types {
            return first(find);
        }
        let row = (usize::from(player.max(1)) - 1).min(self.players - 1) * self.types + usize::from(t);
        let (Some(known), Some(slot)) = (self.known.get(row), self.targets.get(row * 64 + bit as usize))
        else {
            return first(find);
        };
        // The targets are written before they are marked known, and read
        // after: whoever sees the mark sees them (two threads that both
        // find them first write the same).
        if known.load(Ordering::Acquire) & (1 << bit) != 0 {
            return slot.load(Ordering::Relaxed);
        }
        let targets = first(find);
        slot.store(targets, Ordering::Relaxed);
        known.fetch_or(1 << bit, Ordering::Release);
        targets
    }
}

/// Targets worked out rather than read: once per square, so out of line,
/// keeping [`Ahead::get`]'s usual path short.
#[cold]
#[inline(never)]
fn first(find: impl FnOnce() -> u64) -> u64 {
    find()
}

/// A copy knows nothing yet: it fills as it is asked.
impl Clone for Ahead {
    fn clone(&self) -> Ahead {
        Ahead::new(self.players, self.types).expect("as small as the one copied")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_worked_out_once_for_each_player_type_and_square() {
        let ahead = Ahead::new(2, 3).expect("small");
        let mut asked = 0;
        for round in 0..2 {
            for player in 1..=2u8 {
                for t in 0..3 {
                    for bit in [0, 17, 63] {
                        let want = u64::from(player) << 40 | u64::from(t) << 20 | u64::from(bit);
                        let got = ahead.get(player, t, bit, || {
                            asked += 1;
                            want
                        });
                        assert_eq!(
                            got, want,
                            "round {round}, player {player}, type {t}, square {bit}"
                        );
                    }
                }
            }
        }
        assert_eq!(asked, 2 * 3 * 3, "each asked the first round only");
        // A copy starts empty and answers the same.
        let copy = ahead.clone();
        assert_eq!(copy.get(2, 1, 17, || 5), 5);
        assert_eq!(ahead.get(2, 1, 17, || 5), 2 << 40 | 1 << 20 | 17);
        // A type it has no row for is worked out every time, never read
        // from another's row.
        assert_eq!(ahead.get(1, 3, 17, || 7), 7);
        assert_eq!(ahead.get(1, 3, 17, || 8), 8);
    }

    #[test]
    fn a_table_too_big_is_not_made() {
        assert!(Ahead::new(4, 255).is_none());
        assert!(Ahead::new(4, 17).is_none());
        assert!(Ahead::new(4, 16).is_some());
        assert!(Ahead::new(2, 32).is_some());
    }
}
