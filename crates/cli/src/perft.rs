//! `tablecraft perft FILE DEPTH`: how many whole-move sequences of each
//! length there are from the start, to check a game against published counts.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use tablecraft_engine::search::perft::perft;
use tablecraft_engine::{Position, Rules};

/// The deepest count asked for.
pub const MAX_DEPTH: u32 = 12;

/// Prints the count for each depth 1..=`depth`, with the time it took.
pub fn run(rules: Arc<Rules>, depth: u32) -> ExitCode {
    let mut pos = Position::new(rules);
    for d in 1..=depth {
        let start = Instant::now();
        let n = perft(&mut pos, d);
        println!("depth {d:>2}  {n:>14}  {:>10.3} s", start.elapsed().as_secs_f64());
    }
    ExitCode::SUCCESS
}
