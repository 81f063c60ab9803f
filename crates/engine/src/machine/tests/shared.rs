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

/// The same on the points as the machine's board, where each condition
/// is a set program of the targets: `put` and `close` share both, each
/// with a program of its own whose answer the other reads.
#[test]
fn a_set_program_two_rules_ask_is_numbered_once_with_its_not() {
    let (_, rules) = crate::open(&examples::text("nine-mens-morris.game.xml")).unwrap();
    let m = rules.machine().unwrap();
    let sets_of = |name: &str| {
        let i = rules.steps.iter().position(|r| r.name == name).unwrap();
        let numbers: Vec<_> = m.steps[i]
            .shared_sets
            .iter()
            .map(|s| s.as_ref().map(|s| (s.number, s.not)))
            .collect();
        numbers
    };
    let (put, close) = (sets_of("put"), sets_of("close"));
    assert_eq!(put.len(), 2, "{put:?}");
    assert_eq!(put[0], close[0], "may_go");
    let (Some((mill, true)), Some((mill_too, false))) = (put[1], close[1]) else {
        panic!("closes_mill is shared, its not kept apart: {put:?} {close:?}");
    };
    assert_eq!(mill, mill_too);
    assert_ne!(put[0].map(|(n, _)| n), Some(mill));
    assert!(
        sets_of("take").iter().all(Option::is_none),
        "asked by one rule alone"
    );
}

/// Nine Men's Morris (`text`) with `close` listed before `put`, so that
/// the rule that asks `not closes_mill` reads what the other found, and,
/// where `close_first`, `close` asking `closes_mill` before `may_go`.
fn morris_closing_first(text: &str, close_first: bool) -> String {
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
    let on_the_board = examples::text("nine-mens-morris.game.xml");
    for (text, close_first) in [
        (morris(), false),
        (morris(), true),
        (on_the_board.clone(), false),
        (on_the_board, true),
    ] {
        let text = morris_closing_first(&text, close_first);
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

/// A condition that fails for some targets (`neighbour` of nothing at the
/// top edge) and reads the player on move (so it is asked of each figure),
/// asked by one rule and its opposite by another: where it
/// fails, neither holds, as in the general engine; the `not` of the shared
/// answer does not turn a failure into a yes.
#[test]
fn the_opposite_of_a_shared_condition_that_fails_does_not_hold_where_it_fails() {
    let text = r#"<?xml version="1.0" encoding="UTF-8"?>
<game format="2" players="2">
  <title>Climb</title>
  <description>Put a stone on an empty square; one rule for squares whose square two above is empty or yours, one for the others.</description>
  <rules>
    <equipment>
      <board name="board" rows="5" columns="4"/>
      <group name="hand.1"/>
      <group name="hand.2"/>
    </equipment>
    <figures>
      <figure name="white" type="stone" origin="hand.1" owner="1" count="8"/>
      <figure name="black" type="stone" origin="hand.2" owner="2" count="8"/>
    </figures>
    <definitions>
      <define name="open_above" of="b">empty(neighbour(neighbour(b, up), up)) or owner(neighbour(neighbour(b, up), up)) = player</define>
    </definitions>
    <steps>
      <step name="low">
        <what owner="on-move"/>
        <from/>
        <to type="square"/>
        <when>empty(to)</when>
        <when>open_above(to)</when>
      </step>
      <step name="high">
        <what owner="on-move"/>
        <from/>
        <to type="square"/>
        <when>empty(to)</when>
        <when>not open_above(to)</when>
      </step>
    </steps>
    <moves>
      <move name="low">low</move>
      <move name="high">high</move>
    </moves>
    <game-over>
      <end name="four" winner="player">
        <when>in_a_row(board, 4, player)</when>
      </end>
    </game-over>
    <settings when-stuck="lose" pass="no"/>
  </rules>
</game>"#;
    let (_, rules) = crate::open(text).unwrap();
    let m = rules
        .machine()
        .unwrap_or_else(|| panic!("{:?}", rules.why_no_machine()));
    let shared: Vec<_> = m
        .steps
        .iter()
        .flat_map(|r| r.shared_sets.iter().flatten())
        .map(|s| s.not)
        .collect();
    assert!(shared.contains(&true) && shared.contains(&false), "{shared:?}");
    // On the top two rows `neighbour` of nothing fails, so neither rule
    // holds there: the general engine lists the three rows below, with
    // `low`, and nothing with `high`.
    let pos = Position::new(Arc::new(rules.clone()));
    let (_, general) = general_steps(m, &pos);
    assert_eq!(general.len(), 3 * 4, "{general:?}");
    let tally = lockstep(text, 8, "climb");
    assert!(tally.answered > 0 && tally.gave_up == 0, "{tally:?}");
}
