//! Monte-Carlo tree search for a move of a game of two ([`super::tree`]):
//! on the game's bit machine where it has one, on the general engine
//! where it has not (or where the machine gives up), with one tree a
//! thread where the platform has threads, their counts added up at the
//! root (root parallelism: the trees share nothing while they grow).

use super::clock::{Budget, Limits};
use super::moves::Move;
use super::rng::Rng;
use super::simulate::{Act, GeneralSim, GiveUp, MachineSim, Simulator};
use super::tree::Tree;
use super::{Choice, Method, Outcome, Progress};
use crate::position::{Position, Undo};

/// What a Monte-Carlo search is given.
pub(super) struct Ask<'a> {
    pub pos: &'a Position,
    /// The whole moves to choose among (not empty).
    pub moves: &'a [Move],
    pub limits: Limits,
    pub budget: &'a Budget,
    pub threads: usize,
    pub seed: u64,
}

/// Chooses among `ask.moves` by Monte-Carlo tree search within the
/// limits.
pub(super) fn choose(ask: &Ask<'_>, progress: &mut dyn FnMut(&Progress)) -> Choice {
    if let Some(sims) = machine_sims(ask) {
        if let Ok(choice) = search(ask, sims, progress) {
            return choice;
        }
    }
    let sims = (0..threads(ask)).map(|_| GeneralSim::new(ask.pos)).collect();
    match search(ask, sims, progress) {
        Ok(choice) => choice,
        // The general engine never gives up.
        Err(GiveUp) => Choice::new(None, Method::MonteCarlo),
    }
}

/// A machine simulator a thread, where the game has a machine that holds
/// the position.
fn machine_sims<'a>(ask: &Ask<'a>) -> Option<Vec<MachineSim<'a>>> {
    (0..threads(ask)).map(|_| MachineSim::new(ask.pos)).collect()
}

/// How many threads to search with: one where the platform has none.
fn threads(ask: &Ask<'_>) -> usize {
    if cfg!(target_arch = "wasm32") {
        1
    } else {
        ask.threads.clamp(1, 64)
    }
}

/// Searches with one tree a simulator (a thread each), then chooses.
fn search<S: Simulator + Send>(
    ask: &Ask<'_>,
    mut sims: Vec<S>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Choice, GiveUp>
where
    S::Action: Send,
{
    let lines: Vec<Vec<S::Action>> = ask
        .moves
        .iter()
        .map(|m| actions_of(&sims[0], ask.pos, m))
        .collect();
    let mover = ask.pos.to_move();
    let limits = ask.limits;
    let count = sims.len();
    // The node limit (playouts) is shared among the threads.
    let each = Limits {
        nodes: limits.nodes.map(|n| n.div_ceil(count as u64)),
        ..limits
    };
    let budget = |_| Budget::new(ask.budget.now_fn(), each, ask.budget.stop_flag());
    let mut report = |tree: &Tree<S::Action>, b: &Budget| {
        progress(&Progress {
            depth: 0,
            nodes: b.nodes,
            elapsed_ms: b.elapsed(),
            best: Tree::best(&[tree], &lines).map(|i| ask.moves[i].clone()),
            outcome: Outcome::Unknown,
        })
    };
    let mut first = sims.remove(0);
    let results: Vec<(Tree<S::Action>, u64)> = std::thread::scope(|scope| {
        let others: Vec<_> = sims
            .into_iter()
            .enumerate()
            .map(|(t, mut sim)| {
                let mut budget = budget(t + 1);
                let mut rng = Rng::new(ask.seed ^ (t as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F));
                scope.spawn(move || {
                    let mut tree = Tree::new(mover, true);
                    let done = tree.search(&mut sim, &mut budget, &mut rng, &mut |_, _| {});
                    done.map(|d| (tree, d.playouts))
                })
            })
            .collect();
        let mut budget = budget(0);
        let mut rng = Rng::new(ask.seed);
        let mut tree = Tree::new(mover, true);
        let mine = tree
            .search(&mut first, &mut budget, &mut rng, &mut report)
            .map(|d| (tree, d.playouts));
        let mut all = vec![mine];
        all.extend(others.into_iter().map(|h| h.join().unwrap_or(Err(GiveUp))));
        all.into_iter().collect::<Result<Vec<_>, GiveUp>>()
    })?;
    let trees: Vec<&Tree<S::Action>> = results.iter().map(|(t, _)| t).collect();
    let playouts: u64 = results.iter().map(|(_, p)| p).sum();
    let best = Tree::best(&trees, &lines).unwrap_or(0);
    let mv = ask.moves[best].clone();
    let outcome = trees
        .iter()
        .find_map(|t| Some((t.proven()?.0, t.proven_moves()?)))
        .map_or(Outcome::Unknown, |(winner, moves)| match winner {
            0 => Outcome::Draw,
            w if w == mover => Outcome::Win { moves },
            _ => Outcome::Loss { moves },
        });
    let mut choice = Choice::new(Some(mv), Method::MonteCarlo);
    choice.outcome = outcome;
    choice.nodes = playouts;
    Ok(choice)
}

/// The actions of simulator `sim` (at `pos`) that make whole move `mv`.
fn actions_of<S: Simulator>(sim: &S, pos: &Position, mv: &Move) -> Vec<S::Action> {
    let mut pos = pos.clone();
    let mut undo = Undo::default();
    let mut out = Vec::with_capacity(mv.steps.len() + 1);
    let last = mv.steps.len().saturating_sub(1);
    for (i, &s) in mv.steps.iter().enumerate() {
        out.push(sim.action_of(&pos, Act::Step(s)));
        if i < last || mv.end {
            pos.apply_to(s, &mut undo);
        }
    }
    if mv.end {
        out.push(sim.action_of(&pos, Act::End));
    }
    out
}
