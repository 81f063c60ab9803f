//! Reversi, written by hand in the rule language, against published facts.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{play, MoveGen};
use tablecraft_engine::state::Status;

const REVERSI: &str = include_str!("../../../public/games/reversi.game.xml");

fn start() -> Position {
    let (_, rules) = tablecraft_engine::open::open(REVERSI).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

#[test]
fn reversi_move_counts_match_the_published_perft() {
    // Published perft of Reversi from the start: 4, 12, 56, 244, 1396.
    let mut pos = start();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&mut pos, d).unwrap()).collect();
    assert_eq!(counts, vec![4, 12, 56, 244, 1396]);
}

#[test]
fn reversi_flips_the_trapped_discs() {
    let mut pos = start();
    let rules = Arc::clone(pos.rules());
    let square = |r: u16, c: u16| rules.place_id(&format!("board.{r}.{c}")).unwrap();
    let disc = rules.figure_id("disc.1").unwrap();
    // Light puts a disc on row 3, column 4 and traps the dark disc on 4.4.
    pos.play(disc, square(3, 4)).unwrap_or_else(|r| panic!("{r}"));
    let owner_on = |pos: &Position, p| pos.state().owner_of(pos.state().on(p)[0]);
    assert_eq!(owner_on(&pos, square(3, 4)), 1);
    assert_eq!(owner_on(&pos, square(4, 4)), 1, "the dark disc turned light");
    assert_eq!(owner_on(&pos, square(5, 5)), 2);
    assert_eq!(pos.to_move(), 2);
    // A square that traps nothing is refused.
    let disc2 = rules.figure_id("disc.2").unwrap();
    assert!(pos.check(disc2, square(1, 1)).is_err());
}

#[test]
fn reversi_plays_to_the_end_and_the_winner_has_more_discs() {
    let mut pos = start();
    let mut gen = MoveGen::new(pos.rules());
    let mut moves = Vec::new();
    let mut seed = 12345u64;
    for _ in 0..200 {
        if pos.status() != &Status::Playing {
            break;
        }
        gen.moves(&mut pos, &mut moves);
        assert!(
            !moves.is_empty(),
            "a player on move always has a move or passes by itself"
        );
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(seed >> 33) as usize % moves.len()].clone();
        play(&mut pos, &m);
    }
    let Status::Over { winner, .. } = pos.status().clone() else {
        panic!("the game should be over after at most 60 discs");
    };
    let rules = Arc::clone(pos.rules());
    let mut count = [0usize; 3];
    for p in 0..rules.places.len() as u16 {
        if rules.place_name(p).starts_with("board.") {
            for &f in pos.state().on(p) {
                count[pos.state().owner_of(f) as usize] += 1;
            }
        }
    }
    let expected = match count[1].cmp(&count[2]) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 0,
    };
    assert_eq!(winner, expected, "{count:?}");
}
