//! The computer in games with dice, or of three or four players.
//!
//! Every player plays for itself: a result is a reward per player (1 for
//! the winner, 0 for the others, a draw shared equally), and the player on
//! move picks what is best for it (max-n), never assuming everyone plays
//! against it. At a roll every face is as likely.
//!
//! - Exact where the game from here is small: every position reachable
//!   (at most [`EXACT_NODES`]) is listed once, then valued by value
//!   iteration (expectimax over the faces, max-n over the moves), which
//!   also settles games that can come back to a position (a snake sends a
//!   counter back). The answer is then the chance of winning with best
//!   play.
//! - Otherwise Monte-Carlo tree search: at a roll the search draws the
//!   faces from its own generator, and before each simulation it reseeds
//!   the game's generator from its own too, so a side effect that rolls is
//!   sampled, never foreseen: the search never reads what the dice will
//!   show next.
//!
//! A search through chance never claims a proof: its outcome is a chance
//! of winning ([`Outcome::Chance`]) or [`Outcome::Luck`].

use super::clock::Budget;
use super::moves::{play, unplay, Move, MoveGen};
use super::playout::Scratch;
use super::rng::Rng;
use super::{Choice, Method, Outcome, Progress};
use crate::expr::Effect;
use crate::position::{Position, Roll, Undo};
use crate::rules::zobrist::PositionMap;
use crate::rules::Rules;
use crate::state::Status;

/// The most positions the exact search visits before it gives up.
pub const EXACT_NODES: u64 = 200_000;
/// The most outcomes of one roll the search enumerates (two dice of six: 36).
pub const MAX_OUTCOMES: usize = 400;
/// The most actions of one random playout; a longer game counts as a draw.
pub const PLAYOUT_ACTIONS: usize = 2000;
const EXPLORATION: f64 = 1.0;

/// A reward per player (index 0 is player 1), each from 0 to 1.
pub type Rewards = [f64; 4];

/// Whether a game needs this search: it has dice, or more than two players.
pub fn needed(rules: &Rules) -> bool {
    !rules.dice.is_empty() || rules.players > 2
}

/// The rewards of a finished game: 1 to the winner, a draw shared.
pub fn rewards(rules: &Rules, winner: u8) -> Rewards {
    let n = rules.players.clamp(1, 4) as usize;
    let mut r = [0.0; 4];
    if winner == 0 || winner as usize > n {
        if n > 1 {
            r[..n].iter_mut().for_each(|x| *x = 1.0 / n as f64);
        }
    } else {
        r[winner as usize - 1] = 1.0;
    }
    r
}

fn terminal(pos: &Position) -> Option<Rewards> {
    match pos.status() {
        Status::Over { winner, .. } => Some(rewards(pos.rules(), *winner)),
        Status::Playing => None,
    }
}

fn index(player: u8) -> usize {
    (player.clamp(1, 4) - 1) as usize
}

/// The roll a chance position makes (the first the move allows).
fn due_roll(pos: &Position) -> Option<Roll> {
    pos.roll_due().then(|| pos.rolls().first().copied()).flatten()
}

/// A position of the exact search: the end of the game, a roll (every
/// outcome as likely) or a choice of the player on move.
enum Kind {
    End(Rewards),
    Roll(Vec<u32>),
    Choose(u8, Vec<u32>),
}

/// Every position reachable from the root, each once (by its hash), with
/// what follows it; positions may lead back to earlier ones (a snake).
struct Graph<'a> {
    gen: MoveGen,
    index: PositionMap<u32>,
    kinds: Vec<Kind>,
    /// The positions in the order their exploration finished: what follows
    /// a position comes before it, except round a cycle.
    order: Vec<u32>,
    budget: &'a mut Budget,
    depth: usize,
}

