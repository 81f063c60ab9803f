use super::*;
use crate::search::clock::{native_now, Limits};

/// A heap of matches; a move takes one or two, in one action each, or
/// (with `split`) two matches as two actions of the same player, the
/// second of which may be left out by ending the move. Whoever takes the
/// last match wins.
#[derive(Debug, Clone)]
struct Heap {
    start: u32,
    split: bool,
    left: u32,
    to_move: u8,
    /// Matches taken in the move in progress.
    taken: u32,
    over: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Take {
    One,
    Two,
    End,
}

impl Heap {
    fn new(start: u32, split: bool) -> Heap {
        Heap {
            start,
            split,
            left: start,
            to_move: 1,
            taken: 0,
            over: None,
        }
    }

    fn pass_turn(&mut self) {
        self.to_move = 3 - self.to_move;
        self.taken = 0;
    }
}

impl Simulator for Heap {
    type Action = Take;

    fn reset(&mut self) {
        *self = Heap::new(self.start, self.split);
    }
    fn to_move(&self) -> u8 {
        self.to_move
    }
    fn winner(&self) -> Option<u8> {
        self.over
    }
    fn at_move_start(&self) -> bool {
        self.taken == 0
    }
    fn actions(&mut self, out: &mut Vec<Take>, _: &mut Budget) -> Result<(), GiveUp> {
        out.clear();
        if self.over.is_some() {
            return Ok(());
        }
        if self.split {
            if self.taken == 1 {
                out.push(Take::End);
            }
            out.push(Take::One);
        } else {
            out.push(Take::One);
            if self.left >= 2 {
                out.push(Take::Two);
            }
        }
        Ok(())
    }
    fn act(&mut self, a: Take) -> Result<bool, GiveUp> {
        match a {
            Take::End => self.pass_turn(),
            Take::One | Take::Two => {
                let n = if a == Take::One { 1 } else { 2 };
                self.left -= n;
                self.taken += n;
                if self.left == 0 {
                    self.over = Some(self.to_move);
                    self.pass_turn();
                } else if !self.split || self.taken == 2 {
                    self.pass_turn();
                }
            }
        }
        Ok(true)
    }
    fn playout(&mut self, rng: &mut Rng, _: &mut Budget) -> Option<u8> {
        let mut actions = Vec::new();
        let mut budget = Budget::new(native_now, Limits::none(), None);
        while self.over.is_none() {
            self.actions(&mut actions, &mut budget).ok()?;
            let a = actions[rng.below(actions.len())];
            self.act(a).ok()?;
        }
        self.over
    }
    fn fingerprint(&self) -> u64 {
        u64::from(self.left) << 8 | u64::from(self.to_move) << 4 | u64::from(self.taken)
    }
    fn action_of(&self, _: &crate::Position, _: super::super::simulate::Act) -> Take {
        Take::End
    }
}

fn search(tree: &mut Tree<Take>, sim: &mut Heap, limits: Limits) -> Searched {
    let mut budget = Budget::new(native_now, limits, None);
    let mut rng = Rng::new(5);
    tree.search(sim, &mut budget, &mut rng, &mut |_, _| {}).unwrap()
}

#[test]
fn the_tree_proves_who_wins_the_heap_and_how_soon() {
    // Taking one or two, the player on move loses exactly when the heap
    // is a multiple of three.
    for start in 1..=14 {
        let mut sim = Heap::new(start, false);
        let mut tree = Tree::new(1, true);
        let done = search(&mut tree, &mut sim, Limits::none());
        let (winner, _) = tree.proven().expect("proven");
        let expected = if start % 3 == 0 { 2 } else { 1 };
        assert_eq!(winner, expected, "heap of {start}");
        assert!(done.iterations > 0);
        // The winner hurries: take the heap's rest to a multiple of three,
        // then answer each move with the other; the loser holds out.
        let moves = tree.proven_moves().unwrap();
        let fastest = if expected == 1 {
            1 + 2 * (start / 3)
        } else {
            2 * (start / 3)
        };
        let slowest = if expected == 1 {
            1 + 2 * ((start - start % 3) / 3)
        } else {
            2 * (start / 3)
        };
        assert!(
            (fastest..=slowest.max(fastest)).contains(&moves),
            "heap of {start}: {moves} moves"
        );
    }
}

#[test]
fn the_best_move_is_the_proven_win_and_a_lost_move_is_left_last() {
    // From 4: taking one leaves 3 (won), taking two leaves 2 (lost).
    let mut sim = Heap::new(4, false);
    let mut tree = Tree::new(1, true);
    search(&mut tree, &mut sim, Limits::none());
    let moves = vec![vec![Take::Two], vec![Take::One]];
    assert_eq!(Tree::best(&[&tree], &moves), Some(1));
    // From 3 every move loses: the one that holds out longest is chosen,
    // and a tree that proved nothing defers to one that did.
    let mut sim = Heap::new(3, false);
    let mut lost = Tree::new(1, true);
    search(&mut lost, &mut sim, Limits::none());
    assert_eq!(lost.proven().map(|p| p.0), Some(2));
    let mut young = Tree::new(1, true);
    search(
        &mut young,
        &mut sim,
        Limits {
            nodes: Some(2),
            ..Limits::none()
        },
    );
    assert!(Tree::best(&[&young, &lost], &moves).is_some());
    assert_eq!(Tree::best(&[&lost], &[]), None);
}

#[test]
fn a_move_of_several_actions_is_chosen_whole() {
    // Taking one then ending, or one then one more: from 5, the player on
    // move wins by taking two (leaving 3).
    let mut sim = Heap::new(5, true);
    let mut tree = Tree::new(1, true);
    search(&mut tree, &mut sim, Limits::none());
    assert_eq!(tree.proven().map(|p| p.0), Some(1));
    let moves = vec![vec![Take::One, Take::End], vec![Take::One, Take::One]];
    assert_eq!(Tree::best(&[&tree], &moves), Some(1));
    // The winning line: 2, then 1 or 2 and the answer, so two moves of
    // the winner's and one of the loser's at the fewest.
    assert_eq!(tree.proven_moves(), Some(3));
}

#[test]
fn a_tree_stops_growing_at_its_most_edges_and_still_plays_out() {
    let mut sim = Heap::new(60, false);
    let mut tree = Tree::new(1, true).with_max_edges(10);
    let done = search(
        &mut tree,
        &mut sim,
        Limits {
            nodes: Some(500),
            ..Limits::none()
        },
    );
    assert!(tree.edges.len() <= 10 + 2, "{} edges", tree.edges.len());
    assert!(done.playouts >= 400, "{done:?}");
    let visits: u32 = tree.root_visits().iter().map(|&(_, v)| v).sum();
    assert_eq!(u64::from(visits), done.iterations);
}
