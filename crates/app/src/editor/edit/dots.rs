//! Drawing a board of dots and lines: adding, moving and removing dots,
//! joining two dots with a line, taking a line away. Positions are kept as
//! parts of 1,000 across and down the board (as `<point x y>` has them).

use super::EditError;
use crate::editor::places::{element, point_name, Element};
use crate::table::geometry::spots;
use tablecraft_engine::file::{MAX_LINES, MAX_LINE_POINTS, MAX_POINTS};
use tablecraft_engine::model::{Equipment, EquipmentKind, Game, Point};

/// A change to the dots and lines of a board of dots. Positions are parts
/// of 1 across and down the box the board's dots take.
#[derive(Debug, Clone, PartialEq)]
pub enum DotChange {
    /// See [`add_dot`].
    Add { x: f64, y: f64 },
    /// See [`move_dot`].
    Move { dot: String, x: f64, y: f64 },
    /// See [`join_dots`].
    Join { a: String, b: String },
    /// See [`remove_dot`].
    Remove { dot: String },
    /// See [`remove_line`]: the line's number, from 1.
    RemoveLine(usize),
}

impl DotChange {
    /// Makes the change on `board` of `game`.
    pub fn apply(&self, game: &Game, board: &str) -> Result<Game, EditError> {
        match self {
            DotChange::Add { x, y } => add_dot(game, board, *x, *y).map(|(g, _)| g),
            DotChange::Move { dot, x, y } => move_dot(game, board, dot, *x, *y),
            DotChange::Join { a, b } => join_dots(game, board, a, b),
            DotChange::Remove { dot } => remove_dot(game, board, dot),
            DotChange::RemoveLine(line) => remove_line(game, board, *line),
        }
    }

    /// What the undo button calls it.
    pub fn label(&self) -> String {
        match self {
            DotChange::Add { .. } => "add a dot".into(),
            DotChange::Move { dot, .. } => format!("move dot {dot}"),
            DotChange::Join { a, b } => format!("join dots {a} and {b}"),
            DotChange::Remove { dot } => format!("take away dot {dot}"),
            DotChange::RemoveLine(_) => "take away a line".into(),
        }
    }
}

/// The dots and lines of a new board of dots: three rows of three, each row
/// and each column a line.
pub fn new_dots(eq: &mut Equipment) {
    let columns = ["a", "b", "c"].map(|c| (1..=3).map(|r| format!("{c}{r}")).collect::<Vec<_>>());
    let rows = (0..3).map(|r| columns.iter().map(|column| column[r].clone()).collect());
    eq.lines = rows.chain(columns.iter().cloned()).collect();
}

/// The board of dots called `board`, to change in `g`.
fn board_mut<'g>(g: &'g mut Game, board: &str) -> Result<&'g mut Equipment, EditError> {
    match element(g, board) {
        Some(Element::Equipment(e)) if e.kind == EquipmentKind::Points => {}
        Some(_) => return Err(EditError::refused(format!("{board} is not a board of dots."))),
        None => return Err(EditError::NotFound(board.to_string())),
    }
    g.equipment
        .iter_mut()
        .find(|e| e.name == board)
        .ok_or_else(|| EditError::NotFound(board.to_string()))
}

/// Whether `dot` is one of the board's dots.
fn has_dot(eq: &Equipment, dot: &str) -> bool {
    eq.all_points().contains(&dot)
}

/// Gives every dot the position it is drawn at now, so that adding or
/// moving one never makes the others jump.
fn pin_all(eq: &mut Equipment) {
    let pinned: Vec<Point> = spots(eq)
        .into_iter()
        .map(|(name, x, y)| Point {
            name: name.to_string(),
            x: Some(thousandths(x)),
            y: Some(thousandths(y)),
        })
        .collect();
    eq.points = pinned;
}

fn thousandths(part: f64) -> u16 {
    if part.is_finite() {
        (part * 1000.0).round().clamp(0.0, 1000.0) as u16
    } else {
        500
    }
}

/// Adds a dot to `board` at (`x`, `y`) (parts of 1 across and down the
/// board's drawing box); returns the new game and the dot's name (`1`, `2` …,
/// the first number not yet a dot).
pub fn add_dot(game: &Game, board: &str, x: f64, y: f64) -> Result<(Game, String), EditError> {
    let mut g = game.clone();
    let eq = board_mut(&mut g, board)?;
    if eq.all_points().len() >= MAX_POINTS {
        return Err(EditError::TooMany(format!(
            "A board of dots can have at most {MAX_POINTS} dots."
        )));
    }
    let name = (1..)
        .map(|n: u32| n.to_string())
        .find(|n| !has_dot(eq, n))
        .unwrap_or_default();
    pin_all(eq);
    eq.points.push(Point {
        name: name.clone(),
        x: Some(thousandths(x)),
        y: Some(thousandths(y)),
    });
    Ok((g, name))
}

