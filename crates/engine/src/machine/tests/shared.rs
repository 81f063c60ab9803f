//! Conditions several step rules ask of the same target, answered once a
//! listing ([`super::super::shared`]).

use super::*;

fn morris() -> String {
    examples::text("nine-mens-morris.game.xml")
}

/// The shared conditions of rule `name`, in the order it asks them.
fn shared_of<'a>(rules: &Rules, m: &'a Machine, name: &str) -> &'a [Option<(u16, bool)>] {
    let i = rules.steps.iter().position(|r| r.name == name).unwrap();
    &m.steps[i].shared
}

/// `put` and `close` both ask `may_go(from, to)`, and ask `closes_mill`
/// each the other way: one number for each, and the `not` kept apart.
#[test]
fn a_condition_two_rules_ask_is_numbered_once_with_its_not() {
    let (_, rules) = crate::open(&morris()).unwrap();
    let m = rules.machine().unwrap();
    let put = shared_of(&rules, m, "put");
    let close = shared_of(&rules, m, "close");
    assert_eq!(put.len(), 2);
    assert_eq!(put[0], close[0], "may_go");
    assert_eq!(put[0].map(|(_, not)| not), Some(false));
    let (Some((mill, not_put)), Some((mill_too, not_close))) = (put[1], close[1]) else {
        panic!("closes_mill is shared: {put:?} {close:?}");
    };
    assert_eq!((mill, not_put, not_close), (mill_too, true, false));
    assert_ne!(put[0].map(|(n, _)| n), Some(mill));
    assert_eq!(shared_of(&rules, m, "take"), [None], "asked by one rule alone");
}

/// Nine Men's Morris with `close` listed before `put`, so that the rule
/// that asks `not closes_mill` reads what the other found, and, where
/// `close_first`, `close` asking `closes_mill` before `may_go`.
fn morris_closing_first(close_first: bool) -> String {
    let text = morris();
    let start = text.find(r#"<step name="close">"#).unwrap();
    let end = start + text[start..].find("</step>").unwrap() + "</step>".len();
    let mut close = text[start..end].to_string();
    if close_first {
        close = close.replacen(
            "<when>may_go(from, to)</when>\n        <when>closes_mill(from, to)</when>",
            "<when>closes_mill(from, to)</when>\n        <when>may_go(from, to)</when>",
            1,
        );
        assert!(close.find("closes_mill") < close.find("may_go"), "{close}");
    }
    let without = format!("{}{}", &text[..start], &text[end..]);
    let put = without.find(r#"<step name="put">"#).unwrap();
    format!("{}{}\n      {}", &without[..put], close, &without[put..])
}

/// Rules that ask the conditions they share in other orders, one with a
/// `not` around it, list what the general engine lists: a rule reads an
/// answer another found only where it asks the condition itself, and
/// reads it its own way round.
#[test]
fn rules_asking_shared_conditions_in_other_orders_list_what_the_general_engine_lists() {
    for close_first in [false, true] {
        let text = morris_closing_first(close_first);
        let (_, rules) = crate::open(&text).unwrap();
        assert_eq!(rules.steps[0].name, "close");
        let tally = lockstep(&text, 6, "close listed first");
        assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
    }
}

/// A condition that reads what a rule's name pattern caught reads other
/// places in another rule: never shared.
#[test]
fn a_condition_that_reads_what_a_pattern_caught_is_not_shared() {
    let node = crate::rules::tree::Node::Capture(0);
    assert!(super::super::shared::key(&node, &[], false).is_none());
}
