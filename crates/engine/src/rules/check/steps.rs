//! Step rules: their names, whose figure they move, their conditions and
//! their side effects (the patterns are in [`patterns`](super::patterns)).

use super::{at_column, patterns, problem};
use crate::expr::{Expr, Function, WorldFn};
use crate::model::{Game, OwnerPattern, StepRule};
use crate::problem::{Problem, Section};
use crate::rules::lower::Elements;
use crate::rules::scope;
use std::collections::HashSet;

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut problems = names(game);
    for rule in &game.steps {
        problems.extend(patterns::check(rule, &elements.names));
        problems.extend(owner(rule, game.players));
        problems.extend(conditions(rule, elements));
        problems.extend(effects(rule, elements));
    }
    problems.extend(can(game, elements));
    problems
}

/// The step rules each rule's conditions ask about with `can(...)`, by
/// index; an unknown rule is a problem.
fn can(game: &Game, elements: &Elements) -> Vec<Problem> {
    let index = |n: &str| game.steps.iter().position(|r| r.name == n);
    let mut problems = Vec::new();
    let mut asks: Vec<Vec<usize>> = vec![Vec::new(); game.steps.len()];
    for (ri, rule) in game.steps.iter().enumerate() {
        let vars = scope::variables(rule);
        for (i, src) in rule.when.iter().enumerate() {
            let Ok(e) = scope::expr(src, &vars, &elements.names, &elements.words) else {
                continue;
            };
            e.any_part(&mut |part| {
                if let Expr::Call {
                    function: Function::World(WorldFn::Can),
                    args,
                } = part
                {
                    if let Some(Expr::Name(n)) = args.first() {
                        match index(&n.text) {
                            Some(j) => asks[ri].push(j),
                            None => {
                                let message =
                                    format!("there is no step rule called '{}' to ask 'can' about", n.text);
                                let field = format!("when {}", i + 1);
                                problems.push(at_column(
                                    Section::Step,
                                    &rule.name,
                                    &field,
                                    n.column,
                                    &message,
                                ));
                            }
                        }
                    }
                }
                false
            });
        }
    }
    // A rule may not ask about itself, directly or through others.
    for (ri, rule) in game.steps.iter().enumerate() {
        let mut seen = vec![false; game.steps.len()];
        let mut todo = asks[ri].clone();
        while let Some(j) = todo.pop() {
            if j == ri {
                let message = format!(
                    "'{0}' asks whether '{0}' can be made: a rule can't ask about itself",
                    rule.name
                );
                problems.push(problem(Section::Step, &rule.name, "when", message));
                break;
            }
            if !std::mem::replace(&mut seen[j], true) {
                todo.extend(asks[j].iter().copied());
            }
        }
    }
    problems
}

/// Each step rule needs a name of its own: moves are made of them.
fn names(game: &Game) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut seen = HashSet::new();
    for rule in &game.steps {
        let name = rule.name.as_str();
        if name.trim().is_empty() {
            problems.push(problem(
                Section::Step,
                name,
                "name",
                "every step rule needs a name",
            ));
        } else if !seen.insert(name) {
            let message = format!("two step rules are called '{name}'");
            problems.push(problem(Section::Step, name, "name", message));
        }
    }
    problems
}

fn owner(rule: &StepRule, players: u8) -> Option<Problem> {
    let Some(OwnerPattern::Player(n)) = rule.what.owner else {
        return None;
    };
    if n != 0 && n <= players {
        return None;
    }
    let message = format!("player {n} is not in this game");
    Some(problem(Section::Step, &rule.name, "what", message))
}

fn conditions(rule: &StepRule, elements: &Elements) -> Vec<Problem> {
    let vars = scope::variables(rule);
    let mut problems = Vec::new();
    for (i, src) in rule.when.iter().enumerate() {
        if let Err(e) = scope::expr(src, &vars, &elements.names, &elements.words) {
            let field = format!("when {}", i + 1);
            problems.push(at_column(Section::Step, &rule.name, &field, e.column, &e.message));
        }
    }
    problems
}

fn effects(rule: &StepRule, elements: &Elements) -> Vec<Problem> {
    let vars = scope::variables(rule);
    let mut problems = Vec::new();
    for (i, src) in rule.effects.iter().enumerate() {
        if let Err(e) = scope::effect(src, &vars, &elements.names, &elements.words) {
            let field = format!("effect {}", i + 1);
            problems.push(at_column(Section::Step, &rule.name, &field, e.column, &e.message));
        }
    }
    problems
}
