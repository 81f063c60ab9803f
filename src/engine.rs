//! The rule engine: plain Rust with no web dependency.
//!
//! - [`model`]: the game definition a designer edits and a file holds.
//! - [`expr`]: the expression language of conditions, winners and effects.
//! - [`problem`]: what is wrong with a game, and where.

pub mod file;
pub mod model;
pub mod problem;

pub use model::Game;
pub use problem::{Location, Problem, Section};
