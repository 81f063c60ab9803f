//! Monte-Carlo tree search with proofs (UCT or RAVE, and MCTS-Solver) for
//! games of two, over the actions of a [`Simulator`].
//!
//! Each iteration goes down the tree from the root by UCT, adds one node
//! where it leaves the tree, and plays a random game on from there; the
//! result is counted on every edge of the way, for the player who chose it.
//! A node's actions are listed the second time it is reached (the first,
//! its playout is all that is done), so the many leaves seen once cost one
//! small node each. Edges hold the counts, so a child not yet reached costs
//! no node at all. Where the simulator keeps its playouts, actions are
//! chosen by RAVE instead ([`Tree::with_rave`]): their values learned also
//! from the iterations in which their player made them later on, and the
//! playouts are led by what each action earned so far ([`Tree::with_mast`]).
//!
//! Where the game ends in the tree, the result is a proof, backed up as
//! MCTS-Solver does (Winands, Björnsson and Saito, 2008): a node is won for
//! its player on move when one of its actions is, lost when all of them are
//! lost, a draw when none wins and all are proven. Proven-lost actions are
//! never chosen again where another remains, and a proven node answers
//! with its result, with no playout. Proofs also count how many actions
//! deep the end is, so that a win is taken by its shortest way and a loss
//! put off as long as it can be.

use super::clock::Budget;
use super::mast::Mast;
use super::rng::Rng;
use super::simulate::{GiveUp, Simulator};
use crate::rules::FastHasher;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash};

/// No node, or a result not proven.
const NONE: u32 = u32::MAX;
const UNPROVEN: u8 = u8::MAX;

/// The most edges a tree grows to (a little over 32 bytes each): beyond,
/// its leaves are played out but not listed.
pub const MAX_EDGES: usize = 1 << 22;

/// UCT's exploration constant, for results from 0 (loss) to 1 (win).
/// Measured by matches of the tree against itself at 300 ms a move (40
/// games each): 0.5 scored 61% against 1.0 at Connect Four, 70% at
/// Breakthrough, 64% at Reversi, 0.7 56% at Connect Four, 1.4 38%;
/// against OpenSpiel's MCTS at Breakthrough, 1 s a move, 0.5 and 0.7 did
/// worse than 1.0 with few playouts (10 and 20 games).
pub const EXPLORATION: f64 = 0.7;

/// RAVE's bias: how soon an action's own mean outweighs its AMAF mean
/// (the share of the AMAF mean is `m / (m + n + RAVE_BIAS m n)` after `n`
/// visits of the action and `m` of its AMAF).
pub const RAVE_BIAS: f64 = 1e-3;

/// UCT's exploration constant beside RAVE, which explores by itself.
/// Measured by matches against plain UCT (0.7) at 200 ms a move, 40 games
/// each: 0.7 scored 45% at Connect Four and 48% at Breakthrough, 0.25 59%
/// and 60%, 0.1 66% and 82%; 0.05 against 0.1 50% and 60%. Plain UCT at
/// 0.1 is far worse (1 win of 29 at Connect Four).
pub const RAVE_EXPLORATION: f64 = 0.05;

/// A position of the tree.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Its edges: `count` from `first` in the tree's edges.
    first: u32,
    count: u32,
    visits: u32,
    /// The player on move.
    mover: u8,
    /// The winner with best play, once proven (0 a draw), else `UNPROVEN`.
    proof: u8,
    /// Whether its actions are listed.
    listed: bool,
    /// Whether a whole move starts here.
    start: bool,
    /// Where proven: how many actions deep the end is with best play (the
    /// winner hurrying, the loser holding out).
    length: u16,
}

/// An action from a node, with what was learned of it.
#[derive(Debug, Clone, Copy)]
struct Edge<A> {
    action: A,
    /// The node it leads to, once reached.
    child: u32,
    visits: u32,
    /// Points of the player on move at the node it leaves: 2 a win, 1 a
    /// draw.
    points: u32,
    /// Its child's proof, copied here for choosing.
    proof: u8,
    /// Iterations through its node in which the node's player made this
    /// action later on (all moves as first, AMAF), and their points.
    amaf_visits: u32,
    amaf_points: u32,
}

