//! Each section's problems, as a child reads them: where, then what.

use crate::model::*;
use crate::rules::compile::MAX_ELEMENTS;
use crate::search::games;
use crate::Rules;

/// The problems of a game, each as shown: its place, then its message.
fn problems(game: &Game) -> Vec<String> {
    match Rules::compile(game) {
        Ok(_) => Vec::new(),
        Err(problems) => problems.iter().map(|p| p.to_string()).collect(),
    }
}

fn board(name: &str, rows: u16, columns: u16) -> Equipment {
    Equipment::new(name, EquipmentKind::Board { rows, columns })
}

#[test]
fn the_example_games_have_no_problems() {
    for game in [
        games::nim(3),
        games::tic_tac_toe(),
        games::dama_lite(),
        games::ball_puzzle(),
    ] {
        assert_eq!(problems(&game), Vec::<String>::new(), "{}", game.title);
    }
}

#[test]
fn a_game_is_for_one_to_four() {
    let mut game = games::nim(3);
    for n in 1..=4 {
        game.players = n;
        assert_eq!(problems(&game), Vec::<String>::new(), "{n} players");
    }
    for n in [0, 5] {
        game.players = n;
        assert_eq!(
            problems(&game),
            [format!(
                "game, players: a game has 1 player (a puzzle) or 2, 3 or 4 players, not {n}"
            )]
        );
    }
}

#[test]
fn boards_and_tracks_have_sides_from_1_to_50() {
    let mut game = games::nim(3);
    game.equipment.push(board("wide", 2, 51));
    game.equipment.push(Equipment::new(
        "road",
        EquipmentKind::Track {
            length: 0,
            ring: false,
        },
    ));
    assert_eq!(
        problems(&game),
        [
            "equipment 'road', size: a track's length must be between 1 and 50",
            "equipment 'wide', size: a board's rows and columns must be between 1 and 50",
        ]
    );
}

#[test]
fn places_run_out_at_the_limit() {
    let mut game = games::nim(3);
    // 2 places and 3 full boards make 7502; b4 does not fit; b5 and b6
    // bring the places to 10000.
    for i in 1..=3 {
        game.equipment.push(board(&format!("b{i}"), 50, 50));
    }
    game.equipment.push(board("b4", 50, 50));
    game.equipment.push(board("b5", 49, 50));
    game.equipment.push(board("b6", 1, 48));
    game.equipment
        .push(Equipment::new("one-too-many", EquipmentKind::Square));
    game.equipment.push(board("never-seen", 0, 0));
    assert_eq!(
        problems(&game),
        [
            "equipment 'b4', size: the game has too many places",
            "equipment 'one-too-many': the game has too many places",
        ],
        "a board that does not fit is left out; a place that does not fit ends the equipment"
    );
}

#[test]
fn squares_given_attributes_are_squares_of_the_board() {
    let mut game = games::tic_tac_toe();
    game.equipment.push(board("other", 2, 2));
    let grid = game.equipment.iter_mut().find(|e| e.name == "grid").unwrap();
    for square in ["grid.3.3", "grid.4.1", "other.1.1"] {
        grid.squares
            .insert(square.into(), Attributes::from([("wall".into(), "yes".into())]));
    }
    assert_eq!(
        problems(&game),
        [
            "equipment 'grid', squares: 'grid.4.1' is not one of the squares of grid",
            "equipment 'grid', squares: 'other.1.1' is not one of the squares of grid",
        ]
    );
}

#[test]
fn every_element_has_a_name_of_its_own() {
    let mut game = games::tic_tac_toe();
    game.equipment
        .push(Equipment::new("grid.1.1", EquipmentKind::Square));
    game.equipment
        .push(Equipment::new("my heap", EquipmentKind::Group));
    game.figures[0].name = " ".into();
    game.figures[1].name = "x.3".into();
    game.triggers.push(Trigger {
        name: "circles".into(),
        value: TriggerValue::Number(0),
        visible: false,
    });
    assert_eq!(
        problems(&game),
        [
            "equipment 'grid.1.1', name: two things are called 'grid.1.1'; give each its own name",
            "equipment 'my heap', name: a name can't have spaces or quotes in it; try a dot or a dash instead",
            "figure ' ', name: every element needs a name",
            "figure 'x.3', name: two things are called 'x.3'; give each its own name",
            "trigger 'circles', name: two things are called 'circles'; give each its own name",
        ],
        "the board's square came first, so the later place is the one reported"
    );
}

