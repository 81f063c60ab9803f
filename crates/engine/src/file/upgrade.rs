//! Upgrading files written in an older version of the XML format.
//!
//! Each version that changed the format has one step here, which turns a
//! parsed document of that version into one of the next version. Reading a
//! file runs the steps from the file's version up to [`FORMAT_VERSION`] on
//! the parsed tree, then reads it as a current file; a file from a newer
//! version is refused by the reader with a message. Positions (lines and
//! columns of problems) stay those of the file as written.
//!
//! The versions (see `docs/file-format.md`, "Older files"):
//! - **0**: the first drafts of the format, written by hand from the Design
//!   and Play notation before files carried a version: no `format`
//!   attribute (or `format="0"`), the winner of a game-over condition as a
//!   `<winner>` element inside `<end>`, and `<wastebasket>` for a basket.
//! - **1**: the format before the rule language had lists, loops and
//!   changing owners.
//! - **2**: the current format: what format 1 says means the same, and it
//!   adds figure sets (`count`, `origins`), `capture` on a step rule and the new
//!   words of the rule language.

use super::xml_tree::{Attribute, Element, Text};
use super::FORMAT_VERSION;

/// One step of the chain: turns a document of version `from` into one of
/// version `from + 1`.
struct Step {
    from: u32,
    run: fn(&mut Element),
}

/// The chain, in order; the last step leads to [`FORMAT_VERSION`].
const STEPS: &[Step] = &[
    Step {
        from: 0,
        run: from_0_to_1,
    },
    Step {
        from: 1,
        run: from_1_to_2,
    },
];

/// Format 2 only adds: a format-1 file means the same in format 2.
fn from_1_to_2(_: &mut Element) {}

/// The version a `<game>` element says it is written in: `Some(0)` when it
/// says nothing, `None` when the value is not a whole number (the reader
/// then says so).
fn version_of(root: &Element) -> Option<u64> {
    match root.attributes.iter().find(|a| a.key == "format") {
        None => Some(0),
        Some(a) => a.raw.trim().parse().ok(),
    }
}

/// Brings a parsed file up to the current version; returns the version it
/// was written in, when it was older. A current, newer or unreadable
/// version is left as it is for the reader to judge.
pub(crate) fn upgrade(root: &mut Element) -> Option<u32> {
    if root.name != "game" {
        return None;
    }
    let version = u32::try_from(version_of(root)?).ok()?;
    if version >= FORMAT_VERSION {
        return None;
    }
    for step in STEPS.iter().filter(|s| s.from >= version) {
        (step.run)(root);
    }
    set_attribute(root, "format", &FORMAT_VERSION.to_string());
    Some(version)
}

/// Sets an attribute's raw (escaped) value, adding it at the element's start.
fn set_attribute(el: &mut Element, key: &str, raw: &str) {
    match el.attributes.iter_mut().find(|a| a.key == key) {
        Some(a) => a.raw = raw.to_string(),
        None => el.attributes.push(Attribute {
            key: key.to_string(),
            raw: raw.to_string(),
            start: el.start,
            key_start: el.start,
        }),
    }
}

fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// The text of an element, still escaped, trimmed; `None` when it holds
/// anything but text (it is then left for the reader to report).
fn escaped_text(el: &Element) -> Option<String> {
    if !el.children.is_empty() || !el.attributes.is_empty() {
        return None;
    }
    let mut out = String::new();
    for piece in &el.text {
        match piece {
            Text::Raw { raw, .. } => out.push_str(raw),
            Text::CData { text, .. } => out.push_str(
                &text
                    .replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('"', "&quot;"),
            ),
        }
    }
    Some(out.trim_matches(is_xml_space).to_string())
}

/// Version 0 → 1: `<end><winner>…</winner>` becomes `<end winner="…">`,
/// `<wastebasket>` becomes `<basket>`.
fn from_0_to_1(root: &mut Element) {
    for rules in root.children.iter_mut().filter(|c| c.name == "rules") {
        for section in &mut rules.children {
            match section.name.as_str() {
                "game-over" => {
                    for end in section.children.iter_mut().filter(|e| e.name == "end") {
                        winner_to_attribute(end);
                    }
                }
                "equipment" => {
                    for item in section.children.iter_mut().filter(|e| e.name == "wastebasket") {
                        item.name = "basket".into();
                    }
                }
                _ => {}
            }
        }
    }
}

fn winner_to_attribute(end: &mut Element) {
    if end.attributes.iter().any(|a| a.key == "winner") {
        return;
    }
    let mut winners = end.children.iter().filter(|c| c.name == "winner");
    let (Some(winner), None) = (winners.next(), winners.next()) else {
        return;
    };
    let Some(raw) = escaped_text(winner) else {
        return;
    };
    let start = winner.start;
    end.children.retain(|c| c.name != "winner");
    end.attributes.push(Attribute {
        key: "winner".into(),
        raw,
        start,
        key_start: start,
    });
}

