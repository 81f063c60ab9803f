//! Several examples and counter-examples → the most specific rule.

use super::support::*;

fn conditions(p: &Proposal) -> Vec<String> {
    p.rule().when
}

#[test]
fn nim_take_from_several_matches() {
    let game = nim();
    let first = Demo::at_start("m.1", "matchgroup", "basket");
    let examples = [
        first.clone(),
        Demo::new(first.after(), "m.5", "matchgroup", "basket"),
        Demo::at_start("m.12", "matchgroup", "basket"),
    ];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(rule.name, "take");
    assert_eq!(rule.what.name, None);
    assert_eq!(text(&rule.what.kind), Some(("match", vec![])));
    assert_eq!(text(&rule.what.origin), Some(("matchgroup", vec![])));
    assert_eq!(text(&rule.from.name), Some(("matchgroup", vec![])));
    assert_eq!(text(&rule.to.name), Some(("basket", vec![])));
    assert!(rule.when.is_empty());
    assert!(p.narrowed.is_empty());
    assert_eq!(
        p.sentence(),
        "A match that started on matchgroup may go from matchgroup to basket."
    );
    assert_exact(&game, &rule, &examples, &[]);
    assert_eq!(allowed_steps(&game, &Setup::start(), &rule).unwrap().len(), 12);
}

#[test]
fn ball_normal_step_from_two_examples() {
    let game = ball();
    let examples = [ball_step(1, 2), ball_step(4, 5)];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(text(&rule.from.name), Some(("s.?", vec!["from"])));
    assert_eq!(text(&rule.to.name), Some(("s.?", vec!["to"])));
    assert_eq!(conditions(&p), ["to = from + 1"]);
    assert_eq!(p.conditions()[0].words, "whose number is one more");
    assert_eq!(
        p.sentence(),
        "b may go from any square like s.1 to the square whose number is one more."
    );
    assert_exact(&game, &rule, &examples, &[ball_step(1, 3), ball_step(5, 4)]);
    assert_eq!(
        targets(&game, &Setup::start().with("b", "s.7"), &rule, "b"),
        ["s.8"]
    );
}

#[test]
fn a_counter_example_narrows_the_normal_step() {
    let game = ball();
    let examples = [ball_step(1, 2), ball_step(4, 5)];
    let counters = [ball_step(3, 4)];
    let p = propose_rule(&game, &examples, &counters).unwrap();
    assert_eq!(conditions(&p), ["to = from + 1", "from != 3"]);
    assert_eq!(
        p.narrowed,
        ["To shut out counter-example 1, I added: but not from number 3."]
    );
    assert_eq!(
        p.sentence(),
        "b may go from any square like s.1 to the square whose number is one more, but not from number 3."
    );
    assert_exact(&game, &p.rule(), &examples, &counters);
    // Two counter-examples: one condition shuts out both.
    let counters = [ball_step(3, 4), ball_step(8, 9)];
    let p = propose_rule(&game, &examples, &counters).unwrap();
    assert_eq!(conditions(&p), ["to = from + 1", "from not in [3, 8]"]);
    assert_eq!(
        p.narrowed,
        ["To shut out counter-examples 1 and 2, I added: but not from number 3 or 8."]
    );
    assert_exact(&game, &p.rule(), &examples, &counters);
}

