//! What the table shows: every place, figure and trigger with its rectangle
//! and its marks (selected, a legal target, a problem, the winning line).
//!
//! A scene is built from a game (design) or from a game and a position
//! (play); the web page only draws it. It is plain data, tested natively.

use crate::table::cards::corner;
use crate::table::geometry::{Geometry, PlaceKind, PlaceShape, Point, Rect};
use crate::table::links::{links, LinkView};
use crate::table::looks::{attributes_of, look_of};
use crate::wording::names::numbered;
use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_engine::model::{EquipmentKind, Game, Look, LookPattern};
use tablecraft_engine::{Position, Status};

/// How a place is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceLook {
    Square,
    Group,
    Basket,
    /// The frame of a board or track; its squares are drawn as cells.
    Board,
    Track,
    /// A square of a board or track; `dark` for the checker pattern.
    Cell {
        dark: bool,
    },
    /// The frame of a points board; its points and lines are drawn on it.
    Points,
    /// A point of a points board, drawn as a circle.
    Point,
}

/// Marks on a place or figure.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Marks {
    pub selected: bool,
    /// The held figure may go here.
    pub target: bool,
    /// The element has a problem.
    pub problem: bool,
    /// Part of the winning line.
    pub winning: bool,
    /// Part of the move a hint suggests.
    pub hint: bool,
}

/// A place as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceView {
    pub name: String,
    /// What a screen reader calls it: "row 2, column 3", "square 4 of
    /// track", "point a1", or the name of a piece of equipment.
    pub called: String,
    /// The board, track or board of points it is a square or point of.
    pub part_of: Option<String>,
    pub rect: Rect,
    pub look: PlaceLook,
    /// How its attributes make it look (a wall dark with bricks), if they do.
    pub attribute_look: Option<AttributeLook>,
    /// What is written small in its corner: the value of the attribute the
    /// layout asks its board (or the place itself) to show, like a square's
    /// number.
    pub label: Option<String>,
    pub marks: Marks,
}

/// How a place is drawn for one of its attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeLook {
    /// The attribute and its value, e.g. `wall` and `yes`.
    pub attribute: String,
    pub value: String,
    /// The fill, if the look has one.
    pub colour: Option<String>,
    pub pattern: Option<LookPattern>,
    /// Whether lines drawn over the fill should be light (on a dark fill).
    pub light_lines: bool,
}

impl AttributeLook {
    fn of(look: Look) -> AttributeLook {
        let dark = look
            .colour
            .as_deref()
            .and_then(crate::access::colour::parse)
            .is_some_and(|rgb| crate::access::colour::luminance(rgb) < 0.2);
        AttributeLook {
            attribute: look.attribute,
            value: look.value,
            colour: look.colour,
            pattern: look.pattern,
            light_lines: dark,
        }
    }

    /// What a screen reader adds to the place's name: "a wall", "lava
    /// hot".
    pub fn words(&self) -> String {
        let attribute = self.attribute.replace(['-', '_'], " ");
        if self.value == "yes" {
            crate::wording::names::article(&attribute)
        } else {
            format!("{attribute} {}", self.value)
        }
    }
}

/// A figure as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureView {
    pub name: String,
    /// Its type now (a stone may have become a crown).
    pub kind: String,
    pub colour: String,
    pub owner: u8,
    pub rect: Rect,
    /// Where it lies.
    pub place: String,
    pub marks: Marks,
    /// The corner of a card ("7♥"), when it is one and can be seen.
    pub corner: Option<String>,
    /// Only its back can be seen (face down, or in a hand that is not
    /// the viewer's): drawn as a card's back, with no name or type.
    pub back: bool,
    /// It lies so nearly under others that none of it shows (deep in a
    /// huge deck): it is counted and described but need not be drawn.
    pub covered: bool,
}

/// The colour of a card's back.
const BACK_COLOUR: &str = "#2f5d9e";

/// The type a figure nobody may see is drawn as.
pub const BACK: &str = "back";

/// A trigger as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct TriggerView {
    pub name: String,
    pub rect: Rect,
    /// `name: value`.
    pub text: String,
    pub visible: bool,
    pub marks: Marks,
}

