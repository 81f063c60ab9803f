//! Property tests on file text: the example files, changed at random (bytes
//! replaced, cut, copied, pieces of markup inserted), are opened, played at
//! random and searched with a short budget. No panic; every refusal has a
//! message; every short search ends near its budget.

use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tablecraft_engine::search::{self, rng::Rng, Limits, Options};
use tablecraft_engine::{open_bytes, Position, Status};

const PIECES: &[&str] = &[
    "<",
    ">",
    "</",
    "/>",
    "\"",
    "&",
    "&#0;",
    "&lt;",
    "<![CDATA[",
    "]]>",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "0",
    "9999999999",
    "-1",
    " and ",
    " or ",
    " not ",
    "(",
    ")",
    "row(to)",
    "count(",
    "empty(to)",
    "<when>",
    "</when>",
    "<step name=\"x\">",
    "<figure name=\"z\" type=\"stone\"/>",
    "\u{0}",
    "\u{feff}",
    "é",
];

fn examples() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../public/games");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the example games")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".game.xml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| std::fs::read(p).expect("a file"))
        .collect()
}

/// Conditions added to a rule's `<when>`: games that still open, but play
/// and search differently.
const CONDITIONS: &[&str] = &[
    " and empty(to)",
    " and not empty(to)",
    " and row(to) > 2",
    " and 1 = 1",
    " or count(neighbours(to)) > 1",
    " and row(to) + column(to) in [1, 2, 3, 5, 8]",
    " and 1 / 0 = 1",
    " and 99999999999 * 99999999999 > 1",
];

/// The places where `needle` starts in `text`.
fn places(text: &[u8], needle: &[u8]) -> Vec<usize> {
    (0..text.len().saturating_sub(needle.len() - 1))
        .filter(|&i| text[i..].starts_with(needle))
        .collect()
}

/// One or two random changes: a digit changed or a condition added (the
/// file mostly still opens), or bytes changed, cut, copied or inserted.
fn mutate(base: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = base.to_vec();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(out.len() + 1);
        match rng.below(14) {
            5..=8 => {
                let digits: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_ascii_digit()).collect();
                if !digits.is_empty() {
                    out[digits[rng.below(digits.len())]] = b'0' + rng.below(10) as u8;
                }
            }
            9.. => {
                let ends = places(&out, b"</when>");
                if !ends.is_empty() {
                    let to = ends[rng.below(ends.len())];
                    let piece = CONDITIONS[rng.below(CONDITIONS.len())].as_bytes();
                    out.splice(to..to, piece.iter().copied());
                }
            }
            0 if at < out.len() => out[at] = rng.below(256) as u8,
            1 => {
                let end = (at + 1 + rng.below(60)).min(out.len());
                out.drain(at.min(end)..end);
            }
            2 => {
                let end = (at + 1 + rng.below(200)).min(out.len());
                let copy = out[at.min(end)..end].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, copy);
            }
            _ => {
                let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                out.splice(at..at, piece.iter().copied());
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn mutated_files_open_play_and_search_within_bounds(which in 0usize..64, seed in any::<u64>()) {
        let files = examples();
        let base = &files[which % files.len()];
        let mut rng = Rng::new(seed);
        let text = mutate(base, &mut rng);
        let (_, rules) = match open_bytes(&text) {
            Ok(opened) => opened,
            Err(problems) => {
                prop_assert!(!problems.is_empty());
                prop_assert!(problems.iter().all(|p| !p.to_string().trim().is_empty()));
                return Ok(());
            }
        };
        let mut pos = Position::new(Arc::new(rules));
        let _ = pos.rule_errors();
        for _ in 0..6 {
            if pos.status() != &Status::Playing {
                break;
            }
            let Some(mv) = search::random_move(&pos, &mut rng) else { break };
            let _ = search::play(&mut pos, &mv);
        }
        let options = Options {
            limits: Limits::millis(20.0),
            seed,
            table: 1 << 12,
            ..Options::default()
        };
        let t = Instant::now();
        let choice = search::choose(&pos, &options, &mut |_| {});
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        // A debug build on a shared machine: generous, but far under the
        // seconds a search took when the clock was read only between figures.
        prop_assert!(ms < 3000.0, "a 20 ms search took {:.0} ms", ms);
        if pos.status() == &Status::Playing && !pos.legal_steps().is_empty() {
            prop_assert!(choice.mv.is_some(), "no move chosen while the game goes on");
        }
    }
}
