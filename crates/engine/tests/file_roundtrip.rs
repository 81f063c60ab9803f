//! Property tests: any game written and read again is the same game, in XML
//! and JSON; and no input at all makes reading panic.

use proptest::collection::{btree_map, vec};
use proptest::option;
use proptest::prelude::*;
use tablecraft_engine::file::{read_json, read_xml, write_json, write_xml};
use tablecraft_engine::model::{
    Attributes, Definition, Die, Equipment, EquipmentKind, Figure, FigurePattern, Game, GameOver, Layout,
    Link, LinkLook, Look, LookPattern, MoveRule, OwnerPattern, Pattern, PlacePattern, Placement, Point,
    Settings, StepRule, Trigger, TriggerValue, WhenStuck,
};

/// Text with XML's special characters, white space at the ends and
/// unicode (control characters other than tab and new line are refused by
/// the reader: the hostile corpus tests them).
fn text() -> impl Strategy<Value = String> {
    let printable = any::<char>().prop_filter("no control character", |c| {
        !c.is_control() || matches!(c, '\t' | '\n' | '\r')
    });
    prop_oneof![
        "[ -~]{0,16}",
        "[a-z <>&\"'=;#\\]\\[\t\n\r]{0,16}",
        vec(printable, 0..10).prop_map(|c| c.into_iter().collect()),
        Just("  a < b && c > \"d\" ]]> 'e' \n".to_string()),
        Just("ünïcødé ✓ 😀 平仮名".to_string()),
        Just("&amp; &#32; &lt;".to_string()),
    ]
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z][a-z0-9]{0,5}(\\.[a-z0-9]{1,3}){0,2}",
        1 => text(),
    ]
}

fn var() -> impl Strategy<Value = String> {
    "[a-z][a-z0-9_-]{0,5}"
}

fn pattern() -> impl Strategy<Value = Pattern> {
    (
        prop_oneof!["[a-z]{1,4}(\\.[*?a-z0-9]{1,2}){0,3}", text()],
        vec(var(), 0..3),
    )
        .prop_map(|(text, vars)| Pattern { text, vars })
}

fn attributes() -> impl Strategy<Value = Attributes> {
    btree_map(name(), text(), 0..3)
}

fn equipment() -> impl Strategy<Value = Equipment> {
    let kind = prop_oneof![
        Just(EquipmentKind::Square),
        Just(EquipmentKind::Group),
        Just(EquipmentKind::Basket),
        (1u16..=50, 1u16..=50).prop_map(|(rows, columns)| EquipmentKind::Board { rows, columns }),
        (1u16..=250, any::<bool>()).prop_map(|(length, ring)| EquipmentKind::Track { length, ring }),
        Just(EquipmentKind::Points),
    ];
    let point_name = "[a-z][a-z0-9]{0,3}";
    let point = (point_name, option::of(0u16..=1000), option::of(0u16..=1000))
        .prop_map(|(name, x, y)| Point { name, x, y });
    (
        (name(), kind, option::of(0u32..=10_000), attributes()),
        btree_map(name(), attributes(), 0..3),
        vec(point, 0..4),
        vec(vec(point_name, 2..5), 0..3),
    )
        .prop_map(|((name, kind, capacity, attributes), squares, points, lines)| {
            let squares = match kind {
                EquipmentKind::Board { .. } | EquipmentKind::Track { .. } => squares,
                _ => Default::default(),
            };
            let (points, lines) = match kind {
                EquipmentKind::Points => (points, lines),
                _ => Default::default(),
            };
            Equipment {
                name,
                kind,
                capacity,
                attributes,
                squares,
                points,
                lines,
                owner: None,
                shows: Default::default(),
                shuffled: false,
            }
        })
}

fn figure() -> impl Strategy<Value = Figure> {
    (
        name(),
        name(),
        option::of(1u8..=2),
        option::of(text()),
        attributes(),
        name(),
    )
        .prop_map(|(name, kind, owner, colour, attributes, origin)| Figure {
            name,
            kind,
            owner,
            colour,
            attributes,
            origin,
            face: Default::default(),
        })
}

