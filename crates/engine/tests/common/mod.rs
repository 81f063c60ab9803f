//! What the tests of the example games share: a game opened from its
//! file, an expression asked of a position, the positions its whole moves
//! lead to, and the seeded choice of a move for whole games played
//! against a reference.

use std::collections::HashSet;
use std::hash::Hash;
use std::sync::Arc;
use tablecraft_engine::expr::{parse_expr, EvalError, Scope, Value};
use tablecraft_engine::position::Position;
use tablecraft_engine::search::{play, unplay, Move, MoveGen};
use tablecraft_engine::world::View;
use tablecraft_engine::Status;

/// The starting position of a game file's text.
pub fn start(text: &str) -> Position {
    let (_, rules) = tablecraft_engine::open::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

/// The value of the expression `src` at `pos`, its names those of the
/// game; panics where it does not read or names what the game lacks.
#[allow(dead_code)] // Not every test that shares this module asks.
pub fn evaluate(pos: &Position, src: &str) -> Result<Value, EvalError> {
    let mut e = parse_expr(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let rules = pos.rules();
    let is_element = |n: &str| rules.element(n).is_some();
    let problems = e.resolve(&Scope {
        vars: &[],
        is_element: &is_element,
    });
    assert!(problems.is_empty(), "{src}: {problems:?}");
    e.eval(&[], &View::of(pos))
}

/// The whole moves `MoveGen` lists (left in `moves`) and the positions
/// they lead to as the reference sees them; every move taken back leaves
/// the position as it was.
pub fn outcomes<T: Hash + Eq + std::fmt::Debug>(
    pos: &mut Position,
    gen: &mut MoveGen,
    moves: &mut Vec<Move>,
    seen: impl Fn(&Position) -> T,
) -> HashSet<T> {
    let before = seen(pos);
    gen.moves(pos, moves);
    let mut after = HashSet::new();
    for m in moves.iter() {
        let undo = play(pos, m);
        after.insert(seen(pos));
        unplay(pos, undo);
        assert_eq!(seen(pos), before, "a move taken back");
    }
    after
}

/// Plays seeded random moves from `pos` until the game ends or
/// `max_plies` moves are played, checking before each move that the
/// positions its moves lead to are the ones the reference `expected` lists
/// for what `seen` makes of the position. Returns the moves played.
// Breakthrough and Awele count captures and feeding move by move, so they
// keep loops of their own; each test file includes this module.
#[allow(dead_code)]
pub fn play_checked<T: Hash + Eq + std::fmt::Debug>(
    pos: &mut Position,
    seed: &mut u64,
    max_plies: usize,
    seen: impl Fn(&Position) -> T,
    expected: impl Fn(&T) -> HashSet<T>,
) -> usize {
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    let mut plies = 0;
    while pos.status() == &Status::Playing && plies < max_plies {
        let reference = seen(pos);
        let after = outcomes(pos, &mut gen, &mut moves, &seen);
        assert_eq!(after, expected(&reference), "at ply {plies}: {reference:?}");
        let m = moves[pick(seed, moves.len())].clone();
        play(pos, &m);
        plies += 1;
    }
    plies
}

/// The next of `n` choices from a seeded generator (a fixed LCG, so each
/// test plays the same games every run).
pub fn pick(seed: &mut u64, n: usize) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) as usize % n
}
