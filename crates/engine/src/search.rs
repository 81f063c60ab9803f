//! The computer player: search over whole moves.
//!
//! - Puzzles (one player): iterative deepening for a shortest solution
//!   ([`puzzle`]); with the designer's heuristic, best-first search when
//!   the solution is too deep.
//! - Two players: negamax alpha-beta with iterative deepening, a
//!   transposition table and proven results ([`negamax`]); the designer's
//!   heuristic scores cut-off positions. Without one, a short tree search
//!   that only sees wins and losses runs first (it solves small games),
//!   then Monte-Carlo tree search with proofs ([`tree`], [`monte_carlo`])
//!   chooses among the moves not proven to lose.
//! - Strengths ([`Strength`]), hints ([`hint()`]), a millisecond clock that
//!   works in WebAssembly ([`clock`]), a stop flag and progress reports.
//!
//! [`choose`] always returns a legal move while the game goes on (a random
//! one as the last resort).

pub mod arena;
pub mod baseline;
pub mod bench;
pub mod chance;
pub mod clock;
#[doc(hidden)]
pub mod games;
pub mod hidden;
pub mod hint;
pub mod known;
pub mod mast;
pub mod monte_carlo;
pub mod moves;
pub mod negamax;
pub mod perft;
pub mod playout;
pub mod puzzle;
pub mod rng;
pub mod simulate;
pub mod strength;
pub mod tree;
pub mod tt;

pub use clock::{native_now, Budget, Limits, Now};
pub use hint::{hint, Hint};
pub use moves::{play, unplay, Move, MoveGen};
pub use puzzle::PuzzleResult;
pub use strength::Strength;

use super::position::{Position, Step};
use super::rules::PlaceId;
use super::state::Status;
use negamax::{Searcher, MATE, WIN};
use rng::Rng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The share of a move's time that a game of two with no heuristic gives
/// the alpha-beta search that sees only wins and losses, before
/// Monte-Carlo search takes the rest: enough to solve a small game
/// (Tic-Tac-Toe in a few milliseconds) and to see a quick win or loss.
pub const PROVING: f64 = 0.1;

/// How to search.
#[derive(Debug, Clone)]
pub struct Options {
    pub strength: Strength,
    /// Time, positions and depth the search may spend.
    pub limits: Limits,
    /// The millisecond clock: [`native_now`] natively, `performance.now()` in the page.
    pub now: Now,
    /// Set to true from elsewhere to stop the search; it then answers with
    /// the best move found so far.
    pub stop: Option<Arc<AtomicBool>>,
    /// Seeds the random choices, so that a game can be repeated.
    pub seed: u64,
    /// Transposition table slots (about 32 bytes each).
    pub table: usize,
    /// Threads to search with, where the platform has them (natively).
    pub threads: usize,
}

impl Default for Options {
    /// Master strength, one second, the native clock.
    fn default() -> Self {
        Options {
            strength: Strength::Master,
            limits: Limits::default(),
            now: native_now,
            stop: None,
            seed: 0,
            table: 1 << 18,
            threads: 1,
        }
    }
}

/// What happens with best play, for the player on move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A proven win, the game ending after this many whole moves (both players').
    Win { moves: u32 },
    /// A proven loss, after this many whole moves.
    Loss { moves: u32 },
    /// A proven draw.
    Draw,
    /// A puzzle solved in this many moves (the fewest, when found by
    /// iterative deepening).
    Solved { moves: u32 },
    /// A puzzle that cannot be solved from here.
    Impossible,
    /// Not proven within the budget.
    Unknown,
    /// In a game with dice (or of three or four): the chance that the
    /// player on move wins with best play by everyone, in thousandths (a
    /// draw counting as a share), worked out exactly over every roll.
    Chance { permille: u16 },
    /// In a game with dice: too big to work out; nobody can know in
    /// advance, it depends on the dice.
    Luck,
    /// In a game with hidden figures (cards): nobody can know in advance,
    /// it depends on the cards.
    Hidden,
}

impl Outcome {
    /// The exact chance `p` (0 to 1) of winning, in thousandths.
    pub fn chance(p: f64) -> Outcome {
        Outcome::Chance {
            permille: (p.clamp(0.0, 1.0) * 1000.0).round() as u16,
        }
    }
}

/// How the move was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The only move.
    Only,
    /// Random: the last resort when nothing else answered.
    Random,
    /// The beginner's choice.
    Beginner,
    /// Puzzle search.
    Puzzle,
    /// Alpha-beta search.
    AlphaBeta,
    /// Monte-Carlo tree search.
    MonteCarlo,
    /// Expectimax over rolls and each player's best (exact).
    Expectimax,
    /// A roll is due: no move to choose until the dice are rolled.
    Roll,
}

