//! Each kind of problem a file can have is reported with its line and a
//! message a child or teacher can act on.

use tablecraft_engine::file::{read_json, read_xml, MAX_ELEMENTS, MAX_FILE_BYTES};
use tablecraft_engine::problem::{Problem, Section};

/// Reads a file that must fail, returning its problems.
fn problems(text: &str) -> Vec<Problem> {
    match read_xml(text) {
        Ok(_) => panic!("expected problems in:\n{text}"),
        Err(problems) => problems,
    }
}

/// The only problem of a file.
fn only(text: &str) -> Problem {
    let mut all = problems(text);
    assert_eq!(all.len(), 1, "{all:#?}");
    all.remove(0)
}

/// A file with the given rules on line 3 onwards.
fn with_rules(rules: &str) -> String {
    format!(
        "<game format=\"1\" players=\"2\">\n  <title>T</title>\n  <rules>\n{rules}\n  </rules>\n</game>\n"
    )
}

#[test]
fn a_minimal_file_reads() {
    let (game, _) = read_xml("<game format=\"1\"/>").unwrap();
    assert_eq!(game.players, 2);
    assert!(game.equipment.is_empty());
}

#[test]
fn unclosed_tag_is_a_syntax_error_with_its_line() {
    let p = only("<game format=\"1\">\n  <rules>\n    <equipment>\n  </rules>\n</game>");
    assert_eq!(p.location.line, Some(4));
    assert!(
        p.message.contains("<equipment> must be closed first"),
        "{}",
        p.message
    );
}

#[test]
fn missing_end_tag_is_reported_at_the_open_tag() {
    let p = only("<game format=\"1\">\n  <rules>\n");
    assert_eq!(p.location.line, Some(2));
    assert!(p.message.contains("<rules> is never closed"), "{}", p.message);
}

#[test]
fn a_tag_without_its_closing_bracket() {
    let p = only("<game format=\"1\">\n<rules\n");
    assert_eq!(p.location.line, Some(2));
    assert!(p.message.contains("'>' is missing"), "{}", p.message);
}

#[test]
fn misspelt_tag_gets_a_suggestion() {
    let text =
        with_rules("    <figures>\n      <figur name=\"m.1\" type=\"match\" origin=\"h\"/>\n    </figures>");
    let p = only(&text);
    assert_eq!(p.location.line, Some(5));
    assert_eq!(p.location.column, Some(7));
    assert_eq!(
        p.message,
        "<figur> is not something a game file can hold — did you mean <figure>?"
    );
}

#[test]
fn tag_in_the_wrong_place_says_where_it_goes() {
    let p = only(&with_rules(
        "    <figure name=\"m.1\" type=\"match\" origin=\"h\"/>",
    ));
    assert_eq!(p.location.line, Some(4));
    assert_eq!(
        p.message,
        "<figure> does not belong inside <rules>; it goes inside <figures>"
    );
}

#[test]
fn misspelt_attribute_gets_a_suggestion() {
    let all = problems(&with_rules(
        "    <equipment>\n      <board name=\"b\" rows=\"3\" colums=\"3\"/>\n    </equipment>",
    ));
    assert_eq!(all.len(), 2, "{all:#?}");
    let p = all.iter().find(|p| p.location.field == "colums").unwrap();
    assert_eq!(p.location.line, Some(5));
    assert_eq!(p.location.column, Some(32));
    assert_eq!(p.location.section, Section::Equipment);
    assert_eq!(p.location.name, "b");
    assert_eq!(p.message, "<board> has no 'colums' — did you mean 'columns'?");
    assert!(all.iter().any(|p| p.message.contains("needs columns")));
}

#[test]
fn missing_required_attribute() {
    let p = only(&with_rules(
        "    <figures>\n      <figure name=\"m.1\" type=\"match\"/>\n    </figures>",
    ));
    assert_eq!(p.location.line, Some(5));
    assert_eq!(p.location.section, Section::Figure);
    assert_eq!(p.location.name, "m.1");
    assert_eq!(p.location.field, "origin");
    assert!(
        p.message.contains("<figure> needs the place it starts on"),
        "{}",
        p.message
    );
}

