//! What the Tablecraft app does, without a browser: plain Rust over the
//! engine, tested natively. The page (the root package, Leptos) draws it
//! and forwards events to it.
//!
//! - [`editor`]: designing — edits, undo, naming, selection, the box.
//! - [`scene`]: what the table shows, built from a game or a position.
//! - [`gesture`]: taps, drags and pick-then-place on the table, in every mode.
//! - [`teaching`]: teaching the rules by showing them on the table.
//! - [`playing`]: playing — words, the log, drag and tap, advice.
//! - [`access`]: keyboard navigation on the table and its description in words.
//! - [`storage`]: keeping work in the browser, game files and share links.
//! - [`catalog`]: the list of example games.
//! - [`coach`]: the questions the page asks the computer player's Web Worker.

pub mod access;
pub mod catalog;
pub mod coach;
pub mod editor;
pub mod gesture;
pub mod playing;
pub mod scene;
pub mod storage;
pub mod teaching;
