//! Two players: negamax alpha-beta with iterative deepening, a
//! transposition table, mate-distance scores and proven results. Moves are
//! tried in this order: the hash move, then a move that wins at once
//! (which ends the search of the position), then the others by the history
//! heuristic (how deep the searches were that a move like it cut off), so
//! that the order places are listed in matters little: mirrored positions
//! cost about the same.

use super::clock::Budget;
use super::known::{Known, KnownMoves};
use super::moves::{play, play_into, unplay, Move, MoveGen};
use super::tt::{Bound, Entry, Table};
use crate::expr::Value;
use crate::position::Position;
use crate::position::Undo;
use crate::rules::zobrist::PositionMap;
use crate::state::Status;
use crate::world::View;

/// The score of a win at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores at least this far from zero are proven wins or losses.
pub const MATE: i32 = WIN - 10_000;
/// Heuristic scores are clamped to this.
pub const HEURISTIC_MAX: i32 = 100_000;
/// The deepest iteration.
pub const MAX_DEPTH: u32 = 200;

/// What a search learned about the position it started from.
#[derive(Debug, Clone)]
pub struct Found {
    /// The moves at the root, in generation order.
    pub moves: Vec<Move>,
    /// The best move's index in `moves`.
    pub best: Option<usize>,
    /// Its score for the player on move.
    pub score: i32,
    /// Whether `score` is the game's value with best play.
    pub proven: bool,
    /// The last depth (whole moves) searched completely.
    pub depth: u32,
    /// Per root move: its score (a bound for all but the best) and whether proven.
    pub root: Vec<(i32, bool)>,
    /// The principal variation from the root.
    pub pv: Vec<Move>,
}

/// A negamax searcher for one game.
pub struct Searcher {
    gen: MoveGen,
    tt: Table,
    heuristic: bool,
    path: Vec<u64>,
    /// The moves of positions listed before.
    known: KnownMoves,
    /// Per move (where its first step starts, where its last ends): the
    /// sum of depth² of the searches it cut off.
    history: PositionMap<u32>,
    /// The order of one position's moves, reused.
    orders: Vec<Vec<(u32, usize)>>,
    /// What takes back a move, one a ply searched, their memory reused.
    undos: Vec<Undo>,
}

