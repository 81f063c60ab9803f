use super::*;
use tablecraft_engine::model::{Equipment, Figure, Game, Layout, Placement, Trigger, TriggerValue};

fn equipment(name: &str, kind: EquipmentKind) -> Equipment {
    Equipment::new(name, kind)
}

fn figure(name: &str, origin: &str) -> Figure {
    Figure {
        name: name.into(),
        kind: "stone".into(),
        owner: None,
        colour: None,
        attributes: Default::default(),
        origin: origin.into(),
        face: Default::default(),
    }
}

fn placed(game: &mut Game, name: &str, x: i32, y: i32, width: u32, height: u32) {
    game.layout.items.insert(
        name.into(),
        Placement {
            x,
            y,
            width,
            height,
            colour: None,
            label: None,
        },
    );
}

fn board_game() -> Game {
    let mut g = Game::default();
    g.equipment
        .push(equipment("b", EquipmentKind::Board { rows: 3, columns: 4 }));
    placed(&mut g, "b", 100, 100, 240, 180);
    g.equipment.push(equipment("heap", EquipmentKind::Group));
    placed(&mut g, "heap", 400, 100, 180, 120);
    g.equipment.push(equipment(
        "t",
        EquipmentKind::Track {
            length: 5,
            ring: false,
        },
    ));
    placed(&mut g, "t", 100, 400, 300, 60);
    g.equipment.push(equipment(
        "up",
        EquipmentKind::Track {
            length: 4,
            ring: false,
        },
    ));
    placed(&mut g, "up", 600, 100, 50, 200);
    g.triggers.push(Trigger {
        name: "score".into(),
        value: TriggerValue::Number(0),
        visible: true,
    });
    placed(&mut g, "score", 400, 300, 140, 50);
    g.figures.push(figure("w", "b.1.1"));
    for i in 1..=7 {
        g.figures.push(figure(&format!("m.{i}"), "heap"));
    }
    g.figures.push(figure("lost", "nowhere"));
    g.figures.push(figure("onboard", "b"));
    g
}

#[test]
fn board_row_one_is_at_the_bottom() {
    let geo = Geometry::new(&board_game());
    let bottom_left = geo.place_rect("b.1.1").unwrap();
    assert_eq!(bottom_left, Rect::new(100.0, 220.0, 60.0, 60.0));
    let top_right = geo.place_rect("b.3.4").unwrap();
    assert_eq!(top_right, Rect::new(280.0, 100.0, 60.0, 60.0));
    let shape = geo.place("b.2.3").unwrap();
    assert_eq!(shape.kind, PlaceKind::BoardSquare { row: 2, column: 3 });
    assert_eq!(shape.parent.as_deref(), Some("b"));
}

#[test]
fn track_squares_run_along_the_track() {
    let geo = Geometry::new(&board_game());
    assert_eq!(
        geo.place_rect("t.1").unwrap(),
        Rect::new(100.0, 400.0, 60.0, 60.0)
    );
    assert_eq!(
        geo.place_rect("t.5").unwrap(),
        Rect::new(340.0, 400.0, 60.0, 60.0)
    );
    // A tall track runs from the bottom up.
    assert_eq!(
        geo.place_rect("up.1").unwrap(),
        Rect::new(600.0, 250.0, 50.0, 50.0)
    );
    assert_eq!(
        geo.place_rect("up.4").unwrap(),
        Rect::new(600.0, 100.0, 50.0, 50.0)
    );
}

#[test]
fn figures_lie_inside_their_place() {
    let g = board_game();
    let geo = Geometry::new(&g);
    let square = geo.place_rect("b.1.1").unwrap();
    let w = geo.figure_rect("w").unwrap();
    assert!(square.contains_rect(&w));
    assert!(
        (w.centre().x - square.centre().x).abs() < 1e-9 && (w.centre().y - square.centre().y).abs() < 1e-9
    );
    let heap = geo.place_rect("heap").unwrap();
    for i in 1..=7 {
        assert!(heap.contains_rect(&geo.figure_rect(&format!("m.{i}")).unwrap()));
    }
    assert_eq!(
        geo.figure_rect("lost"),
        None,
        "figures on unknown places are not drawn"
    );
    assert_eq!(geo.figure_rect("onboard"), None, "nor figures on a whole board");
    assert_eq!(geo.figures().len(), 8);
}

#[test]
fn figures_can_be_drawn_where_play_put_them() {
    let g = board_game();
    let geo = Geometry::with_positions(&g, &|f| (f == "w").then(|| "t.3".to_string()));
    assert!(geo
        .place_rect("t.3")
        .unwrap()
        .contains_rect(&geo.figure_rect("w").unwrap()));
    assert_eq!(geo.figures().len(), 1);
}

#[test]
fn figures_laid_out_again_on_the_same_places_lie_as_on_a_new_table() {
    let g = board_game();
    let designed = Geometry::new(&g);
    let on_t3 = |f: &str| (f == "w").then(|| "t.3".to_string());
    let again = designed.with_figures(&g, &on_t3, &|_| 0);
    let anew = Geometry::with_positions(&g, &on_t3);
    assert_eq!(again.figures(), anew.figures());
    assert_eq!(again.places(), anew.places());
    assert_eq!(again.triggers(), anew.triggers());
    assert_eq!(again.figure_rect("w"), anew.figure_rect("w"));
    assert!(
        designed.figures().len() > 1,
        "the designed table keeps its own figures"
    );
}

