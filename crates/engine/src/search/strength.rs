//! How strong the computer plays: the strengths a child can pick, and the
//! beginner's way of choosing.

use super::clock::{Budget, Limits};
use super::moves::{play, unplay, Move, MoveGen};
use super::rng::Rng;
use crate::position::Position;
use crate::state::Status;

/// A strength a child can pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Strength {
    /// Random among reasonable moves: avoids a move that loses at once and
    /// takes an immediate win half of the time.
    Beginner,
    /// A short search in games of two: a few moves deep, a small part of
    /// the budget. A puzzle it solves as Master does: a weaker puzzle
    /// solver only walks about at random, which no child wants to watch.
    Good,
    /// The full search within the budget.
    #[default]
    Master,
}

impl Strength {
    /// The limits this strength searches with, within the caller's, in a
    /// game of `players`. Every strength above Beginner searches a puzzle
    /// (one player) with the caller's whole limits, so that it solves every
    /// puzzle a hint can solve with the same limits.
    pub fn limits(self, given: Limits, players: u8) -> Limits {
        match self {
            Strength::Master => given,
            Strength::Good if players < 2 => given,
            Strength::Beginner | Strength::Good => Limits {
                time_ms: Some(given.time_ms.map_or(250.0, |t| t.min(250.0))),
                nodes: Some(given.nodes.map_or(20_000, |n| n.min(20_000))),
                depth: Some(given.depth.map_or(3, |d| d.min(3))),
            },
        }
    }

    /// The most random playouts this strength uses in a game of two, if
    /// limited.
    pub fn playouts(self) -> Option<u64> {
        match self {
            Strength::Master => None,
            _ => Some(1500),
        }
    }
}

fn winner(pos: &Position) -> Option<u8> {
    match pos.status() {
        Status::Over { winner, .. } => Some(*winner),
        Status::Playing => None,
    }
}

/// Whether the player on move has a move that wins at once.
fn can_win_at_once(pos: &mut Position, gen: &mut MoveGen, budget: &mut Budget) -> bool {
    let me = pos.to_move();
    let mut moves = Vec::new();
    gen.moves_in(pos, &mut moves, Some(budget));
    moves.iter().any(|mv| {
        budget.tick();
        let u = play(pos, mv);
        let wins = winner(pos) == Some(me);
        unplay(pos, u);
        wins
    })
}

/// The beginner's choice among `moves` (not empty): a winning move half of
/// the time if there is one, else a random move that does not lose at once
/// and does not let the opponent win at once (if any such move exists).
pub fn beginner(
    pos: &mut Position,
    gen: &mut MoveGen,
    moves: &[Move],
    budget: &mut Budget,
    rng: &mut Rng,
) -> usize {
    let me = pos.to_move();
    let mut wins = Vec::new();
    let mut fine = Vec::new();
    let mut not_lost = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        if budget.stopped() {
            fine.push(i);
            continue;
        }
        let u = play(pos, mv);
        match winner(pos) {
            Some(w) if w == me => wins.push(i),
            Some(0) => {
                not_lost.push(i);
                fine.push(i);
            }
            Some(_) => {}
            None => {
                not_lost.push(i);
                let opponent_moves = pos.to_move() != me;
                if !(opponent_moves && can_win_at_once(pos, gen, budget)) {
                    fine.push(i);
                }
            }
        }
        unplay(pos, u);
    }
    if !wins.is_empty() && (rng.chance(1, 2) || (fine.is_empty() && not_lost.is_empty())) {
        return wins[rng.below(wins.len())];
    }
    for pool in [&fine, &not_lost, &wins] {
        if !pool.is_empty() {
            return pool[rng.below(pool.len())];
        }
    }
    rng.below(moves.len())
}
