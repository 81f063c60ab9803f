use super::*;
use crate::gesture::Phase;
use tablecraft_engine::model::EquipmentKind;

/// A pointer event where the screen and the table agree (one unit a pixel).
fn pointer(phase: Phase, id: i32, at: Point, add: bool) -> Pointer {
    Pointer {
        phase,
        id,
        at,
        screen: at,
        add,
    }
}

fn press(id: i32, at: Point, add: bool) -> Pointer {
    pointer(Phase::Down, id, at, add)
}

fn moving(id: i32, at: Point) -> Pointer {
    pointer(Phase::Move, id, at, false)
}

fn release(id: i32, at: Point) -> Pointer {
    pointer(Phase::Up, id, at, false)
}

/// A group at (100..280, 100..220) with three matches, a basket at
/// (400..520, 100..220) and a trigger.
fn table() -> Game {
    let mut g = Game::default();
    for (item, x, y) in [
        (BoxItem::Group, 190.0, 160.0),
        (BoxItem::Basket, 460.0, 160.0),
        (BoxItem::Number, 190.0, 400.0),
    ] {
        let edit = item.drop_edit(Point::new(x, y), &Geometry::new(&g), "").unwrap();
        g = edit.apply(&g).unwrap().0;
    }
    Edit::CreateFigures {
        place: "group.1".into(),
        kind: "match".into(),
        count: 3,
    }
    .apply(&g)
    .unwrap()
    .0
}

fn centre(geo: &Geometry, name: &str) -> Point {
    geo.rect_of(name).unwrap().centre()
}

#[test]
fn a_small_wobble_is_still_a_tap() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    let at = centre(&geo, "basket");
    d.down(&press(1, at, false), &geo, &g);
    assert!(d.is_active());
    assert!(!d.moved(
        &moving(1, Point::new(at.x + 4.0, at.y + 3.0)),
        &g,
        &Selection::new(),
        &geo
    ));
    assert_eq!(d.preview(), Preview::Nothing);
    let decision = d.up(&release(1, Point::new(at.x + 4.0, at.y + 3.0)), &geo);
    assert_eq!(
        decision,
        Decision::Tap {
            element: Some("basket".into()),
            at,
            add: false
        }
    );
    assert!(!d.is_active());
}

#[test]
fn the_slop_is_in_screen_pixels() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    let at = Point::new(700.0, 500.0);
    // Zoomed out: 20 table units are 7 px on the screen, still a tap.
    let small = |phase| Pointer {
        screen: Point::new(7.0, 0.0),
        ..pointer(phase, 1, Point::new(720.0, 500.0), false)
    };
    d.down(
        &Pointer {
            screen: Point::new(0.0, 0.0),
            ..press(1, at, true)
        },
        &geo,
        &g,
    );
    assert!(!d.moved(&small(Phase::Move), &g, &Selection::new(), &geo));
    assert!(matches!(
        d.up(&small(Phase::Up), &geo),
        Decision::Tap {
            element: None,
            add: true,
            at: p,
        } if p == at
    ));
    // 9 px is a drag.
    d.down(&press(1, at, false), &geo, &g);
    assert!(d.moved(&moving(1, Point::new(709.0, 500.0)), &g, &Selection::new(), &geo));
}

#[test]
fn dragging_a_figure_puts_it_on_the_place_where_it_is_dropped() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    d.down(&press(1, centre(&geo, "m.2"), false), &geo, &g);
    let over = centre(&geo, "basket");
    assert!(d.moved(&moving(1, over), &g, &Selection::new(), &geo));
    assert_eq!(
        d.preview(),
        Preview::Figure {
            name: "m.2".into(),
            at: over
        }
    );
    let Decision::Edit { edit, select } = d.up(&release(1, over), &geo) else {
        panic!("not an edit");
    };
    assert_eq!(select, vec!["m.2".to_string()]);
    let (g2, _) = edit.apply(&g).unwrap();
    assert_eq!(
        g2.figures.iter().find(|f| f.name == "m.2").unwrap().origin,
        "basket"
    );
}

