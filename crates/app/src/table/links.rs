//! Pictures between two places, as the layout's links ask: a ladder (two
//! rails with rungs), a snake (a curved body with its head at one end and
//! its tail at the other) or an arrow. Worked out here as points and SVG
//! paths in table units; the page only draws them, under the figures.

use crate::table::geometry::{Geometry, Point};
use std::fmt::Write;
use tablecraft_engine::model::{Game, LinkLook};

/// The colours snakes take in turn, and the darker colour of their stripes.
const SNAKE_COLOURS: [(&str, &str); 4] = [
    ("#4caf50", "#1b5e20"),
    ("#9c4dcc", "#4a148c"),
    ("#ef6c00", "#8d3a00"),
    ("#d81b60", "#7a0c35"),
];

/// A link as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkView {
    /// The places it joins, as the file names them.
    pub from_place: String,
    pub to_place: String,
    pub look: LinkLook,
    /// The middles of the two places.
    pub from: Point,
    pub to: Point,
    /// The side of the smaller of the two places: how wide it is drawn.
    pub size: f64,
    /// Its place among the links of its look (snakes take colours in turn).
    pub index: usize,
}

/// A ladder's two rails and its rungs, each a line from one point to another.
#[derive(Debug, Clone, PartialEq)]
pub struct Ladder {
    pub rails: [(Point, Point); 2],
    pub rungs: Vec<(Point, Point)>,
}

/// A snake: its body's outline (a closed path, wide behind the head and
/// thin at the tail), the line of its stripes along the middle, its head.
#[derive(Debug, Clone, PartialEq)]
pub struct Snake {
    pub body: String,
    pub stripes: String,
    pub head: Point,
    pub head_radius: f64,
    /// The eyes, looking away from the body.
    pub eyes: [Point; 2],
    pub colour: &'static str,
    pub dark: &'static str,
}

/// An arrow: its line and the triangle of its point.
#[derive(Debug, Clone, PartialEq)]
pub struct Arrow {
    pub line: (Point, Point),
    pub point: String,
}

/// Every link of the game whose two places are on the table, in the
/// file's order; a link to a place that is not there is left out.
pub fn links(game: &Game, geometry: &Geometry) -> Vec<LinkView> {
    let mut counts = [0usize; 3];
    game.layout
        .links
        .iter()
        .filter_map(|link| {
            let a = geometry.place_rect(&link.from)?;
            let b = geometry.place_rect(&link.to)?;
            let size = a.width.min(a.height).min(b.width).min(b.height);
            let slot = &mut counts[link.look as usize];
            let index = *slot;
            *slot += 1;
            Some(LinkView {
                from_place: link.from.clone(),
                to_place: link.to.clone(),
                look: link.look,
                from: a.centre(),
                to: b.centre(),
                size: if size.is_finite() { size.max(1.0) } else { 1.0 },
                index,
            })
        })
        .collect()
}

/// The unit vector from `a` to `b` and the distance; straight up when the
/// two are the same point.
fn direction(a: Point, b: Point) -> ((f64, f64), f64) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = dx.hypot(dy);
    if length < 1e-9 || !length.is_finite() {
        return ((0.0, -1.0), 0.0);
    }
    ((dx / length, dy / length), length)
}

fn at(p: Point, (ux, uy): (f64, f64), along: f64, (nx, ny): (f64, f64), across: f64) -> Point {
    Point::new(p.x + ux * along + nx * across, p.y + uy * along + ny * across)
}

fn move_to(d: &mut String, command: char, p: Point) {
    let _ = write!(d, "{command}{:.1} {:.1} ", p.x, p.y);
}

impl LinkView {
    /// What a screen reader says of the link at one of its places: "the
    /// foot of a ladder to 14" on `from`, "the tail of a snake from 17" on
    /// `to`; `other` is what the place at the other end is called.
    pub fn words_at(&self, place: &str, other: &str) -> Option<String> {
        let at_start = if place == self.from_place {
            true
        } else if place == self.to_place {
            false
        } else {
            return None;
        };
        Some(match (self.look, at_start) {
            (LinkLook::Ladder, true) => format!("the foot of a ladder to {other}"),
            (LinkLook::Ladder, false) => format!("the top of a ladder from {other}"),
            (LinkLook::Snake, true) => format!("the head of a snake to {other}"),
            (LinkLook::Snake, false) => format!("the tail of a snake from {other}"),
            (LinkLook::Arrow, true) => format!("an arrow to {other}"),
            (LinkLook::Arrow, false) => format!("an arrow from {other}"),
        })
    }

