//! Where each element and field of a game was found in its file.

use super::text::{json_raw_chars_before, raw_chars_before};
use crate::problem::{Problem, Section};
use std::collections::BTreeMap;

/// Positions of the elements and fields of a game in the file it was read
/// from, so that a problem found later (by name) can be shown with its line.
///
/// Built by [`super::read_xml`] and [`super::read_json`]; an empty map (the
/// default) locates nothing.
#[derive(Default, Clone, Debug)]
pub struct SourceMap {
    spans: BTreeMap<(Section, String, String), Vec<Span>>,
}

/// Where one element or field starts.
#[derive(Clone, Debug)]
struct Span {
    line: u32,
    column: u32,
    /// The field's text exactly as written in the file, when it is on one
    /// line, so a column inside the text can be turned into a file column.
    raw: Option<String>,
    /// Whether `raw` is escaped as JSON (else as XML).
    json: bool,
}

impl SourceMap {
    /// Records where an element (`field` empty) or one of its fields starts.
    /// `raw` is the field's text as written, if it lies on one line.
    pub(crate) fn add(
        &mut self,
        section: Section,
        name: &str,
        field: &str,
        (line, column): (u32, u32),
        raw: Option<&str>,
    ) {
        let raw = raw.filter(|r| !r.contains(['\n', '\r'])).map(str::to_string);
        self.spans
            .entry((section, name.to_string(), field.to_string()))
            .or_default()
            .push(Span {
                line,
                column,
                raw,
                json: false,
            });
    }

    /// Makes `to` found wherever `from` is: the figures a set of figures
    /// makes (`NAME.1`, `NAME.2`, …) are all where the set is written.
    pub(crate) fn copy(&mut self, section: Section, from: &str, to: &str) {
        let found: Vec<_> = self
            .spans
            .range((section, from.to_string(), String::new())..)
            .take_while(|((s, name, _), _)| *s == section && name == from)
            .map(|((_, _, field), spans)| (field.clone(), spans.clone()))
            .collect();
        for (field, spans) in found {
            self.spans.insert((section, to.to_string(), field), spans);
        }
    }

    /// Records a field of a JSON file; `raw` is a string's content between
    /// its quotes, still escaped.
    pub(crate) fn add_json(
        &mut self,
        section: Section,
        name: &str,
        field: &str,
        (line, column): (u32, u32),
        raw: Option<&str>,
    ) {
        self.spans
            .entry((section, name.to_string(), field.to_string()))
            .or_default()
            .push(Span {
                line,
                column,
                raw: raw.map(str::to_string),
                json: true,
            });
    }

    /// Fills in the line and column of a problem found by section, element
    /// name and field (e.g. `Step`, `take`, `when 2`).
    ///
    /// A problem that already has a line is left alone. If the problem has a
    /// column (a column inside an expression) and the field's text is on one
    /// line, the column becomes the column in the file; otherwise it becomes
    /// the column where the field starts. A field that was not written in the
    /// file (e.g. a missing `<what>`) is located at its element. When two
    /// elements share a name, a problem about the element itself or its name
    /// is placed at the second one (it is most likely the duplicate), any
    /// other at the first.
    pub fn locate(&self, problem: &mut Problem) {
        let location = &mut problem.location;
        if location.line.is_some() {
            return;
        }
        let key = (location.section, location.name.clone(), location.field.clone());
        let (spans, exact) = match self.spans.get(&key) {
            Some(spans) => (spans, true),
            None => {
                let element = (location.section, location.name.clone(), String::new());
                match self.spans.get(&element) {
                    Some(spans) => (spans, false),
                    None => return,
                }
            }
        };
        let whole = location.field.is_empty() || location.field == "name";
        let span = if whole && spans.len() > 1 {
            &spans[1]
        } else {
            &spans[0]
        };
        location.line = Some(span.line);
        let column = match (location.column, &span.raw, exact) {
            (Some(inner), Some(raw), true) => {
                let before = if span.json {
                    json_raw_chars_before(raw, inner)
                } else {
                    raw_chars_before(raw, inner)
                };
                let before = u32::try_from(before).unwrap_or(u32::MAX);
                span.column.saturating_add(before)
            }
            _ => span.column,
        };
        location.column = Some(column);
    }

    /// Every place where an element or field was written, in file order, as
    /// `(line, column)`; useful to show all elements that share a name.
    pub fn positions(&self, section: Section, name: &str, field: &str) -> Vec<(u32, u32)> {
        self.spans
            .get(&(section, name.to_string(), field.to_string()))
            .map(|spans| spans.iter().map(|s| (s.line, s.column)).collect())
            .unwrap_or_default()
    }

    /// Whether nothing has been recorded (e.g. a game built in memory).
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}
