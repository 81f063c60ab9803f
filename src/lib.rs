pub mod editor;
pub mod engine;
