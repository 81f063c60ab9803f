//! The values expressions compute: numbers, yes/no, text and lists.

use std::cmp::Ordering;
use std::fmt;

/// A value in the expression language.
///
/// Displayed as a child would write it: `3`, `yes` / `no`, text as is,
/// lists as `[a, b, c]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// A whole number.
    Number(i64),
    /// `yes` or `no`.
    Bool(bool),
    /// Text, such as the name of a figure or a place.
    Text(String),
    /// A list of values.
    List(Vec<Value>),
}

impl Value {
    /// The number this value stands for: a number, or text that reads as a
    /// whole number (`"12"`). Anything else gives `None`.
    pub fn as_number(&self) -> Option<i64> {
        match self {
            Value::Number(n) => Some(*n),
            Value::Text(t) => read_number(t),
            _ => None,
        }
    }

    /// `Some(b)` for `yes` / `no`, else `None`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The text form of the value, as shown by `Display`.
    pub fn to_text(&self) -> String {
        match self {
            Value::Text(t) => t.clone(),
            other => other.to_string(),
        }
    }

    /// Equality as `=` sees it: a number and a text are equal when their
    /// text forms are equal (`"3" = 3`); lists compare item by item in the
    /// same way; otherwise values of different kinds are simply unequal.
    pub fn loosely_equals(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Number(a), Value::Number(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Text(a), Value::Text(b)) => a == b,
            (Value::Number(n), Value::Text(t)) | (Value::Text(t), Value::Number(n)) => {
                number_text_equal(*n, t)
            }
            (Value::List(a), Value::List(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.loosely_equals(y))
            }
            _ => false,
        }
    }

    /// How `< <= > >=` order two values: as numbers when both read as whole
    /// numbers, else text with text alphabetically; `None` when they can't be
    /// compared.
    pub fn compare(&self, other: &Value) -> Option<Ordering> {
        if let (Some(a), Some(b)) = (self.as_number(), other.as_number()) {
            return Some(a.cmp(&b));
        }
        match (self, other) {
            (Value::Text(a), Value::Text(b)) => Some(a.cmp(b)),
            _ => None,
        }
    }

    /// A short description for messages: `3 is a number`, `'abc' is text`.
    pub(crate) fn describe(&self) -> String {
        match self {
            Value::Number(n) => format!("{n} is a number"),
            Value::Bool(b) => format!("{} is yes/no", if *b { "yes" } else { "no" }),
            Value::Text(t) => format!("'{}' is text", shorten(t)),
            Value::List(_) => format!("{} is a list", shorten(&self.to_string())),
        }
    }

    /// The value as quoted in messages: `3`, `'abc'`, `[1, 2]`.
    pub(crate) fn quoted(&self) -> String {
        match self {
            Value::Text(t) => format!("'{}'", shorten(t)),
            other => shorten(&other.to_string()),
        }
    }
}

/// Cuts long text for messages.
fn shorten(s: &str) -> String {
    const MAX: usize = 30;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(MAX).collect();
        out.push('…');
        out
    }
}

/// Reads a whole number written in text (`"12"`, `"-3"`), without spaces.
pub(crate) fn read_number(t: &str) -> Option<i64> {
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// Whether `t` is exactly the text form of `n`, without allocating.
fn number_text_equal(n: i64, t: &str) -> bool {
    read_number(t) == Some(n) && {
        // "03" reads as 3 but is not its text form.
        let digits = t.strip_prefix('-').unwrap_or(t);
        (digits.len() == 1 || !digits.starts_with('0')) && t != "-0"
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(n) => write!(f, "{n}"),
            Value::Bool(true) => f.write_str("yes"),
            Value::Bool(false) => f.write_str("no"),
            Value::Text(t) => f.write_str(t),
            Value::List(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Number(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(t: &str) -> Self {
        Value::Text(t.to_string())
    }
}

impl From<String> for Value {
    fn from(t: String) -> Self {
        Value::Text(t)
    }
}
