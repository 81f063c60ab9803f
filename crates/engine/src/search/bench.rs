//! Speed figures for the computer player, with any clock, so that the same
//! code measures natively (`cargo bench --bench search`, `tablecraft
//! bench`) and in the page's Web Worker (`worker_protocol::Task::Bench` in
//! the app): a full solve of Tic-Tac-Toe and of the NIM variants, random
//! playouts on Dama-lite, and each yardstick game's random playouts through
//! the engine beside its hand-written twin ([`yardstick`]); for any game,
//! legal-step generation, random playouts and apply + undo from a position.

pub mod yardstick;

use super::playout::{playout, Scratch};
use super::rng::Rng;
use super::{games, solve, Budget, Limits, Now, Outcome};
use crate::model::Game;
use crate::{Position, Rules};
use serde::{Deserialize, Serialize};
use std::hint::black_box;
use std::sync::Arc;
use yardstick::Row;

/// The figures, as measured.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// Tic-Tac-Toe solved from the start: the positions searched (one solve).
    pub solve_positions: u64,
    /// …and the time one solve takes once the code is warm, in
    /// milliseconds (the mean of the solves after the first).
    pub solve_ms: f64,
    /// …and the time of the first solve, cold: what a player waits for
    /// the first time (in a browser, the code not yet optimised by the
    /// WebAssembly engine).
    pub solve_first_ms: f64,
    /// …and positions searched per second.
    pub solve_per_s: f64,
    /// The solve found the draw, as theory says.
    pub solve_draw: bool,
    /// NIM variants solved from the start, each once the code is warm.
    pub nims: Vec<Solved>,
    /// Random playouts per second through the engine.
    pub dama_lite_playouts_per_s: f64,
    /// Each yardstick game through the engine beside its hand-written twin.
    pub yardsticks: Vec<Row>,
    /// Yardstick games not measured, and why.
    pub problems: Vec<String>,
}

/// A game solved from the start: its name and the milliseconds one solve
/// takes once the code is warm (the mean of the solves after the first).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Solved {
    pub game: String,
    pub ms: f64,
}

/// The time a NIM variant's solve is to stay under, in milliseconds.
pub const NIM_GOAL_MS: f64 = 10.0;

impl Figures {
    /// The figures as lines of text: the solve, Dama-lite, then the table
    /// of yardsticks and what could not be measured.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![
            format!(
                "tic-tac-toe full solve: {}, {} positions in {:.1} ms, {} (the first solve {:.1} ms)",
                if self.solve_draw { "draw" } else { "NOT a draw" },
                self.solve_positions,
                self.solve_ms,
                rate(self.solve_per_s),
                self.solve_first_ms
            ),
            format!(
                "nim full solves (goal: each under {NIM_GOAL_MS} ms): {}",
                self.nims
                    .iter()
                    .map(|n| format!("{} {:.1} ms", n.game, n.ms))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            format!(
                "dama-lite random playouts (engine): {}",
                rate(self.dama_lite_playouts_per_s)
            ),
            yardstick::header(),
        ];
        lines.extend(self.yardsticks.iter().map(Row::line));
        lines.extend(self.problems.iter().cloned());
        lines
    }
}

/// A rate for people: `1.23 M/s`, `45.6 k/s`, `789 /s`.
pub fn rate(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.2} M/s", r / 1e6)
    } else if r >= 1e4 {
        format!("{:.1} k/s", r / 1e3)
    } else if r >= 10.0 {
        format!("{r:.0} /s")
    } else {
        format!("{r:.2} /s")
    }
}

fn start(game: &Game) -> Option<Position> {
    Some(Position::new(Arc::new(Rules::compile(game).ok()?)))
}

/// Solves Tic-Tac-Toe from the start, once, then until the code is warm,
/// then `runs` times more:
/// (positions of one solve, milliseconds of one solve after the first,
/// milliseconds of the first, a draw every time).
pub fn full_solve(now: Now, runs: u32) -> (u64, f64, f64, bool) {
    solve_times(&games::tic_tac_toe(), now, runs, Outcome::Draw).unwrap_or_default()
}

