//! Crazy Eights (`public/games/crazy-eights*.game.xml`) played through by
//! the computer for two and for four, every move checked against the
//! rules: a card played matches the top of the pile by suit or value or is
//! an eight, a card is drawn only when none can be played, the winner's
//! hand is empty; and the hands are hidden from the other players.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::{self, Limits, Options, Strength};
use tablecraft_engine::Status;

fn load(file: &str, seed: u64) -> Position {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, rules) = tablecraft_engine::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

fn attr(pos: &Position, f: u16, key: &str) -> String {
    pos.rules().figures[f as usize].attributes[key].clone()
}

fn on(pos: &Position, place: &str) -> Vec<u16> {
    let p = pos.rules().place_id(place).unwrap();
    pos.state().on(p).to_vec()
}

fn fits(pos: &Position, card: u16, top: u16) -> bool {
    attr(pos, card, "value") == "8"
        || attr(pos, card, "suit") == attr(pos, top, "suit")
        || attr(pos, card, "value") == attr(pos, top, "value")
}

fn play_through(file: &str, players: u8, seed: u64) -> (u8, u32) {
    let mut pos = load(file, seed);
    assert_eq!(pos.rules().players, players);
    let options = Options {
        strength: Strength::Good,
        limits: Limits {
            time_ms: None,
            nodes: Some(800),
            depth: None,
        },
        seed,
        ..Options::default()
    };
    let hands: Vec<String> = (1..=players).map(|p| format!("hand.{p}")).collect();
    for turn in 1..=600u32 {
        if let Status::Over { winner, .. } = pos.status() {
            assert!(
                on(&pos, &format!("hand.{winner}")).is_empty(),
                "the winner has no cards left"
            );
            return (*winner, turn);
        }
        let me = pos.to_move();
        let pile = pos.rules().place_id("pile").unwrap();
        let mine = pos.rules().place_id(&format!("hand.{me}")).unwrap();
        // The player sees their own hand and the pile, never another hand or the deck.
        for p in 1..=players {
            for &c in &on(&pos, &format!("hand.{p}")) {
                assert_eq!(pos.sees(me, c), p == me);
            }
        }
        assert!(on(&pos, "deck").iter().all(|&c| !pos.sees(me, c)));
        let choice = search::choose(&pos, &options, &mut |_| {});
        let mv = choice.mv.expect("a move");
        for s in &mv.steps {
            let top = on(&pos, "pile").last().copied();
            let playable = top.is_some_and(|top| {
                on(&pos, &format!("hand.{me}"))
                    .iter()
                    .any(|&c| fits(&pos, c, top))
            });
            if let (true, Some(top)) = (s.to == pile, top) {
                assert!(fits(&pos, s.figure, top), "turn {turn}: a card that fits");
            }
            if s.to == mine {
                assert!(
                    !playable,
                    "turn {turn}: a card is drawn only when none can be played"
                );
            }
            pos.play(s.figure, s.to)
                .unwrap_or_else(|r| panic!("{}", r.message));
        }
        let total: usize = hands.iter().map(|h| on(&pos, h).len()).sum::<usize>()
            + on(&pos, "deck").len()
            + on(&pos, "pile").len();
        assert_eq!(total, 52, "no card made or lost");
        if turn == 1 {
            let each = if players == 2 { 7 } else { 5 };
            assert!(hands.iter().all(|h| on(&pos, h).len() >= each - 1), "dealt");
        }
    }
    panic!("no winner after 600 turns (seed {seed})");
}

#[test]
fn two_players_play_crazy_eights_by_the_rules() {
    let mut winners = [0u32; 3];
    for seed in 1..=4 {
        let (winner, _) = play_through("crazy-eights.game.xml", 2, seed);
        winners[usize::from(winner)] += 1;
    }
    assert!(winners[1] + winners[2] > 0, "{winners:?}");
}

#[test]
fn four_players_play_crazy_eights_by_the_rules() {
    for seed in 1..=2 {
        let (winner, turns) = play_through("crazy-eights-4.game.xml", 4, seed);
        assert!((1..=4).contains(&winner) && turns > 4);
    }
}

#[test]
fn hint_and_solve_say_it_depends_on_the_cards() {
    let mut pos = load("crazy-eights.game.xml", 2);
    let s = pos.legal_steps()[0];
    pos.play(s.figure, s.to).unwrap();
    let options = Options {
        limits: Limits {
            time_ms: None,
            nodes: Some(80),
            depth: None,
        },
        ..Options::default()
    };
    let hint = search::hint(&pos, &options);
    assert!(
        hint.text
            .starts_with("Nobody can know in advance: it depends on the cards"),
        "{}",
        hint.text
    );
    // The hint never names a card its player cannot see.
    for &c in &on(&pos, "deck") {
        assert!(
            !hint.text.contains(&format!("{} ", pos.rules().figure_name(c))),
            "{}",
            hint.text
        );
    }
    let solved = search::solve(&pos, Limits::millis(300.0), &mut |_| {});
    assert_eq!(solved.outcome, search::Outcome::Hidden);
}

#[test]
fn a_record_replays_the_shuffled_deal_and_the_game_to_the_same_table() {
    let mut pos = load("crazy-eights.game.xml", 0xCA2D);
    let options = Options {
        strength: Strength::Beginner,
        ..Options::default()
    };
    for _ in 0..40 {
        if pos.status() != &Status::Playing {
            break;
        }
        let mv = search::choose(&pos, &options, &mut |_| {}).mv.expect("a move");
        for s in &mv.steps {
            pos.play(s.figure, s.to)
                .unwrap_or_else(|r| panic!("{}", r.message));
        }
    }
    let record = tablecraft_engine::record::Record::of(&pos);
    assert_eq!(record.seed, Some(0xCA2D));
    let json = serde_json::to_string(&record).unwrap();
    let back: tablecraft_engine::record::Record = serde_json::from_str(&json).unwrap();
    let again = back.replay(Arc::clone(pos.rules())).unwrap();
    assert_eq!(again.state(), pos.state());
    // Another seed deals other cards.
    let other = load("crazy-eights.game.xml", 7);
    assert_ne!(
        on(&other, "deck"),
        on(&load("crazy-eights.game.xml", 0xCA2D), "deck")
    );
}
