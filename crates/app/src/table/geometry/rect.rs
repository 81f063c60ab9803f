//! Points and rectangles on the table.

use tablecraft_engine::model::Placement;

/// A point on the table.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Point {
    /// The point (x, y).
    pub fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

/// A rectangle on the table: its top left corner and its size.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width, never negative.
    pub width: f64,
    /// Height, never negative.
    pub height: f64,
}

impl Rect {
    /// A rectangle from its top left corner and size.
    pub fn new(x: f64, y: f64, width: f64, height: f64) -> Self {
        Rect { x, y, width, height }
    }

    /// The rectangle spanned by two corners in any order (a rubber band).
    pub fn from_corners(a: Point, b: Point) -> Self {
        Rect::new(a.x.min(b.x), a.y.min(b.y), (a.x - b.x).abs(), (a.y - b.y).abs())
    }

    /// The rectangle of a layout placement.
    pub fn of_placement(p: &Placement) -> Self {
        Rect::new(
            f64::from(p.x),
            f64::from(p.y),
            f64::from(p.width),
            f64::from(p.height),
        )
    }

    /// The middle of the rectangle.
    pub fn centre(&self) -> Point {
        Point::new(self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    /// Whether the point lies inside or on the edge.
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x <= self.x + self.width && p.y >= self.y && p.y <= self.y + self.height
    }

    /// Whether `other` lies wholly inside this rectangle (edges may touch).
    pub fn contains_rect(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-9;
        other.x >= self.x - EPS
            && other.y >= self.y - EPS
            && other.x + other.width <= self.x + self.width + EPS
            && other.y + other.height <= self.y + self.height + EPS
    }

    /// The rectangle with the same middle, `part` as wide and as high.
    pub fn shrunk(&self, part: f64) -> Rect {
        let (w, h) = (self.width * part, self.height * part);
        let c = self.centre();
        Rect::new(c.x - w / 2.0, c.y - h / 2.0, w, h)
    }

    /// Whether the two rectangles share some area (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-9;
        self.x + EPS < other.x + other.width
            && other.x + EPS < self.x + self.width
            && self.y + EPS < other.y + other.height
            && other.y + EPS < self.y + self.height
    }
}