#[test]
fn a_figure_dropped_on_the_empty_table_is_refused_and_off_the_table_cancelled() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    d.down(&press(1, centre(&geo, "m.1"), false), &geo, &g);
    d.moved(&moving(1, Point::new(700.0, 500.0)), &g, &Selection::new(), &geo);
    let Decision::Edit { edit, .. } = d.up(&release(1, Point::new(700.0, 500.0)), &geo) else {
        panic!("not an edit");
    };
    assert!(edit.apply(&g).is_err());
    d.down(&press(1, centre(&geo, "m.1"), false), &geo, &g);
    d.moved(&moving(1, Point::new(-50.0, 100.0)), &g, &Selection::new(), &geo);
    assert_eq!(
        d.up(&release(1, Point::new(-50.0, 100.0)), &geo),
        Decision::Nothing
    );
}

#[test]
fn dragging_a_selected_thing_moves_the_whole_selection_but_not_its_figures() {
    let g = table();
    let geo = Geometry::new(&g);
    let selection = Selection::of(["group.1", "counter", "m.1"]);
    let mut d = TableDrag::new();
    let from = centre(&geo, "counter");
    d.down(&press(7, from, false), &geo, &g);
    // Another finger is ignored.
    d.down(&press(8, Point::new(0.0, 0.0), false), &geo, &g);
    assert!(!d.moved(&moving(8, Point::new(50.0, 50.0)), &g, &selection, &geo));
    let to = Point::new(from.x + 40.4, from.y + 19.6);
    assert!(d.moved(&moving(7, to), &g, &selection, &geo));
    assert!(matches!(d.preview(), Preview::Move { ref names, .. } if names.len() == 2));
    assert_eq!(d.up(&release(8, to), &geo), Decision::Nothing);
    let decision = d.up(&release(7, to), &geo);
    let names = vec!["group.1".to_string(), "counter".to_string()];
    assert_eq!(
        decision,
        Decision::Edit {
            edit: Edit::Move {
                names: names.clone(),
                dx: 40,
                dy: 20
            },
            select: names
        }
    );
}

#[test]
fn dragging_an_unselected_thing_moves_only_it_and_back_to_the_start_is_nothing() {
    let g = table();
    let geo = Geometry::new(&g);
    let selection = Selection::of(["group.1"]);
    let mut d = TableDrag::new();
    let from = centre(&geo, "basket");
    d.down(&press(1, from, false), &geo, &g);
    d.moved(
        &moving(1, Point::new(from.x + 100.0, from.y)),
        &g,
        &selection,
        &geo,
    );
    assert!(matches!(d.preview(), Preview::Move { ref names, .. } if names == &["basket"]));
    assert!(!d.moved(
        &moving(1, Point::new(from.x + 100.0, from.y)),
        &g,
        &selection,
        &geo
    ));
    assert_eq!(d.up(&release(1, from), &geo), Decision::Nothing);
}

#[test]
fn a_drag_on_the_empty_table_selects_what_lies_inside() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    d.down(&press(1, Point::new(90.0, 90.0), false), &geo, &g);
    d.moved(&moving(1, Point::new(300.0, 240.0)), &g, &Selection::new(), &geo);
    assert_eq!(d.preview(), Preview::Rubber(Rect::new(90.0, 90.0, 210.0, 150.0)));
    let Decision::Rectangle { names, add } = d.up(&release(1, Point::new(300.0, 240.0)), &geo) else {
        panic!("not a rectangle");
    };
    assert!(!add);
    assert_eq!(names, vec!["group.1", "m.1", "m.2", "m.3"]);
}

#[test]
fn cancel_forgets_the_drag() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    d.down(&press(1, centre(&geo, "m.1"), false), &geo, &g);
    d.moved(&moving(1, centre(&geo, "basket")), &g, &Selection::new(), &geo);
    d.cancel();
    assert!(!d.is_active());
    assert_eq!(d.preview(), Preview::Nothing);
    assert_eq!(d.up(&release(1, centre(&geo, "basket")), &geo), Decision::Nothing);
}

#[test]
fn a_box_item_tapped_is_chosen_and_dragged_onto_the_table_is_dropped() {
    let item = BoxItem::Board;
    let mut b = BoxDrag::start(item, 3, Point::new(40.0, 300.0));
    b.moved(3, Point::new(43.0, 302.0), None);
    assert!(!b.is_dragging());
    assert_eq!(b.up(3, Point::new(43.0, 302.0), None), BoxDecision::Choose(item));

    let mut b = BoxDrag::start(item, 3, Point::new(40.0, 300.0));
    b.moved(3, Point::new(300.0, 300.0), Some(Point::new(120.0, 80.0)));
    b.moved(4, Point::new(900.0, 900.0), None);
    assert!(b.is_dragging() && b.over() == Some(Point::new(120.0, 80.0)));
    assert_eq!(b.item(), item);
    assert_eq!(
        b.up(3, Point::new(310.0, 300.0), Some(Point::new(130.0, 80.0))),
        BoxDecision::Drop {
            item,
            at: Point::new(130.0, 80.0)
        }
    );
    assert!(matches!(
        item.drop_edit(Point::new(130.0, 80.0), &Geometry::default(), ""),
        Ok(Edit::AddEquipment {
            kind: EquipmentKind::Board { .. },
            ..
        })
    ));
}

