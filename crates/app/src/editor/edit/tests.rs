mod links;

use super::*;
use crate::editor::places::all_names;
use crate::table::geometry::Geometry;
use tablecraft_engine::model::{EquipmentKind, Pattern, PlacePattern, StepRule, TriggerValue};

const BOARD: EquipmentKind = EquipmentKind::Board { rows: 3, columns: 3 };

fn at(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// NIM12 as a child would build it: a group with 12 matches and a basket.
fn nim() -> Game {
    let (g, group) = add_equipment(&Game::default(), EquipmentKind::Group, at(200.0, 200.0)).unwrap();
    let g = rename(&g, &group, "matchgroup").unwrap();
    let (g, _) = create_figures(&g, "matchgroup", "match", 12).unwrap();
    let (mut g, _) = add_equipment(&g, EquipmentKind::Basket, at(500.0, 200.0)).unwrap();
    g.steps.push(StepRule {
        name: "take".into(),
        what: FigurePatternBuilder::kind("match"),
        from: PlacePattern {
            name: Some(Pattern::exact("matchgroup")),
            kind: None,
        },
        to: PlacePattern {
            name: Some(Pattern::exact("basket")),
            kind: None,
        },
        when: vec![],
        effects: vec![],
        capture: false,
    });
    g
}

struct FigurePatternBuilder;
impl FigurePatternBuilder {
    fn kind(k: &str) -> tablecraft_engine::model::FigurePattern {
        tablecraft_engine::model::FigurePattern {
            kind: Some(Pattern::exact(k)),
            ..Default::default()
        }
    }
}

#[test]
fn adding_equipment_proposes_names_and_default_sizes() {
    let (g, name) = add_equipment(&Game::default(), BOARD, at(100.0, 100.0)).unwrap();
    assert_eq!(name, "board");
    let p = &g.layout.items["board"];
    assert_eq!((p.width, p.height), (180, 180));
    assert_eq!((p.x, p.y), (10, 10), "centred on the drop point");
    let (g, name) = add_equipment(
        &g,
        EquipmentKind::Track {
            length: 8,
            ring: false,
        },
        at(0.0, 0.0),
    )
    .unwrap();
    assert_eq!(name, "track");
    assert_eq!(
        (g.layout.items["track"].x, g.layout.items["track"].y),
        (0, 0),
        "kept on the table"
    );
    assert_eq!(g.layout.items["track"].width, 480);
    let (g, name) = add_equipment(&g, EquipmentKind::Basket, at(f64::NAN, f64::INFINITY)).unwrap();
    assert_eq!(name, "basket");
    assert!(g.layout.width >= 480 && g.layout.height > 0);
    let err = add_equipment_named(&g, "board.1.1", EquipmentKind::Square, at(0.0, 0.0)).unwrap_err();
    assert_eq!(err, EditError::NameTaken("board.1.1".into()));
}

#[test]
fn boards_and_tracks_are_limited_in_size() {
    for kind in [
        EquipmentKind::Board { rows: 51, columns: 3 },
        EquipmentKind::Board { rows: 3, columns: 0 },
        EquipmentKind::Track {
            length: 0,
            ring: true,
        },
        EquipmentKind::Track {
            length: 500,
            ring: false,
        },
    ] {
        let err = add_equipment(&Game::default(), kind, at(0.0, 0.0)).unwrap_err();
        assert!(matches!(err, EditError::TooMany(_)), "{kind:?}");
    }
    assert!(add_equipment(
        &Game::default(),
        EquipmentKind::Board {
            rows: 50,
            columns: 50
        },
        at(0.0, 0.0)
    )
    .is_ok());
}

#[test]
fn figures_need_a_place_that_holds_them() {
    let g = nim();
    let err = add_figure(&g, "match", None).unwrap_err();
    assert_eq!(err.message(), "Put figures on a square, group or basket.");
    assert!(add_figure(&g, "match", Some("")).is_err());
    assert_eq!(
        add_figure(&g, "match", Some("nowhere")).unwrap_err(),
        EditError::NotFound("nowhere".into())
    );
    assert!(matches!(
        add_figure(&g, "", Some("basket")).unwrap_err(),
        EditError::BadName(_)
    ));
    let (g, name) = add_figure(&g, "match", Some("basket")).unwrap();
    assert_eq!(name, "m.13");
    let (g, _) = add_equipment(&g, BOARD, at(100.0, 500.0)).unwrap();
    let err = add_figure(&g, "stone", Some("board")).unwrap_err();
    assert!(err.message().contains("squares of board"), "{err}");
    let (g, s) = add_figure(&g, "stone", Some("board.1.2")).unwrap();
    assert_eq!(s, "s.1");
    let err = add_figure(&g, "stone", Some("board.1.2")).unwrap_err();
    assert_eq!(err.message(), "There is no room on board.1.2: it holds 1 figure.");
}

#[test]
fn creating_figures_numbers_them_and_caps_the_count() {
    let g = nim();
    let names: Vec<_> = g.figures.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names.first(), Some(&"m.1"));
    assert_eq!(names.last(), Some(&"m.12"));
    assert!(g
        .figures
        .iter()
        .all(|f| f.origin == "matchgroup" && f.kind == "match"));
    let (g2, made) = create_figures(&g, "matchgroup", "match", 3).unwrap();
    assert_eq!(made, ["m.13", "m.14", "m.15"]);
    assert_eq!(g2.figures.len(), 15);
    for count in [0, 201, u32::MAX] {
        let err = create_figures(&g, "matchgroup", "match", count).unwrap_err();
        assert!(err.message().contains("1 to 200"), "{err}");
    }
    assert!(create_figures(&g, "matchgroup", "match", 200).is_ok());
    let (g, _) = add_equipment(&g, EquipmentKind::Square, at(0.0, 0.0)).unwrap();
    assert!(
        create_figures(&g, "s.1", "ball", 2).is_err(),
        "a square holds one"
    );
}

