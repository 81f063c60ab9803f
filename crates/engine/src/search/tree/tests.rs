use super::*;
use crate::search::clock::{native_now, Limits};
use crate::search::mast::Mast;

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
    /// Every action since the root, with its player, and the same of the
    /// last playout alone.
    log: Vec<(u8, Take)>,
    played: Vec<(u8, Take)>,
    /// The log of every iteration ended by a reset.
    iterations: Vec<Vec<(u8, Take)>>,
    /// Playouts given a policy to follow.
    led: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
            log: Vec::new(),
            played: Vec::new(),
            iterations: Vec::new(),
            led: 0,
        }
    }

    fn pass_turn(&mut self) {
        self.to_move = 3 - self.to_move;
        self.taken = 0;
    }
}

impl Simulator for Heap {
    type Action = Take;

    const KEEPS_PLAYED: bool = true;

    fn reset(&mut self) {
        let mut iterations = std::mem::take(&mut self.iterations);
        if !self.log.is_empty() {
            iterations.push(std::mem::take(&mut self.log));
        }
        let led = self.led;
        *self = Heap::new(self.start, self.split);
        self.iterations = iterations;
        self.led = led;
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
        self.log.push((self.to_move, a));
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
    fn playout(&mut self, rng: &mut Rng, _: &mut Budget, policy: Option<&Mast>) -> Option<u8> {
        self.led += usize::from(policy.is_some());
        let mut actions = Vec::new();
        let mut budget = Budget::new(native_now, Limits::none(), None);
        self.played.clear();
        while self.over.is_none() {
            self.actions(&mut actions, &mut budget).ok()?;
            let a = actions[rng.below(actions.len())];
            self.played.push((self.to_move, a));
            self.act(a).ok()?;
        }
        self.over
    }
    fn played(&self) -> impl Iterator<Item = (u8, Take)> + '_ {
        self.played.iter().copied()
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

/// [`search`] for at most `nodes` iterations.
fn search_for(tree: &mut Tree<Take>, sim: &mut Heap, nodes: u64) -> Searched {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::none()
    };
    search(tree, sim, limits)
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
    let done = search_for(&mut tree, &mut sim, 500);
    assert!(tree.edges.len() <= 10 + 2, "{} edges", tree.edges.len());
    assert!(done.playouts >= 400, "{done:?}");
    let visits: u32 = tree.root_visits().iter().map(|&(_, v)| v).sum();
    assert_eq!(u64::from(visits), done.iterations);
}

#[test]
fn rave_counts_an_action_where_its_player_made_it_later_in_the_iteration() {
    let mut sim = Heap::new(40, true);
    let mut tree = Tree::new(1, true).with_rave();
    let done = search_for(&mut tree, &mut sim, 300);
    assert_eq!(sim.iterations.len() as u64, done.iterations);
    // At the root, an action's AMAF visits are the iterations in which
    // player 1 made it anywhere: at the root, lower in the tree or in
    // the playout; never those where only player 2 made it.
    let root = tree.nodes[0];
    for edge in &tree.edges[root.first as usize..(root.first + root.count) as usize] {
        let made = sim
            .iterations
            .iter()
            .filter(|log| log.contains(&(1, edge.action)))
            .count();
        assert_eq!(edge.amaf_visits as usize, made, "{:?}", edge.action);
        assert!(edge.amaf_visits >= edge.visits);
        assert!(edge.amaf_points <= 2 * edge.amaf_visits);
    }
    // Everywhere, an action made is counted at most once an iteration.
    for node in tree.nodes.iter().filter(|n| n.listed) {
        for edge in &tree.edges[node.first as usize..(node.first + node.count) as usize] {
            assert!(edge.visits <= edge.amaf_visits && edge.amaf_visits <= node.visits);
        }
    }
}

#[test]
fn mast_credits_every_action_of_an_iteration_to_its_player_and_leads_the_playouts() {
    let mut sim = Heap::new(40, true);
    let mut tree = Tree::new(1, true).with_rave().with_mast();
    let done = search_for(&mut tree, &mut sim, 300);
    assert_eq!(sim.led as u64, done.playouts);
    let mast = tree.mast.as_ref().expect("a tree with MAST");
    for player in [1, 2] {
        for action in [Take::One, Take::Two, Take::End] {
            let made = sim
                .iterations
                .iter()
                .flatten()
                .filter(|&&a| a == (player, action))
                .count();
            let (points, times) = mast.paid(player, &action);
            assert_eq!(times as usize, made, "{player} {action:?}");
            assert!(points <= 2 * times, "{player} {action:?}");
        }
        assert!(mast.paid(player, &Take::One).1 > 0);
    }
    // What it learned goes on with the tree kept below the root.
    let child = tree.edges.iter().find(|e| e.child != NONE).unwrap().child;
    let below = tree.subtree(child);
    assert_eq!(
        below.mast.as_ref().unwrap().paid(1, &Take::One),
        mast.paid(1, &Take::One)
    );
}

#[test]
fn rave_keeps_the_proofs_and_plays_the_winning_move() {
    for start in 1..=14 {
        let mut sim = Heap::new(start, false);
        let mut tree = Tree::new(1, true).with_rave();
        search(&mut tree, &mut sim, Limits::none());
        let expected = if start % 3 == 0 { 2 } else { 1 };
        assert_eq!(tree.proven().map(|p| p.0), Some(expected), "heap of {start}");
    }
    let mut sim = Heap::new(5, true);
    let mut tree = Tree::new(1, true).with_rave();
    search(&mut tree, &mut sim, Limits::none());
    let moves = vec![vec![Take::One, Take::End], vec![Take::One, Take::One]];
    assert_eq!(Tree::best(&[&tree], &moves), Some(1));
}

#[test]
fn a_rave_value_mixes_the_means_by_the_schedule() {
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let visits = rng.below(50) as u32;
        let amaf_visits = visits + rng.below(200) as u32;
        if amaf_visits == 0 {
            continue;
        }
        let edge = Edge {
            action: Take::One,
            child: NONE,
            visits,
            points: rng.below(2 * visits as usize + 1) as u32,
            proof: UNPROVEN,
            amaf_visits,
            amaf_points: rng.below(2 * amaf_visits as usize + 1) as u32,
        };
        let (n, m) = (f64::from(visits), f64::from(amaf_visits));
        let beta = m / (m + n + RAVE_BIAS * m * n);
        let own = if visits == 0 {
            0.0
        } else {
            f64::from(edge.points) / (2.0 * n)
        };
        let amaf = f64::from(edge.amaf_points) / (2.0 * m);
        let expected = (1.0 - beta) * own + beta * amaf;
        let value = rave_value(&edge, RAVE_BIAS);
        assert!(
            (value - expected).abs() < 1e-12,
            "{edge:?}: {value} against {expected}"
        );
        assert!((0.0..=1.0).contains(&value));
    }
}
