//! English checkers (8×8) on bitboards, by hand: one bit a square (row ×
//! 8 + column, the first player's home row at the bottom), men and crowns
//! of each player, diagonal neighbours by shifting with edge masks.
//! Capturing is compulsory, a stone goes on jumping while it can, a stone
//! crowned ends its move there, and 40 moves of each player with no
//! capture and no stone crowned are a draw, as in the shipped rule file.

use super::super::rng::Rng;

/// The four diagonals: how far a bit moves, and the squares it may move
/// from without leaving the board.
const UP_RIGHT: (i32, u64) = (9, !(COLUMN_H | ROW_8));
const UP_LEFT: (i32, u64) = (7, !(COLUMN_A | ROW_8));
const DOWN_RIGHT: (i32, u64) = (-7, !(COLUMN_H | ROW_1));
const DOWN_LEFT: (i32, u64) = (-9, !(COLUMN_A | ROW_1));
const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = COLUMN_A << 7;
const ROW_1: u64 = 0xFF;
const ROW_8: u64 = ROW_1 << 56;

/// Directions a stone of each player moves in, and a crown's.
const FORWARD: [[(i32, u64); 2]; 2] = [[UP_RIGHT, UP_LEFT], [DOWN_RIGHT, DOWN_LEFT]];
const ALL: [(i32, u64); 4] = [UP_RIGHT, UP_LEFT, DOWN_RIGHT, DOWN_LEFT];
/// The row where each player's stones are crowned.
const FAR_ROW: [u64; 2] = [ROW_8, ROW_1];
/// Moves of each player with no capture and no crowning that draw.
pub const QUIET_DRAW: u32 = 80;

fn shift(bits: u64, (by, from): (i32, u64)) -> u64 {
    let bits = bits & from;
    if by > 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// One move: a step, or a capture of one or more jumps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub from: u64,
    pub to: u64,
    /// The enemy figures taken.
    pub taken: u64,
    /// Whether a stone is crowned (which ends the move).
    pub crowns: bool,
}

/// A position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Each player's stones (not crowned) and crowns.
    stones: [u64; 2],
    crowns: [u64; 2],
    /// 0: the first player on move, 1: the second.
    side: usize,
    /// Moves in a row with no capture and no stone crowned.
    quiet: u32,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The start: twelve stones each on the dark squares of the three
    /// rows nearest each player, the first player on move.
    pub fn new() -> Board {
        let dark = 0x55AA_55AA_55AA_55AAu64;
        Board {
            stones: [dark & 0xFF_FFFF, dark & 0xFFFF_FF00_0000_0000],
            crowns: [0; 2],
            side: 0,
            quiet: 0,
        }
    }

    /// The player on move: 1 or 2.
    pub fn to_move(&self) -> u8 {
        self.side as u8 + 1
    }

    fn figures(&self, side: usize) -> u64 {
        self.stones[side] | self.crowns[side]
    }

    /// What is on square `bit` (0..64): 0 nothing, 1 or 2 a stone of that
    /// player, 3 or 4 a crown of player 1 or 2.
    pub fn square(&self, bit: u32) -> u8 {
        let b = 1u64 << bit;
        (0..2)
            .find_map(|s| {
                if self.stones[s] & b != 0 {
                    Some(s as u8 + 1)
                } else if self.crowns[s] & b != 0 {
                    Some(s as u8 + 3)
                } else {
                    None
                }
            })
            .unwrap_or(0)
    }

    /// The legal moves of the player on move into `out`: the captures if
    /// there are any (every way of jumping, each to its end), else the steps.
    pub fn moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let own = self.figures(self.side);
        let empty = !(own | self.figures(1 - self.side));
        let mut rest = own;
        while rest != 0 {
            let from = rest & rest.wrapping_neg();
            rest &= rest - 1;
            self.jumps(from, from, 0, empty | from, out);
        }
        if !out.is_empty() {
            return;
        }
        let mut rest = own;
        while rest != 0 {
            let from = rest & rest.wrapping_neg();
            rest &= rest - 1;
            for &d in self.directions(from) {
                let to = shift(from, d) & empty;
                if to != 0 {
                    let crowns = from & self.stones[self.side] != 0 && to & FAR_ROW[self.side] != 0;
                    out.push(Move {
                        from,
                        to,
                        taken: 0,
                        crowns,
                    });
                }
            }
        }
    }

    fn directions(&self, figure: u64) -> &'static [(i32, u64)] {
        if figure & self.crowns[self.side] != 0 {
            &ALL
        } else {
            &FORWARD[self.side]
        }
    }

    /// Goes on jumping the figure that started at `from` and is at `at`,
    /// having taken `taken` (already off the board) with `empty` squares.
    fn jumps(&self, from: u64, at: u64, taken: u64, empty: u64, out: &mut Vec<Move>) {
        let enemy = self.figures(1 - self.side) & !taken;
        let stone = from & self.stones[self.side] != 0;
        let mut went_on = false;
        for &d in self.directions(from) {
            let over = shift(at, d) & enemy;
            let to = shift(over, d) & empty;
            if to == 0 {
                continue;
            }
            went_on = true;
            if stone && to & FAR_ROW[self.side] != 0 {
                out.push(Move {
                    from,
                    to,
                    taken: taken | over,
                    crowns: true,
                });
            } else {
                self.jumps(from, to, taken | over, empty | over, out);
            }
        }
        if !went_on && taken != 0 {
            out.push(Move {
                from,
                to: at,
                taken,
                crowns: false,
            });
        }
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) {
        let s = self.side;
        if m.from & self.stones[s] != 0 {
            self.stones[s] ^= m.from;
            if m.crowns {
                self.crowns[s] |= m.to;
            } else {
                self.stones[s] |= m.to;
            }
        } else {
            self.crowns[s] ^= m.from | m.to;
        }
        self.stones[1 - s] &= !m.taken;
        self.crowns[1 - s] &= !m.taken;
        self.quiet = if m.taken != 0 || m.crowns {
            0
        } else {
            self.quiet + 1
        };
        self.side = 1 - s;
    }

    /// Whether the game is drawn by quiet moves.
    pub fn drawn(&self) -> bool {
        self.quiet >= QUIET_DRAW
    }
}

