//! Definitions in game files: read, checked with their problems placed at
//! the definition's line and column, written back, and used by the rules.

use std::sync::Arc;
use tablecraft_engine::file::{read_json, read_xml, write_json, write_xml};
use tablecraft_engine::open::open;
use tablecraft_engine::position::Position;

/// A row of 5 squares; a stone goes right as far as the next stone or the
/// edge, in one step; the game ends when no stone can move.
fn game(definitions: &str, when: &str) -> String {
    format!(
        r#"<game format="2" players="1">
  <rules>
    <equipment>
      <board name="row" rows="1" columns="5" capacity="1"/>
    </equipment>
    <figures>
      <figure name="s" type="stone" origins="row.1.1 row.1.3"/>
    </figures>
    <definitions>
{definitions}
    </definitions>
    <steps>
      <step name="slide">
        <when>{when}</when>
      </step>
    </steps>
    <moves><move name="go">slide</move></moves>
    <game-over>
      <end name="stuck" winner="1"><when>not free(row.1.1) and not free(row.1.3)</when></end>
    </game-over>
  </rules>
</game>
"#
    )
}

const GOOD: &str = r#"      <define name="open" of="s">all t in line(s, right) until not empty(t)</define>
      <define name="free" of="s">count(open(s)) > 0</define>
      <define name="farthest" of="s">last(open(s))</define>"#;

#[test]
fn a_game_with_definitions_plays_by_them() {
    let text = game(GOOD, "to = farthest(from)");
    let (_, rules) = open(&text).unwrap_or_else(|p| panic!("{p:?}"));
    let pos = Position::new(Arc::new(rules));
    let mut targets: Vec<String> = pos
        .legal_steps()
        .iter()
        .map(|s| pos.rules().place_name(s.to).to_string())
        .collect();
    targets.sort();
    assert_eq!(targets, ["row.1.2", "row.1.5"]);
}

#[test]
fn a_mistake_in_a_definition_is_placed_at_its_line_and_column() {
    let bad = GOOD.replace("not empty(t)", "not emty(t)");
    let text = game(&bad, "to = farthest(from)");
    let problems = open(&text).unwrap_err();
    let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    let line = text.lines().position(|l| l.contains("emty")).unwrap() as u32 + 1;
    let column = text.lines().nth(line as usize - 1).unwrap().find("emty").unwrap() as u32 + 1;
    assert!(
        shown.contains(&format!(
            "line {line}, definition 'open', column {column}: there is no function called 'emty'"
        )),
        "{shown:#?}"
    );
    // Those that use it say so, where they use it.
    assert!(
        shown.iter().any(|s| s.contains("definition 'free'")
            && s.ends_with("the definition of 'open' has a mistake; mend it first")),
        "{shown:#?}"
    );
}

#[test]
fn a_name_that_is_taken_or_used_too_early_is_a_problem() {
    let clash = r#"      <define name="stone" of="s">1</define>
      <define name="early" of="s">later(s)</define>
      <define name="later" of="s">1</define>"#;
    let problems = open(&game(clash, "yes")).unwrap_err();
    let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    for expected in [
        "definition 'stone', name, column 21: something in the game is already called 'stone'; give the definition another name",
        "definition 'early', column 35: 'later' is defined further down; a definition can only use the ones above it",
    ] {
        assert!(shown.iter().any(|s| s.ends_with(expected)), "{expected}\n{shown:#?}");
    }
}

#[test]
fn definitions_are_written_back_in_xml_and_json() {
    let text = game(GOOD, "to = farthest(from)");
    let (g, _) = read_xml(&text).unwrap();
    assert_eq!(g.definitions.len(), 3);
    assert_eq!(g.definitions[0].of, ["s"]);
    let xml = write_xml(&g);
    assert!(
        xml.contains(r#"<define name="free" of="s">count(open(s)) &gt; 0</define>"#)
            || xml.contains(r#"<define name="free" of="s">count(open(s)) > 0</define>"#),
        "{xml}"
    );
    assert_eq!(read_xml(&xml).unwrap().0, g);
    let json = write_json(&g);
    assert!(json.contains("\"definitions\""), "{json}");
    assert_eq!(read_json(&json).unwrap().0, g);
    // A JSON body's mistake is placed inside the JSON string.
    let broken = json.replace("not empty(t)", "not emty(t)");
    let problems = open(&broken).unwrap_err();
    let line = broken.lines().position(|l| l.contains("emty")).unwrap() as u32 + 1;
    let column = broken
        .lines()
        .nth(line as usize - 1)
        .unwrap()
        .find("emty")
        .unwrap() as u32
        + 1;
    let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(
        shown
            .iter()
            .any(|s| s.starts_with(&format!("line {line}, definition 'open', column {column}:"))),
        "{shown:#?}"
    );
}
