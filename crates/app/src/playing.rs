//! Play-mode logic that needs no browser, tested natively: what the page
//! says about turns, steps and the end ([`words`]), the progress log
//! grouped by move ([`log`]), what a press, drag or tap on the table means
//! ([`gesture`]), playing actions on a position by name ([`act`]), the
//! help from the computer: hints, progress and solutions ([`advice`]), a
//! drag with several outcomes to choose from ([`choice`]), dice at the
//! table and rolling them ([`dice`]), what the computer on move does next
//! ([`computer`]), whose cards the table shows and the
//! cover between turns ([`cover`]), and
//! whether there is a game to play yet ([`ready`]).

pub mod act;
pub mod advice;
pub mod choice;
pub mod computer;
pub mod cover;
pub mod dice;
pub mod gesture;
pub mod log;
pub mod ready;
pub mod timeline;
pub mod words;
