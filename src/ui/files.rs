//! Files and keeping work: New, Examples, Open, Save as XML or JSON,
//! dropping a file on the page, and the work kept in the browser.
//!
//! The rules (what is kept, when a tab may write, file names, checking a
//! file) are plain Rust in [`tablecraft_app::storage`]; this module connects them to
//! the page.
//!
//! - `keep`: [`restore`] and [`keep_in_browser`] (localStorage, two tabs,
//!   a failed save).
//! - `open`: reading a picked or dropped file and opening it.
//! - `download`: saving a file by download.
//! - `unsaved`: [`ask_before_leaving`] when the game has changes that are
//!   in no file (a `beforeunload` handler), [`mark_in_file`] after a save
//!   or an open.
//! - `buttons`: [`FileButtons`] in the top bar.
//! - `dialog`: [`FileProblemsDialog`], and the banners and drop hint shown
//!   over the page.

mod buttons;
mod dialog;
mod download;
pub(super) mod icons;
mod keep;
mod open;
mod unsaved;

pub use buttons::FileButtons;
pub use dialog::FileProblemsDialog;
pub(crate) use download::save_game;
pub(crate) use keep::Keeping;
pub use keep::{keep_in_browser, restore};
pub(super) use open::open_text;
pub(crate) use unsaved::{ask_before_leaving, mark_in_file};
