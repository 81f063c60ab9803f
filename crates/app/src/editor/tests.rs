//! Random sequences of edits: every edit undoes and redoes exactly, and the
//! game stays sound (unique names, every figure on a place with room, drawn
//! inside it).

use super::edit::{Edit, Property};
use super::naming::{is_valid_name, Names};
use super::places::{all_names, place, square_names};
use super::History;
use crate::table::geometry::{Geometry, Point};
use proptest::prelude::*;
use std::collections::HashMap;
use tablecraft_engine::model::{EquipmentKind, Game, TriggerValue};

#[derive(Debug, Clone)]
enum Op {
    AddEquipment(u8, u16, u16, u16),
    AddFigure(u8, usize),
    Create(u8, usize, u32),
    AddTrigger(u8, u16, u16),
    Rename(usize, usize),
    Move(Vec<usize>, i32, i32),
    Resize(usize, u32, u32),
    Put(usize, usize),
    Delete(Vec<usize>),
    Duplicate(Vec<usize>, i32, i32),
    Set(Vec<usize>, u8, u16),
    Title(String),
    Players(u8),
}

const TYPES: [&str; 5] = ["match", "stone", "ball", "", "m"];
const NEW_NAMES: [&str; 9] = [
    "a", "b.1", "s.1", "board", "m.1", "", "bad name", "x.2.2", "counter",
];

fn op() -> impl Strategy<Value = Op> {
    let picks = || prop::collection::vec(0usize..1000, 0..4);
    prop_oneof![
        3 => (0u8..6, 0u16..1200, 0u16..900, 0u16..70).prop_map(|(k, x, y, s)| Op::AddEquipment(k, x, y, s)),
        3 => (0u8..5, 0usize..1000).prop_map(|(t, p)| Op::AddFigure(t, p)),
        2 => (0u8..5, 0usize..1000, prop_oneof![1u32..20, 0u32..260]).prop_map(|(t, p, n)| Op::Create(t, p, n)),
        1 => (0u8..3, 0u16..1200, 0u16..900).prop_map(|(v, x, y)| Op::AddTrigger(v, x, y)),
        2 => (0usize..1000, 0usize..NEW_NAMES.len()).prop_map(|(e, n)| Op::Rename(e, n)),
        2 => (picks(), -300i32..300, -300i32..300).prop_map(|(e, x, y)| Op::Move(e, x, y)),
        1 => (0usize..1000, 0u32..400, 0u32..400).prop_map(|(e, w, h)| Op::Resize(e, w, h)),
        2 => (0usize..1000, 0usize..1000).prop_map(|(f, p)| Op::Put(f, p)),
        1 => picks().prop_map(Op::Delete),
        1 => (picks(), -100i32..100, -100i32..100).prop_map(|(e, x, y)| Op::Duplicate(e, x, y)),
        3 => (picks(), 0u8..10, 0u16..60).prop_map(|(e, p, a)| Op::Set(e, p, a)),
        1 => "[a-z ]{0,12}".prop_map(Op::Title),
        1 => (0u8..4).prop_map(Op::Players),
    ]
}

fn elements(game: &Game) -> Vec<String> {
    let eq = game.equipment.iter().map(|e| e.name.clone());
    let figures = game.figures.iter().map(|f| f.name.clone());
    let triggers = game.triggers.iter().map(|t| t.name.clone());
    eq.chain(figures).chain(triggers).collect()
}

/// Mostly places that hold figures; sometimes the empty table, an unknown
/// name or a whole board.
fn pick_place(game: &Game, i: usize) -> String {
    if i.is_multiple_of(13) {
        return String::new();
    }
    if i.is_multiple_of(17) {
        return "nowhere".into();
    }
    let mut all = Vec::new();
    for e in &game.equipment {
        let squares = square_names(&e.name, &e.kind);
        if squares.is_empty() || i.is_multiple_of(11) {
            all.push(e.name.clone());
        }
        all.extend(squares);
    }
    pick(&all, i / 3)
}

/// A figure, a piece of equipment or a trigger, and sometimes anything.
fn pick_of(game: &Game, what: u8, i: usize) -> String {
    let list: Vec<String> = match (what, i % 7) {
        (_, 0) => elements(game),
        (0, _) => game.figures.iter().map(|f| f.name.clone()).collect(),
        (1, _) => game.equipment.iter().map(|e| e.name.clone()).collect(),
        _ => game.triggers.iter().map(|t| t.name.clone()).collect(),
    };
    pick(&list, i / 7)
}

