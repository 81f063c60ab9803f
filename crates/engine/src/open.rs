//! Opening a game file: read it, check it, and point every problem at its
//! line.

use super::file::{read_json, read_xml};
use super::{Game, Problem, Rules};

/// Reads a game from XML or JSON text (told apart by the first character)
/// and checks it.
///
/// # Errors
/// Every problem in the file, each with its line when known. A file with
/// problems gives no game, so the game on screen stays as it was.
pub fn open(text: &str) -> Result<(Game, Rules), Vec<Problem>> {
    let read = if text.trim_start().starts_with('{') {
        read_json(text)
    } else {
        read_xml(text)
    };
    let (game, map) = read?;
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
