//! Keeping work safe: the work kept in the browser and the game files a
//! child downloads and opens. Plain Rust with no web dependency, so it is
//! tested natively; `ui::files` connects it to the page.
//!
//! - [`saved`]: what is kept (the game, its revision, the mode, a game in
//!   progress) and reading it back, where anything unreadable is an error,
//!   never a panic.
//! - [`keeper`]: when a tab may write: never an older revision over a newer
//!   one, never over work another tab saved since this tab last looked;
//!   unreadable work is set aside under another key, never deleted.
//! - [`game_files`]: file names from titles, MIME types, and checking the
//!   bytes of a file a child opens.

pub mod game_files;
pub mod keeper;
pub mod saved;

pub use game_files::{check_file, check_size, download_name, FileKind, ACCEPT};
pub use keeper::{Keeper, SaveOutcome, Shelf, Start};
pub use saved::{Restored, SavedMode, SavedPlay, SavedPlayer, SavedWork, Snapshot, Stamp};
