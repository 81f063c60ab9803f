//! Puzzles (one player): iterative deepening depth-first search for a
//! shortest solution, with a table of positions already searched; with the
//! designer's heuristic, best-first search when the solution is too deep.

use super::clock::Budget;
use super::moves::{play, unplay, Move, MoveGen, MoveUndo};
use super::negamax::heuristic;
use crate::position::Position;
use crate::rules::zobrist::{PositionMap, PositionSet};
use crate::state::Status;
use std::collections::BinaryHeap;

/// The deepest iteration, in moves.
pub const MAX_DEPTH: u32 = 200;

/// What the puzzle search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleResult {
    /// A shortest solution, move by move.
    Shortest(Vec<Move>),
    /// A solution found by best-first search; maybe not the shortest.
    Solution(Vec<Move>),
    /// Proven: no sequence of moves solves the puzzle from here.
    Impossible,
    /// Not found within the budget; the moves toward the most promising
    /// position seen (by the heuristic), possibly empty.
    Unknown { toward: Vec<Move>, depth: u32 },
}

fn solved(pos: &Position) -> bool {
    matches!(pos.status(), Status::Over { winner: 1, .. })
}

struct Iddfs<'a> {
    gen: &'a mut MoveGen,
    /// Positions searched without success: the most moves they were given,
    /// and whether the search there was cut by the depth limit.
    failed: PositionMap<(u32, bool)>,
    on_path: PositionSet,
    path: Vec<Move>,
    bufs: Vec<Vec<Move>>,
    hit_limit: bool,
}

impl Iddfs<'_> {
    /// True when solved within `left` moves; the solution is in `path`.
    fn dfs(&mut self, pos: &mut Position, budget: &mut Budget, left: u32) -> bool {
        if budget.tick() {
            return false;
        }
        if solved(pos) {
            return true;
        }
        if pos.status() != &Status::Playing {
            return false;
        }
        if left == 0 {
            self.hit_limit = true;
            return false;
        }
        let hash = pos.hash();
        if self.on_path.contains(&hash) {
            return false;
        }
        if let Some(&(searched, limited)) = self.failed.get(&hash) {
            if searched >= left {
                self.hit_limit |= limited;
                return false;
            }
        }
        self.on_path.insert(hash);
        let ply = self.path.len();
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let complete = self.gen.moves_in(pos, &mut moves, Some(budget));
        let before = self.hit_limit;
        self.hit_limit = !complete;
        let mut found = false;
        for mv in &moves {
            let undo = play(pos, mv);
            self.path.push(mv.clone());
            found = self.dfs(pos, budget, left - 1);
            unplay(pos, undo);
            if found {
                break;
            }
            self.path.pop();
            if budget.stopped() {
                break;
            }
        }
        self.bufs[ply] = moves;
        self.on_path.remove(&hash);
        let limited = self.hit_limit;
        self.hit_limit |= before;
        if !found && !budget.stopped() {
            let e = self.failed.entry(hash).or_insert((0, false));
            if left >= e.0 {
                *e = (left, limited);
            }
        }
        found
    }
}

/// Searches for a shortest solution within `max_depth` moves and the
/// budget; `report(depth, budget)` after each completed depth.
pub fn shortest(
    pos: &mut Position,
    gen: &mut MoveGen,
    budget: &mut Budget,
    max_depth: u32,
    report: &mut dyn FnMut(u32, &Budget),
) -> PuzzleResult {
    if solved(pos) {
        return PuzzleResult::Shortest(Vec::new());
    }
    let mut search = Iddfs {
        gen,
        failed: PositionMap::default(),
        on_path: PositionSet::default(),
        path: Vec::new(),
        bufs: Vec::new(),
        hit_limit: false,
    };
    let mut depth = 0;
    for limit in 1..=max_depth.min(MAX_DEPTH) {
        search.hit_limit = false;
        search.path.clear();
        if search.dfs(pos, budget, limit) {
            return PuzzleResult::Shortest(search.path);
        }
        if budget.stopped() {
            break;
        }
        depth = limit;
        report(limit, budget);
        if !search.hit_limit {
            return PuzzleResult::Impossible;
        }
    }
    PuzzleResult::Unknown {
        toward: Vec::new(),
        depth,
    }
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Open {
    score: i32,
    /// Fewer moves first on equal scores.
    neg_len: i64,
    node: usize,
}

/// Best-first (greedy) search by the designer's heuristic: always expands
/// the most promising position seen. Returns a solution, or the way to
/// the best position seen when the budget runs out.
pub fn best_first(pos: &mut Position, gen: &mut MoveGen, budget: &mut Budget) -> PuzzleResult {
    // Each node: its parent and the move from it.
    let mut nodes: Vec<(usize, Move, u32)> = vec![(usize::MAX, Move::default(), 0)];
    let mut seen = PositionSet::from_iter([pos.hash()]);
    let mut open = BinaryHeap::from([Open {
        score: heuristic(pos),
        neg_len: 0,
        node: 0,
    }]);
    let mut best = (heuristic(pos), 0usize);
    let mut moves = Vec::new();
    let mut complete = true;
    let line = |nodes: &[(usize, Move, u32)], mut n: usize| {
        let mut out = Vec::new();
        while n != 0 {
            out.push(nodes[n].1.clone());
            n = nodes[n].0;
        }
        out.reverse();
        out
    };
    while let Some(Open { node, .. }) = open.pop() {
        if budget.tick() {
            break;
        }
        let way = line(&nodes, node);
        let undos: Vec<MoveUndo> = way.iter().map(|m| play(pos, m)).collect();
        complete &= gen.moves_in(pos, &mut moves, Some(budget));
        for mv in &moves {
            let u = play(pos, mv);
            let fresh = seen.insert(pos.hash());
            let (win, score, playing) = (solved(pos), heuristic(pos), pos.status() == &Status::Playing);
            unplay(pos, u);
            if !fresh {
                continue;
            }
            let depth = nodes[node].2 + 1;
            nodes.push((node, mv.clone(), depth));
            let id = nodes.len() - 1;
            if win {
                for u in undos.into_iter().rev() {
                    unplay(pos, u);
                }
                return PuzzleResult::Solution(line(&nodes, id));
            }
            if playing {
                if score > best.0 {
                    best = (score, id);
                }
                open.push(Open {
                    score,
                    neg_len: -(depth as i64),
                    node: id,
                });
            }
        }
        for u in undos.into_iter().rev() {
            unplay(pos, u);
        }
    }
    if open.is_empty() && complete && !budget.stopped() {
        return PuzzleResult::Impossible;
    }
    PuzzleResult::Unknown {
        toward: line(&nodes, best.1),
        depth: 0,
    }
}
