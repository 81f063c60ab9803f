//! The table in words, for screen readers: a description of what lies
//! where ("matchgroup: 12 matches; basket: empty"), the name of each item
//! the keyboard reaches, and what is said when a figure is picked up.

use super::nav::{places_for, top_order, Holding, Item};
use crate::table::scene::{FigureView, PlaceLook, PlaceView, Scene};
use std::collections::HashMap;

/// `n` things of a kind: "1 match", "12 matches", "3 stones".
pub fn plural(n: usize, kind: &str) -> String {
    let kind = kind.trim();
    if n == 1 {
        return format!("1 {kind}");
    }
    let ends = |s: &str| kind.ends_with(s);
    let many = if ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh") {
        format!("{kind}es")
    } else if kind.ends_with('y')
        && !kind
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| "aeiou".contains(c.to_ascii_lowercase()))
    {
        format!("{}ies", &kind[..kind.len() - 1])
    } else {
        format!("{kind}s")
    };
    format!("{n} {many}")
}

fn owner_words(owner: u8) -> String {
    if owner == 0 {
        String::new()
    } else {
        format!(" of player {owner}")
    }
}

/// What lies on a place, counted by type and owner: "12 matches",
/// "2 stones of player 1 and 1 crown of player 2", or "empty".
fn contents(figures: &[&FigureView]) -> String {
    let mut groups: Vec<((String, u8), usize)> = Vec::new();
    for f in figures {
        let key = (f.kind.clone(), f.owner);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, n)) => *n += 1,
            None => groups.push((key, 1)),
        }
    }
    if groups.is_empty() {
        return "empty".into();
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|((kind, owner), n)| format!("{}{}", plural(n, &kind), owner_words(owner)))
        .collect();
    join(&parts)
}

fn join(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn on<'a>(scene: &'a Scene, place: &str) -> Vec<&'a FigureView> {
    scene.figures.iter().filter(|f| f.place == place).collect()
}

/// The whole table in a few sentences: each place with what lies on it;
/// a board, track or board of points as the figures on its squares or
/// points ("grid: cross on row 1, column 1, circle of player 2 on row 2,
/// column 2; 7 squares empty"); then the counters.
pub fn describe(scene: &Scene) -> String {
    let mut parts_of: HashMap<&str, Vec<&PlaceView>> = HashMap::new();
    for p in &scene.places {
        if let Some(board) = &p.part_of {
            parts_of.entry(board).or_default().push(p);
        }
    }
    let mut parts = Vec::new();
    for item in &top_order(scene) {
        let Item::Place(name) = item else { continue };
        let Some(place) = scene.places.iter().find(|p| &p.name == name) else {
            continue;
        };
        if place.part_of.is_some() {
            continue;
        }
        let Some(squares) = parts_of.get(name.as_str()) else {
            parts.push(format!("{}: {}", place.called, contents(&on(scene, name))));
            continue;
        };
        let part = if place.look == PlaceLook::Points {
            "point"
        } else {
            "square"
        };
        let mut filled = Vec::new();
        let mut empty = 0;
        for square in squares {
            let figures = on(scene, &square.name);
            if figures.is_empty() {
                empty += 1;
                continue;
            }
            let what: Vec<String> = figures
                .iter()
                .map(|f| match (&f.corner, f.back) {
                    (_, true) => "a card face down".to_string(),
                    (Some(corner), false) => format!("{} {corner}", f.kind),
                    (None, false) => format!("{}{}", f.kind, owner_words(f.owner)),
                })
                .collect();
            filled.push(format!("{} on {}", join(&what), square.called));
        }
        let mut text = format!("{name}: ");
        if filled.is_empty() {
            text.push_str("empty");
        } else {
            text.push_str(&filled.join(", "));
            if empty > 0 {
                text.push_str(&format!("; {} empty", plural(empty, part)));
            }
        }
        parts.push(text);
    }
    for t in &scene.triggers {
        parts.push(t.text.clone());
    }
    if parts.is_empty() {
        return "The table is empty.".into();
    }
    format!("{}.", parts.join("; "))
}