/// Everything the table shows.
#[derive(Debug, Clone, Default)]
pub struct Scene {
    pub width: f64,
    pub height: f64,
    pub places: Vec<Arc<PlaceView>>,
    /// The lines of points boards, as pieces from one point to the next,
    /// drawn over the boards and under their points.
    pub lines: Vec<(Point, Point)>,
    /// Pictures between two places (ladders, snakes, arrows), drawn over
    /// the places and under the figures.
    pub links: Vec<LinkView>,
    pub figures: Vec<FigureView>,
    pub triggers: Vec<TriggerView>,
}

/// Whether two places are drawn alike, looked for first by where they are
/// kept: the scenes of one game in play share the places whose marks have
/// not changed, so comparing two scenes of a big board reads no square's
/// words.
pub fn same_place(a: &Arc<PlaceView>, b: &Arc<PlaceView>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// Field by field, places by [`same_place`].
impl PartialEq for Scene {
    fn eq(&self, other: &Self) -> bool {
        // Taken apart, so that a field added to the scene is not left out.
        let Scene {
            width,
            height,
            places,
            lines,
            links,
            figures,
            triggers,
        } = self;
        *width == other.width
            && *height == other.height
            && places.len() == other.places.len()
            && places.iter().zip(&other.places).all(|(a, b)| same_place(a, b))
            && *lines == other.lines
            && *links == other.links
            && *figures == other.figures
            && *triggers == other.triggers
    }
}

/// The colour a figure is drawn in: its own, or its player's.
pub fn figure_colour(colour: Option<&str>, owner: u8) -> String {
    match colour {
        Some(c) if !c.trim().is_empty() => c.to_string(),
        _ => player_colour(owner).into(),
    }
}

/// A player's colour: player 1 white, 2 black, 3 green, 4 blue; red for a
/// figure of nobody.
pub fn player_colour(player: u8) -> &'static str {
    match player {
        1 => "#f4f1e8",
        2 => "#2b2b33",
        3 => "#2e7d32",
        4 => "#1f5fa0",
        _ => "#c0392b",
    }
}

fn look(kind: &PlaceKind) -> PlaceLook {
    match kind {
        PlaceKind::Equipment(EquipmentKind::Square) => PlaceLook::Square,
        PlaceKind::Equipment(EquipmentKind::Group) => PlaceLook::Group,
        PlaceKind::Equipment(EquipmentKind::Basket) => PlaceLook::Basket,
        PlaceKind::Equipment(EquipmentKind::Board { .. }) => PlaceLook::Board,
        PlaceKind::Equipment(EquipmentKind::Track { .. }) => PlaceLook::Track,
        PlaceKind::Equipment(EquipmentKind::Points) => PlaceLook::Points,
        PlaceKind::Point => PlaceLook::Point,
        PlaceKind::BoardSquare { row, column } => PlaceLook::Cell {
            dark: (row + column) % 2 == 0,
        },
        PlaceKind::TrackSquare { index } => PlaceLook::Cell { dark: index % 2 == 0 },
    }
}

/// What a screen reader calls a place: a square of a board by its row and
/// column (and its board's name when there are several boards), a square of
/// a track by its number, a point by its own name.
fn called(shape: &PlaceShape, boards: usize) -> String {
    let parent = shape.parent.as_deref().unwrap_or("");
    match shape.kind {
        PlaceKind::BoardSquare { row, column } if boards > 1 => {
            format!("row {row}, column {column} of {parent}")
        }
        PlaceKind::BoardSquare { row, column } => format!("row {row}, column {column}"),
        PlaceKind::TrackSquare { index } => format!("square {index} of {parent}"),
        PlaceKind::Point => {
            let point = shape.name.strip_prefix(parent).and_then(|p| p.strip_prefix('.'));
            format!("point {}", point.unwrap_or(&shape.name))
        }
        PlaceKind::Equipment(_) => caption(&shape.name),
    }
}

/// A piece of equipment's name as a child writes it on the table: a
/// numbered name loses its dot ("hand.3" is "hand 3", as the words about
/// the table say it); others stay as named.
fn caption(name: &str) -> String {
    match numbered(name) {
        Some((stem, n)) => format!("{stem} {n}"),
        None => name.to_string(),
    }
}

/// The value a place shows in its corner: of the attribute named by the
/// `label` of its board's placement (or of its own).
fn label(game: &Game, shape: &PlaceShape) -> Option<String> {
    let owner = shape.parent.as_deref().unwrap_or(&shape.name);
    let attribute = game.layout.items.get(owner)?.label.as_deref()?;
    attributes_of(game, &shape.name)
        .get(attribute)
        .filter(|v| !v.trim().is_empty())
        .cloned()
}

