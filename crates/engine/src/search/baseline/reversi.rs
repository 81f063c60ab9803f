//! Reversi (8×8) on bitboards, by hand: one bit a square (row × 8 +
//! column), each player's discs, legal squares found by flooding along the
//! eight directions with edge masks, the discs a move turns found by
//! walking from the square. A player who cannot put a disc down passes;
//! when neither can, more discs win. The first player begins with discs on
//! 4.5 and 5.4, as in the shipped rule file.

use super::super::rng::Rng;

const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = COLUMN_A << 7;

/// The eight directions: how far a bit moves, and the squares it may
/// move from without leaving the board (rows fall off the ends).
const DIRECTIONS: [(i32, u64); 8] = [
    (1, !COLUMN_H),
    (-1, !COLUMN_A),
    (8, !0),
    (-8, !0),
    (9, !COLUMN_H),
    (7, !COLUMN_A),
    (-7, !COLUMN_H),
    (-9, !COLUMN_A),
];

fn shift(bits: u64, (by, from): (i32, u64)) -> u64 {
    let bits = bits & from;
    if by > 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The squares where the player with `own` discs can put one down against
/// `other`: empty, next to a line of the other's discs ended by one of
/// `own`.
pub fn legal(own: u64, other: u64) -> u64 {
    let empty = !(own | other);
    let mut squares = 0;
    for d in DIRECTIONS {
        let mut line = shift(own, d) & other;
        for _ in 0..5 {
            line |= shift(line, d) & other;
        }
        squares |= shift(line, d) & empty;
    }
    squares
}

/// The discs of `other` turned by a disc put on `square`.
pub fn turned(own: u64, other: u64, square: u64) -> u64 {
    let mut all = 0;
    for d in DIRECTIONS {
        let mut line = 0;
        let mut at = shift(square, d);
        while at & other != 0 {
            line |= at;
            at = shift(at, d);
        }
        if at & own != 0 {
            all |= line;
        }
    }
    all
}

/// A position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    discs: [u64; 2],
    /// 0: the first player on move, 1: the second.
    side: usize,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The start: the first player's discs on 4.5 and 5.4, the second's on
    /// 4.4 and 5.5, the first player on move.
    pub fn new() -> Board {
        let at = |row: u32, column: u32| 1u64 << ((row - 1) * 8 + column - 1);
        Board {
            discs: [at(4, 5) | at(5, 4), at(4, 4) | at(5, 5)],
            side: 0,
        }
    }

    /// The player on move: 1 or 2.
    pub fn to_move(&self) -> u8 {
        self.side as u8 + 1
    }

    /// The owner (0: empty, 1 or 2) of square `bit` (0..64).
    pub fn owner(&self, bit: u32) -> u8 {
        (0..2)
            .find(|&s| self.discs[s] >> bit & 1 != 0)
            .map_or(0, |s| s as u8 + 1)
    }

    /// Where the player on move can put a disc.
    pub fn legal(&self) -> u64 {
        legal(self.discs[self.side], self.discs[1 - self.side])
    }

    /// Whether the player not on move could put a disc down.
    fn other_can(&self) -> bool {
        legal(self.discs[1 - self.side], self.discs[self.side]) != 0
    }

    /// Puts the mover's disc on `square` (a legal one), or passes when
    /// `square` is 0.
    pub fn play(&mut self, square: u64) {
        let s = self.side;
        let flips = turned(self.discs[s], self.discs[1 - s], square);
        self.discs[s] |= square | flips;
        self.discs[1 - s] ^= flips;
        self.side = 1 - s;
    }

    /// The winner when nobody can move: more discs, or 0 for as many.
    pub fn winner(&self) -> u8 {
        let [a, b] = self.discs.map(u64::count_ones);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 0,
        }
    }
}

/// One random game from the start; returns the winner (1 or 2), or 0 for
/// as many discs each.
pub fn playout(rng: &mut Rng) -> u8 {
    let mut board = Board::new();
    loop {
        let squares = board.legal();
        if squares == 0 && !board.other_can() {
            return board.winner();
        }
        board.play(super::random_bit(squares, rng));
    }
}

/// The number of move sequences of `depth` moves from `board`, a pass
/// counting as a move; a game that is over has no moves.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut squares = board.legal();
    if squares == 0 {
        if !board.other_can() {
            return 0;
        }
        let mut next = board.clone();
        next.play(0);
        return perft(&next, depth - 1);
    }
    if depth == 1 {
        return u64::from(squares.count_ones());
    }
    let mut total = 0;
    while squares != 0 {
        let square = squares & squares.wrapping_neg();
        squares &= squares - 1;
        let mut next = board.clone();
        next.play(square);
        total += perft(&next, depth - 1);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_counts_are_the_published_ones() {
        let start = Board::new();
        let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396, 8200, 55_092]);
    }

    #[test]
    fn a_disc_turns_every_line_it_closes_and_no_line_wraps() {
        // Row 1: own at column 1, the other's at 2 and 3; a disc on 4
        // turns both. A line over the edge of a row turns nothing.
        let own = 1 | 1 << 16;
        let other = 0b110 | 1 << 11;
        assert_eq!(turned(own, other, 1 << 3), 0b110);
        assert_eq!(legal(own, other), 1 << 3);
        // Own on column 8 of row 1, the other's on column 1 of row 2:
        // not a line.
        assert_eq!(legal(1 << 7, 1 << 8) & 1 << 9, 0);
        assert_eq!(turned(1 << 7, 1 << 8, 1 << 9), 0);
    }

    #[test]
    fn a_player_who_cannot_move_passes_and_more_discs_win() {
        // The second player has no disc next to an empty square it could
        // close: it passes, and the first goes on.
        let mut b = Board {
            discs: [0b1, 0b10],
            side: 1,
        };
        assert_eq!(b.legal(), 0);
        assert!(b.other_can());
        b.play(0);
        assert_eq!(b.to_move(), 1);
        b.play(0b100);
        assert_eq!(b.discs, [0b111, 0]);
        assert_eq!(b.winner(), 1);
    }
}
