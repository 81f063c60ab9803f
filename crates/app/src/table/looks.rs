//! What an attribute means, made visible: how a place whose attribute has
//! a value is drawn. The designer's looks (saved in the file's layout) come
//! first; without one, a wall (`wall = yes`) is dark with bricks and a goal
//! (`goal = yes`) has a star.

use crate::editor::places::{place, Place};
use crate::table::geometry::Rect;
use std::fmt::Write;
use tablecraft_engine::model::{Attributes, Game, Look, LookPattern};

/// The fill of a wall when the designer gave it no look.
pub const WALL_COLOUR: &str = "#3d3f4a";

/// The looks every game has unless its designer says otherwise.
pub fn usual_looks() -> Vec<Look> {
    vec![
        Look {
            attribute: "wall".into(),
            value: "yes".into(),
            colour: Some(WALL_COLOUR.into()),
            pattern: Some(LookPattern::Bricks),
        },
        Look {
            attribute: "goal".into(),
            value: "yes".into(),
            colour: None,
            pattern: Some(LookPattern::Star),
        },
    ]
}

/// The look of an attribute's value in `game`: the designer's, else the
/// usual one, if any.
pub fn look_for(game: &Game, attribute: &str, value: &str) -> Option<Look> {
    let fits = |l: &Look| l.attribute == attribute && l.value == value;
    game.layout
        .looks
        .iter()
        .find(|l| fits(l))
        .cloned()
        .or_else(|| usual_looks().into_iter().find(fits))
}

/// Every attribute and value a piece of equipment or its squares have, in
/// order, each once: what a designer can give a look to.
pub fn attribute_values(game: &Game, equipment: &str) -> Vec<(String, String)> {
    let Some(eq) = game.equipment.iter().find(|e| e.name == equipment) else {
        return Vec::new();
    };
    let mut all: Vec<(String, String)> = eq
        .attributes
        .iter()
        .chain(eq.squares.values().flatten())
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    all.sort();
    all.dedup();
    all
}

