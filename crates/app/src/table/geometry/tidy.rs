//! Figures laid out in a tidy grid inside the place they lie on, or, when
//! a grid would make them too small to grab, in a pile.

use super::Rect;

/// The largest side of a drawn figure, in table units, on a table of usual
/// size: big enough that a figure stays a 44 px target on a phone showing
/// the table at less than half its size.
pub const MAX_FIGURE_SIDE: f64 = 100.0;

/// The largest side of a figure on a table `width` × `height`: a larger
/// table is shown smaller, so its figures may be larger, up to a fifth of
/// its shorter side (a single card in a hand of a four-player table).
pub fn largest_figure(width: f64, height: f64) -> f64 {
    MAX_FIGURE_SIDE.max(width.min(height) / 5.0)
}

/// The part of a cell a figure takes: figures are drawn with a margin
/// inside their rectangle, so nearly the whole cell is theirs to be
/// grabbed by.
const FIGURE_IN_CELL: f64 = 0.96;

/// The margin kept inside a place, as a part of its shorter side.
const PAD: f64 = 0.04;

/// More than [`PILE_FROM`] figures smaller than [`PILE_BELOW`] in a grid
/// (table units; about 20 px on a phone) are piled up instead, when a pile
/// draws them at least [`PILE_GAIN`] times as large. Fewer stay in a grid,
/// where a child can count them (the matches of NIM).
const PILE_FROM: usize = 20;
const PILE_BELOW: f64 = 48.0;
const PILE_GAIN: f64 = 1.5;

/// Rectangles for `n` figures inside `area`, row by row from the top left:
/// the biggest square cells that fit, each figure nearly as large as its
/// cell, the whole grid centred, none wider than `largest`. One figure
/// sits in the middle.
pub fn tidy(area: Rect, n: usize, largest: f64) -> Vec<Rect> {
    if n == 0 {
        return Vec::new();
    }
    let inner = padded(area);
    let (mut columns, mut side) = (1, 0.0);
    for c in 1..=n {
        let rows = n.div_ceil(c);
        let s = (inner.width / c as f64).min(inner.height / rows as f64);
        if s > side {
            (columns, side) = (c, s);
        }
    }
    let rows = n.div_ceil(columns);
    let figure = (side * FIGURE_IN_CELL).min(largest);
    let piled = (inner.width.min(inner.height) * FIGURE_IN_CELL).min(largest);
    if n > PILE_FROM && figure < PILE_BELOW && piled >= figure * PILE_GAIN {
        return pile(inner, n, piled, f64::INFINITY);
    }
    let cell = side.min(largest / FIGURE_IN_CELL);
    let left = inner.x + (inner.width - cell * columns as f64) / 2.0;
    let top = inner.y + (inner.height - cell * rows as f64) / 2.0;
    let inset = (cell - figure) / 2.0;
    (0..n)
        .map(|i| {
            let (row, column) = (i / columns, i % columns);
            Rect::new(
                left + column as f64 * cell + inset,
                top + row as f64 * cell + inset,
                figure,
                figure,
            )
        })
        .collect()
}

/// How far along each card of a stack lies from the one under it, as a
/// part of its side at most: enough to read its corner.
const FAN: f64 = 0.3;

/// Rectangles for `n` cards lying in a pile on `area`, as on a real table:
/// from the top (or left) end of its longer side, each a little further
/// along than the one under it and drawn over it, so the top one shows
/// whole and the others their corner. A long run closes up to fit.
pub fn stack(area: Rect, n: usize, largest: f64) -> Vec<Rect> {
    let inner = padded(area);
    let side = (inner.width.min(inner.height) * FIGURE_IN_CELL).min(largest);
    pile(inner, n, side, FAN * side)
}

/// `area` without the margin kept inside a place.
fn padded(area: Rect) -> Rect {
    let pad = area.width.min(area.height).max(0.0) * PAD;
    Rect::new(
        area.x + pad,
        area.y + pad,
        (area.width - 2.0 * pad).max(0.0),
        (area.height - 2.0 * pad).max(0.0),
    )
}