#[test]
fn a_box_item_dropped_outside_the_table_is_nothing() {
    let mut b = BoxDrag::start(BoxItem::Figure("match"), 1, Point::new(40.0, 300.0));
    b.moved(1, Point::new(300.0, 300.0), Some(Point::new(10.0, 10.0)));
    assert_eq!(b.up(1, Point::new(30.0, 30.0), None), BoxDecision::Nothing);
    let b = BoxDrag::start(BoxItem::Figure("match"), 1, Point::new(40.0, 300.0));
    assert_eq!(b.up(2, Point::new(40.0, 300.0), None), BoxDecision::Nothing);
}

/// A board of dots, three rows of three, alone on the table.
fn dots() -> (Game, Geometry) {
    let edit = BoxItem::Dots
        .drop_edit(Point::new(300.0, 300.0), &Geometry::new(&Game::default()), "")
        .unwrap();
    let g = edit.apply(&Game::default()).unwrap().0;
    let geo = Geometry::new(&g);
    (g, geo)
}

fn drag(g: &Game, geo: &Geometry, from: Point, to: Point) -> (Preview, Decision) {
    let mut d = TableDrag::new();
    d.down(&press(1, from, false), geo, g);
    d.moved(&moving(1, to), g, &Selection::new(), geo);
    let preview = d.preview();
    (preview, d.up(&release(1, to), geo))
}

#[test]
fn a_dot_dragged_onto_another_dot_joins_them_and_the_preview_snaps_to_it() {
    let (g, geo) = dots();
    let (a1, c3) = (centre(&geo, "dots.a1"), centre(&geo, "dots.c3"));
    let near_c3 = Point::new(c3.x + 5.0, c3.y - 5.0);
    let (preview, decision) = drag(&g, &geo, a1, near_c3);
    assert_eq!(
        preview,
        Preview::Dot {
            from: a1,
            to: c3,
            joins: true
        }
    );
    let Decision::Edit { edit, select } = decision else {
        panic!("{decision:?}")
    };
    assert_eq!(
        edit,
        Edit::Dots {
            board: "dots".into(),
            change: DotChange::Join {
                a: "a1".into(),
                b: "c3".into()
            }
        }
    );
    assert_eq!(select, ["dots"]);
    let (joined, _) = edit.apply(&g).unwrap();
    assert_eq!(joined.equipment[0].lines.len(), 7);
}

#[test]
fn a_dot_dropped_between_dots_moves_there_and_a_press_between_dots_moves_the_board() {
    let (g, geo) = dots();
    let (a1, b2) = (centre(&geo, "dots.a1"), centre(&geo, "dots.b2"));
    let between = Point::new((a1.x + b2.x) / 2.0, (a1.y + b2.y) / 2.0);
    let (preview, decision) = drag(&g, &geo, a1, between);
    assert!(
        matches!(preview, Preview::Dot { joins: false, .. }),
        "{preview:?}"
    );
    let Decision::Edit { edit, .. } = decision else {
        panic!("{decision:?}")
    };
    let (moved, _) = edit.apply(&g).unwrap();
    let after = Geometry::new(&moved);
    let now = centre(&after, "dots.a1");
    assert!(
        (now.x - between.x).abs() < 1.0 && (now.y - between.y).abs() < 1.0,
        "{now:?} {between:?}"
    );
    assert_eq!(centre(&after, "dots.b2"), b2, "the other dots stay");
    // Between dots, off any dot, the board itself is taken.
    let (_, decision) = drag(&g, &geo, between, Point::new(between.x + 40.0, between.y));
    assert!(
        matches!(&decision, Decision::Edit { edit: Edit::Move { names, .. }, .. } if names == &["dots"]),
        "{decision:?}"
    );
    // A dot dropped off its board goes nowhere.
    let (_, decision) = drag(&g, &geo, a1, Point::new(a1.x - 200.0, a1.y));
    assert_eq!(decision, Decision::Nothing);
}