#[test]
fn words_where_numbers_belong() {
    let text = with_rules(
        "    <equipment>\n      <board name=\"b\" rows=\"three\" columns=\"3\"/>\n    </equipment>",
    );
    let p = only(&text);
    assert_eq!(p.message, "rows must be a whole number like 3, not 'three'");
    assert_eq!(p.location.line, Some(5));
    assert_eq!(p.location.column, Some(29));
    assert_eq!(p.location.field, "rows");
}

#[test]
fn numbers_out_of_range() {
    let text = with_rules("    <equipment>\n      <board name=\"b\" rows=\"51\" columns=\"3\"/>\n      <track name=\"t\" length=\"0\"/>\n    </equipment>");
    let all = problems(&text);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert_eq!(all[0].message, "rows must be from 1 to 50, not 51");
    assert_eq!(all[1].message, "length must be from 1 to 250, not 0");
    assert_eq!(all[1].location.line, Some(6));
    let p = only("<game format=\"1\" players=\"99999999999999999999999\"/>");
    assert_eq!(
        p.message,
        "players must be from 1 to 4, not 99999999999999999999999"
    );
}

#[test]
fn bad_yes_no() {
    let text = with_rules(
        "    <equipment>\n      <track name=\"t\" length=\"4\" ring=\"maybe\"/>\n    </equipment>",
    );
    let p = only(&text);
    assert_eq!(p.message, "ring must be yes or no, not 'maybe'");
    assert_eq!(p.location.line, Some(5));
}

#[test]
fn bad_choices() {
    let text = with_rules(
        "    <settings when-stuck=\"cry\"/>\n    <steps><step name=\"s\"><what owner=\"me\"/></step></steps>",
    );
    let all = problems(&text);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert!(all[0]
        .message
        .starts_with("when-stuck must be one of lose, win, draw, pass"));
    assert!(all[1]
        .message
        .starts_with("owner must be on-move, opponent or a player number"));
    assert_eq!(all[1].location.line, Some(5));
}

#[test]
fn a_look_needs_its_attribute_and_a_known_pattern() {
    let text = "<game format=\"1\">\n  <layout width=\"9\" height=\"9\">\n    <look value=\"yes\"/>\n    <look attribute=\"wall\" pattern=\"zigzag\"/>\n  </layout>\n</game>\n";
    let all = problems(text);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert!(all[0].message.contains("add attribute="), "{}", all[0].message);
    assert_eq!(all[0].location.line, Some(3));
    assert!(
        all[1]
            .message
            .starts_with("pattern must be one of bricks, stripes, dots, star, cross"),
        "{}",
        all[1].message
    );
    assert_eq!(all[1].location.line, Some(4));
    let good = "<game format=\"1\">\n  <layout><look attribute=\"wall\" colour=\"#333\" pattern=\"bricks\"/></layout>\n</game>\n";
    let game = read_xml(good).unwrap().0;
    let look = &game.layout.looks[0];
    assert_eq!(
        (look.attribute.as_str(), look.value.as_str()),
        ("wall", "yes"),
        "the value is yes unless given"
    );
    assert_eq!(look.pattern, Some(tablecraft_engine::model::LookPattern::Bricks));
}

#[test]
fn a_link_needs_both_ends_and_a_known_look() {
    let text = "<game format=\"2\">\n  <layout width=\"9\" height=\"9\">\n    <link to=\"b\" look=\"ladder\"/>\n    <link from=\"a\" to=\"b\" look=\"rope\"/>\n  </layout>\n</game>\n";
    let all = problems(text);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert!(all[0].message.contains("add from="), "{}", all[0].message);
    assert_eq!(all[0].location.line, Some(3));
    assert!(
        all[1]
            .message
            .starts_with("look must be one of ladder, snake, arrow"),
        "{}",
        all[1].message
    );
    assert_eq!(all[1].location.line, Some(4));
    let stray = "<game format=\"2\">\n  <rules>\n    <link from=\"a\" to=\"b\"/>\n  </rules>\n</game>\n";
    let p = &problems(stray)[0];
    assert!(p.message.contains("it goes inside <layout>"), "{}", p.message);
}

