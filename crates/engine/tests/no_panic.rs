//! Property tests: no game, however broken, makes the engine panic.
//! Example games are mutated at random (conditions, effects, winners,
//! patterns, moves, capacities) and then checked and played at random.

use proptest::prelude::*;
use std::sync::Arc;
use tablecraft_engine::model::{Game, Pattern};
use tablecraft_engine::{open, Position, Rules};

const WORDS: &[&str] = &[
    "1",
    "0",
    "-3",
    "2",
    "yes",
    "no",
    "\"s.\"",
    "+",
    "-",
    "*",
    "/",
    "mod",
    "=",
    "!=",
    "<",
    ">=",
    "and",
    "or",
    "not",
    "in",
    "(",
    ")",
    "[",
    "]",
    ",",
    "if",
    "then",
    "else",
    "player",
    "opponent",
    "steps",
    "figure",
    "from",
    "to",
    "last_figure",
    "at(",
    "contains(",
    "value(",
    "count(",
    "empty(",
    "first(",
    "row(",
    "column(",
    "neighbours(",
    "between(",
    "in_a_row(",
    "square(",
    "attribute(",
    "owner(",
    "type(",
    "m.1",
    "matchgroup",
    "basket",
    "s.3",
    "b",
    "grid",
    "x.1",
    "board.2.2",
    "moves",
    "move",
    "set",
    "remove",
    "change",
    "crown",
    "x1-3",
    "x0-",
    "[*",
    "take",
    "jump",
    "step",
    "?",
    "*",
    "s.?",
    "",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..12).prop_map(|w| w.join(" "))
}

fn example(name: &str) -> Game {
    let path = format!(
        "{}/public/games/{name}.game.xml",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    open(&std::fs::read_to_string(path).unwrap()).unwrap().0
}

#[derive(Debug, Clone)]
enum Mutation {
    When(usize, String),
    Effect(usize, String),
    Winner(usize, String),
    Pattern(usize, String),
    Sequence(usize, String),
    Capacity(usize, Option<u32>),
    Origin(usize, String),
    Players(u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), soup()).prop_map(|(i, s)| Mutation::When(i, s)),
        (any::<usize>(), soup()).prop_map(|(i, s)| Mutation::Effect(i, s)),
        (any::<usize>(), soup()).prop_map(|(i, s)| Mutation::Winner(i, s)),
        (any::<usize>(), soup()).prop_map(|(i, s)| Mutation::Pattern(i, s)),
        (any::<usize>(), soup()).prop_map(|(i, s)| Mutation::Sequence(i, s)),
        (any::<usize>(), prop::option::of(0u32..4)).prop_map(|(i, c)| Mutation::Capacity(i, c)),
        (any::<usize>(), soup()).prop_map(|(i, s)| Mutation::Origin(i, s)),
        (0u8..4).prop_map(Mutation::Players),
    ]
}

fn mutate(game: &mut Game, m: &Mutation) {
    let pick = |i: usize, n: usize| if n == 0 { None } else { Some(i % n) };
    match m {
        Mutation::When(i, s) => {
            if let Some(i) = pick(*i, game.steps.len()) {
                game.steps[i].when.push(s.clone());
            }
        }
        Mutation::Effect(i, s) => {
            if let Some(i) = pick(*i, game.steps.len()) {
                game.steps[i].effects.push(s.clone());
            }
        }
        Mutation::Winner(i, s) => {
            if let Some(i) = pick(*i, game.game_over.len()) {
                game.game_over[i].winner = s.clone();
            }
        }
        Mutation::Pattern(i, s) => {
            if let Some(i) = pick(*i, game.steps.len()) {
                let vars = (0..s.matches(['*', '?']).count())
                    .map(|k| format!("v{k}"))
                    .collect();
                game.steps[i].to.name = Some(Pattern {
                    text: s.replace(' ', ""),
                    vars,
                });
            }
        }
        Mutation::Sequence(i, s) => {
            if let Some(i) = pick(*i, game.moves.len()) {
                game.moves[i].sequence = s.clone();
            }
        }
        Mutation::Capacity(i, c) => {
            if let Some(i) = pick(*i, game.equipment.len()) {
                game.equipment[i].capacity = *c;
            }
        }
        Mutation::Origin(i, s) => {
            if let Some(i) = pick(*i, game.figures.len()) {
                game.figures[i].origin = s.clone();
            }
        }
        Mutation::Players(p) => game.players = *p,
    }
}

/// Plays at random, taking back now and then, checking the hash each step.
fn play(rules: Rules, choices: &[u8]) {
    let mut pos = Position::new(Arc::new(rules));
    for &c in choices {
        let steps = pos.legal_steps();
        match c % 8 {
            0 => {
                pos.take_back();
            }
            1 => {
                let _ = pos.end_move();
            }
            2 => {
                let _ = pos.pass();
            }
            _ if !steps.is_empty() => {
                let s = steps[c as usize % steps.len()];
                pos.play(s.figure, s.to).expect("a legal step plays");
            }
            _ => {
                let _ = pos.check(c as u16 % 20, c as u16 % 30);
            }
        }
        let _ = pos.rule_errors();
        assert_eq!(pos.hash(), pos.state().full_hash(pos.rules()));
    }
    while pos.take_back() {}
    assert_eq!(pos.state(), Position::new(Arc::clone(pos.rules())).state());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn mutated_games_never_panic(
        which in prop::sample::select(&["nim12", "ball-puzzle", "nim345", "tic-tac-toe", "labyrinth", "dama-lite"][..]),
        mutations in prop::collection::vec(mutation(), 0..4),
        choices in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let mut game = example(which);
        for m in &mutations {
            mutate(&mut game, m);
        }
        if let Ok(rules) = Rules::compile(&game) {
            play(rules, &choices);
        }
    }
}