fn places(game: &Game, geometry: &Geometry, marks: &dyn Fn(&str) -> Marks) -> Vec<Arc<PlaceView>> {
    let boards = geometry
        .places()
        .iter()
        .filter(|p| matches!(p.kind, PlaceKind::Equipment(EquipmentKind::Board { .. })))
        .count();
    // Only a place of equipment with attributes (its own or its squares')
    // can have a look: on a big board with none, each square's name is not
    // looked up again at every move.
    let with_attributes: HashSet<&str> = game
        .equipment
        .iter()
        .filter(|e| !e.attributes.is_empty() || !e.squares.is_empty())
        .map(|e| e.name.as_str())
        .collect();
    geometry
        .places()
        .iter()
        .map(|shape| PlaceView {
            called: called(shape, boards),
            part_of: shape.parent.clone(),
            name: shape.name.clone(),
            rect: shape.rect,
            look: look(&shape.kind),
            attribute_look: with_attributes
                .contains(shape.parent.as_deref().unwrap_or(&shape.name))
                .then(|| look_of(game, &shape.name).map(AttributeLook::of))
                .flatten(),
            label: label(game, shape),
            marks: marks(&shape.name),
        })
        .map(Arc::new)
        .collect()
}

/// The table of a game in play without its figures: where each place is
/// drawn and how, worked out once for the game and shared by the scene of
/// each of its positions ([`Scene::play_on`]), so that a move does not lay
/// out and name again every square of a big board.
#[derive(Debug, Clone, Default)]
pub struct Backdrop {
    geometry: Geometry,
    /// Each place unmarked.
    places: Vec<Arc<PlaceView>>,
    links: Vec<LinkView>,
}

impl Backdrop {
    /// `game`'s table without its figures.
    pub fn of(game: &Game) -> Self {
        let geometry = Geometry::with_positions(game, &|_| None);
        Backdrop {
            places: places(game, &geometry, &|_| Marks::default()),
            links: links(game, &geometry),
            geometry,
        }
    }
}

impl Scene {
    /// The table as designed: every figure on its origin.
    pub fn design(game: &Game, selected: &HashSet<String>, problems: &HashSet<String>) -> Scene {
        let geometry = Geometry::new(game);
        let mark = |name: &str| Marks {
            selected: selected.contains(name),
            problem: problems.contains(name),
            ..Marks::default()
        };
        let figures = game
            .figures
            .iter()
            .filter_map(|f| {
                Some(FigureView {
                    name: f.name.clone(),
                    kind: f.kind.clone(),
                    colour: figure_colour(f.colour.as_deref(), f.owner.unwrap_or(0)),
                    owner: f.owner.unwrap_or(0),
                    rect: geometry.figure_rect(&f.name)?,
                    place: f.origin.clone(),
                    marks: mark(&f.name),
                    corner: corner(&f.attributes),
                    back: false,
                    covered: geometry.is_covered(&f.name),
                })
            })
            .collect();
        let triggers = game
            .triggers
            .iter()
            .filter_map(|t| {
                Some(TriggerView {
                    name: t.name.clone(),
                    rect: geometry.trigger_rect(&t.name)?,
                    text: format!("{}: {}", t.name, trigger_text(&t.value)),
                    visible: t.visible,
                    marks: mark(&t.name),
                })
            })
            .collect();
        let (width, height) = geometry.table_size();
        Scene {
            width,
            height,
            places: places(game, &geometry, &mark),
            lines: geometry.segments().to_vec(),
            links: links(game, &geometry),
            figures,
            triggers,
        }
    }

    /// The table in play: figures where the position has them; `targets`
    /// are the places the held figure may go to, `held` the held figure.
    /// Everyone sees every figure: see [`Scene::play_for`].
    pub fn play(game: &Game, pos: &Position, targets: &HashSet<String>, held: Option<&str>) -> Scene {
        Scene::play_for(game, pos, targets, held, 0)
    }

    /// The table in play as player `viewer` sees it (0: what everyone
    /// sees): a figure they cannot see shows only its back.
    pub fn play_for(
        game: &Game,
        pos: &Position,
        targets: &HashSet<String>,
        held: Option<&str>,
        viewer: u8,
    ) -> Scene {
        Scene::play_on(&Backdrop::of(game), game, pos, targets, held, viewer)
    }