#[test]
fn triggers_are_added_visible_with_a_name() {
    let (g, name) = add_trigger(&Game::default(), TriggerValue::Number(0), at(300.0, 30.0)).unwrap();
    assert_eq!(name, "counter");
    assert!(g.triggers[0].visible);
    let (g, name) = add_trigger(&g, TriggerValue::YesNo(false), at(300.0, 90.0)).unwrap();
    assert_eq!(name, "counter.2");
    assert!(g.layout.items.contains_key("counter.2"));
    assert!(add_trigger(&g, TriggerValue::Text("a\"b".into()), at(0.0, 0.0)).is_err());
}

#[test]
fn renaming_equipment_updates_origins_layout_and_rules() {
    let g = nim();
    let r = rename(&g, "matchgroup", "heap").unwrap();
    assert!(r.figures.iter().all(|f| f.origin == "heap"));
    assert!(r.layout.items.contains_key("heap") && !r.layout.items.contains_key("matchgroup"));
    assert_eq!(r.steps[0].from.name, Some(Pattern::exact("heap")));
    assert_eq!(r.steps[0].to.name, Some(Pattern::exact("basket")));
    assert_eq!(
        rename(&r, "heap", "matchgroup").unwrap(),
        g,
        "renaming back restores the game"
    );
}

