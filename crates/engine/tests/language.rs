//! The rule language's board functions, quantifiers and side effects,
//! asked of a real position.

mod common;

use std::sync::Arc;
use tablecraft_engine::expr::{parse_expr, Scope, Value};
use tablecraft_engine::position::Position;
use tablecraft_engine::world::View;

/// A 4×4 board; a white stone on 2.2 and a black one on 2.3 and 3.3; a
/// white stone may step anywhere empty next to it, but must jump over a
/// black stone when it can.
const GAME: &str = r#"<game format="1" players="2"><rules>
  <equipment><board name="board" rows="4" columns="4"/><basket name="box"/></equipment>
  <figures>
    <figure name="w" type="stone" origin="board.2.2" owner="1"/>
    <figure name="k.1" type="stone" origin="board.2.3" owner="2" colour="black"/>
    <figure name="k.2" type="stone" origin="board.3.3" owner="2" colour="black"/>
  </figures>
  <steps>
    <step name="jump"><what type="stone" owner="on-move"/><from type="square"/><to type="square"/>
      <when>direction(from, to) != "" and distance(from, to) = 2</when>
      <when>owner(between(from, to)) = opponent</when>
      <effect>remove top(between(from, to))</effect>
    </step>
    <step name="step"><what type="stone" owner="on-move"/><from type="square"/><to type="square"/>
      <when>any d in directions where neighbour(from, d) = to</when>
      <when>not can(jump)</when>
      <effect>for each s in all t in squares(board) where owner(t) = opponent do change owner of top(s) to player</effect>
    </step>
  </steps>
  <moves><move name="turn">(jump)</move><move name="walk">step</move></moves>
  <settings when-stuck="lose" pass="no"/>
</rules></game>"#;

fn start() -> Position {
    common::start(GAME)
}

