//! Teaching by showing, the parts that need no web page: the table as a
//! set-up, recording the steps of a move with a [`Position`], and the
//! game that lets any step rule follow any other while a move is shown.

use crate::table::scene::Scene;
use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::learn::Setup;
use tablecraft_engine::model::{Game, MoveRule};
use tablecraft_engine::position::Action;
use tablecraft_engine::{Position, Rules};

use crate::table::geometry::{Geometry, Point};

/// The game as it is played while a move is being shown: the same step
/// rules, no game-over conditions, and one move of any number of steps of
/// any rule, so several steps can be played in a row by one player.
pub fn recording_game(game: &Game) -> Game {
    let mut g = game.clone();
    g.game_over.clear();
    g.settings.heuristic = None;
    let names: Vec<&str> = g.steps.iter().map(|s| s.name.as_str()).collect();
    g.moves = if names.is_empty() {
        Vec::new()
    } else {
        let one = names
            .iter()
            .map(|n| format!("{n} x0-1"))
            .collect::<Vec<_>>()
            .join(" ");
        vec![MoveRule {
            name: "shown".into(),
            sequence: format!("({one}) x1-"),
        }]
    };
    g
}

/// A position for showing a move, or the first problem of the game in words.
///
/// # Errors
/// When the game has no step rules or its rules have problems.
pub fn recording_position(game: &Game) -> Result<Position, String> {
    if game.steps.is_empty() {
        return Err("Teach a step first: a move is made of steps.".into());
    }
    let rules = Rules::compile(&recording_game(game)).map_err(|p| {
        let first = p.first().map_or(String::new(), |p| p.message.clone());
        format!("Fix the rules first: {first}.")
    })?;
    Ok(Position::new(Arc::new(rules)))
}

/// A position for playing the game as it is now.
///
/// # Errors
/// The first problem of the rules, in words.
pub fn play_position(game: &Game) -> Result<Position, String> {
    let rules = Rules::compile(game).map_err(|p| {
        let first = p.first().map_or(String::new(), |p| p.to_string());
        format!("Fix the rules first: {first}")
    })?;
    Ok(Position::new(Arc::new(rules)))
}

/// The names of the step rules of the steps played so far, in order.
pub fn played_steps(pos: &Position) -> Vec<String> {
    let rules = pos.rules();
    pos.history()
        .iter()
        .filter_map(|e| match &e.action {
            Action::Step(s) => rules.steps.get(s.rule as usize).map(|r| r.name.clone()),
            _ => None,
        })
        .collect()
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
        p.marks.target = marked.contains(&p.name);
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

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::learn::{record_move, Repeat};
    use tablecraft_engine::search::games;

    fn play(pos: &mut Position, figure: &str, to: &str) {
        let r = Arc::clone(pos.rules());
        pos.play(r.figure_id(figure).unwrap(), r.place_id(to).unwrap())
            .unwrap();
    }

    #[test]
    fn three_takes_in_a_row_make_take_one_to_three_times() {
        let mut game = games::nim(12);
        game.moves.clear();
        game.game_over.clear();
        let mut pos = recording_position(&game).unwrap();
        for m in ["m.1", "m.2", "m.3"] {
            play(&mut pos, m, "basket");
            assert_eq!(pos.to_move(), 1, "the same player goes on");
        }
        let steps = played_steps(&pos);
        assert_eq!(steps, ["take", "take", "take"]);
        let rec = record_move(&game, &steps).unwrap();
        assert_eq!(rec.sequence(), "take x1-3");
        assert_eq!(rec.parts[0].repeat, Repeat::UpTo(3));
        let setup = setup_of(&pos);
        assert_eq!(setup.moved.len(), 3);
        assert_eq!(setup.moved["m.2"], "basket");
        assert_eq!(place_in(&game, &setup, "m.3").as_deref(), Some("basket"));
        assert_eq!(place_in(&game, &setup, "m.4").as_deref(), Some("matchgroup"));
    }

    #[test]
    fn a_step_no_rule_allows_is_refused() {
        let mut game = games::ball_puzzle();
        game.moves.clear();
        let mut pos = recording_position(&game).unwrap();
        let r = Arc::clone(pos.rules());
        assert!(pos
            .play(r.figure_id("b").unwrap(), r.place_id("s.5").unwrap())
            .is_err());
        play(&mut pos, "b", "s.2");
        play(&mut pos, "b", "s.4");
        assert_eq!(played_steps(&pos), ["normal-step", "go-forward"]);
    }

    #[test]
    fn no_steps_no_recording_and_problems_in_words() {
        let mut game = games::nim(12);
        game.steps.clear();
        assert!(recording_position(&game).unwrap_err().contains("step"));
        let mut bad = games::nim(12);
        bad.game_over[0].when = vec!["empty(".into()];
        assert!(play_position(&bad)
            .unwrap_err()
            .starts_with("Fix the rules first"));
        assert!(play_position(&games::nim(12)).is_ok());
    }

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
}
