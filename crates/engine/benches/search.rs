//! Speed figures for the computer player (printed, not asserted): a full
//! solve of Tic-Tac-Toe and of the NIM variants, random playouts on
//! Dama-lite, and the table of yardsticks: each game's random playouts
//! through the engine beside its hand-written twin on bitboards
//! (`engine::search::baseline`), the rules of Connect Four, English
//! checkers and Reversi read from the shipped files in `public/games/`. The page measures the same in its Web Worker
//! (`engine::search::bench`).
//!
//! Run with `cargo bench --bench search`.

use std::sync::Arc;
use tablecraft_engine::search::bench::{self, rate, yardstick::Yardstick};
use tablecraft_engine::search::{games, native_now, solve, Limits};
use tablecraft_engine::{Position, Rules};

const SECONDS: f64 = 1.0;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/games");
    let files: Vec<(String, String)> = Yardstick::ALL
        .iter()
        .filter_map(|y| y.file())
        .filter_map(|name| {
            Some((
                name.to_string(),
                std::fs::read_to_string(format!("{dir}/{name}")).ok()?,
            ))
        })
        .collect();
    let figures = bench::run(native_now, SECONDS, &files);
    for line in figures.lines() {
        println!("{line}");
    }

    // Alpha-beta on Dama-lite for a second (no heuristic: wins and losses only).
    let rules = Rules::compile(&games::dama_lite()).expect("the game compiles");
    let pos = Position::new(Arc::new(rules));
    let c = solve(&pos, Limits::millis(1000.0 * SECONDS), &mut |_| {});
    println!(
        "dama-lite search: depth {}, {} positions, {} ({:?})",
        c.depth,
        c.nodes,
        rate(c.nodes as f64 / (c.elapsed_ms / 1000.0).max(1e-9)),
        c.method
    );
}
