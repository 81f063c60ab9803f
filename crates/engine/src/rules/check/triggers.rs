//! Triggers: each needs a name of its own.

use super::names;
use crate::problem::{Problem, Section};
use crate::rules::lower::Elements;
use crate::rules::{Element, TriggerId};

pub fn check(elements: &Elements) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (i, t) in elements.triggers.iter().enumerate() {
        let element = Element::Trigger(i as TriggerId);
        problems.extend(names::check(Section::Trigger, &t.name, element, &elements.names));
    }
    problems
}
