//! The computer in a game with hidden figures (cards in a hand, a deck,
//! figures face down): it never reads what its player cannot see.
//!
//! Before searching it makes *determinizations* that depend only on its
//! player's view ([`Position::hidden_from`]): the figures it cannot see are
//! listed in a canonical order (by their number in the game) and dealt at
//! random, from the search's own generator, into the slots where unseen
//! figures lie. The generator is seeded from the options' seed and from a
//! position in which the unseen figures lie in that canonical order, so
//! two positions that look the same to the player give the same
//! determinizations, whatever the real hidden figures are. Each
//! determinization is searched by Monte-Carlo tree search with a reward
//! per player ([`chance::monte_carlo`]); the moves are compared by what the
//! player sees of them (a card drawn from the deck is "the top of the
//! deck", not the card it really is) and the one with the most visits in
//! total over all determinizations is played.

use super::chance;
use super::clock::Budget;
use super::moves::{Move, MoveGen};
use super::rng::Rng;
use super::{share, strength, Choice, Method, Options, Outcome, Progress, Strength};
use crate::position::Position;
use crate::rules::{FigureId, PlaceId, RuleId};
use std::collections::BTreeMap;

/// How many determinizations the search makes (each gets an equal share
/// of the budget).
pub const DETERMINIZATIONS: usize = 8;

/// One step as the player sees it: the rule, the figure if seen (else
/// where it lay: its place and how many figures were under it), and where
/// it went.
type SeenStep = (RuleId, Option<FigureId>, PlaceId, usize, PlaceId);
/// A move as the player sees it: its steps, and whether End move follows.
type SeenMove = (Vec<SeenStep>, bool);

/// Whether the computer must play from its player's view: the game hides
/// something from someone.
pub fn needed(pos: &Position) -> bool {
    pos.rules().hidden
}

/// `pos` with the figures `player` cannot see dealt into their slots in
/// the order of `figures` (a permutation of `pos.hidden_from(player)`).
fn dealt(pos: &Position, slots: &[FigureId], figures: &[FigureId]) -> Position {
    let mut out = pos.clone();
    out.redeal(slots, figures);
    out
}

/// The move as `player` sees it, worked out by playing it on `pos` (and
/// taking it back).
fn seen(pos: &mut Position, player: u8, mv: &Move) -> SeenMove {
    let mut steps = Vec::with_capacity(mv.steps.len());
    let mut undos = Vec::with_capacity(mv.steps.len());
    for &s in &mv.steps {
        let figure = pos.sees(player, s.figure).then_some(s.figure);
        let under = match figure {
            Some(_) => 0,
            None => pos
                .state()
                .on(s.from)
                .iter()
                .position(|&f| f == s.figure)
                .unwrap_or(0),
        };
        steps.push((s.rule, figure, s.from, under, s.to));
        undos.push(pos.apply(s));
    }
    while let Some(u) = undos.pop() {
        pos.revert(u);
    }
    (steps, mv.end)
}

/// Chooses a move for the player on move from what that player sees.
pub fn choose(pos: &Position, options: &Options, progress: &mut dyn FnMut(&Progress)) -> Choice {
    let me = pos.to_move();
    let limits = options.strength.limits(options.limits, pos.rules().players);
    let mut budget = Budget::new(options.now, limits, options.stop.clone());
    let mut gen = MoveGen::new(pos.rules());
    // The real moves: how many there are is seen (each as the player sees
    // it); which hidden figures they take is not read.
    let mut real = pos.clone();
    let mut moves = Vec::new();
    gen.moves_in(&mut real, &mut moves, Some(&mut budget));
    if moves.len() <= 1 {
        let mut only = Choice {
            pv: moves.clone(),
            mv: moves.pop(),
            outcome: Outcome::Hidden,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed_ms: 0.0,
            method: Method::Only,
        };
        only.pv.truncate(1);
        return only;
    }
    let slots = pos.hidden_from(me);
    let mut canonical = slots.clone();
    canonical.sort_unstable();
    // The seed depends only on what the player sees.
    let seen_hash = dealt(pos, &slots, &canonical).hash();
    let mut rng = Rng::new(options.seed ^ seen_hash ^ 0x41D_DE4);
    let mut totals: BTreeMap<SeenMove, u64> = BTreeMap::new();
    let rounds = if options.strength == Strength::Beginner {
        1
    } else {
        DETERMINIZATIONS
    };
    let mut listed = Vec::new();
    for round in 0..rounds {
        if budget.check() {
            break;
        }
        let mut figures = canonical.clone();
        rng.shuffle(&mut figures);
        let mut world = dealt(pos, &slots, &figures);
        gen.moves_in(&mut world, &mut listed, Some(&mut budget));
        if listed.is_empty() {
            break;
        }
        let keys: Vec<SeenMove> = listed.iter().map(|m| seen(&mut world, me, m)).collect();
        if options.strength == Strength::Beginner {
            let i = strength::beginner(&mut world, &mut gen, &listed, &mut budget, &mut rng);
            *totals.entry(keys[i].clone()).or_default() += 1;
            break;
        }
        let part = share(super::remaining(limits, &budget), 1.0 / (rounds - round) as f64);
        let mut mc = Budget::new(options.now, part, options.stop.clone());
        let stats = chance::monte_carlo(&mut world, &listed, &mut mc, &mut rng, &mut |_, _| {});
        budget.nodes += mc.nodes;
        for (key, (visits, _)) in keys.into_iter().zip(stats) {
            *totals.entry(key).or_default() += u64::from(visits) + 1;
        }
        progress(&Progress {
            depth: 0,
            nodes: budget.nodes,
            elapsed_ms: budget.elapsed(),
            best: None,
            outcome: Outcome::Hidden,
        });
    }
    // The real moves, each as the player sees it; the best total first,
    // ties to the first key in order (never to the real hidden figures).
    let real_keys: Vec<SeenMove> = moves.iter().map(|m| seen(&mut real, me, m)).collect();
    let mut ranked: Vec<(&SeenMove, &u64)> = totals.iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let pick = ranked
        .iter()
        .find_map(|(key, _)| real_keys.iter().position(|k| k == *key))
        .or_else(|| {
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by(|&a, &b| real_keys[a].cmp(&real_keys[b]));
            order.first().copied()
        });
    let mv = pick.map(|i| moves[i].clone());
    Choice {
        pv: mv.iter().cloned().collect(),
        mv,
        outcome: Outcome::Hidden,
        score: 0,
        depth: 0,
        nodes: budget.nodes,
        elapsed_ms: 0.0,
        method: if options.strength == Strength::Beginner {
            Method::Beginner
        } else {
            Method::MonteCarlo
        },
    }
}
