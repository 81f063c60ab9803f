//! The editor core: everything the designer does, as plain Rust with no web
//! dependency, so that the Leptos UI stays thin.
//!
//! - [`history`]: undo and redo of whole-game snapshots, with a revision.
//! - [`naming`]: checking names and proposing fresh ones.
//! - [`edit`]: every design edit as a pure function `&Game → Result<Game, EditError>`.
//! - [`selection`]: which elements are selected.
//! - [`places`]: looking up elements, places and squares by name.
//! - [`toolbox`]: the box of things to drag onto the table.
//! - [`gesture`]: what a tap or a drag means in the designer.
//! - [`problem_marks`]: which elements the design's problems are about.
//! - [`rule_edit`]: every rule edit as a pure function, and checks of rule fields.
//! - [`room`]: the fix offered when a full place refuses a figure.

pub mod edit;
pub mod error;
pub mod gesture;
pub mod history;
pub mod naming;
pub mod places;
pub mod problem_marks;
pub mod room;
pub mod rule_edit;
pub mod selection;
pub mod toolbox;

pub use edit::{Edit, Property};
pub use error::EditError;
pub use history::History;
pub use selection::Selection;

#[cfg(test)]
mod tests;
