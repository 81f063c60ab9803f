//! Monte-Carlo tree search for a move of a game of two ([`super::tree`]):
//! on the game's bit machine where it has one, on the general engine
//! where it has not (or where the machine gives up), with one tree a
//! thread where the platform has threads, their counts added up at the
//! root (root parallelism: the trees share nothing while they grow). The
//! trees are kept for the next move ([`Kept`]): the part of them below the
//! position the game has reached is searched on.

use super::clock::{Budget, Limits};
use super::moves::Move;
use super::rng::Rng;
use super::simulate::{Act, GeneralSim, GiveUp, MachineSim, Simulator};
use super::tree::Tree;
use super::{Choice, Method, Outcome, Progress};
use crate::machine;
use crate::position::{Position, Undo};
use std::sync::Arc;

/// What the computer keeps from one move to the next: the trees of its
/// last Monte-Carlo search and the position they grew from.
#[derive(Default)]
pub struct Kept {
    root: Option<Position>,
    trees: Trees,
}

/// Trees of one simulator's actions.
#[derive(Default)]
enum Trees {
    #[default]
    None,
    Machine(Vec<Tree<machine::Action>>),
    General(Vec<Tree<Act>>),
}

/// The most whole moves below a kept tree's root where the position now is
/// looked for: the computer's move and the answer to it.
const KEPT_MOVES: u32 = 2;
/// The most nodes of a kept tree looked at for it.
const KEPT_LOOKS: usize = 200_000;

/// A simulator whose trees can be kept.
trait Keep: Simulator + Sized {
    /// The node of `tree`, grown from `root`, where the game is as `target`
    /// fingerprints it ([`Simulator::fingerprint`]), if found.
    fn find_in(tree: &Tree<Self::Action>, root: &Position, target: u64) -> Option<u32>;
    fn take(trees: &mut Trees) -> Option<Vec<Tree<Self::Action>>>;
    fn put(trees: Vec<Tree<Self::Action>>) -> Trees;
}

impl Keep for MachineSim<'_> {
    fn find_in(tree: &Tree<machine::Action>, root: &Position, target: u64) -> Option<u32> {
        let mut sim = MachineSim::new(root)?;
        tree.find(&mut sim, target, KEPT_MOVES, KEPT_LOOKS).ok().flatten()
    }
    fn take(trees: &mut Trees) -> Option<Vec<Tree<machine::Action>>> {
        match std::mem::take(trees) {
            Trees::Machine(t) => Some(t),
            _ => None,
        }
    }
    fn put(trees: Vec<Tree<machine::Action>>) -> Trees {
        Trees::Machine(trees)
    }
}