#[test]
fn newer_format_is_refused_politely() {
    let p = only("<game format=\"3\">\n<rules><newthing/></rules></game>");
    assert_eq!(p.location.line, Some(1));
    assert!(p.message.contains("newer Tablecraft (format 3)"), "{}", p.message);
}

#[test]
fn missing_format_is_the_oldest_format() {
    // Files written before the format had a version are format 0 and are
    // upgraded when read (see docs/file-format.md, "Older files").
    let (game, _) = read_xml("<game><title>Old</title></game>").unwrap();
    assert_eq!(game.title, "Old");
}

#[test]
fn not_a_game_file() {
    let p = only("<html><body/></html>");
    assert!(
        p.message.starts_with("this is not a Tablecraft game"),
        "{}",
        p.message
    );
    let p = only("");
    assert!(p.message.contains("empty"), "{}", p.message);
    let p = only("hello");
    assert!(p.message.contains("outside the <game> tag"), "{}", p.message);
}

#[test]
fn unknown_character_code() {
    let p = only("<game format=\"1\">\n  <title>Fish &chips;</title>\n</game>");
    assert_eq!(p.location.line, Some(2));
    assert_eq!(p.location.column, Some(15));
    assert!(p.message.contains("&chips;"), "{}", p.message);
    let p = only("<game format=\"1\">\n  <title>Fish & chips</title>\n</game>");
    assert!(p.message.contains("&amp;"), "{}", p.message);
}

#[test]
fn less_than_in_a_condition() {
    let text = with_rules("    <steps><step name=\"s\"><when>a < 3</when></step></steps>");
    let all = problems(&text);
    assert_eq!(all[0].location.line, Some(4));
}

#[test]
fn text_and_tags_where_they_do_not_belong() {
    let text = with_rules("    hello\n    <moves><move name=\"m\">a <b/></move></moves>");
    let all = problems(&text);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert_eq!(
        all[0].message,
        "there is text 'hello' inside <rules>, where only tags belong"
    );
    assert!(all[1].message.contains("<b> cannot be inside <move>"));
}

#[test]
fn duplicates_that_a_file_cannot_hold() {
    let text = "<game format=\"1\">\n<title>a</title>\n<title>b</title>\n<layout>\n<place name=\"p\" x=\"1\" y=\"1\" width=\"1\" height=\"1\"/>\n<place name=\"p\" x=\"1\" y=\"1\" width=\"1\" height=\"1\"/>\n</layout>\n</game>";
    let all = problems(text);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert_eq!(all[0].location.line, Some(3));
    assert_eq!(all[1].location.line, Some(6));
    let p = only("<game format=\"1\" format=\"1\"/>");
    assert!(p.message.contains("same attribute twice"), "{}", p.message);
}

#[test]
fn all_problems_are_reported_in_file_order() {
    let text = with_rules(
        "    <equipment>\n      <board name=\"b\" rows=\"x\" columns=\"y\"/>\n      <sqare name=\"s\"/>\n    </equipment>\n    <triggers>\n      <trigger name=\"t\" value=\"1\"/>\n    </triggers>",
    );
    let all = problems(&text);
    let lines: Vec<Option<u32>> = all.iter().map(|p| p.location.line).collect();
    assert_eq!(lines, [Some(5), Some(5), Some(6), Some(9)], "{all:#?}");
    assert!(all[2].message.contains("did you mean <square>"));
    assert!(all[3].message.contains("needs a type"));
}

