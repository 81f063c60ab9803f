//! Recording one step, widening and narrowing it, and what it allows.

use super::support::*;

#[test]
fn a_demonstration_makes_a_fully_concrete_rule() {
    let game = nim();
    let lesson = record_step(&game, &Demo::at_start("m.7", "matchgroup", "basket")).unwrap();
    let rule = lesson.rule();
    assert_eq!(rule.name, "take");
    assert_eq!(text(&rule.what.name), Some(("m.7", vec![])));
    assert_eq!(text(&rule.what.kind), Some(("match", vec![])));
    assert_eq!(text(&rule.what.origin), Some(("matchgroup", vec![])));
    assert_eq!(rule.what.owner, None);
    assert_eq!(text(&rule.from.name), Some(("matchgroup", vec![])));
    assert_eq!(text(&rule.from.kind), Some(("group", vec![])));
    assert_eq!(text(&rule.to.name), Some(("basket", vec![])));
    assert_eq!(text(&rule.to.kind), Some(("basket", vec![])));
    assert!(rule.when.is_empty());
    assert_eq!(lesson.sentence(), "m.7 may go from matchgroup to basket.");
    assert_eq!(lesson.allowed(&game, &Setup::start()).unwrap().len(), 1);
}

#[test]
fn the_seed_example_records_stone_white_4() {
    let mut game = dama();
    game.figures[3].name = "stone.white.4".into();
    let demo = Demo::at_start("stone.white.4", "board.2.2", "board.3.1");
    let rule = record_step(&game, &demo).unwrap().rule();
    assert_eq!(text(&rule.what.name), Some(("stone.white.4", vec![])));
    assert_eq!(text(&rule.what.kind), Some(("stone", vec![])));
    assert_eq!(text(&rule.what.origin), Some(("board.2.2", vec![])));
    assert_eq!(text(&rule.from.name), Some(("board.2.2", vec![])));
    assert_eq!(text(&rule.from.kind), Some(("square", vec![])));
    assert_eq!(text(&rule.to.name), Some(("board.3.1", vec![])));
    assert_eq!(text(&rule.to.kind), Some(("square", vec![])));
    assert_eq!(rule.name, "step");
}

#[test]
fn what_widens_in_three_levels_and_narrows_back() {
    let game = nim();
    let mut lesson = record_step(&game, &Demo::at_start("m.7", "matchgroup", "basket")).unwrap();
    let start = Setup::start();
    let widths: Vec<(WhatLevel, usize)> = std::iter::from_fn(|| {
        let level = lesson.levels().what;
        let n = lesson.allowed(&game, &start).unwrap().len();
        let moved = lesson.generalise(Part::What);
        Some((level, n, moved))
    })
    .take_while(|(_, _, moved)| *moved)
    .map(|(l, n, _)| (l, n))
    .collect();
    assert_eq!(
        widths,
        [
            (WhatLevel::Figure, 1),
            (WhatLevel::TypeAndOrigin, 12),
            (WhatLevel::Type, 12)
        ]
    );
    assert_eq!(lesson.levels().what, WhatLevel::Any);
    assert_eq!(lesson.rule().what, FigurePattern::default());
    assert!(!lesson.can_generalise(Part::What));
    assert_eq!(lesson.sentence(), "Any figure may go from matchgroup to basket.");
    assert!(lesson.specialise(Part::What));
    assert_eq!(lesson.sentence(), "A match may go from matchgroup to basket.");
    while lesson.specialise(Part::What) {}
    assert_eq!(lesson.levels().what, WhatLevel::Figure);
    assert!(!lesson.can_specialise(Part::What));
}

#[test]
fn places_widen_to_their_type_and_to_anything() {
    let game = nim();
    let mut lesson = record_step(&game, &Demo::at_start("m.7", "matchgroup", "basket")).unwrap();
    // `matchgroup` has no number in its name: no "names like it" level.
    assert!(lesson.generalise(Part::From));
    assert_eq!(lesson.levels().from, PlaceLevel::Type);
    assert_eq!(lesson.rule().from.name, None);
    assert_eq!(text(&lesson.rule().from.kind), Some(("group", vec![])));
    assert!(lesson.generalise(Part::From));
    assert_eq!(lesson.rule().from, PlacePattern::default());
    assert!(!lesson.generalise(Part::From));
    assert!(lesson.generalise(Part::To));
    assert_eq!(lesson.sentence(), "m.7 may go from anywhere to any basket.");
}

#[test]
fn numbered_places_widen_to_names_like_them() {
    let game = ball();
    let mut lesson = record_step(&game, &Demo::at_start("b", "s.1", "s.2")).unwrap();
    assert_eq!(lesson.rule().name, "step");
    assert!(lesson.generalise(Part::From));
    assert_eq!(lesson.levels().from, PlaceLevel::Family);
    assert_eq!(text(&lesson.rule().from.name), Some(("s.?", vec!["from"])));
    assert_eq!(lesson.levels().label(Part::From), "places with a name like it");
    assert!(lesson.generalise(Part::To));
    assert_eq!(text(&lesson.rule().to.name), Some(("s.?", vec!["to"])));
    assert_eq!(
        targets(&game, &Setup::start(), &lesson.rule(), "b").len(),
        14,
        "any square s.? to any other"
    );
    // Board squares: any square of the board, no variables.
    let mut lesson = record_step(&dama(), &Demo::at_start("w.4", "board.2.2", "board.3.1")).unwrap();
    lesson.generalise(Part::To);
    assert_eq!(text(&lesson.rule().to.name), Some(("board.?.?", vec![])));
    assert_eq!(
        lesson.sentence(),
        "w.4 may go from board.2.2 to any square of the board."
    );
}