/// The name a screen reader reads for an item: "match m.3 on matchgroup",
/// "basket: 2 matches, it may go here", "row 1, column 2: empty".
pub fn label(scene: &Scene, item: &Item) -> String {
    match item {
        Item::Figure(name) => {
            let Some(f) = scene.figures.iter().find(|f| &f.name == name) else {
                return name.clone();
            };
            let on = scene.places.iter().find(|p| p.name == f.place);
            let on = on.map_or(f.place.as_str(), |p| p.called.as_str());
            // A back says where it is, never what it is.
            let mut s = if f.back {
                format!("a card, face down, on {on}")
            } else {
                let name = f.corner.as_ref().unwrap_or(&f.name);
                format!("{} {}{} on {}", f.kind, name, owner_words(f.owner), on)
            };
            if f.marks.selected {
                s.push_str(", chosen");
            }
            if f.marks.problem {
                s.push_str(", has a problem");
            }
            s
        }
        Item::Place(name) => match scene.places.iter().find(|p| &p.name == name) {
            Some(p) => place_label(scene, p),
            None => name.clone(),
        },
        Item::Trigger(name) => scene
            .triggers
            .iter()
            .find(|t| &t.name == name)
            .map_or_else(|| name.clone(), |t| format!("counter {}", t.text)),
    }
}

/// What is said when an item is picked up with the keyboard: where it may
/// go and which keys to use.
pub fn lifted_sentence(scene: &Scene, holding: &Holding) -> String {
    let what = holding.item.name();
    let keys = "Arrow keys choose a place, Enter puts it there, Esc puts it back.";
    if holding.only_targets {
        let targets: Vec<String> = places_for(scene, holding)
            .into_iter()
            .map(|(i, _)| i.name().to_string())
            .filter(|n| n != &holding.from)
            .collect();
        let where_ = match targets.len() {
            0 => "it can't go anywhere now".to_string(),
            1..=5 => format!("it may go to {}", join(&targets)),
            n => format!("it may go to {n} places"),
        };
        format!("{what} picked up: {where_}. {keys}")
    } else {
        format!("{what} picked up. {keys}")
    }
}