fn trigger() -> impl Strategy<Value = Trigger> {
    let value = prop_oneof![
        any::<i64>().prop_map(TriggerValue::Number),
        any::<bool>().prop_map(TriggerValue::YesNo),
        text().prop_map(TriggerValue::Text),
    ];
    (name(), value, any::<bool>()).prop_map(|(name, value, visible)| Trigger { name, value, visible })
}

fn step() -> impl Strategy<Value = StepRule> {
    let owner = prop_oneof![
        Just(OwnerPattern::OnMove),
        Just(OwnerPattern::Opponent),
        (1u8..=2).prop_map(OwnerPattern::Player),
    ];
    let what = (
        option::of(pattern()),
        option::of(pattern()),
        option::of(pattern()),
        option::of(owner),
    )
        .prop_map(|(name, kind, origin, owner)| FigurePattern {
            name,
            kind,
            origin,
            owner,
        });
    let place = || {
        (option::of(pattern()), option::of(pattern())).prop_map(|(name, kind)| PlacePattern { name, kind })
    };
    (
        name(),
        what,
        place(),
        place(),
        vec(text(), 0..3),
        vec(text(), 0..3),
    )
        .prop_map(|(name, what, from, to, when, effects)| StepRule {
            name,
            what,
            from,
            to,
            when,
            effects,
            capture: false,
        })
}

fn settings() -> impl Strategy<Value = Settings> {
    let stuck = prop_oneof![
        Just(WhenStuck::Lose),
        Just(WhenStuck::Win),
        Just(WhenStuck::Draw),
        Just(WhenStuck::Pass),
    ];
    (stuck, any::<bool>(), option::of(text())).prop_map(|(when_stuck, pass_allowed, heuristic)| Settings {
        when_stuck,
        pass_allowed,
        heuristic,
    })
}

fn layout() -> impl Strategy<Value = Layout> {
    let placement = (
        -100_000i32..=100_000,
        -100_000i32..=100_000,
        0u32..=100_000,
        0u32..=100_000,
        option::of(text()),
        option::of(name()),
    )
        .prop_map(|(x, y, width, height, colour, label)| Placement {
            x,
            y,
            width,
            height,
            colour,
            label,
        });
    let link = (name(), name(), proptest::sample::select(LinkLook::ALL.to_vec()))
        .prop_map(|(from, to, look)| Link { from, to, look });
    let look = (
        name(),
        text(),
        option::of(text()),
        option::of(proptest::sample::select(LookPattern::ALL.to_vec())),
    )
        .prop_map(|(attribute, value, colour, pattern)| Look {
            attribute,
            value,
            colour,
            pattern,
        });
    (
        0u32..=100_000,
        0u32..=100_000,
        btree_map(name(), placement, 0..4),
        vec(look, 0..3),
        vec(link, 0..3),
    )
        .prop_map(|(width, height, items, looks, links)| Layout {
            width,
            height,
            items,
            looks,
            links,
        })
}

fn game() -> impl Strategy<Value = Game> {
    let head = (text(), text(), 1u8..=4);
    let die = (name(), 2u8..=20).prop_map(|(name, faces)| Die { name, faces });
    let things = (
        vec(equipment(), 0..4),
        vec(figure(), 0..4),
        vec(trigger(), 0..4),
        vec(die, 0..3),
    );
    let definition =
        (name(), vec(var(), 0..3), text()).prop_map(|(name, of, body)| Definition { name, of, body });
    let rules = (
        vec(definition, 0..3),
        vec(step(), 0..3),
        vec(
            (name(), text()).prop_map(|(name, sequence)| MoveRule { name, sequence }),
            0..3,
        ),
        vec(
            (name(), vec(text(), 0..3), text()).prop_map(|(name, when, winner)| GameOver {
                name,
                when,
                winner,
            }),
            0..3,
        ),
    );
    (head, things, rules, settings(), layout()).prop_map(
        |(
            (title, description, players),
            (equipment, figures, triggers, dice),
            (definitions, steps, moves, game_over),
            settings,
            layout,
        )| Game {
            title,
            description,
            players,
            equipment,
            dice,
            figures,
            triggers,
            definitions,
            steps,
            moves,
            game_over,
            settings,
            layout,
        },
    )
}