/// How deep the exploration may go (actions from the root). It recurses a
/// few frames an action, so this also keeps it well inside a test
/// thread's 2 MB stack and the Web Worker's 1 MB.
const MAX_EXACT_DEPTH: usize = 400;
/// The most sweeps of value iteration; values still moving by then are
/// not exact.
const MAX_SWEEPS: usize = 10_000;
const SETTLED: f64 = 1e-12;

impl Graph<'_> {
    /// The number of `pos` in the graph, exploring what follows it; `None`
    /// when the graph grows too big or the budget runs out.
    fn explore(&mut self, pos: &mut Position) -> Option<u32> {
        let key = pos.hash();
        if let Some(&id) = self.index.get(&key) {
            return Some(id);
        }
        if self.kinds.len() as u64 >= EXACT_NODES || self.depth >= MAX_EXACT_DEPTH || self.budget.tick() {
            return None;
        }
        let id = self.kinds.len() as u32;
        self.index.insert(key, id);
        self.kinds.push(Kind::End([0.0; 4]));
        self.depth += 1;
        let kind = self.kind(pos);
        self.depth -= 1;
        self.kinds[id as usize] = kind?;
        self.order.push(id);
        Some(id)
    }

    fn kind(&mut self, pos: &mut Position) -> Option<Kind> {
        if let Some(r) = terminal(pos) {
            return Some(Kind::End(r));
        }
        if let Some(roll) = due_roll(pos) {
            let outcomes = pos.roll_outcomes(roll, MAX_OUTCOMES)?;
            let mut children = Vec::with_capacity(outcomes.len());
            for faces in &outcomes {
                let u = pos.apply_roll(roll, faces);
                let child = self.explore(pos);
                pos.revert(u);
                children.push(child?);
            }
            return Some(Kind::Roll(children));
        }
        let mut moves = Vec::new();
        self.gen.moves_in(pos, &mut moves, Some(self.budget));
        if moves.is_empty() || !self.gen.complete() {
            return None;
        }
        let player = pos.to_move();
        Some(Kind::Choose(player, self.children(pos, &moves)?))
    }

    fn children(&mut self, pos: &mut Position, moves: &[Move]) -> Option<Vec<u32>> {
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            let u = play(pos, mv);
            let child = self.explore(pos);
            unplay(pos, u);
            children.push(child?);
        }
        Some(children)
    }

    /// The value of every position for every player, by value iteration:
    /// a roll is worth the mean of its outcomes, a choice the outcome best
    /// for the player choosing. `None` when the values do not settle
    /// within the budget.
    fn values(&mut self) -> Option<Vec<Rewards>> {
        let n = self.kinds.len();
        let mut v: Vec<Rewards> = vec![[0.0; 4]; n];
        for sweep in 0..MAX_SWEEPS {
            if self.budget.check() {
                return None;
            }
            let mut moved: f64 = 0.0;
            for &id in &self.order {
                let new = match &self.kinds[id as usize] {
                    Kind::End(r) => *r,
                    Kind::Roll(children) => {
                        let mut sum = [0.0; 4];
                        for &c in children {
                            sum.iter_mut().zip(v[c as usize]).for_each(|(s, x)| *s += x);
                        }
                        sum.map(|s| s / children.len().max(1) as f64)
                    }
                    Kind::Choose(player, children) => best_of(&v, children, index(*player)).1,
                };
                let old = std::mem::replace(&mut v[id as usize], new);
                moved = old.iter().zip(new).fold(moved, |m, (a, b)| m.max((a - b).abs()));
            }
            if moved < SETTLED && sweep > 0 {
                return Some(v);
            }
        }
        None
    }
}

/// The child best for player `me` (the first on ties) and its value.
fn best_of(v: &[Rewards], children: &[u32], me: usize) -> (usize, Rewards) {
    let mut best = (0, [0.0; 4]);
    for (i, &c) in children.iter().enumerate() {
        let value = v[c as usize];
        if i == 0 || value[me] > best.1[me] + 1e-12 {
            best = (i, value);
        }
    }
    best
}