/// A search tree over actions of type `A`.
#[derive(Debug, Clone)]
pub struct Tree<A> {
    nodes: Vec<Node>,
    edges: Vec<Edge<A>>,
    /// The most edges it grows to.
    max_edges: usize,
    exploration: f64,
    /// Whether actions are chosen by RAVE ([`with_rave`](Self::with_rave)),
    /// with the bias of its schedule.
    rave: Option<f64>,
    /// What each action earned over the search, where its playouts are
    /// led by it ([`with_mast`](Self::with_mast)).
    mast: Option<Mast>,
}

/// What one search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Searched {
    /// Iterations (each one playout, or none where it met a proof).
    pub iterations: u64,
    /// Random games played out.
    pub playouts: u64,
}

impl<A: Copy + Eq + Hash> Tree<A> {
    /// A tree of just its root, where `mover` is on move.
    pub fn new(mover: u8, start: bool) -> Tree<A> {
        Tree {
            nodes: vec![Node {
                first: 0,
                count: 0,
                visits: 0,
                mover,
                proof: UNPROVEN,
                listed: false,
                start,
                length: 0,
            }],
            edges: Vec::new(),
            max_edges: MAX_EDGES,
            exploration: EXPLORATION,
            rave: None,
            mast: None,
        }
    }

    /// The same tree growing to at most `max` edges.
    pub fn with_max_edges(mut self, max: usize) -> Tree<A> {
        self.max_edges = max;
        self
    }

    /// The same tree exploring by `c` (UCT's constant).
    pub fn with_exploration(mut self, c: f64) -> Tree<A> {
        self.exploration = c;
        self
    }

    /// The same tree choosing by Rapid Action Value Estimation (Gelly and
    /// Silver, 2007): an action's value is also learned from the
    /// iterations in which its player made it later on, in the tree or in
    /// the playout ("all moves as first", AMAF), so that one playout teaches
    /// every node on its way about many actions. Its simulator must keep
    /// its playouts ([`Simulator::played`]). Exploration becomes
    /// [`RAVE_EXPLORATION`].
    pub fn with_rave(mut self) -> Tree<A> {
        self.rave = Some(RAVE_BIAS);
        self.exploration = RAVE_EXPLORATION;
        self
    }

    /// The same tree playing its playouts by MAST ([`super::mast`]): each
    /// step the best of a few drawn, by what the actions made so far in
    /// the search earned their players. Its simulator must keep its
    /// playouts ([`Simulator::played`]).
    pub fn with_mast(mut self) -> Tree<A> {
        self.mast = Some(Mast::default());
        self
    }

    /// How many nodes it has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether it is only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The root's result with best play, once proven: the winner (0 a
    /// draw) and how many actions away the end is.
    pub fn proven(&self) -> Option<(u8, u16)> {
        let root = &self.nodes[0];
        (root.proof != UNPROVEN).then_some((root.proof, root.length))
    }

    /// How many whole moves the proven line from the root makes (the
    /// winner taking its shortest way, the loser its longest), where the
    /// root is proven.
    pub fn proven_moves(&self) -> Option<u32> {
        self.proven()?;
        let mut at = 0usize;
        let mut moves = 0;
        while self.nodes[at].listed {
            let node = &self.nodes[at];
            let want = node.proof;
            let lengths = (node.first..node.first + node.count)
                .filter(|&e| self.edges[e as usize].proof == want)
                .map(|e| (self.length_of(e), e));
            let chosen = match want == node.mover {
                true => lengths.min(),
                false => lengths.max(),
            };
            let Some((_, e)) = chosen else { break };
            let child = self.edges[e as usize].child;
            if child == NONE {
                break;
            }
            at = child as usize;
            moves += u32::from(self.nodes[at].start);
        }
        Some(moves)
    }