/// A small game to start from: a group of matches, a basket, a board with
/// stones, a track and a trigger.
fn start() -> Game {
    let script = [
        Edit::AddEquipment {
            kind: EquipmentKind::Group,
            at: Point::new(100.0, 100.0),
        },
        Edit::CreateFigures {
            place: "group.1".into(),
            kind: "match".into(),
            count: 12,
        },
        Edit::AddEquipment {
            kind: EquipmentKind::Basket,
            at: Point::new(300.0, 100.0),
        },
        Edit::AddEquipment {
            kind: EquipmentKind::Board { rows: 3, columns: 3 },
            at: Point::new(500.0, 300.0),
        },
        Edit::AddFigure {
            kind: "stone".into(),
            place: Some("board.1.1".into()),
        },
        Edit::AddFigure {
            kind: "stone".into(),
            place: Some("board.3.2".into()),
        },
        Edit::AddEquipment {
            kind: EquipmentKind::Track {
                length: 6,
                ring: true,
            },
            at: Point::new(300.0, 600.0),
        },
        Edit::AddFigure {
            kind: "ball".into(),
            place: Some("track.1".into()),
        },
        Edit::AddTrigger {
            value: TriggerValue::Number(0),
            at: Point::new(700.0, 50.0),
        },
    ];
    script.iter().fold(Game::default(), |g, e| e.apply(&g).unwrap().0)
}

fn pick(list: &[String], i: usize) -> String {
    if list.is_empty() {
        "nothing".into()
    } else {
        list[i % list.len()].clone()
    }
}

fn to_edit(game: &Game, op: &Op) -> Edit {
    let els = elements(game);
    let many = |is: &[usize]| is.iter().map(|&i| pick(&els, i)).collect::<Vec<_>>();
    match op {
        Op::AddEquipment(k, x, y, s) => {
            let kind = match k {
                0 => EquipmentKind::Square,
                1 => EquipmentKind::Group,
                2 => EquipmentKind::Basket,
                3 => EquipmentKind::Board {
                    rows: s % 6,
                    columns: s % 4 + 1,
                },
                4 => EquipmentKind::Track {
                    length: *s,
                    ring: s % 2 == 0,
                },
                _ => EquipmentKind::Board { rows: 3, columns: 3 },
            };
            Edit::AddEquipment {
                kind,
                at: Point::new(f64::from(*x), f64::from(*y)),
            }
        }
        Op::AddFigure(t, p) => {
            let place = pick_place(game, *p);
            Edit::AddFigure {
                kind: TYPES[*t as usize].into(),
                place: (!place.is_empty()).then_some(place),
            }
        }
        Op::Create(t, p, n) => Edit::CreateFigures {
            place: pick_place(game, *p),
            kind: TYPES[*t as usize].into(),
            count: *n,
        },
        Op::AddTrigger(v, x, y) => {
            let value = match v {
                0 => TriggerValue::Number(0),
                1 => TriggerValue::YesNo(true),
                _ => TriggerValue::Text("hi".into()),
            };
            Edit::AddTrigger {
                value,
                at: Point::new(f64::from(*x), f64::from(*y)),
            }
        }
        Op::Rename(e, n) => Edit::Rename {
            old: pick(&els, *e),
            new: NEW_NAMES[*n].into(),
        },
        Op::Move(es, dx, dy) => Edit::Move {
            names: many(es),
            dx: *dx,
            dy: *dy,
        },
        Op::Resize(e, w, h) => Edit::Resize {
            name: pick(&els, *e),
            width: *w,
            height: *h,
        },
        Op::Put(f, p) => {
            let place = pick_place(game, *p);
            Edit::PutFigure {
                figure: pick_of(game, 0, *f),
                place: (!place.is_empty()).then_some(place),
            }
        }
        Op::Delete(es) => Edit::Delete { names: many(es) },
        Op::Duplicate(es, dx, dy) => Edit::Duplicate {
            names: many(es),
            dx: *dx,
            dy: *dy,
        },
        Op::Set(es, p, a) => {
            let property = match p {
                0 => Property::Owner(Some((a % 4) as u8)),
                1 => Property::Colour(Some(["red", "", "#fff"][*a as usize % 3].into())),
                2 => Property::Type(TYPES[*a as usize % 5].into()),
                3 => Property::Capacity((a % 4 > 0).then_some(u32::from(a % 5))),
                4 => Property::Attribute {
                    key: "wall".into(),
                    value: (a % 3 > 0).then(|| a.to_string()),
                },
                5 => Property::Value(TriggerValue::Number(i64::from(*a))),
                6 => Property::Visible(a % 2 == 0),
                7 => Property::BoardSize {
                    rows: a % 7,
                    columns: a % 5 + 1,
                },
                8 => Property::TrackLength(a % 60),
                _ => Property::Ring(a % 2 == 0),
            };
            let what = match p {
                0..=2 => 0,
                3 | 7..=9 => 1,
                4 => (*a % 3) as u8,
                _ => 2,
            };
            let mut names: Vec<String> = es.iter().map(|&i| pick_of(game, what, i)).collect();
            // Attributes may also go on a square of a board.
            if *p == 4 && *a % 4 == 0 {
                names = vec![pick_place(game, *a as usize)];
            }
            Edit::Set { names, property }
        }
        Op::Title(t) => Edit::Title(t.clone()),
        Op::Players(p) => Edit::Players(*p),
    }
}