/// The exact value of `pos` for every player and, when a move is to be
/// chosen, the best one among `moves`; `None` when the game from here is
/// too big to work out within the budget.
pub fn exact(pos: &mut Position, moves: &[Move], budget: &mut Budget) -> Option<(Option<usize>, Rewards)> {
    // A side effect rolls from the game's generator: exploring it would
    // foresee the roll.
    if rolls_by_effect(pos.rules()) {
        return None;
    }
    let mut g = Graph {
        gen: MoveGen::new(pos.rules()),
        index: PositionMap::default(),
        kinds: Vec::new(),
        order: Vec::new(),
        budget,
        depth: 0,
    };
    if moves.is_empty() {
        let root = g.explore(pos)?;
        return g.values().map(|v| (None, v[root as usize]));
    }
    let me = index(pos.to_move());
    let children = g.children(pos, moves)?;
    let v = g.values()?;
    let (best, value) = best_of(&v, &children, me);
    Some((Some(best), value))
}

/// Whether a side effect of the game draws from its chance: rolls a die
/// or shuffles a place.
fn rolls_by_effect(rules: &Rules) -> bool {
    fn rolls(e: &Effect) -> bool {
        match e {
            Effect::Roll { .. } | Effect::Shuffle { .. } => true,
            Effect::If { then, otherwise, .. } => rolls(then) || otherwise.as_deref().is_some_and(rolls),
            Effect::ForEach { body, .. } => rolls(body),
            Effect::Block(all) => all.iter().any(rolls),
            _ => false,
        }
    }
    rules.steps.iter().any(|s| s.effects.iter().any(rolls))
}

/// What a tree node stands for: the move or the faces that lead to it.
enum Edge {
    Root,
    Move(Move),
    Faces(Vec<u8>),
}

struct Node {
    edge: Edge,
    /// The player who chose the move leading here (0 after a roll).
    mover: u8,
    children: Vec<u32>,
    expanded: bool,
    /// Whether the position here is a roll (its children are faces).
    chance: Option<Roll>,
    visits: u32,
    reward: Rewards,
}

impl Node {
    fn new(edge: Edge, mover: u8) -> Node {
        Node {
            edge,
            mover,
            children: Vec::new(),
            expanded: false,
            chance: None,
            visits: 0,
            reward: [0.0; 4],
        }
    }
}

/// Something done on the way down the tree, to be undone.
enum Done {
    Move(super::moves::MoveUndo),
    Other(Undo),
}

