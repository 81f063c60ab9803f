//! Text helpers for the XML format: positions, escaping and unescaping.

/// Turns byte offsets in a file into 1-based lines and columns (in characters).
///
/// Every [`CHECKPOINT`] bytes the column is remembered, so finding a
/// position costs little even on one very long line.
pub(crate) struct LineIndex<'a> {
    source: &'a str,
    starts: Vec<usize>,
    /// `columns[k]`: characters between the start of its line and byte `k * CHECKPOINT`.
    columns: Vec<usize>,
}

const CHECKPOINT: usize = 1024;

impl<'a> LineIndex<'a> {
    pub(crate) fn new(source: &'a str) -> Self {
        let mut starts = vec![0];
        let mut columns = Vec::with_capacity(source.len() / CHECKPOINT + 1);
        let mut column = 0;
        for (i, b) in source.bytes().enumerate() {
            if i % CHECKPOINT == 0 {
                columns.push(column);
            }
            if b == b'\n' {
                starts.push(i + 1);
                column = 0;
            } else if (b & 0xC0) != 0x80 {
                column += 1;
            }
        }
        LineIndex {
            source,
            starts,
            columns,
        }
    }

    /// The line and column of a byte offset (clamped to the text).
    pub(crate) fn position(&self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.source.len());
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let checkpoint = offset / CHECKPOINT * CHECKPOINT;
        let (from, base) = match self.columns.get(offset / CHECKPOINT) {
            Some(column) if checkpoint >= self.starts[line] => (checkpoint, *column),
            _ => (self.starts[line], 0),
        };
        let bytes = &self.source.as_bytes()[from..offset];
        let column = base + bytes.iter().filter(|b| (**b & 0xC0) != 0x80).count();
        (clamp(line + 1), clamp(column + 1))
    }
}

fn clamp(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Is this one of the four characters XML counts as white space?
pub(crate) fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// Replaces `&lt;`, `&#10;` and the like by the characters they stand for,
/// and turns line ends written as `\r\n` or `\r` into `\n`.
///
/// On an unknown or broken reference returns its byte offset in `raw` and a
/// message.
pub(crate) fn unescape(raw: &str) -> Result<String, (usize, String)> {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    let mut offset = 0;
    while let Some(i) = rest.find(['&', '\r']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(after) = tail.strip_prefix('\r') {
            out.push('\n');
            let skip = if after.starts_with('\n') { 2 } else { 1 };
            rest = &tail[skip..];
            offset += i + skip;
            continue;
        }
        let (c, len) = reference(tail).map_err(|m| (offset + i, m))?;
        out.push(c);
        rest = &tail[len..];
        offset += i + len;
    }
    out.push_str(rest);
    Ok(out)
}

/// Reads one `&...;` reference at the start of `s`: the character and the
/// length of the reference in bytes.
fn reference(s: &str) -> Result<(char, usize), String> {
    let end = s.char_indices().take(12).find(|(_, c)| *c == ';').map(|(i, _)| i);
    let Some(end) = end else {
        return Err("a '&' must be written as &amp; (or start a code like &lt; ending in ';')".into());
    };
    let body = &s[1..end];
    let c = match body {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let number = if let Some(hex) = body.strip_prefix("#x").or(body.strip_prefix("#X")) {
                u32::from_str_radix(hex, 16).ok()
            } else if let Some(dec) = body.strip_prefix('#') {
                dec.parse::<u32>().ok()
            } else {
                None
            };
            number.and_then(char::from_u32)
        }
    };
    match c {
        Some(c) if super::limits::is_control(c) => Err(format!(
            "'&{body};' stands for an invisible control character (code {}); a game file cannot hold it",
            c as u32
        )),
        Some(c) => Ok((c, end + 1)),
        None => Err(format!(
            "'&{body};' is not a code I know; use &lt; &gt; &amp; &quot; &apos; or &#number;"
        )),
    }
}

/// How many characters of `raw` (escaped text on one line) come before the
/// `column`-th character (1-based) of its unescaped form.
pub(crate) fn raw_chars_before(raw: &str, column: u32) -> usize {
    let mut decoded = 1u32;
    let mut raw_chars = 0usize;
    let mut chars = raw.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if decoded >= column {
            return raw_chars;
        }
        let mut len = 1;
        if c == '&' {
            if let Ok((_, bytes)) = reference(&raw[i..]) {
                let skipped = raw[i..i + bytes].chars().count();
                for _ in 1..skipped {
                    chars.next();
                }
                len = skipped;
            }
        }
        raw_chars += len;
        decoded += 1;
    }
    raw_chars
}

