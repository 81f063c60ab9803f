//! `tablecraft fuzz SECONDS [SEED]`: mutated game files opened, played at
//! random and searched with a short budget, for a while. Prints the
//! iterations, the failures (a panic, or a search far over its budget)
//! and the slowest input, which is saved to `target/fuzz-slowest.game`.

use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;
use tablecraft_engine::file::{read_xml, write_json};
use tablecraft_engine::mutation::{mutate, trial, Trial};
use tablecraft_engine::search::rng::Rng;

/// Each input's search budget, and the time past which it is a failure.
const BUDGET_MS: f64 = 20.0;
const TOO_LONG_MS: f64 = 1000.0;

/// The example games of the source tree this binary was built from, as
/// `public/games/index.json` lists them: the fuzz run is a developer's
/// command, run in the checkout, and so tries every example there is.
fn examples() -> Result<Vec<String>, String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../public/games");
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).map_err(|e| format!("{}: {e}", dir.join(name).display()))
    };
    let names: Vec<String> =
        serde_json::from_str(&read("index.json")?).map_err(|e| format!("public/games/index.json: {e}"))?;
    names.iter().map(|name| read(name)).collect()
}

pub fn run(seconds: f64, seed: u64) -> ExitCode {
    let mut bases = match examples() {
        Ok(texts) => texts,
        Err(e) => {
            eprintln!("The example games could not be read: {e}");
            return ExitCode::FAILURE;
        }
    };
    for text in bases.clone() {
        if let Ok((game, _)) = read_xml(&text) {
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
        let input = mutate(base.as_bytes(), &mut rng, 4);
        let seed = rng.next_u64();
        // Kept while it runs: if an input ever hangs, it is here.
        let _ = std::fs::write("target/fuzz-current.game", &input);
        let result = panic::catch_unwind(AssertUnwindSafe(|| trial(&input, seed, 8, BUDGET_MS)));
        iterations += 1;
        let run = match result {
            Ok(mut run) => {
                if run.search_ms > TOO_LONG_MS {
                    run.failure = Some(format!("a {BUDGET_MS} ms search took {:.0} ms", run.search_ms));
                }
                run
            }
            Err(e) => Trial {
                opened: false,
                ms: 0.0,
                search_ms: 0.0,
                failure: Some(format!("panic: {}", panic_text(&e))),
            },
        };
        opened += u64::from(run.opened && run.failure.is_none());
        if run.opened {
            worst_overrun = worst_overrun.max(run.search_ms - BUDGET_MS);
        }
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
    println!("worst search overrun: {worst_overrun:.1} ms over a {BUDGET_MS} ms budget");
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