fn ask(pos: &Position, src: &str) -> Value {
    common::evaluate(pos, src).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn texts(items: &[&str]) -> Value {
    Value::List(items.iter().map(|&t| Value::from(t)).collect())
}

#[test]
fn board_functions() {
    let pos = start();
    assert_eq!(ask(&pos, "neighbour(board.2.2, up)"), Value::from("board.1.2"));
    assert_eq!(ask(&pos, "neighbour(board.1.1, up-left)"), Value::from(""));
    assert_eq!(
        ask(&pos, "line(board.2.2, down-right)"),
        texts(&["board.3.3", "board.4.4"])
    );
    assert_eq!(ask(&pos, "line(board.1.4, right)"), texts(&[]));
    assert_eq!(
        ask(&pos, "direction(board.4.1, board.2.3)"),
        Value::from("up-right")
    );
    assert_eq!(ask(&pos, "direction(board.1.1, board.2.3)"), Value::from(""));
    assert_eq!(ask(&pos, "count(squares(board))"), Value::Number(16));
    assert_eq!(ask(&pos, "squares(box)"), texts(&["box"]));
    assert_eq!(ask(&pos, "owner(board.2.3)"), Value::Number(2));
    assert_eq!(ask(&pos, "owner(board.1.1)"), Value::Number(0));
    assert_eq!(ask(&pos, "owner(\"\")"), Value::Number(0));
    assert_eq!(ask(&pos, "top(board.2.2)"), Value::from("w"));
    assert_eq!(
        ask(&pos, "count(directions) + count(straight) + count(diagonal)"),
        Value::Number(16)
    );
    assert_eq!(
        ask(&pos, "how many s in squares(board) where owner(s) = 2"),
        Value::Number(2)
    );
    assert_eq!(
        ask(&pos, "all t in line(board.2.1, right) until owner(t) = 2"),
        texts(&["board.2.2"])
    );
    assert_eq!(ask(&pos, "in_a_row(board, 2, \"stone\")"), Value::Bool(true));
    assert_eq!(ask(&pos, "in_a_row(board, 3, \"stone\")"), Value::Bool(false));
    assert_eq!(ask(&pos, "in_a_row(board, 2, \"black\")"), Value::Bool(true));
    assert_eq!(ask(&pos, "in_a_row(board, 2, 2)"), Value::Bool(true));
    assert_eq!(ask(&pos, "in_a_row(board, 2, 1)"), Value::Bool(false));
    assert_eq!(ask(&pos, "repetitions"), Value::Number(1));
    assert_eq!(ask(&pos, "can(jump)"), Value::Bool(true));
    assert_eq!(ask(&pos, "can(step)"), Value::Bool(false), "a jump must be made");
    assert_eq!(ask(&pos, "can(jump, 2)"), Value::Bool(true), "k.1 can jump w");
    let mut e = parse_expr("can(fly)").unwrap();
    let rules = pos.rules();
    let is_element = |n: &str| rules.element(n).is_some();
    assert!(e
        .resolve(&Scope {
            vars: &[],
            is_element: &is_element
        })
        .is_empty());
    let m = e.eval(&[], &View::of(&pos)).unwrap_err().message;
    assert!(m.contains("no step rule called 'fly'"), "{m}");
}

#[test]
fn a_compulsory_jump_and_side_effects_that_loop() {
    let mut pos = start();
    let rules = Arc::clone(pos.rules());
    let sq = |n: &str| rules.place_id(n).unwrap();
    let w = rules.figure_id("w").unwrap();
    // A step is refused while a jump can be made.
    assert!(pos.check(w, sq("board.1.1")).is_err());
    let steps = pos.legal_steps();
    assert!(
        steps.iter().all(|s| rules.steps[s.rule as usize].name == "jump"),
        "{steps:?}"
    );
    pos.play(w, sq("board.2.4")).unwrap_or_else(|r| panic!("{r}"));
    assert!(pos.state().place_of(rules.figure_id("k.1").unwrap()).is_none());
    // Black (k.2) has nothing to jump: it steps, and every white figure
    // on the board turns black.
    let k2 = rules.figure_id("k.2").unwrap();
    pos.play(k2, sq("board.4.4")).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(pos.state().owner_of(w), 2);
    assert_eq!(pos.hash(), pos.state().full_hash(&rules));
    assert!(pos.take_back());
    assert_eq!(pos.state().owner_of(w), 1);
    assert_eq!(pos.hash(), pos.state().full_hash(&rules));
}

#[test]
fn the_third_time_a_position_comes_back_is_counted() {
    let text = r#"<game format="2" players="2"><rules>
      <equipment><square name="a"/><square name="b"/></equipment>
      <figures><figure name="t" type="token" origin="a"/></figures>
      <steps><step name="go"><what type="token"/><from type="square"/><to type="square"/></step></steps>
      <moves><move name="turn">go</move></moves>
      <game-over><end name="again" winner="0"><when>repetitions = 3</when></end></game-over>
    </rules></game>"#;
    let (_, rules) = tablecraft_engine::open::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let mut pos = Position::new(Arc::new(rules));
    let rules = Arc::clone(pos.rules());
    let t = rules.figure_id("t").unwrap();
    let (a, b) = (rules.place_id("a").unwrap(), rules.place_id("b").unwrap());
    let mut played = 0;
    for to in [b, a, b, a, b, a] {
        if pos.status() != &tablecraft_engine::Status::Playing {
            break;
        }
        pos.play(t, to).unwrap_or_else(|r| panic!("{r}"));
        played += 1;
    }
    // Token on a with player 1 to move: at the start, after 2 and after 4
    // moves.
    assert_eq!(played, 4);
    assert_eq!(pos.state().repetitions(), 3);
    assert!(pos.take_back());
    assert_eq!(pos.state().repetitions(), 2);
}

#[test]
fn a_capturing_rule_takes_the_figure_it_lands_on() {
    let text = r#"<game format="2" players="2"><rules>
      <equipment><board name="board" rows="1" columns="3"/><basket name="prison"/></equipment>
      <figures>
        <figure name="a" type="rook" origin="board.1.1" owner="1"/>
        <figure name="b" type="rook" origin="board.1.2" owner="2"/>
        <figure name="c" type="rook" origin="board.1.3" owner="1"/>
      </figures>
      <steps><step name="take" capture="yes">
        <what type="rook" owner="on-move"/><from type="square"/><to type="square"/>
        <when>distance(from, to) = 1 and (captured = "" or owner(captured) = opponent)</when>
        <effect>if captured != "" then move captured to prison</effect>
      </step></steps>
      <moves><move name="turn">take</move></moves>
    </rules></game>"#;
    let (game, rules) = tablecraft_engine::open::open(text).unwrap_or_else(|p| panic!("{p:#?}"));
    assert!(game.steps[0].capture);
    let written = tablecraft_engine::file::write_xml(&game);
    assert!(
        written.contains("<step name=\"take\" capture=\"yes\">"),
        "{written}"
    );
    let mut pos = Position::new(Arc::new(rules));
    let rules = Arc::clone(pos.rules());
    let id = |n: &str| rules.figure_id(n).unwrap();
    let sq = |n: &str| rules.place_id(n).unwrap();
    // a may not land on its own c... (not next to it) but takes b.
    let steps = pos.legal_steps();
    assert_eq!(steps.len(), 2, "a takes b, c takes b: {steps:?}");
    pos.play(id("a"), sq("board.1.2"))
        .unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(pos.state().place_of(id("b")), Some(sq("prison")));
    assert_eq!(pos.state().on(sq("board.1.2")), &[id("a")]);
    assert!(pos.take_back());
    assert_eq!(pos.state().on(sq("board.1.2")), &[id("b")]);
    // `captured` in a rule that does not capture is not known.
    let plain = text.replace(" capture=\"yes\"", "");
    let problems = tablecraft_engine::open::open(&plain).unwrap_err();
    assert!(
        problems.iter().any(|p| p.message.contains("'captured'")),
        "{problems:#?}"
    );
}