/// Like [`raw_chars_before`] for the content of a JSON string, where
/// `\n` or `\u00e9` is one character.
pub(crate) fn json_raw_chars_before(raw: &str, column: u32) -> usize {
    let chars: Vec<char> = raw.chars().collect();
    let mut decoded = 1u32;
    let mut i = 0usize;
    while i < chars.len() && decoded < column {
        let len = match (chars[i], chars.get(i + 1)) {
            ('\\', Some('u')) => {
                let pair = chars.get(i + 6) == Some(&'\\') && chars.get(i + 7) == Some(&'u');
                let high = chars.get(i + 2).is_some_and(|c| matches!(c, 'd' | 'D'))
                    && chars.get(i + 3).is_some_and(|c| "89abAB".contains(*c));
                if pair && high {
                    12
                } else {
                    6
                }
            }
            ('\\', Some(_)) => 2,
            _ => 1,
        };
        i = (i + len).min(chars.len());
        decoded += 1;
    }
    i
}

/// Escapes text for an element's content. White space at either end and
/// control characters are written as character codes, so that reading gives
/// back exactly the same text (the reader trims white space that is written
/// as is).
pub(crate) fn escape_text(text: &str) -> String {
    escape(text, false)
}

/// Escapes text for an attribute value in double quotes.
pub(crate) fn escape_attr(text: &str) -> String {
    escape(text, true)
}

fn escape(text: &str, attr: bool) -> String {
    let first_kept = text.find(|c: char| !is_xml_space(c)).unwrap_or(text.len());
    let last_kept = text
        .rfind(|c: char| !is_xml_space(c))
        .map(|i| i + text[i..].chars().next().map_or(1, char::len_utf8))
        .unwrap_or(first_kept);
    let mut out = String::with_capacity(text.len() + 8);
    for (i, c) in text.char_indices() {
        let edge = i < first_kept || i >= last_kept;
        match c {
            '<' => out.push_str("&lt;"),
            '>' if out.ends_with("]]") => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' if attr => out.push_str("&quot;"),
            '\n' | '\t' if !attr && !edge => out.push(c),
            ' ' if attr || !edge => out.push(' '),
            c if c.is_control() || is_xml_space(c) => {
                out.push_str(&format!("&#{};", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        let text = "ab\nçd<e\n";
        let index = LineIndex::new(text);
        assert_eq!(index.position(0), (1, 1));
        assert_eq!(index.position(3), (2, 1));
        assert_eq!(index.position(text.find('<').unwrap()), (2, 3));
        assert_eq!(index.position(999), (3, 1));
        let long = format!("x\n{}<", "é".repeat(3000));
        let index = LineIndex::new(&long);
        assert_eq!(index.position(long.len() - 1), (2, 3001));
        assert_eq!(index.position(2 + 2 * 1000), (2, 1001));
    }

    #[test]
    fn escaping_round_trips() {
        for text in ["a < b & c > \"d\"", "  edge\n", "\ttab\r\nx", "é😀", ""] {
            assert_eq!(unescape(&escape_text(text)).unwrap(), text);
            assert_eq!(unescape(&escape_attr(text)).unwrap(), text);
        }
        assert_eq!(escape_text(" a b\n"), "&#32;a b&#10;");
    }

    #[test]
    fn codes_for_control_characters_are_refused() {
        for code in ["&#0;", "&#x0;", "&#1;", "&#27;"] {
            let (_, message) = unescape(&format!("a{code}b")).unwrap_err();
            assert!(message.contains("invisible control character"), "{message}");
        }
        assert_eq!(unescape("&#9;&#10;&#13;").unwrap(), "\t\n\r");
    }

    #[test]
    fn bad_references_are_reported() {
        assert_eq!(unescape("a &nbsp; b").unwrap_err().0, 2);
        assert!(unescape("fish & chips").is_err());
        assert_eq!(unescape("&#x41;&#66;").unwrap(), "AB");
    }

    #[test]
    fn columns_skip_references() {
        // "a &lt; b": the 'b' is the 5th decoded char, 8th raw char.
        assert_eq!(raw_chars_before("a &lt; b", 5), 7);
        assert_eq!(raw_chars_before("abc", 1), 0);
        assert_eq!(raw_chars_before("abc", 9), 3);
    }
}