#[test]
fn renaming_a_board_renames_its_squares() {
    let (g, _) = add_equipment(&Game::default(), BOARD, at(100.0, 100.0)).unwrap();
    let (mut g, _) = add_figure(&g, "stone", Some("board.2.3")).unwrap();
    g = set_property(
        &g,
        "board.1.1",
        &Property::Attribute {
            key: "wall".into(),
            value: Some("yes".into()),
        },
    )
    .unwrap();
    g.steps.push(StepRule {
        name: "step".into(),
        what: Default::default(),
        from: PlacePattern {
            name: Some(Pattern::with_vars("board.?.?", &["r", "c"])),
            kind: None,
        },
        to: PlacePattern {
            name: Some(Pattern::exact("board.3.3")),
            kind: None,
        },
        when: vec![],
        effects: vec![],
        capture: false,
    });
    let r = rename(&g, "board", "maze").unwrap();
    assert_eq!(r.figures[0].origin, "maze.2.3");
    assert!(r.equipment[0].squares.contains_key("maze.1.1"));
    assert_eq!(r.steps[0].from.name.as_ref().unwrap().text, "maze.?.?");
    assert_eq!(r.steps[0].to.name.as_ref().unwrap().text, "maze.3.3");
    let err = rename(&g, "board.1.1", "x").unwrap_err();
    assert!(err.message().contains("rename board instead"), "{err}");
}

#[test]
fn renaming_figures_and_triggers_and_refusals() {
    let mut g = nim();
    g.steps[0].what.name = Some(Pattern::exact("m.1"));
    let r = rename(&g, "m.1", "first").unwrap();
    assert_eq!(r.steps[0].what.name, Some(Pattern::exact("first")));
    assert_eq!(r.figures[0].name, "first");
    assert_eq!(
        rename(&g, "m.1", "m.2").unwrap_err(),
        EditError::NameTaken("m.2".into())
    );
    assert_eq!(
        rename(&g, "m.1", "basket").unwrap_err(),
        EditError::NameTaken("basket".into())
    );
    assert!(matches!(
        rename(&g, "m.1", "").unwrap_err(),
        EditError::BadName(_)
    ));
    assert!(matches!(
        rename(&g, "m.1", "a b").unwrap_err(),
        EditError::BadName(_)
    ));
    assert_eq!(
        rename(&g, "", "x").unwrap_err(),
        EditError::NotFound(String::new())
    );
    assert_eq!(rename(&g, "m.1", "m.1").unwrap(), g);
    let (g, t) = add_trigger(&g, TriggerValue::Number(1), at(0.0, 0.0)).unwrap();
    let r = rename(&g, &t, "steps").unwrap();
    assert!(r.layout.items.contains_key("steps") && r.triggers[0].name == "steps");
    // A board may not take a name whose squares are in use.
    let (g, _) = add_equipment(&g, BOARD, at(0.0, 0.0)).unwrap();
    let (g, _) = add_equipment_named(&g, "x.1.1", EquipmentKind::Square, at(0.0, 0.0))
        .map(|g| (g, ()))
        .unwrap();
    assert_eq!(
        rename(&g, "board", "x").unwrap_err(),
        EditError::NameTaken("x".into())
    );
}

#[test]
fn deleting_equipment_deletes_its_figures() {
    let g = nim();
    let d = delete(&g, &["matchgroup"]).unwrap();
    assert!(d.figures.is_empty());
    assert!(!d.layout.items.contains_key("matchgroup"));
    assert_eq!(d.equipment.len(), 1);
    let (g, _) = add_equipment(&g, BOARD, at(0.0, 400.0)).unwrap();
    let (g, _) = add_figure(&g, "stone", Some("board.3.1")).unwrap();
    let d = delete(&g, &["board"]).unwrap();
    assert_eq!(d.figures.len(), 12);
    let d = delete(&g, &["m.1", "m.2", "basket"]).unwrap();
    assert_eq!(d.figures.len(), 11);
    assert!(
        delete(&g, &["matchgroup", "m.1"]).is_ok(),
        "a figure going with its group is fine"
    );
    assert_eq!(
        delete(&g, &["nothing"]).unwrap_err(),
        EditError::NotFound("nothing".into())
    );
    assert!(delete(&g, &["board.1.1"])
        .unwrap_err()
        .message()
        .contains("part of board"));
    assert!(delete::<&str>(&g, &[]).is_err());
}

