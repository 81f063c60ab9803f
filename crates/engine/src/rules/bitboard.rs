//! Boards of at most 64 squares seen as the bits of one word: square `i`
//! (from 0, row by row, as the places of the board lie) is bit `i`. A
//! points board of at most 64 points is one too, point `i` bit `i`: it has
//! no directions, so what goes by direction finds nothing on it, and what
//! reads only which squares are filled and whose (`owner`, `empty`, how
//! many) is as fast there as on a grid. A set
//! of squares is then one `u64`, and a question about every square of the
//! board (which are empty, which are player 2's, which have an empty
//! square below them) is a few operations on words. The state keeps what
//! lies on each such board this way ([`crate::state::State::board_bits`]),
//! and conditions compiled over sets read it ([`super::fast`]).
//!
//! Written by hand rather than taken from a bitboard crate: those fix the
//! board at 8×8, and a board here has any shape up to 64 squares.

use super::points::PointBoard;
use super::{Grid, PlaceId, Rules};
use crate::expr::DIRECTIONS;

/// No board holds this place.
const NONE: u32 = u32::MAX;

/// A board or track of at most 64 squares that is not a ring, or a
/// points board of at most 64 points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitBoard {
    /// The grid it is, in [`Rules::grids`]; `u16::MAX` for a points board.
    pub grid: u16,
    /// The points board it is, in [`Rules::point_boards`]; `u16::MAX` for
    /// a grid.
    pub points: u16,
    /// The place of its first square.
    pub first: PlaceId,
    pub rows: u16,
    pub columns: u16,
    /// Every square.
    pub all: u64,
    /// Per direction of [`DIRECTIONS`], how far the bit of a square's
    /// neighbour that way is from its own: down the bits (`down`) or up
    /// (`up`), one of them 0.
    down: [u8; 8],
    up: [u8; 8],
    /// Per direction, the squares that have a neighbour that way.
    has: [u64; 8],
    /// Whether every square holds at most one figure: then a square with
    /// room is an empty one.
    pub single: bool,
    /// Whether some square has an owner of its own (then `owner` of it is
    /// that owner, whatever lies on it).
    pub owned_squares: bool,
    /// Per square, per direction: its neighbour that way and the square
    /// after it, each as a bit (none off the board), worked out once for
    /// the squares two away (checkers' jumps, asked of every figure).
    leaps: Box<[[(u64, u64); 8]]>,
    /// Per distance `k` (from 0), per direction of [`LINES`]: the squares
    /// with a square `k` away that way, for lines found by doubling.
    reach: Box<[[u64; 4]]>,
}

/// The directions a line is read in, by index into [`DIRECTIONS`]:
/// right, down, down-right and down-left. Each goes down the bits, so a
/// square's neighbour that way is a fixed number of bits after it.
const LINES: [usize; 4] = [3, 1, 7, 6];

impl BitBoard {
    /// The board of grid `g` of `rules`, if it has at most 64 squares and
    /// is not a ring.
    fn of(rules: &Rules, id: usize, g: &Grid) -> Option<BitBoard> {
        let squares = u32::from(g.rows) * u32::from(g.columns);
        if g.ring || squares == 0 || squares > 64 {
            return None;
        }
        let all = u64::MAX >> (64 - squares);
        let (mut down, mut up) = ([0; 8], [0; 8]);
        let mut has = [0; 8];
        for (d, &(_, dr, dc)) in DIRECTIONS.iter().enumerate() {
            let step = dr * i64::from(g.columns) + dc;
            // A neighbour fits in 64 bits: a step is below 64 either way.
            down[d] = step.max(0) as u8;
            up[d] = (-step).max(0) as u8;
            for i in 0..squares {
                let (row, column) = (i / u32::from(g.columns) + 1, i % u32::from(g.columns) + 1);
                // As `neighbour` finds it: on a track only along the track.
                let along = !g.is_track || dr == 0;
                if along && g.place(i64::from(row) + dr, i64::from(column) + dc).is_some() {
                    has[d] |= 1 << i;
                }
            }
        }
        let (single, owned_squares) = Self::places(rules, g.first, squares);
        let mut b = BitBoard {
            grid: id as u16,
            points: u16::MAX,
            first: g.first,
            rows: g.rows,
            columns: g.columns,
            all,
            down,
            up,
            has,
            single,
            owned_squares,
            leaps: Box::new([]),
            reach: Box::new([]),
        };
        let mut reach = vec![[all; 4]];
        while let Some(&last) = reach.last().filter(|r| r.iter().any(|&x| x != 0)) {
            reach.push(std::array::from_fn(|l| b.back(last[l], LINES[l])));
        }
        b.reach = reach.into();
        b.leaps = (0..squares)
            .map(|i| {
                std::array::from_fn(|d| {
                    let next = b.ahead(1 << i, d);
                    (next, b.ahead(next, d))
                })
            })
            .collect();
        Some(b)
    }