/// Solves `game` from the start, once, then untimed for [`WARM_MS`], then
/// `runs` times more:
/// (positions of one solve, milliseconds of one solve after the first,
/// milliseconds of the first, the outcome `expected` every time); `None`
/// when it does not compile.
fn solve_times(game: &Game, now: Now, runs: u32, expected: Outcome) -> Option<(u64, f64, f64, bool)> {
    let pos = start(game)?;
    let timed = |runs: u32| {
        let (mut nodes, mut right) = (0u64, true);
        let t = now();
        for _ in 0..runs {
            let c = solve(&pos, Limits::none(), &mut |_| {});
            right &= c.outcome == expected;
            nodes += c.nodes;
        }
        ((now() - t) / f64::from(runs), nodes / u64::from(runs), right)
    };
    let (first_ms, _, first_right) = timed(1);
    // Solved again, untimed, until the code is warm.
    let t = now();
    while now() - t < WARM_MS {
        solve(&pos, Limits::none(), &mut |_| {});
    }
    let (ms, nodes, right) = timed(runs.max(1));
    Some((nodes, ms, first_ms, right && first_right))
}

/// The NIM variants of `public/games/`, each solved `runs` times once warm:
/// NIM12 (take 1 to 3), Nim 3-4-5 (any number from one heap) and Nim 3-4-5
/// for three players. A solve that does not find the known outcome is
/// not a figure: it is left out.
pub fn nim_solves(now: Now, runs: u32) -> Vec<Solved> {
    let mut three = games::nim_heaps(&[3, 4, 5]);
    three.players = 3;
    for end in &mut three.game_over {
        end.winner = "previous".into();
    }
    [
        ("NIM12", games::nim(12), Outcome::Win { moves: 6 }),
        (
            "Nim 3-4-5",
            games::nim_heaps(&[3, 4, 5]),
            Outcome::Win { moves: 11 },
        ),
        ("Nim for three", three, Outcome::Chance { permille: 0 }),
    ]
    .into_iter()
    .filter_map(|(name, game, expected)| {
        let (_, ms, _, right) = solve_times(&game, now, runs, expected)?;
        right.then(|| Solved {
            game: name.into(),
            ms,
        })
    })
    .collect()
}

/// Random playouts through the engine from the game's start for about
/// `seconds`: (playouts, seconds taken).
pub fn engine_playouts(game: &Game, now: Now, seconds: f64) -> (u64, f64) {
    match start(game) {
        Some(mut pos) => playouts(&mut pos, now, seconds),
        None => (0, 0.0),
    }
}

/// Random playouts from `pos`, as Monte-Carlo plays them
/// ([`super::playout::playout`]), for about `seconds`: (playouts, seconds
/// taken). The position is as it was afterwards.
pub fn playouts(pos: &mut Position, now: Now, seconds: f64) -> (u64, f64) {
    timed_playouts(pos, now, seconds, |pos, rng, scratch, budget| {
        black_box(playout(pos, rng, scratch, budget, None));
    })
}

/// Random playouts from `pos` as the search with dice or several players
/// plays them ([`super::chance::playout`]: rolls included), for about
/// `seconds`: (playouts, seconds taken).
pub fn chance_playouts(pos: &mut Position, now: Now, seconds: f64) -> (u64, f64) {
    timed_playouts(pos, now, seconds, |pos, rng, scratch, budget| {
        black_box(super::chance::playout(pos, rng, scratch, budget));
    })
}

/// Runs `one` playout after another from `pos` for about `seconds`, with
/// one generator, one [`Scratch`] and unlimited budget: (playouts, seconds).
fn timed_playouts(
    pos: &mut Position,
    now: Now,
    seconds: f64,
    mut one: impl FnMut(&mut Position, &mut Rng, &mut Scratch, &mut Budget),
) -> (u64, f64) {
    let mut rng = Rng::new(1);
    let mut scratch = Scratch::default();
    let mut budget = Budget::new(now, Limits::none(), None);
    let t = now();
    let (mut n, mut batch, mut last) = (0u64, 1u64, t);
    while last - t < seconds * 1000.0 {
        for _ in 0..batch {
            one(pos, &mut rng, &mut scratch, &mut budget);
        }
        n += batch;
        let at = now();
        // Reading the clock may cost as much as a playout of a small game
        // (in the page, a call out to JavaScript): while they take under a
        // millisecond, it is read after twice as many, up to 64, as the
        // hand-written playouts read it.
        if at - last < 1.0 {
            batch = (batch * 2).min(64);
        }
        last = at;
    }
    (n, (last - t) / 1000.0)
}

/// Legal-step generation at `pos` for about `seconds`: (times generated,
/// steps found, seconds taken).
pub fn step_generation(pos: &Position, now: Now, seconds: f64) -> (u64, u64, f64) {
    let t = now();
    let (mut calls, mut found) = (0u64, 0u64);
    while now() - t < seconds * 1000.0 {
        for _ in 0..64 {
            found += black_box(pos.legal_steps()).len() as u64;
        }
        calls += 64;
    }
    (calls, found, (now() - t) / 1000.0)
}

