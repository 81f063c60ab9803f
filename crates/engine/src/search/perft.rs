//! Counting whole-move sequences, to check move generation against
//! published figures ("perft").
//!
//! A roll of dice is an action of its own: where the player on move may
//! roll, each outcome of each roll allowed (every combination of faces)
//! is a branch, counted like a move. Snakes and Ladders from the start
//! has 6 sequences of one action (the six faces) and 6 of two (each face,
//! then the one move it allows).

use super::moves::{play, unplay, MoveGen};
use crate::position::Position;

/// The most outcomes of one roll counted one by one.
pub const MAX_OUTCOMES: usize = 1 << 20;

/// Why a count could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooMany;

impl std::fmt::Display for TooMany {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a roll of the dice has more than {MAX_OUTCOMES} outcomes: too many to count one by one"
        )
    }
}

/// The number of action sequences of `depth` actions from `pos`: whole
/// moves as [`MoveGen`] lists them (one per resulting position; a pass is
/// a move, a move of several steps is one) and the outcomes of rolls. A
/// sequence that ends early because the game is over is not counted.
///
/// # Errors
/// When a roll has more than [`MAX_OUTCOMES`] outcomes.
pub fn perft(pos: &mut Position, depth: u32) -> Result<u64, TooMany> {
    let mut gen = MoveGen::new(pos.rules());
    count(pos, &mut gen, depth)
}

fn count(pos: &mut Position, gen: &mut MoveGen, depth: u32) -> Result<u64, TooMany> {
    if depth == 0 {
        return Ok(1);
    }
    let mut total = 0;
    for roll in pos.rolls() {
        let outcomes = pos.roll_outcomes(roll, MAX_OUTCOMES).ok_or(TooMany)?;
        if depth == 1 {
            total += outcomes.len() as u64;
            continue;
        }
        for faces in &outcomes {
            let undo = pos.apply_roll(roll, faces);
            let n = count(pos, gen, depth - 1);
            pos.revert(undo);
            total += n?;
        }
    }
    let mut moves = Vec::new();
    gen.moves(pos, &mut moves);
    if depth == 1 {
        return Ok(total + moves.len() as u64);
    }
    for m in &moves {
        let undo = play(pos, m);
        let n = count(pos, gen, depth - 1);
        unplay(pos, undo);
        total += n?;
    }
    Ok(total)
}