#[test]
fn huge_file_is_refused() {
    let text = format!(
        "<game format=\"1\"><title>{}</title></game>",
        "a".repeat(MAX_FILE_BYTES)
    );
    let p = only(&text);
    assert!(p.message.contains("at most"), "{}", p.message);
    assert!(read_json(&text).is_err());
}

#[test]
fn deep_nesting_is_refused() {
    let text = format!("{}{}", "<a>".repeat(10_000), "</a>".repeat(10_000));
    let p = only(&text);
    assert!(p.message.contains("nested more than 32"), "{}", p.message);
    let json = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let p = read_json(&json).unwrap_err().remove(0);
    assert!(p.message.contains("nested more than 32"), "{}", p.message);
}

#[test]
fn too_many_tags_are_refused() {
    let figures = "<figure name=\"m\" type=\"t\" origin=\"o\"/>".repeat(MAX_ELEMENTS);
    let text = format!("<game format=\"1\"><rules><figures>{figures}</figures></rules></game>");
    let p = only(&text);
    assert!(p.message.contains("more than 20000 tags"), "{}", p.message);
}

#[test]
fn long_names_are_refused() {
    let long = "n".repeat(201);
    let text = with_rules(&format!(
        "    <moves>\n      <move name=\"{long}\">x</move>\n    </moves>"
    ));
    let p = only(&text);
    assert_eq!(p.location.line, Some(5));
    assert_eq!(p.location.section, Section::Move);
    assert!(
        p.message.contains("201 letters long; it can be at most 200"),
        "{}",
        p.message
    );
}

#[test]
fn json_syntax_error_has_line_and_column() {
    let p = read_json("{\n  \"format\": 1,\n  \"game\": {\n    \"title\": \"x\",,\n  }\n}")
        .unwrap_err()
        .remove(0);
    assert_eq!(p.location.line, Some(4));
    assert!(p.location.column.is_some());
}

#[test]
fn json_wrong_type_has_line() {
    let text = "{\"format\": 1,\n \"game\": {\n  \"players\": \"two\"\n }\n}";
    let p = read_json(text).unwrap_err().remove(0);
    assert_eq!(p.location.line, Some(3));
    assert!(p.message.contains("expected a whole number"), "{}", p.message);
}

#[test]
fn json_newer_format_and_limits() {
    let p = read_json("{\"format\": 3, \"game\": {\"future\": true}}")
        .unwrap_err()
        .remove(0);
    assert!(p.message.contains("newer Tablecraft (format 3)"), "{}", p.message);
    let p = read_json("{\"game\": {}}").unwrap_err().remove(0);
    assert!(p.message.contains("\"format\": 1"), "{}", p.message);
    let text = "{\"format\": 1,\n\"game\": {\n\"equipment\": [\n{\"name\": \"b\", \"kind\": {\"type\": \"board\", \"rows\": 60, \"columns\": 3}}]}}";
    let p = read_json(text).unwrap_err().remove(0);
    assert_eq!(p.message, "rows must be from 1 to 50, not 60");
    assert_eq!(p.location.line, Some(4));
    assert_eq!(p.location.name, "b");
}