#[test]
fn a_figure_may_take_the_name_of_a_type() {
    let mut game = games::nim(3);
    game.figures[0].name = "match".into();
    assert_eq!(problems(&game), Vec::<String>::new());
    let rules = Rules::compile(&game).unwrap();
    assert_eq!(rules.figure_id("match"), Some(0));
}

#[test]
fn figures_have_a_type_an_owner_in_the_game_and_a_place_to_start() {
    let mut game = games::tic_tac_toe();
    game.figures[0].kind = "".into();
    game.figures[1].owner = Some(3);
    game.figures[2].origin = "grid".into();
    game.figures[3].origin = "attic".into();
    assert_eq!(
        problems(&game),
        [
            "figure 'x.1', type: every figure needs a type, like match or stone",
            "figure 'x.2', owner: the owner must be a player: 1 to 2",
            "figure 'x.3', origin: x.3 starts on the board 'grid'; put it on one of its squares, like grid.1.1",
            "figure 'x.4', origin: x.4 starts on 'attic', but there is no such place",
        ]
    );
    game.players = 1;
    game.figures[1].owner = Some(2);
    assert!(problems(&game).contains(&"figure 'x.2', owner: the owner must be a player: 1 to 1".into()));
}

#[test]
fn a_place_holds_the_figures_that_start_on_it() {
    let mut game = games::dama_lite();
    game.figures[1].origin = "board.1.1".into();
    game.figures[2].origin = "board.1.1".into();
    assert_eq!(
        problems(&game),
        ["equipment 'board', capacity: board.1.1 holds 1, but 3 figures start on it"]
    );
}

#[test]
fn a_figure_on_a_missing_place_is_not_counted_on_another() {
    let mut game = games::dama_lite();
    game.figures[1].origin = "nowhere".into();
    game.figures[2].origin = "nowhere".into();
    let found = problems(&game);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found
        .iter()
        .all(|p| p.contains("starts on 'nowhere', but there is no such place")));
}

#[test]
fn ends_have_names_of_their_own_and_constant_winners_are_players() {
    let mut game = games::nim(3);
    game.game_over.push(game.game_over[0].clone());
    let found = problems(&game);
    assert_eq!(
        found,
        ["game over 'last-match', name: two ways the game ends are both called 'last-match'; give this one another name"]
    );
    for winner in ["5", "-1", "\"bob\"", "yes"] {
        let mut game = games::nim(3);
        game.game_over[0].winner = winner.into();
        let found = problems(&game);
        assert!(
            found.len() == 1 && found[0].contains("the winner must be a player"),
            "{winner}: {found:?}"
        );
    }
    for winner in ["0", "1", "2", "player", "opponent"] {
        let mut game = games::nim(3);
        game.game_over[0].winner = winner.into();
        assert!(problems(&game).is_empty(), "{winner}");
    }
}

#[test]
fn a_layout_place_draws_something_of_the_game() {
    let mut game = games::nim(3);
    let placement = Placement {
        x: 0,
        y: 0,
        width: 1,
        height: 1,
        colour: None,
        label: None,
    };
    game.layout.items.insert("bucket".into(), placement);
    assert_eq!(
        problems(&game),
        ["layout 'bucket': the layout places 'bucket', but there is nothing called that in the game; remove this <place> or give it the name of a piece of equipment"]
    );
}

#[test]
fn too_many_figures_is_the_only_figure_problem() {
    let mut game = games::nim(1);
    game.figures = vec![Figure::new("same", "", "nowhere"); MAX_ELEMENTS + 1];
    assert_eq!(
        problems(&game),
        ["game, figures: a game can have at most 10000 figures"]
    );
}

