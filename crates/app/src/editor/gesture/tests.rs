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
        &Selection::new()
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
    assert!(!d.moved(&small(Phase::Move), &g, &Selection::new()));
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
    assert!(d.moved(&moving(1, Point::new(709.0, 500.0)), &g, &Selection::new()));
}

#[test]
fn dragging_a_figure_puts_it_on_the_place_where_it_is_dropped() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    d.down(&press(1, centre(&geo, "m.2"), false), &geo, &g);
    let over = centre(&geo, "basket");
    assert!(d.moved(&moving(1, over), &g, &Selection::new()));
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
    d.moved(&moving(1, Point::new(700.0, 500.0)), &g, &Selection::new());
    let Decision::Edit { edit, .. } = d.up(&release(1, Point::new(700.0, 500.0)), &geo) else {
        panic!("not an edit");
    };
    assert!(edit.apply(&g).is_err());
    d.down(&press(1, centre(&geo, "m.1"), false), &geo, &g);
    d.moved(&moving(1, Point::new(-50.0, 100.0)), &g, &Selection::new());
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
    assert!(!d.moved(&moving(8, Point::new(50.0, 50.0)), &g, &selection));
    let to = Point::new(from.x + 40.4, from.y + 19.6);
    assert!(d.moved(&moving(7, to), &g, &selection));
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
    d.moved(&moving(1, Point::new(from.x + 100.0, from.y)), &g, &selection);
    assert!(matches!(d.preview(), Preview::Move { ref names, .. } if names == &["basket"]));
    assert!(!d.moved(&moving(1, Point::new(from.x + 100.0, from.y)), &g, &selection));
    assert_eq!(d.up(&release(1, from), &geo), Decision::Nothing);
}

#[test]
fn a_drag_on_the_empty_table_selects_what_lies_inside() {
    let g = table();
    let geo = Geometry::new(&g);
    let mut d = TableDrag::new();
    d.down(&press(1, Point::new(90.0, 90.0), false), &geo, &g);
    d.moved(&moving(1, Point::new(300.0, 240.0)), &g, &Selection::new());
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
    d.moved(&moving(1, centre(&geo, "basket")), &g, &Selection::new());
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
