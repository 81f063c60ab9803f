//! Speed figures for the computer player (printed, not asserted):
//! a full solve of Tic-Tac-Toe, random playouts on Tic-Tac-Toe and
//! Dama-lite, and the engine's playouts against a hand-written
//! Tic-Tac-Toe on bitboards.
//!
//! Run with `cargo bench --bench search`.

use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;
use tablecraft::engine::search::games;
use tablecraft::engine::search::mcts::playout;
use tablecraft::engine::search::rng::Rng;
use tablecraft::engine::search::{native_now, solve, Budget, Limits};
use tablecraft::engine::{Game, Position, Rules};

const SECONDS: f64 = 1.0;

fn start(game: &Game) -> Position {
    Position::new(Arc::new(Rules::compile(game).expect("the game compiles")))
}

fn per_second(count: u64, seconds: f64) -> String {
    let r = count as f64 / seconds.max(1e-9);
    if r >= 1e6 {
        format!("{:.2} M/s", r / 1e6)
    } else if r >= 1e4 {
        format!("{:.1} k/s", r / 1e3)
    } else {
        format!("{r:.0} /s")
    }
}

/// Random playouts through the engine for about a second: (playouts, seconds).
fn engine_playouts(game: &Game) -> (u64, f64) {
    let mut pos = start(game);
    let mut rng = Rng::new(1);
    let mut buf = Vec::new();
    let mut budget = Budget::new(native_now, Limits::none(), None);
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed().as_secs_f64() < SECONDS {
        for _ in 0..64 {
            black_box(playout(&mut pos, &mut rng, &mut buf, &mut budget));
        }
        n += 64;
    }
    (n, t.elapsed().as_secs_f64())
}

const LINES: [u16; 8] = [
    0b111,
    0b111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// One random game of Tic-Tac-Toe on bitboards; returns the winner (0: draw).
fn bitboard_playout(rng: &mut Rng) -> u8 {
    let mut boards = [0u16; 2];
    for ply in 0..9 {
        let free = !(boards[0] | boards[1]) & 0x1FF;
        let mut k = rng.below(free.count_ones() as usize);
        let mut bits = free;
        while k > 0 {
            bits &= bits - 1;
            k -= 1;
        }
        let side = ply % 2;
        boards[side] |= bits & bits.wrapping_neg();
        if LINES.iter().any(|&l| boards[side] & l == l) {
            return side as u8 + 1;
        }
    }
    0
}

fn bitboard_playouts() -> (u64, f64) {
    let mut rng = Rng::new(1);
    let t = Instant::now();
    let mut n = 0u64;
    while t.elapsed().as_secs_f64() < SECONDS {
        for _ in 0..4096 {
            black_box(bitboard_playout(&mut rng));
        }
        n += 4096;
    }
    (n, t.elapsed().as_secs_f64())
}

fn main() {
    // A full solve of Tic-Tac-Toe from the start, several times.
    let pos = start(&games::tic_tac_toe());
    let (mut nodes, mut ms, runs) = (0u64, 0.0, 5);
    for _ in 0..runs {
        let c = solve(&pos, Limits::none(), &mut |_| {});
        assert_eq!(c.outcome, tablecraft::engine::search::Outcome::Draw);
        nodes += c.nodes;
        ms += c.elapsed_ms;
    }
    println!(
        "tic-tac-toe full solve: draw, {} positions in {:.1} ms each, {} positions",
        nodes / runs,
        ms / runs as f64,
        per_second(nodes, ms / 1000.0)
    );

    // Alpha-beta on Dama-lite for a second (no heuristic: wins and losses only).
    let pos = start(&games::dama_lite());
    let c = solve(&pos, Limits::millis(1000.0 * SECONDS), &mut |_| {});
    println!(
        "dama-lite search: depth {}, {} positions, {} ({:?})",
        c.depth,
        c.nodes,
        per_second(c.nodes, c.elapsed_ms / 1000.0),
        c.method
    );

    let (n, s) = engine_playouts(&games::tic_tac_toe());
    let engine = n as f64 / s;
    println!("tic-tac-toe random playouts (engine): {}", per_second(n, s));
    let (n, s) = bitboard_playouts();
    let hand = n as f64 / s;
    println!(
        "tic-tac-toe random playouts (hand-written bitboards): {}",
        per_second(n, s)
    );
    println!("engine / hand-written: 1 : {:.0}", hand / engine);
    let (n, s) = engine_playouts(&games::dama_lite());
    println!("dama-lite random playouts (engine): {}", per_second(n, s));
}