/// What the history heuristic knows a move by: where its first step
/// starts and its last ends, spread over the word by an odd multiplier
/// (a different word for each pair), to be used as it is as a hash.
fn history_key(mv: &Move) -> u64 {
    let (from, to) = match (mv.steps.first(), mv.steps.last()) {
        (Some(first), Some(last)) => (first.from, last.to),
        _ => (u16::MAX, u16::MAX),
    };
    (u64::from(from) << 16 | u64::from(to)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The score of a finished game for the player on move, `ply` moves from the root.
pub fn terminal_score(pos: &Position, ply: u32) -> Option<i32> {
    match pos.status() {
        Status::Playing => None,
        Status::Over { winner: 0, .. } => Some(0),
        Status::Over { winner, .. } if *winner == pos.to_move() => Some(WIN - ply as i32),
        Status::Over { .. } => Some(-(WIN - ply as i32)),
    }
}

/// The designer's heuristic for the player on move, clamped; 0 when absent
/// or when it does not give a number.
pub fn heuristic(pos: &Position) -> i32 {
    let rules = pos.rules();
    let Some(expr) = &rules.heuristic else {
        return 0;
    };
    match expr.eval(&[], &View::of(pos)) {
        Ok(Value::Number(n)) => n.clamp(-(HEURISTIC_MAX as i64), HEURISTIC_MAX as i64) as i32,
        _ => 0,
    }
}

fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE {
        score + ply as i32
    } else if score <= -MATE {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= MATE {
        score - ply as i32
    } else if score <= -MATE {
        score + ply as i32
    } else {
        score
    }
}

impl Searcher {
    /// A searcher for the game of `pos`, with a table of about `tt_entries` slots.
    pub fn new(pos: &Position, tt_entries: usize) -> Searcher {
        Searcher {
            gen: MoveGen::new(pos.rules()),
            tt: Table::new(tt_entries),
            heuristic: pos.rules().heuristic.is_some(),
            path: Vec::new(),
            known: KnownMoves::new(pos.rules()),
            history: PositionMap::default(),
            orders: Vec::new(),
            undos: Vec::new(),
        }
    }

    /// The same searcher keeping no list of moves, for comparing.
    #[cfg(test)]
    pub(crate) fn forgetting(mut self) -> Searcher {
        self.known = KnownMoves::default();
        self
    }

    /// How many positions' moves are kept.
    pub fn known(&self) -> usize {
        self.known.len()
    }

    /// The move generator in use.
    pub fn gen(&mut self) -> &mut MoveGen {
        &mut self.gen
    }

    /// Iterative deepening from `pos` up to `max_depth` whole moves or the
    /// budget; `report` is called after each completed depth.
    pub fn iterate(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        max_depth: u32,
        report: &mut dyn FnMut(&Found, &Budget),
    ) -> Found {
        let mut moves = Vec::new();
        self.gen.moves_in(pos, &mut moves, Some(budget));
        let mut found = Found {
            root: vec![(0, false); moves.len()],
            moves,
            best: None,
            score: 0,
            proven: false,
            depth: 0,
            pv: Vec::new(),
        };
        if found.moves.is_empty() {
            return found;
        }
        let mut order: Vec<usize> = (0..found.moves.len()).collect();
        for depth in 1..=max_depth.min(MAX_DEPTH) {
            let Some((best, score, proven, root)) = self.root(pos, budget, depth, &found.moves, &order)
            else {
                break;
            };
            let complete = !budget.stopped();
            if complete || found.best.is_none() || score > found.score {
                found.best = Some(best);
                found.score = score;
            }
            if !complete {
                break;
            }
            found.proven = proven;
            found.depth = depth;
            found.root = root;
            order.retain(|&i| i != best);
            order.insert(0, best);
            found.pv = self.pv(pos, &found.moves[best]);
            report(&found, budget);
            if proven || score >= MATE || budget.check() {
                break;
            }
        }
        found
    }

    /// One iteration at the root; `None` when stopped before the first move finished.
    #[allow(clippy::type_complexity)]
    fn root(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        depth: u32,
        moves: &[Move],
        order: &[usize],
    ) -> Option<(usize, i32, bool, Vec<(i32, bool)>)> {
        let me = pos.to_move();
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        let mut best = None;
        let mut all_proven = true;
        let mut root = vec![(0, false); moves.len()];
        self.path.clear();
        self.path.push(pos.hash());
        for &i in order {
            let undo = play(pos, &moves[i]);
            let (score, proven) = if pos.to_move() == me {
                self.search(pos, budget, depth - 1, 1, alpha, beta)
            } else {
                let (s, p) = self.search(pos, budget, depth - 1, 1, -beta, -alpha);
                (-s, p)
            };
            unplay(pos, undo);
            if budget.stopped() {
                break;
            }
            root[i] = (score, proven);
            all_proven &= proven;
            if best.is_none() || score > alpha {
                alpha = alpha.max(score);
                best = Some((i, score, proven));
            }
        }
        let (i, score, best_proven) = best?;
        let proven = if score >= MATE { best_proven } else { all_proven };
        self.tt.put(Entry {
            hash: pos.hash(),
            score: to_tt(score, 0),
            depth: depth as u16,
            bound: Bound::Exact,
            proven,
            best: i as u16,
        });
        Some((i, score, proven, root))
    }

    /// The moves of the position with this `hash` (kept from an earlier
    /// listing, or listed now and kept when complete), and whether the
    /// list is complete.
    fn list(&mut self, pos: &mut Position, hash: u64, budget: &mut Budget) -> (Known, bool) {
        if let Some(known) = self.known.get(hash) {
            return (known.clone(), true);
        }
        let mut moves = Vec::new();
        let complete = self.gen.moves_in(pos, &mut moves, Some(budget));
        let known = Known {
            moves: std::sync::Arc::new(moves),
            first_win: self.gen.first_win(),
        };
        if complete {
            self.known.keep(hash, &known);
        }
        (known, complete)
    }

    /// Negamax with alpha-beta (fail-soft). Returns the score for the
    /// player on move and whether it is proven (no heuristic or depth cut
    /// below).
    fn search(
        &mut self,
        pos: &mut Position,
        budget: &mut Budget,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, bool) {
        if budget.tick() {
            return (0, false);
        }
        if let Some(score) = terminal_score(pos, ply) {
            return (score, true);
        }
        let hash = pos.hash();
        if self.path.contains(&hash) {
            return (0, false);
        }
        let mut hash_move = None;
        if let Some(e) = self.tt.get(hash) {
            if e.depth as u32 >= depth || e.proven {
                let s = from_tt(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return (s, e.proven);
                }
            }
            hash_move = (e.best != u16::MAX).then_some(e.best as usize);
        }
        if depth == 0 {
            let s = if self.heuristic { heuristic(pos) } else { 0 };
            return (s, false);
        }
        let (known, complete) = self.list(pos, hash, budget);
        let moves = &*known.moves;
        if moves.is_empty() {
            return (0, false);
        }
        let me = pos.to_move();
        if depth >= 2 {
            // The listing saw the position after each move.
            if let Some(i) = known.first_win {
                let score = WIN - (ply as i32 + 1);
                self.tt.put(Entry {
                    hash,
                    score: to_tt(score, ply),
                    depth: depth as u16,
                    bound: Bound::Exact,
                    proven: true,
                    best: i as u16,
                });
                return (score, true);
            }
        }
        let alpha0 = alpha;
        let mut best = (-WIN - 1, 0usize);
        let mut all_proven = complete;
        let mut cut_proven = false;
        self.path.push(hash);
        let first = hash_move.filter(|&h| h < moves.len());
        if self.orders.len() <= ply as usize {
            self.orders.resize_with(ply as usize + 1, Vec::new);
        }
        let mut order = std::mem::take(&mut self.orders[ply as usize]);
        order.clear();
        order.extend(
            (0..moves.len())
                .filter(|&i| Some(i) != first)
                .map(|i| (self.history.get(&history_key(&moves[i])).copied().unwrap_or(0), i)),
        );
        // Most cut-offs first; the sort is stable, so ties keep the listed order.
        order.sort_by_key(|&(h, _)| std::cmp::Reverse(h));
        let ordered = first.into_iter().chain(order.iter().map(|&(_, i)| i));
        for i in ordered {
            let mut undo = self.undos.pop().unwrap_or_default();
            // Whether the player then on move can move is only asked where
            // that position's moves are not known.
            let asked = pos.skip_stuck(true);
            play_into(pos, &moves[i], &mut undo);
            pos.skip_stuck(asked);
            if !self.known.has_moves(pos.hash()) {
                pos.settle_rest(&mut undo);
            }
            let (score, proven) = if pos.to_move() == me {
                self.search(pos, budget, depth - 1, ply + 1, alpha, beta)
            } else {
                let (s, p) = self.search(pos, budget, depth - 1, ply + 1, -beta, -alpha);
                (-s, p)
            };
            pos.revert_keeping(&mut undo);
            self.undos.push(undo);
            if budget.stopped() {
                self.path.pop();
                self.orders[ply as usize] = order;
                return (best.0.max(score), false);
            }
            all_proven &= proven;
            if score > best.0 {
                best = (score, i);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                cut_proven = proven;
                let h = self.history.entry(history_key(&moves[i])).or_insert(0);
                *h = h.saturating_add(depth * depth);
                break;
            }
        }
        self.orders[ply as usize] = order;
        self.path.pop();
        let (score, index) = best;
        let bound = if score >= beta {
            Bound::Lower
        } else if score <= alpha0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let proven = if bound == Bound::Lower {
            cut_proven
        } else {
            all_proven
        };
        self.tt.put(Entry {
            hash,
            score: to_tt(score, ply),
            depth: depth as u16,
            bound,
            proven,
            best: index as u16,
        });
        (score, proven)
    }

    /// The best line from the root, following the table.
    fn pv(&mut self, pos: &mut Position, first: &Move) -> Vec<Move> {
        let mut line = vec![first.clone()];
        let mut undos = vec![play(pos, first)];
        let mut seen = vec![pos.hash()];
        let mut moves = Vec::new();
        while line.len() < 64 && pos.status() == &Status::Playing {
            let Some(e) = self.tt.get(pos.hash()) else { break };
            self.gen.moves(pos, &mut moves);
            let Some(mv) = moves.get(e.best as usize).cloned() else {
                break;
            };
            undos.push(play(pos, &mv));
            line.push(mv);
            if seen.contains(&pos.hash()) {
                break;
            }
            seen.push(pos.hash());
        }
        while let Some(u) = undos.pop() {
            unplay(pos, u);
        }
        line
    }
}
