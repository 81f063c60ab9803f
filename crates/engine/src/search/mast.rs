//! Playouts that learn which actions pay: MAST, the move-average sampling
//! technique of Finnsson and Björnsson (2008), as general game players use
//! it.
//!
//! Over a search, every action made in an iteration (in the tree or in the
//! playout) is credited with the iteration's result for the player who
//! made it, whatever the position it was made in. A playout then draws a
//! few legal actions at random and makes the one that has paid best so far
//! ([`DRAWS`]), instead of the first drawn: an advance that tends to win,
//! a capture, a mill, is made more often than a step back, in any game,
//! with nothing said about the game. Drawing a few instead of ranking them
//! all keeps a step's cost where a random playout's is, and keeps every
//! action possible.

use crate::rules::FastHasher;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};

/// How many legal actions a playout step draws and compares. Measured by
/// matches of the tree against itself (see [`Mast`]'s callers).
pub const DRAWS: usize = 2;

/// The table's size, a power of two: actions that fall in one cell share
/// their counts (rare, and only a little less sharp).
const CELLS: usize = 1 << 16;

/// What each action earned its player over a search: points (2 a win, 1 a
/// draw) and times made, in cells by a hash of the player and the action.
#[derive(Clone)]
pub struct Mast {
    cells: Box<[(u32, u32)]>,
}

impl std::fmt::Debug for Mast {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seen = self.cells.iter().filter(|c| c.1 > 0).count();
        write!(f, "Mast({seen} actions seen)")
    }
}

impl Default for Mast {
    fn default() -> Mast {
        Mast {
            cells: vec![(0, 0); CELLS].into_boxed_slice(),
        }
    }
}

impl Mast {
    fn cell<A: Hash>(player: u8, action: &A) -> usize {
        let hash = BuildHasherDefault::<FastHasher>::default().hash_one((player, action));
        // The high bits: the fast hasher mixes them best.
        (hash >> 48) as usize & (CELLS - 1)
    }

    /// Credits `player`'s `action` with the result `winner` (0 a draw).
    pub fn learn<A: Hash>(&mut self, player: u8, action: &A, winner: u8) {
        let cell = &mut self.cells[Mast::cell(player, action)];
        cell.0 += match winner {
            0 => 1,
            w if w == player => 2,
            _ => 0,
        };
        cell.1 += 1;
    }

    /// The points `player`'s `action` earned, and the times it was made.
    pub fn paid<A: Hash>(&self, player: u8, action: &A) -> (u32, u32) {
        self.cells[Mast::cell(player, action)]
    }

    /// Whether `a` has paid `player` better than `b`: means of points with
    /// one draw counted in beforehand, so that an action never made stands
    /// at a draw, and one made once is not judged by that once alone.
    pub fn prefers<A: Hash>(&self, player: u8, a: &A, b: &A) -> bool {
        let (pa, na) = self.cells[Mast::cell(player, a)];
        let (pb, nb) = self.cells[Mast::cell(player, b)];
        (u64::from(pa) + 1) * (u64::from(nb) + 1) > (u64::from(pb) + 1) * (u64::from(na) + 1)
    }

    /// Of up to `draws` candidates drawn by `draw`, the one whose action
    /// (`action` of it) has paid `player` best (the first drawn on ties);
    /// drawing stops where `draw` gives none, and `None` where the first
    /// gave none.
    pub fn choose<T, A: Hash>(
        &self,
        player: u8,
        draws: usize,
        mut draw: impl FnMut() -> Option<T>,
        action: impl Fn(&T) -> A,
    ) -> Option<T> {
        let mut best = draw()?;
        for _ in 1..draws {
            let Some(other) = draw() else { break };
            if self.prefers(player, &action(&other), &action(&best)) {
                best = other;
            }
        }
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_that_wins_is_preferred_to_one_that_loses_for_its_player_only() {
        let mut mast = Mast::default();
        for _ in 0..3 {
            mast.learn(1, &"advance", 1);
            mast.learn(1, &"retreat", 2);
        }
        assert!(mast.prefers(1, &"advance", &"retreat"));
        assert!(!mast.prefers(1, &"retreat", &"advance"));
        // Player 2 never made them: neither is preferred.
        assert!(!mast.prefers(2, &"advance", &"retreat"));
        assert!(!mast.prefers(2, &"retreat", &"advance"));
    }

    #[test]
    fn an_action_never_made_stands_at_a_draw() {
        let mut mast = Mast::default();
        mast.learn(1, &"won", 1);
        mast.learn(1, &"lost", 2);
        mast.learn(1, &"drawn", 0);
        assert!(mast.prefers(1, &"won", &"new"));
        assert!(mast.prefers(1, &"new", &"lost"));
        assert!(!mast.prefers(1, &"new", &"drawn") && !mast.prefers(1, &"drawn", &"new"));
    }

    #[test]
    fn choosing_among_draws_takes_the_best_drawn_and_draws_as_many_as_asked() {
        let mut mast = Mast::default();
        for (action, winner) in [(1u8, 2u8), (2, 1), (3, 1), (3, 1)] {
            mast.learn(1, &action, winner);
        }
        let mut drawn = Vec::new();
        let mut order = [1u8, 2, 3].into_iter();
        let same = |a: &u8| *a;
        let chosen = mast.choose(
            1,
            3,
            || {
                let a = order.next();
                drawn.extend(a);
                a
            },
            same,
        );
        assert_eq!(chosen, Some(3));
        assert_eq!(drawn, [1, 2, 3]);
        let mut order = [3u8, 1].into_iter();
        assert_eq!(mast.choose(1, 2, || order.next(), same), Some(3));
        assert_eq!(mast.choose(1, 2, || None::<u8>, same), None);
        let mut order = [1u8].into_iter();
        assert_eq!(
            mast.choose(1, 3, || order.next(), same),
            Some(1),
            "the draws ran out"
        );
        // Candidates are told apart by their action.
        let mut order = [(10, 3u8), (20, 1)].into_iter();
        assert_eq!(mast.choose(1, 2, || order.next(), |c| c.1), Some((10, 3)));
    }
}
