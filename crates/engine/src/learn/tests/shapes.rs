//! The relation a child means, found from a few examples as one rule: so
//! many squares forward on a track, one square in any direction, a jump
//! over one; and a level the child chose kept by the next example.

use super::support::*;

fn pawn(setup: Setup, figure: &str, from: u8, to: u8) -> Demo {
    Demo::new(setup, figure, &format!("track.{from}"), &format!("track.{to}"))
}

#[test]
fn one_or_two_squares_forward_on_a_track() {
    let game = race();
    let first = pawn(Setup::start(), "p.1", 1, 2);
    let examples = [first.clone(), pawn(first.after(), "p.1", 2, 4)];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(text(&rule.from.name), Some(("track.?", vec!["from"])));
    assert_eq!(rule.when, ["to - from in [1, 2]"]);
    assert_eq!(p.conditions()[0].words, "one or two squares forward");
    assert_eq!(
        p.sentence(),
        "p.1 may go one or two squares forward on the track."
    );
    let back = pawn(Setup::start().with("p.1", "track.4"), "p.1", 4, 3);
    let three = pawn(Setup::start(), "p.1", 1, 4);
    assert_exact(&game, &rule, &examples, &[back.clone(), three]);
    // A backwards counter-example needs nothing more: the rule refuses it.
    let p = propose_rule(&game, &examples, &[back]).unwrap();
    assert!(p.narrowed.is_empty(), "{:?}", p.narrowed);
    assert_eq!(p.rule().when, ["to - from in [1, 2]"]);
    // A rule from the card reads the same way.
    let words = rule_words(&game, &rule);
    assert_eq!(
        words.sentence,
        "p.1 may go from any square of the track to any square of the track."
    );
    assert_eq!(words.conditions, ["whose number is one or two more"]);
}

#[test]
fn one_square_forward_and_back_on_a_track() {
    let game = race();
    let first = pawn(Setup::start(), "p.1", 1, 2);
    let p = propose_rule(&game, &[first.clone(), pawn(first.after(), "p.1", 2, 3)], &[]).unwrap();
    assert_eq!(p.rule().when, ["to = from + 1"]);
    assert_eq!(p.sentence(), "p.1 may go one square forward on the track.");
    let at = |n: u8| Setup::start().with("p.1", &format!("track.{n}"));
    let p = propose_rule(&game, &[pawn(at(5), "p.1", 5, 3), pawn(at(8), "p.1", 8, 6)], &[]).unwrap();
    assert_eq!(p.sentence(), "p.1 may go two squares back on the track.");
}

#[test]
fn a_level_the_child_chose_is_kept_by_the_next_example() {
    let game = race();
    let first = pawn(Setup::start(), "p.1", 1, 2);
    let mut lesson = record_step(&game, &first).unwrap();
    assert!(lesson.generalise(Part::What));
    assert!(lesson.generalise(Part::What));
    assert_eq!(lesson.part_words(Part::What), "any pawn");
    let examples = [first.clone(), pawn(first.after(), "p.1", 2, 4)];
    // From scratch, the same examples make a rule for p.1 only…
    let fresh = propose_rule(&game, &examples, &[]).unwrap();
    assert_eq!(fresh.lesson.levels().what, WhatLevel::Figure);
    // …but the rule as taught keeps "any pawn", of the player on move.
    let p = propose_rule_keeping(&game, &examples, &[], Some(lesson.levels())).unwrap();
    assert_eq!(p.lesson.levels().what, WhatLevel::Type);
    assert_eq!(p.lesson.part_words(Part::What), "any pawn");
    assert_eq!(p.lesson.part_words(Part::From), "any square of the track");
    assert_eq!(
        p.sentence(),
        "A pawn of the player on move may go one or two squares forward on the track."
    );
    // Player 2's pawn may move too, on player 2's turn.
    let two = Setup::start().on_move(2);
    assert_eq!(targets(&game, &two, &p.rule(), "p.2"), ["track.2", "track.3"]);
    assert!(targets(&game, &two, &p.rule(), "p.1").is_empty());
    // It can still be narrowed back to p.1 alone.
    let mut narrow = p.lesson.clone();
    assert!(narrow.specialise(Part::What));
    assert!(narrow.specialise(Part::What));
    assert_eq!(narrow.part_words(Part::What), "only p.1");
}

#[test]
fn one_square_in_any_direction() {
    let game = kings();
    let examples = [
        king_step((3, 3), (2, 3)),
        king_step((3, 3), (2, 2)),
        king_step((2, 2), (2, 1)),
    ];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    assert_eq!(p.rule().when, ["distance(from, to) = 1"]);
    assert_eq!(p.sentence(), "k may go one square in any direction on the board.");
    let two = king_step((3, 3), (1, 3));
    assert_exact(&game, &p.rule(), &examples, &[two]);
    assert_eq!(
        targets(&game, &Setup::start().with("k", "board.1.1"), &p.rule(), "k"),
        ["board.1.2", "board.2.1", "board.2.2"]
    );
    assert_eq!(
        rule_words(&game, &p.rule()).conditions,
        ["one square in any direction"]
    );
}

#[test]
fn one_square_up_down_left_or_right() {
    let game = kings();
    let examples = [king_step((3, 3), (2, 3)), king_step((2, 3), (2, 2))];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    assert_eq!(
        p.rule().when,
        ["abs(row(to) - row(from)) + abs(column(to) - column(from)) = 1"]
    );
    assert_eq!(
        p.sentence(),
        "k may go one square up, down, left or right on the board."
    );
    assert_exact(&game, &p.rule(), &examples, &[king_step((3, 3), (2, 2))]);
    assert_eq!(
        rule_words(&game, &p.rule()).conditions,
        ["one square up, down, left or right"]
    );
}

#[test]
fn a_jump_over_one() {
    let game = kings();
    // Over s.1 to the right, over s.2 up: two squares straight, over a figure.
    let examples = [king_step((3, 3), (3, 5)), king_step((5, 3), (3, 3))];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let when = p.rule().when;
    assert_eq!(
        when[0],
        "abs(row(to) - row(from)) + abs(column(to) - column(from)) = 2 and (row(to) = row(from) or column(to) = column(from))"
    );
    assert!(when[1].starts_with("not empty(between(from, to))"), "{when:?}");
    assert!(
        p.sentence()
            .starts_with("k may go two squares up, down, left or right on the board, jumping over"),
        "{}",
        p.sentence()
    );
    let over_nothing = king_step((3, 3), (1, 3));
    assert_exact(&game, &p.rule(), &examples, &[over_nothing]);
    // And a diagonal jump too: two squares in a line, in any direction.
    let examples = [king_step((3, 3), (5, 5)), king_step((3, 5), (3, 3))];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    assert_eq!(
        p.rule().when[0],
        "distance(from, to) = 2 and between(from, to) != \"\""
    );
    assert_eq!(p.conditions()[0].words, "two squares in a line, in any direction");
    assert_exact(&game, &p.rule(), &examples, &[king_step((3, 3), (4, 5))]);
    assert_eq!(
        rule_words(&game, &p.rule()).conditions[0],
        "two squares in a line, in any direction"
    );
}

#[test]
fn rows_and_columns_that_both_say_something_stay_as_they_are() {
    // Diagonally down, either way: the shape is not needed.
    let game = kings();
    let examples = [king_step((3, 3), (2, 2)), king_step((3, 2), (2, 3))];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    assert_eq!(
        p.rule().when,
        ["row(to) = row(from) - 1", "abs(column(to) - column(from)) = 1"]
    );
}
