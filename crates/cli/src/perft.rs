//! `tablecraft perft FILE DEPTH`: how many whole-move sequences of each
//! length there are from the start, to check a game against published counts.
//! Each outcome of a roll of the dice counts as an action of its own.

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
        let n = match perft(&mut pos, d) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("depth {d}: {e}");
                return ExitCode::FAILURE;
            }
        };
        println!("depth {d:>2}  {n:>14}  {:>10.3} s", start.elapsed().as_secs_f64());
    }
    ExitCode::SUCCESS
}