#[test]
fn ball_go_back_and_go_forward() {
    let game = ball();
    let back = [ball_step(3, 1), ball_step(8, 1)];
    let p = propose_rule(&game, &back, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(text(&rule.from.name), Some(("s.?", vec!["from"])));
    assert_eq!(text(&rule.to.name), Some(("s.1", vec![])));
    assert!(rule.when.is_empty());
    assert_eq!(rule.name, "move");
    assert_exact(&game, &rule, &back, &[]);
    let counters = [ball_step(5, 1)];
    let p = propose_rule(&game, &back, &counters).unwrap();
    assert_eq!(conditions(&p), ["from != 5"]);
    assert_exact(&game, &p.rule(), &back, &counters);

    let forward = [ball_step(2, 4), ball_step(7, 9)];
    let p = propose_rule(&game, &forward, &[]).unwrap();
    assert_eq!(conditions(&p), ["to = from + 2"]);
    assert_eq!(p.rule().name, "jump");
    assert_exact(&game, &p.rule(), &forward, &[ball_step(2, 3)]);
}

/// White stones on board.2.2 and board.2.4 step one row up, one column left and right.
fn diagonal() -> [Demo; 2] {
    [
        Demo::at_start("w.4", "board.2.2", "board.3.1"),
        Demo::at_start("w.5", "board.2.4", "board.3.5"),
    ]
}

#[test]
fn diagonal_steps_on_a_board() {
    let game = dama();
    let examples = diagonal();
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(rule.name, "step");
    assert_eq!(rule.what.name, None);
    assert_eq!(text(&rule.what.kind), Some(("stone", vec![])));
    assert_eq!(rule.what.origin, None);
    assert_eq!(rule.what.owner, Some(OwnerPattern::OnMove));
    for part in [&rule.from, &rule.to] {
        assert_eq!(text(&part.name), Some(("board.?.?", vec![])));
        assert_eq!(text(&part.kind), Some(("square", vec![])));
    }
    assert_eq!(
        conditions(&p),
        ["row(to) = row(from) + 1", "abs(column(to) - column(from)) = 1"]
    );
    assert_eq!(
        p.sentence(),
        "A stone of the player on move may go from any square of the board \
         to the square one row up and one column left or right."
    );
    let counters = [Demo::at_start("w.4", "board.2.2", "board.3.2")];
    assert_exact(&game, &rule, &examples, &counters);
    // Every white stone on row 2 may step diagonally up: 2 + 2 + 1 steps.
    assert_eq!(allowed_steps(&game, &Setup::start(), &rule).unwrap().len(), 5);
}

#[test]
fn forward_for_both_players() {
    let game = dama();
    let mut examples = diagonal().to_vec();
    examples.push(Demo::new(
        Setup::start().on_move(2),
        "k.1",
        "board.5.1",
        "board.4.2",
    ));
    let p = propose_rule(&game, &examples, &[]).unwrap();
    assert_eq!(
        conditions(&p),
        [
            "row(to) - row(from) = (if player = 1 then 1 else -1)",
            "abs(column(to) - column(from)) = 1"
        ]
    );
    assert!(p.sentence().contains("one row forward"), "{}", p.sentence());
    let backward = Demo::new(Setup::start().on_move(2), "k.1", "board.5.1", "board.6.2");
    let black = Setup::start().on_move(2).with("k.4", "board.3.3");
    let black_back = Demo::new(black, "k.4", "board.3.3", "board.4.4");
    assert_exact(&game, &p.rule(), &examples, &[backward, black_back]);
}

#[test]
fn jumps_over_a_figure_of_the_opponent() {
    let game = dama();
    let one = Setup::start().with("k.1", "board.3.3");
    let two = Setup::start().with("k.2", "board.3.5");
    let examples = [
        Demo::new(one.clone(), "w.4", "board.2.2", "board.4.4"),
        Demo::new(two.clone(), "w.6", "board.2.6", "board.4.4"),
    ];
    let p = propose_rule(&game, &examples, &[]).unwrap();
    let rule = p.rule();
    assert_eq!(rule.name, "jump");
    assert_eq!(
        rule.when,
        [
            "row(to) = row(from) + 2",
            "abs(column(to) - column(from)) = 2",
            "not empty(between(from, to)) and owner(first(contains(between(from, to)))) = opponent",
        ]
    );
    assert!(
        p.sentence().ends_with(", jumping over a figure of the opponent."),
        "{}",
        p.sentence()
    );
    let own = Setup::start().with("w.1", "board.3.3");
    let counters = [
        Demo::new(own, "w.4", "board.2.2", "board.4.4"),
        Demo::at_start("w.4", "board.2.2", "board.4.4"),
    ];
    assert_exact(&game, &rule, &examples, &counters);
    // The opponent's figure was between at demonstration time: it is in the
    // rule, and a counter-example over the own figure needs no narrowing.
    let p = propose_rule(&game, &examples, &counters).unwrap();
    assert!(p.narrowed.is_empty());
}

#[test]
fn walls_shut_out_by_an_attribute() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/games/labyrinth.game.xml"
    ))
    .unwrap();
    let (game, _) = crate::file::read_xml(&text).unwrap();
    let game = bare(game);
    let at = |sq: &str| Setup::start().with("hero", sq);
    let examples = [
        Demo::new(at("maze.3.3"), "hero", "maze.3.3", "maze.3.4"),
        Demo::new(at("maze.3.1"), "hero", "maze.3.1", "maze.3.2"),
    ];
    let counters = [Demo::new(at("maze.1.3"), "hero", "maze.1.3", "maze.1.4")];
    let p = propose_rule(&game, &examples, &counters).unwrap();
    assert!(
        p.rule()
            .when
            .contains(&"attribute(to, \"wall\") != yes".to_string()),
        "{:?}",
        p.rule()
    );
    assert_exact(&game, &p.rule(), &examples, &counters);
}

#[test]
fn when_nothing_can_tell_them_apart_it_says_so() {
    let game = nim();
    let examples = [
        Demo::at_start("m.1", "matchgroup", "basket"),
        Demo::at_start("m.2", "matchgroup", "basket"),
    ];
    let counters = [Demo::at_start("m.3", "matchgroup", "basket")];
    let err = propose_rule(&game, &examples, &counters).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::NoRule);
    assert_eq!(
        err.message,
        "I can't find a rule that allows all your examples but not counter-example 1 \
         (m.3 from matchgroup to basket). Try other examples, or write a condition yourself."
    );
    let err = propose_rule(&game, &examples, &examples[1..]).unwrap_err();
    assert_eq!(
        err.message,
        "Counter-example 1 is the same step as example 2; a rule can't both allow and refuse it."
    );
    let err = propose_rule(&game, &[], &[]).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::Nothing);
}

#[test]
fn an_example_the_target_cannot_hold_is_reported() {
    let game = ball();
    let mut full = game.clone();
    full.figures.push(Figure {
        name: "rock".into(),
        kind: "rock".into(),
        owner: None,
        colour: None,
        attributes: Default::default(),
        origin: "s.5".into(),
        face: Default::default(),
    });
    let err = propose_rule(&full, &[ball_step(1, 2), ball_step(4, 5)], &[]).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::NoRule);
    assert!(
        err.message
            .starts_with("Example 2 (b from s.4 to s.5) can't be made: "),
        "{err}"
    );
}

#[test]
fn a_proposal_can_still_be_widened_and_narrowed() {
    let game = ball();
    let mut p = propose_rule(&game, &[ball_step(1, 2), ball_step(4, 5)], &[]).unwrap();
    assert!(
        !p.lesson.can_specialise(Part::From),
        "s.1 alone would not fit s.4"
    );
    assert!(p.lesson.generalise(Part::From));
    assert!(p.rule().when.is_empty(), "the numbers are no longer caught");
    assert!(p.lesson.specialise(Part::From));
    assert_eq!(p.rule().when, ["to = from + 1"]);
}