#[cfg(test)]
mod tests {
    use super::super::{read_xml, write_xml};
    use super::*;

    const NIM_0: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- NIM12 as first drafted, before files had a format version. -->
<game players="2">
  <title>NIM12</title>
  <rules>
    <equipment>
      <group name="matchgroup"/>
      <wastebasket name="basket"/>
    </equipment>
    <figures>
      <figure name="m.1" type="match" origin="matchgroup"/>
      <figure name="m.2" type="match" origin="matchgroup"/>
    </figures>
    <steps>
      <step name="take">
        <what type="match"/>
        <from name="matchgroup"/>
        <to name="basket"/>
      </step>
    </steps>
    <moves>
      <move name="turn">take x1-3</move>
    </moves>
    <game-over>
      <end name="last-match">
        <when>empty(matchgroup)</when>
        <winner> player </winner>
      </end>
      <end name="never">
        <winner><![CDATA[ 3 < 2 ]]></winner>
        <when>value(x) &lt; 0</when>
      </end>
    </game-over>
  </rules>
</game>"#;

    const NIM_1: &str = r#"<game format="1" players="2">
  <title>NIM12</title>
  <rules>
    <equipment>
      <group name="matchgroup"/>
      <basket name="basket"/>
    </equipment>
    <figures>
      <figure name="m.1" type="match" origin="matchgroup"/>
      <figure name="m.2" type="match" origin="matchgroup"/>
    </figures>
    <steps>
      <step name="take">
        <what type="match"/>
        <from name="matchgroup"/>
        <to name="basket"/>
      </step>
    </steps>
    <moves>
      <move name="turn">take x1-3</move>
    </moves>
    <game-over>
      <end name="last-match" winner="player">
        <when>empty(matchgroup)</when>
      </end>
      <end name="never" winner="3 &lt; 2">
        <when>value(x) &lt; 0</when>
      </end>
    </game-over>
  </rules>
</game>"#;

    #[test]
    fn a_format_0_file_opens_as_the_same_game() {
        let (old, _) = read_xml(NIM_0).unwrap();
        let (new, _) = read_xml(NIM_1).unwrap();
        assert_eq!(old, new);
        assert_eq!(old.game_over[0].winner, "player");
        assert_eq!(old.game_over[1].winner, "3 < 2");
        // Saving writes the current format.
        assert!(write_xml(&old).contains("format=\"2\""));
        assert_eq!(read_xml(&write_xml(&old)).unwrap().0, new);
        // format="0" said out loud is the same.
        let said = NIM_0.replace("<game players", "<game format=\"0\" players");
        assert_eq!(read_xml(&said).unwrap().0, new);
    }

    #[test]
    fn the_chain_reports_the_version_it_upgraded_from() {
        let mut root = super::super::xml_tree::parse(NIM_0).unwrap();
        assert_eq!(upgrade(&mut root), Some(0));
        assert_eq!(upgrade(&mut root), None, "upgraded twice");
        let mut format_1 = super::super::xml_tree::parse(NIM_1).unwrap();
        assert_eq!(upgrade(&mut format_1), Some(1));
        assert_eq!(upgrade(&mut format_1), None, "format 2 is current");
        let mut other = super::super::xml_tree::parse("<figure/>").unwrap();
        assert_eq!(upgrade(&mut other), None);
    }

    #[test]
    fn problems_in_an_old_file_keep_their_lines() {
        // A misspelt tag on line 6 of an old file.
        let text = NIM_0.replace("<group name", "<grup name");
        let problems = read_xml(&text).unwrap_err();
        assert_eq!(problems[0].location.line, Some(7), "{problems:?}");
        // A winner that is not plain text is left for the reader to report.
        let text = NIM_0.replace("<winner> player </winner>", "<winner><b/></winner>");
        let problems = read_xml(&text).unwrap_err();
        assert!(
            problems.iter().any(|p| p.message.contains("winner")),
            "{problems:?}"
        );
    }

    #[test]
    fn a_future_or_broken_version_is_refused() {
        let future = NIM_1.replace("format=\"1\"", "format=\"7\"");
        let problems = read_xml(&future).unwrap_err();
        assert!(problems[0].message.contains("newer Tablecraft"), "{problems:?}");
        let broken = NIM_1.replace("format=\"1\"", "format=\"one\"");
        let problems = read_xml(&broken).unwrap_err();
        assert!(problems[0].message.contains("format must be"), "{problems:?}");
        let huge = NIM_1.replace("format=\"1\"", "format=\"99999999999999999999999\"");
        assert!(read_xml(&huge).is_err());
    }
}