/// Monte-Carlo tree search with chance nodes and a reward per player,
/// from `pos`; `moves` are the root's moves (empty when a roll is due at
/// the root). Returns the visits and the mean reward of the player on move
/// for each root move (for a roll at the root: one entry, the mean).
pub fn monte_carlo(
    pos: &mut Position,
    moves: &[Move],
    budget: &mut Budget,
    rng: &mut Rng,
    report: &mut dyn FnMut(usize, &Budget),
) -> Vec<(u32, f64)> {
    let me = index(pos.to_move());
    let mut gen = MoveGen::new(pos.rules());
    let mut nodes = vec![Node::new(Edge::Root, 0)];
    if moves.is_empty() {
        nodes[0].chance = due_roll(pos);
    } else {
        for mv in moves {
            nodes.push(Node::new(Edge::Move(mv.clone()), pos.to_move()));
        }
        nodes[0].children = (1..nodes.len() as u32).collect();
    }
    nodes[0].expanded = true;
    let mut listed = Vec::new();
    let mut scratch = Scratch::default();
    let mut iterations = 0u64;
    loop {
        if budget.tick() || budget.check() {
            break;
        }
        iterations += 1;
        let mut done: Vec<Done> = vec![Done::Other(pos.apply_reseed(rng.next_u64()))];
        let mut path = vec![0u32];
        let mut at = 0usize;
        loop {
            if pos.status() != &Status::Playing {
                break;
            }
            if !nodes[at].expanded {
                nodes[at].expanded = true;
                nodes[at].chance = due_roll(pos);
                if nodes[at].chance.is_none() {
                    gen.moves_in(pos, &mut listed, Some(budget));
                    let mover = pos.to_move();
                    let first = nodes.len() as u32;
                    for mv in listed.drain(..) {
                        nodes.push(Node::new(Edge::Move(mv), mover));
                    }
                    nodes[at].children = (first..nodes.len() as u32).collect();
                    if let Some(&c) = nodes[at].children.get(rng.below(nodes[at].children.len().max(1))) {
                        if let Edge::Move(mv) = &nodes[c as usize].edge {
                            done.push(Done::Move(play(pos, mv)));
                        }
                        path.push(c);
                    }
                    break;
                }
            }
            if let Some(roll) = nodes[at].chance {
                let faces = random_faces(pos.rules(), roll, rng);
                let found = nodes[at]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| matches!(&nodes[c as usize].edge, Edge::Faces(f) if *f == faces));
                let (child, new) = match found {
                    Some(c) => (c, false),
                    None => {
                        nodes.push(Node::new(Edge::Faces(faces.clone()), 0));
                        let c = nodes.len() as u32 - 1;
                        nodes[at].children.push(c);
                        (c, true)
                    }
                };
                done.push(Done::Other(pos.apply_roll(roll, &faces)));
                path.push(child);
                // One new node a round, as for a move: a roll that only
                // leads to another roll (nobody can ever move) must not
                // grow the tree without end.
                if new || path.len() > PLAYOUT_ACTIONS {
                    break;
                }
                at = child as usize;
                continue;
            }
            if nodes[at].children.is_empty() {
                break;
            }
            let log_n = (nodes[at].visits.max(1) as f64).ln();
            let mut pick = nodes[at].children[0];
            let mut best = f64::NEG_INFINITY;
            for &c in &nodes[at].children {
                let n = &nodes[c as usize];
                let value = if n.visits == 0 {
                    f64::INFINITY
                } else {
                    n.reward[index(n.mover)] / n.visits as f64
                        + EXPLORATION * (log_n / n.visits as f64).sqrt()
                };
                if value > best {
                    best = value;
                    pick = c;
                }
            }
            at = pick as usize;
            if let Edge::Move(mv) = &nodes[at].edge {
                done.push(Done::Move(play(pos, mv)));
            }
            path.push(pick);
        }
        let result = playout(pos, rng, &mut scratch, budget);
        while let Some(d) = done.pop() {
            match d {
                Done::Move(u) => unplay(pos, u),
                Done::Other(u) => pos.revert(u),
            }
        }
        let Some(r) = result else {
            break;
        };
        for &n in &path {
            let node = &mut nodes[n as usize];
            node.visits += 1;
            node.reward.iter_mut().zip(r).for_each(|(s, x)| *s += x);
        }
        if iterations.is_multiple_of(256) {
            report(most_visited(&nodes), budget);
        }
    }
    if moves.is_empty() {
        let root = &nodes[0];
        return vec![(root.visits, root.reward[me] / f64::from(root.visits.max(1)))];
    }
    nodes[0]
        .children
        .iter()
        .map(|&c| {
            let n = &nodes[c as usize];
            (n.visits, n.reward[me] / f64::from(n.visits.max(1)))
        })
        .collect()
}

/// What is said when the value is not exact: with dice, that it depends on
/// them; without, that nobody knows yet.
fn unknown(rules: &Rules) -> Outcome {
    if rules.dice.is_empty() {
        Outcome::Unknown
    } else {
        Outcome::Luck
    }
}

fn most_visited(nodes: &[Node]) -> usize {
    let visits: Vec<u32> = nodes[0]
        .children
        .iter()
        .map(|&c| nodes[c as usize].visits)
        .collect();
    super::playout::most_visited(&visits)
}

