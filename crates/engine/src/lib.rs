//! The rule engine: plain Rust with no web dependency.
//!
//! - [`model`]: the game definition a designer edits and a file holds.
//! - [`expr`]: the expression language of conditions, winners and effects.
//! - [`pattern`], [`sequence`], [`automaton`]: name patterns and moves.
//! - [`rules`]: a checked game compiled for play; [`problem`]: what is wrong.
//! - [`state`], [`position`]: playing — legal steps, moves, take back;
//!   [`world`]: what expressions ask of a position; [`rng`]: chance.
//! - [`file`], [`open`]: the XML and JSON game files; [`record`]: what was played.
//! - [`search`]: the computer player; [`machine`]: fast random playouts.
//! - [`learn`]: rules, moves and endings learned from demonstrations.
//! - [`mutation`]: random changes to file text, for the fuzz run and tests.

pub mod automaton;
pub mod expr;
pub mod file;
pub mod learn;
pub mod machine;
pub mod model;
pub mod mutation;
pub mod open;
pub mod pattern;
pub mod position;
pub mod problem;
pub mod record;
pub mod rng;
pub mod rules;
pub mod search;
pub mod sequence;
pub mod state;
pub mod world;

pub use model::Game;
pub use open::{open, open_bytes};
pub use position::{Action, Entry, MoveStage, Position, Refusal, Step, Why};
pub use problem::{Location, Problem, Section};
pub use rules::Rules;
pub use state::{State, Status};