#[test]
fn moving_moves_layout_only_and_stops_at_the_edge() {
    let g = nim();
    let before = g.layout.items["matchgroup"].clone();
    let m = move_by(&g, &["matchgroup", "m.1"], 30, -5).unwrap();
    let after = &m.layout.items["matchgroup"];
    assert_eq!((after.x, after.y), (before.x + 30, before.y - 5));
    assert_eq!(m.figures, g.figures);
    let m = move_by(&g, &["matchgroup", "basket"], -100_000, i32::MIN).unwrap();
    let (a, b) = (&m.layout.items["matchgroup"], &m.layout.items["basket"]);
    assert_eq!(a.x.min(b.x), 0, "the group stops at the left edge");
    assert_eq!(
        b.x - a.x,
        g.layout.items["basket"].x - before.x,
        "and keeps its shape"
    );
    assert_eq!(
        move_by(&g, &["m.1"], 10, 10).unwrap(),
        g,
        "figures move with their place"
    );
    assert!(move_by(&g, &["ghost"], 1, 1).is_err());
    let far = move_by(&g, &["basket"], i32::MAX, i32::MAX).unwrap();
    assert!(far.layout.width >= far.layout.items["basket"].x as u32);
}

#[test]
fn resizing_and_putting_figures() {
    let g = nim();
    let r = resize(&g, "basket", 0, 1_000_000).unwrap();
    assert_eq!(
        (r.layout.items["basket"].width, r.layout.items["basket"].height),
        SIZE_RANGE
    );
    assert!(resize(&g, "m.1", 10, 10).is_err());
    let p = put_figure(&g, "m.1", Some("basket")).unwrap();
    assert_eq!(p.figures[0].origin, "basket");
    assert!(put_figure(&g, "m.1", None)
        .unwrap_err()
        .message()
        .contains("square, group or basket"));
    assert_eq!(put_figure(&g, "m.1", Some("matchgroup")).unwrap(), g);
    let (g, _) = add_equipment(&g, EquipmentKind::Square, at(0.0, 0.0)).unwrap();
    let g = put_figure(&g, "m.1", Some("s.1")).unwrap();
    assert_eq!(
        put_figure(&g, "m.1", Some("s.1")).unwrap(),
        g,
        "a figure fits where it already is"
    );
    assert!(put_figure(&g, "m.2", Some("s.1")).is_err());
}

#[test]
fn duplicating_copies_with_new_names_and_figures() {
    let g = nim();
    let (d, made) = duplicate(&g, &["matchgroup", "basket", "m.3"], 0, 150).unwrap();
    assert_eq!(
        made,
        ["matchgroup.2", "basket.2"],
        "m.3 goes along with its group"
    );
    assert_eq!(d.figures.len(), 24);
    assert!(d.figures[12..].iter().all(|f| f.origin == "matchgroup.2"));
    assert_eq!(d.figures[12].name, "m.13");
    assert_eq!(d.layout.items["basket.2"].y, g.layout.items["basket"].y + 150);
    let (d, made) = duplicate(&g, &["m.3"], 0, 0).unwrap();
    assert_eq!(made, ["m.13"]);
    assert_eq!(d.figures[12].origin, "matchgroup");
    let (g, _) = add_equipment(&g, BOARD, at(0.0, 0.0)).unwrap();
    let (g, _) = add_figure(&g, "stone", Some("board.1.1")).unwrap();
    let (d, made) = duplicate(&g, &["board"], 300, 0).unwrap();
    assert_eq!(made, ["board.2"]);
    assert_eq!(d.figures.last().unwrap().origin, "board.2.1.1");
    assert!(duplicate(&g, &["s.1"], 0, 0)
        .unwrap_err()
        .message()
        .contains("no room"));
    let names = all_names(&d);
    let total = d.equipment.len() + d.figures.len() + d.triggers.len() + 18;
    assert_eq!(names.len(), total, "no name is used twice");
}

