//! The part of the table worth showing while playing or teaching: every
//! place, trigger and figure with a margin, and room for the names written
//! above places. A game laid out in a corner of a big table is then drawn
//! as large as the screen allows; Design shows the whole table, where new
//! things can go.

use crate::table::geometry::Rect;
use crate::table::scene::{PlaceLook, Scene};

/// The space kept around everything, in table units.
pub const FRAME_MARGIN: f64 = 12.0;
/// The smallest width or height of a frame, so that a table with one
/// square is not drawn as one giant square.
pub const FRAME_MIN: f64 = 240.0;
/// How a place's name is written above it (as the page draws it): its
/// baseline this far above the place, this high, each letter about this
/// wide, starting this far right of the place's left edge.
const LABEL_RISE: f64 = 6.0;
const LABEL_HEIGHT: f64 = 16.0;
const LABEL_LETTER: f64 = 9.5;
const LABEL_INDENT: f64 = 8.0;

/// Whether the page writes this place's name above it.
pub fn labelled(look: PlaceLook) -> bool {
    matches!(
        look,
        PlaceLook::Group | PlaceLook::Basket | PlaceLook::Board | PlaceLook::Track
    )
}

/// Where the name of a place with this rectangle is written.
fn label_rect(place: &Rect, name: &str) -> Rect {
    Rect::new(
        place.x + LABEL_INDENT,
        place.y - LABEL_RISE - LABEL_HEIGHT,
        name.chars().count() as f64 * LABEL_LETTER,
        LABEL_HEIGHT + LABEL_RISE,
    )
}

/// The smallest rectangle around every rectangle given, if any.
fn bounds(rects: impl Iterator<Item = Rect>) -> Option<Rect> {
    rects
        .filter(|r| r.x.is_finite() && r.y.is_finite() && r.width.is_finite() && r.height.is_finite())
        .fold(None, |acc: Option<(f64, f64, f64, f64)>, r| {
            let (l, t, rt, b) = acc.unwrap_or((r.x, r.y, r.x + r.width, r.y + r.height));
            Some((
                l.min(r.x),
                t.min(r.y),
                rt.max(r.x + r.width),
                b.max(r.y + r.height),
            ))
        })
        .map(|(l, t, r, b)| Rect::new(l, t, r - l, b - t))
}

/// Grows `length` about its middle to at least `min`: the new start.
fn widen(start: f64, length: f64, min: f64) -> (f64, f64) {
    if length >= min {
        (start, length)
    } else {
        (start - (min - length) / 2.0, min)
    }
}

