//! The sets of the examples' step rules: what they hold in known
//! positions, and that each part is worked out once.

use crate::rules::Ask;
use crate::world::View;
use crate::{Position, Rules, Step};
use std::sync::Arc;

fn example(file: &str) -> Rules {
    crate::open(&crate::position::examples::text(file)).unwrap().1
}

/// The squares, by name, where the sets of `rule`'s conditions hold for
/// the first figure on `from`.
fn targets(pos: &Position, rule: &str, from: &str) -> Vec<String> {
    let rules = pos.rules();
    let rule = rules.steps.iter().find(|r| r.name == rule).unwrap();
    let from = rules.place_id(from).unwrap();
    let f = pos.state().on(from)[0];
    let view = View::of(pos);
    let ask = Ask {
        view: &view,
        vars: &[],
        step: Some((f, from, from)),
    };
    let rb = rule.board.as_ref().unwrap();
    let bits = rb
        .sets
        .iter()
        .fold(rb.to, |bits, (_, s)| bits & s.targets(&ask).unwrap());
    let board = &rules.bitboards.boards[rb.b];
    (0..board.squares())
        .filter(|i| bits & (1 << i) != 0)
        .map(|i| rules.place_name(board.place(i)).to_string())
        .collect()
}

fn play(pos: &mut Position, figure_on: &str, to: &str) {
    let rules = Arc::clone(pos.rules());
    let from = rules.place_id(figure_on).unwrap();
    let step = Step {
        figure: *pos.state().on(from).last().unwrap(),
        from,
        to: rules.place_id(to).unwrap(),
        rule: 0,
    };
    pos.play_step(step).unwrap();
}

#[test]
fn connect_four_drops_on_the_bottom_row_or_onto_a_disc() {
    let mut pos = Position::new(Arc::new(example("connect-four.game.xml")));
    let bottom: Vec<String> = (1..=7).map(|c| format!("board.6.{c}")).collect();
    assert_eq!(targets(&pos, "drop", "red-discs"), bottom);
    play(&mut pos, "red-discs", "board.6.4");
    let mut after = bottom.clone();
    after.insert(0, "board.5.4".into());
    let mut listed = targets(&pos, "drop", "yellow-discs");
    listed.sort();
    after.sort();
    // The filled square is a target of the condition; the room check
    // leaves it out.
    assert!(listed.contains(&"board.5.4".to_string()));
    assert!(after.iter().all(|s| listed.contains(s)));
}

#[test]
fn reversi_opens_with_the_four_textbook_moves() {
    let pos = Position::new(Arc::new(example("reversi.game.xml")));
    let mut legal: Vec<String> = targets(&pos, "place", "pool")
        .into_iter()
        .filter(|s| pos.state().on(pos.rules().place_id(s).unwrap()).is_empty())
        .collect();
    legal.sort();
    assert_eq!(legal, ["board.3.4", "board.4.3", "board.5.6", "board.6.5"]);
}

/// How many operations and parts asked the program of the one condition
/// of the first step rule of the example `file` has.
fn first_rule_size(file: &str) -> (usize, usize) {
    let rules = example(file);
    let rb = rules.steps[0].board.as_ref().unwrap();
    let [(_, set)] = &rb.sets[..] else {
        panic!("one condition as sets");
    };
    set.size()
}

/// Reversi's `traps(to, d)` for eight directions: `player` and
/// `opponent` are asked once, the errors past an empty run are known not
/// to matter, and the program stays short: the run of the opponent's
/// discs and the player's beyond it are one operation a direction.
#[test]
fn what_is_written_twice_is_worked_out_once() {
    let (ops, scalars) = first_rule_size("reversi.game.xml");
    assert_eq!(scalars, 2, "player and opponent");
    // The opponent's discs, the squares not theirs, the player's, and the
    // player's where a run can end; then a flank a direction and seven
    // `or`.
    assert_eq!(ops, 4 + 8 + 7, "operations");
}

/// Connect Four's `row(to) = 6 or not empty(neighbour(to, down))`, where
/// the neighbour is nothing on the bottom row: `a or not (a or x)` is
/// `a or not x`.
#[test]
fn what_one_side_of_an_or_already_says_is_not_asked_again() {
    let size = first_rule_size("connect-four.game.xml");
    // The bottom row (with every square that has none below), the filled
    // squares, those above one, and the bottom row or those.
    assert_eq!(size, (4, 0), "operations and parts asked");
}

/// Nine Men's Morris's conditions on the points board: where a man may go
/// (`b in neighbours(a)`, or anywhere from a hand) and whether going there
/// closes a mill (`any l in lines(b) where every s in l where …`, each of
/// the board's lines for the points on it) are sets, and give the points
/// a player would name.
#[test]
fn a_points_board_lists_its_targets_as_sets() {
    let mut pos = Position::new(Arc::new(example("nine-mens-morris.game.xml")));
    for rule in ["put", "close"] {
        let r = pos.rules().steps.iter().find(|r| r.name == rule).unwrap();
        let rb = r.board.as_ref().expect("its targets are the points");
        assert!(rb.rest.is_empty(), "{rule}: every condition as sets");
    }
    assert_eq!(targets(&pos, "put", "hand.1").len(), 24, "any point at first");
    assert!(targets(&pos, "close", "hand.1").is_empty(), "no mill at first");
    for (hand, point) in [
        ("hand.1", "a7"),
        ("hand.2", "a1"),
        ("hand.1", "d7"),
        ("hand.2", "d1"),
    ] {
        play(&mut pos, hand, &format!("board.{point}"));
    }
    // White has a7 and d7: only g7 closes their line; a7–a4–a1 is not theirs.
    assert_eq!(targets(&pos, "close", "hand.1"), ["board.g7"]);
    assert!(!targets(&pos, "put", "hand.1").contains(&"board.g7".to_string()));
}
