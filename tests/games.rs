//! Every example game in `public/games/`, played through the engine.

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;
use tablecraft_engine::{open, Position, Rules, Status, Step};

fn load(file: &str) -> Position {
    let path = format!("{}/public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    match open(&text) {
        Ok((_, rules)) => Position::new(Arc::new(rules)),
        Err(problems) => panic!("{file}: {problems:#?}"),
    }
}

fn rules(pos: &Position) -> Arc<Rules> {
    Arc::clone(pos.rules())
}

/// Drags `figure` to `place` as a person would, panicking with the reason if refused.
fn drag(pos: &mut Position, figure: &str, place: &str) -> Step {
    let r = rules(pos);
    let f = r
        .figure_id(figure)
        .unwrap_or_else(|| panic!("no figure {figure}"));
    let p = r.place_id(place).unwrap_or_else(|| panic!("no place {place}"));
    pos.play(f, p)
        .unwrap_or_else(|e| panic!("{figure} to {place}: {e}"))
}

fn refused(pos: &Position, figure: &str, place: &str) -> String {
    let r = rules(pos);
    let f = r.figure_id(figure).unwrap();
    let p = r.place_id(place).unwrap();
    pos.check(f, p).expect_err("the step should be refused").message
}

fn winner(pos: &Position) -> Option<u8> {
    match pos.status() {
        Status::Over { winner, .. } => Some(*winner),
        Status::Playing => None,
    }
}

#[test]
fn every_example_file_opens() {
    let dir = format!("{}/public/games", env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.to_string_lossy().ends_with(".game.xml") {
            let text = std::fs::read_to_string(&path).unwrap();
            if let Err(problems) = open(&text) {
                panic!("{}: {problems:#?}", path.display());
            }
            count += 1;
        }
    }
    assert!(count >= 6, "expected the six example games, found {count}");
}

#[test]
fn nim12_a_whole_game_between_two_people() {
    let mut pos = load("nim12.game.xml");
    assert_eq!(pos.legal_steps().len(), 12);
    // Player 1 takes 3, player 2 takes 1, then 2 and 2, 3 and 1: 12 taken.
    let mut next = 1;
    for (player, count) in [(1, 3), (2, 1), (1, 2), (2, 2), (1, 3), (2, 1)] {
        assert_eq!(pos.to_move(), player);
        for _ in 0..count {
            drag(&mut pos, &format!("m.{next}"), "basket");
            next += 1;
        }
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    // Player 2 took the last match, so player 1 wins.
    assert_eq!(winner(&pos), Some(1));
}

#[test]
fn nim12_a_fourth_take_is_refused() {
    let mut pos = load("nim12.game.xml");
    drag(&mut pos, "m.1", "basket");
    drag(&mut pos, "m.2", "basket");
    drag(&mut pos, "m.3", "basket");
    // The move ended by itself: player 2 is on move.
    assert_eq!(pos.to_move(), 2);
    assert!(refused(&pos, "m.1", "matchgroup").contains("No rule lets a match go from basket to matchgroup"));
}

#[test]
fn ball_puzzle_the_twelve_move_solution() {
    let mut pos = load("ball-puzzle.game.xml");
    for n in [2, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15] {
        assert_eq!(winner(&pos), None);
        drag(&mut pos, "b", &format!("s.{n}"));
    }
    assert_eq!(winner(&pos), Some(1));
}

#[test]
fn ball_puzzle_square_three_sends_the_ball_back() {
    let mut pos = load("ball-puzzle.game.xml");
    drag(&mut pos, "b", "s.2");
    drag(&mut pos, "b", "s.3");
    assert!(!refused(&pos, "b", "s.4").is_empty());
    let step = drag(&mut pos, "b", "s.1");
    assert_eq!(rules(&pos).steps[step.rule as usize].name, "go-back");
}

#[test]
fn nim345_one_heap_per_move_and_the_last_taker_wins() {
    let mut pos = load("nim345.game.xml");
    drag(&mut pos, "a.1", "basket");
    assert!(
        !refused(&pos, "b.1", "basket").is_empty(),
        "a second heap in one move"
    );
    drag(&mut pos, "a.2", "basket");
    pos.end_move().unwrap();
    let plan: [(u8, &[&str]); 4] = [
        (2, &["a.3"]),
        (1, &["b.1", "b.2", "b.3", "b.4"]),
        (2, &["c.1", "c.2", "c.3", "c.4"]),
        (1, &["c.5"]),
    ];
    for (player, names) in plan {
        assert_eq!(pos.to_move(), player);
        for n in names {
            drag(&mut pos, n, "basket");
        }
        if pos.can_end_move() {
            pos.end_move().unwrap();
        }
    }
    assert_eq!(winner(&pos), Some(1));
}

#[test]
fn tic_tac_toe_three_in_a_row_wins_and_is_highlighted() {
    let mut pos = load("tic-tac-toe.game.xml");
    let moves = [
        ("x.1", "grid.1.1"),
        ("o.1", "grid.2.1"),
        ("x.2", "grid.1.2"),
        ("o.2", "grid.2.2"),
        ("x.3", "grid.1.3"),
    ];
    for (f, p) in moves {
        drag(&mut pos, f, p);
    }
    let r = rules(&pos);
    match pos.status() {
        Status::Over { winner, line, .. } => {
            assert_eq!(*winner, 1);
            let names: HashSet<&str> = line.iter().map(|&p| r.place_name(p)).collect();
            assert_eq!(names, HashSet::from(["grid.1.1", "grid.1.2", "grid.1.3"]));
        }
        Status::Playing => panic!("the game should be over"),
    }
}

#[test]
fn tic_tac_toe_circles_are_not_yours_and_full_board_draws() {
    let mut pos = load("tic-tac-toe.game.xml");
    assert!(refused(&pos, "o.1", "grid.2.2").contains("not your"));
    // x o x / x o o / o x x : no line, a draw.
    let moves = [
        ("x.1", "grid.1.1"),
        ("o.1", "grid.1.2"),
        ("x.2", "grid.1.3"),
        ("o.2", "grid.2.2"),
        ("x.3", "grid.2.1"),
        ("o.3", "grid.3.1"),
        ("x.4", "grid.3.2"),
        ("o.4", "grid.2.3"),
        ("x.5", "grid.3.3"),
    ];
    for (f, p) in moves {
        assert_eq!(winner(&pos), None);
        drag(&mut pos, f, p);
    }
    assert_eq!(winner(&pos), Some(0));
}

/// The shortest way to a win for a one-player game, by breadth-first search.
fn shortest_win(pos: &mut Position) -> Option<Vec<Step>> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([Vec::<Step>::new()]);
    while let Some(path) = queue.pop_front() {
        let mut undos = Vec::new();
        for s in &path {
            undos.push(pos.apply(*s));
        }
        let done = winner(pos) == Some(1);
        let fresh = seen.insert(pos.hash());
        let next = if fresh && !done {
            pos.legal_steps()
        } else {
            Vec::new()
        };
        while let Some(u) = undos.pop() {
            pos.revert(u);
        }
        if done {
            return Some(path);
        }
        for s in next {
            let mut p = path.clone();
            p.push(s);
            queue.push_back(p);
        }
    }
    None
}

