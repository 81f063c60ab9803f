//! Where the points of a points board are drawn inside its rectangle: at
//! their `x`/`y` (0–1000 across and down), a point named like a chess
//! square (`c3`) at that column and row of a grid (row 1 at the bottom),
//! the others spread evenly round a circle.

use super::{Point, Rect};
use tablecraft_engine::model::Equipment;
use tablecraft_engine::world::chess_square;

/// Each point's name (`NAME.POINT`) and the square it is drawn in, and
/// each line's ends as pairs of centres, for a points board drawn in `rect`.
pub struct PointsDrawn {
    pub points: Vec<(String, Rect)>,
    pub segments: Vec<(Point, Point)>,
}

/// Where the points and lines of `eq` go inside `rect`.
pub fn lay_out(eq: &Equipment, rect: Rect) -> PointsDrawn {
    let names = eq.all_points();
    let inner = centres_box(eq, rect);
    // Each point gets a square as large as one step of the grid, at most.
    let cell = rect.width - inner.width;
    let centres: Vec<Point> = spots(eq)
        .iter()
        .map(|&(_, x, y)| Point::new(inner.x + inner.width * x, inner.y + inner.height * y))
        .collect();
    let at = |name: &str| names.iter().position(|p| *p == name).map(|i| centres[i]);
    let segments = eq
        .lines
        .iter()
        .flat_map(|l| l.windows(2).filter_map(|w| Some((at(&w[0])?, at(&w[1])?))))
        .collect();
    let points = names
        .iter()
        .zip(&centres)
        .map(|(p, c)| {
            let square = Rect::new(c.x - cell / 2.0, c.y - cell / 2.0, cell, cell);
            (format!("{}.{p}", eq.name), square)
        })
        .collect();
    PointsDrawn { points, segments }
}

/// Where each point of `eq` is drawn, as parts of the way across and down
/// (0 to 1) the box its centres may take, in the order of
/// [`Equipment::all_points`].
pub fn spots(eq: &Equipment) -> Vec<(&str, f64, f64)> {
    let names = eq.all_points();
    let grid = chess_grid(&names);
    let spread = names
        .iter()
        .filter(|p| given(eq, p).is_none() && chess_square(p).is_none())
        .count()
        .max(1);
    let mut others = 0usize;
    names
        .into_iter()
        .map(|name| {
            if let Some((x, y)) = given(eq, name) {
                return (name, f64::from(x) / 1000.0, f64::from(y) / 1000.0);
            }
            if let Some((c, r)) = chess_square(name) {
                let (cols, rows) = ((grid.0 - 1).max(1) as f64, (grid.1 - 1).max(1) as f64);
                return (name, (c - 1) as f64 / cols, (grid.1 - r) as f64 / rows);
            }
            let angle = std::f64::consts::TAU * others as f64 / spread as f64;
            others += 1;
            (name, 0.5 + 0.5 * angle.sin(), 0.5 - 0.5 * angle.cos())
        })
        .collect()
}

/// The columns and rows of the grid that points named like chess squares
/// take (1 × 1 if none is).
fn chess_grid(names: &[&str]) -> (i64, i64) {
    names
        .iter()
        .filter_map(|p| chess_square(p))
        .fold((1, 1), |(c, r), (pc, pr)| (c.max(pc), r.max(pr)))
}

/// How many steps of the grid the drawn box is across, at least 2.
fn grid_side(names: &[&str]) -> f64 {
    let grid = chess_grid(names);
    grid.0.max(grid.1).max(2) as f64
}

/// The box the centres of `eq`'s points may take inside `rect` (where 0
/// and 1 of [`spots`] lie): `rect` less half a point's square all round.
pub fn centres_box(eq: &Equipment, rect: Rect) -> Rect {
    let side = rect.width.min(rect.height);
    let cell = (side / grid_side(&eq.all_points())).min(side / 3.0);
    Rect::new(
        rect.x + cell / 2.0,
        rect.y + cell / 2.0,
        (rect.width - cell).max(0.0),
        (rect.height - cell).max(0.0),
    )
}

/// The position a `<point>` gives, if it gives one.
fn given(eq: &Equipment, name: &str) -> Option<(u16, u16)> {
    let p = eq.points.iter().find(|p| p.name == name)?;
    Some((p.x?, p.y?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::model::{EquipmentKind, Point as Spot};

    fn board(lines: &[&str], points: Vec<Spot>) -> Equipment {
        let mut eq = Equipment::new("m", EquipmentKind::Points);
        eq.lines = lines
            .iter()
            .map(|l| l.split(' ').map(String::from).collect())
            .collect();
        eq.points = points;
        eq
    }

    #[test]
    fn chess_named_points_sit_on_a_grid_with_row_one_at_the_bottom() {
        let eq = board(&["a1 b1 c1", "a3 a2 a1"], vec![]);
        let drawn = lay_out(&eq, Rect::new(0.0, 0.0, 300.0, 300.0));
        let centre = |n: &str| {
            let r = drawn.points.iter().find(|(p, _)| p == n).unwrap().1;
            (r.x + r.width / 2.0, r.y + r.height / 2.0)
        };
        assert_eq!(centre("m.a1"), (50.0, 250.0));
        assert_eq!(centre("m.c1"), (250.0, 250.0));
        assert_eq!(centre("m.a3"), (50.0, 50.0));
        assert_eq!(drawn.segments.len(), 4);
    }

    #[test]
    fn given_positions_win_and_other_points_spread_round() {
        let spot = Spot {
            name: "x".into(),
            x: Some(1000),
            y: Some(0),
        };
        let eq = board(&["x top", "top left"], vec![spot]);
        let drawn = lay_out(&eq, Rect::new(0.0, 0.0, 400.0, 400.0));
        let names: Vec<&str> = drawn.points.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["m.x", "m.top", "m.left"]);
        let x = drawn.points[0].1;
        let centre = (x.x + x.width / 2.0, x.y + x.height / 2.0);
        assert!(centre.0 > 300.0 && centre.1 < 100.0, "{x:?}");
        // No two points on top of each other.
        assert_ne!(drawn.points[1].1, drawn.points[2].1);
    }
}
