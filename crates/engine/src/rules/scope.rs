//! What an expression may name: a step rule's variables and the game's
//! elements. Checking and lowering read expressions the same way, here.

use super::NameMap;
use crate::expr::{Effect, Expr, ParseError, Scope, Words};
use crate::model::{Pattern, StepRule};

/// The names the engine gives every step rule before the captures.
pub const RULE_VARS: [&str; 3] = ["figure", "from", "to"];

/// How many of a rule's patterns are about the figure (they come first).
const FIGURE_PATTERNS: usize = 3;

/// The name patterns of a step rule, each with the field a problem with it
/// is shown in, in the order their captures come: what name, what origin,
/// what type, from name, from kind, to name, to kind.
pub fn patterns(rule: &StepRule) -> [(&'static str, Option<&Pattern>); 7] {
    [
        ("what", rule.what.name.as_ref()),
        ("what", rule.what.origin.as_ref()),
        ("what", rule.what.kind.as_ref()),
        ("from", rule.from.name.as_ref()),
        ("from", rule.from.kind.as_ref()),
        ("to", rule.to.name.as_ref()),
        ("to", rule.to.kind.as_ref()),
    ]
}

/// The variables of a step rule: `figure`, `from`, `to`, then the names the
/// patterns give their wildcards, in the order of [`patterns`].
pub fn variables(rule: &StepRule) -> Vec<String> {
    let mut vars: Vec<String> = RULE_VARS.iter().map(|v| v.to_string()).collect();
    for (_, pattern) in patterns(rule) {
        vars.extend(pattern.into_iter().flat_map(|p| p.vars.iter().cloned()));
    }
    if rule.capture {
        vars.push(CAPTURED.to_string());
    }
    vars
}

/// The variable of a capturing rule that names the figure it takes.
pub const CAPTURED: &str = "captured";

/// How many of a rule's variables depend on the figure: `figure`, `from`,
/// `to` and the captures of `what`.
pub fn figure_slots(rule: &StepRule) -> usize {
    let what = patterns(rule)[..FIGURE_PATTERNS]
        .iter()
        .filter_map(|(_, p)| *p)
        .map(|p| p.vars.len())
        .sum::<usize>();
    RULE_VARS.len() + what
}

/// An expression read (it may use the game's definitions, `words`) and its
/// names resolved: a rule's variables first, then the game's elements. The first mistake, if any.
pub fn expr(src: &str, vars: &[String], names: &NameMap, words: &Words) -> Result<Expr, ParseError> {
    let mut e = words.parse_expr(src)?;
    let is_element = |n: &str| names.contains_key(n);
    let scope = Scope {
        vars,
        is_element: &is_element,
    };
    first_error(e.resolve(&scope)).map(|()| e)
}

/// A side effect read and its names resolved, as [`expr`].
pub fn effect(src: &str, vars: &[String], names: &NameMap, words: &Words) -> Result<Effect, ParseError> {
    let mut e = words.parse_effect(src)?;
    let is_element = |n: &str| names.contains_key(n);
    let scope = Scope {
        vars,
        is_element: &is_element,
    };
    first_error(e.resolve(&scope)).map(|()| e)
}

fn first_error(errors: Vec<ParseError>) -> Result<(), ParseError> {
    match errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FigurePattern, PlacePattern};
    use crate::rules::Element;

    fn rule() -> StepRule {
        StepRule {
            name: "jump".into(),
            what: FigurePattern {
                name: Some(Pattern::with_vars("stone.?", &["n"])),
                kind: Some(Pattern::with_vars("*", &["t"])),
                ..Default::default()
            },
            from: PlacePattern {
                name: Some(Pattern::with_vars("b.?.?", &["r", "c"])),
                kind: None,
            },
            to: PlacePattern {
                name: Some(Pattern::exact("b.1.1")),
                kind: Some(Pattern::with_vars("*", &["k"])),
            },
            when: vec![],
            effects: vec![],
            capture: false,
        }
    }

    #[test]
    fn variables_follow_the_patterns_what_before_from_before_to() {
        assert_eq!(
            variables(&rule()),
            ["figure", "from", "to", "n", "t", "r", "c", "k"]
        );
        assert_eq!(figure_slots(&rule()), 5, "figure, from, to, n and t");
    }

    #[test]
    fn names_resolve_to_variables_then_elements() {
        let mut names = NameMap::default();
        names.insert("basket".into(), Element::Place(0));
        let vars = variables(&rule());
        let words = Words::new();
        assert!(expr("r = c and to = basket", &vars, &names, &words).is_ok());
        let err = expr("r = nowhere", &vars, &names, &words).unwrap_err();
        assert!(err.message.contains("nowhere"), "{}", err.message);
        assert_eq!(err.column, 5);
        assert!(effect("set x to 1", &vars, &names, &words).is_err());
        assert_eq!(expr("1 +", &[], &names, &words).unwrap_err().column, 4);
    }
}
