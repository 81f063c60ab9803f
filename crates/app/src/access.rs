//! Using the table without a pointer, and without seeing it: what can be
//! focused and in which order, where the arrow keys go, what a held figure
//! may be put on, and the words a screen reader reads about the table.
//!
//! Plain data over a [`crate::table::scene::Scene`], tested natively; the page
//! (`ui::table`) only wires it to key presses and ARIA attributes.

pub mod colour;
pub mod describe;
pub mod nav;
pub mod stuck;

pub use describe::{describe, label, lifted_sentence, place_label, plural};
pub use nav::{Answer, Command, Cursor, Dir, Item, Key};
pub use stuck::why_stuck;