/// Where a new dot of `eq` goes when no place is pointed at: the spot of
/// a 9 × 9 grid farthest from every dot it has (parts of 1, as in [`add_dot`]).
pub fn free_spot(eq: &Equipment) -> (f64, f64) {
    let dots: Vec<(f64, f64)> = spots(eq).into_iter().map(|(_, x, y)| (x, y)).collect();
    let room = |(x, y): (f64, f64)| {
        dots.iter()
            .map(|(dx, dy)| (x - dx).hypot(y - dy))
            .fold(f64::INFINITY, f64::min)
    };
    (0..81)
        .map(|i| (f64::from(i % 9) / 8.0, f64::from(i / 9) / 8.0))
        .fold(((0.5, 0.5), f64::NEG_INFINITY), |best, spot| {
            let r = room(spot);
            if r > best.1 + 1e-9 {
                (spot, r)
            } else {
                best
            }
        })
        .0
}

/// Moves the dot `dot` of `board` to (`x`, `y`), parts of 1 as in [`add_dot`].
pub fn move_dot(game: &Game, board: &str, dot: &str, x: f64, y: f64) -> Result<Game, EditError> {
    let mut g = game.clone();
    let eq = board_mut(&mut g, board)?;
    if !has_dot(eq, dot) {
        return Err(EditError::NotFound(point_name(board, dot)));
    }
    pin_all(eq);
    if let Some(p) = eq.points.iter_mut().find(|p| p.name == dot) {
        p.x = Some(thousandths(x));
        p.y = Some(thousandths(y));
    }
    Ok(g)
}

/// Joins the dots `a` and `b` of `board` with a line. When `a` or `b` ends a
/// line and the other dot goes on straight in its direction, that line
/// grows (so three dots drawn in a row are one line, and three figures on it
/// are "in a row"); otherwise a new line of two dots is drawn.
pub fn join_dots(game: &Game, board: &str, a: &str, b: &str) -> Result<Game, EditError> {
    let mut g = game.clone();
    let eq = board_mut(&mut g, board)?;
    for d in [a, b] {
        if !has_dot(eq, d) {
            return Err(EditError::NotFound(point_name(board, d)));
        }
    }
    if a == b {
        return Err(EditError::refused(
            "Drag from one dot to another dot to join them.",
        ));
    }
    let joined = |l: &Vec<String>| {
        l.windows(2)
            .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
    };
    if eq.lines.iter().any(joined) {
        return Err(EditError::refused(format!(
            "Dots {a} and {b} are joined already."
        )));
    }
    let at: Vec<(String, f64, f64)> = spots(eq)
        .into_iter()
        .map(|(n, x, y)| (n.to_string(), x, y))
        .collect();
    let pos = |d: &str| at.iter().find(|(n, ..)| n == d).map(|&(_, x, y)| (x, y));
    // Does `next` go on straight from `end`, which comes after `before`?
    let straight = |before: &str, end: &str, next: &str| -> bool {
        let (Some(p), Some(q), Some(r)) = (pos(before), pos(end), pos(next)) else {
            return false;
        };
        let (ux, uy, vx, vy) = (q.0 - p.0, q.1 - p.1, r.0 - q.0, r.1 - q.1);
        let (lu, lv) = (ux.hypot(uy), vx.hypot(vy));
        lu > 0.0 && lv > 0.0 && (ux * vx + uy * vy) / (lu * lv) > 0.99
    };
    let grown = eq.lines.iter().position(|l| {
        let n = l.len();
        n < MAX_LINE_POINTS
            && [(a, b), (b, a)].iter().any(|&(end, next)| {
                !l.iter().any(|p| p == next)
                    && ((l[n - 1] == end && straight(&l[n - 2], end, next))
                        || (l[0] == end && straight(&l[1], end, next)))
            })
    });
    match grown {
        Some(i) => {
            let line = &mut eq.lines[i];
            let n = line.len();
            let (end, next) = if line[0] == a || line[n - 1] == a {
                (a, b)
            } else {
                (b, a)
            };
            let straight_at_back = line[n - 1] == end && straight(&line[n - 2], end, next);
            if straight_at_back {
                line.push(next.to_string());
            } else {
                line.insert(0, next.to_string());
            }
        }
        None if eq.lines.len() >= MAX_LINES => {
            return Err(EditError::TooMany(format!(
                "A board of dots can have at most {MAX_LINES} lines."
            )))
        }
        None => eq.lines.push(vec![a.to_string(), b.to_string()]),
    }
    Ok(g)
}