#[test]
fn one_long_line_with_many_problems_is_quick() {
    let figures = "<figure name=\"m\" type=\"t\" origin=\"o\" bad=\"1\"/>".repeat(MAX_ELEMENTS - 10);
    let text = format!("<game format=\"1\"><rules><figures>{figures}</figures></rules></game>");
    let start = std::time::Instant::now();
    let all = problems(&text);
    assert_eq!(all.len(), MAX_ELEMENTS - 10);
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

#[test]
fn a_tag_with_very_many_attributes_is_refused() {
    let attributes: String = (0..200_000).map(|i| format!(" a{i}=\"1\"")).collect();
    let p = only(&format!("<game format=\"1\"{attributes}/>"));
    assert!(p.message.contains("more than 64 attributes"), "{}", p.message);
}

#[test]
fn a_winner_with_many_quoted_texts_is_not_too_many_attributes() {
    // Each `= 'x'` inside the value once counted as an attribute.
    let tests: Vec<String> = (0..70).map(|i| format!("value(t) = 'w{i}'")).collect();
    let winner = format!("if {} then 1 else 2", tests.join(" or "));
    let text = format!(
        "<game format=\"1\" players=\"2\"><rules><game-over><end name=\"e\" winner=\"{winner}\"><when>yes</when></end></game-over></rules></game>"
    );
    let (game, _) = read_xml(&text).unwrap_or_else(|p| panic!("{p:#?}"));
    assert_eq!(game.game_over[0].winner, winner);
}

#[test]
fn a_set_of_figures_is_numbered_and_bounded() {
    let text = "<game format=\"2\"><rules><equipment><group name=\"pool\"/></equipment><figures><figure name=\"disc\" type=\"disc\" origin=\"pool\" count=\"3\"/></figures></rules></game>";
    let (game, _) = read_xml(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let names: Vec<&str> = game.figures.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["disc.1", "disc.2", "disc.3"]);
    let many = "<figure name=\"d\" type=\"d\" origin=\"pool\" count=\"1000\"/>".repeat(25);
    let text = format!("<game format=\"2\"><rules><equipment><group name=\"pool\"/></equipment><figures>{many}</figures></rules></game>");
    let all = problems(&text);
    assert!(
        all.iter().any(|p| p.message.contains("at most 20000 figures")),
        "{all:#?}"
    );
}

#[test]
fn a_format_1_file_opens_as_the_same_game() {
    for name in ["nim12", "dama-lite", "tic-tac-toe", "labyrinth"] {
        let path = format!(
            "{}/../../public/games/{name}.game.xml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains("format=\"2\""));
        let (new, _) = read_xml(&text).unwrap();
        let (old, _) = read_xml(&text.replace("format=\"2\"", "format=\"1\"")).unwrap();
        assert_eq!(old, new, "{name}");
    }
}

#[test]
fn a_problem_with_a_figure_of_a_set_is_at_the_sets_line() {
    let text = with_rules(
        "    <equipment>\n      <group name=\"pool\"/>\n    </equipment>\n    <figures>\n      <figure name=\"s\" type=\"stone\" origin=\"nowhere\" count=\"3\"/>\n    </figures>",
    );
    let problems = tablecraft_engine::open::open(&text).expect_err("no place called nowhere");
    let about_s2: Vec<&Problem> = problems.iter().filter(|p| p.location.name == "s.2").collect();
    assert!(!about_s2.is_empty(), "{problems:#?}");
    for p in about_s2 {
        assert_eq!(p.location.line, Some(8), "{p:#?}");
    }
}

/// The problems of a file that reads but does not check, with their lines.
fn checked(text: &str) -> Vec<(Option<u32>, String)> {
    match tablecraft_engine::open::open(text) {
        Ok(_) => panic!("expected problems in:\n{text}"),
        Err(problems) => problems
            .into_iter()
            .map(|p| (p.location.line, p.message))
            .collect(),
    }
}

#[test]
fn a_points_board_says_which_line_or_point_is_wrong() {
    let board = |inside: &str| {
        with_rules(&format!(
            "    <equipment>\n      <points name=\"mill\">\n{inside}\n      </points>\n    </equipment>"
        ))
    };
    // Line 7 is the second <line>: one point is not a line.
    let short = checked(&board("        <line>a1 d1 g1</line>\n        <line>a4</line>"));
    assert_eq!(
        short,
        vec![(
            Some(7),
            "a line joins 2 to 50 points, their names separated by spaces; this one has 1".to_string()
        )]
    );
    let twice = checked(&board("        <line>a1 d1 a1</line>"));
    assert_eq!(twice.len(), 1);
    assert_eq!(twice[0].0, Some(6));
    assert!(twice[0].1.contains("'a1' is twice in this line"), "{twice:?}");
    let empty = checked(&board(""));
    assert!(empty[0].1.contains("has no points"), "{empty:?}");
    // Drawn outside the box: refused by the reader, at its line.
    let far = only(&board("        <point name=\"a1\" x=\"2000\" y=\"0\"/>"));
    assert_eq!(far.location.line, Some(6));
    assert!(far.message.contains("1000"), "{}", far.message);
}

