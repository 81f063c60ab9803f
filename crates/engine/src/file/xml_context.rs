//! Helpers for reading the game out of an XML tree: attributes, numbers,
//! yes/no, text, children, each reporting problems with their position.

use super::source_map::SourceMap;
use super::text::{is_xml_space, unescape, LineIndex};
use super::vocabulary::{unknown_attribute, unknown_tag};
use super::xml_tree::{Element, Text};
use crate::problem::{Location, Problem, Section};
use std::fmt::Display;

/// An element being read, with the game element it belongs to.
pub(crate) struct Node<'e> {
    pub el: &'e Element,
    pub section: Section,
    /// The name of the game element, for problem locations.
    pub name: String,
}

/// The state of reading one file.
pub(crate) struct Ctx<'s> {
    lines: LineIndex<'s>,
    pub problems: Vec<Problem>,
    pub map: SourceMap,
}

impl<'s> Ctx<'s> {
    pub fn new(source: &'s str) -> Self {
        Ctx {
            lines: LineIndex::new(source),
            problems: Vec::new(),
            map: SourceMap::default(),
        }
    }

    /// The line and column of a byte offset.
    pub fn pos(&self, offset: usize) -> (u32, u32) {
        self.lines.position(offset)
    }

    /// Reports a problem at a byte offset.
    pub fn report(&mut self, offset: usize, node: &Node, field: &str, message: impl Into<String>) {
        let (line, column) = self.pos(offset);
        let mut location = Location::new(node.section, node.name.clone(), field);
        location.line = Some(line);
        location.column = Some(column);
        self.problems.push(Problem::new(location, message));
    }