/// One random game from the start; returns the winner (1 or 2: the other
/// player cannot move), or 0 for a draw.
pub fn playout(rng: &mut Rng, moves: &mut Vec<Move>) -> u8 {
    let mut board = Board::new();
    loop {
        if board.drawn() {
            return 0;
        }
        board.moves(moves);
        if moves.is_empty() {
            return 2 - board.side as u8;
        }
        board.play(moves[rng.below(moves.len())]);
    }
}

/// The number of move sequences of `depth` moves from `board`; a game
/// that is over has no moves.
pub fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if board.drawn() {
        return 0;
    }
    let mut moves = Vec::new();
    board.moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = board.clone();
            next.play(m);
            perft(&next, depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_counts_are_the_published_ones() {
        let start = Board::new();
        let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [7, 49, 302, 1469, 7361, 36768, 179_740]);
    }

    fn board(stones: [u64; 2], crowns: [u64; 2], side: usize) -> Board {
        Board {
            stones,
            crowns,
            side,
            quiet: 0,
        }
    }

    fn bit(row: u32, column: u32) -> u64 {
        1 << ((row - 1) * 8 + column - 1)
    }

    #[test]
    fn a_capture_is_a_must_and_goes_on_while_it_can() {
        // A black stone at 1.2 before white at 2.3 and 4.5, the squares
        // behind them empty; another black stone could step.
        let b = board([bit(1, 2) | bit(1, 8), bit(2, 3) | bit(4, 5)], [0; 2], 0);
        let mut moves = Vec::new();
        b.moves(&mut moves);
        assert_eq!(
            moves,
            [Move {
                from: bit(1, 2),
                to: bit(5, 6),
                taken: bit(2, 3) | bit(4, 5),
                crowns: false
            }]
        );
        let mut after = b.clone();
        after.quiet = 30;
        after.play(moves[0]);
        assert_eq!(after.figures(1), 0);
        assert_eq!(after.quiet, 0, "a capture starts the count of quiet moves again");
        assert_eq!(after.square(4 * 8 + 5), 1);
    }

    #[test]
    fn a_stone_crowned_stops_and_a_crown_jumps_backwards() {
        // A black stone jumps to the far row and is crowned; it could jump
        // on backwards as a crown but the move ends.
        let b = board([bit(6, 4), bit(7, 5) | bit(7, 7)], [0; 2], 0);
        let mut moves = Vec::new();
        b.moves(&mut moves);
        assert_eq!(
            moves,
            [Move {
                from: bit(6, 4),
                to: bit(8, 6),
                taken: bit(7, 5),
                crowns: true
            }]
        );
        // A white crown jumps backwards (up), twice.
        let b = board([bit(2, 2) | bit(4, 4), 0], [0, bit(1, 1)], 1);
        b.moves(&mut moves);
        assert_eq!(
            moves,
            [Move {
                from: bit(1, 1),
                to: bit(5, 5),
                taken: bit(2, 2) | bit(4, 4),
                crowns: false
            }]
        );
    }

    #[test]
    fn no_move_loses_and_quiet_moves_draw() {
        // White has no figure left: black, who just captured, wins.
        let mut moves = Vec::new();
        board([bit(1, 2), 0], [0; 2], 1).moves(&mut moves);
        assert!(moves.is_empty());
        // A quiet move after 79: a draw.
        let mut b = board([0; 2], [bit(1, 2), bit(8, 7)], 0);
        b.quiet = QUIET_DRAW - 1;
        assert!(!b.drawn());
        b.moves(&mut moves);
        b.play(moves[0]);
        assert!(b.drawn());
    }
}