#[test]
fn a_points_board_round_trips_through_xml_and_json() {
    let text = with_rules(
        "    <equipment>\n      <points name=\"mill\" capacity=\"2\">\n        <point name=\"top\" x=\"500\" y=\"0\"/>\n        <line>top a1 b1</line>\n      </points>\n    </equipment>",
    );
    let (game, _) = read_xml(&text).unwrap();
    let eq = &game.equipment[0];
    assert_eq!(eq.all_points(), ["top", "a1", "b1"]);
    assert_eq!((eq.points[0].x, eq.points[0].y), (Some(500), Some(0)));
    let again = read_xml(&tablecraft_engine::file::write_xml(&game)).unwrap().0;
    assert_eq!(again, game);
    let json = tablecraft_engine::file::write_json(&game);
    assert!(json.contains("\"points\""), "{json}");
    assert_eq!(read_json(&json).unwrap().0, game);
}

#[test]
fn a_set_on_several_origins_is_numbered_in_order() {
    let text = "<game format=\"2\"><rules><equipment><board name=\"pits\" rows=\"1\" columns=\"3\"/></equipment><figures><figure name=\"seed\" type=\"seed\" origins=\"pits.1.1 pits.1.3\" count=\"2\"/><figure name=\"b\" type=\"man\" origins=\" pits.1.2\n pits.1.1 \"/></figures></rules></game>";
    let (game, _) = read_xml(text).unwrap_or_else(|p| panic!("{p:#?}"));
    let placed: Vec<(&str, &str)> = game
        .figures
        .iter()
        .map(|f| (f.name.as_str(), f.origin.as_str()))
        .collect();
    assert_eq!(
        placed,
        [
            ("seed.1", "pits.1.1"),
            ("seed.2", "pits.1.1"),
            ("seed.3", "pits.1.3"),
            ("seed.4", "pits.1.3"),
            ("b.1", "pits.1.2"),
            ("b.2", "pits.1.1"),
        ]
    );
}

#[test]
fn origins_say_what_is_wrong_where() {
    let set = |attrs: &str| {
        with_rules(&format!(
            "    <equipment>\n      <group name=\"pool\"/>\n    </equipment>\n    <figures>\n      <figure name=\"s\" type=\"stone\" {attrs}/>\n    </figures>"
        ))
    };
    let both = problems(&set("origin=\"pool\" origins=\"pool\""));
    assert!(
        both.iter()
            .any(|p| p.message.contains("not both") && p.location.line == Some(8)),
        "{both:#?}"
    );
    let empty = problems(&set("origins=\"  \""));
    assert!(
        empty.iter().any(|p| p.message.contains("needs the places")
            && p.location.name == "s"
            && p.location.line == Some(8)),
        "{empty:#?}"
    );
    let many = problems(&set(&format!(
        "origins=\"{}\" count=\"30\"",
        "pool ".repeat(1000)
    )));
    assert!(
        many.iter().any(|p| p.message.contains("at most 20000 figures")),
        "{many:#?}"
    );
    let too_long = problems(&set(&format!("origins=\"{}\"", "pool ".repeat(1001))));
    assert!(
        too_long.iter().any(|p| p.message.contains("at most 1000")),
        "{too_long:#?}"
    );
    // A place that does not exist is told at the set's line, for the figure on it.
    let text = set("origins=\"pool nowhere\"");
    let unknown = tablecraft_engine::open::open(&text).expect_err("no place called nowhere");
    assert!(
        unknown
            .iter()
            .any(|p| p.location.name == "s.2" && p.location.line == Some(8)),
        "{unknown:#?}"
    );
    assert!(!unknown.iter().any(|p| p.location.name == "s.1"), "{unknown:#?}");
}
