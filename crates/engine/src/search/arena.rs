//! Matches between two computer players, to measure strength: each side a
//! strength and a time a move, playing whole games against the other with
//! the seats taken in turn.
//!
//! A game is played as the page plays it: each chosen move is made step by
//! step with [`Position::play_step`], End move and pass, so that a move the
//! search gets wrong is refused rather than played; dice are rolled by the
//! game's own chance, seeded by the game's number.

use super::{Computer, Limits, Move, Now, Options, Strength};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::Status;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The most whole moves of one game; a longer game counts as a draw.
pub const MAX_MOVES: u32 = 2000;

/// One side of a match: how strong it plays and how long it may think.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Side {
    pub strength: Strength,
    /// Milliseconds a move.
    pub ms: f64,
    /// Threads it searches with.
    pub threads: usize,
}

impl FromStr for Side {
    type Err = String;

    /// `STRENGTH[:MS][xTHREADS]`: `master:1000`, `good`, `beginner:200`,
    /// `master:1000x2`. Without a time, the time a move of the page.
    fn from_str(text: &str) -> Result<Side, String> {
        let (rest, threads) = match text.split_once('x') {
            Some((rest, n)) => match n.parse::<usize>() {
                Ok(n) if (1..=256).contains(&n) => (rest, n),
                _ => return Err(format!("'{n}' is not a number of threads: write one like 2")),
            },
            None => (text, 1),
        };
        let (name, ms) = match rest.split_once(':') {
            Some((name, ms)) => (name, Some(ms)),
            None => (rest, None),
        };
        let strength = match name {
            "beginner" => Strength::Beginner,
            "good" => Strength::Good,
            "master" => Strength::Master,
            other => {
                return Err(format!(
                    "'{other}' is not a strength: write beginner, good or master"
                ))
            }
        };
        let ms = match ms {
            None => default_ms(strength),
            Some(ms) => match ms.parse::<f64>() {
                Ok(ms) if ms.is_finite() && ms > 0.0 && ms <= 3_600_000.0 => ms,
                _ => {
                    return Err(format!(
                        "'{ms}' is not a time a move: write milliseconds like 1000"
                    ))
                }
            },
        };
        Ok(Side {
            strength,
            ms,
            threads,
        })
    }
}

/// The time a move each strength thinks in the page.
fn default_ms(strength: Strength) -> f64 {
    match strength {
        Strength::Beginner => 150.0,
        Strength::Good => 400.0,
        Strength::Master => 1500.0,
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.strength {
            Strength::Beginner => "beginner",
            Strength::Good => "good",
            Strength::Master => "master",
        };
        write!(f, "{name}:{}", self.ms)?;
        if self.threads > 1 {
            write!(f, "x{}", self.threads)?;
        }
        Ok(())
    }
}

/// How one game of a match went.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// The side (0 or 1) that won, `None` for a draw (or a game too long).
    pub winner: Option<usize>,
    /// The side that played first.
    pub first: usize,
    /// Whole moves made.
    pub moves: u32,
    /// Per side: moves chosen and milliseconds spent choosing them.
    pub chosen: [u32; 2],
    pub thought_ms: [f64; 2],
    /// Per side: the longest a move took, in milliseconds.
    pub longest_ms: [f64; 2],
}

/// Why a game of a match could not be played to its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken(pub String);

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Plays one game of `rules`: side `first` in the first seat, the other
/// side in every other seat; `seed` seeds the game's chance and both
/// searches. `now` is the clock the searches read. Each side is one
/// [`Computer`] for the whole game, keeping what it learned from one move
/// to the next.
///
/// # Errors
/// When a side chose a move the game refuses, or no move where it had to
/// move: a fault of the search, which a match must not hide.
pub fn play_game(
    rules: &Arc<Rules>,
    sides: [&Side; 2],
    first: usize,
    seed: u64,
    now: Now,
) -> Result<Game, Broken> {
    let mut pos = Position::with_seed(Arc::clone(rules), seed);
    let mut computers = [Computer::new(), Computer::new()];
    let mut game = Game {
        winner: None,
        first,
        moves: 0,
        chosen: [0; 2],
        thought_ms: [0.0; 2],
        longest_ms: [0.0; 2],
    };
    while pos.status() == &Status::Playing && game.moves < MAX_MOVES {
        if pos.roll_due() {
            let roll = *pos
                .rolls()
                .first()
                .ok_or_else(|| Broken("a roll is due but none can be made".into()))?;
            pos.roll(roll)
                .map_err(|r| Broken(format!("the roll was refused: {r}")))?;
            continue;
        }
        let side = if pos.to_move() == 1 { first } else { 1 - first };
        let options = Options {
            strength: sides[side].strength,
            limits: Limits::millis(sides[side].ms),
            now,
            seed: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(game.moves),
            threads: sides[side].threads,
            ..Options::default()
        };
        let started = now();
        let choice = computers[side].choose(&pos, &options, &mut |_| {});
        let took = now() - started;
        game.chosen[side] += 1;
        game.thought_ms[side] += took;
        game.longest_ms[side] = game.longest_ms[side].max(took);
        let Some(mv) = choice.mv else {
            if pos.roll_due() {
                continue;
            }
            return Err(Broken(format!(
                "side {} chose no move in a game going on",
                side + 1
            )));
        };
        make(&mut pos, &mv).map_err(|why| {
            Broken(format!(
                "side {} chose {}, refused: {why}",
                side + 1,
                mv.describe(pos.rules())
            ))
        })?;
        game.moves += 1;
    }
    if let Status::Over { winner, .. } = pos.status() {
        game.winner = match *winner {
            0 => None,
            1 => Some(first),
            _ => Some(1 - first),
        };
    }
    Ok(game)
}

