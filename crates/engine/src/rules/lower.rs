//! Lowering: a game into the fast form of [`Rules`], names interned as
//! small numbers and patterns matched ahead of time into tables.
//!
//! [`Elements`] and [`Moves`] are built from any game, because the checks
//! read them; [`rules`] lowers the rest of a game the checks found nothing
//! wrong with. A new table is a module here, a field of [`Rules`] and a
//! line in [`rules`].

mod dice;
mod elements;
mod ends;
mod figures;
mod heuristic;
pub(super) mod moves;
pub(super) mod places;
mod steps;
#[cfg(test)]
mod tests;
mod triggers;

pub use elements::{blank, spaced, Elements};
pub use moves::Moves;

use super::{
    names_are_unique, Fast, FastEffect, FastSet, PlaceId, Prefilter, RuleBoard, Rules, Value, Zobrist,
};
use crate::automaton::MoveAutomaton;
use crate::expr::{Effect, Expr, Function, Resolved, Special, WorldFn};
use crate::model::{Face, Game, Shows};
use fixedbitset::FixedBitSet;

/// The rules of a game with no problems, from its elements and the
/// automaton of its moves.
pub fn rules(game: &Game, elements: Elements, moves: MoveAutomaton, move_names: Vec<String>) -> Rules {
    let steps = steps::lower(game, &elements);
    let ends = ends::lower(game, &elements.names, &elements.words);
    let heuristic = heuristic::lower(game, &elements.names, &elements.words);
    let ends_need_stuck = ends::need_stuck(&ends, &steps, &moves);
    let mut starts = FixedBitSet::with_capacity(elements.places.len());
    for s in &steps {
        starts.union_with(&s.starts);
    }
    let zobrist = Zobrist::new(
        elements.figures.len(),
        elements.places.len(),
        elements.types.len(),
    );
    let place_texts = elements
        .places
        .iter()
        .map(|p| Value::from(p.name.as_str()))
        .collect();
    let figure_texts = elements
        .figures
        .iter()
        .map(|f| Value::from(f.name.as_str()))
        .collect();
    let room = elements
        .places
        .iter()
        .map(|p| p.capacity.unwrap_or(u32::MAX))
        .collect();
    let mut rules = Rules {
        room,
        game: game.clone(),
        players: game.players,
        places: elements.places,
        grids: elements.grids,
        bitboards: Default::default(),
        point_boards: elements.point_boards,
        neighbours: Vec::new(),
        figures: elements.figures,
        types: elements.types,
        triggers: elements.triggers,
        dice: elements.dice,
        steps,
        starts,
        moves,
        move_names,
        ends_need_stuck,
        ends,
        heuristic,
        settings: game.settings.clone(),
        names: elements.names,
        place_texts,
        figure_texts,
        zobrist,
        reads_order: false,
        class_of: Vec::new(),
        alike_of: Vec::new(),
        shuffled: elements.shuffled,
        hidden: false,
        machine: std::sync::OnceLock::new(),
    };
    let deals = any_effect(&rules, &mut |e| {
        matches!(e, Effect::Deal { .. } | Effect::Shuffle { .. })
    });
    rules.reads_order = deals || !rules.shuffled.is_empty() || any_expr(&rules, &mut |e| e.reads_order());
    rules.hidden = rules.figures.iter().any(|f| f.face == Face::Down)
        || rules.places.iter().any(|p| p.shows != Shows::Everyone)
        || any_effect(&rules, &mut |e| matches!(e, Effect::Turn { .. }));
    rules.bitboards = super::bitboard::BitBoards::of(&rules);
    rules.neighbours = (0..rules.places.len() as PlaceId)
        .map(|p| neighbours(&rules, p))
        .collect();
    // Where a figure started tells it apart only where an expression asks
    // for it (a `what` pattern that matches origins is in the class's key
    // anyway): Awele's seeds from different pits are one class.
    let reads_origin = any_expr(&rules, &mut |e| {
        e.any_part(&mut |p| {
            matches!(
                p,
                Expr::Call {
                    function: Function::World(WorldFn::Origin),
                    ..
                }
            )
        })
    });
    let classes = crate::search::moves::Classes::alike(&rules, reads_origin);
    rules.class_of = (0..rules.figures.len()).map(|f| classes.of(f as u16)).collect();
    if any_expr(&rules, &mut |e| {
        e.any_part(&mut |p| is_special(p, Special::Repetitions))
    }) {
        rules.alike_of = rules.class_of.clone();
    }
    prefilter(&mut rules);
    compile_fast(&mut rules);
    rules
}

