//! The table while teaching: a set-up drawn as a [`Scene`], and what lies
//! under a point of it.

use crate::gesture::Hit;
use crate::table::geometry::{Geometry, Point};
use crate::table::scene::Scene;
use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::learn::Setup;
use tablecraft_engine::model::Game;
use tablecraft_engine::Position;

/// What a hand takes on the teaching table: one figure, or (when the end
/// is set up) everything on a place; and the place it lies on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grab {
    pub figures: Vec<String>,
    pub from: String,
}

impl Grab {
    /// The figure it is shown by (the first one).
    pub fn figure(&self) -> &str {
        self.figures.first().map_or("", String::as_str)
    }
}

/// The position's table as a set-up: every figure that is not on its
/// origin, every changed type, and who is on move.
pub fn setup_of(pos: &Position) -> Setup {
    let rules = pos.rules();
    let state = pos.state();
    let mut setup = Setup::start().on_move(state.to_move());
    for (i, f) in rules.figures.iter().enumerate() {
        let id = i as u16;
        let place = state.place_of(id);
        if place != Some(f.origin) {
            let name = place.map_or(String::new(), |p| rules.place_name(p).to_string());
            setup.moved.insert(f.name.clone(), name);
        }
        if let Some(kind) = rules.types.get(state.kind_of(id) as usize) {
            let start = rules.game.figures.get(i).map(|g| g.kind.as_str());
            if start != Some(kind.as_str()) {
                setup.types.insert(f.name.clone(), kind.clone());
            }
        }
    }
    setup
}

/// Where a figure lies in a set-up of a game.
pub fn place_in(game: &Game, setup: &Setup, figure: &str) -> Option<String> {
    setup.place_of(game, figure)
}

/// The table arranged as `setup` says, for a game being taught: every
/// figure where the set-up puts it (figures in the box are not drawn);
/// `marked` figures and places carry the target mark (what a rule allows),
/// `selected` the selected mark (the figure just shown).
pub fn scene_of(game: &Game, setup: &Setup, marked: &HashSet<String>, selected: &HashSet<String>) -> Scene {
    let mut scene = Scene::design(game, selected, &HashSet::new());
    let place_of = |f: &str| setup.place_of(game, f);
    let geometry = Geometry::with_positions(game, &place_of);
    scene.figures.retain_mut(|f| {
        let (Some(rect), Some(place)) = (geometry.figure_rect(&f.name), place_of(&f.name)) else {
            return false;
        };
        f.rect = rect;
        f.place = place;
        if let Some(kind) = setup.types.get(&f.name) {
            f.kind = kind.clone();
        }
        f.marks.target = marked.contains(&f.name);
        true
    });
    for p in &mut scene.places {
        let target = marked.contains(&p.name);
        if p.marks.target != target {
            Arc::make_mut(p).marks.target = target;
        }
    }
    scene
}

/// The figure drawn at a point (the topmost).
pub fn figure_at(scene: &Scene, at: Point) -> Option<String> {
    scene
        .figures
        .iter()
        .rev()
        .find(|f| f.rect.contains(at))
        .map(|f| f.name.clone())
}

/// The place at a point: the smallest one there (a square before its board).
pub fn place_at(scene: &Scene, at: Point) -> Option<String> {
    scene
        .places
        .iter()
        .filter(|p| p.rect.contains(at))
        .min_by(|a, b| (a.rect.width * a.rect.height).total_cmp(&(b.rect.width * b.rect.height)))
        .map(|p| p.name.clone())
}

/// The figures lying on a place.
pub fn figures_on(scene: &Scene, place: &str) -> Vec<String> {
    scene
        .figures
        .iter()
        .filter(|f| f.place == place)
        .map(|f| f.name.clone())
        .collect()
}

/// The figure `name` taken from where it lies.
pub fn grab_figure(scene: &Scene, name: &str) -> Option<Grab> {
    scene.figures.iter().find(|f| f.name == name).map(|f| Grab {
        figures: vec![f.name.clone()],
        from: f.place.clone(),
    })
}

/// Everything lying on `place`, taken at once (none: nothing).
pub fn grab_place(scene: &Scene, place: &str) -> Option<Grab> {
    let figures = figures_on(scene, place);
    (!figures.is_empty()).then(|| Grab {
        figures,
        from: place.to_string(),
    })
}

