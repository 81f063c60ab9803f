//! Names: each element needs its own, one that can be written in a rule.

use super::problem;
use crate::problem::{Problem, Section};
use crate::rules::lower::{blank, spaced};
use crate::rules::{Element, NameMap};

/// What is wrong with `name`, the name of `element`, given the table the
/// names went into (an element whose name is fine has it there).
pub fn check(section: Section, name: &str, element: Element, names: &NameMap) -> Option<Problem> {
    let message = if blank(name) {
        "every element needs a name".to_string()
    } else if spaced(name) {
        "a name can't have spaces or quotes in it; try a dot or a dash instead".to_string()
    } else if names.get(name) != Some(&element) {
        format!("two things are called '{name}'; give each its own name")
    } else {
        return None;
    };
    Some(problem(section, name, "name", message))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(name: &str, element: Element, names: &NameMap) -> Option<String> {
        check(Section::Figure, name, element, names).map(|p| p.message)
    }

    #[test]
    fn a_name_is_usable_and_its_own() {
        let mut names = NameMap::default();
        names.insert("m.1".into(), Element::Figure(0));
        assert_eq!(message("m.1", Element::Figure(0), &names), None);
        assert_eq!(
            message("m.1", Element::Figure(1), &names).as_deref(),
            Some("two things are called 'm.1'; give each its own name")
        );
        assert_eq!(
            message(" ", Element::Figure(1), &names).as_deref(),
            Some("every element needs a name")
        );
        for bad in ["m 2", "m\"2"] {
            assert!(message(bad, Element::Figure(1), &names)
                .unwrap()
                .contains("spaces or quotes"));
        }
        let p = check(Section::Trigger, "m.1", Element::Trigger(0), &names).unwrap();
        assert_eq!(
            p.to_string(),
            "trigger 'm.1', name: two things are called 'm.1'; give each its own name"
        );
    }
}
