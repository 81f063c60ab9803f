//! Why an edit was refused, in words a child can act on.

use std::fmt;

/// An edit that could not be made. The game stays as it was.
///
/// [`EditError::message`] (and `Display`) gives one short sentence for the
/// person at the screen; the variant tells the UI what sort of refusal it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// No element or place has this name.
    NotFound(String),
    /// A proposed name breaks the naming rules; the text says which.
    BadName(String),
    /// Another element (or a square of a board or track) already has this name.
    NameTaken(String),
    /// The edit makes no sense here; the text says what to do instead.
    Refused(String),
    /// A number is out of range (too many figures, a board too big …).
    TooMany(String),
    /// A place is full: `needed` figures would have to lie on `place`.
    /// [`crate::editor::room`] offers to let it hold them.
    NoRoom {
        place: String,
        needed: usize,
        text: String,
    },
}

impl EditError {
    /// The sentence to show the person.
    pub fn message(&self) -> String {
        match self {
            EditError::NotFound(name) if name.is_empty() => "Choose something first.".into(),
            EditError::NotFound(name) => format!("There is nothing called '{name}' on the table."),
            EditError::NameTaken(name) => {
                format!("The name '{name}' is already used. Every name must be different.")
            }
            EditError::BadName(text)
            | EditError::Refused(text)
            | EditError::TooMany(text)
            | EditError::NoRoom { text, .. } => text.clone(),
        }
    }

    pub(crate) fn refused(text: impl Into<String>) -> Self {
        EditError::Refused(text.into())
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for EditError {}
