use super::*;
use crate::table::scene::Scene;
use crate::testing::open_example;
use std::collections::HashSet;

fn snakes() -> Scene {
    let (game, _) = open_example("snakes-and-ladders");
    Scene::design(&game, &HashSet::new(), &HashSet::new())
}

fn link(scene: &Scene, from: &str) -> LinkView {
    scene.links.iter().find(|l| l.from_place == from).unwrap().clone()
}

fn centre(scene: &Scene, place: &str) -> Point {
    scene
        .places
        .iter()
        .find(|p| p.name == place)
        .unwrap()
        .rect
        .centre()
}

fn close(a: Point, b: Point, within: f64) -> bool {
    (a.x - b.x).hypot(a.y - b.y) <= within
}

#[test]
fn every_ladder_and_snake_of_the_file_joins_the_middles_of_its_squares() {
    let scene = snakes();
    let ladders = scene.links.iter().filter(|l| l.look == LinkLook::Ladder).count();
    let snakes = scene.links.iter().filter(|l| l.look == LinkLook::Snake).count();
    assert_eq!((ladders, snakes), (8, 10));
    // The ladder from square 4 up to square 14.
    let up = link(&scene, "board.1.4");
    assert_eq!(up.look, LinkLook::Ladder);
    assert_eq!(up.from, centre(&scene, "board.1.4"));
    assert_eq!(up.to, centre(&scene, "board.2.7"));
    assert!(up.to.y < up.from.y, "a ladder leads up the board");
    assert!((up.size - 54.0).abs() < 1e-9, "a square of 540 / 10");
    // The snake from square 17 down to square 7.
    let down = link(&scene, "board.2.5");
    assert_eq!(down.look, LinkLook::Snake);
    assert!(down.to.y > down.from.y, "a snake leads down the board");
}

#[test]
fn a_ladder_has_two_rails_from_square_to_square_and_rungs_between_them() {
    let up = link(&snakes(), "board.1.4");
    let l = up.ladder();
    for (a, b) in l.rails {
        // Each rail runs beside the line from middle to middle, past both ends.
        assert!(close(a, up.from, up.size * 0.3), "{a:?}");
        assert!(close(b, up.to, up.size * 0.3), "{b:?}");
    }
    let apart = (l.rails[0].0.x - l.rails[1].0.x).hypot(l.rails[0].0.y - l.rails[1].0.y);
    assert!((apart - up.size * 0.34).abs() < 1e-6, "{apart}");
    let length = (up.to.x - up.from.x).hypot(up.to.y - up.from.y);
    assert!(
        l.rungs.len() >= (length / up.size) as usize * 3,
        "{}",
        l.rungs.len()
    );
    for (a, b) in &l.rungs {
        assert!(((a.x - b.x).hypot(a.y - b.y) - apart).abs() < 1e-6);
    }
}

#[test]
fn a_snake_has_its_head_on_the_first_square_and_its_tail_on_the_second() {
    let scene = snakes();
    let down = link(&scene, "board.9.7");
    let s = down.snake();
    assert_eq!(s.head, down.from);
    assert!(s.head_radius > 0.0 && s.head_radius < down.size / 2.0);
    assert!(s.body.starts_with('M') && s.body.ends_with('Z'), "{}", s.body);
    let numbers: Vec<f64> = s
        .stripes
        .split(|c: char| c == 'M' || c == 'L' || c.is_whitespace())
        .filter_map(|w| w.parse().ok())
        .collect();
    let first = Point::new(numbers[0], numbers[1]);
    let last = Point::new(numbers[numbers.len() - 2], numbers[numbers.len() - 1]);
    assert!(close(first, down.from, 0.1) && close(last, down.to, 0.1));
    // It winds: some of its middle lies well off the straight line.
    let (u, _) = direction(down.from, down.to);
    let off = numbers
        .chunks(2)
        .map(|p| ((p[0] - down.from.x) * -u.1 + (p[1] - down.from.y) * u.0).abs())
        .fold(0.0, f64::max);
    assert!(off > down.size * 0.15, "{off}");
    // Snakes take colours in turn.
    assert_ne!(
        link(&scene, "board.2.5").snake().colour,
        link(&scene, "board.5.7").snake().colour
    );
}

#[test]
fn an_arrow_points_at_its_second_place_and_a_link_to_nowhere_is_not_drawn() {
    let (mut game, _) = open_example("snakes-and-ladders");
    game.layout.links = vec![
        tablecraft_engine::model::Link {
            from: "board.1.1".into(),
            to: "board.1.1".into(),
            look: LinkLook::Arrow,
        },
        tablecraft_engine::model::Link {
            from: "board.1.1".into(),
            to: "nowhere".into(),
            look: LinkLook::Snake,
        },
    ];
    let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
    assert_eq!(scene.links.len(), 1);
    // From a square to itself: no panic, a small arrow all the same.
    let a = scene.links[0].arrow();
    assert!(
        a.point.starts_with('M') && !a.point.contains("NaN"),
        "{}",
        a.point
    );
    assert!(!scene.links[0].snake().body.contains("NaN"));
    assert!(!scene.links[0].ladder().rungs.is_empty());
}