    /// Points board `id` of `rules`, if it has at most 64 points: no
    /// square has a neighbour in any direction.
    fn of_points(rules: &Rules, id: usize, board: &PointBoard) -> Option<BitBoard> {
        let squares = u32::from(board.count);
        if squares == 0 || squares > 64 {
            return None;
        }
        let (single, owned_squares) = Self::places(rules, board.first, squares);
        Some(BitBoard {
            grid: u16::MAX,
            points: id as u16,
            first: board.first,
            all: u64::MAX >> (64 - squares),
            single,
            owned_squares,
            leaps: vec![[(0, 0); 8]; squares as usize].into(),
            reach: Box::new([]),
            ..BitBoard::none()
        })
    }

    /// Whether the `squares` places from `first` each hold one figure at
    /// most, and whether any has an owner of its own.
    fn places(rules: &Rules, first: PlaceId, squares: u32) -> (bool, bool) {
        let places = (first..first + squares as PlaceId).filter_map(|p| rules.places.get(p as usize));
        let (mut single, mut owned_squares) = (true, false);
        for place in places {
            single &= place.capacity == Some(1);
            owned_squares |= place.owner != 0;
        }
        (single, owned_squares)
    }

    /// Whether it is a points board: then nothing goes by direction.
    pub fn is_points(&self) -> bool {
        self.points != u16::MAX
    }

    /// A board of no squares.
    pub fn none() -> BitBoard {
        BitBoard {
            grid: u16::MAX,
            points: u16::MAX,
            first: 0,
            rows: 0,
            columns: 0,
            all: 0,
            down: [0; 8],
            up: [0; 8],
            has: [0; 8],
            single: true,
            owned_squares: false,
            leaps: Box::new([]),
            reach: Box::new([]),
        }
    }

    /// How many squares it has.
    pub fn squares(&self) -> u32 {
        self.all.count_ones()
    }

    /// The bit of place `p`, if it is a square of this board.
    pub fn bit(&self, p: PlaceId) -> Option<u64> {
        let i = p.checked_sub(self.first)?;
        (u32::from(i) < self.squares()).then(|| 1 << i)
    }

    /// The place of bit number `i`.
    pub fn place(&self, i: u32) -> PlaceId {
        self.first + i as PlaceId
    }

    /// The squares whose neighbour in direction `d` (an index into
    /// [`DIRECTIONS`]) is in `x`.
    #[inline]
    pub fn back(&self, x: u64, d: usize) -> u64 {
        ((x >> self.down[d]) << self.up[d]) & self.has[d]
    }

    /// The squares whose neighbour in direction `d` begins a run of one or
    /// more squares of `cont` going `d` that ends in `start`: Reversi's
    /// trapped lines.
    #[inline]
    pub fn flank(&self, start: u64, cont: u64, d: usize) -> u64 {
        // The squares of `cont` from which going `d` over `cont` ends in
        // `start`, grown back from it a square at a time: the runs of a
        // game are short, and growing them by doubling (a fixed number of
        // steps for the board) costs more word operations than it saves.
        let mut run = cont & self.back(start, d);
        loop {
            let more = run | (cont & self.back(run, d));
            if more == run {
                return self.back(run, d);
            }
            run = more;
        }
    }