#[test]
fn properties_are_set_and_checked() {
    let g = nim();
    let s = |name: &str, p: Property| set_property(&g, name, &p);
    assert_eq!(
        s("m.1", Property::Owner(Some(2))).unwrap().figures[0].owner,
        Some(2)
    );
    assert!(s("m.1", Property::Owner(Some(3)))
        .unwrap_err()
        .message()
        .contains("1 to 2"));
    assert!(s("m.1", Property::Owner(Some(0))).is_err());
    assert!(s("basket", Property::Owner(Some(1)))
        .unwrap_err()
        .message()
        .contains("basket has no owner"));
    assert_eq!(
        s("m.1", Property::Colour(Some(" red ".into()))).unwrap().figures[0]
            .colour
            .as_deref(),
        Some("red")
    );
    assert_eq!(
        s("m.1", Property::Colour(Some("".into()))).unwrap().figures[0].colour,
        None
    );
    let c = s("basket", Property::Colour(Some("#8b5a2b".into()))).unwrap();
    assert_eq!(c.layout.items["basket"].colour.as_deref(), Some("#8b5a2b"));
    assert_eq!(
        s("m.1", Property::Type("stick".into())).unwrap().figures[0].kind,
        "stick"
    );
    assert!(s("m.1", Property::Type("".into())).is_err());
    assert_eq!(
        s("basket", Property::Capacity(Some(3))).unwrap().equipment[1].capacity,
        Some(3)
    );
    assert!(s("matchgroup", Property::Capacity(Some(5)))
        .unwrap_err()
        .message()
        .contains("take some off"));
    let a = s(
        "m.1",
        Property::Attribute {
            key: "value".into(),
            value: Some("3".into()),
        },
    )
    .unwrap();
    assert_eq!(a.figures[0].attributes["value"], "3");
    let a = set_property(
        &a,
        "m.1",
        &Property::Attribute {
            key: "value".into(),
            value: None,
        },
    )
    .unwrap();
    assert_eq!(a, g);
    assert!(s(
        "m.1",
        Property::Attribute {
            key: "a b".into(),
            value: None
        }
    )
    .unwrap_err()
    .message()
    .contains("attribute name"));
    assert!(s("m.1", Property::Visible(true)).is_err());
    let all = set_property_all(&g, &["m.1", "m.2"], &Property::Owner(Some(1))).unwrap();
    assert_eq!(all.figures.iter().filter(|f| f.owner == Some(1)).count(), 2);
    assert!(s("nothing", Property::Owner(None)).is_err());
}

#[test]
fn trigger_properties() {
    let (g, t) = add_trigger(&Game::default(), TriggerValue::Number(0), at(0.0, 0.0)).unwrap();
    let v = set_property(&g, &t, &Property::Value(TriggerValue::Text("hello".into()))).unwrap();
    assert_eq!(v.triggers[0].value, TriggerValue::Text("hello".into()));
    let h = set_property(&g, &t, &Property::Visible(false)).unwrap();
    assert!(!h.triggers[0].visible);
    assert!(set_property(
        &g,
        &t,
        &Property::Attribute {
            key: "a".into(),
            value: Some("b".into())
        }
    )
    .is_err());
}

#[test]
fn shrinking_a_board_removes_figures_on_vanished_squares() {
    let (g, _) = add_equipment(
        &Game::default(),
        EquipmentKind::Board { rows: 4, columns: 4 },
        at(200.0, 200.0),
    )
    .unwrap();
    let (g, _) = add_figure(&g, "stone", Some("board.1.1")).unwrap();
    let (g, _) = add_figure(&g, "stone", Some("board.4.2")).unwrap();
    let g = set_property(
        &g,
        "board.4.4",
        &Property::Attribute {
            key: "wall".into(),
            value: Some("yes".into()),
        },
    )
    .unwrap();
    let width = g.layout.items["board"].width;
    let small = set_property(&g, "board", &Property::BoardSize { rows: 2, columns: 2 }).unwrap();
    assert_eq!(small.figures.len(), 1);
    assert_eq!(small.figures[0].origin, "board.1.1");
    assert!(small.equipment[0].squares.is_empty());
    assert_eq!(
        small.layout.items["board"].width,
        width / 2,
        "squares keep their size"
    );
    let big = set_property(
        &g,
        "board",
        &Property::BoardSize {
            rows: 50,
            columns: 50,
        },
    )
    .unwrap();
    assert_eq!(big.figures.len(), 2);
    for (rows, columns) in [(0, 3), (3, 51), (u16::MAX, 1)] {
        assert!(set_property(&g, "board", &Property::BoardSize { rows, columns }).is_err());
    }
    assert!(set_property(&g, "board", &Property::TrackLength(3)).is_err());
}