#[test]
fn labyrinth_walls_block_and_the_goal_is_reachable() {
    let mut pos = load("labyrinth.game.xml");
    let r = rules(&pos);
    let hero = r.figure_id("hero").unwrap();
    for step in pos.steps_of(hero) {
        let place = &r.places[step.to as usize];
        assert_ne!(
            place.attributes.get("wall").map(String::as_str),
            Some("yes"),
            "walked into a wall"
        );
    }
    let path = shortest_win(&mut pos).expect("the maze has a way out");
    assert!(path.len() >= 8, "the shortest way takes {} steps", path.len());
    for s in &path {
        pos.play(s.figure, s.to).unwrap();
    }
    assert_eq!(winner(&pos), Some(1));
    assert_eq!(
        pos.state().trigger(0).map(|v| v.to_string()),
        Some(path.len().to_string())
    );
}

#[test]
fn dama_lite_random_games_end_and_keep_the_rules() {
    let mut pos = load("dama-lite.game.xml");
    let r = rules(&pos);
    let captured = r.place_id("captured").unwrap();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _game in 0..20 {
        let mut steps = 0;
        while winner(&pos).is_none() {
            let legal = pos.legal_steps();
            assert!(
                !legal.is_empty() || pos.can_end_move(),
                "stuck in the middle of a move"
            );
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if pos.can_end_move() && (legal.is_empty() || seed.is_multiple_of(2)) {
                pos.end_move().unwrap();
                continue;
            }
            let s = legal[(seed % legal.len() as u64) as usize];
            let before = pos.state().on(captured).len();
            let name = r.steps[s.rule as usize].name.clone();
            pos.play(s.figure, s.to).unwrap();
            let after = pos.state().on(captured).len();
            let jumped = name.contains("jump");
            assert_eq!(
                after,
                before + jumped as usize,
                "{name} captured {}",
                after - before
            );
            steps += 1;
            assert!(steps < 2000, "the game never ends");
        }
        while pos.take_back() {}
        assert_eq!(pos.state().on(captured).len(), 0);
    }
}

#[test]
fn dama_lite_stones_step_forward_diagonally_only() {
    let pos = load("dama-lite.game.xml");
    let r = rules(&pos);
    for s in pos.legal_steps() {
        let (a, b) = (
            r.places[s.from as usize].grid.unwrap(),
            r.places[s.to as usize].grid.unwrap(),
        );
        assert_eq!(b.row, a.row + 1, "white moves up the board");
        assert_eq!((b.column as i32 - a.column as i32).abs(), 1);
    }
}