/// Every name is used once, every figure lies on a place that holds figures
/// and has room, and is drawn inside that place.
fn check_sound(game: &Game) -> Result<(), TestCaseError> {
    let squares: usize = game
        .equipment
        .iter()
        .map(|e| square_names(&e.name, &e.kind).len())
        .sum();
    let count = game.equipment.len() + squares + game.figures.len() + game.triggers.len();
    prop_assert_eq!(all_names(game).len(), count, "a name is used twice");
    let mut on: HashMap<&str, usize> = HashMap::new();
    for f in &game.figures {
        let p = place(game, &f.origin);
        prop_assert!(
            p.is_some_and(|p| p.holds_figures()),
            "{} lies on {}",
            f.name,
            f.origin
        );
        *on.entry(&f.origin).or_default() += 1;
    }
    for (name, n) in on {
        if let Some(cap) = place(game, name).and_then(|p| p.capacity()) {
            prop_assert!(n <= cap as usize, "{} holds {} > {}", name, n, cap);
        }
    }
    let geo = Geometry::new(game);
    for f in &game.figures {
        let inside = geo
            .place_rect(&f.origin)
            .zip(geo.figure_rect(&f.name))
            .is_some_and(|(p, r)| p.contains_rect(&r));
        prop_assert!(inside, "{} is not drawn inside {}", f.name, f.origin);
    }
    let mut names = Names::of(game);
    for proposed in [
        names.figure("match"),
        names.equipment(&EquipmentKind::Board { rows: 3, columns: 3 }),
        names.equipment(&EquipmentKind::Square),
        names.trigger(),
    ] {
        prop_assert!(is_valid_name(&proposed));
        prop_assert!(!all_names(game).contains(&proposed), "{} is taken", proposed);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_edit_undoes_and_redoes_exactly(ops in prop::collection::vec(op(), 1..40)) {
        let start = start();
        let mut history = History::new(start.clone());
        let mut states = vec![start.clone()];
        for op in &ops {
            let edit = to_edit(history.current(), op);
            match edit.apply(history.current()) {
                Ok((game, _)) => {
                    check_sound(&game)?;
                    let changed = game != *history.current();
                    let before = history.revision();
                    prop_assert_eq!(history.apply(&edit.label(), game.clone()), changed);
                    prop_assert_eq!(history.revision(), before + u64::from(changed));
                    if changed {
                        states.push(game);
                    }
                }
                Err(e) => prop_assert!(!e.message().is_empty()),
            }
        }
        let end = history.current().clone();
        for expected in states.iter().rev().skip(1) {
            prop_assert!(history.undo().is_some());
            prop_assert_eq!(history.current(), expected);
        }
        prop_assert!(!history.can_undo());
        prop_assert_eq!(history.current(), &start);
        while history.redo().is_some() {}
        prop_assert_eq!(history.current(), &end);
        prop_assert_eq!(history.revision(), 3 * (states.len() as u64 - 1));
    }
}