    /// The squares two away from the square of the bit `from` in a line,
    /// whose square between is in `over` (any, for `None`); none for no
    /// square.
    pub fn two_away(&self, from: u64, over: Option<u64>) -> u64 {
        let Some(leaps) = self.leaps.get(from.trailing_zeros() as usize) else {
            return 0;
        };
        // With no branch on the squares: which leaps pass over a square of
        // `over` is not foreseeable.
        let over = over.unwrap_or(!0);
        leaps.iter().fold(0, |found, &(next, after)| {
            found | after & 0u64.wrapping_sub(u64::from(next & over != 0))
        })
    }

    /// The squares whose neighbour in some direction is in `over` and the
    /// square after it, that way, in `to`: for every square at once, the
    /// squares from which [`two_away`](Self::two_away) over `over` finds
    /// one of `to`.
    pub fn leap(&self, over: u64, to: u64) -> u64 {
        (0..DIRECTIONS.len()).fold(0, |found, d| found | self.back(over & self.back(to, d), d))
    }

    /// The neighbours in direction `d` of the squares of `x`.
    #[inline]
    pub fn ahead(&self, x: u64, d: usize) -> u64 {
        ((x & self.has[d]) << self.down[d]) >> self.up[d]
    }

    /// The squares with a neighbour in direction `d`.
    #[inline]
    pub fn has(&self, d: usize) -> u64 {
        self.has[d]
    }

    /// Whether `mine` has `n` squares in a line (across, down or
    /// diagonally), `n` at least 1.
    #[inline]
    pub fn has_line(&self, n: u32, mine: u64) -> bool {
        if n <= 1 {
            return mine != 0;
        }
        // The squares that begin a run of `len` of `mine` in each
        // direction, the run doubled while it fits in `n`, then grown by
        // the rest at once: a few shifts a direction, whatever `n` is, and
        // no branch on the squares (which a computer cannot foresee).
        let mut runs = [mine; 4];
        let mut len = 1;
        while len < n {
            let k = (n - len).min(len);
            let Some(reach) = self.reach.get(k as usize) else {
                return false;
            };
            for (l, run) in runs.iter_mut().enumerate() {
                // Where a square `k` away is on the board, `k` steps are
                // fewer than 64 bits; elsewhere `reach` is empty, and what
                // a shift past the word reads is not kept.
                let shift = k * u32::from(self.down[LINES[l]]);
                *run &= run.wrapping_shr(shift) & reach[l];
            }
            len += k;
        }
        runs.iter().any(|&r| r != 0)
    }

    /// Every line of `n` squares (across, down or diagonally), each as
    /// the bits of its squares.
    pub fn lines(&self, n: u32) -> Vec<u64> {
        let mut out = Vec::new();
        if n == 0 {
            return out;
        }
        for d in LINES {
            for i in 0..self.squares() {
                let mut line = 1u64 << i;
                let mut at = line;
                for _ in 1..n {
                    at = self.ahead(at, d);
                    line |= at;
                }
                if at != 0 && line.count_ones() == n {
                    out.push(line);
                }
            }
        }
        out
    }

    /// How many squares a line can have at most: the longer side.
    pub fn side(&self) -> u32 {
        u32::from(self.rows.max(self.columns))
    }
}

/// The boards of a game that fit in a word, and which of them each place
/// is a square of.
#[derive(Debug, Clone, Default)]
pub struct BitBoards {
    pub boards: Vec<BitBoard>,
    /// Per place, its board (high half) and bit (low half), or [`NONE`].
    at: Vec<u32>,
}

