//! Problems found in a game: where they are and what is wrong, in plain words.

use std::fmt;

/// Which part of a game a problem is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// The file as a whole (syntax, limits, unknown tags).
    File,
    /// Title, description, number of players.
    Game,
    Equipment,
    Figure,
    Trigger,
    Definition,
    Step,
    Move,
    GameOver,
    Settings,
    Layout,
}

impl Section {
    /// How the section is named to a person.
    pub fn label(self) -> &'static str {
        match self {
            Section::File => "file",
            Section::Game => "game",
            Section::Equipment => "equipment",
            Section::Figure => "figure",
            Section::Trigger => "trigger",
            Section::Definition => "definition",
            Section::Step => "step rule",
            Section::Move => "move",
            Section::GameOver => "game over",
            Section::Settings => "settings",
            Section::Layout => "layout",
        }
    }
}

/// Where a problem is: an element of the game and one of its fields, and,
/// for a problem found in a file, the line and column.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    pub section: Section,
    /// The element's name, e.g. `take` or `m.7`; empty for the file or game.
    pub name: String,
    /// The field, e.g. `what`, `when 2`, `winner`; empty for the whole element.
    pub field: String,
    /// 1-based line in the file, when known.
    pub line: Option<u32>,
    /// 1-based column in the file (or in the expression, with no line).
    pub column: Option<u32>,
}

impl Location {
    /// The place of an element's field, with no file position yet.
    pub fn new(section: Section, name: impl Into<String>, field: impl Into<String>) -> Self {
        Location {
            section,
            name: name.into(),
            field: field.into(),
            line: None,
            column: None,
        }
    }

    /// A position in a file.
    pub fn in_file(line: u32, column: u32) -> Self {
        Location {
            section: Section::File,
            name: String::new(),
            field: String::new(),
            line: Some(line),
            column: Some(column),
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(line) = self.line {
            parts.push(format!("line {line}"));
        }
        if self.section != Section::File {
            if self.name.is_empty() {
                parts.push(self.section.label().to_string());
            } else {
                parts.push(format!("{} '{}'", self.section.label(), self.name));
            }
        }
        if !self.field.is_empty() {
            parts.push(self.field.clone());
        }
        if let Some(column) = self.column {
            parts.push(format!("column {column}"));
        }
        if parts.is_empty() {
            parts.push("the game".into());
        }
        f.write_str(&parts.join(", "))
    }
}

/// One thing wrong with a game, with where it is and what to do about it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Problem {
    pub location: Location,
    /// A short sentence a child can act on.
    pub message: String,
}

impl Problem {
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        Problem {
            location,
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Names and messages may quote a file's text: control characters
        // (NUL among them) are shown as a visible mark, never printed.
        let visible = |s: String| -> String {
            s.chars()
                .map(|c| {
                    if c.is_control() && c != '\n' && c != '\t' {
                        '\u{fffd}'
                    } else {
                        c
                    }
                })
                .collect()
        };
        write!(
            f,
            "{}: {}",
            visible(self.location.to_string()),
            visible(self.message.clone())
        )
    }
}

impl std::error::Error for Problem {}
