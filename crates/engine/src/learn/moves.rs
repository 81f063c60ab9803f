//! A move from the steps played in a row: `take, take, take` → `take x1-3`.

use super::{LearnError, LearnErrorKind};
use crate::model::{Game, MoveRule};
use crate::sequence;

/// How often a part of a move may be repeated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Repeat {
    /// Exactly this many times: `take x3` (`take` for once).
    Exactly(u32),
    /// One to this many times: `take x1-3`.
    UpTo(u32),
    /// One or more times, any number: `take x1-`.
    AnyNumber,
}

/// One part of a recorded move: a step rule (or a group of them played
/// in turn), how many times it was shown, and how often it may be repeated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePart {
    /// The step rules, in order; usually one.
    pub steps: Vec<String>,
    /// How many times in a row it was shown.
    pub shown: u32,
    pub repeat: Repeat,
}

/// A move recorded from steps played in a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecording {
    pub parts: Vec<MovePart>,
}

/// Records a move from the names of the step rules played in a row,
/// finding repetitions: three `take` in a row become `take x1-3` ("take 1
/// to 3 times"); `jump, jump` become `jump x1-2`; `step, jump, step, jump`
/// become `(step jump) x1-2`. A part shown once is played exactly once.
///
/// # Errors
/// No steps, or a name that is not a step rule of the game.
pub fn record_move(game: &Game, steps: &[String]) -> Result<MoveRecording, LearnError> {
    if steps.is_empty() {
        return Err(LearnError::new(
            LearnErrorKind::Nothing,
            "Play at least one step first.",
        ));
    }
    if let Some(bad) = steps.iter().find(|s| !game.steps.iter().any(|r| &r.name == *s)) {
        return Err(LearnError::demo(format!("There is no step rule called '{bad}'.")));
    }
    let mut parts = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let (len, times) = best_block(&steps[i..]);
        parts.push(MovePart {
            steps: steps[i..i + len].to_vec(),
            shown: times as u32,
            repeat: if times == 1 {
                Repeat::Exactly(1)
            } else {
                Repeat::UpTo(times as u32)
            },
        });
        i += len * times;
    }
    Ok(MoveRecording { parts })
}

/// The block at the start that repeats most (covering the most steps):
/// its length and how many times it repeats.
fn best_block(rest: &[String]) -> (usize, usize) {
    let mut best = (1, 1);
    for len in 1..=rest.len() / 2 {
        let block = &rest[..len];
        let times = rest.chunks(len).take_while(|c| *c == block).count();
        if times >= 2 && len * times > best.0 * best.1 {
            best = (len, times);
        }
    }
    best
}

impl MovePart {
    fn body(&self) -> String {
        match self.steps.as_slice() {
            [one] => one.clone(),
            many => format!("({})", many.join(" ")),
        }
    }

    /// The part in the move language: `take`, `take x3`, `take x1-3`, `take x1-`.
    pub fn sequence(&self) -> String {
        let body = self.body();
        match self.repeat {
            Repeat::Exactly(1) => body,
            Repeat::Exactly(n) => format!("{body} x{n}"),
            Repeat::UpTo(n) => format!("{body} x1-{n}"),
            Repeat::AnyNumber => format!("{body} x1-"),
        }
    }

    /// The part in words: `take once`, `take 3 times`, `take 1 to 3 times`.
    pub fn sentence(&self) -> String {
        let mut body = self.steps.join(" then ");
        if self.steps.len() > 1 {
            body.push(',');
        }
        match self.repeat {
            Repeat::Exactly(1) => format!("{body} once"),
            Repeat::Exactly(2) => format!("{body} twice"),
            Repeat::Exactly(n) => format!("{body} {n} times"),
            Repeat::UpTo(1) => format!("{body} once"),
            Repeat::UpTo(n) => format!("{body} 1 to {n} times"),
            Repeat::AnyNumber => format!("{body} as many times as you like, at least once"),
        }
    }

    /// The choices a child has for this part, from what was shown: exactly
    /// as often, up to as often, and any number of times.
    pub fn choices(&self) -> Vec<Repeat> {
        let n = self.shown.max(1);
        let mut out = vec![Repeat::Exactly(n)];
        if n > 1 {
            out.push(Repeat::UpTo(n));
        }
        out.push(Repeat::AnyNumber);
        out
    }
}

impl MoveRecording {
    /// The move in the move language, e.g. `take x1-3`.
    pub fn sequence(&self) -> String {
        self.parts
            .iter()
            .map(MovePart::sequence)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The move in words, e.g. "A move is: take 1 to 3 times."
    pub fn sentence(&self) -> String {
        let parts: Vec<String> = self.parts.iter().map(MovePart::sentence).collect();
        format!("A move is: {}.", parts.join(", then "))
    }

    /// Changes how often part `index` may be repeated; returns whether
    /// there is such a part. Counts are kept between 1 and the most a
    /// move may say.
    pub fn set_repeat(&mut self, index: usize, repeat: Repeat) -> bool {
        let clamp = |n: u32| n.clamp(1, sequence::MAX_COUNT);
        let repeat = match repeat {
            Repeat::Exactly(n) => Repeat::Exactly(clamp(n)),
            Repeat::UpTo(n) => Repeat::UpTo(clamp(n)),
            Repeat::AnyNumber => Repeat::AnyNumber,
        };
        match self.parts.get_mut(index) {
            Some(part) => {
                part.repeat = repeat;
                true
            }
            None => false,
        }
    }

    /// The move rule with this name.
    pub fn to_rule(&self, name: &str) -> MoveRule {
        MoveRule {
            name: name.to_string(),
            sequence: self.sequence(),
        }
    }

    /// A name for the move, unique among the game's move rules: `turn`, `turn2`…
    pub fn suggest_name(game: &Game) -> String {
        let taken = |n: &str| game.moves.iter().any(|m| m.name == n);
        (1..)
            .map(|i| {
                if i == 1 {
                    "turn".to_string()
                } else {
                    format!("turn{i}")
                }
            })
            .find(|n| !taken(n))
            .unwrap_or_else(|| "turn".into())
    }
}