impl BitBoards {
    /// Every grid and points board of `rules` that fits in a word.
    pub fn of(rules: &Rules) -> BitBoards {
        let grids = rules.grids.iter().enumerate();
        let points = rules.point_boards.iter().enumerate();
        let boards: Vec<BitBoard> = grids
            .filter_map(|(id, g)| BitBoard::of(rules, id, g))
            .chain(points.filter_map(|(id, p)| BitBoard::of_points(rules, id, p)))
            .collect();
        let mut at = vec![NONE; rules.places.len()];
        for (b, board) in boards.iter().enumerate() {
            for i in 0..board.squares() {
                if let Some(slot) = at.get_mut(board.place(i) as usize) {
                    *slot = (b as u32) << 16 | i;
                }
            }
        }
        BitBoards { boards, at }
    }

    /// The board place `p` is a square of, and its bit number there.
    #[inline]
    pub fn at(&self, p: PlaceId) -> Option<(usize, u32)> {
        match self.at.get(p as usize) {
            Some(&x) if x != NONE => Some(((x >> 16) as usize, x & 0xFFFF)),
            _ => None,
        }
    }

    /// The board of grid `g`, if it fits in a word: its index.
    pub fn of_grid(&self, g: u16) -> Option<usize> {
        self.boards.iter().position(|b| b.grid == g)
    }

    /// The board of points board `p`, if it fits in a word: its index.
    pub fn of_points(&self, p: u16) -> Option<usize> {
        self.boards.iter().position(|b| b.points == p)
    }

    /// The board a board, track or points board named as a whole is, if
    /// it fits in a word (`squares(board)`): its index.
    pub fn of_element(&self, e: super::Element) -> Option<usize> {
        match e {
            super::Element::Grid(g) => self.of_grid(g),
            super::Element::Points(p) => self.of_points(p),
            _ => None,
        }
    }
}

/// The square of the `n`th (from 0) of the squares `bits`; `n` is below
/// how many there are. A random step's square is drawn this way, at every
/// step of a playout.
///
/// Found in a fixed number of word operations, with no branch on the
/// squares, as S. Vigna's broadword select ("Broadword implementation of
/// rank/select queries", 2008) finds it: the count of squares in each
/// byte, added up byte after byte in one multiplication, gives the byte
/// the square lies in; a table gives the square within the byte. Going
/// square by square would branch as many times as `n`, a branch the
/// processor cannot foresee.
#[inline]
pub fn nth_square(bits: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Squares per byte, then per byte the squares up to and with it.
    let mut c = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let upto = c.wrapping_mul(ONES);
    // The bytes whose squares up to them are at most `n`: those before
    // the one it lies in (each count is at most 64, under the high bit).
    let before = (((u64::from(n) & 0x7F).wrapping_mul(ONES) | HIGHS) - upto) & HIGHS;
    let byte = ((before >> 7).wrapping_mul(ONES) >> 56) as u32 * 8;
    let earlier = (upto << 8).wrapping_shr(byte) & 0xFF;
    let within =
        ((bits.wrapping_shr(byte) & 0xFF) as usize) | ((n as usize).wrapping_sub(earlier as usize) & 7) << 8;
    byte + u32::from(IN_BYTE[within & 0x7FF])
}

