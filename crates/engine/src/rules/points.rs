//! A points board compiled: its points are places from `first` on, and its
//! lines say which points are neighbours. Rules read only the lines.

use super::PlaceId;

/// A board of points joined by lines (Nine Men's Morris, Fox and Geese).
#[derive(Debug, Clone)]
pub struct PointBoard {
    pub name: String,
    /// The place of the first point; the others follow in order.
    pub first: PlaceId,
    /// How many points it has.
    pub count: u16,
    /// Each line as its points in order.
    pub lines: Vec<Vec<PlaceId>>,
    /// Per point (from `first`): the lines through it, as (line, index on it).
    pub through: Vec<Vec<(u16, u16)>>,
}

impl PointBoard {
    /// A board of `count` points from `first`, with its lines.
    pub fn new(name: String, first: PlaceId, count: u16, lines: Vec<Vec<PlaceId>>) -> Self {
        let mut through = vec![Vec::new(); count as usize];
        for (l, line) in lines.iter().enumerate() {
            for (i, &p) in line.iter().enumerate() {
                if let Some(t) = through.get_mut(p.wrapping_sub(first) as usize) {
                    t.push((l as u16, i as u16));
                }
            }
        }
        PointBoard {
            name,
            first,
            count,
            lines,
            through,
        }
    }

    /// Whether place `p` is one of its points.
    pub fn holds(&self, p: PlaceId) -> bool {
        p >= self.first && p - self.first < self.count
    }

    /// Every point, in order.
    pub fn points(&self) -> impl Iterator<Item = PlaceId> + '_ {
        (0..self.count).map(|i| self.first + i)
    }

    /// The lines through point `p`, as (line, index on it); none where it
    /// is not one of its points.
    pub fn lines_at(&self, p: PlaceId) -> &[(u16, u16)] {
        if self.holds(p) {
            &self.through[(p - self.first) as usize]
        } else {
            &[]
        }
    }

    /// The points next to `p` along a line, each once, in the lines' order.
    pub fn neighbours(&self, p: PlaceId) -> Vec<PlaceId> {
        let mut out = Vec::new();
        for &(l, i) in self.lines_at(p) {
            let line = &self.lines[l as usize];
            let before = (i as usize).checked_sub(1).map(|j| line[j]);
            let after = line.get(i as usize + 1).copied();
            for q in [before, after].into_iter().flatten() {
                if q != p && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// The points after `p` along the line through `p` and its neighbour
    /// `q`, starting with `q`, to the line's end; empty if `q` is not next
    /// to `p` on a line.
    pub fn line(&self, p: PlaceId, q: PlaceId) -> Vec<PlaceId> {
        for &(l, i) in self.lines_at(p) {
            let line = &self.lines[l as usize];
            let i = i as usize;
            if line.get(i + 1) == Some(&q) {
                return line[i + 1..].to_vec();
            }
            if i > 0 && line[i - 1] == q {
                return line[..i].iter().rev().copied().collect();
            }
        }
        Vec::new()
    }

    /// The neighbour of `a` on a line that goes on to `b`, if `a` and `b`
    /// lie on one line.
    pub fn direction(&self, a: PlaceId, b: PlaceId) -> Option<PlaceId> {
        for &(l, i) in self.lines_at(a) {
            let line = &self.lines[l as usize];
            let i = i as usize;
            let Some(j) = line.iter().position(|&x| x == b) else {
                continue;
            };
            if j > i {
                return Some(line[i + 1]);
            }
            if j < i {
                return Some(line[i - 1]);
            }
        }
        None
    }

    /// The middle point when `a`, it and `b` are consecutive on a line.
    pub fn between(&self, a: PlaceId, b: PlaceId) -> Option<PlaceId> {
        for &(l, i) in self.lines_at(a) {
            let line = &self.lines[l as usize];
            let i = i as usize;
            if line.get(i + 2) == Some(&b) {
                return Some(line[i + 1]);
            }
            if i >= 2 && line[i - 2] == b {
                return Some(line[i - 1]);
            }
        }
        None
    }

    /// The fewest steps along lines from `a` to `b`, if `b` can be reached.
    pub fn distance(&self, a: PlaceId, b: PlaceId) -> Option<i64> {
        if !self.holds(a) || !self.holds(b) {
            return None;
        }
        let mut seen = vec![false; self.count as usize];
        let mut ring = vec![a];
        seen[(a - self.first) as usize] = true;
        let mut steps = 0;
        while !ring.is_empty() {
            if ring.contains(&b) {
                return Some(steps);
            }
            let mut next = Vec::new();
            for &p in &ring {
                for q in self.neighbours(p) {
                    if !std::mem::replace(&mut seen[(q - self.first) as usize], true) {
                        next.push(q);
                    }
                }
            }
            ring = next;
            steps += 1;
        }
        None
    }

    /// The lines through `p` (every line if `p` is `None`), each as its points.
    pub fn lines_through(&self, p: Option<PlaceId>) -> Vec<&[PlaceId]> {
        match p {
            Some(p) => self
                .lines_at(p)
                .iter()
                .map(|&(l, _)| self.lines[l as usize].as_slice())
                .collect(),
            None => self.lines.iter().map(Vec::as_slice).collect(),
        }
    }

    /// A run of `n` consecutive points of one line (through `p` if given)
    /// each passing `test`: its points.
    pub fn run(&self, p: Option<PlaceId>, n: usize, test: impl Fn(PlaceId) -> bool) -> Option<Vec<PlaceId>> {
        if n == 0 {
            return None;
        }
        for line in self.lines_through(p) {
            let mut start = 0;
            for (i, &q) in line.iter().enumerate() {
                if !test(q) {
                    start = i + 1;
                    continue;
                }
                let from = (i + 1).saturating_sub(n).max(start);
                if i + 1 - from >= n && p.is_none_or(|p| line[from..=i].contains(&p)) {
                    return Some(line[from..=i].to_vec());
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// a - b - c on one line, c - d on another, b - d on a third.
    fn board() -> PointBoard {
        PointBoard::new(
            "p".into(),
            10,
            4,
            vec![vec![10, 11, 12], vec![12, 13], vec![11, 13]],
        )
    }

    #[test]
    fn neighbours_follow_the_lines() {
        let b = board();
        assert_eq!(b.neighbours(10), vec![11]);
        assert_eq!(b.neighbours(11), vec![10, 12, 13]);
        assert_eq!(b.neighbours(9), Vec::<PlaceId>::new());
    }

    #[test]
    fn a_line_goes_on_through_the_neighbour() {
        let b = board();
        assert_eq!(b.line(10, 11), vec![11, 12]);
        assert_eq!(b.line(12, 11), vec![11, 10]);
        assert_eq!(b.line(10, 12), Vec::<PlaceId>::new());
        assert_eq!(b.direction(10, 12), Some(11));
        assert_eq!(b.direction(10, 13), None);
        // b lies on the second line through c, not the first.
        assert_eq!(b.direction(12, 13), Some(13));
        assert_eq!(b.between(12, 10), Some(11));
        assert_eq!(b.between(10, 13), None);
        assert_eq!(b.distance(10, 13), Some(2));
    }

    #[test]
    fn a_run_is_consecutive_points_of_one_line() {
        let b = board();
        let mine = |p: PlaceId| [10, 11, 13].contains(&p);
        assert_eq!(b.run(None, 2, mine), Some(vec![10, 11]));
        assert_eq!(b.run(Some(13), 2, mine), Some(vec![11, 13]));
        assert_eq!(b.run(None, 3, mine), None);
        assert_eq!(b.run(Some(12), 1, mine), None);
    }
}
