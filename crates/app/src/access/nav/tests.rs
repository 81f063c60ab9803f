use super::*;
use crate::testing::open_example;
use std::collections::HashSet;

fn scene(name: &str) -> Scene {
    let (game, _) = open_example(name);
    Scene::design(&game, &HashSet::new(), &HashSet::new())
}

fn fig(n: &str) -> Item {
    Item::Figure(n.into())
}

fn place(n: &str) -> Item {
    Item::Place(n.into())
}

#[test]
fn ids_are_unique_and_plain() {
    assert_eq!(fig("m.1").dom_id(), "tk-f-m_2e_1");
    assert_eq!(place("grid-1").dom_id(), "tk-p-grid-1");
    assert_ne!(fig("a.b").dom_id(), fig("a_b").dom_id());
    assert_ne!(fig("x").dom_id(), place("x").dom_id());
    assert!(Item::Trigger("score é".into())
        .dom_id()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
}

#[test]
fn nim12_reads_each_place_then_what_lies_on_it() {
    let s = scene("nim12");
    let order = order(&s);
    assert_eq!(order.len(), 14);
    // The group is higher up the table than the basket.
    assert_eq!(order[0], place("matchgroup"));
    assert!(order[1..13].iter().all(|i| matches!(i, Item::Figure(_))));
    assert_eq!(order[13], place("basket"));
    // The matches in rows, left to right.
    let rects: Vec<Rect> = order[1..13].iter().map(|i| rect_of(&s, i).unwrap()).collect();
    for w in rects.windows(2) {
        assert!(w[1].y > w[0].y + 1.0 || (w[1].y - w[0].y).abs() < 1.0 && w[1].x > w[0].x);
    }
}

#[test]
fn a_board_comes_with_its_squares_each_followed_by_its_figures() {
    let mut s = scene("tic-tac-toe");
    let first_cell = s
        .places
        .iter()
        .filter(|p| matches!(p.look, PlaceLook::Cell { .. }))
        .min_by(|a, b| (a.rect.y, a.rect.x).partial_cmp(&(b.rect.y, b.rect.x)).unwrap())
        .unwrap()
        .name
        .clone();
    s.figures[0].place = first_cell.clone();
    let order = order(&s);
    let all = s.places.len() + s.figures.len() + s.triggers.len();
    assert_eq!(order.len(), all, "every item once");
    let unique: HashSet<_> = order.iter().collect();
    assert_eq!(unique.len(), all);
    let frame = s
        .places
        .iter()
        .find(|p| p.look == PlaceLook::Board)
        .unwrap()
        .name
        .clone();
    let at = order.iter().position(|i| i == &place(&frame)).unwrap();
    assert_eq!(order[at + 1], place(&first_cell));
    assert_eq!(order[at + 2], Item::Figure(s.figures[0].name.clone()));
}

#[test]
fn left_and_right_walk_the_order_and_wrap() {
    let s = scene("nim12");
    let mut c = Cursor::default();
    // With nothing chosen yet, the attention starts on the first figure.
    assert_eq!(c.current(&s), Some(fig("m.1")));
    c.on(&s, Key::Arrow(Dir::Left));
    assert_eq!(c.active, Some(place("matchgroup")));
    c.on(&s, Key::Arrow(Dir::Left));
    assert_eq!(c.active, Some(place("basket")));
    c.on(&s, Key::Arrow(Dir::Right));
    assert_eq!(c.active, Some(place("matchgroup")));
    c.on(&s, Key::End);
    assert_eq!(c.active, Some(place("basket")));
    c.on(&s, Key::Home);
    assert_eq!(c.active, Some(place("matchgroup")));
}

#[test]
fn up_and_down_go_to_the_nearest_item_that_way() {
    let s = scene("tic-tac-toe");
    let cells: Vec<_> = s
        .places
        .iter()
        .filter(|p| matches!(p.look, PlaceLook::Cell { .. }))
        .collect();
    let top_left = cells
        .iter()
        .min_by(|a, b| (a.rect.x + a.rect.y).total_cmp(&(b.rect.x + b.rect.y)))
        .unwrap();
    let below = cells
        .iter()
        .filter(|c| (c.rect.x - top_left.rect.x).abs() < 1.0 && c.rect.y > top_left.rect.y + 1.0)
        .min_by(|a, b| a.rect.y.total_cmp(&b.rect.y))
        .unwrap();
    let mut c = Cursor {
        active: Some(place(&top_left.name)),
        holding: None,
    };
    c.on(&s, Key::Arrow(Dir::Down));
    assert_eq!(c.active, Some(place(&below.name)));
    c.on(&s, Key::Arrow(Dir::Up));
    assert_eq!(c.active, Some(place(&top_left.name)));
}

#[test]
fn a_figure_on_a_square_wins_a_tie_with_the_square() {
    let r = Rect::new(100.0, 100.0, 50.0, 50.0);
    let cands = vec![(place("sq"), r), (fig("f"), r)];
    assert_eq!(toward(Point::new(125.0, 10.0), Dir::Down, &cands), Some(fig("f")));
    assert_eq!(toward(Point::new(125.0, 10.0), Dir::Up, &cands), None);
    assert_eq!(toward(Point::new(f64::NAN, 10.0), Dir::Down, &cands), None);
}

fn nim_targets() -> Scene {
    let mut s = scene("nim12");
    for p in &mut s.places {
        std::sync::Arc::make_mut(p).marks.target = p.name == "basket";
    }
    s
}

#[test]
fn space_picks_up_arrows_go_to_legal_places_and_enter_drops() {
    let mut s = nim_targets();
    let mut c = Cursor::default();
    assert_eq!(c.on(&s, Key::Act), Command::Pick(fig("m.1")));
    c.picked(&s, fig("m.1"), Answer::Targets);
    s.figures[0].marks.selected = true;
    assert_eq!(c.active, Some(place("matchgroup")));
    // The basket lies to the right; going left finds nothing that way and goes round.
    c.on(&s, Key::Arrow(Dir::Right));
    assert_eq!(c.active, Some(place("basket")));
    c.on(&s, Key::Arrow(Dir::Right));
    assert_eq!(c.active, Some(place("matchgroup")));
    c.on(&s, Key::Arrow(Dir::Left));
    assert_eq!(c.active, Some(place("basket")));
    assert_eq!(
        c.on(&s, Key::Act),
        Command::Drop {
            held: fig("m.1"),
            place: "basket".into()
        }
    );
    // Refused: still held.
    c.dropped(false);
    assert!(c.holding.is_some());
    c.dropped(true);
    assert!(c.holding.is_none());
    assert_eq!(c.active, Some(place("basket")));
}

#[test]
fn only_the_legal_places_are_reached_while_held() {
    let mut s = scene("tic-tac-toe");
    let cells: Vec<String> = s
        .places
        .iter()
        .filter(|p| matches!(p.look, PlaceLook::Cell { .. }))
        .map(|p| p.name.clone())
        .collect();
    let legal = [cells[0].clone(), cells[8].clone()];
    for p in &mut s.places {
        std::sync::Arc::make_mut(p).marks.target = legal.contains(&p.name);
    }
    let f = s.figures[0].clone();
    s.figures[0].marks.selected = true;
    let mut c = Cursor::default();
    c.picked(&s, fig(&f.name), Answer::Targets);
    let mut seen = HashSet::new();
    for dir in [Dir::Left, Dir::Right, Dir::Up, Dir::Down, Dir::Right, Dir::Down] {
        c.on(&s, Key::Arrow(dir));
        seen.insert(c.active.clone().unwrap());
    }
    let allowed: HashSet<Item> = [place(&legal[0]), place(&legal[1]), place(&f.place)].into();
    assert!(seen.is_subset(&allowed), "{seen:?}");
    assert!(seen.contains(&place(&legal[0])) && seen.contains(&place(&legal[1])));
    // Held anywhere: every square can be reached, never the board's frame.
    let mut start = Cursor::default();
    start.picked(&s, fig(&f.name), Answer::Anywhere);
    let mut seen = HashSet::from([start.active.clone().unwrap()]);
    let mut todo = vec![start];
    while let Some(c) = todo.pop() {
        for dir in [Dir::Left, Dir::Right, Dir::Up, Dir::Down] {
            let mut next = c.clone();
            next.on(&s, Key::Arrow(dir));
            if seen.insert(next.active.clone().unwrap()) {
                todo.push(next);
            }
        }
    }
    for cell in &cells {
        assert!(seen.contains(&place(cell)), "{cell} not reached");
    }
    let frame = s.places.iter().find(|p| p.look == PlaceLook::Board).unwrap();
    assert!(!seen.contains(&place(&frame.name)));
}

#[test]
fn escape_puts_back_and_a_put_down_figure_is_forgotten() {
    let mut s = nim_targets();
    s.figures[0].marks.selected = true;
    let mut c = Cursor::default();
    c.picked(&s, fig("m.1"), Answer::Targets);
    c.on(&s, Key::Arrow(Dir::Right));
    assert_eq!(c.on(&s, Key::Escape), Command::Cancel(fig("m.1")));
    assert!(c.holding.is_none());
    assert_eq!(c.active, Some(fig("m.1")));
    assert_eq!(c.on(&s, Key::Escape), Command::None);
    // The mode put it down (a tap elsewhere): the next key moves the attention.
    c.picked(&s, fig("m.1"), Answer::Targets);
    s.figures[0].marks.selected = false;
    assert_eq!(c.on(&s, Key::Arrow(Dir::Right)), Command::None);
    assert!(c.holding.is_none());
    // A refused pick holds nothing.
    let mut c = Cursor::default();
    c.picked(&s, fig("m.2"), Answer::No);
    assert!(c.holding.is_none());
}

#[test]
fn an_item_that_went_away_is_replaced_and_an_empty_table_does_nothing() {
    let s = scene("nim12");
    let mut c = Cursor {
        active: Some(fig("gone")),
        holding: None,
    };
    assert_eq!(c.on(&s, Key::Act), Command::Pick(fig("m.1")));
    let mut c = Cursor::default();
    let empty = Scene::default();
    for k in [
        Key::Act,
        Key::Home,
        Key::End,
        Key::Escape,
        Key::Arrow(Dir::Up),
        Key::Arrow(Dir::Right),
    ] {
        assert_eq!(c.on(&empty, k), Command::None);
    }
}

#[test]
fn keys_by_name() {
    assert_eq!(Key::of(" "), Some(Key::Act));
    assert_eq!(Key::of("Enter"), Some(Key::Act));
    assert_eq!(Key::of("ArrowUp"), Some(Key::Arrow(Dir::Up)));
    assert_eq!(Key::of("Esc"), Some(Key::Escape));
    assert_eq!(Key::of("a"), None);
}