/// Per byte and rank `r` (the index is `byte | r << 8`): where in the
/// byte its `r`th set bit lies (0 where there is none).
static IN_BYTE: [u8; 2048] = {
    let mut table = [0u8; 2048];
    let mut byte = 0;
    while byte < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte | r << 8] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nth_square_is_the_one_counted_square_by_square() {
        let by_steps = |bits: u64, n: u32| {
            let mut left = bits;
            for _ in 0..n {
                left &= left - 1;
            }
            left.trailing_zeros()
        };
        let mut rng = crate::search::rng::Rng::new(11);
        let mut words = vec![u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001, 0x1FF, 0xFF00];
        for _ in 0..2000 {
            // Sparse and dense words alike.
            words.push(match rng.below(3) {
                0 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                1 => rng.next_u64(),
                _ => rng.next_u64() | rng.next_u64(),
            });
        }
        for bits in words {
            for n in 0..bits.count_ones() {
                assert_eq!(nth_square(bits, n), by_steps(bits, n), "{bits:#x}, {n}");
            }
        }
    }

    fn rules(rows: u16, columns: u16) -> Rules {
        let rest = r#"<steps><step name="s"><from name="pool"/><to type="square"/></step></steps>
            <moves><move name="turn">s</move></moves>"#;
        let text = crate::position::examples::stones_game(rows, columns, 4, rest);
        crate::open(&text).unwrap().1
    }

    /// Runs `check` on boards of several shapes: each board, its grid,
    /// and the row and column (from 1) of each of its squares.
    fn on_boards(mut check: impl FnMut(&BitBoard, &Grid, &dyn Fn(u32) -> (i64, i64))) {
        for (rows, columns) in [(1, 1), (3, 3), (6, 7), (8, 8), (2, 5), (1, 50)] {
            let rules = rules(rows, columns);
            let boards = BitBoards::of(&rules);
            let spot = |i: u32| {
                let (i, columns) = (i64::from(i), i64::from(columns));
                (i / columns + 1, i % columns + 1)
            };
            check(&boards.boards[0], &rules.grids[0], &spot);
        }
    }

    /// `back` and `ahead` follow `neighbour` square by square, in every
    /// direction, on boards of several shapes.
    #[test]
    fn shifting_a_set_moves_each_square_to_its_neighbour() {
        on_boards(|board, g, spot| {
            for (d, &(_, dr, dc)) in DIRECTIONS.iter().enumerate() {
                for i in 0..board.squares() {
                    let (row, column) = spot(i);
                    let next = g.place(row + dr, column + dc).and_then(|p| board.bit(p));
                    assert_eq!(board.ahead(1 << i, d), next.unwrap_or(0), "{g:?} {d} {i}");
                    if let Some(n) = next {
                        assert_eq!(board.back(n, d) & (1 << i), 1 << i);
                    }
                    assert_eq!(board.has(d) & (1 << i) != 0, next.is_some());
                }
                assert_eq!(board.back(board.all, d), board.has(d));
            }
        });
    }

    /// `two_away` finds, square by square, the squares two away in a line
    /// from `neighbour` taken twice, with the square between in a set of
    /// squares or anywhere.
    #[test]
    fn the_squares_two_away_are_those_of_a_neighbour_s_neighbour() {
        on_boards(|board, g, spot| {
            // Every third square.
            let over = (0..board.squares())
                .filter(|i| i % 3 == 0)
                .fold(0u64, |s, i| s | 1 << i);
            for i in 0..board.squares() {
                let (row, column) = spot(i);
                let (mut anywhere, mut past_over) = (0, 0);
                for &(_, dr, dc) in &DIRECTIONS {
                    let next = g.place(row + dr, column + dc).and_then(|p| board.bit(p));
                    let after = g.place(row + 2 * dr, column + 2 * dc).and_then(|p| board.bit(p));
                    if let (Some(next), Some(after)) = (next, after) {
                        anywhere |= after;
                        if next & over != 0 {
                            past_over |= after;
                        }
                    }
                }
                assert_eq!(board.two_away(1 << i, None), anywhere, "{g:?} {i}");
                assert_eq!(board.two_away(1 << i, Some(over)), past_over, "{g:?} {i}");
            }
            assert_eq!(board.two_away(0, None), 0, "no square");
        });
    }

    /// The squares from whose neighbour going `d` one or more of `cont`
    /// come, then one of `start` (which may be of `cont` too): followed
    /// square by square.
    fn flank_by_squares(board: &BitBoard, start: u64, cont: u64, d: usize) -> u64 {
        let mut out = 0;
        for i in 0..board.squares() {
            let mut x = board.ahead(1 << i, d);
            while x & cont != 0 {
                x = board.ahead(x, d);
                if x & start != 0 {
                    out |= 1 << i;
                    break;
                }
            }
        }
        out
    }

    /// Board `shape` of [`SHAPES`]: its rows and columns, and its bits.
    fn shaped(shape: usize) -> ((u16, u16), BitBoards) {
        let (rows, columns) = SHAPES[shape];
        ((rows, columns), BitBoards::of(&rules(rows, columns)))
    }

    /// Boards of every shape: one square, square ones, long and thin ones.
    const SHAPES: [(u16, u16); 10] = [
        (1, 1),
        (3, 3),
        (6, 7),
        (8, 8),
        (2, 5),
        (1, 50),
        (2, 32),
        (32, 2),
        (50, 1),
        (4, 16),
    ];

    proptest::proptest! {
        #[test]
        fn a_trapped_line_found_over_the_board_is_the_one_followed_square_by_square(
            shape in 0..SHAPES.len(),
            start: u64,
            cont: u64,
            sparse: u64,
        ) {
            let ((rows, columns), boards) = shaped(shape);
            let board = &boards.boards[0];
            // Long runs as well as short ones.
            for cont in [cont, cont | sparse, !(start & sparse)] {
                let (start, cont) = (start & board.all, cont & board.all);
                for d in 0..8 {
                    proptest::prop_assert_eq!(
                        board.flank(start, cont, d),
                        flank_by_squares(board, start, cont, d),
                        "{}x{} {}", rows, columns, d
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// A step two away, found from every square at once, is the one
        /// found from each square alone.
        #[test]
        fn a_leap_over_the_board_is_two_away_from_each_square(
            shape in 0..SHAPES.len(),
            over: u64,
            to: u64,
            sparse: u64,
        ) {
            let ((rows, columns), boards) = shaped(shape);
            let board = &boards.boards[0];
            for (over, to) in [(over, to), (over & sparse, to | sparse), (u64::MAX, to & sparse)] {
                let (over, to) = (over & board.all, to & board.all);
                let leap = board.leap(over, to);
                for i in 0..board.squares() {
                    let alone = board.two_away(1 << i, Some(over)) & to != 0;
                    proptest::prop_assert_eq!(leap & 1 << i != 0, alone, "{}x{} square {}", rows, columns, i);
                }
                proptest::prop_assert_eq!(leap & !board.all, 0);
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_line_found_by_doubling_is_one_of_the_board_s_lines(
            shape in 0..SHAPES.len(),
            mine: u64,
            more: u64,
            n in 1u32..12,
        ) {
            let ((rows, columns), boards) = shaped(shape);
            let board = &boards.boards[0];
            // Sparse, dense and full sets of squares.
            for mine in [mine & more, mine, mine | more, u64::MAX] {
                let mine = mine & board.all;
                let by_lines = board.lines(n).iter().any(|&l| l & !mine == 0);
                proptest::prop_assert_eq!(board.has_line(n, mine), by_lines, "{}x{} {}", rows, columns, n);
            }
        }
    }

    #[test]
    fn a_line_longer_than_the_board_is_never_found() {
        let rules = rules(6, 7);
        let board = &BitBoards::of(&rules).boards[0];
        for n in [8, 9, 64, 65, 1000, u32::MAX] {
            assert!(!board.has_line(n, board.all), "{n}");
        }
        assert!(board.has_line(7, board.all));
        assert!(board.has_line(1, 1));
        assert!(!board.has_line(1, 0));
    }

    #[test]
    fn only_boards_of_at_most_64_squares_are_kept() {
        assert_eq!(BitBoards::of(&rules(8, 8)).boards.len(), 1);
        assert!(BitBoards::of(&rules(5, 13)).boards.is_empty());
        let r = rules(3, 3);
        let boards = BitBoards::of(&r);
        let first = r.grids[0].first;
        assert_eq!(boards.at(first + 4), Some((0, 4)));
        assert_eq!(boards.at(0).filter(|_| first != 0), None);
        assert!(boards.boards[0].single);
    }
}
