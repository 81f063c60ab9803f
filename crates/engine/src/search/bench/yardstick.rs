//! The engine beside hand-written code: random playouts of a game through
//! the engine (its rules read from the shipped rule file) and of the same
//! game written by hand on bitboards ([`crate::search::baseline`]),
//! measured in turns in one run, with the ratio and the goal of each.

use super::{per_second, playouts, rate, start};
use crate::file::read_xml;
use crate::model::Game;
use crate::search::baseline::{checkers, connect_four, reversi, tic_tac_toe};
use crate::search::rng::Rng;
use crate::search::{games, Now};
use serde::{Deserialize, Serialize};
use std::hint::black_box;

/// A game with a hand-written twin to measure the engine against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Yardstick {
    TicTacToe,
    ConnectFour,
    Checkers,
    Reversi,
}

/// How many turns each side is measured in, alternately, so that a
/// machine busy for a moment slows both alike.
const TURNS: u32 = 4;

/// The share of the measuring time first spent unmeasured on each side.
const WARM_UP: f64 = 0.25;

impl Yardstick {
    pub const ALL: [Yardstick; 4] = [
        Yardstick::TicTacToe,
        Yardstick::ConnectFour,
        Yardstick::Checkers,
        Yardstick::Reversi,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Yardstick::TicTacToe => "Tic-Tac-Toe",
            Yardstick::ConnectFour => "Connect Four",
            Yardstick::Checkers => "English checkers",
            Yardstick::Reversi => "Reversi",
        }
    }

    /// The rule file of `public/games/` the engine plays; Tic-Tac-Toe's
    /// rules are built in ([`games::tic_tac_toe`]).
    pub fn file(self) -> Option<&'static str> {
        match self {
            Yardstick::TicTacToe => None,
            Yardstick::ConnectFour => Some("connect-four.game.xml"),
            Yardstick::Checkers => Some("english-checkers.game.xml"),
            Yardstick::Reversi => Some("reversi.game.xml"),
        }
    }

    /// The game whose rule file is called `name`.
    pub fn of_file(name: &str) -> Option<Yardstick> {
        Yardstick::ALL.into_iter().find(|y| y.file() == Some(name))
    }

    /// The goal: the engine at least 1 / this as fast as the hand-written
    /// code (issue 12).
    pub fn goal(self) -> f64 {
        match self {
            Yardstick::TicTacToe => 3.0,
            Yardstick::ConnectFour | Yardstick::Reversi => 5.0,
            Yardstick::Checkers => 4.0,
        }
    }

    /// Random games of the hand-written twin for about `seconds`:
    /// (playouts, seconds taken).
    pub fn hand_playouts(self, now: Now, seconds: f64) -> (u64, f64) {
        let mut rng = Rng::new(1);
        let mut moves = Vec::new();
        let mut one = || match self {
            Yardstick::TicTacToe => tic_tac_toe::playout(&mut rng),
            Yardstick::ConnectFour => connect_four::playout(&mut rng),
            Yardstick::Checkers => checkers::playout(&mut rng, &mut moves),
            Yardstick::Reversi => reversi::playout(&mut rng),
        };
        let t = now();
        let mut n = 0u64;
        while now() - t < seconds * 1000.0 {
            for _ in 0..64 {
                black_box(one());
            }
            n += 64;
        }
        (n, (now() - t) / 1000.0)
    }
}

/// One game measured both ways.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub game: String,
    /// Random playouts per second through the engine.
    pub engine_per_s: f64,
    /// …and of the hand-written twin.
    pub hand_per_s: f64,
    /// The goal: a ratio of 1 : this at most.
    pub goal: f64,
}

impl Row {
    /// How many times faster the hand-written code plays out (the engine
    /// : hand-written ratio is 1 : this).
    pub fn ratio(&self) -> f64 {
        self.hand_per_s / self.engine_per_s.max(1e-9)
    }

    /// Whether the engine reaches its goal.
    pub fn meets_goal(&self) -> bool {
        self.ratio() <= self.goal
    }

    /// The row as text, in the columns of [`header`].
    pub fn line(&self) -> String {
        format!(
            "{:<17} {:>12} {:>13} {:>12} {:>7} {}",
            self.game,
            rate(self.engine_per_s),
            rate(self.hand_per_s),
            format!("1 : {:.1}", self.ratio()),
            format!("1 : {}", self.goal),
            if self.meets_goal() { "reached" } else { "not yet" }
        )
    }
}

