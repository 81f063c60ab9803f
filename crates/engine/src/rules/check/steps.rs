//! Step rules: their names, whose figure they move, their conditions and
//! their side effects (the patterns are in [`patterns`](super::patterns)).

use super::{at_column, patterns, problem};
use crate::model::{Game, OwnerPattern, StepRule};
use crate::problem::{Problem, Section};
use crate::rules::lower::Elements;
use crate::rules::{scope, NameMap};
use std::collections::HashSet;

pub fn check(game: &Game, elements: &Elements) -> Vec<Problem> {
    let mut problems = names(game);
    for rule in &game.steps {
        problems.extend(patterns::check(rule, &elements.names));
        problems.extend(owner(rule, game.players));
        problems.extend(conditions(rule, &elements.names));
        problems.extend(effects(rule, &elements.names));
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

fn conditions(rule: &StepRule, names: &NameMap) -> Vec<Problem> {
    let vars = scope::variables(rule);
    let mut problems = Vec::new();
    for (i, src) in rule.when.iter().enumerate() {
        if let Err(e) = scope::expr(src, &vars, names) {
            let field = format!("when {}", i + 1);
            problems.push(at_column(Section::Step, &rule.name, &field, e.column, &e.message));
        }
    }
    problems
}

fn effects(rule: &StepRule, names: &NameMap) -> Vec<Problem> {
    let vars = scope::variables(rule);
    let mut problems = Vec::new();
    for (i, src) in rule.effects.iter().enumerate() {
        if let Err(e) = scope::effect(src, &vars, names) {
            let field = format!("effect {}", i + 1);
            problems.push(at_column(Section::Step, &rule.name, &field, e.column, &e.message));
        }
    }
    problems
}
