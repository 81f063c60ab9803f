//! Speed figures for the computer player (printed, not asserted):
//! a full solve of Tic-Tac-Toe, random playouts on Tic-Tac-Toe and
//! Dama-lite, and the engine's playouts against a hand-written
//! Tic-Tac-Toe on bitboards (`engine::search::baseline`). The page measures
//! the same in its Web Worker (`engine::search::bench`).
//!
//! Run with `cargo bench --bench search`.

use std::sync::Arc;
use tablecraft_engine::search::bench::{self, rate};
use tablecraft_engine::search::{games, native_now, solve, Limits};
use tablecraft_engine::{Position, Rules};

const SECONDS: f64 = 1.0;

fn main() {
    let figures = bench::run(native_now, SECONDS);
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
