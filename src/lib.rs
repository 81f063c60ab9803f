pub mod catalog;
pub mod engine;

/// The web page. It exists only in the WebAssembly build; the engine and the
/// catalog build and test natively.
#[cfg(target_arch = "wasm32")]
pub mod ui;
