//! Learning by example: rules made from what the child shows.
//!
//! - **A step** ([`record_step`]): one demonstration — this figure, from
//!   this place, to that place — becomes a fully concrete [`StepRule`] in a
//!   [`StepLesson`], whose parts can be widened and narrowed level by level
//!   ([`StepLesson::generalise`], [`StepLesson::specialise`]).
//! - **Several steps** ([`propose_rule`]): examples and counter-examples
//!   give the most specific rule that allows every example, with the
//!   relations between the numbers in the names (`to = from + 1`, one row
//!   up…), narrowed until it refuses every counter-example.
//! - **What a rule allows** ([`allowed_steps`]): every step it allows in a
//!   set-up, for highlighting.
//! - **A move** ([`record_move`]): step names played in a row become a move
//!   sequence such as `take x1-3`.
//! - **The end** ([`propose_endings`], [`make_ending`]): a finished set-up
//!   and who won give game-over conditions to tick.
//!
//! Nothing here panics; every mistake comes back as a [`LearnError`] with a
//! sentence a child can read. What the app can learn is described in
//! `docs/learning.md`.
//!
//! [`StepRule`]: crate::model::StepRule

mod allowed;
mod card;
mod ending;
mod induce;
mod lesson;
mod levels;
mod moves;
mod name;
mod relations;
mod seen;
mod sentence;
mod setup;

#[cfg(test)]
mod tests;

pub use allowed::{allowed_steps, Allowed};
pub use card::{condition_words, effect_words, example_of, pattern_places, rule_words, RuleWords};
pub use ending::{make_ending, propose_endings, EndCandidate, EndCheck, EndKind, Ending, Winner};
pub use induce::{propose_rule, propose_rule_keeping, Proposal};
pub use lesson::{record_step, StepLesson};
pub use levels::{Levels, Part, PlaceLevel, WhatLevel};
pub use moves::{record_move, MovePart, MoveRecording, Repeat};
pub use relations::Condition;
pub use setup::{Demo, Setup};

use std::fmt;

/// Why something could not be learned, in one sentence for a child.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearnError {
    /// What sort of problem it is, for the app to react to.
    pub kind: LearnErrorKind,
    /// One short sentence saying what is wrong and what to do.
    pub message: String,
}

/// The sorts of [`LearnError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LearnErrorKind {
    /// The game itself has problems (a missing place, two things with one name…).
    Game,
    /// A demonstration names something that is not there, or is not possible.
    Demo,
    /// Nothing was shown or ticked.
    Nothing,
    /// No rule in what the app can learn allows every example and refuses
    /// every counter-example.
    NoRule,
}

impl LearnError {
    pub(crate) fn new(kind: LearnErrorKind, message: impl Into<String>) -> Self {
        LearnError {
            kind,
            message: message.into(),
        }
    }

    pub(crate) fn demo(message: impl Into<String>) -> Self {
        LearnError::new(LearnErrorKind::Demo, message)
    }
}

impl fmt::Display for LearnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LearnError {}