/// A report while searching.
#[derive(Debug, Clone)]
pub struct Progress {
    /// Depth reached (whole moves), or 0 for Monte-Carlo.
    pub depth: u32,
    /// Positions searched (playouts for Monte-Carlo).
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// The best move so far.
    pub best: Option<Move>,
    pub outcome: Outcome,
}

/// The computer's answer.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move to play; `None` only when there is no legal move (the game is over).
    pub mv: Option<Move>,
    pub outcome: Outcome,
    /// The score for the player on move (alpha-beta), 0 otherwise.
    pub score: i32,
    /// Depth reached in whole moves.
    pub depth: u32,
    /// Positions searched (and playouts).
    pub nodes: u64,
    pub elapsed_ms: f64,
    /// The expected line of play, starting with `mv`; for a solved puzzle
    /// the whole solution.
    pub pv: Vec<Move>,
    pub method: Method,
}

impl Choice {
    fn new(mv: Option<Move>, method: Method) -> Choice {
        Choice {
            pv: mv.iter().cloned().collect(),
            mv,
            outcome: Outcome::Unknown,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed_ms: 0.0,
            method,
        }
    }
}

/// The outcome a negamax score means.
pub fn outcome_of(score: i32, proven: bool) -> Outcome {
    if score >= MATE {
        Outcome::Win {
            moves: (WIN - score) as u32,
        }
    } else if score <= -MATE {
        Outcome::Loss {
            moves: (WIN + score) as u32,
        }
    } else if proven {
        Outcome::Draw
    } else {
        Outcome::Unknown
    }
}

/// A random legal move made of random steps (ending it by End move when
/// possible); `None` when the player on move cannot move.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    random_move_by(pos, rng, false)
}

/// A random move when the time is already up: each of its steps is the
/// first one found for a random figure that can move.
fn hasty_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    random_move_by(pos, rng, true)
}

fn random_move_by(pos: &Position, rng: &mut Rng, hasty: bool) -> Option<Move> {
    let mut pos = pos.clone();
    if pos.status() != &Status::Playing {
        return None;
    }
    let mut mv = Move::default();
    let mut steps = Vec::new();
    for _ in 0..moves::MAX_STEPS {
        some_steps(&pos, rng, &mut steps, hasty);
        if pos.can_end_move() && (steps.is_empty() || rng.chance(1, 2)) {
            mv.end = true;
            return Some(mv);
        }
        if steps.is_empty() {
            break;
        }
        let s = steps[rng.below(steps.len())];
        pos.apply(s);
        mv.steps.push(s);
        if pos.state().made().is_empty() {
            return Some(mv);
        }
    }
    pos.can_pass().then(|| Move {
        steps: Default::default(),
        end: true,
    })
}

