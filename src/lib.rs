//! Tablecraft: design table games by drag-and-drop, teach their rules by
//! example, and play them.
//!
//! - [`engine`]: the rule engine (no web dependency).
//! - [`editor`]: design-mode logic — edits, undo, geometry, selection.
//! - [`access`]: keyboard navigation on the table and its description in words.
//! - [`catalog`]: the list of example games.
//! - [`playing`]: play-mode logic — words, the log, drag and tap.
//! - [`storage`]: keeping work in the browser and game files.
//! - `ui`: the Leptos web page (WebAssembly only).

pub mod access;
pub mod catalog;
pub mod coach;
pub mod editor;
pub mod engine;
pub mod playing;
pub mod scene;
pub mod storage;

/// The web page. It exists only in the WebAssembly build; the engine and the
/// catalog build and test natively.
#[cfg(target_arch = "wasm32")]
pub mod ui;