    /// [`Scene::play_for`] on the places of `backdrop`, the game's
    /// [`Backdrop`]: only the figures are laid out, and a place whose
    /// marks are as they were is the backdrop's own, not a copy.
    pub fn play_on(
        backdrop: &Backdrop,
        game: &Game,
        pos: &Position,
        targets: &HashSet<String>,
        held: Option<&str>,
        viewer: u8,
    ) -> Scene {
        let rules = pos.rules();
        let state = pos.state();
        let place_of = |figure: &str| {
            let f = rules.figure_id(figure)?;
            state.place_of(f).map(|p| rules.place_name(p).to_string())
        };
        let height_of = |figure: &str| {
            rules
                .figure_id(figure)
                .and_then(|f| {
                    let on = state.on(state.place_of(f)?);
                    on.iter().position(|&g| g == f)
                })
                .unwrap_or(0)
        };
        let geometry = backdrop.geometry.with_figures(game, &place_of, &height_of);
        let winning: HashSet<&str> = match pos.status() {
            Status::Over { line, .. } => line.iter().map(|&p| rules.place_name(p)).collect(),
            Status::Playing => HashSet::new(),
        };
        let mark = |name: &str| Marks {
            target: !targets.is_empty() && targets.contains(name),
            winning: !winning.is_empty() && winning.contains(name),
            selected: held == Some(name),
            ..Marks::default()
        };
        let figures = rules
            .figures
            .iter()
            .enumerate()
            .filter_map(|(i, f)| {
                let id = i as u16;
                let place = state.place_of(id)?;
                // A figure that changed hands is drawn in its new owner's colour.
                let owner = state.owner_of(id);
                let colour = if owner == f.owner {
                    figure_colour(Some(&f.colour), f.owner)
                } else {
                    figure_colour(None, owner)
                };
                let back = !pos.sees(viewer, id);
                let (kind, colour, corner) = if back {
                    (BACK.to_string(), BACK_COLOUR.to_string(), None)
                } else {
                    let attributes = game
                        .figures
                        .get(i)
                        .filter(|g| g.name == f.name)
                        .or_else(|| game.figures.iter().find(|g| g.name == f.name))
                        .map(|g| &g.attributes);
                    (
                        rules.types[state.kind_of(id) as usize].clone(),
                        colour,
                        attributes.and_then(corner),
                    )
                };
                Some(FigureView {
                    name: f.name.clone(),
                    kind,
                    colour,
                    owner,
                    rect: geometry.figure_rect(&f.name)?,
                    place: rules.place_name(place).to_string(),
                    marks: mark(&f.name),
                    corner,
                    back,
                    covered: geometry.is_covered(&f.name),
                })
            })
            .collect::<Vec<FigureView>>();
        // Drawn from the bottom up: the top of a pile is drawn last, on top.
        let mut figures = figures;
        figures.sort_by_key(|f| height_of(&f.name));
        let triggers = rules
            .triggers
            .iter()
            .enumerate()
            .filter(|(_, t)| t.visible)
            .filter_map(|(i, t)| {
                Some(TriggerView {
                    name: t.name.clone(),
                    rect: geometry.trigger_rect(&t.name)?,
                    text: format!("{}: {}", t.name, state.trigger(i as u16)?),
                    visible: true,
                    marks: Marks::default(),
                })
            })
            .collect();
        let (width, height) = geometry.table_size();
        Scene {
            width,
            height,
            places: backdrop
                .places
                .iter()
                .map(|p| {
                    let marks = mark(&p.name);
                    if marks == p.marks {
                        Arc::clone(p)
                    } else {
                        Arc::new(PlaceView {
                            marks,
                            ..PlaceView::clone(p)
                        })
                    }
                })
                .collect(),
            lines: geometry.segments().to_vec(),
            links: backdrop.links.clone(),
            figures,
            triggers,
        }
    }
}