/// Makes a whole move on `pos` as a person would: step by step, then End
/// move or pass where the move says so.
///
/// # Errors
/// The refusal of the first step (or end) the game does not allow.
pub fn make(pos: &mut Position, mv: &Move) -> Result<(), String> {
    for &step in &mv.steps {
        pos.play_step(step).map_err(|r| r.to_string())?;
    }
    if mv.end {
        match mv.steps.is_empty() {
            true => pos.pass(),
            false if pos.state().made().is_empty() => Ok(()),
            false => pos.end_move(),
        }
        .map_err(|r| r.to_string())?;
    }
    Ok(())
}

/// A match's score so far, for side A.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Per side: moves chosen, milliseconds spent, the longest move.
    pub chosen: [u32; 2],
    pub thought_ms: [f64; 2],
    pub longest_ms: [f64; 2],
}

impl Score {
    /// Counts one game.
    pub fn add(&mut self, game: &Game) {
        match game.winner {
            Some(0) => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        for side in 0..2 {
            self.chosen[side] += game.chosen[side];
            self.thought_ms[side] += game.thought_ms[side];
            self.longest_ms[side] = self.longest_ms[side].max(game.longest_ms[side]);
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's share of the points, a draw counting one half (0 to 1).
    pub fn share(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n),
        }
    }

    /// Side `side`'s milliseconds a move, on average.
    pub fn ms_a_move(&self, side: usize) -> f64 {
        match self.chosen[side] {
            0 => 0.0,
            n => self.thought_ms[side] / f64::from(n),
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "A {} – {} – {} B (wins – draws – losses of A), A scores {:.1}%; ms a move: A {:.0} (longest {:.0}), B {:.0} (longest {:.0})",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.share(),
            self.ms_a_move(0),
            self.longest_ms[0],
            self.ms_a_move(1),
            self.longest_ms[1],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::native_now;

    #[test]
    fn a_side_is_read_from_its_name_time_and_threads() {
        let side = |s: &str| s.parse::<Side>();
        assert_eq!(
            side("master:1000"),
            Ok(Side {
                strength: Strength::Master,
                ms: 1000.0,
                threads: 1
            })
        );
        assert_eq!(side("good").map(|s| s.ms), Ok(400.0));
        assert_eq!(side("beginner:20x3").map(|s| (s.ms, s.threads)), Ok((20.0, 3)));
        assert_eq!(
            side("master:250").map(|s| s.to_string()),
            Ok("master:250".to_string())
        );
        assert!(side("wizard:10")
            .unwrap_err()
            .contains("'wizard' is not a strength"));
        assert!(side("good:-5").unwrap_err().contains("'-5' is not a time"));
        assert!(side("good:10x0").unwrap_err().contains("not a number of threads"));
    }

    #[test]
    fn a_match_game_ends_and_counts_for_the_side_that_won() {
        let text = std::fs::read_to_string(format!(
            "{}/../../public/games/tic-tac-toe.game.xml",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let (_, rules) = crate::open(&text).unwrap();
        let rules = Arc::new(rules);
        let master: Side = "master:200".parse().unwrap();
        let beginner: Side = "beginner:20".parse().unwrap();
        let mut score = Score::default();
        for n in 0..4 {
            let game = play_game(&rules, [&master, &beginner], n % 2, n as u64, native_now).unwrap();
            assert!(game.moves >= 5 && game.moves <= 9, "{game:?}");
            assert_eq!(game.first, n % 2);
            score.add(&game);
        }
        // Tic-Tac-Toe is a draw with best play: Master never loses it.
        assert_eq!(score.losses, 0, "{score}");
        assert_eq!(score.games(), 4);
        assert!(score.chosen[0] > 0 && score.chosen[1] > 0);
    }
}
