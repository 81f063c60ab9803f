//! Speed figures of one game: legal-step generation, random playouts,
//! apply/undo and the computer player's search; or, with no game, the
//! engine beside hand-written code (the yardsticks). The measuring is the
//! engine's ([`tablecraft_engine::search::bench`]); this prints it.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::search::bench::yardstick::Yardstick;
use tablecraft_engine::search::bench::{
    self as measure, apply_undo, chance_playouts, per_second, playouts, rate, step_generation,
};
use tablecraft_engine::search::{self, native_now};
use tablecraft_engine::{Position, Rules};

/// How long each figure is measured, in seconds.
const SECONDS: f64 = 1.0;

pub fn run(rules: &Arc<Rules>) {
    let mut pos = Position::new(Arc::clone(rules));
    println!("{}", rules.game.title);

    let (calls, found, took) = step_generation(&pos, native_now, SECONDS);
    println!(
        "legal-step generation (start): {} positions, {} steps",
        rate(per_second((calls, took))),
        rate(per_second((found, took)))
    );

    // Random playouts to the end, as Monte-Carlo plays them.
    let games = if search::chance::needed(rules) {
        chance_playouts(&mut pos, native_now, SECONDS)
    } else {
        playouts(&mut pos, native_now, SECONDS)
    };
    // Which engine played them: a game the bit machine does not hold is
    // played on the general engine, many times slower.
    let engine = match rules.why_no_machine() {
        None => "on the bit machine".to_string(),
        Some(why) => format!("on the general engine: {why}"),
    };
    println!(
        "random playouts (to the end, Monte-Carlo's): {} games, {engine}",
        rate(per_second(games))
    );

    // Positions searched per second by the computer player for one second.
    let limits = search::Limits::millis(SECONDS * 1000.0);
    let c = search::solve(&pos, limits, &mut |_| {});
    println!(
        "search: {} positions in {:.0} ms, {} positions, depth {} ({:?}, {:?})",
        c.nodes,
        c.elapsed_ms,
        rate(per_second((c.nodes, c.elapsed_ms.max(1e-3) / 1000.0))),
        c.depth,
        c.method,
        c.outcome
    );

    // With a roll due at the start: the figures after one roll too.
    if pos.roll_due() {
        if let Some(&roll) = pos.rolls().first() {
            let _ = pos.roll(roll);
            let (calls, found, took) = step_generation(&pos, native_now, SECONDS);
            println!(
                "legal-step generation (after a roll): {} positions, {} steps",
                rate(per_second((calls, took))),
                rate(per_second((found, took)))
            );
            let c = search::solve(&pos, limits, &mut |_| {});
            println!(
                "search after the roll: {} positions in {:.0} ms ({:?}, {:?})",
                c.nodes, c.elapsed_ms, c.method, c.outcome
            );
        }
    }

    if let Some(pairs) = apply_undo(&mut pos, native_now, SECONDS) {
        println!("apply + undo of one step: {}", rate(per_second(pairs)));
    }
}

/// Where the yardstick games' rule files are: `public/games/` here, else
/// in the repository this was built from.
fn games_dir() -> &'static Path {
    let here = Path::new("public/games");
    if here.is_dir() {
        here
    } else {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/games"))
    }
}

/// The engine beside hand-written code, from the shipped rule files; fails
/// when a rule file is missing or does not open.
pub fn yardsticks() -> ExitCode {
    let dir = games_dir();
    let files: Vec<(String, String)> = Yardstick::ALL
        .iter()
        .filter_map(|y| y.file())
        .filter_map(|name| Some((name.to_string(), std::fs::read_to_string(dir.join(name)).ok()?)))
        .collect();
    println!("rule files from {}", dir.display());
    let figures = measure::run(native_now, SECONDS, &files);
    for line in figures.lines() {
        println!("{line}");
    }
    if figures.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
