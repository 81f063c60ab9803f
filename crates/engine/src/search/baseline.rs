//! Hand-written games on bitboards: the yardsticks for the engine's random
//! playouts. The engine interprets any game's rules; each of these knows
//! only its own game, written the usual textbook way (no tricks either
//! way). Used by the benchmarks, natively and in the page
//! ([`super::bench`]).
//!
//! Each game plays one random game from its start ([`tic_tac_toe::playout`],
//! [`connect_four::playout`], [`checkers::playout`], [`reversi::playout`])
//! and returns the winner (1 or 2) or 0 for a draw. The tests check that
//! these games are the real games: known shares of random games, move
//! counts ("perft") against published figures, and random games replayed
//! move by move against the engine playing the shipped rule files.

pub mod checkers;
pub mod connect_four;
pub mod reversi;
pub mod tic_tac_toe;

#[cfg(test)]
mod agree;

use super::rng::Rng;

/// One of the set bits of `bits`, chosen at random, as a one-bit mask
/// (0 when `bits` is 0).
pub fn random_bit(bits: u64, rng: &mut Rng) -> u64 {
    let mut k = rng.below(bits.count_ones() as usize);
    let mut rest = bits;
    while k > 0 {
        rest &= rest - 1;
        k -= 1;
    }
    rest & rest.wrapping_neg()
}
