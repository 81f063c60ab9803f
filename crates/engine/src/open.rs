//! Opening a game file: read it, check it, and point every problem at its
//! line.

use super::file::{decode, read_json, read_xml};
use super::problem::Location;
use super::{Game, Problem, Rules};

/// Reads a game from a file's bytes (UTF-8, or UTF-16 with a byte-order
/// mark) and checks it, as [`open`] does.
///
/// # Errors
/// As [`open`]; a file that is not text gets one problem saying what to do.
pub fn open_bytes(bytes: &[u8]) -> Result<(Game, Rules), Vec<Problem>> {
    let text = decode(bytes).map_err(|p| vec![p])?;
    open(&text)
}

/// Reads a game from XML or JSON text, told apart by the first character
/// (`{` for JSON; a `[` or a comment is taken as JSON too, and refused
/// with what to change).
///
/// # Errors
/// Every problem in the file, each with its line when known.
pub fn read(text: &str) -> Result<(Game, super::file::SourceMap), Vec<Problem>> {
    let body = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    let at = || {
        let skipped = &text[..text.len() - body.len()];
        let line = skipped.matches('\n').count() as u32 + 1;
        let column = skipped.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
        Location::in_file(line, column)
    };
    if body.starts_with('[') {
        let message = "this JSON is a list; a game in JSON is one object: {\"format\": 1, \"game\": {…}}";
        return Err(vec![Problem::new(at(), message)]);
    }
    if body.starts_with("//") || body.starts_with("/*") {
        let message = "JSON cannot hold comments (// or /* */); remove them and start the file with {";
        return Err(vec![Problem::new(at(), message)]);
    }
    if body.starts_with('{') {
        read_json(text)
    } else {
        read_xml(text)
    }
}

/// Reads a game from XML or JSON text (told apart by the first character)
/// and checks it.
///
/// # Errors
/// Every problem in the file, each with its line when known. A file with
/// problems gives no game, so the game on screen stays as it was.
pub fn open(text: &str) -> Result<(Game, Rules), Vec<Problem>> {
    let (game, map) = read(text)?;
    match Rules::compile(&game) {
        Ok(rules) => Ok((game, rules)),
        Err(mut problems) => {
            for p in &mut problems {
                map.locate(p);
            }
            Err(problems)
        }
    }
}