    /// The node at the start of a move, at most `moves` whole moves below
    /// the root, where the game is as `target` fingerprints it
    /// ([`Simulator::fingerprint`]), `sim` being at the root; at most
    /// `limit` nodes looked at.
    ///
    /// # Errors
    /// [`GiveUp`] where the simulator gave up.
    pub fn find<S: Simulator<Action = A>>(
        &self,
        sim: &mut S,
        target: u64,
        moves: u32,
        limit: usize,
    ) -> Result<Option<u32>, GiveUp> {
        // Depth first, each node's way made again from the root.
        let mut stack: Vec<(u32, Vec<A>, u32)> = vec![(0, Vec::new(), 0)];
        let mut looked = 0;
        while let Some((at, way, starts)) = stack.pop() {
            looked += 1;
            if looked > limit {
                break;
            }
            let node = &self.nodes[at as usize];
            if at != 0 && node.start {
                sim.reset();
                for &a in &way {
                    sim.act(a)?;
                }
                if sim.fingerprint() == target {
                    sim.reset();
                    return Ok(Some(at));
                }
            }
            if !node.listed || starts >= moves {
                continue;
            }
            // The most visited is looked at first: the game most likely went
            // that way.
            let mut reached: Vec<&Edge<A>> = (node.first..node.first + node.count)
                .map(|e| &self.edges[e as usize])
                .filter(|edge| edge.child != NONE)
                .collect();
            reached.sort_by_key(|edge| edge.visits);
            for edge in reached {
                let mut next = way.clone();
                next.push(edge.action);
                let child_starts = starts + u32::from(self.nodes[edge.child as usize].start);
                stack.push((edge.child, next, child_starts));
            }
        }
        sim.reset();
        Ok(None)
    }