/// The [`label`] of a place of the scene, without looking it up by name
/// (a table of thousands of squares labels each one).
pub fn place_label(scene: &Scene, p: &PlaceView) -> String {
    let (name, called) = (&p.name, &p.called);
    let mut s = match p.look {
        PlaceLook::Board | PlaceLook::Track | PlaceLook::Points => format!("{called}, the whole board"),
        _ => format!("{called}: {}", contents(&on(scene, name))),
    };
    if let Some(label) = &p.label {
        s.push_str(&format!(", marked {label}"));
    }
    if let Some(look) = &p.attribute_look {
        s.push_str(", ");
        s.push_str(&look.words());
    }
    for link in &scene.links {
        let other = if link.from_place == p.name {
            &link.to_place
        } else {
            &link.from_place
        };
        let other = scene.places.iter().find(|q| &q.name == other);
        let other = other.map_or(String::new(), |q| {
            q.label.clone().unwrap_or_else(|| q.called.clone())
        });
        if let Some(words) = link.words_at(name, &other) {
            s.push_str(", ");
            s.push_str(&words);
        }
    }
    for (on, words) in [
        (p.marks.target, ", it may go here"),
        (p.marks.selected, ", chosen"),
        (p.marks.problem, ", has a problem"),
        (p.marks.winning, ", part of the winning line"),
    ] {
        if on {
            s.push_str(words);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;
    use std::collections::HashSet;
    use std::sync::Arc;

    fn scene(name: &str) -> Scene {
        let (game, _) = open_example(name);
        Scene::design(&game, &HashSet::new(), &HashSet::new())
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "match"), "1 match");
        assert_eq!(plural(12, "match"), "12 matches");
        assert_eq!(plural(2, "stone"), "2 stones");
        assert_eq!(plural(3, "box"), "3 boxes");
        assert_eq!(plural(2, "body"), "2 bodies");
        assert_eq!(plural(2, "key"), "2 keys");
        assert_eq!(plural(0, "square"), "0 squares");
    }

    #[test]
    fn nim12_is_described_by_heaps() {
        let mut s = scene("nim12");
        assert_eq!(describe(&s), "matchgroup: 12 matches; basket: empty.");
        for f in s.figures.iter_mut().take(2) {
            f.place = "basket".into();
        }
        assert_eq!(describe(&s), "matchgroup: 10 matches; basket: 2 matches.");
        assert_eq!(label(&s, &Item::Place("basket".into())), "basket: 2 matches");
        assert_eq!(label(&s, &Item::Figure("m.3".into())), "match m.3 on matchgroup");
        Arc::make_mut(&mut s.places[0]).marks.target = true;
        let name = s.places[0].name.clone();
        assert!(label(&s, &Item::Place(name)).ends_with(", it may go here"));
    }

    #[test]
    fn a_board_is_described_by_its_occupied_squares() {
        let s = scene("tic-tac-toe");
        let text = describe(&s);
        assert!(text.contains("empty"), "{text}");
        assert!(
            !text.contains("grid.1.1: empty"),
            "squares are not listed one by one: {text}"
        );
        let mut s = s;
        let cell = s
            .places
            .iter()
            .find(|p| matches!(p.look, PlaceLook::Cell { .. }))
            .unwrap()
            .name
            .clone();
        s.figures[0].place = cell.clone();
        let kind = s.figures[0].kind.clone();
        let text = describe(&s);
        assert!(
            text.contains(kind.as_str()) && text.contains("on row 1, column 1"),
            "{text}"
        );
        assert!(text.contains("8 squares empty"), "{text}");
    }

    #[test]
    fn a_wall_and_the_goal_are_named() {
        let s = scene("labyrinth");
        assert!(label(&s, &Item::Place("maze.2.1".into())).ends_with(": empty, a wall"));
        assert!(label(&s, &Item::Place("maze.5.5".into())).ends_with(": empty, a goal"));
        assert!(label(&s, &Item::Place("maze.1.2".into())).ends_with(": empty"));
    }

    #[test]
    fn squares_and_points_are_said_by_row_and_column_or_their_own_name() {
        let s = scene("tic-tac-toe");
        assert_eq!(
            label(&s, &Item::Place("grid.2.3".into())),
            "row 2, column 3: empty"
        );
        let s = scene("nine-mens-morris");
        let board = s.places.iter().find(|p| p.look == PlaceLook::Points).unwrap();
        let a1 = format!("{}.a1", board.name);
        assert_eq!(label(&s, &Item::Place(a1)), "point a1: empty");
        let text = describe(&s);
        assert!(text.contains(&format!("{}: empty", board.name)), "{text}");
        assert!(
            !text.contains("point a1"),
            "a board of points is summed up: {text}"
        );
    }

    #[test]
    fn an_empty_table() {
        assert_eq!(describe(&Scene::default()), "The table is empty.");
    }

    #[test]
    fn the_lift_sentence_names_the_places() {
        let mut s = scene("nim12");
        for p in &mut s.places {
            Arc::make_mut(p).marks.target = p.name == "basket";
        }
        let h = Holding {
            item: Item::Figure("m.1".into()),
            from: "matchgroup".into(),
            only_targets: true,
        };
        assert_eq!(
            lifted_sentence(&s, &h),
            "m.1 picked up: it may go to basket. Arrow keys choose a place, Enter puts it there, Esc puts it back."
        );
        for p in &mut s.places {
            Arc::make_mut(p).marks.target = false;
        }
        assert!(lifted_sentence(&s, &h).contains("it can't go anywhere now"));
    }

    #[test]
    fn a_square_says_its_number_and_its_ladder_or_snake() {
        let s = scene("snakes-and-ladders");
        let label = |name: &str| place_label(&s, s.places.iter().find(|p| p.name == name).unwrap());
        assert_eq!(label("board.1.2"), "row 1, column 2: empty, marked 2");
        assert_eq!(
            label("board.1.4"),
            "row 1, column 4: empty, marked 4, the foot of a ladder to 14"
        );
        assert_eq!(
            label("board.2.7"),
            "row 2, column 7: empty, marked 14, the top of a ladder from 4"
        );
        assert_eq!(
            label("board.2.5"),
            "row 2, column 5: empty, marked 16, the head of a snake to 6"
        );
    }
}
