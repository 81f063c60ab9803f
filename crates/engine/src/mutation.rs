//! Random changes to game-file text, and a short trial of what comes out:
//! opened (or refused with words), played at random, searched with a small
//! budget. Shared by `tablecraft fuzz` and the engine's property tests, so
//! that both try files the same ways.

use crate::search::{self, rng::Rng, Limits, Options};
use crate::{open_bytes, Position, Status};
use std::sync::Arc;
use std::time::Instant;

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
    "<figure name=\"z\" type=\"stone\"/>",
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
    "9999999999",
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

/// One to `most` random changes to `base`: a digit changed or a condition
/// added (the file mostly still opens), or bytes changed, cut, copied,
/// inserted or the rest cut off.
pub fn mutate(base: &[u8], rng: &mut Rng, most: usize) -> Vec<u8> {
    let mut out = base.to_vec();
    for _ in 0..1 + rng.below(most.max(1)) {
        let at = rng.below(out.len() + 1);
        match rng.below(16) {
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
            3 => out.truncate(at),
            4..=7 => {
                let digits: Vec<usize> = (0..out.len()).filter(|&i| out[i].is_ascii_digit()).collect();
                if !digits.is_empty() {
                    out[digits[rng.below(digits.len())]] = b'0' + rng.below(10) as u8;
                }
            }
            8..=11 => {
                let ends = places(&out, b"</when>");
                if !ends.is_empty() {
                    let to = ends[rng.below(ends.len())];
                    let piece = CONDITIONS[rng.below(CONDITIONS.len())].as_bytes();
                    out.splice(to..to, piece.iter().copied());
                }
            }
            _ => {
                let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                out.splice(at..at, piece.iter().copied());
            }
        }
    }
    out
}

/// The places where `needle` starts in `text`.
fn places(text: &[u8], needle: &[u8]) -> Vec<usize> {
    (0..text.len().saturating_sub(needle.len() - 1))
        .filter(|&i| text[i..].starts_with(needle))
        .collect()
}

/// What a [`trial`] of one input did.
#[derive(Debug)]
pub struct Trial {
    /// Whether the input opened as a game (and was played and searched).
    pub opened: bool,
    /// The whole trial's time, in milliseconds.
    pub ms: f64,
    /// The search's time, in milliseconds (0 when the input did not open).
    pub search_ms: f64,
    /// What went wrong: a refusal without words, or no move chosen while
    /// the game goes on.
    pub failure: Option<String>,
}

/// Opens `input`, plays up to `steps` random moves, then searches with a
/// budget of `budget_ms`.
pub fn trial(input: &[u8], seed: u64, steps: usize, budget_ms: f64) -> Trial {
    let t = Instant::now();
    let rules = match open_bytes(input) {
        Ok((_, rules)) => rules,
        Err(problems) => {
            let silent = problems.is_empty() || problems.iter().any(|p| p.to_string().trim().is_empty());
            return Trial {
                opened: false,
                ms: t.elapsed().as_secs_f64() * 1000.0,
                search_ms: 0.0,
                failure: silent.then(|| "refused without saying why".to_string()),
            };
        }
    };
    let mut pos = Position::new(Arc::new(rules));
    let _ = pos.rule_errors();
    let mut rng = Rng::new(seed);
    for _ in 0..steps {
        if pos.status() != &Status::Playing {
            break;
        }
        let Some(mv) = search::random_move(&pos, &mut rng) else {
            break;
        };
        let _ = search::play(&mut pos, &mv);
    }
    let options = Options {
        limits: Limits::millis(budget_ms),
        seed,
        table: 1 << 12,
        ..Options::default()
    };
    let s = Instant::now();
    let choice = search::choose(&pos, &options, &mut |_| {});
    let search_ms = s.elapsed().as_secs_f64() * 1000.0;
    let stuck = pos.status() == &Status::Playing && choice.mv.is_none() && !pos.legal_steps().is_empty();
    Trial {
        opened: true,
        ms: t.elapsed().as_secs_f64() * 1000.0,
        search_ms,
        failure: stuck.then(|| "no move chosen while the game goes on".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NIM: &str = include_str!("../../../public/games/nim12.game.xml");

    #[test]
    fn the_same_seed_makes_the_same_change_and_changes_differ() {
        let a = mutate(NIM.as_bytes(), &mut Rng::new(7), 3);
        assert_eq!(a, mutate(NIM.as_bytes(), &mut Rng::new(7), 3));
        let changed = (0..20)
            .filter(|&seed| mutate(NIM.as_bytes(), &mut Rng::new(seed), 1) != NIM.as_bytes())
            .count();
        assert!(changed >= 15, "only {changed} of 20 changed the file");
    }

    #[test]
    fn a_trial_opens_plays_and_searches_or_says_why_not() {
        let good = trial(NIM.as_bytes(), 1, 4, 10.0);
        assert!(good.opened && good.failure.is_none(), "{good:?}");
        assert!(good.search_ms > 0.0);
        let broken = trial(b"<game", 1, 4, 10.0);
        assert!(!broken.opened && broken.failure.is_none(), "{broken:?}");
    }
}