#[test]
fn widening_what_in_a_game_of_two_keeps_to_the_player_on_move() {
    let game = dama();
    let mut lesson = record_step(&game, &Demo::at_start("w.4", "board.2.2", "board.3.1")).unwrap();
    lesson.generalise(Part::What);
    lesson.generalise(Part::What);
    lesson.generalise(Part::From);
    lesson.generalise(Part::From);
    lesson.generalise(Part::To);
    lesson.generalise(Part::To);
    let rule = lesson.rule();
    assert_eq!(rule.what.owner, Some(OwnerPattern::OnMove));
    assert_eq!(
        lesson.sentence(),
        "A stone of the player on move may go from any square to any square."
    );
    let black = allowed_steps(&game, &Setup::start().on_move(2), &rule).unwrap();
    assert!(black.iter().all(|a| a.figure.starts_with("k.")));
    lesson.set_owner(None);
    assert_eq!(lesson.rule().what.owner, None);
}

#[test]
fn rules_are_named_after_what_they_did() {
    let cases: [(Game, Demo, &str); 6] = [
        (nim(), Demo::at_start("m.1", "matchgroup", "basket"), "take"),
        (
            games::nim(12),
            Demo::at_start("m.1", "matchgroup", "basket"),
            "take2",
        ),
        (
            bare(games::tic_tac_toe()),
            Demo::at_start("x.1", "crosses", "grid.2.2"),
            "place",
        ),
        (dama(), Demo::at_start("w.4", "board.2.2", "board.3.3"), "step"),
        (ball(), ball_step(2, 4), "jump"),
        (ball(), ball_step(8, 1), "move"),
    ];
    for (game, demo, name) in cases {
        assert_eq!(record_step(&game, &demo).unwrap().name, name, "{demo:?}");
    }
    let demo = Setup::start().with("k.1", "board.3.3");
    let jump = Demo::new(demo, "w.4", "board.2.2", "board.4.4");
    assert_eq!(record_step(&dama(), &jump).unwrap().name, "jump");
}

#[test]
fn impossible_demonstrations_are_refused_in_words() {
    let game = nim();
    let cases = [
        (
            Demo::at_start("m.99", "matchgroup", "basket"),
            "There is no figure called 'm.99'.",
        ),
        (
            Demo::at_start("m.1", "basket", "matchgroup"),
            "m.1 is not on basket in this set-up.",
        ),
        (
            Demo::at_start("m.1", "matchgroup", "bin"),
            "There is no place called 'bin'.",
        ),
        (
            Demo::at_start("m.1", "matchgroup", "matchgroup"),
            "m.1 stayed on matchgroup; drag it somewhere else.",
        ),
        (
            Demo::new(Setup::start().on_move(3), "m.1", "matchgroup", "basket"),
            "This game has no player 3.",
        ),
    ];
    for (demo, message) in cases {
        let err = record_step(&game, &demo).unwrap_err();
        assert_eq!(err.kind, LearnErrorKind::Demo);
        assert_eq!(err.message, message);
    }
    let mut broken = nim();
    broken.figures[0].origin = "nowhere".into();
    let err = record_step(&broken, &Demo::at_start("m.2", "matchgroup", "basket")).unwrap_err();
    assert_eq!(err.kind, LearnErrorKind::Game);
    assert!(err.message.starts_with("Fix the game first: "), "{err}");
}

#[test]
fn allowed_steps_follow_the_set_up() {
    let game = ball();
    let rule = games::ball_puzzle().steps[0].clone();
    assert_eq!(targets(&game, &Setup::start(), &rule, "b"), ["s.2"]);
    assert_eq!(
        targets(&game, &Setup::start().with("b", "s.3"), &rule, "b"),
        Vec::<String>::new()
    );
    assert_eq!(
        targets(&game, &Setup::start().with("b", "s.9"), &rule, "b"),
        ["s.10"]
    );
    // A figure in the box goes nowhere.
    assert!(targets(&game, &Setup::start().with("b", ""), &rule, "b").is_empty());
}

#[test]
fn odd_input_gives_errors_not_panics() {
    let empty = Game::default();
    assert!(record_step(&empty, &Demo::at_start("", "", "")).is_err());
    assert!(propose_rule(&empty, &[Demo::at_start("x", "y", "z")], &[]).is_err());
    assert!(propose_endings(&empty, &Setup::start()).unwrap().is_empty());
    let game = ball();
    let odd = [
        Demo::new(Setup::start().with("b", ""), "b", "", "s.2"),
        Demo::new(Setup::start().with("ž", "s.2"), "b", "s.1", "s.2"),
        Demo::new(Setup::start().on_move(0), "b", "s.1", "s.*"),
        Demo::new(
            Setup::start().with_trigger("t", TriggerValue::Number(1)),
            "b",
            "s.1",
            "s.2",
        ),
    ];
    for d in &odd {
        assert!(record_step(&game, d).is_err(), "{d:?}");
        assert!(propose_rule(&game, &[ball_step(1, 2)], std::slice::from_ref(d)).is_err());
    }
    let rule = StepRule {
        name: "bad".into(),
        what: FigurePattern::default(),
        from: PlacePattern::default(),
        to: PlacePattern::default(),
        when: vec!["1 +".into()],
        effects: vec![],
        capture: false,
    };
    assert_eq!(
        allowed_steps(&game, &Setup::start(), &rule).unwrap_err().kind,
        LearnErrorKind::Game
    );
}
