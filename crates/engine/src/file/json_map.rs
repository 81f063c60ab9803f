//! Finds where each value of a JSON file starts, by its path
//! (`game` → `steps` → 2 → `when` → 0), for the source map.

/// One step of a path into a JSON document.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Seg {
    Key(String),
    Index(usize),
}

/// Called with the path, byte offset and (for a string) escaped content of a value.
pub(crate) type Visit<'v> = dyn FnMut(&[Seg], usize, Option<&str>) + 'v;

/// The byte offset where brackets first nest deeper than `max`, if they do.
pub(crate) fn too_deep(text: &str, max: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' | b'[' => {
                depth += 1;
                if depth > max {
                    return Some(i);
                }
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The first key written twice in one object: its byte offset and name.
pub(crate) fn repeated_key(text: &str) -> Option<(usize, String)> {
    let mut seen = std::collections::HashSet::new();
    let mut found = None;
    walk(text, &mut |path, offset, _| {
        if found.is_none() && !seen.insert(path.to_vec()) {
            if let Some(Seg::Key(k)) = path.last() {
                found = Some((offset, k.clone()));
            }
        }
    });
    found
}

/// Calls `visit` with the path, byte offset and (for a string) the escaped
/// content of every value. Stops quietly at anything that is not JSON.
pub(crate) fn walk(text: &str, visit: &mut Visit) {
    let mut walker = Walker {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        path: Vec::new(),
    };
    walker.value(visit);
}

struct Walker<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    path: Vec<Seg>,
}

impl<'a> Walker<'a> {
    fn skip_ws(&mut self) {
        while self.bytes.get(self.pos).is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Reads a string at `pos` (on its opening quote); returns its escaped content.
    fn string(&mut self) -> Option<&'a str> {
        let start = self.pos + 1;
        let mut i = start;
        while let Some(&b) = self.bytes.get(i) {
            match b {
                b'\\' => i += 2,
                b'"' => {
                    self.pos = i + 1;
                    let text: &'a str = self.text;
                    return text.get(start..i);
                }
                _ => i += 1,
            }
        }
        None
    }

    fn value(&mut self, visit: &mut Visit) -> Option<()> {
        if self.path.len() > 64 {
            return None;
        }
        self.skip_ws();
        let start = self.pos;
        match self.peek()? {
            b'{' => {
                visit(&self.path, start, None);
                self.pos += 1;
                loop {
                    self.skip_ws();
                    match self.peek()? {
                        b'}' => {
                            self.pos += 1;
                            return Some(());
                        }
                        b',' => self.pos += 1,
                        b'"' => {
                            let raw = self.string()?;
                            let key = serde_json::from_str::<String>(&format!("\"{raw}\""))
                                .unwrap_or_else(|_| raw.to_string());
                            self.skip_ws();
                            if self.peek()? != b':' {
                                return None;
                            }
                            self.pos += 1;
                            self.path.push(Seg::Key(key));
                            let done = self.value(visit);
                            self.path.pop();
                            done?;
                        }
                        _ => return None,
                    }
                }
            }
            b'[' => {
                visit(&self.path, start, None);
                self.pos += 1;
                let mut index = 0;
                loop {
                    self.skip_ws();
                    match self.peek()? {
                        b']' => {
                            self.pos += 1;
                            return Some(());
                        }
                        b',' => self.pos += 1,
                        _ => {
                            self.path.push(Seg::Index(index));
                            let done = self.value(visit);
                            self.path.pop();
                            done?;
                            index += 1;
                        }
                    }
                }
            }
            b'"' => {
                let raw = self.string()?;
                visit(&self.path, start, Some(raw));
                Some(())
            }
            _ => {
                while self
                    .peek()
                    .is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace())
                {
                    self.pos += 1;
                }
                visit(&self.path, start, None);
                Some(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_paths() {
        let text = r#"{"a": [1, {"b": "x\"y"}], "c": true}"#;
        let mut seen = Vec::new();
        walk(text, &mut |path, at, raw| {
            seen.push((path.to_vec(), at, raw.map(str::to_string)))
        });
        assert!(seen.contains(&(
            vec![Seg::Key("a".into()), Seg::Index(1), Seg::Key("b".into())],
            16,
            Some("x\\\"y".into())
        )));
        assert_eq!(too_deep("[[[\"[[[[\"]]]", 3), None);
        assert_eq!(too_deep("[[[[]]]]", 3), Some(3));
    }
}
