//! War (`public/games/war.game.xml`) played through by the computer, the
//! result checked against a reference game of War worked out here from
//! the piles as they were dealt.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::{self, Options, Strength};
use tablecraft_engine::Status;

fn load(seed: u64) -> Position {
    let path = format!("{}/../../public/games/war.game.xml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, rules) = tablecraft_engine::open(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::with_seed(Arc::new(rules), seed)
}

/// The values of the cards on a place, bottom first.
fn values(pos: &Position, place: &str) -> Vec<i64> {
    let rules = pos.rules();
    let p = rules.place_id(place).unwrap();
    pos.state()
        .on(p)
        .iter()
        .map(|&f| rules.figures[f as usize].attributes["value"].parse().unwrap())
        .collect()
}

fn count(pos: &Position, place: &str) -> usize {
    values(pos, place).len()
}

/// War by hand: each round both top cards; the higher takes both and the
/// middle, the same go to the middle. The cards each player has won.
fn reference(mut one: Vec<i64>, mut two: Vec<i64>) -> (usize, usize) {
    let (mut won, mut middle) = ((0, 0), 0);
    while let (Some(a), Some(b)) = (one.pop(), two.pop()) {
        if a > b {
            won.0 += 2 + middle;
            middle = 0;
        } else if b > a {
            won.1 += 2 + middle;
            middle = 0;
        } else {
            middle += 2;
        }
    }
    won
}

fn play_through(seed: u64) -> u8 {
    let mut pos = load(seed);
    let options = Options {
        strength: Strength::Good,
        seed,
        ..Options::default()
    };
    assert_eq!(count(&pos, "deck"), 52);
    let mut dealt = None;
    for turn in 1..=200u32 {
        if let Status::Over { winner, .. } = pos.status() {
            let (one, two) = dealt.clone().expect("the cards were dealt");
            let (a, b) = reference(one, two);
            assert_eq!(
                (count(&pos, "won.1"), count(&pos, "won.2")),
                (a, b),
                "seed {seed}"
            );
            let expected = match a.cmp(&b) {
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Less => 2,
                std::cmp::Ordering::Equal => 0,
            };
            assert_eq!(*winner, expected);
            assert_eq!(turn, 53, "a deal and 52 cards turned up, one a move");
            return *winner;
        }
        assert_eq!(u32::from(pos.to_move()), (turn - 1) % 2 + 1, "turns go round");
        let choice = search::choose(&pos, &options, &mut |_| {});
        let mv = choice.mv.expect("a move");
        for s in &mv.steps {
            pos.play(s.figure, s.to)
                .unwrap_or_else(|r| panic!("{}", r.message));
            if dealt.is_none() && count(&pos, "deck") == 0 {
                let one = values(&pos, "pile.1");
                assert_eq!((one.len(), count(&pos, "pile.2")), (26, 26), "half each");
                dealt = Some((one, values(&pos, "pile.2")));
            }
        }
        if pos.status() == &Status::Playing && !pos.state().made().is_empty() {
            pos.end_move().unwrap_or_else(|r| panic!("{}", r.message));
        }
        let total: usize = [
            "deck", "pile.1", "pile.2", "battle.1", "battle.2", "middle", "won.1", "won.2",
        ]
        .iter()
        .map(|p| count(&pos, p))
        .sum();
        assert_eq!(total, 52, "no card made or lost");
    }
    panic!("War did not end");
}

#[test]
fn war_is_played_through_by_the_rules() {
    let winners: Vec<u8> = (1..=4).map(play_through).collect();
    assert!(winners.iter().any(|&w| w != 0), "{winners:?}");
}

#[test]
fn a_card_turned_up_is_face_up_and_the_piles_are_face_down() {
    let mut pos = load(3);
    let f = pos.legal_steps()[0];
    pos.play(f.figure, f.to).unwrap();
    let rules = Arc::clone(pos.rules());
    let pile = rules.place_id("pile.1").unwrap();
    let top = *pos.state().on(pile).last().unwrap();
    assert!(pos.is_face_down(top) && !pos.sees(1, top) && !pos.sees(2, top));
    let step = pos.legal_steps()[0];
    assert_eq!(step.figure, top);
    pos.play(step.figure, step.to).unwrap();
    assert!(!pos.is_face_down(top) && pos.sees(1, top) && pos.sees(2, top));
}
