//! The JSON form of a game file: `{"format": 1, "game": {…}}`, where the
//! game is the model as serde writes it.

use super::json_map::{too_deep, walk, Seg};
use super::limits::{self, MAX_DEPTH, MAX_FILE_BYTES};
use super::source_map::SourceMap;
use super::text::LineIndex;
use super::FORMAT_VERSION;
use crate::model::Game;
use crate::problem::{Location, Problem, Section};
use serde::{Deserialize, Serialize};

#[derive(Serialize)]
struct FileOut<'a> {
    format: u32,
    game: &'a Game,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    #[allow(dead_code)]
    format: serde_json::Value,
    game: Game,
}

#[derive(Deserialize)]
struct Head {
    format: Option<serde_json::Value>,
}

/// Writes pretty JSON; see [`super::write_json`].
pub(crate) fn write(game: &Game) -> String {
    let file = FileOut {
        format: FORMAT_VERSION,
        game,
    };
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Reads JSON; see [`super::read_json`].
pub(crate) fn read(text: &str) -> Result<(Game, SourceMap), Vec<Problem>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = LineIndex::new(text);
    let at = |offset: usize, message: String| {
        let (line, column) = lines.position(offset);
        vec![Problem::new(Location::in_file(line, column), message)]
    };
    if text.len() > MAX_FILE_BYTES {
        let message = format!(
            "this file is {} bytes long; a game file can be at most {MAX_FILE_BYTES} bytes (4 MB)",
            text.len()
        );
        return Err(at(0, message));
    }
    if let Some(offset) = too_deep(text, MAX_DEPTH) {
        let message = format!("brackets are nested more than {MAX_DEPTH} deep here; that is too deep");
        return Err(at(offset, message));
    }
    if let Ok(head) = serde_json::from_str::<Head>(text) {
        let format_at = text.find("\"format\"").unwrap_or(0);
        match head.format {
            None => {
                let message = "the file must say which format it is written in: add \"format\": 1";
                return Err(at(0, message.into()));
            }
            Some(serde_json::Value::Number(n))
                if n.as_u64()
                    .is_some_and(|v| (1..=u64::from(FORMAT_VERSION)).contains(&v)) => {}
            Some(serde_json::Value::Number(n))
                if n.as_u64().is_some_and(|v| v > u64::from(FORMAT_VERSION)) =>
            {
                let message = format!(
                    "this game was saved by a newer Tablecraft (format {n}); this one reads format {FORMAT_VERSION} — please update Tablecraft to open it"
                );
                return Err(at(format_at, message));
            }
            Some(other) => {
                let message = format!("format must be {FORMAT_VERSION}, not {other}");
                return Err(at(format_at, message));
            }
        }
    }
    let file: FileIn = serde_json::from_str(text).map_err(|e| {
        let (line, column) = (
            u32::try_from(e.line()).unwrap_or(u32::MAX),
            u32::try_from(e.column()).unwrap_or(u32::MAX),
        );
        vec![Problem::new(Location::in_file(line, column.max(1)), friendly(&e))]
    })?;
    // Only well-formed JSON is walked for keys written twice (serde keeps
    // the last of a map's).
    if let Some((offset, key)) = super::json_map::repeated_key(text) {
        return Err(at(offset, twice(&key)));
    }
    let game = file.game;
    let map = source_map(text, &lines, &game);
    let mut problems = limits::check(&game);
    if problems.is_empty() {
        return Ok((game, map));
    }
    for p in &mut problems {
        map.locate(p);
    }
    problems.sort_by_key(|p| (p.location.line, p.location.column));
    Err(problems)
}

fn twice(key: &str) -> String {
    format!("\"{key}\" is written twice in the same {{…}}; keep one")
}

/// serde_json's message in plainer words, without its "at line … column …".
fn friendly(error: &serde_json::Error) -> String {
    let mut message = error.to_string();
    if let Some(i) = message.rfind(" at line ") {
        message.truncate(i);
    }
    if let Some(key) = message
        .strip_prefix("duplicate field `")
        .and_then(|k| k.strip_suffix('`'))
    {
        return twice(key);
    }
    for (from, to) in [
        ("EOF while parsing", "the file ends too early, while reading"),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected u16", "expected a whole number from 0 to 65535"),
        ("expected u32", "expected a whole number from 0 to 4294967295"),
        (
            "expected i32",
            "expected a whole number from -2147483648 to 2147483647",
        ),
        (
            "expected i64",
            "expected a whole number from -9223372036854775808 to 9223372036854775807",
        ),
        ("invalid type: ", "wrong kind of value: "),
        ("missing field", "this is missing the field"),
        ("unknown field", "there is no field"),
    ] {
        message = message.replace(from, to);
    }
    format!("this is not a correct game file: {message}")
}