#[test]
fn step_rules_have_names_of_their_own_and_players_in_the_game() {
    let mut game = games::dama_lite();
    game.steps[1].name = "step".into();
    game.steps[2].name = "".into();
    game.steps[0].what.owner = Some(OwnerPattern::Player(3));
    let found = problems(&game);
    assert!(found.contains(&"step rule 'step', name: two step rules are called 'step'".to_string()));
    assert!(found.contains(&"step rule, name: every step rule needs a name".to_string()));
    assert!(found.contains(&"step rule 'step', what: player 3 is not in this game".to_string()));
}

#[test]
fn step_conditions_and_effects_read_with_the_rule_variables() {
    let mut game = games::nim(3);
    game.steps[0].from.name = Some(Pattern::with_vars("match?roup", &["g"]));
    game.steps[0].when = vec!["g = \"g\"".into(), "g = ".into()];
    game.steps[0].effects = vec!["set tally to 1".into()];
    assert_eq!(
        problems(&game),
        [
            "step rule 'take', effect 1, column 5: I don't know what 'tally' is",
            "step rule 'take', when 2, column 5: expected a value after '=', but the text ends here",
        ]
    );
}

#[test]
fn patterns_name_each_wildcard_and_exact_names_exist() {
    let mut game = games::nim(3);
    let take = &mut game.steps[0];
    take.what.name = Some(Pattern::exact("m.9"));
    take.what.origin = Some(Pattern::with_vars("*.?", &["a"]));
    take.from = PlacePattern::named("m.1");
    take.to = PlacePattern::typed("bin");
    assert_eq!(
        problems(&game),
        [
            "step rule 'take', from: there is no place called 'm.1'",
            "step rule 'take', to: 'bin' is not a kind of place; use square, point, group or basket",
            "step rule 'take', what: '*.?' has 2 wildcard(s) but 1 variable name(s); give one name for each * or ?",
            "step rule 'take', what: there is no figure called 'm.9'",
        ]
    );
}

#[test]
fn moves_are_made_of_step_rules_and_fit_the_automaton() {
    let mut game = games::nim(3);
    game.moves[0].sequence = "take grab".into();
    game.moves.push(MoveRule {
        name: "huge".into(),
        sequence: "(take x1-100) x100".into(),
    });
    assert_eq!(
        problems(&game),
        [
            "move 'huge', sequence: the moves are too long; use smaller counts",
            "move 'turn', sequence, column 6: there is no step rule called 'grab'",
        ]
    );
}

#[test]
fn endings_and_the_heuristic_read() {
    let mut game = games::nim(3);
    game.game_over[0].when.push("count(matchgroup) >".into());
    game.game_over[0].winner = "figure".into();
    game.settings.heuristic = Some("count(basket) +".into());
    assert_eq!(
        problems(&game),
        [
            "game over 'last-match', when 2, column 20: expected a value after '>', but the text ends here",
            "game over 'last-match', winner, column 1: I don't know what 'figure' is",
            "settings, heuristic, column 16: expected a value after '+', but the text ends here",
        ]
    );
}

#[test]
fn problems_come_sorted_by_section_each_once() {
    let mut game = games::nim(3);
    game.settings.heuristic = Some("?".into());
    game.players = 0;
    game.figures[1].name = "m.1".into();
    game.figures[2].name = "m.1".into();
    let found = problems(&game);
    assert_eq!(found.len(), 3, "{found:#?}");
    assert!(found[0].starts_with("game, players"));
    assert!(
        found[1].starts_with("figure 'm.1', name"),
        "the same problem twice is shown once"
    );
    assert!(found[2].starts_with("settings, heuristic"));
}

#[test]
fn a_rule_that_asks_can_about_itself_or_an_unknown_rule() {
    let mut game = games::dama_lite();
    game.steps[0].when.push("not can(jump)".into());
    assert_eq!(
        problems(&game),
        Vec::<String>::new(),
        "compulsory capture is fine"
    );
    game.steps[1].when.push("can(step)".into());
    let all = problems(&game);
    assert!(
        all.iter()
            .any(|p| p.contains("'step' asks whether 'step' can be made")),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|p| p.contains("'jump' asks whether 'jump' can be made")),
        "{all:?}"
    );
    let mut game = games::dama_lite();
    game.steps[0].when.push("can(fly)".into());
    let all = problems(&game);
    assert!(
        all.iter().any(|p| p.contains("no step rule called 'fly'")),
        "{all:?}"
    );
}