/// The heading of the table of rows.
pub fn header() -> String {
    format!(
        "{:<17} {:>12} {:>13} {:>12} {:>7}",
        "random playouts", "engine", "hand-written", "ratio", "goal"
    )
}

/// Measures `yardstick` played by the engine from `game` (its rules)
/// against its hand-written twin, about `seconds` each, in turns, once
/// both have run a while unmeasured: the speed of code already compiled
/// to the end (a WebAssembly engine first runs code compiled in haste and
/// swaps in optimised code a while later) and of a game's tables already
/// worked out.
pub fn compare(yardstick: Yardstick, game: &Game, now: Now, seconds: f64) -> Row {
    let (mut engine, mut hand) = ((0, 0.0), (0, 0.0));
    if let Some(mut pos) = start(game) {
        let warm = seconds * WARM_UP;
        playouts(&mut pos, now, warm);
        yardstick.hand_playouts(now, warm);
        for _ in 0..TURNS {
            let (n, s) = playouts(&mut pos, now, seconds / f64::from(TURNS));
            engine = (engine.0 + n, engine.1 + s);
            let (n, s) = yardstick.hand_playouts(now, seconds / f64::from(TURNS));
            hand = (hand.0 + n, hand.1 + s);
        }
    }
    Row {
        game: yardstick.name().into(),
        engine_per_s: per_second(engine),
        hand_per_s: per_second(hand),
        goal: yardstick.goal(),
    }
}

/// Every yardstick, Tic-Tac-Toe from its built-in rules and the others
/// from `files` (file name and text, as in `public/games/`): the rows, and
/// a sentence for each game whose file is missing or does not open.
pub fn compare_all(files: &[(String, String)], now: Now, seconds: f64) -> (Vec<Row>, Vec<String>) {
    let mut rows = vec![compare(Yardstick::TicTacToe, &games::tic_tac_toe(), now, seconds)];
    let mut problems = Vec::new();
    for y in Yardstick::ALL {
        let Some(name) = y.file() else { continue };
        match files.iter().find(|(n, _)| n == name) {
            None => problems.push(format!("{}: the rule file {name} was not given", y.name())),
            Some((_, text)) => match read_xml(text) {
                Ok((game, _)) if start(&game).is_some() => rows.push(compare(y, &game, now, seconds)),
                _ => problems.push(format!("{}: the rule file {name} does not open", y.name())),
            },
        }
    }
    (rows, problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::native_now;

    #[test]
    fn each_game_is_measured_both_ways_from_its_file() {
        // Connect Four only: a test build plays checkers and Reversi slowly.
        let file = "connect-four.game.xml";
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../public/games/connect-four.game.xml"
        ));
        let files = vec![(file.to_string(), text.unwrap_or_default())];
        let (rows, problems) = compare_all(&files, native_now, 0.02);
        let names: Vec<&str> = rows.iter().map(|r| r.game.as_str()).collect();
        assert_eq!(names, ["Tic-Tac-Toe", "Connect Four"]);
        for r in &rows {
            assert!(r.engine_per_s > 0.0 && r.hand_per_s > 0.0, "{r:?}");
            assert!(r.hand_per_s > r.engine_per_s, "{r:?}");
            assert!(r.line().contains(&format!("1 : {:.1}", r.ratio())));
        }
        assert_eq!(
            problems,
            [
                "English checkers: the rule file english-checkers.game.xml was not given",
                "Reversi: the rule file reversi.game.xml was not given"
            ]
        );
    }

    #[test]
    fn a_missing_or_broken_file_is_said_and_skipped() {
        let files = vec![("reversi.game.xml".to_string(), "<game".to_string())];
        let (rows, problems) = compare_all(&files, native_now, 0.004);
        assert_eq!(rows.len(), 1, "Tic-Tac-Toe only");
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[2].contains("reversi.game.xml does not open"));
    }

    #[test]
    fn the_ratio_is_read_against_the_goal() {
        let row = |engine: f64| Row {
            game: "x".into(),
            engine_per_s: engine,
            hand_per_s: 1000.0,
            goal: 4.0,
        };
        assert!(row(250.0).meets_goal() && row(300.0).meets_goal());
        assert!(!row(200.0).meets_goal());
        assert!((row(200.0).ratio() - 5.0).abs() < 1e-9);
        assert!(row(200.0).line().ends_with("   1 : 5.0   1 : 4 not yet"));
        assert_eq!(Yardstick::of_file("reversi.game.xml"), Some(Yardstick::Reversi));
        assert_eq!(Yardstick::of_file("nim12.game.xml"), None);
    }
}
