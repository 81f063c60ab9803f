//! What each section is lowered to.

use crate::expr::Value;
use crate::model::*;
use crate::rules::{Element, GridSpot, PlaceId, Rules};
use crate::search::games;

fn compile(game: &Game) -> Rules {
    Rules::compile(game).expect("the game compiles")
}

#[test]
fn boards_and_tracks_become_squares_row_by_row() {
    let mut game = games::nim(1);
    let mut maze = Equipment::new("maze", EquipmentKind::Board { rows: 2, columns: 3 });
    maze.attributes.insert("colour".into(), "grey".into());
    maze.squares
        .insert("maze.2.1".into(), [("colour".into(), "red".into())].into());
    game.equipment.push(maze);
    game.equipment.push(Equipment::new(
        "ring",
        EquipmentKind::Track {
            length: 4,
            ring: true,
        },
    ));
    let rules = compile(&game);
    let names: Vec<&str> = rules.places.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "matchgroup",
            "basket",
            "maze.1.1",
            "maze.1.2",
            "maze.1.3",
            "maze.2.1",
            "maze.2.2",
            "maze.2.3",
            "ring.1",
            "ring.2",
            "ring.3",
            "ring.4"
        ]
    );
    let square = &rules.places[5];
    assert_eq!(square.kind, "square");
    assert_eq!(square.capacity, Some(1));
    assert_eq!(
        square.attributes["colour"], "red",
        "a square's own attributes win"
    );
    assert_eq!(rules.places[2].attributes["colour"], "grey");
    assert_eq!(
        square.grid,
        Some(GridSpot {
            grid: 0,
            row: 2,
            column: 1
        })
    );
    assert_eq!((rules.grids[0].first, rules.grids[1].first), (2, 8));
    assert!(rules.grids[1].ring && rules.grids[1].is_track);
    assert_eq!(rules.grids[1].place(1, 5), Some(8), "round the ring");
    assert_eq!(rules.element("maze"), Some(Element::Grid(0)));
    assert_eq!(rules.place_id("ring.2"), Some(9));
    assert_eq!(rules.places[0].capacity, None, "a group holds any number");
}

#[test]
fn types_come_from_figures_then_from_rules() {
    let game = games::dama_lite();
    let rules = compile(&game);
    assert_eq!(rules.types, ["stone", "crown"]);
    assert_eq!(rules.element("crown"), Some(Element::Type(1)));
    assert_eq!(rules.figures[0].kind, 0);
}

#[test]
fn figures_start_numbered_with_owner_and_origin() {
    let mut game = games::tic_tac_toe();
    game.figures[0].colour = Some("red".into());
    game.triggers.push(Trigger {
        name: "turns".into(),
        value: TriggerValue::YesNo(true),
        visible: true,
    });
    let rules = compile(&game);
    let x1 = &rules.figures[0];
    assert_eq!(
        (x1.name.as_str(), x1.owner, x1.colour.as_str()),
        ("x.1", 1, "red")
    );
    assert_eq!(rules.place_name(x1.origin), "crosses");
    assert_eq!(rules.figure_id("o.1"), Some(5));
    assert_eq!(rules.figure_texts[5], Value::from("o.1"));
    assert_eq!(rules.place_texts[0], Value::from("circles"));
    assert_eq!(rules.triggers[0].start, Value::Bool(true));
    assert_eq!(rules.element("turns"), Some(Element::Trigger(0)));
}

#[test]
fn step_tables_keep_what_the_wildcards_caught() {
    let mut game = games::nim_heaps(&[2, 1]);
    let take = &mut game.steps[0];
    take.what.name = Some(Pattern::with_vars("?.?", &["heap", "n"]));
    take.from.name = Some(Pattern::with_vars("heap.?", &["h"]));
    take.to.kind = Some(Pattern::exact("basket"));
    let rules = compile(&game);
    let take = &rules.steps[0];
    assert_eq!(take.vars, ["figure", "from", "to", "heap", "n", "h"]);
    assert_eq!(
        take.what_static[1],
        Some(vec![Value::from("a"), Value::Number(2)]),
        "a.2 caught as its heap and number"
    );
    let heap2 = rules.place_id("heap.2").unwrap() as usize;
    assert_eq!(take.from[heap2], Some(vec![Value::Number(2)]));
    let basket = rules.place_id("basket").unwrap();
    assert_eq!(take.from[basket as usize], None);
    assert_eq!(take.to, [(basket, vec![])], "an exact kind catches nothing");
    assert_eq!(take.what_kind, [Some(vec![])], "no type pattern: every type");
}

#[test]
fn a_variable_named_twice_must_catch_the_same() {
    let mut game = games::dama_lite();
    let step = &mut game.steps[0];
    step.from.name = Some(Pattern::with_vars("board.?.?", &["r", "c"]));
    step.to.name = Some(Pattern::with_vars("board.?.?", &["r2", "c"]));
    let rules = compile(&game);
    assert_eq!(rules.steps[0].same, [(6, 4)], "the second c must equal the first");
}

#[test]
fn without_move_rules_every_move_is_one_step() {
    let mut game = games::dama_lite();
    game.moves.clear();
    let rules = compile(&game);
    assert_eq!(rules.move_names, ["step", "jump", "slide", "crown-jump"]);
    for rule in 0..4 {
        let after = rules
            .moves
            .next(crate::automaton::MoveAutomaton::START, rule)
            .unwrap();
        assert_eq!(rules.moves.complete(after), Some(rule));
    }
}

