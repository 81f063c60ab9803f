//! Every example game in `public/games/` reads without problems and
//! round-trips through XML and JSON.

use tablecraft_engine::file::{read_json, read_xml, write_json, write_xml};
use tablecraft_engine::model::EquipmentKind;
use tablecraft_engine::Game;

fn examples() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/public/games");
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("public/games exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.to_string_lossy().ends_with(".game.xml"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("readable file");
            (path.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    files
}

fn read(name: &str) -> Game {
    let (_, text) = examples()
        .into_iter()
        .find(|(n, _)| n == name)
        .expect("example exists");
    read_xml(&text).expect("reads").0
}

#[test]
fn these_are_the_examples() {
    let names: Vec<String> = examples().into_iter().map(|(n, _)| n).collect();
    assert_eq!(
        names,
        [
            "adventure-quest.game.xml",
            "awele.game.xml",
            "ball-puzzle.game.xml",
            "breakthrough.game.xml",
            "connect-four.game.xml",
            "crazy-eights-4.game.xml",
            "crazy-eights.game.xml",
            "dama-lite.game.xml",
            "english-checkers.game.xml",
            "fox-and-geese.game.xml",
            "hex.game.xml",
            "labyrinth.game.xml",
            "nim12.game.xml",
            "nim3.game.xml",
            "nim345.game.xml",
            "nine-mens-morris.game.xml",
            "patience.game.xml",
            "pig.game.xml",
            "reversi.game.xml",
            "snakes-and-ladders-4.game.xml",
            "snakes-and-ladders.game.xml",
            "tic-tac-toe.game.xml",
            "war.game.xml"
        ]
    );
}

#[test]
fn every_example_reads_and_round_trips() {
    for (name, text) in examples() {
        let game = match read_xml(&text) {
            Ok((game, _)) => game,
            Err(problems) => panic!("{name}: {problems:#?}"),
        };
        assert!(!game.description.is_empty(), "{name} has a description");
        let again = read_xml(&write_xml(&game)).expect("written XML reads").0;
        assert_eq!(again, game, "{name} XML round trip");
        let json = read_json(&write_json(&game)).expect("written JSON reads").0;
        assert_eq!(json, game, "{name} JSON round trip");
        for e in &game.equipment {
            assert!(
                game.layout.items.contains_key(&e.name),
                "{name}: {} is placed",
                e.name
            );
        }
    }
}

#[test]
fn examples_are_written_the_way_the_writer_writes() {
    for (name, text) in examples() {
        let game = read_xml(&text).expect("reads").0;
        assert_eq!(write_xml(&game), text, "{name}");
    }
}

#[test]
fn nim12_is_the_seed_game() {
    let game = read("nim12.game.xml");
    assert_eq!(game.players, 2);
    assert_eq!(game.figures.len(), 12);
    assert!(game
        .figures
        .iter()
        .all(|f| f.origin == "matchgroup" && f.kind == "match"));
    assert_eq!(game.moves[0].sequence, "take x1-3");
    assert_eq!(game.game_over[0].when, ["empty(matchgroup)"]);
    assert_eq!(game.game_over[0].winner, "player");
}

#[test]
fn ball_puzzle_has_three_rules_in_order() {
    let game = read("ball-puzzle.game.xml");
    assert_eq!(game.players, 1);
    let names: Vec<&str> = game.steps.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["normal-step", "go-back", "go-forward"]);
    assert_eq!(game.steps[1].from.name.as_ref().unwrap().vars, ["from-square"]);
    assert_eq!(game.equipment.len(), 15);
}

#[test]
fn labyrinth_has_walls_and_a_goal() {
    let game = read("labyrinth.game.xml");
    let maze = &game.equipment[0];
    assert_eq!(maze.kind, EquipmentKind::Board { rows: 5, columns: 5 });
    let walls = maze
        .squares
        .values()
        .filter(|a| a.get("wall").map(String::as_str) == Some("yes"));
    assert_eq!(walls.count(), 8);
    assert_eq!(maze.squares["maze.5.5"]["goal"], "yes");
    assert_eq!(game.steps[0].when[2], "value(moves) < 12");
}

#[test]
fn dama_lite_starts_on_dark_squares() {
    let game = read("dama-lite.game.xml");
    assert_eq!(game.figures.len(), 12);
    for f in &game.figures {
        let parts: Vec<u32> = f.origin.split('.').skip(1).map(|p| p.parse().unwrap()).collect();
        assert_eq!((parts[0] + parts[1]) % 2, 0, "{} is on a dark square", f.name);
    }
    let moves: Vec<&str> = game.moves.iter().map(|m| m.sequence.as_str()).collect();
    assert_eq!(moves, ["step", "jump x1-", "slide", "crown-jump x1-"]);
}
