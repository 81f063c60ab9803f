//! Reads XML text into a small tree that remembers where everything is.
//!
//! This step knows nothing about games: it checks only that the text is
//! well-formed XML within the size limits.

use super::limits::{MAX_ATTRIBUTES, MAX_DEPTH, MAX_ELEMENTS, MAX_FILE_BYTES};
use super::text::LineIndex;
use crate::problem::{Location, Problem};
use quick_xml::errors::{Error, IllFormedError};
use quick_xml::events::attributes::AttrError;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// One element with its attributes, children and text, as written.
#[derive(Debug)]
pub(crate) struct Element {
    pub name: String,
    /// Byte offset of its `<`.
    pub start: usize,
    pub attributes: Vec<Attribute>,
    pub children: Vec<Element>,
    pub text: Vec<Text>,
}

/// An attribute with its value still escaped.
#[derive(Debug)]
pub(crate) struct Attribute {
    pub key: String,
    pub raw: String,
    /// Byte offset of the first character of the value.
    pub start: usize,
    /// Byte offset of the first character of the key.
    pub key_start: usize,
}

/// A run of text inside an element.
#[derive(Debug)]
pub(crate) enum Text {
    /// Text as written, still escaped; `start` is its byte offset.
    Raw { start: usize, raw: String },
    /// The content of a `<![CDATA[…]]>` section, taken as is.
    CData { start: usize, text: String },
}

/// Refuses a file with too many tags, or tags nested too deep, before
/// reading one more tag (`count` of them so far, `depth` open).
fn check_size(count: usize, depth: usize) -> Result<(), String> {
    if count > MAX_ELEMENTS {
        return Err(format!(
            "this file has more than {MAX_ELEMENTS} tags; that is too many"
        ));
    }
    if depth >= MAX_DEPTH {
        return Err(format!(
            "tags are nested more than {MAX_DEPTH} deep here; that is too deep"
        ));
    }
    Ok(())
}

/// Parses the whole text into its root element.
pub(crate) fn parse(source: &str) -> Result<Element, Vec<Problem>> {
    let lines = LineIndex::new(source);
    let fail = |offset: usize, message: String| {
        let (line, column) = lines.position(offset);
        vec![Problem::new(Location::in_file(line, column), message)]
    };
    if source.len() > MAX_FILE_BYTES {
        return Err(fail(
            0,
            format!(
                "this file is {} bytes long; a game file can be at most {MAX_FILE_BYTES} bytes (4 MB)",
                source.len()
            ),
        ));
    }
    let mut reader = Reader::from_str(source);
    let config = reader.config_mut();
    config.trim_text(false);
    config.check_end_names = true;
    config.expand_empty_elements = false;

    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    let mut count = 0usize;
    loop {
        let before = offset(reader.buffer_position());
        let event = match reader.read_event() {
            Ok(event) => event,
            Err(error) => {
                let at = offset(reader.error_position());
                return Err(fail(at, syntax_message(&error)));
            }
        };
        match event {
            Event::Start(_) | Event::Empty(_) if root.is_some() => {
                return Err(fail(
                    before,
                    "a game file holds one <game>; this tag comes after it has ended".into(),
                ));
            }
            Event::Start(tag) => {
                count += 1;
                check_size(count, stack.len()).map_err(|m| fail(before, m))?;
                stack.push(element(&tag, before).map_err(|(at, m)| fail(at, m))?);
            }
            Event::Empty(tag) => {
                count += 1;
                check_size(count, stack.len()).map_err(|m| fail(before, m))?;
                let el = element(&tag, before).map_err(|(at, m)| fail(at, m))?;
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => root = Some(el),
                }
            }
            Event::End(_) => {
                let Some(el) = stack.pop() else {
                    return Err(fail(before, "this closing tag has no opening tag".into()));
                };
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => root = Some(el),
                }
            }
            Event::Text(text) => {
                let raw = String::from_utf8_lossy(&text).into_owned();
                match stack.last_mut() {
                    Some(parent) => parent.text.push(Text::Raw { start: before, raw }),
                    None if raw.trim().is_empty() => {}
                    None => {
                        let skip = raw.len() - raw.trim_start().len();
                        return Err(fail(
                            before + skip,
                            "there is text outside the <game> tag; everything must be inside <game>…</game>"
                                .into(),
                        ));
                    }
                }
            }
            Event::CData(data) => {
                let text = String::from_utf8_lossy(&data).replace("\r\n", "\n");
                match stack.last_mut() {
                    Some(parent) => parent.text.push(Text::CData { start: before, text }),
                    None => return Err(fail(before, "there is text outside the <game> tag".into())),
                }
            }
            Event::Eof => break,
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
        }
    }
    if let Some(open) = stack.last() {
        let tag = &open.name;
        return Err(fail(
            open.start,
            format!("<{tag}> is never closed; add </{tag}> where it ends (or write <{tag} … /> )"),
        ));
    }
    root.ok_or_else(|| {
        fail(
            source.len(),
            "this file is empty: a game file starts with <game format=\"1\">".into(),
        )
    })
}