/// `n` figures of side `side` in a pile along the longer side of `inner`,
/// each a little further along than the one before and drawn over it: the
/// last (drawn on top) shows whole, and every one is as large as the place
/// allows. A pile of sixty discs is grabbed from the top like a real one.
/// No step is longer than `most`; the pile starts at the top (or left)
/// end, centred only when one figure is longer than the place.
fn pile(inner: Rect, n: usize, side: f64, most: f64) -> Vec<Rect> {
    let along_x = inner.width >= inner.height;
    let length = if along_x { inner.width } else { inner.height };
    let step = match n {
        0 | 1 => 0.0,
        _ => ((length - side) / (n - 1) as f64).clamp(0.0, most),
    };
    let start = ((length - side - step * n.saturating_sub(1) as f64) / 2.0).min(0.0);
    (0..n)
        .map(|i| {
            let offset = start + step * i as f64;
            if along_x {
                Rect::new(
                    inner.x + offset,
                    inner.y + (inner.height - side) / 2.0,
                    side,
                    side,
                )
            } else {
                Rect::new(inner.x + (inner.width - side) / 2.0, inner.y + offset, side, side)
            }
        })
        .collect()
}

/// Of figures laid bottom first, which lie so nearly under the next one
/// kept that none of them would show: less than a table unit of each peeps
/// out. A deck of thousands is drawn as a few hundred cards that look the
/// same; the bottom and top figures are always drawn.
pub fn covered(rects: &[Rect]) -> Vec<bool> {
    let mut out = vec![false; rects.len()];
    let Some(last) = rects.len().checked_sub(1) else {
        return out;
    };
    let mut kept = rects[0];
    for (i, r) in rects.iter().enumerate().take(last).skip(1) {
        let apart = (r.x - kept.x).abs().max((r.y - kept.y).abs());
        if apart < 1.0 && r.width == kept.width && r.height == kept.height {
            out[i] = true;
        } else {
            kept = *r;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_deck_draws_only_the_cards_that_show() {
        let area = Rect::new(0.0, 0.0, 200.0, 120.0);
        let rects = stack(area, 3000, 100.0);
        let hidden = covered(&rects);
        let drawn = hidden.iter().filter(|c| !**c).count();
        assert!(drawn < 200, "{drawn} of 3000 drawn");
        assert!(!hidden[0] && !hidden[2999], "the bottom and the top are drawn");
        // Every card left out lies within a unit of one drawn.
        for (i, r) in rects.iter().enumerate().filter(|(i, _)| hidden[*i]) {
            let near = (0..i).rev().find(|&j| !hidden[j]).map(|j| rects[j]).unwrap();
            assert!(
                (r.x - near.x).abs() < 1.0 && (r.y - near.y).abs() < 1.0,
                "card {i}"
            );
        }
        // A deck of 32 shows each card's corner: none is left out.
        assert!(covered(&stack(area, 32, 100.0)).iter().all(|c| !c));
        assert!(covered(&[]).is_empty());
        assert_eq!(covered(&[area]), vec![false]);
    }

    #[test]
    fn one_figure_is_centred() {
        let area = Rect::new(10.0, 20.0, 60.0, 60.0);
        let r = tidy(area, 1, MAX_FIGURE_SIDE)[0];
        assert!((r.centre().x - 40.0).abs() < 1e-9 && (r.centre().y - 50.0).abs() < 1e-9);
        assert!(area.contains_rect(&r));
    }

    #[test]
    fn many_figures_stay_inside_without_overlapping() {
        for (w, h, n) in [(180.0, 120.0, 12), (30.0, 300.0, 7), (1.0, 1.0, 5), (0.0, 0.0, 3)] {
            let area = Rect::new(-5.0, 7.0, w, h);
            let rects = tidy(area, n, MAX_FIGURE_SIDE);
            assert_eq!(rects.len(), n);
            for (i, a) in rects.iter().enumerate() {
                assert!(area.contains_rect(a), "{a:?} not in {area:?}");
                for b in &rects[i + 1..] {
                    assert!(!a.overlaps(b) || a.width == 0.0, "{a:?} overlaps {b:?}");
                }
            }
        }
    }

    #[test]
    fn figures_take_nearly_all_of_their_place() {
        // NIM12's heap: 12 matches in 480 × 320. Shown on a phone at less
        // than half size, each must still be a 44 px target: 94 units.
        let rects = tidy(Rect::new(0.0, 0.0, 480.0, 320.0), 12, MAX_FIGURE_SIDE);
        assert!(rects.iter().all(|r| r.width >= 94.0), "{:?}", rects[0]);
        // One pawn on a square of a track fills nearly the whole square.
        let one = tidy(Rect::new(0.0, 0.0, 60.0, 60.0), 1, MAX_FIGURE_SIDE)[0];
        assert!(one.width >= 0.88 * 60.0, "{one:?}");
    }

    #[test]
    fn figures_are_not_drawn_huge() {
        let r = tidy(Rect::new(0.0, 0.0, 1000.0, 1000.0), 2, MAX_FIGURE_SIDE);
        assert!(r.iter().all(|r| r.width <= MAX_FIGURE_SIDE));
    }

    #[test]
    fn a_large_table_lets_its_figures_be_larger() {
        // Crazy Eights for four: a 900 × 600 table, a hand 140 units tall.
        // Shown at 0.42 px a unit beside the rules, a lone card capped at
        // 100 units would be a 42 px target.
        assert_eq!(largest_figure(480.0, 320.0), MAX_FIGURE_SIDE);
        let largest = largest_figure(900.0, 600.0);
        let one = tidy(Rect::new(0.0, 0.0, 580.0, 140.0), 1, largest)[0];
        assert!(one.width * 0.42 >= 44.0, "{one:?}");
    }

    #[test]
    fn cards_in_a_stack_lie_each_a_little_further_along() {
        // A tableau pile of patience: tall, seven cards down it, the top
        // one whole at the foot, each one as large as the place allows.
        let area = Rect::new(0.0, 0.0, 120.0, 420.0);
        let rects = stack(area, 7, MAX_FIGURE_SIDE);
        assert_eq!(rects.len(), 7);
        assert!(rects.windows(2).all(|w| w[1].y > w[0].y && w[1].x == w[0].x));
        assert!(rects.iter().all(|r| area.contains_rect(r) && r.width >= 100.0));
        // Each card shows its corner, no more: the run starts at the top.
        let step = rects[1].y - rects[0].y;
        assert!(step <= 0.3 * rects[0].width + 1e-9, "{step}");
        assert!(rects[0].y < 0.05 * area.height);
        // One card lies at the top too, where the next will cover it.
        assert_eq!(stack(area, 1, MAX_FIGURE_SIDE)[0], rects[0]);
        // A long run closes up to stay inside.
        let long = stack(area, 30, MAX_FIGURE_SIDE);
        assert!(long.iter().all(|r| area.contains_rect(r)));
    }

    #[test]
    fn figures_too_many_for_a_grid_lie_in_a_pile_large_enough_to_grab() {
        // Reversi's pool: sixty discs in a tall place. In a grid each would
        // be a few units wide; piled, each is as wide as the place.
        let area = Rect::new(0.0, 0.0, 120.0, 400.0);
        let rects = tidy(area, 60, MAX_FIGURE_SIDE);
        assert_eq!(rects.len(), 60);
        for (i, r) in rects.iter().enumerate() {
            assert!(area.contains_rect(r), "{r:?} not in {area:?}");
            assert!(r.width >= 100.0, "{r:?}");
            if let Some(next) = rects.get(i + 1) {
                assert!(next.y > r.y, "each one further down the pile");
            }
        }
        // Along the longer side of a wide place too.
        let wide = tidy(Rect::new(0.0, 0.0, 500.0, 80.0), 200, MAX_FIGURE_SIDE);
        assert!(wide.windows(2).all(|w| w[1].x > w[0].x && w[1].y == w[0].y));
        assert!(wide.iter().all(|r| r.width >= 70.0));
        // A grid that already draws figures large enough is kept.
        let grid = tidy(Rect::new(0.0, 0.0, 480.0, 320.0), 12, MAX_FIGURE_SIDE);
        assert!(grid
            .iter()
            .enumerate()
            .all(|(i, a)| grid[i + 1..].iter().all(|b| !a.overlaps(b))));
    }
}
