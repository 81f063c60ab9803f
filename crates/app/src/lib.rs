//! What the Tablecraft app does, without a browser: plain Rust over the
//! engine, tested natively. The page (the root package, Leptos) draws it
//! and forwards events to it.
//!
//! - [`editor`]: designing — edits, undo, naming, selection, the box.
//! - [`table`]: where everything is on the table and what it shows, built
//!   from a game or a position.
//! - [`gesture`]: taps, drags and pick-then-place on the table, in every mode.
//! - [`teaching`]: teaching the rules by showing them on the table.
//! - [`playing`]: playing — words, the log, drag and tap, advice.
//! - [`access`]: keyboard navigation on the table and its description in words.
//! - [`storage`]: keeping work in the browser, and game files.
//! - [`address`]: the page's address: share links, examples, the speed test.
//! - [`catalog`]: the list of example games.
//! - [`wording`]: the table's words: figures, places, steps, rules,
//!   refusals and ends as a child sees them.
//! - [`worker_protocol`]: the questions the page asks the computer player's
//!   Web Worker, and its answers.

pub mod access;
pub mod address;
pub mod catalog;
pub mod editor;
pub mod gesture;
pub mod playing;
pub mod storage;
pub mod table;
pub mod teaching;
pub mod wording;
pub mod worker_protocol;

#[cfg(test)]
mod testing;