/// The places next to place `p`, each once: on a points board the
/// points next to it along its lines, on a board the squares around it
/// (on a track the squares before and after), none of them itself.
fn neighbours(rules: &Rules, p: PlaceId) -> Option<Box<[PlaceId]>> {
    if let Some(board) = rules.point_board(p) {
        return Some(board.neighbours(p).into());
    }
    let spot = rules.places.get(usize::from(p))?.grid?;
    let g = rules.grids.get(spot.grid as usize)?;
    let (r, c) = (i64::from(spot.row), i64::from(spot.column));
    let around: &[(i64, i64)] = if g.is_track {
        &[(0, -1), (0, 1)]
    } else {
        &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ]
    };
    let mut out = Vec::new();
    for (dr, dc) in around {
        if let Some(q) = g.place(r + dr, c + dc) {
            if q != p && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    Some(out.into())
}

fn is_special(e: &Expr, s: Special) -> bool {
    matches!(e, Expr::Name(n) if n.resolved == Resolved::Special(s))
}

/// Whether `pred` holds for any expression of the game (conditions, side
/// effects, ends, heuristic; definitions as they are used). `reads_order`:
/// whether the rules can tell the order of the figures on a place (then
/// that order is part of a position's hash).
fn any_expr(rules: &Rules, pred: &mut dyn FnMut(&Expr) -> bool) -> bool {
    let mut found = false;
    let mut look = |e: &Expr| found = found || pred(e);
    for step in &rules.steps {
        step.when.iter().for_each(&mut look);
        for effect in &step.effects {
            effect.exprs(&mut look);
        }
    }
    for end in &rules.ends {
        end.when.iter().for_each(&mut look);
        look(&end.winner);
    }
    if let Some(h) = &rules.heuristic {
        look(h);
    }
    found
}

/// Whether `pred` holds for any side effect of a step rule, or any
/// statement inside one.
fn any_effect(rules: &Rules, pred: &mut dyn FnMut(&Effect) -> bool) -> bool {
    let mut found = false;
    for effect in rules.steps.iter().flat_map(|s| &s.effects) {
        effect.visit(&mut |e| found = found || pred(e));
    }
    found
}

/// The step rules' and game overs' conditions (and winners) compiled over ids, where
/// they have such a form ([`Fast`]), and the step rules' effects ([`FastEffect`]).
fn compile_fast(rules: &mut Rules) {
    let steps: Vec<Vec<Option<Fast>>> = rules
        .steps
        .iter()
        .map(|s| {
            s.when
                .iter()
                .map(|e| {
                    let captured = s.capture.then(|| s.vars.len().saturating_sub(1));
                    Fast::compile_capturing(e, rules, s.vars.len(), true, captured)
                })
                .collect()
        })
        .collect();
    for (rule, fast) in rules.steps.iter_mut().zip(steps) {
        rule.fast = fast;
        rule.needs_vars = !rule.same.is_empty()
            || rule.prefilter.dynamic.iter().any(|&i| {
                rule.fast
                    .get(i)
                    .and_then(Option::as_ref)
                    .is_none_or(Fast::reads_vars)
            });
    }
    let unique = names_are_unique(rules);
    let effects: Vec<Vec<Option<FastEffect>>> = rules
        .steps
        .iter()
        .map(|s| {
            s.effects
                .iter()
                .map(|e| {
                    unique
                        .then(|| FastEffect::compile(e, rules, s.vars.len()))
                        .flatten()
                })
                .collect()
        })
        .collect();
    for (rule, fast) in rules.steps.iter_mut().zip(effects) {
        rule.fast_effects = fast;
    }
    let ends: Vec<(Vec<Option<Fast>>, Option<Fast>)> = rules
        .ends
        .iter()
        .map(|end| {
            let when = end.when.iter();
            (
                when.map(|e| Fast::compile(e, rules, 0, false)).collect(),
                Fast::compile(&end.winner, rules, 0, false),
            )
        })
        .collect();
    for (end, (fast, winner)) in rules.ends.iter_mut().zip(ends) {
        end.fast = fast;
        end.winner_fast = winner;
    }
    let boards: Vec<Option<RuleBoard>> = (0..rules.steps.len()).map(|i| rule_board(rules, i)).collect();
    for (rule, board) in rules.steps.iter_mut().zip(boards) {
        rule.board = board;
    }
}

/// Step rule `i` as a rule of one board, where every target is a square
/// of the same board of at most 64 squares and no two captures must be
/// the same: its conditions asked during play worked out as sets where
/// they have that form.
fn rule_board(rules: &Rules, i: usize) -> Option<RuleBoard> {
    let rule = &rules.steps[i];
    let (first, _) = rule.to.first()?;
    let (b, _) = rules.bitboards.at(*first)?;
    let mut to = 0u64;
    for (p, _) in &rule.to {
        match rules.bitboards.at(*p) {
            Some((pb, bit)) if pb == b => to |= 1 << bit,
            _ => return None,
        }
    }
    if !rule.same.is_empty() {
        return None;
    }
    let mut sets = Vec::new();
    let mut rest = Vec::new();
    for &c in &rule.prefilter.dynamic {
        match FastSet::compile(&rule.when[c], rules, rule.vars.len(), b) {
            Some(set) => sets.push((c, set)),
            None => rest.push(c),
        }
    }
    Some(RuleBoard { b, to, sets, rest })
}

/// Each step rule's conditions that do not look at the position, answered
/// ahead of time (they need the rest of the rules to be asked).
fn prefilter(rules: &mut Rules) {
    let mut work = super::prefilter::MAX_WORK;
    for i in 0..rules.steps.len() {
        rules.steps[i].prefilter = Prefilter::build(rules, i, &mut work);
    }
}