/// The rectangle of the table to show: everything on it with a margin,
/// at least [`FRAME_MIN`] each way; the whole table when nothing is on it.
pub fn frame(scene: &Scene) -> Rect {
    let labels = scene
        .places
        .iter()
        .filter(|p| labelled(p.look))
        .map(|p| label_rect(&p.rect, &p.name));
    let all = scene
        .places
        .iter()
        .map(|p| p.rect)
        .chain(labels)
        .chain(scene.triggers.iter().map(|t| t.rect))
        .chain(scene.figures.iter().map(|f| f.rect));
    let Some(b) = bounds(all) else {
        return Rect::new(0.0, 0.0, scene.width.max(1.0), scene.height.max(1.0));
    };
    let (x, width) = widen(b.x - FRAME_MARGIN, b.width + 2.0 * FRAME_MARGIN, FRAME_MIN);
    let (y, height) = widen(b.y - FRAME_MARGIN, b.height + 2.0 * FRAME_MARGIN, FRAME_MIN);
    Rect::new(x, y, width, height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::scene::{Marks, PlaceView, TriggerView};
    use crate::testing::{example_names, open_example};
    use std::collections::HashSet;
    use std::sync::Arc;

    fn place(name: &str, look: PlaceLook, rect: Rect) -> Arc<PlaceView> {
        Arc::new(PlaceView {
            name: name.into(),
            called: name.into(),
            part_of: None,
            rect,
            look,
            attribute_look: None,
            label: None,
            marks: Marks::default(),
        })
    }

    #[test]
    fn a_game_in_a_corner_is_framed_tightly() {
        let scene = Scene {
            width: 960.0,
            height: 640.0,
            places: vec![
                place("heap", PlaceLook::Group, Rect::new(100.0, 100.0, 180.0, 210.0)),
                place("basket", PlaceLook::Basket, Rect::new(300.0, 100.0, 120.0, 120.0)),
            ],
            ..Scene::default()
        };
        let f = frame(&scene);
        // From the heap's left edge to the basket's right edge, with margins.
        assert_eq!(f.x, 100.0 - FRAME_MARGIN);
        assert_eq!(f.width, 320.0 + 2.0 * FRAME_MARGIN);
        // The names written above the places are inside.
        assert!(f.y <= 100.0 - LABEL_RISE - LABEL_HEIGHT - FRAME_MARGIN + 1e-9);
        assert_eq!(f.y + f.height, 310.0 + FRAME_MARGIN);
        // Much smaller than the table: drawn more than twice as large.
        assert!(f.width * 2.0 < scene.width);
    }

    #[test]
    fn every_place_trigger_and_figure_of_every_example_is_inside() {
        for name in example_names() {
            let name = name.as_str();
            let (game, _) = open_example(name);
            let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
            let f = frame(&scene);
            for r in scene
                .places
                .iter()
                .map(|p| p.rect)
                .chain(scene.triggers.iter().map(|t| t.rect))
                .chain(scene.figures.iter().map(|f| f.rect))
            {
                assert!(f.contains_rect(&r), "{name}: {r:?} outside {f:?}");
            }
        }
    }

    #[test]
    fn a_long_name_over_a_narrow_place_is_inside() {
        let scene = Scene {
            width: 960.0,
            height: 640.0,
            places: vec![place(
                "the-basket-for-taken-stones",
                PlaceLook::Basket,
                Rect::new(400.0, 300.0, 60.0, 60.0),
            )],
            ..Scene::default()
        };
        let f = frame(&scene);
        let written = label_rect(&scene.places[0].rect, &scene.places[0].name);
        assert!(f.contains_rect(&written), "{written:?} outside {f:?}");
    }

    #[test]
    fn one_small_square_is_not_drawn_as_a_giant() {
        let scene = Scene {
            width: 960.0,
            height: 640.0,
            places: vec![place("s", PlaceLook::Square, Rect::new(500.0, 500.0, 60.0, 60.0))],
            triggers: vec![TriggerView {
                name: "t".into(),
                rect: Rect::new(500.0, 440.0, 60.0, 50.0),
                text: String::new(),
                visible: true,
                marks: Marks::default(),
            }],
            ..Scene::default()
        };
        let f = frame(&scene);
        assert_eq!((f.width, f.height), (FRAME_MIN, FRAME_MIN));
        assert!(f.contains_rect(&Rect::new(500.0, 440.0, 60.0, 120.0)));
    }

    #[test]
    fn an_empty_table_is_shown_whole_and_nothing_broken_is_framed() {
        let empty = Scene {
            width: 960.0,
            height: 640.0,
            ..Scene::default()
        };
        assert_eq!(frame(&empty), Rect::new(0.0, 0.0, 960.0, 640.0));
        assert_eq!(frame(&Scene::default()), Rect::new(0.0, 0.0, 1.0, 1.0));
        let broken = Scene {
            width: 960.0,
            height: 640.0,
            places: vec![place(
                "s",
                PlaceLook::Square,
                Rect::new(f64::NAN, 0.0, 60.0, 60.0),
            )],
            ..Scene::default()
        };
        assert_eq!(frame(&broken), Rect::new(0.0, 0.0, 960.0, 640.0));
    }
}
