//! Teaching a step with a die: the child rolls (or sets the die), shows a
//! move, and the rule reads what the die shows.

use super::support::*;
use crate::file::read_xml;

/// Snakes and Ladders as a game being designed: the board numbered by
/// `n`, the die, no rules yet.
fn snakes() -> Game {
    let text = include_str!("../../../../../public/games/snakes-and-ladders.game.xml");
    bare(read_xml(text).unwrap().0)
}

/// Counter 1 on `from` after a roll of `roll`, shown going to `to`.
fn after_roll(from: &str, roll: u8, to: &str) -> Demo {
    let setup = Setup::start().with("counter.1", from).with_die("die", roll);
    Demo::new(setup, "counter.1", from, to)
}

/// Counter 1 on `from` with the die showing `roll`.
fn rolled(from: &str, roll: u8) -> Setup {
    Setup::start().with("counter.1", from).with_die("die", roll)
}

#[test]
fn snakes_and_ladders_move_from_rolls_of_three_and_five() {
    let game = snakes();
    // Square 2 + 3 = square 5 along the bottom row; square 8 + 5 = square
    // 13, round the end of the row onto the one above.
    let examples = [
        after_roll("board.1.2", 3, "board.1.5"),
        after_roll("board.1.8", 5, "board.2.8"),
    ];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(
        rule.when,
        ["attribute(to, \"n\") = attribute(from, \"n\") + value(die)"]
    );
    assert_eq!(
        p.sentence(),
        "counter.1 may go forward as many squares as the die shows on the board."
    );
    assert_exact(&game, &rule, &examples, &[]);
    // A roll of 4 from square 3 reaches square 7 only; from square 9,
    // square 13 only (round the end of the row).
    assert_eq!(
        targets(&game, &rolled("board.1.3", 4), &rule, "counter.1"),
        ["board.1.7"]
    );
    assert_eq!(
        targets(&game, &rolled("board.1.9", 4), &rule, "counter.1"),
        ["board.2.8"]
    );
    // The same square, another roll: another target.
    assert_eq!(
        targets(&game, &rolled("board.1.3", 1), &rule, "counter.1"),
        ["board.1.4"]
    );
}

#[test]
fn two_different_rolls_rule_out_a_fixed_count() {
    let game = snakes();
    let examples = [
        after_roll("board.1.1", 2, "board.1.3"),
        after_roll("board.1.4", 6, "board.1.10"),
    ];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let when = p.rule().when;
    assert!(when.contains(&"attribute(to, \"n\") = attribute(from, \"n\") + value(die)".to_string()));
    // The die, not two or six, says how many columns: no count is kept.
    assert!(!when.iter().any(|w| w.contains("column")), "{when:?}");
    assert!(when.contains(&"row(to) = row(from)".to_string()), "{when:?}");
}

#[test]
fn one_roll_teaches_the_die_not_the_number_rolled() {
    let game = snakes();
    let examples = [after_roll("board.1.2", 3, "board.1.5")];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert!(
        rule.when.iter().any(|w| w.contains("value(die)")),
        "{:?}",
        rule.when
    );
    assert!(!rule.when.iter().any(|w| w.contains('3')), "{:?}", rule.when);
    assert_eq!(
        targets(&game, &rolled("board.1.2", 3), &rule, "counter.1"),
        ["board.1.5"]
    );
    assert!(targets(&game, &rolled("board.1.2", 4), &rule, "counter.1").is_empty());
}

#[test]
fn without_a_roll_a_fixed_count_is_learned_as_before() {
    let game = snakes();
    let examples = [
        Demo::new(
            Setup::start().with("counter.1", "board.1.2"),
            "counter.1",
            "board.1.2",
            "board.1.5",
        ),
        Demo::new(
            Setup::start().with("counter.1", "board.1.4"),
            "counter.1",
            "board.1.4",
            "board.1.7",
        ),
    ];
    let when = propose_rule(&game, &examples, &[]).unwrap().rule().when;
    assert!(!when.iter().any(|w| w.contains("value(die)")), "{when:?}");
    assert!(
        when.contains(&"column(to) = column(from) + 3".to_string()),
        "{when:?}"
    );
}

#[test]
fn counter_examples_are_refused_with_the_die() {
    let game = snakes();
    let examples = [
        after_roll("board.1.2", 3, "board.1.5"),
        after_roll("board.1.8", 5, "board.2.8"),
    ];
    // One square too far for the roll; the right distance for another roll.
    let counters = [
        after_roll("board.1.2", 3, "board.1.6"),
        after_roll("board.1.5", 2, "board.1.8"),
    ];
    let p = propose_rule(&game, &examples, &counters).unwrap();
    assert_exact(&game, &p.rule(), &examples, &counters);
    assert!(p.narrowed.is_empty(), "{:?}", p.narrowed);
}

#[test]
fn rows_moved_by_the_die_on_an_unnumbered_board() {
    let mut game = snakes();
    for p in &mut game.equipment {
        p.squares.clear();
    }
    // Down the first column, as many rows as the die shows.
    let examples = [
        after_roll("board.1.1", 2, "board.3.1"),
        after_roll("board.2.1", 4, "board.6.1"),
    ];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let when = p.rule().when;
    assert!(
        when.contains(&"row(to) = row(from) + value(die)".to_string()),
        "{when:?}"
    );
    assert!(
        when.contains(&"column(to) = column(from)".to_string()),
        "{when:?}"
    );
    assert_eq!(
        targets(&game, &rolled("board.4.1", 5), &p.rule(), "counter.1"),
        ["board.9.1"]
    );
}

#[test]
fn a_die_that_is_not_there_or_shows_too_much_is_a_sentence() {
    let game = snakes();
    let wrong = Demo::new(
        Setup::start()
            .with("counter.1", "board.1.2")
            .with_die("spinner", 3),
        "counter.1",
        "board.1.2",
        "board.1.5",
    );
    let e = propose_rule(&game, &[wrong], &[]).unwrap_err();
    assert_eq!(e.message, "There is no die called 'spinner'.");
    let seven = after_roll("board.1.2", 7, "board.1.9");
    let e = propose_rule(&game, &[seven], &[]).unwrap_err();
    assert_eq!(e.message, "die shows 1 to 6; it can't show 7.");
}