fn trigger_text(v: &tablecraft_engine::model::TriggerValue) -> String {
    use tablecraft_engine::model::TriggerValue;
    match v {
        TriggerValue::Number(n) => n.to_string(),
        TriggerValue::YesNo(true) => "yes".into(),
        TriggerValue::YesNo(false) => "no".into(),
        TriggerValue::Text(t) => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{example_names, open_example};
    use std::sync::Arc;

    #[test]
    fn design_scene_draws_every_figure_inside_its_origin() {
        let (game, _) = open_example("nim12");
        let scene = Scene::design(&game, &HashSet::from(["m.3".to_string()]), &HashSet::new());
        assert_eq!(scene.figures.len(), 12);
        let group = scene.places.iter().find(|p| p.name == "matchgroup").unwrap();
        assert_eq!(group.look, PlaceLook::Group);
        for f in &scene.figures {
            assert!(group.rect.contains_rect(&f.rect), "{} outside the group", f.name);
        }
        assert!(
            scene
                .figures
                .iter()
                .find(|f| f.name == "m.3")
                .unwrap()
                .marks
                .selected
        );
    }

    #[test]
    fn play_scene_follows_the_position_and_marks_targets() {
        let (game, rules) = open_example("nim12");
        let mut pos = Position::new(Arc::new(rules));
        let r = Arc::clone(pos.rules());
        pos.play(r.figure_id("m.1").unwrap(), r.place_id("basket").unwrap())
            .unwrap();
        let targets = HashSet::from(["basket".to_string()]);
        let scene = Scene::play(&game, &pos, &targets, Some("m.2"));
        let m1 = scene.figures.iter().find(|f| f.name == "m.1").unwrap();
        assert_eq!(m1.place, "basket");
        assert!(
            scene
                .places
                .iter()
                .find(|p| p.name == "basket")
                .unwrap()
                .marks
                .target
        );
        assert!(
            scene
                .figures
                .iter()
                .find(|f| f.name == "m.2")
                .unwrap()
                .marks
                .selected
        );
    }

    #[test]
    fn scenes_on_one_backdrop_are_as_if_laid_out_anew_and_share_their_unmarked_places() {
        for name in example_names() {
            let (game, rules) = open_example(&name);
            let backdrop = Backdrop::of(&game);
            let mut pos = Position::new(Arc::new(rules));
            for turn in 0..12 {
                let steps = pos.legal_steps();
                let rules = Arc::clone(pos.rules());
                // The first step's figure as if held, its places marked.
                let held = steps.first().map(|s| s.figure);
                let targets: HashSet<String> = steps
                    .iter()
                    .filter(|s| Some(s.figure) == held)
                    .map(|s| rules.place_name(s.to).to_string())
                    .collect();
                let held = held.map(|f| rules.figures[f as usize].name.as_str());
                for viewer in 0..=1 {
                    let shared = Scene::play_on(&backdrop, &game, &pos, &targets, held, viewer);
                    let anew = Scene::play_on(&Backdrop::of(&game), &game, &pos, &targets, held, viewer);
                    assert_eq!(shared, anew, "{name}, action {turn}");
                    assert_eq!(shared.places.len(), backdrop.places.len());
                    for (p, unmarked) in shared.places.iter().zip(&backdrop.places) {
                        assert_eq!(
                            p.marks == Marks::default(),
                            Arc::ptr_eq(p, unmarked),
                            "{name}: {}",
                            p.name
                        );
                    }
                }
                let done = match steps.get(turn % steps.len().max(1)) {
                    Some(&step) => pos.play_step(step).is_err(),
                    None => pos.end_move().is_err(),
                };
                if done {
                    break;
                }
            }
        }
    }

    #[test]
    fn the_winning_line_and_walls_are_marked() {
        let (game, rules) = open_example("tic-tac-toe");
        let mut pos = Position::new(Arc::new(rules));
        let r = Arc::clone(pos.rules());
        for (f, p) in [
            ("x.1", "grid.1.1"),
            ("o.1", "grid.2.1"),
            ("x.2", "grid.1.2"),
            ("o.2", "grid.2.2"),
            ("x.3", "grid.1.3"),
        ] {
            pos.play(r.figure_id(f).unwrap(), r.place_id(p).unwrap()).unwrap();
        }
        let scene = Scene::play(&game, &pos, &HashSet::new(), None);
        let winning: Vec<&str> = scene
            .places
            .iter()
            .filter(|p| p.marks.winning)
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(winning, vec!["grid.1.1", "grid.1.2", "grid.1.3"]);

        let (maze, _) = open_example("labyrinth");
        let scene = Scene::design(&maze, &HashSet::new(), &HashSet::new());
        let wall = scene.places.iter().find(|p| p.name == "maze.2.1").unwrap();
        let look = wall.attribute_look.as_ref().unwrap();
        assert_eq!(look.pattern, Some(LookPattern::Bricks));
        assert!(look.light_lines, "bricks on a dark wall are drawn light");
        assert_eq!(look.words(), "a wall");
        let goal = scene.places.iter().find(|p| p.name == "maze.5.5").unwrap();
        assert_eq!(
            goal.attribute_look.as_ref().unwrap().pattern,
            Some(LookPattern::Star)
        );
        let floor = scene.places.iter().find(|p| p.name == "maze.1.1").unwrap();
        assert_eq!(floor.attribute_look, None);
    }

    #[test]
    fn each_square_shows_the_attribute_its_board_is_labelled_with() {
        let (game, _) = open_example("snakes-and-ladders");
        let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
        let label = |name: &str| {
            scene
                .places
                .iter()
                .find(|p| p.name == name)
                .unwrap()
                .label
                .clone()
        };
        assert_eq!(label("board.1.1").as_deref(), Some("1"));
        assert_eq!(label("board.1.10").as_deref(), Some("10"));
        assert_eq!(label("board.2.10").as_deref(), Some("11"));
        assert_eq!(label("board.10.1").as_deref(), Some("100"));
        assert_eq!(label("board"), None, "the board itself has no n");
        // Square 1 is drawn at the bottom left, square 100 at the top left.
        let rect = |name: &str| scene.places.iter().find(|p| p.name == name).unwrap().rect;
        let board = rect("board");
        assert_eq!(rect("board.1.1").x, board.x);
        assert!((rect("board.1.1").y + rect("board.1.1").height - board.y - board.height).abs() < 1e-9);
        assert_eq!(rect("board.10.1").y, board.y);
        // Without a label in the layout, nothing is written.
        let (maze, _) = open_example("labyrinth");
        let scene = Scene::design(&maze, &HashSet::new(), &HashSet::new());
        assert!(scene.places.iter().all(|p| p.label.is_none()));
    }

    #[test]
    fn a_numbered_place_is_called_as_a_child_writes_it() {
        let (game, _) = open_example("crazy-eights");
        let scene = Scene::design(&game, &HashSet::new(), &HashSet::new());
        let called = |name: &str| {
            scene
                .places
                .iter()
                .find(|p| p.name == name)
                .unwrap()
                .called
                .clone()
        };
        assert_eq!(called("hand.2"), "hand 2");
        assert_eq!(called("deck"), "deck");
        assert_eq!(caption("a.b"), "a.b");
        assert_eq!(caption(".7"), ".7");
        assert_eq!(caption("pile."), "pile.");
    }

    #[test]
    fn each_player_sees_their_own_hand_and_the_backs_of_the_others() {
        let (game, rules) = open_example("crazy-eights");
        let mut pos = Position::new(Arc::new(rules));
        let r = Arc::clone(pos.rules());
        let deck = r.place_id("deck").unwrap();
        let top = *pos.state().on(deck).last().unwrap();
        pos.play(top, r.place_id("pile").unwrap()).unwrap();
        let none = HashSet::new();
        let on = |scene: &Scene, place: &str| -> Vec<FigureView> {
            scene
                .figures
                .iter()
                .filter(|f| f.place == place)
                .cloned()
                .collect()
        };
        for viewer in [1u8, 2] {
            let scene = Scene::play_for(&game, &pos, &none, None, viewer);
            let mine = on(&scene, &format!("hand.{viewer}"));
            let theirs = on(&scene, &format!("hand.{}", 3 - viewer));
            assert_eq!((mine.len(), theirs.len()), (7, 7), "seven cards dealt to each");
            assert!(mine
                .iter()
                .all(|f| !f.back && f.kind == "card" && f.corner.is_some()));
            assert!(theirs
                .iter()
                .all(|f| f.back && f.kind == BACK && f.corner.is_none() && f.colour == BACK_COLOUR));
            assert!(
                on(&scene, "deck").iter().all(|f| f.back),
                "the deck shows to nobody"
            );
            assert!(
                on(&scene, "pile").iter().all(|f| !f.back),
                "the pile shows to everyone"
            );
        }
        let everyone = Scene::play(&game, &pos, &none, None);
        // The deck is drawn from the bottom up: its top card last, on top,
        // where a press on the pile finds it.
        let deck_top = r.figure_name(*pos.state().on(deck).last().unwrap());
        let drawn = on(&everyone, "deck");
        assert_eq!(drawn.last().unwrap().name, deck_top);
        let at = drawn.last().unwrap().rect.centre();
        let hit = crate::playing::gesture::hit_at(&everyone, at, &|_| false);
        assert!(format!("{hit:?}").contains(deck_top), "{hit:?}");
        assert!(everyone
            .figures
            .iter()
            .filter(|f| f.place.starts_with("hand."))
            .all(|f| f.back));
    }
}
