//! Counting whole-move sequences, to check move generation against
//! published figures ("perft").

use super::moves::{play, unplay, MoveGen};
use crate::position::Position;

/// The number of whole-move sequences of `depth` moves from `pos`, moves
/// counted as [`MoveGen`] lists them (one per resulting position; a pass
/// is a move, a move of several steps is one). A sequence that ends early
/// because the game is over is not counted.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut gen = MoveGen::new(pos.rules());
    count(pos, &mut gen, depth)
}

fn count(pos: &mut Position, gen: &mut MoveGen, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    gen.moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in &moves {
        let undo = play(pos, m);
        total += count(pos, gen, depth - 1);
        unplay(pos, undo);
    }
    total
}