    /// Starts reading an element of a section: reads its `name` (reporting
    /// it missing if `named`) and records where it is.
    pub fn node<'e>(&mut self, el: &'e Element, section: Section, named: bool) -> Node<'e> {
        let mut node = Node {
            el,
            section,
            name: String::new(),
        };
        if named {
            node.name = self.required(&node, "name", "a name").unwrap_or_default();
        }
        self.map.add(section, &node.name, "", self.pos(el.start), None);
        if named {
            if let Some(a) = el.attributes.iter().find(|a| a.key == "name") {
                let at = self.pos(a.start);
                self.map.add(section, &node.name, "name", at, Some(&a.raw));
            }
        }
        node
    }

    /// Reports every attribute of the element that is not in `allowed`.
    pub fn allow_attributes(&mut self, node: &Node, allowed: &[&str]) {
        for a in &node.el.attributes {
            if !allowed.contains(&a.key.as_str()) && !a.key.starts_with("xmlns") {
                let message = unknown_attribute(&a.key, &node.el.name, allowed);
                self.report(a.key_start, node, &a.key, message);
            }
        }
    }

    /// The unescaped value of an attribute, if present; records its place
    /// under the field `field`.
    pub fn attr_as(&mut self, node: &Node, key: &str, field: &str) -> Option<String> {
        let a = node.el.attributes.iter().find(|a| a.key == key)?;
        if !field.is_empty() && key != "name" {
            let at = self.pos(a.start);
            self.map.add(node.section, &node.name, field, at, Some(&a.raw));
        }
        match unescape(&a.raw) {
            Ok(value) => Some(value),
            Err((offset, message)) => {
                self.report(a.start + offset, node, field, message);
                Some(String::new())
            }
        }
    }

    /// The unescaped value of an attribute, recorded under its own name.
    pub fn attr(&mut self, node: &Node, key: &str) -> Option<String> {
        self.attr_as(node, key, key)
    }

    /// An attribute that must be there; `what` says what it is ("a name").
    pub fn required(&mut self, node: &Node, key: &str, what: &str) -> Option<String> {
        let value = self.attr(node, key);
        if value.is_none() {
            let tag = &node.el.name;
            let message = format!("<{tag}> needs {what}: add {key}=\"…\"");
            self.report(node.el.start, node, key, message);
        }
        value
    }

    /// A whole number from `low` to `high`.
    pub fn number<T>(&mut self, node: &Node, key: &str, low: i64, high: i64, example: i64) -> Option<T>
    where
        T: TryFrom<i64>,
    {
        let text = self.attr(node, key)?;
        let offset = self.attr_start(node, key);
        let trimmed = text.trim();
        let value = match trimmed.parse::<i64>() {
            Ok(v) => v,
            Err(_) => {
                let digits = !trimmed.is_empty()
                    && trimmed
                        .trim_start_matches('-')
                        .chars()
                        .all(|c| c.is_ascii_digit());
                let message = if digits {
                    format!("{key} must be from {low} to {high}, not {trimmed}")
                } else {
                    format!("{key} must be a whole number like {example}, not '{text}'")
                };
                self.report(offset, node, key, message);
                return None;
            }
        };
        if value < low || value > high {
            let message = format!("{key} must be from {low} to {high}, not {value}");
            self.report(offset, node, key, message);
            return None;
        }
        T::try_from(value).ok()
    }

    /// `yes` or `no`.
    pub fn yes_no(&mut self, node: &Node, key: &str) -> Option<bool> {
        let text = self.attr(node, key)?;
        match text.trim() {
            "yes" => Some(true),
            "no" => Some(false),
            _ => {
                let offset = self.attr_start(node, key);
                self.report(
                    offset,
                    node,
                    key,
                    format!("{key} must be yes or no, not '{text}'"),
                );
                None
            }
        }
    }

    /// One of a few words, e.g. `lose`, `win`, `draw`, `pass`.
    pub fn choice<T: Copy>(&mut self, node: &Node, key: &str, words: &[(&str, T)]) -> Option<T> {
        let text = self.attr(node, key)?;
        if let Some((_, v)) = words.iter().find(|(w, _)| *w == text.trim()) {
            return Some(*v);
        }
        let list: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
        let offset = self.attr_start(node, key);
        let message = format!("{key} must be one of {}, not '{text}'", list.join(", "));
        self.report(offset, node, key, message);
        None
    }

    fn attr_start(&self, node: &Node, key: &str) -> usize {
        node.el
            .attributes
            .iter()
            .find(|a| a.key == key)
            .map_or(node.el.start, |a| a.start)
    }

    /// The element's text with white space at both ends removed (white space
    /// written as a code like `&#32;` is kept); records its place under `field`.
    /// The element may hold no tags.
    pub fn text(&mut self, node: &Node, field: &str) -> String {
        for child in &node.el.children {
            let tag = &node.el.name;
            let message = format!(
                "<{}> cannot be inside <{tag}>: <{tag}> holds only text (write '<' as &lt;)",
                child.name
            );
            self.report(child.start, node, field, message);
        }
        let pieces = &node.el.text;
        let mut out = String::new();
        let mut first: Option<usize> = None;
        let mut one_raw: Option<&str> = None;
        for (i, piece) in pieces.iter().enumerate() {
            match piece {
                Text::Raw { start, raw } => {
                    let mut s = raw.as_str();
                    let mut offset = *start;
                    if i == 0 {
                        let t = s.trim_start_matches(is_xml_space);
                        offset += s.len() - t.len();
                        s = t;
                    }
                    if i + 1 == pieces.len() {
                        s = s.trim_end_matches(is_xml_space);
                    }
                    if first.is_none() && !s.is_empty() {
                        first = Some(offset);
                    }
                    if pieces.len() == 1 {
                        one_raw = Some(s);
                    }
                    match unescape(s) {
                        Ok(t) => out.push_str(&t),
                        Err((at, message)) => self.report(offset + at, node, field, message),
                    }
                }
                Text::CData { start, text } => {
                    first.get_or_insert(*start);
                    out.push_str(text);
                }
            }
        }
        let at = self.pos(first.unwrap_or(node.el.start));
        self.map.add(node.section, &node.name, field, at, one_raw);
        out
    }

    /// The text of an element that has no attributes; see [`Ctx::text`].
    pub fn plain_text(&mut self, node: &Node, field: &str) -> String {
        self.allow_attributes(node, &[]);
        self.text(node, field)
    }

    /// The child elements whose tags are in `allowed`; reports the others,
    /// and any text, since this element holds only tags.
    pub fn children<'e>(&mut self, node: &Node<'e>, allowed: &[&str]) -> Vec<&'e Element> {
        for piece in &node.el.text {
            let (start, text) = match piece {
                Text::Raw { start, raw } => (*start, raw.as_str()),
                Text::CData { start, text } => (*start, text.as_str()),
            };
            let trimmed = text.trim_start_matches(is_xml_space);
            if trimmed.is_empty() {
                continue;
            }
            let offset = start + text.len() - trimmed.len();
            let shown: String = trimmed.chars().take(20).collect();
            let tag = &node.el.name;
            let message = format!(
                "there is text '{}' inside <{tag}>, where only tags belong",
                shown.trim_end()
            );
            self.report(offset, node, "", message);
        }
        let mut kept = Vec::new();
        for child in &node.el.children {
            if allowed.contains(&child.name.as_str()) {
                kept.push(child);
            } else {
                let message = unknown_tag(&child.name, &node.el.name, allowed);
                self.report(child.start, node, "", message);
            }
        }
        kept
    }

    /// Reports a tag that appears more than once where one is expected.
    pub fn only_once(&mut self, node: &Node, children: &[&Element], tag: &str) {
        for extra in children.iter().filter(|c| c.name == tag).skip(1) {
            let parent = &node.el.name;
            let message = format!("<{parent}> can hold only one <{tag}>; this is a second one");
            self.report(extra.start, node, tag, message);
        }
    }

    /// Reports a problem at an element (not at a field).
    pub fn report_at(&mut self, el: &Element, node: &Node, field: &str, message: impl Display) {
        self.report(el.start, node, field, message.to_string());
    }
}
