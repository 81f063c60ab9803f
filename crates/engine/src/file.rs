//! Game files: the XML format (`.game.xml`) people can read, and JSON with
//! the same content. See `docs/file-format.md` for the format itself.
//!
//! Reading never panics and never hangs: a broken, huge or hostile file
//! gives a list of [`Problem`]s, each with its line and column and a plain
//! message. Reading checks the form of the file (tags, attributes, numbers,
//! yes/no, limits); whether the rules make sense (unknown names, conditions
//! that do not parse) is checked elsewhere, and [`SourceMap::locate`] then
//! finds the line of such a problem.

mod decode;
mod json;
mod json_map;
pub(crate) mod limits;
mod source_map;
mod text;
mod upgrade;
mod vocabulary;
mod xml_context;
mod xml_read;
mod xml_read_equipment;
mod xml_read_steps;
mod xml_tree;
mod xml_write;

use crate::model::Game;
use crate::problem::Problem;

pub use decode::decode;
pub use limits::{
    MAX_ATTRIBUTES, MAX_BOARD_SIDE, MAX_CAPACITY, MAX_DEPTH, MAX_ELEMENTS, MAX_FILE_BYTES, MAX_LAYOUT,
    MAX_LINES, MAX_LINE_POINTS, MAX_NAME_CHARS, MAX_PLAYERS, MAX_POINTS, MAX_TEXT_CHARS, MAX_TITLE_CHARS,
    MAX_TRACK_LENGTH, MAX_VALUE_CHARS,
};
pub use source_map::SourceMap;

/// The version of the file format this code writes and the newest it reads.
pub const FORMAT_VERSION: u32 = 2;

/// Reads a game from the XML format, with where each part was found.
///
/// A file in an older version of the format is upgraded first (see
/// `upgrade.rs`); a file from a newer version is refused with a message.
///
/// Returns every problem found (syntax, unknown tags or attributes, missing
/// or malformed values, limits), in file order.
pub fn read_xml(text: &str) -> Result<(Game, SourceMap), Vec<Problem>> {
    xml_read::read(text)
}

/// Writes a game in the XML format. Reading the result gives the same game.
pub fn write_xml(game: &Game) -> String {
    xml_write::write(game)
}

/// Reads a game from JSON (`{"format": 1, "game": {…}}`), with where each
/// part was found.
pub fn read_json(text: &str) -> Result<(Game, SourceMap), Vec<Problem>> {
    json::read(text)
}

/// Writes a game as pretty-printed JSON. Reading the result gives the same game.
pub fn write_json(game: &Game) -> String {
    json::write(game)
}
