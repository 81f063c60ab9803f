//! `tablecraft fuzz SECONDS [SEED]`: mutated game files opened, played at
//! random and searched with a short budget, for a while. Prints the
//! iterations, the failures (a panic, or a search far over its budget)
//! and the slowest input, which is saved to `target/fuzz-slowest.game`.

use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use tablecraft_engine::file::{read_xml, write_json};
use tablecraft_engine::search::{self, rng::Rng, Limits, Options};
use tablecraft_engine::{open_bytes, Position, Status};

const EXAMPLES: &[&str] = &[
    include_str!("../../../public/games/nim12.game.xml"),
    include_str!("../../../public/games/nim345.game.xml"),
    include_str!("../../../public/games/tic-tac-toe.game.xml"),
    include_str!("../../../public/games/dama-lite.game.xml"),
    include_str!("../../../public/games/ball-puzzle.game.xml"),
    include_str!("../../../public/games/labyrinth.game.xml"),
];

/// Pieces of file text and of the rule language, inserted at random.
const PIECES: &[&str] = &[
    "<",
    ">",
    "</",
    "/>",
    "\"",
    "'",
    "&",
    "&#0;",
    "&#1;",
    "&lt;",
    "&lol;",
    "<![CDATA[",
    "]]>",
    "<!--",
    "-->",
    "<when>",
    "</when>",
    "<step name=\"s\">",
    "</steps>",
    "<figure name=\"f\" type=\"t\" origin=\"nowhere\"/>",
    "<end name=\"last-match\" winner=\"5\"><when>yes</when></end>",
    "<board name=\"b\" rows=\"50\" columns=\"50\"/>",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    "null",
    "1e999",
    "-1",
    "0",
    "300",
    "99999999999999999999",
    "\u{0}",
    "\u{feff}",
    " x0",
    " x100",
    " x1-",
    "(",
    ")",
    "[*",
    " and ",
    " or ",
    " not ",
    " / 0",
    " mod 0",
    " * 9223372036854775807",
    "between(from, to)",
    "neighbours(to)",
    "in_a_row(",
    "count(",
    "contains(",
    "empty(to)",
    "row(to)",
    "column(from)",
    "player",
    "opponent",
    "figure",
    "last_figure",
    "if yes then 1 else",
    "é",
    "😀",
];

/// What one input did.
struct Run {
    ms: f64,
    failure: Option<String>,
    overrun_ms: f64,
}

pub fn run(seconds: f64, seed: u64) -> ExitCode {
    let mut bases: Vec<String> = EXAMPLES.iter().map(|s| s.to_string()).collect();
    for text in EXAMPLES {
        if let Ok((game, _)) = read_xml(text) {
            bases.push(write_json(&game));
        }
    }
    let mut rng = Rng::new(seed);
    panic::set_hook(Box::new(|_| {}));
    let start = Instant::now();
    let (mut iterations, mut opened, mut failures, mut worst_overrun) = (0u64, 0u64, 0u64, 0.0f64);
    let mut slowest: (f64, Vec<u8>) = (0.0, Vec::new());
    while start.elapsed().as_secs_f64() < seconds {
        let base = &bases[rng.below(bases.len())];
        let input = mutate(base.as_bytes(), &mut rng);
        let seed = rng.next_u64();
        // Kept while it runs: if an input ever hangs, it is here.
        let _ = std::fs::write("target/fuzz-current.game", &input);
        let result = panic::catch_unwind(AssertUnwindSafe(|| try_one(&input, seed)));
        iterations += 1;
        let run = match result {
            Ok(run) => run,
            Err(e) => Run {
                ms: 0.0,
                failure: Some(format!("panic: {}", panic_text(&e))),
                overrun_ms: 0.0,
            },
        };
        opened += u64::from(run.failure.is_none() && run.overrun_ms >= 0.0);
        worst_overrun = worst_overrun.max(run.overrun_ms);
        if let Some(f) = &run.failure {
            failures += 1;
            if failures <= 10 {
                eprintln!("failure {failures}: {f}");
                let _ = std::fs::write(format!("target/fuzz-failure-{failures}.game"), &input);
            }
        }
        if run.ms > slowest.0 {
            slowest = (run.ms, input);
        }
    }
    let _ = panic::take_hook();
    let _ = std::fs::write("target/fuzz-slowest.game", &slowest.1);
    println!(
        "fuzz: {iterations} inputs in {:.0} s (seed {seed}), {opened} opened and played, {failures} failures",
        start.elapsed().as_secs_f64()
    );
    println!("worst search overrun: {worst_overrun:.1} ms over a 20 ms budget");
    println!(
        "slowest input: {:.1} ms, {} bytes, saved in target/fuzz-slowest.game",
        slowest.0,
        slowest.1.len()
    );
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn panic_text(e: &Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// One to four random changes to `base`.
pub fn mutate(base: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = base.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(6) {
            0 if at < out.len() => out[at] = rng.below(256) as u8,
            1 => {
                let end = (at + 1 + rng.below(60)).min(out.len());
                out.drain(at..end);
            }
            2 => {
                let end = (at + 1 + rng.below(200)).min(out.len());
                let copy = out[at..end].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, copy);
            }
            3 => out.truncate(at),
            _ => {
                let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                out.splice(at..at, piece.iter().copied());
            }
        }
    }
    out
}

/// Opens, plays and searches one input.
fn try_one(input: &[u8], seed: u64) -> Run {
    let t = Instant::now();
    let Ok((_, rules)) = open_bytes(input) else {
        return Run {
            ms: t.elapsed().as_secs_f64() * 1000.0,
            failure: None,
            overrun_ms: -1.0,
        };
    };
    let mut pos = Position::new(Arc::new(rules));
    let _ = pos.rule_errors();
    let mut rng = Rng::new(seed);
    for _ in 0..8 {
        if pos.status() != &Status::Playing {
            break;
        }
        let Some(mv) = search::random_move(&pos, &mut rng) else {
            break;
        };
        let _ = search::play(&mut pos, &mv);
    }
    let options = Options {
        limits: Limits::millis(20.0),
        seed,
        table: 1 << 12,
        ..Options::default()
    };
    let s = Instant::now();
    let choice = search::choose(&pos, &options, &mut |_| {});
    let search_ms = s.elapsed().as_secs_f64() * 1000.0;
    let mut failure = None;
    if search_ms > 1000.0 {
        failure = Some(format!("a 20 ms search took {search_ms:.0} ms"));
    }
    if pos.status() == &Status::Playing && choice.mv.is_none() && !pos.legal_steps().is_empty() {
        failure = Some("no move chosen while the game goes on".into());
    }
    Run {
        ms: t.elapsed().as_secs_f64() * 1000.0,
        failure,
        overrun_ms: (search_ms - 20.0).max(0.0),
    }
}
