//! Tic-Tac-Toe on bitboards, by hand: the yardstick for the engine's
//! random playouts (the engine interprets any game's rules; this knows only
//! Tic-Tac-Toe). Used by the benchmarks, natively and in the page.

use super::super::rng::Rng;

/// The eight lines of three, as bits of a 3×3 board.
const LINES: [u16; 8] = [
    0b111,
    0b111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// One random game of Tic-Tac-Toe from the empty board; returns the
/// winner (1 or 2), or 0 for a draw.
pub fn playout(rng: &mut Rng) -> u8 {
    let mut boards = [0u16; 2];
    for ply in 0..9 {
        let free = !(boards[0] | boards[1]) & 0x1FF;
        let mut k = rng.below(free.count_ones() as usize);
        let mut bits = free;
        while k > 0 {
            bits &= bits - 1;
            k -= 1;
        }
        let side = ply % 2;
        boards[side] |= bits & bits.wrapping_neg();
        if LINES.iter().any(|&l| boards[side] & l == l) {
            return side as u8 + 1;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_end_like_tic_tac_toe() {
        let mut rng = Rng::new(3);
        let mut seen = [0u32; 3];
        for _ in 0..20_000 {
            seen[usize::from(playout(&mut rng))] += 1;
        }
        // Random play: the first player wins about 58 %, the second 29 %, draws 13 %.
        let share = |n: u32| f64::from(n) / 20_000.0;
        assert!((share(seen[1]) - 0.585).abs() < 0.03, "{seen:?}");
        assert!((share(seen[2]) - 0.288).abs() < 0.03, "{seen:?}");
        assert!((share(seen[0]) - 0.127).abs() < 0.03, "{seen:?}");
    }
}