/// What the dice of `roll` show, drawn from `rng`, each face as likely.
pub(crate) fn random_faces(rules: &Rules, roll: Roll, rng: &mut Rng) -> Vec<u8> {
    rules
        .dice_of(roll)
        .map(|d| 1 + rng.below(rules.dice[d as usize].faces as usize) as u8)
        .collect()
}

/// A random game from `pos` to its end: random steps, End move and pass,
/// and rolls whose faces the search's own generator draws; then back to
/// `pos`. The rewards, or `None` when the budget ran out.
pub fn playout(
    pos: &mut Position,
    rng: &mut Rng,
    scratch: &mut Scratch,
    budget: &mut Budget,
) -> Option<Rewards> {
    let Scratch {
        draw, undo, start, ..
    } = scratch;
    let mut result = Some(rewards(pos.rules(), 0));
    pos.save(start);
    pos.defer_stuck(true);
    for n in 0..PLAYOUT_ACTIONS {
        if n > 0 && n % 16 == 0 && budget.check() {
            result = None;
            break;
        }
        if let Some(r) = terminal(pos) {
            result = Some(r);
            break;
        }
        let rolls = pos.rolls();
        if !rolls.is_empty() && (!pos.has_step() || rng.chance(1, 2)) {
            let roll = rolls[rng.below(rolls.len())];
            let faces = random_faces(pos.rules(), roll, rng);
            pos.roll_to(roll, &faces, undo);
            continue;
        }
        if super::playout::random_step(pos, rng, draw, undo, None).is_none() {
            break;
        }
    }
    if let Some(start) = start {
        pos.restore(start);
    }
    undo.forget();
    pos.defer_stuck(false);
    result
}

/// The computer's choice in a game with dice or of three or four players:
/// exact where it can, Monte-Carlo otherwise. When a roll is due the
/// answer has no move (roll first: [`Position::roll`]) but says what the
/// position is worth.
pub fn choose(
    pos: &mut Position,
    moves: &[Move],
    budget: &mut Budget,
    rng: &mut Rng,
    progress: &mut dyn FnMut(&Progress),
) -> Choice {
    let me = index(pos.to_move());
    let roll = moves.is_empty() && pos.roll_due();
    let method = if roll { Method::Roll } else { Method::MonteCarlo };
    let limits = budget.limits();
    let mut first = Budget::new(budget.now_fn(), super::share(limits, 0.5), budget.stop_flag());
    let exact = exact(pos, moves, &mut first);
    budget.nodes += first.nodes;
    if let Some((best, value)) = exact {
        let mv = best.map(|i| moves[i].clone());
        return Choice {
            pv: mv.iter().cloned().collect(),
            mv,
            outcome: Outcome::chance(value[me]),
            score: 0,
            depth: 0,
            nodes: budget.nodes,
            elapsed_ms: 0.0,
            method: if roll { Method::Roll } else { Method::Expectimax },
        };
    }
    let left = super::remaining(limits, budget);
    let mut mc = Budget::new(budget.now_fn(), left, budget.stop_flag());
    let luck = unknown(pos.rules());
    let stats = monte_carlo(pos, moves, &mut mc, rng, &mut |best, b| {
        progress(&Progress {
            depth: 0,
            nodes: b.nodes,
            elapsed_ms: b.elapsed(),
            best: moves.get(best).cloned(),
            outcome: luck,
        })
    });
    budget.nodes += mc.nodes;
    let visits: Vec<u32> = stats.iter().map(|s| s.0).collect();
    let mv = (!moves.is_empty()).then(|| moves[super::playout::most_visited(&visits)].clone());
    Choice {
        pv: mv.iter().cloned().collect(),
        mv,
        outcome: luck,
        score: 0,
        depth: 0,
        nodes: budget.nodes,
        elapsed_ms: 0.0,
        method,
    }
}