/// Small edits that break a valid file in many ways.
fn mutate(text: &str, edits: &[(u16, u16, u8)]) -> String {
    const TOKENS: &[&str] = &[
        "<",
        ">",
        "&",
        "\"",
        "'",
        "</step>",
        "<figure",
        "<figur name=\"x\"/>",
        "=",
        "&#0;",
        "&#x110000;",
        "&bogus;",
        "\u{feff}",
        "]]>",
        "<!--",
        "<![CDATA[",
        "format=\"2\"",
        " rows=\"three\"",
        "\n",
        "😀",
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "\"format\": 9",
        "-1",
        "99999999999999999999",
        "<when>",
        "</game>",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, len, kind) in edits {
        if chars.is_empty() {
            break;
        }
        let at = usize::from(at) % chars.len();
        let end = (at + usize::from(len % 40)).min(chars.len());
        match kind % 4 {
            0 => {
                chars.drain(at..end);
            }
            1 => {
                let token = TOKENS[usize::from(kind) % TOKENS.len()];
                chars.splice(at..at, token.chars());
            }
            2 => {
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn xml_round_trip(game in game()) {
        let text = write_xml(&game);
        match read_xml(&text) {
            Ok((read, _)) => prop_assert_eq!(read, game),
            Err(problems) => prop_assert!(false, "{:#?}\n{}", problems, text),
        }
    }

    #[test]
    fn json_round_trip(game in game()) {
        let text = write_json(&game);
        match read_json(&text) {
            Ok((read, _)) => prop_assert_eq!(read, game),
            Err(problems) => prop_assert!(false, "{:#?}\n{}", problems, text),
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = read_xml(&text);
        let _ = read_json(&text);
    }

    #[test]
    fn xml_like_text_never_panics(text in "[<>/=\"'&;#a-z !?\\[\\]-]{0,80}") {
        let _ = read_xml(&text);
        let _ = read_json(&text);
    }

    #[test]
    fn mutated_files_never_panic(
        game in game(),
        edits in vec((any::<u16>(), any::<u16>(), any::<u8>()), 1..6),
    ) {
        for text in [write_xml(&game), write_json(&game)] {
            let broken = mutate(&text, &edits);
            for result in [read_xml(&broken), read_json(&broken)] {
                if let Err(problems) = result {
                    prop_assert!(!problems.is_empty());
                    for p in problems {
                        prop_assert!(!p.message.is_empty());
                    }
                }
            }
        }
    }
}

#[test]
fn mutated_examples_never_panic() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/games");
    let mut seed: u32 = 12345;
    let mut next = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        seed >> 8
    };
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for _ in 0..300 {
            let edits: Vec<(u16, u16, u8)> = (0..1 + next() % 4)
                .map(|_| (next() as u16, next() as u16, next() as u8))
                .collect();
            let broken = mutate(&text, &edits);
            let _ = read_xml(&broken);
        }
    }
}

/// Figures the reader made from one `<figure count="…">` are written back as
/// one tag; figures that only look like a set (a different type, a gap in
/// the numbers, a lone `.1`) are written one by one.
#[test]
fn sets_of_figures_are_written_as_sets() {
    let alike = |name: &str, origin: &str| Figure::new(name, "stone", origin);
    let game = Game {
        equipment: vec![
            Equipment::new("pool", EquipmentKind::Group),
            Equipment::new("bag", EquipmentKind::Group),
        ],
        figures: vec![
            alike("s.1", "pool"),
            alike("s.2", "pool"),
            alike("s.3", "pool"),
            alike("t.1", "pool"),
            Figure::new("t.2", "pebble", "pool"),
            alike("u.1", "pool"),
            alike("u.3", "pool"),
            alike("v.1", "bag"),
        ],
        ..Game::default()
    };
    let text = write_xml(&game);
    assert!(
        text.contains(r#"<figure name="s" type="stone" origin="pool" count="3"/>"#),
        "{text}"
    );
    for single in ["t.1", "t.2", "u.1", "u.3", "v.1"] {
        assert!(
            text.contains(&format!(r#"name="{single}""#)),
            "{single} in {text}"
        );
    }
    assert_eq!(read_xml(&text).expect("reads").0, game);
}

/// Figures on several origins come back as one `<figure origins="…">` (with
/// `count` when each origin has several), read back as the same figures; a
/// run whose groups differ in size is written as a set and single figures.
#[test]
fn sets_on_several_origins_are_written_as_sets() {
    let man = |name: &str, origin: &str| Figure {
        owner: Some(2),
        ..Figure::new(name, "man", origin)
    };
    let seed = |name: &str, origin: &str| Figure::new(name, "seed", origin);
    let game = Game {
        equipment: vec![Equipment::new(
            "board",
            EquipmentKind::Board { rows: 2, columns: 3 },
        )],
        figures: vec![
            man("b.1", "board.1.1"),
            man("b.2", "board.1.3"),
            man("b.3", "board.2.2"),
            seed("s.1", "board.1.1"),
            seed("s.2", "board.1.1"),
            seed("s.3", "board.2.1"),
            seed("s.4", "board.2.1"),
            seed("t.1", "board.1.2"),
            seed("t.2", "board.1.2"),
            seed("t.3", "board.2.2"),
        ],
        ..Game::default()
    };
    let text = write_xml(&game);
    for tag in [
        r#"<figure name="b" type="man" origins="board.1.1 board.1.3 board.2.2" owner="2"/>"#,
        r#"<figure name="s" type="seed" origins="board.1.1 board.2.1" count="2"/>"#,
        r#"<figure name="t" type="seed" origin="board.1.2" count="2"/>"#,
        r#"<figure name="t.3" type="seed" origin="board.2.2"/>"#,
    ] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    assert_eq!(read_xml(&text).expect("reads").0, game);
}

/// JSON writes the same sets as XML: `count` on one origin, `origins` (a
/// list) with `count` when each has several; figures that only look like a
/// set one by one. Read back, they are the same figures.
#[test]
fn json_writes_and_reads_sets_of_figures() {
    let seed = |name: &str, origin: &str| Figure::new(name, "seed", origin);
    let game = Game {
        equipment: vec![Equipment::new(
            "board",
            EquipmentKind::Board { rows: 2, columns: 3 },
        )],
        figures: vec![
            seed("s.1", "board.1.1"),
            seed("s.2", "board.1.1"),
            seed("s.3", "board.2.1"),
            seed("s.4", "board.2.1"),
            seed("t.1", "board.1.2"),
            seed("t.2", "board.1.2"),
            seed("t.3", "board.2.2"),
            Figure {
                owner: Some(1),
                ..seed("u.1", "board.1.3")
            },
        ],
        ..Game::default()
    };
    let text = write_json(&game);
    let compact: String = text.split_whitespace().collect();
    for entry in [
        r#"{"name":"s","kind":"seed","origins":["board.1.1","board.2.1"],"count":2}"#,
        r#"{"name":"t","kind":"seed","origin":"board.1.2","count":2}"#,
        r#"{"name":"t.3","kind":"seed","origin":"board.2.2"}"#,
        r#"{"name":"u.1","kind":"seed","owner":1,"origin":"board.1.3"}"#,
    ] {
        assert!(compact.contains(entry), "{entry} in {text}");
    }
    assert_eq!(read_json(&text).expect("reads").0, game);
    assert_eq!(read_xml(&write_xml(&game)).expect("reads").0, game);
}

/// A JSON set is held to the limits of XML, with the same words.
#[test]
fn json_sets_of_figures_have_the_limits_of_xml() {
    let file = |figure: &str| format!(r#"{{"format": 2, "game": {{"figures": [{figure}]}}}}"#);
    let cases = [
        (
            r#"{"name": "s", "kind": "seed", "origin": "pool", "count": 0}"#,
            "count must be from 1 to 1000, not 0",
        ),
        (
            r#"{"name": "s", "kind": "seed", "origin": "pool", "count": 1001}"#,
            "count must be from 1 to 1000, not 1001",
        ),
        (
            r#"{"name": "s", "kind": "seed", "origin": "pool", "origins": ["a", "b"]}"#,
            r#"a figure has either "origin" (one place) or "origins" (several), not both: remove one"#,
        ),
        (
            r#"{"name": "s", "kind": "seed", "origins": []}"#,
            r#""origins" needs the places the figures start on, like ["board.1.2", "board.1.4"]"#,
        ),
        (
            r#"{"name": "s", "kind": "seed", "origins": ["a"], "count": 1000}, {"name": "t", "kind": "seed", "origins": ["a"], "count": 1000}"#,
            "",
        ),
    ];
    for (figure, message) in cases {
        let text = file(figure);
        match read_json(&text) {
            Ok(_) if message.is_empty() => {}
            Ok(_) => panic!("{figure} is read"),
            Err(p) => assert!(
                !message.is_empty() && p.iter().any(|p| p.message.contains(message)),
                "{figure}: {p:?}"
            ),
        }
    }
    let many: Vec<String> = (0..21)
        .map(|i| format!(r#"{{"name": "s{i}", "kind": "seed", "origin": "pool", "count": 1000}}"#))
        .collect();
    let p = read_json(&file(&many.join(","))).unwrap_err();
    assert!(
        p.iter()
            .any(|p| p.message.contains("a game holds at most 20000 figures")),
        "{p:?}"
    );
    let origins: Vec<String> = (0..1001).map(|i| format!("\"p{i}\"")).collect();
    let figure = format!(
        r#"{{"name": "s", "kind": "seed", "origins": [{}]}}"#,
        origins.join(",")
    );
    let p = read_json(&file(&figure)).unwrap_err();
    assert!(
        p.iter().any(|p| p
            .message
            .contains("names 1001 places; a set of figures can start on at most 1000")),
        "{p:?}"
    );
}

#[test]
fn square_labels_and_links_are_kept_in_xml_and_json() {
    let text = r#"<game format="2" players="2">
  <rules>
    <equipment>
      <board name="board" rows="2" columns="2">
        <square name="board.1.1"><attribute name="n" value="1"/></square>
      </board>
    </equipment>
  </rules>
  <layout width="300" height="300">
    <place name="board" x="10" y="10" width="200" height="200" label="n"/>
    <link from="board.1.1" to="board.2.2" look="ladder"/>
    <link from="board.2.1" to="board.1.2" look="snake"/>
    <link from="board.1.2" to="board.2.1"/>
  </layout>
</game>
"#;
    let game = read_xml(text).unwrap().0;
    assert_eq!(game.layout.items["board"].label.as_deref(), Some("n"));
    let looks: Vec<LinkLook> = game.layout.links.iter().map(|l| l.look).collect();
    assert_eq!(
        looks,
        [LinkLook::Ladder, LinkLook::Snake, LinkLook::Arrow],
        "arrow unless told"
    );
    assert_eq!(game.layout.links[1].from, "board.2.1");
    assert_eq!(game.layout.links[1].to, "board.1.2");
    let xml = write_xml(&game);
    assert!(
        xml.contains(r#"label="n""#) && xml.contains(r#"look="snake""#),
        "{xml}"
    );
    assert_eq!(read_xml(&xml).unwrap().0, game);
    let json = write_json(&game);
    assert!(json.contains("\"links\"") && json.contains("\"label\""), "{json}");
    assert_eq!(read_json(&json).unwrap().0, game);
}