#[test]
fn hit_testing_finds_the_square_under_a_point() {
    let geo = Geometry::new(&board_game());
    assert_eq!(geo.place_at(Point::new(110.0, 270.0)).as_deref(), Some("b.1.1"));
    assert_eq!(geo.place_at(Point::new(335.0, 105.0)).as_deref(), Some("b.3.4"));
    assert_eq!(geo.place_at(Point::new(450.0, 150.0)).as_deref(), Some("heap"));
    assert_eq!(geo.place_at(Point::new(5.0, 5.0)), None);
    assert_eq!(geo.place_at(Point::new(f64::NAN, 5.0)), None);
    let grids = ["b", "t", "up"];
    for shape in geo.places().iter().filter(|s| !grids.contains(&s.name.as_str())) {
        assert_eq!(
            geo.place_at(shape.rect.centre()).as_deref(),
            Some(shape.name.as_str()),
            "{shape:?}"
        );
    }
    assert_eq!(geo.element_at(Point::new(130.0, 250.0)).as_deref(), Some("w"));
    assert_eq!(
        geo.element_at(Point::new(104.0, 224.0)).as_deref(),
        Some("b"),
        "beside the figure's drawing, a press selects the board"
    );
    assert_eq!(
        geo.figure_at(Point::new(104.0, 224.0)).as_deref(),
        Some("w"),
        "in play it takes the figure"
    );
    // Between the matches of a heap, the heap.
    let heap = geo.place_rect("heap").unwrap();
    let between = geo
        .figures()
        .iter()
        .filter(|(n, _)| n.starts_with("m."))
        .map(|(_, r)| Point::new(r.x + r.width, r.centre().y))
        .next()
        .unwrap();
    assert!(heap.contains(between));
    assert_eq!(geo.element_at(between).as_deref(), Some("heap"));
    assert_eq!(geo.element_at(Point::new(410.0, 310.0)).as_deref(), Some("score"));
}

#[test]
fn a_rectangle_selects_what_is_wholly_inside() {
    let geo = Geometry::new(&board_game());
    let around_board = Rect::from_corners(Point::new(350.0, 290.0), Point::new(90.0, 90.0));
    let inside = geo.elements_in(around_board);
    assert_eq!(inside, ["b", "w"]);
    let everything = geo.elements_in(Rect::new(0.0, 0.0, 2000.0, 2000.0));
    assert_eq!(everything.len(), 4 + 1 + 8);
    assert!(geo.elements_in(Rect::new(0.0, 0.0, 10.0, 10.0)).is_empty());
}

#[test]
fn a_game_without_layout_still_draws() {
    let mut g = board_game();
    g.layout = Layout::default();
    let geo = Geometry::new(&g);
    let (w, h) = geo.table_size();
    for shape in geo.places() {
        assert!(shape.rect.width > 0.0 && shape.rect.height > 0.0);
        assert!(shape.rect.x + shape.rect.width <= w && shape.rect.y + shape.rect.height <= h);
    }
    assert_eq!(geo.figures().len(), 8);
    assert!(geo.trigger_rect("score").is_some());
}

#[test]
fn odd_sizes_do_not_panic() {
    let mut g = Game::default();
    g.equipment
        .push(equipment("z", EquipmentKind::Board { rows: 0, columns: 0 }));
    placed(&mut g, "z", -10, -10, 0, 0);
    g.equipment.push(equipment(
        "flat",
        EquipmentKind::Board {
            rows: 50,
            columns: 50,
        },
    ));
    placed(&mut g, "flat", i32::MAX, i32::MIN, 0, u32::MAX);
    g.equipment.push(equipment("s", EquipmentKind::Square));
    placed(&mut g, "s", 0, 0, 0, 0);
    for i in 0..300 {
        g.figures.push(figure(&format!("f{i}"), "s"));
    }
    g.figures.push(figure("f", "flat.50.50"));
    let geo = Geometry::new(&g);
    assert_eq!(geo.places().len(), 3 + 2500);
    let s = geo.place_rect("s").unwrap();
    for (_, r) in geo.figures() {
        assert!(r.x.is_finite() && r.y.is_finite() && r.width >= 0.0);
    }
    assert!(s.contains_rect(&geo.figure_rect("f0").unwrap()));
    let _ = geo.place_at(Point::new(0.0, 0.0));
    let _ = geo.elements_in(Rect::default());
}

#[test]
fn cards_lie_in_a_pile_on_a_deck_and_in_a_grid_in_a_hand() {
    let mut g = Game::default();
    g.equipment.push(equipment("pile", EquipmentKind::Group));
    placed(&mut g, "pile", 0, 0, 140, 140);
    let mut hand = equipment("hand.1", EquipmentKind::Group);
    hand.owner = Some(1);
    g.equipment.push(hand);
    placed(&mut g, "hand.1", 200, 0, 560, 140);
    g.equipment.push(equipment("heap", EquipmentKind::Group));
    placed(&mut g, "heap", 0, 200, 560, 140);
    for (i, origin) in [
        "pile", "pile", "pile", "hand.1", "hand.1", "hand.1", "heap", "heap",
    ]
    .iter()
    .enumerate()
    {
        let mut f = figure(&format!("c.{i}"), origin);
        f.kind = if *origin == "heap" { "stone" } else { "card" }.into();
        g.figures.push(f);
    }
    let geo = Geometry::new(&g);
    let at = |i: usize| geo.figure_rect(&format!("c.{i}")).unwrap();
    // On the pile each card lies over the one before, nearly all of it.
    assert!(at(0).overlaps(&at(1)) && at(1).overlaps(&at(2)));
    assert!(
        at(0).x < at(1).x && at(1).x < at(2).x,
        "each a little further along"
    );
    // In a hand each card can be picked: none lies on another.
    assert!(!at(3).overlaps(&at(4)) && !at(4).overlaps(&at(5)));
    // Figures that are not cards keep their grid.
    assert!(!at(6).overlaps(&at(7)));
}
