//! Connect Four (6 rows × 7 columns) on bitboards, by hand: the textbook
//! layout of one column per 7 bits (6 squares and a spare bit on top, so
//! that lines do not wrap), a height per column, and a line of four found
//! by shifting the board onto itself.

use super::super::rng::Rng;

pub const ROWS: u32 = 6;
pub const COLUMNS: u32 = 7;
/// Bits per column: the squares and one spare bit above them.
const STRIDE: u32 = ROWS + 1;

/// A position: each player's discs, and where the next disc of each
/// column lands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    discs: [u64; 2],
    height: [u32; COLUMNS as usize],
    /// Discs played so far; the player on move is `plies % 2` (0: the first).
    plies: u32,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The empty board, the first player on move.
    pub fn new() -> Board {
        Board {
            discs: [0; 2],
            height: std::array::from_fn(|c| c as u32 * STRIDE),
            plies: 0,
        }
    }

    /// The player on move: 1 or 2.
    pub fn to_move(&self) -> u8 {
        (self.plies % 2) as u8 + 1
    }

    /// Whether a disc can still be dropped into `column` (0-based).
    pub fn playable(&self, column: u32) -> bool {
        self.height[column as usize] < column * STRIDE + ROWS
    }

    /// The columns a disc can be dropped into, as bits 0..7.
    pub fn columns(&self) -> u32 {
        (0..COLUMNS)
            .filter(|&c| self.playable(c))
            .fold(0, |m, c| m | 1 << c)
    }

    /// Drops the mover's disc into `column` (which must be playable);
    /// returns whether it made a line of four.
    pub fn play(&mut self, column: u32) -> bool {
        let side = (self.plies % 2) as usize;
        self.discs[side] |= 1 << self.height[column as usize];
        self.height[column as usize] += 1;
        self.plies += 1;
        four(self.discs[side])
    }

    /// The owner (0 empty, 1 or 2) of the square at `row` 0..6 from the
    /// bottom and `column` 0..7.
    pub fn owner(&self, row: u32, column: u32) -> u8 {
        let bit = 1u64 << (column * STRIDE + row);
        if self.discs[0] & bit != 0 {
            1
        } else if self.discs[1] & bit != 0 {
            2
        } else {
            0
        }
    }
}

/// Whether `discs` hold a line of four: across (shift by a column), up,
/// and both diagonals.
fn four(discs: u64) -> bool {
    [STRIDE, 1, STRIDE - 1, STRIDE + 1].iter().any(|&s| {
        let two = discs & (discs >> s);
        two & (two >> (2 * s)) != 0
    })
}

/// One random game from the empty board; returns the winner (1 or 2), or 0
/// for a draw (the board full).
pub fn playout(rng: &mut Rng) -> u8 {
    let mut board = Board::new();
    while board.plies < ROWS * COLUMNS {
        let column = super::random_bit(u64::from(board.columns()), rng).trailing_zeros();
        if board.play(column) {
            return 2 - (board.plies % 2) as u8;
        }
    }
    0
}

/// The number of move sequences of `depth` moves from `board`; a game
/// that is over has no moves.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for column in (0..COLUMNS).filter(|&c| board.playable(c)) {
        let mut next = board.clone();
        total += if next.play(column) || next.plies == ROWS * COLUMNS {
            u64::from(depth == 1)
        } else {
            perft(&next, depth - 1)
        };
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_four_wins_and_three_does_not() {
        let mut b = Board::new();
        // The first player drops into columns 0, 1, 2, 3; the second on top.
        for c in 0..3 {
            assert!(!b.play(c));
            assert!(!b.play(c));
        }
        assert!(b.play(3));
        assert_eq!(b.owner(0, 3), 1);
        assert_eq!(b.owner(1, 2), 2);
        assert_eq!(b.owner(1, 3), 0);
        // Up a column.
        let mut b = Board::new();
        for _ in 0..3 {
            b.play(0);
            b.play(1);
        }
        assert!(b.play(0));
        // A full column takes no more.
        let mut b = Board::new();
        for _ in 0..ROWS {
            assert!(b.playable(0) && !b.play(0));
        }
        assert!(!b.playable(0));
        assert_eq!(b.columns(), 0b111_1110);
    }

    #[test]
    fn a_diagonal_wins_and_no_line_wraps_around_the_edge() {
        let mut b = Board::new();
        // First player: (0,0) (1,1) (2,2) (3,3) bottom-left to top-right.
        for c in [0, 1, 1, 2, 2, 3, 2, 3, 3, 5] {
            assert!(!b.play(c), "{b:?}");
        }
        assert!(b.play(3));
        // Lines of four bits that run over the edge of a column are not
        // lines on the board (the spare bit breaks them).
        assert!(four(0b1111) && four(1 | 1 << 7 | 1 << 14 | 1 << 21));
        assert!(!four(0b11 << 4 | 0b11 << 7));
        // Down to the right: rows 5, 4, 3, 2 of columns 0 to 3.
        assert!(four(1 << 5 | 1 << 11 | 1 << 17 | 1 << 23));
    }

    #[test]
    fn move_counts_are_connect_fours() {
        // Every sequence of six discs; at the seventh, not all seven in one
        // column; then games won end (published counts).
        let b = Board::new();
        for depth in 0..=6 {
            assert_eq!(perft(&b, depth), 7u64.pow(depth));
        }
        assert_eq!(perft(&b, 7), 823_536);
        assert_eq!(perft(&b, 8), 5_673_234);
    }

    #[test]
    fn random_games_end_like_connect_four() {
        let mut rng = Rng::new(5);
        let mut seen = [0u32; 3];
        for _ in 0..20_000 {
            seen[usize::from(playout(&mut rng))] += 1;
        }
        // Random play: the first player wins about 55.6 %, the second
        // 44.2 %, draws are rare.
        let share = |n: u32| f64::from(n) / 20_000.0;
        assert!((share(seen[1]) - 0.556).abs() < 0.02, "{seen:?}");
        assert!((share(seen[2]) - 0.442).abs() < 0.02, "{seen:?}");
        assert!(share(seen[0]) < 0.01, "{seen:?}");
    }
}
