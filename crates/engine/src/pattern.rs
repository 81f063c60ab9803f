//! Name patterns with wildcards: `s.?`, `stone.*.?`, `*`.
//!
//! `*` matches any non-empty text; `?` matches one non-empty part between
//! dots. Each wildcard captures what it matched; a capture that reads as a
//! whole number is a number.

use super::expr::Value;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    Star,
    Part,
}

/// A compiled pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matcher {
    pieces: Vec<Piece>,
}

impl Matcher {
    /// Compiles pattern text; never fails (every text is a pattern).
    pub fn new(text: &str) -> Self {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        for c in text.chars() {
            if c == '*' || c == '?' {
                if !literal.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut literal)));
                }
                pieces.push(if c == '*' { Piece::Star } else { Piece::Part });
            } else {
                literal.push(c);
            }
        }
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Matcher { pieces }
    }

    /// How many wildcards the pattern has.
    pub fn wildcards(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| !matches!(p, Piece::Text(_)))
            .count()
    }

    /// Whether the pattern has no wildcards.
    pub fn is_exact(&self) -> bool {
        self.wildcards() == 0
    }

    /// Matches `text`; on success returns the captured values in order.
    pub fn captures(&self, text: &str) -> Option<Vec<Value>> {
        let mut spans = Vec::with_capacity(self.wildcards());
        if self.match_from(0, text, 0, &mut spans) {
            Some(spans.iter().map(|&(a, b)| capture_value(&text[a..b])).collect())
        } else {
            None
        }
    }

    /// Whether `text` matches.
    pub fn matches(&self, text: &str) -> bool {
        let mut spans = Vec::new();
        self.match_from(0, text, 0, &mut spans)
    }

    fn match_from(&self, piece: usize, text: &str, at: usize, spans: &mut Vec<(usize, usize)>) -> bool {
        let Some(p) = self.pieces.get(piece) else {
            return at == text.len();
        };
        let rest = &text[at..];
        match p {
            Piece::Text(t) => {
                rest.starts_with(t.as_str()) && self.match_from(piece + 1, text, at + t.len(), spans)
            }
            Piece::Part => {
                let len = rest.find('.').unwrap_or(rest.len());
                // A part is all of the text up to the next dot, never less:
                // `s.?` matches `s.12` but not `s.1.2`.
                if len == 0 {
                    return false;
                }
                spans.push((at, at + len));
                if self.match_from(piece + 1, text, at + len, spans) {
                    return true;
                }
                spans.pop();
                false
            }
            Piece::Star => {
                let ends: Vec<usize> = rest.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
                for end in ends {
                    spans.push((at, at + end));
                    if self.match_from(piece + 1, text, at + end, spans) {
                        return true;
                    }
                    spans.pop();
                }
                false
            }
        }
    }
}

/// A captured part: a number when it reads as one, text otherwise.
pub fn capture_value(text: &str) -> Value {
    match text.parse::<i64>() {
        Ok(n) if !text.starts_with('+') => Value::Number(n),
        _ => Value::Text(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(p: &str, t: &str) -> Option<Vec<Value>> {
        Matcher::new(p).captures(t)
    }

    #[test]
    fn exact_names_match_only_themselves() {
        assert_eq!(caps("basket", "basket"), Some(vec![]));
        assert_eq!(caps("basket", "baskets"), None);
        assert_eq!(caps("basket", "basket2"), None);
    }

    #[test]
    fn question_mark_takes_one_whole_part() {
        assert_eq!(caps("s.?", "s.12"), Some(vec![Value::Number(12)]));
        assert_eq!(caps("s.?", "s.1.2"), None);
        assert_eq!(caps("s.?", "s."), None);
        assert_eq!(
            caps("board.?.?", "board.2.3"),
            Some(vec![Value::Number(2), Value::Number(3)])
        );
    }

    #[test]
    fn star_takes_any_non_empty_text() {
        assert_eq!(caps("*", "s.3"), Some(vec![Value::Text("s.3".into())]));
        assert_eq!(caps("*", ""), None);
        assert_eq!(
            caps("stone.*.?", "stone.white.5"),
            Some(vec![Value::Text("white".into()), Value::Number(5)])
        );
        assert_eq!(
            caps("stone.*.?", "stone.dark.blue.5"),
            Some(vec![Value::Text("dark.blue".into()), Value::Number(5)])
        );
    }

    #[test]
    fn unicode_names_do_not_break_matching() {
        assert_eq!(caps("ž*", "žába"), Some(vec![Value::Text("ába".into())]));
        assert!(Matcher::new("?.ü").matches("ä.ü"));
    }

    #[test]
    fn counts_wildcards() {
        assert_eq!(Matcher::new("stone.*.?").wildcards(), 2);
        assert!(Matcher::new("basket").is_exact());
    }
}