/// What lies at `at`: the figure there, or, when `whole_places`, everything
/// on the place there; the place; and whether `held` may go there (any
/// place but the one it lies on).
pub fn hit(scene: &Scene, at: Point, whole_places: bool, held: Option<&Grab>) -> Hit<Grab> {
    let place = place_at(scene, at);
    let thing = match figure_at(scene, at) {
        Some(f) => grab_figure(scene, &f),
        None if whole_places => place.as_deref().and_then(|p| grab_place(scene, p)),
        None => None,
    };
    let target = matches!((held, &place), (Some(h), Some(p)) if *p != h.from);
    Hit { thing, place, target }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::search::games;

    #[test]
    fn the_table_follows_the_set_up_and_is_hit_by_points() {
        let game = games::nim(12);
        let setup = Setup::start().with("m.1", "basket").with("m.2", "");
        let marked = HashSet::from(["m.3".to_string(), "basket".to_string()]);
        let scene = scene_of(&game, &setup, &marked, &HashSet::new());
        assert_eq!(scene.figures.len(), 11, "m.2 is in the box");
        let m1 = scene.figures.iter().find(|f| f.name == "m.1").unwrap();
        assert_eq!(m1.place, "basket");
        let basket = scene.places.iter().find(|p| p.name == "basket").unwrap();
        assert!(basket.marks.target && basket.rect.contains_rect(&m1.rect));
        assert!(
            scene
                .figures
                .iter()
                .find(|f| f.name == "m.3")
                .unwrap()
                .marks
                .target
        );
        assert_eq!(figure_at(&scene, m1.rect.centre()).as_deref(), Some("m.1"));
        assert_eq!(place_at(&scene, m1.rect.centre()).as_deref(), Some("basket"));
        assert_eq!(figures_on(&scene, "basket"), ["m.1"]);
        assert_eq!(figures_on(&scene, "matchgroup").len(), 10);
        let ball = games::ball_puzzle();
        let scene = scene_of(&ball, &Setup::start(), &HashSet::new(), &HashSet::new());
        let s4 = scene.places.iter().find(|p| p.name == "s.4").unwrap();
        assert_eq!(place_at(&scene, s4.rect.centre()).as_deref(), Some("s.4"));
        assert_eq!(place_at(&scene, Point::new(-5.0, -5.0)), None);
    }

    #[test]
    fn a_hit_takes_a_figure_or_a_whole_place_and_aims_anywhere_but_where_it_lies() {
        let game = games::nim(12);
        let scene = scene_of(
            &game,
            &Setup::start().with("m.1", "basket"),
            &HashSet::new(),
            &HashSet::new(),
        );
        let centre = |name: &str| {
            let f = scene.figures.iter().find(|f| f.name == name).map(|f| f.rect);
            f.or_else(|| scene.places.iter().find(|p| p.name == name).map(|p| p.rect))
                .unwrap()
                .centre()
        };
        let m2 = hit(&scene, centre("m.2"), false, None);
        let grab = Grab {
            figures: vec!["m.2".into()],
            from: "matchgroup".into(),
        };
        assert_eq!(m2.thing.as_ref(), Some(&grab));
        assert_eq!(grab.figure(), "m.2");
        assert_eq!(m2.place.as_deref(), Some("matchgroup"));
        assert!(!m2.target, "nothing is held");
        // Holding m.2: the basket is a target, its own group is not.
        assert!(hit(&scene, centre("m.1"), false, Some(&grab)).target);
        assert!(!hit(&scene, centre("m.3"), false, Some(&grab)).target);
        // An empty part of the basket: nothing, or everything on it.
        let corner = scene.places.iter().find(|p| p.name == "basket").unwrap().rect;
        let empty = Point::new(corner.x + 2.0, corner.y + 2.0);
        assert_eq!(hit(&scene, empty, false, None).thing, None);
        assert_eq!(
            hit(&scene, empty, true, None).thing,
            Some(Grab {
                figures: vec!["m.1".into()],
                from: "basket".into()
            })
        );
        assert_eq!(grab_place(&scene, "nowhere"), None);
        assert_eq!(
            hit(&scene, Point::new(-9.0, -9.0), true, Some(&grab)),
            Hit::default()
        );
    }
}