/// The attributes of a place: a square's own over its board's.
pub fn attributes_of(game: &Game, name: &str) -> Attributes {
    match place(game, name) {
        Some(Place::Equipment(e)) => e.attributes.clone(),
        Some(Place::Square { of, .. } | Place::Point { of, .. }) => {
            let mut all = of.attributes.clone();
            if let Some(own) = of.squares.get(name) {
                all.extend(own.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            all
        }
        None => Attributes::new(),
    }
}

/// How the place called `name` is drawn for its attributes: the first of
/// the designer's looks that fits it, else a usual one; `None` for a place
/// with no attribute that has a look.
pub fn look_of(game: &Game, name: &str) -> Option<Look> {
    let attributes = attributes_of(game, name);
    if attributes.is_empty() {
        return None;
    }
    let fits = |l: &Look| attributes.get(&l.attribute) == Some(&l.value);
    game.layout.looks.iter().find(|l| fits(l)).cloned().or_else(|| {
        // A usual look, unless the designer gave that attribute's value a look of their own.
        usual_looks().into_iter().find(|l| {
            fits(l)
                && !game
                    .layout
                    .looks
                    .iter()
                    .any(|d| d.attribute == l.attribute && d.value == l.value)
        })
    })
}

/// The lines of a pattern drawn over `r`, as SVG path data (empty for a
/// star, which is drawn as a sign): bricks, stripes, dots or a cross.
pub fn pattern_path(r: Rect, pattern: LookPattern) -> String {
    let mut d = String::new();
    let (x0, y0, w, h) = (r.x, r.y, r.width, r.height);
    if w <= 0.0 || h <= 0.0 {
        return d;
    }
    match pattern {
        LookPattern::Bricks => {
            let rows = 4;
            let row_h = h / f64::from(rows);
            for k in 1..rows {
                let y = y0 + row_h * f64::from(k);
                let _ = write!(d, "M{x0:.1} {y:.1}H{:.1}", x0 + w);
            }
            for k in 0..rows {
                let top = y0 + row_h * f64::from(k);
                let shift = if k % 2 == 0 { 1.0 / 3.0 } else { 1.0 / 6.0 };
                let mut at = shift;
                while at < 1.0 {
                    let x = x0 + w * at;
                    let _ = write!(d, "M{x:.1} {top:.1}V{:.1}", top + row_h);
                    at += 1.0 / 3.0;
                }
            }
        }
        LookPattern::Stripes => {
            let gap = w.min(h) / 4.0;
            let mut t = gap;
            while t < w + h {
                // The line x + y = x0 + y0 + t, inside the rectangle.
                let (sx, sy) = if t <= w {
                    (x0 + t, y0)
                } else {
                    (x0 + w, y0 + t - w)
                };
                let (ex, ey) = if t >= h {
                    (x0 + t - h, y0 + h)
                } else {
                    (x0, y0 + t)
                };
                let _ = write!(d, "M{sx:.1} {sy:.1}L{ex:.1} {ey:.1}");
                t += gap;
            }
        }
        LookPattern::Dots => {
            let n = 3;
            let radius = w.min(h) / 14.0;
            for i in 0..n {
                for j in 0..n {
                    let cx = x0 + w * (f64::from(i) + 0.5) / f64::from(n);
                    let cy = y0 + h * (f64::from(j) + 0.5) / f64::from(n);
                    let _ = write!(
                        d,
                        "M{:.1} {cy:.1}a{radius:.1} {radius:.1} 0 1 0 {:.1} 0a{radius:.1} {radius:.1} 0 1 0 {:.1} 0",
                        cx - radius,
                        2.0 * radius,
                        -2.0 * radius
                    );
                }
            }
        }
        LookPattern::Cross => {
            let inset = w.min(h) * 0.2;
            let (l, t, rr, b) = (x0 + inset, y0 + inset, x0 + w - inset, y0 + h - inset);
            let _ = write!(d, "M{l:.1} {t:.1}L{rr:.1} {b:.1}M{rr:.1} {t:.1}L{l:.1} {b:.1}");
        }
        LookPattern::Star => {}
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

    #[test]
    fn walls_look_like_walls_without_being_told() {
        let (maze, _) = open_example("labyrinth");
        let wall = look_of(&maze, "maze.2.1").unwrap();
        assert_eq!(
            (wall.attribute.as_str(), wall.pattern),
            ("wall", Some(LookPattern::Bricks))
        );
        assert_eq!(wall.colour.as_deref(), Some(WALL_COLOUR));
        assert_eq!(
            look_of(&maze, "maze.5.5").unwrap().pattern,
            Some(LookPattern::Star)
        );
        assert_eq!(look_of(&maze, "maze.1.1"), None);
        assert_eq!(look_of(&maze, "nowhere"), None);
    }

    #[test]
    fn a_boards_squares_attributes_can_be_given_looks() {
        let (maze, _) = open_example("labyrinth");
        assert_eq!(
            attribute_values(&maze, "maze"),
            [
                ("goal".to_string(), "yes".to_string()),
                ("wall".to_string(), "yes".to_string())
            ]
        );
        assert!(attribute_values(&maze, "nowhere").is_empty());
    }

    #[test]
    fn patterns_stay_inside_their_place() {
        let r = Rect::new(10.0, 20.0, 100.0, 80.0);
        for p in LookPattern::ALL {
            let d = pattern_path(r, p);
            if p == LookPattern::Star {
                assert!(d.is_empty());
                continue;
            }
            assert!(d.starts_with('M'), "{p:?}: {d}");
            // Every absolute coordinate lies within the rectangle.
            let numbers: Vec<f64> = d
                .split(|c: char| c.is_ascii_alphabetic())
                .filter(|s| !s.is_empty())
                .flat_map(|s| {
                    s.split(' ')
                        .filter_map(|n| n.parse::<f64>().ok())
                        .collect::<Vec<_>>()
                })
                .collect();
            assert!(!numbers.is_empty());
            if matches!(p, LookPattern::Stripes | LookPattern::Cross) {
                for pair in numbers.chunks(2) {
                    assert!(
                        (10.0..=110.0).contains(&pair[0]) && (20.0..=100.0).contains(&pair[1]),
                        "{p:?}: {pair:?}"
                    );
                }
            }
        }
        assert!(pattern_path(Rect::new(0.0, 0.0, 0.0, 5.0), LookPattern::Bricks).is_empty());
    }

    #[test]
    fn the_designers_look_comes_first() {
        let (mut maze, _) = open_example("labyrinth");
        maze.layout.looks.push(Look {
            attribute: "wall".into(),
            value: "yes".into(),
            colour: Some("#8b0000".into()),
            pattern: Some(LookPattern::Stripes),
        });
        let wall = look_of(&maze, "maze.2.1").unwrap();
        assert_eq!(wall.colour.as_deref(), Some("#8b0000"));
        assert_eq!(look_for(&maze, "wall", "yes"), Some(wall));
        assert_eq!(
            look_for(&maze, "goal", "yes").unwrap().pattern,
            Some(LookPattern::Star)
        );
        assert_eq!(look_for(&maze, "lava", "yes"), None);
        // A board's attribute reaches its squares, a square's own wins.
        let board = maze.equipment.iter_mut().find(|e| e.name == "maze").unwrap();
        board.attributes.insert("lava".into(), "yes".into());
        maze.layout.looks.insert(
            0,
            Look {
                attribute: "lava".into(),
                value: "yes".into(),
                colour: Some("#ff4500".into()),
                pattern: None,
            },
        );
        assert_eq!(look_of(&maze, "maze.1.1").unwrap().attribute, "lava");
    }
}