impl Keep for GeneralSim {
    fn find_in(tree: &Tree<Act>, root: &Position, target: u64) -> Option<u32> {
        let mut sim = GeneralSim::new(root);
        tree.find(&mut sim, target, KEPT_MOVES, KEPT_LOOKS).ok().flatten()
    }
    fn take(trees: &mut Trees) -> Option<Vec<Tree<Act>>> {
        match std::mem::take(trees) {
            Trees::General(t) => Some(t),
            _ => None,
        }
    }
    fn put(trees: Vec<Tree<Act>>) -> Trees {
        Trees::General(trees)
    }
}

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
/// limits, going on with the trees `kept` where they reach the position.
pub(super) fn choose(ask: &Ask<'_>, kept: &mut Kept, progress: &mut dyn FnMut(&Progress)) -> Choice {
    if let Some(sims) = machine_sims(ask) {
        if let Ok(choice) = search(ask, sims, kept, progress) {
            return choice;
        }
    }
    let sims = (0..threads(ask)).map(|_| GeneralSim::new(ask.pos)).collect();
    match search(ask, sims, kept, progress) {
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

/// The trees to search on: those `kept` below the position now where they
/// reach it, else new ones; `kept` is emptied.
fn start<S: Keep>(ask: &Ask<'_>, sims: &[S], kept: &mut Kept) -> Vec<Tree<S::Action>> {
    let mover = ask.pos.to_move();
    let old = S::take(&mut kept.trees);
    let root = kept.root.take();
    let mut trees: Vec<Tree<S::Action>> = Vec::new();
    if let (Some(old), Some(root)) = (old, root) {
        // Where positions repeat, what a node learned depends on the way
        // to it.
        let same = Arc::ptr_eq(root.rules(), ask.pos.rules()) && ask.pos.rules().alike_of.is_empty();
        let target = sims[0].fingerprint();
        trees = old
            .iter()
            .filter(|_| same)
            .filter_map(|tree| S::find_in(tree, &root, target).map(|node| tree.subtree(node)))
            .filter(|tree| tree.mover() == mover)
            .take(sims.len())
            .collect();
    }
    while trees.len() < sims.len() {
        let tree = Tree::new(mover, true);
        trees.push(match S::KEEPS_PLAYED {
            true => tree.with_rave().with_mast(),
            false => tree,
        });
    }
    trees
}

/// Searches with one tree a simulator (a thread each), then chooses, and
/// keeps the trees.
fn search<S: Keep + Send>(
    ask: &Ask<'_>,
    mut sims: Vec<S>,
    kept: &mut Kept,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Choice, GiveUp>
where
    S::Action: Send,
{
    let now = ask.budget.now_fn();
    let began = now();
    let lines: Vec<Vec<S::Action>> = ask
        .moves
        .iter()
        .map(|m| actions_of(&sims[0], ask.pos, m))
        .collect();
    let mover = ask.pos.to_move();
    let mut trees = start(ask, &sims, kept);
    let limits = ask.limits;
    let count = sims.len();
    // The node limit (playouts) is shared among the threads, and the time
    // taken finding the kept trees counts.
    let each = Limits {
        nodes: limits.nodes.map(|n| n.div_ceil(count as u64)),
        time_ms: limits.time_ms.map(|t| (t - (now() - began)).max(0.0)),
        ..limits
    };
    let budget = |_| Budget::new(now, each, ask.budget.stop_flag());
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
    let mut tree = trees.remove(0);
    let results: Vec<(Tree<S::Action>, u64)> = std::thread::scope(|scope| {
        let others: Vec<_> = sims
            .into_iter()
            .zip(trees)
            .enumerate()
            .map(|(t, (mut sim, mut tree))| {
                let mut budget = budget(t + 1);
                let mut rng = Rng::new(ask.seed ^ (t as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F));
                scope.spawn(move || {
                    let done = tree.search(&mut sim, &mut budget, &mut rng, &mut |_, _| {});
                    done.map(|d| (tree, d.playouts))
                })
            })
            .collect();
        let mut budget = budget(0);
        let mut rng = Rng::new(ask.seed);
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
    kept.root = Some(ask.pos.clone());
    kept.trees = S::put(results.into_iter().map(|(t, _)| t).collect());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::clock::native_now;
    use crate::search::moves::MoveGen;
    use crate::search::play;

    fn example(file: &str) -> Position {
        let text = crate::position::examples::text(file);
        let (_, rules) = crate::open(&text).unwrap();
        Position::new(Arc::new(rules))
    }

    fn moves(pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        MoveGen::new(pos.rules()).moves(&mut pos.clone(), &mut out);
        out
    }

    /// Searches `pos` for `iterations`, going on with `kept`.
    fn think(pos: &Position, kept: &mut Kept, iterations: u64) -> Choice {
        let moves = moves(pos);
        let limits = Limits {
            nodes: Some(iterations),
            ..Limits::none()
        };
        let budget = Budget::new(native_now, limits, None);
        let ask = Ask {
            pos,
            moves: &moves,
            limits,
            budget: &budget,
            threads: 1,
            seed: 7,
        };
        choose(&ask, kept, &mut |_| {})
    }

    /// How many times the root of the tree a search at `pos` starts from
    /// was visited.
    fn start_visits<S: Keep>(pos: &Position, sims: &[S], kept: &mut Kept) -> u64 {
        let moves = moves(pos);
        let budget = Budget::new(native_now, Limits::none(), None);
        let ask = Ask {
            pos,
            moves: &moves,
            limits: Limits::none(),
            budget: &budget,
            threads: 1,
            seed: 7,
        };
        let trees = start(&ask, sims, kept);
        trees[0].root_visits().iter().map(|&(_, v)| u64::from(v)).sum()
    }

    #[test]
    fn the_tree_below_the_position_reached_is_searched_on() {
        for file in ["connect-four.game.xml", "breakthrough.game.xml"] {
            let mut pos = example(file);
            let mut kept = Kept::default();
            let chosen = think(&pos, &mut kept, 3000).mv.unwrap();
            play(&mut pos, &chosen);
            let reply = moves(&pos)[0].clone();
            play(&mut pos, &reply);
            let visits = match MachineSim::new(&pos) {
                Some(sim) => start_visits(&pos, &[sim], &mut kept),
                None => start_visits(&pos, &[GeneralSim::new(&pos)], &mut kept),
            };
            assert!(visits > 0, "{file}: the kept tree was not found");
            // Kept trees are used once: what was searched on is kept anew.
            assert!(matches!(kept.trees, Trees::None) && kept.root.is_none(), "{file}");
        }
    }

    #[test]
    fn a_tree_kept_of_another_game_or_position_is_not_used() {
        let c4 = example("connect-four.game.xml");
        let mut kept = Kept::default();
        think(&c4, &mut kept, 2000);
        // The same game, again from its start: the root is not below itself.
        let sims = [MachineSim::new(&c4).unwrap()];
        assert_eq!(start_visits(&c4, &sims, &mut kept), 0);
        // Another game compiled apart, even from the same file.
        think(&c4, &mut kept, 2000);
        let other = example("connect-four.game.xml");
        let mut pos = other.clone();
        play(&mut pos, &moves(&other)[0]);
        let reply = moves(&pos)[0].clone();
        play(&mut pos, &reply);
        let sims = [MachineSim::new(&pos).unwrap()];
        assert_eq!(start_visits(&pos, &sims, &mut kept), 0);
    }

    #[test]
    fn a_search_chooses_a_listed_move_and_proves_a_win_in_one() {
        // Tic-Tac-Toe, X to play with two in a row open: the tree proves
        // the win and takes it.
        let mut pos = example("tic-tac-toe.game.xml");
        let names = |pos: &Position, mv: &Move| mv.describe(pos.rules());
        for target in ["grid.1.1", "grid.2.1", "grid.1.2", "grid.3.3"] {
            let mv = moves(&pos)
                .into_iter()
                .find(|m| m.steps[0].to == pos.rules().place_id(target).unwrap())
                .unwrap();
            play(&mut pos, &mv);
        }
        let choice = think(&pos, &mut Kept::default(), 20_000);
        let mv = choice.mv.unwrap();
        assert!(moves(&pos).contains(&mv));
        assert_eq!(choice.outcome, Outcome::Win { moves: 1 }, "{}", names(&pos, &mv));
        assert_eq!(mv.steps[0].to, pos.rules().place_id("grid.1.3").unwrap());
    }
}