#[test]
fn conditions_endings_and_the_heuristic_are_kept() {
    let mut game = games::tic_tac_toe();
    game.settings.heuristic = Some("count(crosses) - count(circles)".into());
    let rules = compile(&game);
    assert_eq!(rules.ends.len(), 2);
    assert_eq!(&*rules.ends[1].name, "full-board");
    assert!(rules.heuristic.is_some());
    let dama = compile(&games::dama_lite());
    assert_eq!(dama.steps[1].when.len(), 5);
    assert_eq!(dama.steps[1].when_text[0], "abs(column(to) - column(from)) = 2");
    assert_eq!(dama.steps[1].effects.len(), 3);
}

#[test]
fn every_figure_place_and_type_has_its_keys() {
    let rules = compile(&games::dama_lite());
    let (figures, places, types) = (rules.figures.len() as u16, rules.places.len() as u16, 2);
    assert_ne!(rules.zobrist.at(figures - 1, Some(places - 1)), 0);
    assert_ne!(rules.zobrist.at(figures - 1, None), 0);
    assert_ne!(rules.zobrist.kind(figures - 1, types - 1), 0);
    assert_eq!(rules.zobrist.at(figures, None), 0, "no such figure");
}

#[test]
fn a_type_named_only_by_a_change_is_a_type() {
    // `change figure to crown` with no crown anywhere else once did nothing.
    let mut game = games::nim(3);
    game.steps[0].effects = vec![
        "change figure to crown".into(),
        "if yes then change figure to \"queen\"".into(),
        "change figure to type(figure)".into(),
    ];
    let rules = compile(&game);
    assert!(rules.type_id("crown").is_some(), "{:?}", rules.types);
    assert!(rules.type_id("queen").is_some(), "{:?}", rules.types);
    let mut pos = crate::position::Position::new(std::sync::Arc::new(rules));
    let step = pos.legal_steps()[0];
    pos.play(step.figure, step.to).unwrap();
    let warnings: Vec<&String> = pos.history().iter().flat_map(|e| &e.warnings).collect();
    assert!(warnings.is_empty(), "{warnings:?}");
    let kind = pos.state().kind_of(step.figure);
    assert_eq!(pos.rules().types[kind as usize], "queen");
}

#[test]
fn the_names_kept_as_values_are_those_of_their_places_and_figures() {
    // Evaluation knows a kept name by where it lies (`world.rs`): that must
    // be what looking the name up gives, in every shipped game.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/games");
    let mut games = 0;
    for entry in std::fs::read_dir(dir).expect("the games are there").flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let Ok((game, _)) = crate::file::read_xml(&text) else {
            continue;
        };
        let rules = compile(&game);
        for (p, v) in rules.place_texts.iter().enumerate() {
            assert_eq!(
                rules.element(&v.to_text()),
                Some(Element::Place(p as PlaceId)),
                "{v}"
            );
            assert_eq!(v.to_text(), rules.place_name(p as PlaceId));
            assert!(std::ptr::eq(rules.place_text(p as PlaceId), v));
        }
        for (f, v) in rules.figure_texts.iter().enumerate() {
            assert_eq!(
                rules.element(&v.to_text()),
                Some(Element::Figure(f as u16)),
                "{v}"
            );
            assert_eq!(v.to_text(), rules.figure_name(f as u16));
            assert!(std::ptr::eq(rules.figure_text(f as u16), v));
        }
        games += 1;
    }
    assert!(games >= 10, "{games} games read");
}

/// Reversi's game over asks `not can(place, player)`, so it can only hold
/// for a stuck player; a game over that asks only about the opponent, a
/// second rule that starts a move, or a second game over without it can
/// hold while the player on move can still place.
#[test]
fn a_game_over_that_needs_a_stuck_player_is_known() {
    let path = format!(
        "{}/../../public/games/reversi.game.xml",
        env!("CARGO_MANIFEST_DIR")
    );
    let reversi = std::fs::read_to_string(path).unwrap();
    let end = "not can(place, player) and not can(place, opponent)";
    assert!(reversi.contains(end));
    let needs = |text: &str| crate::open(text).expect("it opens").1.ends_need_stuck;
    assert!(needs(&reversi));
    let variants = [
        ("not can(place, opponent) and not can(place)", true),
        (
            "discs(1) > 0 and not can(place, opponent) and not can(place, player)",
            true,
        ),
        ("not can(place, opponent)", false),
        ("not can(place, 1)", false),
        ("can(place, player) = no", false),
        ("not (can(place, player) or can(place, opponent))", false),
    ];
    for (when, expected) in variants {
        assert_eq!(needs(&reversi.replace(end, when)), expected, "{when}");
    }
    let second_rule = reversi.replace(
        "<move name=\"turn\">place</move>",
        "<move name=\"turn\">place</move><move name=\"again\">place2</move>",
    );
    let second_rule = second_rule.replace(
        "    </steps>",
        "      <step name=\"place2\"><what type=\"disc\"/><from name=\"pool\"/><to type=\"square\"/></step>\n    </steps>",
    );
    assert!(!needs(&second_rule));
    let second_end = reversi.replace(
        "    </game-over>",
        "      <end name=\"full\" winner=\"0\"><when>count(pool) = 0</when></end>\n    </game-over>",
    );
    assert!(!needs(&second_end));
}
