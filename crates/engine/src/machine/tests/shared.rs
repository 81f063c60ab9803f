//! Conditions several step rules ask of the same target, answered once a
//! listing ([`super::super::shared`]).

use super::*;

/// Nine Men's Morris on more points than the machine's board holds: its
/// points are kept as piles, and their targets asked one by one.
fn morris() -> String {
    kept_as_piles(&examples::text("nine-mens-morris.game.xml"))
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

/// Three Men's Morris with the centre reached by a rule of its own: both
/// rules ask `may_go`, which is `x in neighbours(a)` once the hands are
/// empty. The machine plays it, the condition shared, as the general
/// engine does.
#[test]
fn a_points_board_game_whose_rules_share_a_condition_plays_on_the_machine() {
    let text = r#"<?xml version="1.0" encoding="UTF-8"?>
<game format="2" players="2">
  <title>Three Men's Morris</title>
  <description>Three men each. Put them on the points in turn; when all are down, slide one along a line to the next empty point. Three of yours on a line wins.</description>
  <rules>
    <equipment>
      <points name="board">
        <line>a3 b3 c3</line>
        <line>a2 b2 c2</line>
        <line>a1 b1 c1</line>
        <line>a3 a2 a1</line>
        <line>b3 b2 b1</line>
        <line>c3 c2 c1</line>
        <line>a3 b2 c1</line>
        <line>a1 b2 c3</line>
      </points>
      <group name="hand.1"/>
      <group name="hand.2"/>
    </equipment>
    <figures>
      <figure name="white" type="man" origin="hand.1" owner="1" count="3"/>
      <figure name="black" type="man" origin="hand.2" owner="2" count="3"/>
    </figures>
    <definitions>
      <define name="may_go" of="a b">type(a) = "group" or (empty("hand." + player) and b in neighbours(a))</define>
    </definitions>
    <steps>
      <step name="to-side">
        <what owner="on-move"/>
        <from/>
        <to type="point"/>
        <when>may_go(from, to)</when>
        <when>to != "b2"</when>
      </step>
      <step name="to-centre">
        <what owner="on-move"/>
        <from/>
        <to type="point"/>
        <when>may_go(from, to)</when>
        <when>to = "b2"</when>
      </step>
    </steps>
    <moves>
      <move name="side">to-side</move>
      <move name="centre">to-centre</move>
    </moves>
    <game-over>
      <end name="three" winner="opponent">
        <when>in_a_row(board, 3, opponent)</when>
      </end>
      <end name="same-again" winner="0">
        <when>repetitions >= 3</when>
      </end>
    </game-over>
    <settings when-stuck="lose" pass="no"/>
  </rules>
</game>"#;
    // As written, its points are the machine's board: every condition
    // is a set of the targets, and none is asked one by one.
    let (_, rules) = crate::open(text).unwrap();
    let m = rules.machine().unwrap();
    assert!(shared_of(&rules, m, "to-side").is_empty());
    let tally = lockstep(text, 12, "three men's morris on the board");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
    let text = &kept_as_piles(text);
    let (_, rules) = crate::open(text).unwrap();
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{:?}", rules.why_no_machine()));
    let side = shared_of(&rules, m, "to-side");
    let centre = shared_of(&rules, m, "to-centre");
    assert_eq!(side[0], centre[0]);
    assert!(side[0].is_some(), "{side:?}");
    let tally = lockstep(text, 12, "three men's morris");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}