    /// The ladder from `from` to `to`: rails a third of a square apart, a
    /// rung about every third of a square.
    pub fn ladder(&self) -> Ladder {
        let (u, length) = direction(self.from, self.to);
        let n = (-u.1, u.0);
        let half = self.size * 0.17;
        // The rails reach a little past the middles of both squares.
        let over = self.size * 0.2;
        let rail = |side: f64| {
            (
                at(self.from, u, -over, n, side),
                at(self.from, u, length + over, n, side),
            )
        };
        let gap = self.size * 0.3;
        let count = ((length + 2.0 * over) / gap).floor().clamp(1.0, 200.0) as usize;
        let first = -over + (length + 2.0 * over - gap * (count as f64 - 1.0)) / 2.0;
        let rungs = (0..count)
            .map(|i| {
                let along = first + gap * i as f64;
                (
                    at(self.from, u, along, n, -half),
                    at(self.from, u, along, n, half),
                )
            })
            .collect();
        Ladder {
            rails: [rail(-half), rail(half)],
            rungs,
        }
    }

    /// The snake with its head on `from` and its tail on `to`, winding
    /// from side to side about once a square and a half.
    pub fn snake(&self) -> Snake {
        let (u, length) = direction(self.from, self.to);
        let n = (-u.1, u.0);
        let waves = (length / (self.size * 1.6)).round().clamp(1.0, 50.0);
        let swing = self.size * 0.3;
        let width = self.size * 0.13;
        let steps = (waves as usize) * 12;
        // The middle of the body, head to tail, and its half width there.
        let middle: Vec<(Point, f64)> = (0..=steps)
            .map(|i| {
                let t = i as f64 / steps as f64;
                // No swing at either end: the head and tail sit on the squares.
                let across =
                    swing * (t * waves * std::f64::consts::TAU).sin() * (t * std::f64::consts::PI).sin();
                let half = width * (1.0 - t * 0.85);
                (at(self.from, u, t * length, n, across), half)
            })
            .collect();
        let side = |sign: f64| -> Vec<Point> {
            middle
                .windows(2)
                .map(|w| {
                    let (d, _) = direction(w[0].0, w[1].0);
                    let normal = (-d.1, d.0);
                    at(w[0].0, d, 0.0, normal, sign * w[0].1)
                })
                .chain(middle.last().map(|&(p, _)| p))
                .collect()
        };
        let mut body = String::new();
        let left = side(1.0);
        let right = side(-1.0);
        for (i, p) in left.iter().chain(right.iter().rev()).enumerate() {
            move_to(&mut body, if i == 0 { 'M' } else { 'L' }, *p);
        }
        body.push('Z');
        let mut stripes = String::new();
        for (i, (p, _)) in middle.iter().enumerate() {
            move_to(&mut stripes, if i == 0 { 'M' } else { 'L' }, *p);
        }
        let head_radius = self.size * 0.2;
        // The eyes look away from the body, towards where the snake is going.
        let eye = |side: f64| at(self.from, u, -head_radius * 0.35, n, side * head_radius * 0.45);
        let (colour, dark) = SNAKE_COLOURS[self.index % SNAKE_COLOURS.len()];
        Snake {
            body: body.trim_end().to_string(),
            stripes: stripes.trim_end().to_string(),
            head: self.from,
            head_radius,
            eyes: [eye(-1.0), eye(1.0)],
            colour,
            dark,
        }
    }

    /// The arrow from `from` to `to`, its point on `to`.
    pub fn arrow(&self) -> Arrow {
        let (u, length) = direction(self.from, self.to);
        let n = (-u.1, u.0);
        let head = self.size * 0.25;
        let tip = self.to;
        let base = at(self.from, u, (length - head).max(0.0), n, 0.0);
        let mut point = String::new();
        move_to(&mut point, 'M', tip);
        move_to(&mut point, 'L', at(base, u, 0.0, n, head * 0.6));
        move_to(&mut point, 'L', at(base, u, 0.0, n, -head * 0.6));
        point.push('Z');
        Arrow {
            line: (self.from, base),
            point,
        }
    }
}

#[cfg(test)]
mod tests;
