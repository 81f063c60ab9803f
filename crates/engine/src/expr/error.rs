//! The two kinds of mistakes: in the writing (parse) and in the running (eval).

use std::fmt;

/// A mistake in how an expression or effect is written, or a name that
/// can't be resolved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// Where the mistake is: 1-based, counted in characters.
    pub column: u32,
    /// What was expected and what was found, in plain words.
    pub message: String,
}

impl ParseError {
    /// A mistake at `column` (1-based, in characters).
    pub fn new(column: u32, message: impl Into<String>) -> Self {
        ParseError {
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Something that went wrong while working out a value, such as dividing
/// by zero.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EvalError {
    /// What went wrong, in plain words: "can't divide by zero".
    pub message: String,
}

impl EvalError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        EvalError {
            message: message.into(),
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}