#[test]
fn tracks_change_length_and_ring() {
    let (g, _) = add_equipment(
        &Game::default(),
        EquipmentKind::Track {
            length: 8,
            ring: false,
        },
        at(300.0, 100.0),
    )
    .unwrap();
    let (g, _) = add_figure(&g, "ball", Some("track.8")).unwrap();
    let short = set_property(&g, "track", &Property::TrackLength(5)).unwrap();
    assert!(short.figures.is_empty());
    assert_eq!(
        short.equipment[0].kind,
        EquipmentKind::Track {
            length: 5,
            ring: false
        }
    );
    let ring = set_property(&g, "track", &Property::Ring(true)).unwrap();
    assert_eq!(
        ring.equipment[0].kind,
        EquipmentKind::Track {
            length: 8,
            ring: true
        }
    );
}

#[test]
fn title_description_and_players() {
    let g = Game::default();
    assert_eq!(set_title(&g, "  NIM ").unwrap().title, "NIM");
    assert!(set_title(&g, " ").is_err());
    assert!(set_title(&g, &"x".repeat(81)).is_err());
    assert_eq!(
        set_description(&g, "Take 1 to 3").unwrap().description,
        "Take 1 to 3"
    );
    assert_eq!(set_players(&g, 1).unwrap().players, 1);
    assert_eq!(set_players(&g, 4).unwrap().players, 4);
    assert!(set_players(&g, 0).is_err() && set_players(&g, 5).is_err());
}

#[test]
fn edits_as_values_have_labels() {
    let g = nim();
    let e = Edit::AddEquipment {
        kind: EquipmentKind::Basket,
        at: at(0.0, 0.0),
    };
    assert_eq!(e.label(), "add basket");
    let (g2, new) = e.apply(&g).unwrap();
    assert_eq!(new, ["basket.2"]);
    assert_eq!(Edit::Delete { names: new.clone() }.apply(&g2).unwrap().0, g);
    assert_eq!(
        Edit::Delete {
            names: vec!["a".into(), "b".into()]
        }
        .label(),
        "delete 2 things"
    );
    assert_eq!(
        Edit::Set {
            names: vec![],
            property: Property::Owner(None)
        }
        .label(),
        "change owner"
    );
}

#[test]
fn the_nim_game_draws_its_matches_inside_the_group() {
    let g = nim();
    let geo = Geometry::new(&g);
    let group = geo.place_rect("matchgroup").unwrap();
    for f in &g.figures {
        assert!(group.contains_rect(&geo.figure_rect(&f.name).unwrap()));
    }
}

#[test]
fn a_track_cannot_grow_onto_a_name_in_use() {
    let (g, _) = add_equipment(
        &Game::default(),
        EquipmentKind::Track {
            length: 6,
            ring: false,
        },
        at(300.0, 100.0),
    )
    .unwrap();
    let (g, name) = add_equipment(
        &g,
        EquipmentKind::Track {
            length: 1,
            ring: false,
        },
        at(300.0, 300.0),
    )
    .unwrap();
    assert_eq!(name, "track.7");
    let err = set_property(&g, "track", &Property::TrackLength(7)).unwrap_err();
    assert!(err.message().contains("track.7"), "{err}");
    assert!(set_property(&g, "track", &Property::TrackLength(5)).is_ok());
}
