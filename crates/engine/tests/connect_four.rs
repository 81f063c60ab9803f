//! Connect Four, written by hand in the rule language, against published
//! move counts and a small reference implementation.

use std::sync::Arc;
use tablecraft_engine::position::Position;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::search::{play, MoveGen};
use tablecraft_engine::state::Status;

const CONNECT_FOUR: &str = include_str!("../../../public/games/connect-four.game.xml");

fn start() -> Position {
    let (_, rules) = tablecraft_engine::open::open(CONNECT_FOUR).unwrap_or_else(|p| panic!("{p:#?}"));
    Position::new(Arc::new(rules))
}

#[test]
fn connect_four_move_counts_match_the_published_perft() {
    // No game can end before the 7th disc: 7^d sequences.
    let mut pos = start();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&mut pos, d).unwrap()).collect();
    assert_eq!(counts, vec![7, 49, 343, 2401, 16807]);
}

/// The board as the reference sees it: owner per (row, column), row 1 on top.
fn board(pos: &Position) -> [[u8; 7]; 6] {
    let rules = pos.rules();
    let mut b = [[0u8; 7]; 6];
    for r in 1..=6u16 {
        for c in 1..=7u16 {
            let p = rules.place_id(&format!("board.{r}.{c}")).unwrap();
            if let Some(&f) = pos.state().on(p).first() {
                b[r as usize - 1][c as usize - 1] = pos.state().owner_of(f);
            }
        }
    }
    b
}

/// The reference: who has four in a line, and which columns are open.
fn four(b: &[[u8; 7]; 6]) -> u8 {
    for r in 0..6i32 {
        for c in 0..7i32 {
            let who = b[r as usize][c as usize];
            if who == 0 {
                continue;
            }
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let all = (0..4).all(|k| {
                    let (rr, cc) = (r + dr * k, c + dc * k);
                    (0..6).contains(&rr) && (0..7).contains(&cc) && b[rr as usize][cc as usize] == who
                });
                if all {
                    return who;
                }
            }
        }
    }
    0
}

#[test]
fn connect_four_plays_to_the_end_like_the_reference() {
    let mut seed = 99u64;
    for _game in 0..20 {
        let mut pos = start();
        let mut gen = MoveGen::new(pos.rules());
        let mut moves = Vec::new();
        while pos.status() == &Status::Playing {
            let b = board(&pos);
            assert_eq!(four(&b), 0);
            gen.moves(&mut pos, &mut moves);
            let open = (0..7).filter(|&c| b[0][c] == 0).count();
            assert_eq!(moves.len(), open, "one move per open column");
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = moves[(seed >> 33) as usize % moves.len()].clone();
            let mover = pos.to_move();
            play(&mut pos, &m);
            // The disc lands on the lowest empty square of its column.
            let to = pos.rules().place_name(m.steps[0].to).to_string();
            let mut parts = to.split('.').skip(1).map(|n| n.parse::<usize>().unwrap());
            let (r, c) = (parts.next().unwrap(), parts.next().unwrap());
            assert!(r == 6 || b[r][c - 1] != 0, "{to} is not the lowest empty square");
            if let Status::Over { winner, .. } = pos.status() {
                let after = board(&pos);
                let full = after[0].iter().all(|&x| x != 0);
                match four(&after) {
                    0 => assert!(full && *winner == 0),
                    w => assert_eq!((*winner, w), (mover, mover)),
                }
            }
        }
    }
}