fn offset(position: u64) -> usize {
    usize::try_from(position).unwrap_or(usize::MAX)
}

/// Builds an element from its start tag, finding where each attribute's
/// value starts.
fn element(tag: &BytesStart, start: usize) -> Result<Element, (usize, String)> {
    let raw: &[u8] = tag;
    let name = String::from_utf8_lossy(tag.name().as_ref()).into_owned();
    let content_start = start + 1;
    // Count the attributes (an `=` followed by a quote, outside any quoted
    // value) before quick-xml looks at them, since its check for duplicates
    // is slow on very many. An `=` inside a value, as in
    // `winner="if x = 'a' then 1 else 2"`, is not an attribute.
    let equals = count_attributes(raw);
    if equals > MAX_ATTRIBUTES {
        return Err((
            start,
            format!("<{name}> has more than {MAX_ATTRIBUTES} attributes; that is too many"),
        ));
    }
    let mut attributes = Vec::new();
    let mut cursor = tag.name().as_ref().len();
    for attribute in tag.attributes().with_checks(true) {
        let attribute = attribute.map_err(|e| attribute_error(&e, content_start, &name))?;
        let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
        let value = String::from_utf8_lossy(&attribute.value).into_owned();
        // The value starts after the first quote that follows the key and '='.
        let key_at = find(raw, attribute.key.as_ref(), cursor).unwrap_or(cursor);
        let eq = find(raw, b"=", key_at).unwrap_or(key_at);
        let quote = raw[eq..]
            .iter()
            .position(|b| *b == b'"' || *b == b'\'')
            .map_or(eq, |i| eq + i);
        let value_start = (quote + 1).min(raw.len());
        cursor = (value_start + attribute.value.len() + 1).min(raw.len());
        attributes.push(Attribute {
            key,
            raw: value,
            start: content_start + value_start,
            key_start: content_start + key_at,
        });
    }
    Ok(Element {
        name,
        start,
        attributes,
        children: Vec::new(),
        text: Vec::new(),
    })
}

/// How many `name="value"` pairs a start tag has: each `=` outside a
/// quoted value that is followed (after spaces) by a quote.
fn count_attributes(raw: &[u8]) -> usize {
    let mut count = 0;
    let mut quote: Option<u8> = None;
    for (i, &b) in raw.iter().enumerate() {
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if b == b'"' || b == b'\'' => quote = Some(b),
            None if b == b'=' => {
                let next = raw[i + 1..].iter().find(|c| !c.is_ascii_whitespace());
                if next.is_some_and(|c| *c == b'"' || *c == b'\'') {
                    count += 1;
                }
            }
            None => {}
        }
    }
    count
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > haystack.len() {
        return None;
    }
    haystack[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| from + i)
}

fn attribute_error(error: &AttrError, content_start: usize, tag: &str) -> (usize, String) {
    match error {
        AttrError::ExpectedEq(at) => (
            content_start + at,
            format!("in <{tag}> every attribute needs '=' and a value in quotes, like name=\"x\""),
        ),
        AttrError::ExpectedValue(at) | AttrError::UnquotedValue(at) => (
            content_start + at,
            format!("in <{tag}> this value must be in quotes, like rows=\"3\""),
        ),
        AttrError::ExpectedQuote(at, _) => (
            content_start + at,
            format!("in <{tag}> a value is missing its closing quote"),
        ),
        AttrError::Duplicated(at, _) => (
            content_start + at,
            format!("<{tag}> has the same attribute twice; keep only one"),
        ),
    }
}

fn syntax_message(error: &Error) -> String {
    match error {
        Error::Syntax(e) => {
            use quick_xml::errors::SyntaxError::*;
            match e {
                UnclosedTag => "this tag is not closed: a '>' is missing".into(),
                UnclosedComment => "this comment is never closed: add -->".into(),
                UnclosedCData => "this <![CDATA[ is never closed: add ]]>".into(),
                UnclosedPIOrXmlDecl => "this <? … is never closed: add ?>".into(),
                UnclosedDoctype => "this <!DOCTYPE is never closed: add >".into(),
                InvalidBangMarkup => "'<!' must start a comment like <!-- … -->".into(),
            }
        }
        Error::IllFormed(e) => match e {
            IllFormedError::MismatchedEndTag { expected, found } => format!(
                "</{found}> closes a tag that is not open here; <{expected}> must be closed first with </{expected}>"
            ),
            IllFormedError::UnmatchedEndTag(found) => {
                format!("</{found}> closes a tag that was never opened")
            }
            IllFormedError::MissingEndTag(tag) => {
                format!("<{tag}> is never closed; add </{tag}>")
            }
            IllFormedError::DoubleHyphenInComment => "a comment cannot contain '--'".into(),
            other => format!("this is not correct XML: {other}"),
        },
        Error::Encoding(_) => "this file is not plain text in UTF-8".into(),
        other => format!("this is not correct XML: {other}"),
    }
}
