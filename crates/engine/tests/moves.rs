//! Moves of several steps: either/or and `while possible`, played and listed.

use std::sync::Arc;
use tablecraft_engine::position::{Action, MoveStage, Position, Why};
use tablecraft_engine::record::{Played, Record};
use tablecraft_engine::search::{solve, Limits, MoveGen, Outcome};
use tablecraft_engine::state::Status;

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

/// A pawn walks one square on, then reaches the last square, where it
/// becomes a queen, a knight or (the same as a queen) a lady: the first
/// player wins with a knight and loses with a queen.
const PROMOTION: &str = r#"<game format="2" players="2"><title>Promotion</title><rules>
    <equipment><board name="lane" rows="1" columns="3"/></equipment>
    <figures><figure name="pawn" type="pawn" origin="lane.1.1" owner="1"/></figures>
    <steps>
      <step name="walk"><what type="pawn" owner="on-move"/><from type="square"/><to type="square"/>
        <when>column(to) = 2</when></step>
      <step name="to-queen"><what type="pawn" owner="on-move"/><from type="square"/><to type="square"/>
        <when>column(to) = 3</when><effect>change figure to queen</effect></step>
      <step name="to-lady"><what type="pawn" owner="on-move"/><from type="square"/><to type="square"/>
        <when>column(to) = 3</when><effect>change figure to queen</effect></step>
      <step name="to-knight"><what type="pawn" owner="on-move"/><from type="square"/><to type="square"/>
        <when>column(to) = 3</when><effect>change figure to knight</effect></step>
    </steps>
    <game-over>
      <end name="knight" winner="1"><when>not empty(lane.1.3) and type(top(lane.1.3)) = "knight"</when></end>
      <end name="queen" winner="2"><when>not empty(lane.1.3) and type(top(lane.1.3)) = "queen"</when></end>
    </game-over>
    <settings when-stuck="pass"/>
    </rules></game>"#;

fn promotion() -> Position {
    let (_, rules) = tablecraft_engine::open::open(PROMOTION).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

/// The pawn on the square before the last, player 1 on move.
fn before_promotion() -> Position {
    let mut pos = promotion();
    go_pawn(&mut pos, "lane.1.2");
    // Player 2 cannot move and passes by itself.
    assert_eq!(pos.to_move(), 1);
    pos
}

fn go_pawn(pos: &mut Position, to: &str) {
    let rules = Arc::clone(pos.rules());
    pos.play(rules.figure_id("pawn").unwrap(), rules.place_id(to).unwrap())
        .unwrap_or_else(|r| panic!("{}", r.message));
}

fn rule_names(pos: &Position, steps: &[tablecraft_engine::Step]) -> Vec<String> {
    steps
        .iter()
        .map(|s| pos.rules().steps[s.rule as usize].name.clone())
        .collect()
}

#[test]
fn one_drag_with_several_outcomes_offers_each_once() {
    let mut pos = before_promotion();
    let rules = Arc::clone(pos.rules());
    let (pawn, last) = (
        rules.figure_id("pawn").unwrap(),
        rules.place_id("lane.1.3").unwrap(),
    );
    let choices = pos.choices(pawn, last);
    // The lady is the same as the queen: the first rule is kept.
    assert_eq!(rule_names(&pos, &choices), ["to-queen", "to-knight"]);
    let before = pos.state().clone();
    let refused = pos.play(pawn, last).unwrap_err();
    assert_eq!(refused.why, Why::Choose { count: 2 });
    assert!(refused.message.contains("choose"), "{}", refused.message);
    assert_eq!(pos.state(), &before);
    // A single outcome is played as before.
    assert_eq!(pos.choices(pawn, rules.place_id("lane.1.1").unwrap()), []);
    pos.play_step(choices[1]).unwrap();
    assert!(matches!(pos.status(), Status::Over { winner: 1, .. }));
}

#[test]
fn a_rule_that_does_not_allow_the_step_is_refused() {
    let mut pos = before_promotion();
    let rules = Arc::clone(pos.rules());
    let mut step = pos.choices(
        rules.figure_id("pawn").unwrap(),
        rules.place_id("lane.1.3").unwrap(),
    )[0];
    step.rule = rules.step_id("walk").unwrap();
    let before = pos.state().clone();
    assert!(pos.play_step(step).is_err());
    assert_eq!(pos.state(), &before);
}

#[test]
fn the_record_keeps_the_chosen_rule_and_replays_it() {
    let mut pos = before_promotion();
    let rules = Arc::clone(pos.rules());
    let choices = pos.choices(
        rules.figure_id("pawn").unwrap(),
        rules.place_id("lane.1.3").unwrap(),
    );
    pos.play_step(choices[1]).unwrap();
    let record = Record::of(&pos);
    let rules_named: Vec<Option<String>> = record
        .played
        .iter()
        .filter_map(|p| match p {
            Played::Step { rule, .. } => Some(rule.clone()),
            _ => None,
        })
        .collect();
    // The walk had one outcome: no rule is written for it.
    assert_eq!(rules_named, [None, Some("to-knight".to_string())]);
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains(r#""rule":"to-knight""#), "{json}");
    let back: Record = serde_json::from_str(&json).unwrap();
    let again = back
        .replay(Arc::clone(&rules))
        .unwrap_or_else(|(_, why)| panic!("{why}"));
    assert_eq!(again.state(), pos.state());
    assert!(matches!(again.status(), Status::Over { winner: 1, .. }));
}

#[test]
fn the_search_sees_every_outcome_and_solves_the_promotion() {
    let mut pos = before_promotion();
    let mut gen = MoveGen::new(pos.rules());
    let mut out = Vec::new();
    gen.moves(&mut pos, &mut out);
    assert_eq!(
        rule_names(&pos, &out.iter().map(|m| m.steps[0]).collect::<Vec<_>>()),
        ["to-queen", "to-knight"]
    );
    let start = promotion();
    let choice = solve(&start, Limits::millis(5000.0), &mut |_| {});
    assert!(
        matches!(choice.outcome, Outcome::Win { .. }),
        "{:?}",
        choice.outcome
    );
    let choice = solve(&pos, Limits::millis(5000.0), &mut |_| {});
    assert_eq!(choice.outcome, Outcome::Win { moves: 1 });
    let mv = choice.mv.unwrap();
    assert_eq!(rule_names(&pos, &mv.steps), ["to-knight"]);
}