/// Takes away the line numbered `line` (from 1, in the order they were drawn).
/// Dots it alone held stay, where they are.
pub fn remove_line(game: &Game, board: &str, line: usize) -> Result<Game, EditError> {
    let mut g = game.clone();
    let eq = board_mut(&mut g, board)?;
    if !(1..=eq.lines.len()).contains(&line) {
        return Err(EditError::NotFound(format!("line {line} of {board}")));
    }
    pin_all(eq);
    eq.lines.remove(line - 1);
    Ok(g)
}

/// Takes the dot `dot` off `board`, with the figures that start on it; a
/// line through it is cut there (the parts that still join two dots stay).
/// The last dot stays: a board of dots needs one.
pub fn remove_dot(game: &Game, board: &str, dot: &str) -> Result<Game, EditError> {
    let mut g = game.clone();
    let eq = board_mut(&mut g, board)?;
    if !has_dot(eq, dot) {
        return Err(EditError::NotFound(point_name(board, dot)));
    }
    if eq.all_points().len() == 1 {
        return Err(EditError::refused(format!(
            "{board} needs at least one dot: delete the whole board instead."
        )));
    }
    pin_all(eq);
    eq.points.retain(|p| p.name != dot);
    eq.lines = std::mem::take(&mut eq.lines)
        .into_iter()
        .flat_map(|l| {
            l.split(|p| p == dot)
                .filter(|part| part.len() >= 2)
                .map(<[String]>::to_vec)
                .collect::<Vec<_>>()
        })
        .collect();
    let place = point_name(board, dot);
    g.figures.retain(|f| f.origin != place);
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::places::parts;
    use crate::table::geometry::Point as At;
    use tablecraft_engine::model::Figure;

    fn with_dots() -> Game {
        let (g, _) =
            super::super::add_equipment(&Game::default(), EquipmentKind::Points, At::new(300.0, 300.0))
                .unwrap();
        g
    }

    fn dots(g: &Game) -> &Equipment {
        g.equipment
            .iter()
            .find(|e| e.kind == EquipmentKind::Points)
            .unwrap()
    }

    fn where_is(g: &Game, dot: &str) -> (f64, f64) {
        spots(dots(g))
            .into_iter()
            .find(|(n, ..)| *n == dot)
            .map(|(_, x, y)| (x, y))
            .unwrap()
    }

    #[test]
    fn a_new_board_of_dots_has_three_rows_of_three_joined_in_rows_and_columns() {
        let g = with_dots();
        let eq = dots(&g);
        assert_eq!(eq.name, "dots");
        assert_eq!(eq.all_points().len(), 9);
        assert_eq!(eq.lines.len(), 6);
        assert!(eq.lines.contains(&vec!["a1".into(), "b1".into(), "c1".into()]));
        assert!(eq.lines.contains(&vec!["a1".into(), "a2".into(), "a3".into()]));
        // And the rules see it as a board of nine places.
        let rules = tablecraft_engine::Rules::compile(&g);
        assert!(rules.is_ok(), "{:?}", rules.err());
    }

    #[test]
    fn a_dot_added_or_moved_lands_where_it_was_put_and_the_others_stay() {
        let g = with_dots();
        let before = where_is(&g, "c3");
        let (g, name) = add_dot(&g, "dots", 0.25, 0.75).unwrap();
        assert_eq!(name, "1");
        assert_eq!(where_is(&g, "1"), (0.25, 0.75));
        assert_eq!(where_is(&g, "c3"), before);
        let g = move_dot(&g, "dots", "a1", 0.1, 0.2).unwrap();
        assert_eq!(where_is(&g, "a1"), (0.1, 0.2));
        assert_eq!(where_is(&g, "c3"), before);
        let (_, second) = add_dot(&g, "dots", 0.5, 0.5).unwrap();
        assert_eq!(second, "2");
    }

    #[test]
    fn three_dots_joined_in_a_straight_row_make_one_line_and_a_turn_starts_another() {
        let (g, _) = add_equipment_empty();
        let (g, _) = add_dot(&g, "dots", 0.0, 0.0).unwrap();
        let (g, _) = add_dot(&g, "dots", 0.5, 0.0).unwrap();
        let (g, _) = add_dot(&g, "dots", 1.0, 0.0).unwrap();
        let (g, _) = add_dot(&g, "dots", 1.0, 1.0).unwrap();
        let g = join_dots(&g, "dots", "1", "2").unwrap();
        let g = join_dots(&g, "dots", "2", "3").unwrap();
        assert_eq!(dots(&g).lines, vec![vec!["1", "2", "3"]]);
        let g = join_dots(&g, "dots", "4", "3").unwrap();
        assert_eq!(dots(&g).lines.len(), 2);
        let err = join_dots(&g, "dots", "2", "1").unwrap_err();
        assert!(err.message().contains("joined already"), "{}", err.message());
        assert!(join_dots(&g, "dots", "2", "2").is_err());
        assert!(join_dots(&g, "dots", "2", "9").is_err());
    }

    /// A board of dots with every dot and line taken away but one dot.
    fn add_equipment_empty() -> (Game, ()) {
        let mut g = with_dots();
        let eq = g
            .equipment
            .iter_mut()
            .find(|e| e.kind == EquipmentKind::Points)
            .unwrap();
        eq.lines.clear();
        eq.points = vec![Point {
            name: "0".into(),
            x: Some(500),
            y: Some(500),
        }];
        (g, ())
    }

    #[test]
    fn removing_a_dot_cuts_its_lines_and_takes_its_figures_off() {
        let mut g = with_dots();
        g.figures.push(Figure {
            name: "m.1".into(),
            kind: "man".into(),
            owner: Some(1),
            colour: None,
            attributes: Default::default(),
            origin: "dots.b2".into(),
            face: Default::default(),
        });
        let g = remove_dot(&g, "dots", "b2").unwrap();
        let eq = dots(&g);
        assert!(!parts(eq).contains(&"dots.b2".to_string()));
        // The middle row and column each lost their middle: nothing of them is left.
        assert_eq!(eq.lines.len(), 4);
        assert!(g.figures.is_empty());
        let before = where_is(&g, "c3");
        let g = remove_line(&g, "dots", 1).unwrap();
        assert_eq!(dots(&g).lines.len(), 3);
        assert_eq!(
            where_is(&g, "c3"),
            before,
            "a dot no line holds stays where it was"
        );
        assert!(remove_line(&g, "dots", 9).is_err());
    }

    #[test]
    fn a_new_dot_without_a_place_goes_where_there_is_most_room() {
        let (g, _) = add_equipment_empty();
        // The only dot is in the middle: a corner is farthest.
        assert_eq!(free_spot(dots(&g)), (0.0, 0.0));
        let g = with_dots();
        let (x, y) = free_spot(dots(&g));
        let nearest = spots(dots(&g))
            .iter()
            .map(|(_, dx, dy)| (x - dx).hypot(y - dy))
            .fold(f64::INFINITY, f64::min);
        assert!(nearest >= 0.35, "({x}, {y}) is {nearest} from a dot");
    }

    #[test]
    fn renaming_or_copying_a_board_of_dots_takes_its_dots_and_their_figures_along() {
        let g = with_dots();
        let (g, stone) = super::super::add_figure(&g, "stone", Some("dots.b2")).unwrap();
        let renamed = super::super::rename(&g, "dots", "mill").unwrap();
        assert_eq!(renamed.figures[0].origin, "mill.b2");
        let (copied, made) = super::super::duplicate(&g, &["dots"], 400, 0).unwrap();
        assert_eq!(made, ["dots.2"]);
        assert!(copied.figures.iter().any(|f| f.origin == "dots.2.b2"));
        // A dot is part of its board: it is not renamed or deleted alone.
        assert!(super::super::rename(&g, "dots.b2", "x").is_err());
        assert!(super::super::delete(&g, &["dots.b2"]).is_err());
        // Nothing else may take a name under the board's.
        let taken = super::super::rename(&g, &stone, "dots.b2").unwrap_err();
        assert!(matches!(taken, EditError::NameTaken(_)), "{taken:?}");
    }

    #[test]
    fn the_last_dot_stays_and_only_boards_of_dots_take_dots() {
        let (g, _) = add_equipment_empty();
        assert!(remove_dot(&g, "dots", "0").is_err());
        let (g, _) = super::super::add_equipment(&g, EquipmentKind::Basket, At::new(600.0, 600.0)).unwrap();
        assert!(add_dot(&g, "basket", 0.5, 0.5).is_err());
        assert!(add_dot(&g, "nothing", 0.5, 0.5).is_err());
    }
}
