//! The table: where everything on it is and what it shows. Used by the
//! designer, the play screen and keyboard access alike.
//!
//! - [`cards`]: the corner a card shows ("7♥").
//! - [`geometry`]: where places, figures and triggers are drawn; hit-testing.
//! - [`scene`]: what the table shows (places, figures and triggers with
//!   their marks), built from a game or a position.
//! - [`frame`]: the part of the table shown while playing or teaching.
//! - [`looks`]: how places with an attribute are drawn (a wall like a wall).
//! - [`links`]: pictures between two places (a ladder, a snake, an arrow).

pub mod cards;
pub mod frame;
pub mod geometry;
pub mod links;
pub mod looks;
pub mod scene;