/// The legal steps of one figure, taken in a random order of the figures
/// until one can move: the last resort must not list every step of a
/// big game.
fn some_steps(pos: &Position, rng: &mut Rng, out: &mut Vec<Step>, hasty: bool) {
    out.clear();
    let state = pos.state();
    let mut figures: Vec<_> = (0..pos.rules().places.len() as PlaceId)
        .flat_map(|p| state.on(p).iter().copied())
        .collect();
    while !figures.is_empty() && out.is_empty() {
        let f = figures.swap_remove(rng.below(figures.len()));
        pos.generate(Some(f), &mut |s| {
            out.push(s);
            if hasty {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        });
    }
}

/// Chooses a move for the player on move. `progress` is called now and
/// then with the depth reached, the positions searched and the best move
/// so far.
pub fn choose(pos: &Position, options: &Options, progress: &mut dyn FnMut(&Progress)) -> Choice {
    choose_keeping(pos, options, &mut monte_carlo::Kept::default(), progress)
}

/// The computer player of one game: chooses as [`choose`] does, keeping
/// from one move to the next what its Monte-Carlo search learned of the
/// positions still ahead (the part of its trees below the position the
/// game has reached is searched on).
#[derive(Default)]
pub struct Computer {
    kept: monte_carlo::Kept,
}

impl Computer {
    /// A computer that has searched nothing yet.
    pub fn new() -> Computer {
        Computer::default()
    }

    /// Chooses a move for the player on move, as [`choose`] does. Only
    /// Master goes on with what it learned before: a weaker strength would
    /// grow stronger from it.
    pub fn choose(
        &mut self,
        pos: &Position,
        options: &Options,
        progress: &mut dyn FnMut(&Progress),
    ) -> Choice {
        if options.strength != Strength::Master {
            return choose(pos, options, progress);
        }
        choose_keeping(pos, options, &mut self.kept, progress)
    }
}

fn choose_keeping(
    pos: &Position,
    options: &Options,
    kept: &mut monte_carlo::Kept,
    progress: &mut dyn FnMut(&Progress),
) -> Choice {
    let start = (options.now)();
    if hidden::needed(pos) && pos.status() == &Status::Playing && !pos.roll_due() {
        let mut choice = hidden::choose(pos, options, progress);
        if choice.mv.is_none() {
            let mut rng = Rng::new(options.seed);
            choice.mv = random_move(pos, &mut rng);
            choice.method = Method::Random;
        }
        choice.elapsed_ms = (options.now)() - start;
        return choice;
    }
    if hidden::needed(pos) && pos.status() == &Status::Playing && pos.roll_due() {
        // Roll first. What the roll is worth depends on cards the player
        // cannot see, so it is not worked out from the real ones.
        let mut choice = Choice::new(None, Method::Roll);
        choice.outcome = Outcome::Hidden;
        choice.elapsed_ms = (options.now)() - start;
        return choice;
    }
    let mut rng = Rng::new(options.seed ^ pos.hash());
    let mut pos = pos.clone();
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    let limits = options.strength.limits(options.limits, pos.rules().players);
    let mut budget = Budget::new(options.now, limits, options.stop.clone());
    gen.moves_in(&mut pos, &mut moves, Some(&mut budget));
    let mut choice = if moves.is_empty() && pos.roll_due() {
        chance::choose(&mut pos, &moves, &mut budget, &mut rng, progress)
    } else if moves.is_empty() && budget.stopped() {
        // Stopped before one whole move was listed: told to stop, no move;
        // out of time, the first steps found.
        let told = options
            .stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
        Choice::new(
            (!told).then(|| hasty_move(&pos, &mut rng)).flatten(),
            Method::Random,
        )
    } else if moves.is_empty() {
        Choice::new(random_move(&pos, &mut rng), Method::Random)
    } else if budget.stopped() {
        // Listing the moves took the whole budget: one of them at random.
        Choice::new(None, Method::Random)
    } else if options.strength == Strength::Beginner {
        let i = strength::beginner(&mut pos, &mut gen, &moves, &mut budget, &mut rng);
        Choice::new(Some(moves[i].clone()), Method::Beginner)
    } else if chance::needed(pos.rules()) {
        chance::choose(&mut pos, &moves, &mut budget, &mut rng, progress)
    } else if pos.rules().players < 2 {
        solve_puzzle(&mut pos, gen, &mut budget, progress)
    } else {
        two_players(&mut pos, options, &moves, &mut budget, &mut rng, kept, progress)
    };
    if choice.mv.is_none() && !moves.is_empty() {
        choice.mv = Some(moves[rng.below(moves.len())].clone());
        choice.method = Method::Random;
    }
    choice.nodes = choice.nodes.max(budget.nodes);
    choice.elapsed_ms = (options.now)() - start;
    choice
}

fn solve_puzzle(
    pos: &mut Position,
    mut gen: MoveGen,
    budget: &mut Budget,
    progress: &mut dyn FnMut(&Progress),
) -> Choice {
    let limits = budget.limits();
    let has_heuristic = pos.rules().heuristic.is_some();
    let max_depth = limits.depth.unwrap_or(puzzle::MAX_DEPTH);
    let left = remaining(limits, budget);
    let mut first = if has_heuristic {
        Budget::new(budget_now(budget), share(left, 0.5), budget.stop_flag())
    } else {
        Budget::new(budget_now(budget), left, budget.stop_flag())
    };
    let mut report = |depth: u32, b: &Budget| {
        progress(&Progress {
            depth,
            nodes: b.nodes,
            elapsed_ms: b.elapsed(),
            best: None,
            outcome: Outcome::Unknown,
        })
    };
    let mut result = puzzle::shortest(pos, &mut gen, &mut first, max_depth, &mut report);
    budget.nodes += first.nodes;
    let mut depth = match result {
        PuzzleResult::Unknown { depth, .. } => depth,
        _ => 0,
    };
    if matches!(result, PuzzleResult::Unknown { .. }) && has_heuristic && !budget.check() {
        let left = remaining(limits, budget);
        let mut second = Budget::new(budget_now(budget), left, budget.stop_flag());
        result = puzzle::best_first(pos, &mut gen, &mut second);
        budget.nodes += second.nodes;
    }
    let (line, outcome) = match &result {
        PuzzleResult::Shortest(line) | PuzzleResult::Solution(line) => (
            line.clone(),
            Outcome::Solved {
                moves: line.len() as u32,
            },
        ),
        PuzzleResult::Impossible => (Vec::new(), Outcome::Impossible),
        PuzzleResult::Unknown { toward, .. } => (toward.clone(), Outcome::Unknown),
    };
    if let PuzzleResult::Shortest(line) = &result {
        depth = line.len() as u32;
    }
    Choice {
        mv: line.first().cloned(),
        outcome,
        score: 0,
        depth,
        nodes: budget.nodes,
        elapsed_ms: 0.0,
        pv: line,
        method: Method::Puzzle,
    }
}

fn budget_now(b: &Budget) -> Now {
    b.now_fn()
}

/// A share of the limits (time and nodes).
pub(crate) fn share(limits: Limits, part: f64) -> Limits {
    Limits {
        time_ms: limits.time_ms.map(|t| t * part),
        nodes: limits.nodes.map(|n| (n as f64 * part) as u64),
        depth: limits.depth,
    }
}

/// What is left of the limits after what `budget` spent.
pub(crate) fn remaining(limits: Limits, budget: &Budget) -> Limits {
    Limits {
        time_ms: limits.time_ms.map(|t| (t - budget.elapsed()).max(0.0)),
        nodes: limits.nodes.map(|n| n.saturating_sub(budget.nodes)),
        depth: limits.depth,
    }
}

fn two_players(
    pos: &mut Position,
    options: &Options,
    moves: &[Move],
    budget: &mut Budget,
    rng: &mut Rng,
    kept: &mut monte_carlo::Kept,
    progress: &mut dyn FnMut(&Progress),
) -> Choice {
    let limits = budget.limits();
    let has_heuristic = pos.rules().heuristic.is_some();
    let mut searcher = Searcher::new(pos, options.table);
    let left = remaining(limits, budget);
    let ab_limits = if has_heuristic { left } else { share(left, PROVING) };
    let mut ab = Budget::new(options.now, ab_limits, options.stop.clone());
    let max_depth = limits.depth.unwrap_or(negamax::MAX_DEPTH);
    let found = searcher.iterate(pos, &mut ab, max_depth, &mut |f, b| {
        progress(&Progress {
            depth: f.depth,
            nodes: b.nodes,
            elapsed_ms: b.elapsed(),
            best: f.best.map(|i| f.moves[i].clone()),
            outcome: outcome_of(f.score, f.proven),
        })
    });
    budget.nodes += ab.nodes;
    let outcome = outcome_of(found.score, found.proven);
    let decided = outcome != Outcome::Unknown || has_heuristic;
    if let (Some(best), true) = (found.best, decided) {
        return Choice {
            mv: Some(found.moves[best].clone()),
            outcome,
            score: found.score,
            depth: found.depth,
            nodes: budget.nodes,
            elapsed_ms: 0.0,
            pv: found.pv,
            method: Method::AlphaBeta,
        };
    }
    // No heuristic and not solved: Monte-Carlo among the moves not proven to lose.
    let mut candidates: Vec<usize> = (0..moves.len())
        .filter(|&i| found.root.get(i).is_none_or(|&(s, _)| s > -MATE) || found.depth == 0)
        .collect();
    if candidates.is_empty() {
        candidates = (0..moves.len()).collect();
    }
    let root_moves: Vec<Move> = candidates.iter().map(|&i| moves[i].clone()).collect();
    let mut left = remaining(limits, budget);
    if let Some(cap) = options.strength.playouts() {
        left.nodes = Some(left.nodes.map_or(cap, |n| n.min(cap)));
    }
    let ask = monte_carlo::Ask {
        pos,
        moves: &root_moves,
        limits: left,
        budget,
        threads: options.threads,
        seed: rng.next_u64(),
    };
    let mut choice = monte_carlo::choose(&ask, kept, progress);
    budget.nodes += choice.nodes;
    choice.nodes = budget.nodes;
    choice.depth = found.depth;
    if choice.outcome == Outcome::Unknown {
        choice.pv = choice.mv.iter().cloned().collect();
    }
    choice
}

/// The game's value with best play from `pos`: a proven result where the
/// budget allows, the best first move and the expected line. The same as
/// [`choose`] at Master strength. A puzzle with dice has no solution to
/// show: it is refused ([`Outcome::Luck`], no move); so is a puzzle with
/// hidden figures ([`Outcome::Hidden`]).
pub fn solve(pos: &Position, limits: Limits, progress: &mut dyn FnMut(&Progress)) -> Choice {
    if pos.rules().players < 2 && !pos.rules().dice.is_empty() {
        let mut refused = Choice::new(None, Method::Roll);
        refused.outcome = Outcome::Luck;
        return refused;
    }
    if pos.rules().players < 2 && pos.rules().hidden {
        let mut refused = Choice::new(None, Method::Puzzle);
        refused.outcome = Outcome::Hidden;
        return refused;
    }
    let options = Options {
        limits,
        table: 1 << 18,
        ..Options::default()
    };
    choose(pos, &options, progress)
}

#[cfg(test)]
mod tests;
