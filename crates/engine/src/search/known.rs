//! The whole moves of positions a search has listed before. Iterative
//! deepening meets the same positions at every depth, and listing a
//! position's whole moves (each step made, the game overs asked after
//! each move) is most of what a position costs; a list is kept by the
//! position's hash and given again. A kept list that is not empty also
//! says that the player on move there can move, which the search then
//! need not ask when it plays a move that reaches it.

use std::sync::Arc;

use super::moves::Move;
use crate::rules::zobrist::PositionMap;
use crate::rules::Rules;

/// At most this many steps are kept over all lists, each move counting
/// one more: about 10 MB, in lists of one-step moves.
pub const MAX_KNOWN_STEPS: usize = 1 << 18;

/// A position's moves and which of them, if any, wins at once (the first
/// in the list).
#[derive(Debug, Clone)]
pub struct Known {
    pub moves: Arc<Vec<Move>>,
    pub first_win: Option<usize>,
}

/// The lists kept, by position hash.
#[derive(Debug, Default)]
pub struct KnownMoves {
    lists: PositionMap<Known>,
    steps: usize,
    /// False where the hash does not say everything the moves depend on.
    on: bool,
}

impl KnownMoves {
    /// Lists are kept unless the rules read `repetitions`: then whether a
    /// move ends the game depends on the positions before, which a
    /// position's hash leaves out.
    pub fn new(rules: &Rules) -> KnownMoves {
        KnownMoves {
            on: rules.alike_of.is_empty(),
            ..KnownMoves::default()
        }
    }

    /// How many positions' moves are kept.
    pub fn len(&self) -> usize {
        self.lists.len()
    }

    /// Whether no position's moves are kept.
    pub fn is_empty(&self) -> bool {
        self.lists.is_empty()
    }

    /// The moves of the position with this hash, if kept.
    pub fn get(&self, hash: u64) -> Option<&Known> {
        self.lists.get(&hash)
    }

    /// Whether the position with this hash is known to have a move (its
    /// list is kept and not empty).
    pub fn has_moves(&self, hash: u64) -> bool {
        self.lists.get(&hash).is_some_and(|k| !k.moves.is_empty())
    }

    /// Keeps a complete list of the position's moves, while there is room.
    pub fn keep(&mut self, hash: u64, known: &Known) {
        let steps: usize = known.moves.iter().map(|m| m.steps.len() + 1).sum();
        if self.on && self.steps + steps <= MAX_KNOWN_STEPS {
            self.steps += steps;
            self.lists.insert(hash, known.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::search::clock::{native_now, Budget, Limits};
    use crate::search::negamax::Searcher;

    fn open(text: &str) -> Position {
        Position::new(Arc::new(crate::open(text).unwrap().1))
    }

    /// Searching `text` to `depth`, with the moves kept and without: the
    /// same best move, score, proof, depth and count of positions.
    fn same_search(text: &str, depth: u32) -> usize {
        let start = open(text);
        let run = |keep: bool| {
            let mut pos = start.clone();
            let mut searcher = Searcher::new(&pos, 1 << 16);
            if !keep {
                searcher = searcher.forgetting();
            }
            let limits = Limits {
                time_ms: None,
                nodes: None,
                depth: Some(depth),
            };
            let mut budget = Budget::new(native_now, limits, None);
            let found = searcher.iterate(&mut pos, &mut budget, depth, &mut |_, _| {});
            assert_eq!(pos.hash(), start.hash());
            let figures = (
                found.best,
                found.score,
                found.proven,
                found.depth,
                found.root,
                budget.nodes,
            );
            (figures, searcher.known())
        };
        let (kept, known) = run(true);
        let (listed, none) = run(false);
        assert_eq!(kept, listed);
        assert_eq!(none, 0);
        known
    }

    #[test]
    fn keeping_the_moves_changes_nothing_the_search_finds() {
        let games = [
            (include_str!("../../../../public/games/nim345.game.xml"), 12),
            (include_str!("../../../../public/games/tic-tac-toe.game.xml"), 9),
            (include_str!("../../../../public/games/connect-four.game.xml"), 5),
            (
                include_str!("../../../../public/games/english-checkers.game.xml"),
                5,
            ),
            (include_str!("../../../../public/games/dama-lite.game.xml"), 5),
        ];
        for (text, depth) in games {
            assert!(same_search(text, depth) > 1);
        }
    }

    #[test]
    fn no_moves_are_kept_where_the_rules_count_repetitions() {
        let text = include_str!("../../../../public/games/nim12.game.xml").replace(
            "<when>empty(matchgroup)</when>",
            "<when>empty(matchgroup) or repetitions &gt; 2</when>",
        );
        assert!(text.contains("repetitions"));
        assert_eq!(same_search(&text, 8), 0);
        assert!(same_search(include_str!("../../../../public/games/nim12.game.xml"), 8) > 0);
    }
}