/// The section, element name and field a JSON path belongs to; `figures`
/// are the names of the file's figure entries (a set is one entry).
fn place(game: &Game, figures: &[String], path: &[Seg]) -> Option<(Section, String, String)> {
    use Seg::{Index, Key};
    let key = |i: usize| match path.get(i) {
        Some(Key(k)) => Some(k.as_str()),
        _ => None,
    };
    let index = |i: usize| match path.get(i) {
        Some(Index(n)) => Some(*n),
        _ => None,
    };
    if key(0) != Some("game") {
        return None;
    }
    let list = key(1)?;
    let field = |rename: &[(&str, &str)]| -> String {
        let Some(f) = key(3) else {
            return String::new();
        };
        match (f, index(4), key(4)) {
            ("when", Some(n), _) => format!("when {}", n + 1),
            ("effects", Some(n), _) => format!("effect {}", n + 1),
            ("attributes", _, Some(k)) => format!("attribute {k}"),
            ("kind", _, Some(k)) if k != "type" && !rename.is_empty() => k.to_string(),
            _ => match rename.iter().find(|(from, _)| *from == f) {
                Some((_, to)) => to.to_string(),
                None => f.to_string(),
            },
        }
    };
    let kind = [("kind", "type")];
    Some(match list {
        "title" | "description" | "players" => (Section::Game, String::new(), list.into()),
        "equipment" => {
            let e = game.equipment.get(index(2)?)?;
            if key(3) == Some("squares") {
                let square = key(4)?.to_string();
                let f = key(5).map(|k| format!("attribute {k}")).unwrap_or_default();
                (Section::Equipment, square, f)
            } else {
                (Section::Equipment, e.name.clone(), field(&kind))
            }
        }
        "dice" => {
            let d = game.dice.get(index(2)?)?;
            (Section::Equipment, d.name.clone(), field(&[]))
        }
        "figures" => {
            let name = figures.get(index(2)?)?;
            let field = match field(&kind) {
                f if f == "origins" => "origin".to_string(),
                f => f,
            };
            (Section::Figure, name.clone(), field)
        }
        "triggers" => (
            Section::Trigger,
            game.triggers.get(index(2)?)?.name.clone(),
            field(&[]),
        ),
        // A definition's body is placed at the definition itself.
        "definitions" => (
            Section::Definition,
            game.definitions.get(index(2)?)?.name.clone(),
            field(&[("body", "")]),
        ),
        "steps" => (Section::Step, game.steps.get(index(2)?)?.name.clone(), field(&[])),
        "moves" => (Section::Move, game.moves.get(index(2)?)?.name.clone(), field(&[])),
        "game_over" => (
            Section::GameOver,
            game.game_over.get(index(2)?)?.name.clone(),
            field(&[]),
        ),
        "settings" => (
            Section::Settings,
            String::new(),
            key(2).unwrap_or_default().into(),
        ),
        "layout" => match (key(2), key(3)) {
            (Some("items"), Some(name)) => (
                Section::Layout,
                name.to_string(),
                key(4).unwrap_or_default().into(),
            ),
            (Some(f), None) if f != "items" => (Section::Layout, String::new(), f.into()),
            _ => return None,
        },
        _ => return None,
    })
}

/// Where each element and field of the game is in the JSON text.
fn source_map(text: &str, lines: &LineIndex, game: &Game) -> SourceMap {
    let mut map = SourceMap::default();
    // The name of each figure entry as written (a set's is its base name).
    let mut figures: Vec<String> = Vec::new();
    walk(text, &mut |path, _, raw| {
        if let ([Seg::Key(g), Seg::Key(f), Seg::Index(i), Seg::Key(n)], Some(raw)) = (path, raw) {
            if g == "game" && f == "figures" && n == "name" {
                if figures.len() <= *i {
                    figures.resize(*i + 1, String::new());
                }
                figures[*i] = serde_json::from_str::<String>(&format!("\"{raw}\"")).unwrap_or_default();
            }
        }
    });
    // Parents come before their children, so a field's first span is its
    // outermost value.
    walk(text, &mut |path, offset, raw| {
        if let Some((section, name, field)) = place(game, &figures, path) {
            let at = lines.position(offset + usize::from(raw.is_some()));
            map.add_json(section, &name, &field, at, raw);
        }
    });
    // The figures of a set are where the set is written.
    for f in &game.figures {
        if !figures.contains(&f.name) {
            if let Some((base, _)) = f.name.rsplit_once('.') {
                map.copy(Section::Figure, base, &f.name);
            }
        }
    }
    map
}