/// Applying and undoing the first legal step at `pos` for about `seconds`:
/// (times, seconds taken), or `None` when there is no legal step.
pub fn apply_undo(pos: &mut Position, now: Now, seconds: f64) -> Option<(u64, f64)> {
    let step = *pos.legal_steps().first()?;
    let t = now();
    let mut n = 0u64;
    while now() - t < seconds * 1000.0 {
        for _ in 0..1000 {
            let undo = pos.apply(black_box(step));
            pos.revert(undo);
        }
        n += 1000;
    }
    Some((n, (now() - t) / 1000.0))
}

/// How many a second: `(count, seconds)` → count per second.
pub fn per_second((n, s): (u64, f64)) -> f64 {
    n as f64 / s.max(1e-9)
}

/// How many solves are timed, the code then warm.
const WARM_SOLVES: u32 = 20;

/// How long a game is solved again, untimed, after its first solve and
/// before the timed ones, in milliseconds. As WebAssembly, code first runs
/// as the browser's quick first compile made it and is compiled again,
/// faster, once it has run a while: in the page, the five solves that
/// followed the first took 11.2 ms each, the hundred after it 6.0 ms.
const WARM_MS: f64 = 300.0;

/// Measures everything, each playout figure for about `seconds`; the
/// yardstick games other than Tic-Tac-Toe from their rule `files` (file
/// name and text, as in `public/games/`).
pub fn run(now: Now, seconds: f64, files: &[(String, String)]) -> Figures {
    let (solve_positions, solve_ms, solve_first_ms, solve_draw) = full_solve(now, WARM_SOLVES);
    let (yardsticks, problems) = yardstick::compare_all(files, now, seconds);
    Figures {
        solve_positions,
        solve_ms,
        solve_first_ms,
        solve_per_s: solve_positions as f64 / (solve_ms / 1000.0).max(1e-9),
        solve_draw,
        nims: nim_solves(now, WARM_SOLVES),
        dama_lite_playouts_per_s: per_second(engine_playouts(&games::dama_lite(), now, seconds)),
        yardsticks,
        problems,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::native_now;

    #[test]
    fn a_short_run_gives_positive_figures() {
        let f = run(native_now, 0.02, &[]);
        assert!(f.solve_draw);
        assert!(f.solve_positions > 0 && f.solve_ms > 0.0 && f.solve_per_s > 0.0);
        assert!(f.solve_first_ms > 0.0);
        assert!(f.dama_lite_playouts_per_s > 0.0);
        assert_eq!(f.yardsticks.len(), 1, "Tic-Tac-Toe, built in");
        assert!(f.yardsticks[0].ratio() > 0.0);
        assert_eq!(f.problems.len(), 3, "no rule file given");
        let nims: Vec<&str> = f.nims.iter().map(|n| n.game.as_str()).collect();
        assert_eq!(
            nims,
            ["NIM12", "Nim 3-4-5", "Nim for three"],
            "each solved as theory says"
        );
        assert!(f.nims.iter().all(|n| n.ms > 0.0));
        assert_eq!(f.lines().len(), 4 + 1 + 3);
    }

    #[test]
    fn any_game_is_measured_and_left_as_it_was() {
        let Some(mut pos) = start(&games::tic_tac_toe()) else {
            panic!("Tic-Tac-Toe compiles");
        };
        let before = pos.hash();
        let at_start = pos.legal_steps().len() as u64;
        let (calls, found, s) = step_generation(&pos, native_now, 0.01);
        assert!(calls > 0 && s > 0.0);
        assert_eq!(found, calls * at_start, "the same steps every time");
        let (n, s) = playouts(&mut pos, native_now, 0.01);
        assert!(n > 0 && per_second((n, s)) > 0.0);
        let (n, _) = apply_undo(&mut pos, native_now, 0.01).unwrap();
        assert!(n >= 1000);
        assert_eq!(pos.hash(), before);
        assert_eq!(pos.legal_steps().len() as u64, at_start);
    }

    #[test]
    fn rates_read_well() {
        assert_eq!(rate(2_500_000.0), "2.50 M/s");
        assert_eq!(rate(45_600.0), "45.6 k/s");
        assert_eq!(rate(789.4), "789 /s");
        assert_eq!(rate(0.47), "0.47 /s");
    }
}
