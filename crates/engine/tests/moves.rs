//! Moves of several steps: either/or and `while possible`, played and listed.

use std::sync::Arc;
use tablecraft_engine::position::{Action, MoveStage, Position, Why};
use tablecraft_engine::search::MoveGen;

/// A frog on a lane of six squares; `hop` goes one square on, `skip` two,
/// never past column `last`.
fn lane(moves: &str, last: u32) -> Position {
    let text = format!(
        r#"<game format="2" players="1"><title>Lane</title><rules>
        <equipment><board name="lane" rows="1" columns="6"/></equipment>
        <figures><figure name="frog" type="frog" origin="lane.1.1" owner="1"/></figures>
        <steps>
          <step name="hop"><what type="frog"/><from type="square"/><to type="square"/>
            <when>column(to) = column(from) + 1 and column(to) &lt;= {last}</when></step>
          <step name="skip"><what type="frog"/><from type="square"/><to type="square"/>
            <when>column(to) = column(from) + 2 and column(to) &lt;= {last}</when></step>
        </steps>
        <moves><move name="go">{moves}</move></moves>
        <game-over><end name="home" winner="1"><when>at(frog, lane.1.6)</when></end></game-over>
        </rules></game>"#
    );
    let (_, rules) = tablecraft_engine::open::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

fn go(pos: &mut Position, column: u32) {
    let rules = Arc::clone(pos.rules());
    let frog = rules.figure_id("frog").unwrap();
    let to = rules.place_id(&format!("lane.1.{column}")).unwrap();
    pos.play(frog, to).unwrap_or_else(|r| panic!("{}", r.message));
}

fn moves(pos: &mut Position) -> Vec<Vec<String>> {
    let mut gen = MoveGen::new(pos.rules());
    let mut out = Vec::new();
    gen.moves(pos, &mut out);
    let rules = Arc::clone(pos.rules());
    out.iter()
        .map(|m| {
            m.steps
                .iter()
                .map(|s| rules.place_name(s.to).to_string())
                .collect()
        })
        .collect()
}

#[test]
fn a_move_while_possible_goes_on_until_no_step_can() {
    let mut pos = lane("hop x1- while possible", 4);
    go(&mut pos, 2);
    assert_eq!(pos.stage(), MoveStage::MustGoOn);
    assert!(!pos.can_end_move());
    let refused = pos.end_move().unwrap_err();
    assert_eq!(refused.why, Why::GoOn);
    assert!(refused.message.contains("goes on"), "{}", refused.message);
    go(&mut pos, 3);
    assert!(pos.end_move().is_err());
    go(&mut pos, 4);
    // No hop is left: the move ended by itself.
    assert!(matches!(
        pos.history().last().map(|e| &e.action),
        Some(Action::EndMove { auto: true })
    ));
    assert_eq!(pos.stage(), MoveStage::Start);
    let mut start = lane("hop x1- while possible", 4);
    assert_eq!(moves(&mut start), vec![vec!["lane.1.2", "lane.1.3", "lane.1.4"]]);
}

#[test]
fn without_while_possible_the_move_may_end_after_any_hop() {
    let mut pos = lane("hop x1-", 4);
    go(&mut pos, 2);
    assert_eq!(pos.stage(), MoveStage::MayEnd);
    assert!(pos.end_move().is_ok());
    let mut start = lane("hop x1-", 4);
    assert_eq!(moves(&mut start).len(), 3);
}

#[test]
fn either_or_offers_each_part() {
    let mut pos = lane("(hop | skip)", 6);
    assert_eq!(moves(&mut pos), vec![vec!["lane.1.2"], vec!["lane.1.3"]]);
    let mut pos = lane("(hop or skip) x2", 6);
    let mut ends: Vec<String> = moves(&mut pos).into_iter().map(|m| m[1].clone()).collect();
    ends.sort();
    assert_eq!(ends, ["lane.1.3", "lane.1.4", "lane.1.5"]);
    // hop, then skip: a move of two steps made by hand.
    go(&mut pos, 2);
    assert_eq!(pos.stage(), MoveStage::MustGoOn);
    go(&mut pos, 4);
    assert_eq!(pos.stage(), MoveStage::Start);
}

#[test]
fn either_or_with_a_count_and_while_possible_together() {
    // Hops and skips for as long as one can be made, up to column 5.
    let mut pos = lane("(hop | skip) x1- while possible", 5);
    let all = moves(&mut pos);
    assert!(!all.is_empty());
    assert!(all.iter().all(|m| m.last().unwrap() == "lane.1.5"), "{all:?}");
}

#[test]
fn a_bad_move_is_placed_at_its_column() {
    let text = r#"<game format="2" players="1"><title>Lane</title><rules>
        <equipment><board name="lane" rows="1" columns="6"/></equipment>
        <figures><figure name="frog" type="frog" origin="lane.1.1"/></figures>
        <steps><step name="hop"><what type="frog"/><from type="square"/><to type="square"/></step></steps>
        <moves><move name="go">(hop |)</move></moves>
        </rules></game>"#;
    let problems = tablecraft_engine::open::open(text).unwrap_err();
    let p = problems
        .iter()
        .find(|p| p.message.contains("'|'"))
        .expect("a problem about the bar");
    // The column in the file: the bar is the 37th character of its line.
    assert_eq!((p.location.line, p.location.column), (Some(5), Some(37)));
    assert!(p.message.contains("no step after"), "{}", p.message);
}
