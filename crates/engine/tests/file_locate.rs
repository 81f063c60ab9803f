//! `SourceMap::locate` finds the line and column of a problem that another
//! module found by section, element name and field.

use tablecraft_engine::file::{read_json, read_xml, write_json, SourceMap};
use tablecraft_engine::problem::{Location, Problem, Section};

const FILE: &str = r#"<game format="1" players="2">
  <title>Locate</title>
  <rules>
    <equipment>
      <board name="grid" rows="3" columns="3" capacity="1">
        <square name="grid.2.2">
          <attribute name="wall" value="yes"/>
        </square>
      </board>
    </equipment>
    <figures>
      <figure name="m.1" type="match" origin="grid.1.1" owner="1"/>
    </figures>
    <triggers>
      <trigger name="moves" type="number" value="0"/>
    </triggers>
    <steps>
      <step name="take">
        <what type="match"/>
        <when>to = from + 1</when>
        <when>a &lt; b + zz</when>
        <when>
          first line
          second line
        </when>
        <effect>set moves to value(moves) + 1</effect>
      </step>
      <step name="take"/>
    </steps>
    <moves>
      <move name="turn">take x1-3</move>
    </moves>
    <game-over>
      <end name="done" winner="if player = 1 then 2 else 1"/>
    </game-over>
    <settings><heuristic>count(contains(grid))</heuristic></settings>
  </rules>
</game>
"#;

fn map() -> SourceMap {
    read_xml(FILE).expect("reads").1
}

/// Locates a problem at `section`/`name`/`field` with an optional column
/// inside the text; returns `(line, column)`.
fn locate(map: &SourceMap, section: Section, name: &str, field: &str, column: Option<u32>) -> (u32, u32) {
    let mut location = Location::new(section, name, field);
    location.column = column;
    let mut problem = Problem::new(location, "something is wrong");
    map.locate(&mut problem);
    (
        problem.location.line.expect("a line"),
        problem.location.column.expect("a column"),
    )
}

#[test]
fn elements_and_attributes() {
    let m = map();
    assert_eq!(locate(&m, Section::Equipment, "grid", "", None), (5, 7));
    assert_eq!(locate(&m, Section::Equipment, "grid", "name", None), (5, 20));
    assert_eq!(locate(&m, Section::Equipment, "grid", "type", None), (5, 7));
    assert_eq!(locate(&m, Section::Equipment, "grid", "capacity", None), (5, 57));
    assert_eq!(locate(&m, Section::Equipment, "grid.2.2", "", None), (6, 9));
    assert_eq!(
        locate(&m, Section::Equipment, "grid.2.2", "attribute wall", None),
        (7, 11)
    );
    assert_eq!(locate(&m, Section::Figure, "m.1", "origin", None), (12, 47));
    assert_eq!(locate(&m, Section::Figure, "m.1", "owner", None), (12, 64));
    assert_eq!(locate(&m, Section::Trigger, "moves", "value", None), (15, 50));
    assert_eq!(locate(&m, Section::Move, "turn", "sequence", None), (31, 25));
    assert_eq!(locate(&m, Section::Settings, "", "heuristic", None), (36, 26));
    assert_eq!(locate(&m, Section::Game, "", "title", None), (2, 10));
}

#[test]
fn a_column_inside_an_expression_becomes_a_file_column() {
    let m = map();
    // `to = from + 1` starts at column 15; "from" is its 6th character.
    assert_eq!(locate(&m, Section::Step, "take", "when 1", Some(6)), (20, 20));
    // `a &lt; b + zz`: "zz" is the 9th character but the 12th as written.
    assert_eq!(locate(&m, Section::Step, "take", "when 2", Some(9)), (21, 26));
    assert_eq!(locate(&m, Section::Step, "take", "effect 1", Some(5)), (26, 21));
    // The winner is an attribute: `if player …` starts at column 32.
    assert_eq!(locate(&m, Section::GameOver, "done", "winner", Some(4)), (34, 35));
    assert_eq!(locate(&m, Section::Settings, "", "heuristic", Some(7)), (36, 32));
}

#[test]
fn text_on_several_lines_keeps_the_line_where_it_starts() {
    let m = map();
    assert_eq!(locate(&m, Section::Step, "take", "when 3", Some(20)), (23, 11));
}

#[test]
fn a_field_not_in_the_file_is_placed_at_its_element() {
    let m = map();
    assert_eq!(locate(&m, Section::Step, "take", "from", None), (18, 7));
    assert_eq!(locate(&m, Section::Step, "take", "what", None), (19, 9));
    // The column inside an unknown field cannot be mapped: the element's is used.
    assert_eq!(locate(&m, Section::Step, "take", "when 9", Some(3)), (18, 7));
}

#[test]
fn a_duplicate_name_points_at_the_second_element() {
    let m = map();
    assert_eq!(locate(&m, Section::Step, "take", "", None), (28, 7));
    assert_eq!(locate(&m, Section::Step, "take", "name", None), (28, 19));
    assert_eq!(m.positions(Section::Step, "take", ""), [(18, 7), (28, 7)]);
}

#[test]
fn unknown_elements_and_located_problems_are_left_alone() {
    let m = map();
    let mut problem = Problem::new(Location::new(Section::Step, "nothing", "when 1"), "x");
    m.locate(&mut problem);
    assert_eq!(problem.location.line, None);
    let mut problem = Problem::new(Location::in_file(3, 4), "x");
    m.locate(&mut problem);
    assert_eq!(
        (problem.location.line, problem.location.column),
        (Some(3), Some(4))
    );
    let mut problem = Problem::new(Location::new(Section::Step, "take", ""), "x");
    SourceMap::default().locate(&mut problem);
    assert_eq!(problem.location.line, None);
}

#[test]
fn json_files_are_located_too() {
    let game = read_xml(FILE).unwrap().0;
    let text = write_json(&game).replace("to = from + 1", "to = \\\"from\\\" + 1");
    let m = read_json(&text).expect("reads").1;
    let (line, column) = locate(&m, Section::Step, "take", "when 1", Some(7));
    let written = text.lines().nth(line as usize - 1).unwrap();
    let before: String = written.chars().take(column as usize - 1).collect();
    assert!(before.ends_with("\"to = \\\""), "{written} / {before}");
    let (line, _) = locate(&m, Section::Figure, "m.1", "origin", None);
    assert!(text
        .lines()
        .nth(line as usize - 1)
        .unwrap()
        .contains("\"origin\""));
    let (line, _) = locate(&m, Section::Equipment, "grid", "rows", None);
    assert!(text.lines().nth(line as usize - 1).unwrap().contains("\"rows\""));
}

/// A problem with a figure of a JSON set is placed where the set is written.
#[test]
fn a_figure_of_a_json_set_is_found_where_the_set_is() {
    let text = r#"{
  "format": 2,
  "game": {
    "equipment": [{"name": "pool", "kind": {"type": "group"}}],
    "figures": [
      {"name": "m", "kind": "match", "origin": "pool"},
      {"name": "s", "kind": "seed", "origin": "nowhere", "count": 2}
    ]
  }
}"#;
    let problems = tablecraft_engine::open::open(text).unwrap_err();
    let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    for name in ["s.1", "s.2"] {
        assert!(
            shown
                .iter()
                .any(|s| s.starts_with(&format!("line 7, figure '{name}', origin"))),
            "{name}: {shown:#?}"
        );
    }
}
