//! The name patterns of a step rule: a variable for each wildcard, and an
//! exact name or kind that names something in the game.

use super::problem;
use crate::model::{Pattern, StepRule};
use crate::pattern::Matcher;
use crate::problem::{Problem, Section};
use crate::rules::scope;
use crate::rules::{Element, NameMap};

/// The kinds of place a `from` or `to` kind may name.
const PLACE_KINDS: [&str; 4] = ["square", "point", "group", "basket"];

pub fn check(rule: &StepRule, names: &NameMap) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (field, pattern) in scope::patterns(rule) {
        problems.extend(pattern.and_then(|p| variables(rule, field, p)));
    }
    if let Some(p) = exact(&rule.what.name) {
        problems.extend(figure(rule, p, names));
    }
    for (field, place) in [("from", &rule.from), ("to", &rule.to)] {
        if let Some(p) = exact(&place.name) {
            problems.extend(place_name(rule, field, p, names));
        }
        if let Some(p) = exact(&place.kind) {
            problems.extend(place_kind(rule, field, p));
        }
    }
    problems
}

/// The pattern, if it has no wildcards.
fn exact(p: &Option<Pattern>) -> Option<&Pattern> {
    p.as_ref().filter(|p| Matcher::new(&p.text).is_exact())
}

/// Variables, if any, name every wildcard.
fn variables(rule: &StepRule, field: &str, p: &Pattern) -> Option<Problem> {
    let wildcards = Matcher::new(&p.text).wildcards();
    if p.vars.is_empty() || p.vars.len() == wildcards {
        return None;
    }
    let message = format!(
        "'{}' has {} wildcard(s) but {} variable name(s); give one name for each * or ?",
        p.text,
        wildcards,
        p.vars.len()
    );
    Some(problem(Section::Step, &rule.name, field, message))
}

fn figure(rule: &StepRule, p: &Pattern, names: &NameMap) -> Option<Problem> {
    if matches!(names.get(&p.text), Some(Element::Figure(_))) {
        return None;
    }
    let message = format!("there is no figure called '{}'", p.text);
    Some(problem(Section::Step, &rule.name, "what", message))
}

fn place_name(rule: &StepRule, field: &str, p: &Pattern, names: &NameMap) -> Option<Problem> {
    if matches!(names.get(&p.text), Some(Element::Place(_))) {
        return None;
    }
    let message = format!("there is no place called '{}'", p.text);
    Some(problem(Section::Step, &rule.name, field, message))
}

fn place_kind(rule: &StepRule, field: &str, p: &Pattern) -> Option<Problem> {
    if PLACE_KINDS.contains(&p.text.as_str()) {
        return None;
    }
    let message = format!(
        "'{}' is not a kind of place; use square, point, group or basket",
        p.text
    );
    Some(problem(Section::Step, &rule.name, field, message))
}