    /// The tree below node `at`, `at` its root, with all it learned there.
    pub fn subtree(&self, at: u32) -> Tree<A> {
        let mut tree = Tree {
            nodes: vec![self.nodes[at as usize]],
            edges: Vec::new(),
            max_edges: self.max_edges,
            exploration: self.exploration,
            rave: self.rave,
            mast: self.mast.clone(),
        };
        let mut queue = std::collections::VecDeque::from([(at, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let node = self.nodes[old as usize];
            if !node.listed {
                continue;
            }
            let first = tree.edges.len() as u32;
            for e in node.first..node.first + node.count {
                let mut edge = self.edges[e as usize];
                if edge.child != NONE {
                    let copy = tree.nodes.len();
                    tree.nodes.push(self.nodes[edge.child as usize]);
                    queue.push_back((edge.child, copy));
                    edge.child = copy as u32;
                }
                tree.edges.push(edge);
            }
            tree.nodes[new].first = first;
        }
        tree
    }

    /// The player on move at the root.
    pub fn mover(&self) -> u8 {
        self.nodes[0].mover
    }

    /// Searches until the budget is spent or the root is proven; `report`
    /// is called now and then.
    ///
    /// # Errors
    /// [`GiveUp`] where the simulator gave up: the tree is then of no use.
    pub fn search<S: Simulator<Action = A>>(
        &mut self,
        sim: &mut S,
        budget: &mut Budget,
        rng: &mut Rng,
        report: &mut dyn FnMut(&Tree<A>, &Budget),
    ) -> Result<Searched, GiveUp> {
        let mut done = Searched::default();
        let mut path: Vec<(u32, u32)> = Vec::new();
        let mut actions: Vec<A> = Vec::new();
        let mut later = Later::default();
        while self.nodes[0].proof == UNPROVEN {
            budget.tick();
            if budget.pace() {
                break;
            }
            sim.reset();
            path.clear();
            let Some(result) = self.descend(sim, budget, rng, &mut path, &mut actions)? else {
                break;
            };
            later.clear();
            let result = match result {
                Leaf::Proven(w) => w,
                Leaf::Open => {
                    done.playouts += 1;
                    let Some(w) = sim.playout(rng, budget, self.mast.as_ref()) else {
                        break;
                    };
                    if self.rave.is_some() {
                        later.extend(sim.played());
                    }
                    if let Some(mast) = &mut self.mast {
                        for (player, action) in sim.played() {
                            mast.learn(player, &action, w);
                        }
                    }
                    w
                }
            };
            done.iterations += 1;
            if let Some(mast) = &mut self.mast {
                for &(n, e) in &path {
                    mast.learn(
                        self.nodes[n as usize].mover,
                        &self.edges[e as usize].action,
                        result,
                    );
                }
            }
            if self.rave.is_some() {
                self.back_up_amaf(&path, result, &mut later);
            }
            self.back_up(&path, result);
            if done.iterations.is_multiple_of(1024) {
                report(self, budget);
            }
        }
        sim.reset();
        Ok(done)
    }

    /// Goes down from the root, choosing by UCT, to where the tree ends;
    /// adds the node reached there. `None` where the budget ran out on the
    /// way.
    fn descend<S: Simulator<Action = A>>(
        &mut self,
        sim: &mut S,
        budget: &mut Budget,
        rng: &mut Rng,
        path: &mut Vec<(u32, u32)>,
        actions: &mut Vec<A>,
    ) -> Result<Option<Leaf>, GiveUp> {
        let mut at = 0u32;
        loop {
            let node = self.nodes[at as usize];
            if node.proof != UNPROVEN {
                return Ok(Some(Leaf::Proven(node.proof)));
            }
            if !node.listed {
                // A leaf reached before: its actions are listed now, room
                // allowing; the first time, it is only played out.
                let first_visit = node.visits == 0 && at != 0;
                if first_visit || self.edges.len() >= self.max_edges {
                    return Ok(Some(Leaf::Open));
                }
                sim.actions(actions, budget)?;
                if budget.stopped() {
                    return Ok(None);
                }
                if actions.is_empty() {
                    // Not over, yet nothing to do: counted as a draw, as a
                    // random playout counts it.
                    self.nodes[at as usize].proof = 0;
                    return Ok(Some(Leaf::Proven(0)));
                }
                rng.shuffle(actions);
                let first = self.edges.len() as u32;
                self.edges.extend(actions.iter().map(|&action| Edge {
                    action,
                    child: NONE,
                    visits: 0,
                    points: 0,
                    proof: UNPROVEN,
                    amaf_visits: 0,
                    amaf_points: 0,
                }));
                let n = &mut self.nodes[at as usize];
                n.first = first;
                n.count = actions.len() as u32;
                n.listed = true;
            }
            let e = self.choose(at);
            path.push((at, e));
            let edge = self.edges[e as usize];
            let done = sim.act(edge.action)?;
            if edge.child != NONE {
                at = edge.child;
                continue;
            }
            // The tree ends here: a node for where the action led.
            let proof = match (done, sim.winner()) {
                (false, _) => 0,
                (true, Some(w)) => w,
                (true, None) => UNPROVEN,
            };
            let child = self.nodes.len() as u32;
            self.nodes.push(Node {
                first: 0,
                count: 0,
                visits: 0,
                mover: sim.to_move(),
                proof,
                listed: false,
                start: sim.at_move_start(),
                length: 0,
            });
            self.edges[e as usize].child = child;
            return Ok(Some(match proof {
                UNPROVEN => Leaf::Open,
                w => Leaf::Proven(w),
            }));
        }
    }

    /// The edge of node `at` (listed, not proven) to follow: an action not
    /// yet tried (in the order listed, which was shuffled), else the best
    /// by UCT, never one proven lost while another is not.
    fn choose(&self, at: u32) -> u32 {
        let node = &self.nodes[at as usize];
        let ln = f64::from(node.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, node.first);
        let mut lost = None;
        for e in node.first..node.first + node.count {
            let edge = &self.edges[e as usize];
            if edge.proof != UNPROVEN && edge.proof != 0 && edge.proof != node.mover {
                // Lost: kept as the last resort, the one put off longest.
                lost = match lost {
                    None => Some(e),
                    Some(l) if self.length_of(e) > self.length_of(l) => Some(e),
                    keep => keep,
                };
                continue;
            }
            let Some(mean) = self.mean(edge) else {
                return e;
            };
            let n = f64::from(edge.visits.max(1));
            let value = mean + self.exploration * (ln / n).sqrt();
            if value > best.0 {
                best = (value, e);
            }
        }
        match (best.0 == f64::NEG_INFINITY, lost) {
            (true, Some(l)) => l,
            _ => best.1,
        }
    }

    /// What an edge is worth to its node's player, from 0 to 1, before
    /// exploration: its mean, or by RAVE its mean and AMAF mean mixed, the
    /// AMAF's share falling as its own visits grow (Gelly and Silver's
    /// schedule, [`rave_value`]). `None` for an action not yet tried (by
    /// RAVE, neither tried nor seen later), which is tried first.
    fn mean(&self, edge: &Edge<A>) -> Option<f64> {
        match self.rave {
            None if edge.visits == 0 => None,
            None => Some(f64::from(edge.points) / (2.0 * f64::from(edge.visits))),
            Some(_) if edge.visits == 0 && edge.amaf_visits == 0 => None,
            Some(bias) => Some(rave_value(edge, bias)),
        }
    }

    /// Counts `result` as AMAF on every action of every node of `path`
    /// that the node's player made later on in the iteration, in the tree
    /// (below the node) or in the playout (`later`, which this fills with
    /// the path's actions too).
    fn back_up_amaf(&mut self, path: &[(u32, u32)], result: u8, later: &mut Later<A>) {
        for &(n, e) in path.iter().rev() {
            let node = self.nodes[n as usize];
            later.insert((node.mover, self.edges[e as usize].action));
            let points = match result {
                0 => 1,
                w if w == node.mover => 2,
                _ => 0,
            };
            for edge in &mut self.edges[node.first as usize..(node.first + node.count) as usize] {
                if later.contains(&(node.mover, edge.action)) {
                    edge.amaf_visits += 1;
                    edge.amaf_points += points;
                }
            }
        }
    }

    /// How many actions deep the end of edge `e`'s proof is.
    fn length_of(&self, e: u32) -> u16 {
        match self.edges[e as usize].child {
            NONE => 1,
            c => self.nodes[c as usize].length.saturating_add(1),
        }
    }

    /// Counts `result` (the winner, 0 a draw) along `path`, then backs up
    /// the proofs it may have brought.
    fn back_up(&mut self, path: &[(u32, u32)], result: u8) {
        for &(n, e) in path {
            let mover = self.nodes[n as usize].mover;
            self.nodes[n as usize].visits += 1;
            let edge = &mut self.edges[e as usize];
            edge.visits += 1;
            edge.points += match result {
                0 => 1,
                w if w == mover => 2,
                _ => 0,
            };
        }
        if let Some(&(_, e)) = path.last() {
            let child = self.edges[e as usize].child;
            if child != NONE {
                self.nodes[child as usize].visits += 1;
            }
        }
        for &(n, e) in path.iter().rev() {
            let child = self.edges[e as usize].child;
            let proof = match child {
                NONE => UNPROVEN,
                c => self.nodes[c as usize].proof,
            };
            if proof == UNPROVEN {
                break;
            }
            self.edges[e as usize].proof = proof;
            if !self.prove(n) {
                break;
            }
        }
    }

    /// Works out node `n`'s proof from its edges; whether it is proven.
    fn prove(&mut self, n: u32) -> bool {
        let node = self.nodes[n as usize];
        if node.proof != UNPROVEN {
            return true;
        }
        let mut win: Option<u16> = None;
        let mut draw: Option<u16> = None;
        let mut loss: Option<(u8, u16)> = None;
        for e in node.first..node.first + node.count {
            let edge = &self.edges[e as usize];
            let length = self.length_of(e);
            match edge.proof {
                UNPROVEN => {}
                w if w == node.mover => win = Some(win.map_or(length, |l| l.min(length))),
                0 => draw = Some(draw.map_or(length, |l| l.max(length))),
                w => loss = Some((w, loss.map_or(length, |(_, l)| l.max(length)))),
            }
        }
        let all = (node.first..node.first + node.count).all(|e| self.edges[e as usize].proof != UNPROVEN);
        let (proof, length) = match (win, all, draw, loss) {
            (Some(l), ..) => (node.mover, l),
            (None, true, Some(l), _) => (0, l),
            (None, true, None, Some((w, l))) => (w, l),
            _ => return false,
        };
        let node = &mut self.nodes[n as usize];
        node.proof = proof;
        node.length = length;
        true
    }

    /// The index among `moves` (each a whole move of the root's player as
    /// actions, none a beginning of another) of the move the trees choose
    /// together: step by step the action most visited over all of them
    /// among those that lead on to a move listed, a proven win first (the
    /// shortest), a proven loss last (the longest); `None` for no moves.
    pub fn best(trees: &[&Tree<A>], moves: &[Vec<A>]) -> Option<usize> {
        let mut left: Vec<usize> = (0..moves.len()).collect();
        let mut at: Vec<u32> = vec![0; trees.len()];
        for depth in 0.. {
            if left.len() <= 1 {
                break;
            }
            // The distinct next actions of the moves left.
            let mut next: Vec<A> = Vec::new();
            for &i in &left {
                if let Some(&a) = moves[i].get(depth) {
                    if !next.contains(&a) {
                        next.push(a);
                    }
                }
            }
            let mut chosen: Option<(Rank, A)> = None;
            for &a in &next {
                let rank = Rank::of(trees, &at, a);
                if chosen.as_ref().is_none_or(|(r, _)| rank > *r) {
                    chosen = Some((rank, a));
                }
            }
            let Some((_, a)) = chosen else { break };
            left.retain(|&i| moves[i].get(depth) == Some(&a));
            if let Some(&done) = left.iter().find(|&&i| moves[i].len() == depth + 1) {
                return Some(done);
            }
            for (t, tree) in trees.iter().enumerate() {
                at[t] = tree.child(at[t], a);
            }
        }
        left.first().copied()
    }

    /// The node action `a` leads to from node `at`, if in the tree.
    fn child(&self, at: u32, a: A) -> u32 {
        if at == NONE {
            return NONE;
        }
        let node = &self.nodes[at as usize];
        (node.first..node.first + node.count)
            .map(|e| &self.edges[e as usize])
            .find(|edge| edge.action == a)
            .map_or(NONE, |edge| edge.child)
    }

    /// The edge of action `a` from node `at`, if listed.
    fn edge(&self, at: u32, a: A) -> Option<&Edge<A>> {
        if at == NONE {
            return None;
        }
        let node = &self.nodes[at as usize];
        (node.first..node.first + node.count)
            .map(|e| &self.edges[e as usize])
            .find(|edge| edge.action == a)
    }

    /// The root's actions with their visits, most visited first.
    pub fn root_visits(&self) -> Vec<(A, u32)> {
        let root = &self.nodes[0];
        let mut out: Vec<(A, u32)> = (root.first..root.first + root.count)
            .map(|e| (self.edges[e as usize].action, self.edges[e as usize].visits))
            .collect();
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        out
    }
}

/// An edge's value by RAVE, from 0 to 1 (at least one of its visits and
/// AMAF visits not 0): `(1 - β) own + β amaf`, where `own` and `amaf` are
/// its means and `β = m / (m + n + bias m n)` after `n` visits and `m` of
/// AMAF, written with one division, as it is worked out for every action
/// of every node on the way down.
fn rave_value<A>(edge: &Edge<A>, bias: f64) -> f64 {
    let n = f64::from(edge.visits);
    let m = f64::from(edge.amaf_visits);
    let own_share = 1.0 + bias * m;
    (own_share * f64::from(edge.points) + f64::from(edge.amaf_points)) / (2.0 * (m + n * own_share))
}

/// The actions made in one iteration, each with its player.
type Later<A> = HashSet<(u8, A), BuildHasherDefault<FastHasher>>;

/// How an iteration's way down ended.
enum Leaf {
    /// A proven result: the winner (0 a draw).
    Proven(u8),
    /// A position to play out.
    Open,
}

/// How good an action looks over several trees, in order: proven won
/// (shorter better), open or drawn (more visits better), proven lost
/// (longer better).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    Lost { length: u16 },
    Open { visits: u64 },
    Won { shorter: u16 },
}

impl Rank {
    fn of<A: Copy + Eq + Hash>(trees: &[&Tree<A>], at: &[u32], a: A) -> Rank {
        let mut visits = 0u64;
        let mut lost: Option<u16> = None;
        for (tree, &node) in trees.iter().zip(at) {
            let Some(edge) = tree.edge(node, a) else {
                continue;
            };
            let mover = tree.nodes[node as usize].mover;
            let length = match edge.child {
                NONE => 1,
                c => tree.nodes[c as usize].length.saturating_add(1),
            };
            match edge.proof {
                UNPROVEN | 0 => visits += u64::from(edge.visits),
                w if w == mover => {
                    return Rank::Won {
                        shorter: u16::MAX - length,
                    }
                }
                _ => lost = Some(lost.map_or(length, |l| l.max(length))),
            }
        }
        match lost {
            Some(length) => Rank::Lost { length },
            None => Rank::Open { visits },
        }
    }
}

#[cfg(test)]
mod tests;
