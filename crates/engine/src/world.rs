//! What expressions can ask about a position: the engine's side of the
//! expression language.

use super::expr::{EvalError, Special, Value, World, WorldFn, DIRECTIONS, MAX_ITEMS};
use super::position::Position;
use super::rules::points::PointBoard;
use super::rules::{Element, PlaceId, Rules};
use super::state::State;
use std::borrow::Cow;
use std::cell::RefCell;

/// A position seen by expressions.
pub struct View<'a> {
    pub rules: &'a Rules,
    pub state: &'a State,
    /// The last line `in_a_row` found, for highlighting a win.
    pub line: RefCell<Vec<PlaceId>>,
    /// The position, when there is one, to answer `can`.
    pos: Option<&'a Position>,
    /// The answers of `can` so far: the state can't change while it is
    /// seen, so each question is worked out once per view.
    /// Each by the index of its step rule.
    cans: RefCell<Vec<(usize, Option<i64>, bool)>>,
}

impl<'a> View<'a> {
    pub fn new(rules: &'a Rules, state: &'a State) -> Self {
        View {
            rules,
            state,
            line: RefCell::new(Vec::new()),
            pos: None,
            cans: RefCell::new(Vec::new()),
        }
    }

    /// A position seen by expressions, `can` included.
    pub fn of(pos: &'a Position) -> Self {
        View {
            pos: Some(pos),
            ..View::new(pos.rules(), pos.state())
        }
    }

    /// Whether `can` found a step of the first step rule for the player on
    /// move (asked without a player or with that player's number).
    pub fn found_first_rule_step(&self) -> bool {
        let me = i64::from(self.state.to_move());
        self.cans
            .borrow()
            .iter()
            .any(|&(rule, player, can)| can && rule == 0 && player.is_none_or(|p| p == me))
    }

    /// Whether step rule `rule` has a legal step now for `player` (the
    /// player on move when `None`), for `can`: worked out once per view.
    pub(crate) fn can(&self, rule: &str, player: Option<i64>) -> Result<bool, EvalError> {
        let Some(pos) = self.pos else {
            return Err(err("can is not answered here".into()));
        };
        self.can_rule(pos.rule_index(rule)?, player)
    }

    /// [`can`](Self::can) of the step rule with index `ri`.
    pub(crate) fn can_rule(&self, ri: usize, player: Option<i64>) -> Result<bool, EvalError> {
        let Some(pos) = self.pos else {
            return Err(err("can is not answered here".into()));
        };
        let known = self
            .cans
            .borrow()
            .iter()
            .find(|&&(r, p, _)| r == ri && p == player)
            .map(|&(_, _, b)| b);
        if let Some(b) = known {
            return Ok(b);
        }
        let b = pos.can_rule(ri, player)?;
        self.cans.borrow_mut().push((ri, player, b));
        Ok(b)
    }

    fn element(&self, v: &Value) -> Result<Element, EvalError> {
        // A name the rules keep (lent by `line`, `squares`, `top`…) is
        // known by where it lies, without reading it.
        if let Some(p) = index_in(&self.rules.place_texts, v) {
            return Ok(Element::Place(p as PlaceId));
        }
        if let Some(f) = index_in(&self.rules.figure_texts, v) {
            return Ok(Element::Figure(f as u16));
        }
        match v {
            Value::Text(name) => self
                .rules
                .element(name)
                .ok_or_else(|| err(format!("there is nothing called '{name}' in this game"))),
            other => Err(err(format!(
                "expected the name of something in the game, not {other}"
            ))),
        }
    }

    fn figure(&self, v: &Value) -> Result<u16, EvalError> {
        match self.element(v)? {
            Element::Figure(f) => Ok(f),
            _ => Err(err(format!("'{v}' is not a figure"))),
        }
    }

    fn place(&self, v: &Value) -> Result<PlaceId, EvalError> {
        match self.element(v)? {
            Element::Place(p) => Ok(p),
            _ => Err(err(format!("'{v}' is not a place figures can lie on"))),
        }
    }

    /// The places an element covers: a place itself, or all squares of a board.
    fn places(&self, v: &Value) -> Result<Vec<PlaceId>, EvalError> {
        match self.element(v)? {
            Element::Place(p) => Ok(vec![p]),
            Element::Grid(g) => {
                let g = &self.rules.grids[g as usize];
                Ok((0..g.rows as usize * g.columns as usize)
                    .map(|i| g.first + i as PlaceId)
                    .collect())
            }
            Element::Points(b) => Ok(self.rules.point_boards[b as usize].points().collect()),
            _ => Err(err(format!("'{v}' is not a place"))),
        }
    }

    fn square(&self, v: &Value) -> Result<(PlaceId, super::rules::GridSpot), EvalError> {
        let p = self.place(v)?;
        match self.rules.places[p as usize].grid {
            Some(spot) => Ok((p, spot)),
            None if self.rules.point_board(p).is_some() => Err(err(format!(
                "'{v}' is a point of a points board, not a square; there a direction is the name of a neighbouring point"
            ))),
            None => Err(err(format!("'{v}' is not a square of a board or track"))),
        }
    }

    /// The points board of a point, with the point.
    fn point(&self, v: &Value) -> Result<Option<(PlaceId, &'a PointBoard)>, EvalError> {
        if self.rules.point_boards.is_empty() {
            return Ok(None);
        }
        let p = self.place(v)?;
        Ok(self.rules.point_board(p).map(|b| (p, b)))
    }

    /// A point on the same board as `p`, named by `v`.
    fn point_on(&self, board: &PointBoard, v: &Value) -> Result<PlaceId, EvalError> {
        let q = self.place(v)?;
        if board.holds(q) {
            Ok(q)
        } else {
            Err(err(format!("'{v}' is not a point of {}", board.name)))
        }
    }

    fn names(&self, places: impl IntoIterator<Item = PlaceId>) -> Value {
        Value::List(places.into_iter().map(|p| self.name(Some(p))).collect())
    }

    /// The lines through a point, or all lines of a points board, each a
    /// list of its points.
    fn lines(&self, v: &Value) -> Result<Value, EvalError> {
        let (board, p) = match self.element(v)? {
            Element::Points(b) => (&self.rules.point_boards[b as usize], None),
            Element::Place(p) => match self.rules.point_board(p) {
                Some(b) => (b, Some(p)),
                None => return Err(err(format!("'{v}' is not a point of a points board"))),
            },
            _ => return Err(err(format!("'{v}' is not a points board or a point"))),
        };
        Ok(Value::List(
            board
                .lines_through(p)
                .into_iter()
                .map(|l| self.names(l.iter().copied()))
                .collect(),
        ))
    }

    fn name(&self, p: Option<PlaceId>) -> Value {
        self.name_ref(p).clone()
    }

    /// The name of a place as a value kept by the rules; empty text for none.
    fn name_ref(&self, p: Option<PlaceId>) -> &'a Value {
        p.and_then(|p| self.rules.place_texts.get(p as usize))
            .unwrap_or(&NO_NAME)
    }

    /// The functions whose answer is the name of a place, borrowed.
    fn named(&self, f: WorldFn, args: &[&Value]) -> Result<&'a Value, EvalError> {
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| err("a value is missing in the brackets".into()))
        };
        let rules = self.rules;
        let state = self.state;
        Ok(match f {
            WorldFn::Place => self.name_ref(state.place_of(self.figure(arg(0)?)?)),
            WorldFn::Origin => {
                let f = self.figure(arg(0)?)?;
                self.name_ref(Some(rules.figures[f as usize].origin))
            }
            WorldFn::Square => {
                let g = match self.element(arg(0)?)? {
                    Element::Grid(g) => &rules.grids[g as usize],
                    _ => return Err(err(format!("'{}' is not a board", arg(0)?))),
                };
                let (row, column) = (number(arg(1)?)?, number(arg(2)?)?);
                let row = if g.is_track { 1 } else { row };
                self.name_ref(g.place(row, column))
            }
            WorldFn::Between if self.point(arg(0)?)?.is_some() => {
                let Some((a, board)) = self.point(arg(0)?)? else {
                    return Ok(&NO_NAME);
                };
                let b = self.point_on(board, arg(1)?)?;
                self.name_ref(board.between(a, b))
            }
            WorldFn::Between => {
                let (_, a) = self.square(arg(0)?)?;
                let (_, b) = self.square(arg(1)?)?;
                self.name_ref(rules.grids[a.grid as usize].between(a, b))
            }
            WorldFn::Neighbour => {
                if let Some((p, board)) = self.point(arg(0)?)? {
                    let q = self.point_on(board, arg(1)?)?;
                    return Ok(self.name_ref(board.line(p, q).first().copied()));
                }
                let d = delta(arg(1)?)?;
                self.name_ref(self.step_from(arg(0)?, d, 1)?)
            }
            WorldFn::Top => {
                let p = self.place(arg(0)?)?;
                state
                    .on(p)
                    .last()
                    .and_then(|&f| rules.figure_texts.get(f as usize))
                    .unwrap_or(&NO_NAME)
            }
            WorldFn::Below => {
                let on = state.on(self.place(arg(0)?)?);
                on.len()
                    .checked_sub(2)
                    .and_then(|i| rules.figure_texts.get(on[i] as usize))
                    .unwrap_or(&NO_NAME)
            }
            _ => return Err(err(format!("{f:?} does not give a name"))),
        })
    }

    /// The square next to `s` going `d` steps of (rows, columns), if any;
    /// on a track only left and right go anywhere.
    fn step_from(&self, s: &Value, d: (i64, i64), k: i64) -> Result<Option<PlaceId>, EvalError> {
        let (_, spot) = self.square(s)?;
        Ok(self.step_from_spot(spot, d, k))
    }

    /// [`step_from`](Self::step_from) a square already found.
    fn step_from_spot(&self, spot: super::rules::GridSpot, d: (i64, i64), k: i64) -> Option<PlaceId> {
        let g = &self.rules.grids[spot.grid as usize];
        if g.is_track && d.0 != 0 {
            return None;
        }
        g.place(spot.row as i64 + d.0 * k, spot.column as i64 + d.1 * k)
    }

    fn line(&self, s: &Value, d: &Value) -> Result<Value, EvalError> {
        Ok(Value::List(self.line_names(s, d)?.into_iter().cloned().collect()))
    }

    /// The names of the places of [`line`](Self::line), borrowed.
    fn line_names(&self, s: &Value, d: &Value) -> Result<Vec<&'a Value>, EvalError> {
        if let Some((p, board)) = self.point(s)? {
            let q = self.point_on(board, d)?;
            return Ok(board
                .line(p, q)
                .into_iter()
                .map(|p| self.name_ref(Some(p)))
                .collect());
        }
        let d = delta(d)?;
        let start = self.place(s)?;
        let (_, spot) = self.square(s)?;
        let mut out = Vec::new();
        for k in 1..=MAX_ITEMS as i64 {
            match self.step_from_spot(spot, d, k) {
                Some(p) if p != start => out.push(self.name_ref(Some(p))),
                _ => break,
            }
        }
        Ok(out)
    }

    fn direction(&self, a: &Value, b: &Value) -> Result<Value, EvalError> {
        if let Some((p, board)) = self.point(a)? {
            let q = self.point_on(board, b)?;
            return Ok(self.name(board.direction(p, q)));
        }
        let (_, a) = self.square(a)?;
        let (_, b) = self.square(b)?;
        let (dr, dc) = (b.row as i64 - a.row as i64, b.column as i64 - a.column as i64);
        let straight = dr == 0 || dc == 0 || dr.abs() == dc.abs();
        if a.grid != b.grid || (dr, dc) == (0, 0) || !straight {
            return Ok(Value::from(""));
        }
        let want = (dr.signum(), dc.signum());
        Ok(DIRECTIONS
            .iter()
            .find(|(_, r, c)| (*r, *c) == want)
            .map_or(Value::from(""), |(n, _, _)| Value::from(*n)))
    }

    /// The owner of a figure, of the top figure of a place (0 if empty),
    /// or 0 for "".
    fn owner(&self, v: &Value) -> Result<i64, EvalError> {
        if matches!(v, Value::Text(t) if t.is_empty()) {
            return Ok(0);
        }
        Ok(match self.element(v)? {
            Element::Figure(f) => self.state.owner_of(f) as i64,
            // A place with an owner (a hand) is its owner's; any other
            // place is the owner of its top figure's.
            Element::Place(p) => match self.rules.places.get(p as usize).map_or(0, |x| x.owner) {
                0 => self
                    .state
                    .on(p)
                    .last()
                    .map_or(0, |&f| self.state.owner_of(f) as i64),
                owner => owner as i64,
            },
            _ => return Err(err(format!("'{v}' is not a figure or a place"))),
        })
    }

    /// Whether a figure on `p` is one `who` asks for: a player number
    /// (its owner), or a text (its type or its colour).
    fn owns(&self, p: PlaceId, who: &Who) -> bool {
        self.state.on(p).iter().any(|&f| match who {
            Who::Player(n) => self.state.owner_of(f) as i64 == *n,
            Who::Text(t) => {
                self.rules.types.get(self.state.kind_of(f) as usize) == Some(t)
                    || self.rules.figures.get(f as usize).is_some_and(|i| &i.colour == t)
            }
        })
    }

    /// Whether a chain of places, each a neighbour of the one before (as
    /// `neighbours` has them) and each holding a figure of `args[2]`, goes
    /// from a place of `args[0]` to a place of `args[1]`; each is a place,
    /// a board (all its squares) or a list of places.
    fn connected(&self, args: &[&Value]) -> Result<Value, EvalError> {
        let who = &Who::of(args[2])?;
        let mut goal = vec![false; self.rules.places.len()];
        for p in self.places_in(args[1])? {
            goal[p as usize] = true;
        }
        // Searched from every owned place of the first side at once; each
        // place is looked at once, so it ends on any board.
        let mut seen = vec![false; self.rules.places.len()];
        let mut next = Vec::new();
        for p in self.places_in(args[0])? {
            if !seen[p as usize] && self.owns(p, who) {
                seen[p as usize] = true;
                next.push(p);
            }
        }
        while let Some(p) = next.pop() {
            if goal[p as usize] {
                return Ok(Value::Bool(true));
            }
            for &q in self.rules.neighbours_of(p).unwrap_or(&[]) {
                if !seen[q as usize] && self.owns(q, who) {
                    seen[q as usize] = true;
                    next.push(q);
                }
            }
        }
        Ok(Value::Bool(false))
    }

    /// The places `v` names: a place, every square of a board, or each
    /// place of a list.
    fn places_in(&self, v: &Value) -> Result<Vec<PlaceId>, EvalError> {
        match v {
            Value::List(items) => items.iter().map(|i| self.place(i)).collect(),
            v => self.places(v),
        }
    }

    fn in_a_row(&self, args: &[&Value]) -> Result<Value, EvalError> {
        let n = number(args[1])?;
        let player = &Who::of(args[2])?;
        let (board, through) = match self.element(args[0])? {
            Element::Points(b) => (Some(&self.rules.point_boards[b as usize]), None),
            Element::Place(p) => (self.rules.point_board(p), Some(p)),
            _ => (None, None),
        };
        if let Some(board) = board {
            let run = board.run(through, n.clamp(0, MAX_ITEMS as i64) as usize, |p| {
                self.owns(p, player)
            });
            let found = run.is_some();
            if let Some(run) = run {
                *self.line.borrow_mut() = run;
            }
            return Ok(Value::Bool(found));
        }
        let g = match self.element(args[0])? {
            Element::Grid(g) => &self.rules.grids[g as usize],
            _ => return Err(err(format!("'{}' is not a board", args[0]))),
        };
        if n < 1 {
            return Ok(Value::Bool(false));
        }
        for row in 1..=g.rows as i64 {
            for column in 1..=g.columns as i64 {
                if !g.place(row, column).is_some_and(|p| self.owns(p, player)) {
                    continue;
                }
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cell = |k: i64| g.place(row + dr * k, column + dc * k);
                    // Checked without allocating; the line is built only for a win.
                    if (0..n).all(|k| cell(k).is_some_and(|p| self.owns(p, player))) {
                        *self.line.borrow_mut() = (0..n).filter_map(cell).collect();
                        return Ok(Value::Bool(true));
                    }
                }
            }
        }
        Ok(Value::Bool(false))
    }
}

/// What `in_a_row` and `connected` look for on each place.
enum Who {
    /// A figure of this player.
    Player(i64),
    /// A figure of this type or colour.
    Text(String),
}

impl Who {
    /// A player's number, or a type or colour written as text.
    fn of(v: &Value) -> Result<Who, EvalError> {
        Ok(match v {
            Value::Text(t) if t.parse::<i64>().is_err() => Who::Text(t.clone()),
            other => Who::Player(number(other)?),
        })
    }
}

/// Where `v` lies in `list`, if it is one of its values (not a copy).
pub(crate) fn index_in(list: &[Value], v: &Value) -> Option<usize> {
    let size = std::mem::size_of::<Value>();
    let offset = (v as *const Value as usize).wrapping_sub(list.as_ptr() as usize);
    let i = offset / size;
    (offset.is_multiple_of(size) && i < list.len()).then_some(i)
}

/// The lists of [`DIRECTIONS`] names: all, straight and diagonal, made once.
fn direction_lists() -> &'static [Value; 3] {
    static LISTS: std::sync::OnceLock<[Value; 3]> = std::sync::OnceLock::new();
    LISTS.get_or_init(|| [directions(0..8), directions(0..4), directions(4..8)])
}

/// The names of some of the [`DIRECTIONS`].
fn directions(range: std::ops::Range<usize>) -> Value {
    Value::List(
        DIRECTIONS[range]
            .iter()
            .map(|(n, _, _)| Value::from(*n))
            .collect(),
    )
}

/// How far a direction goes in rows and columns.
fn delta(d: &Value) -> Result<(i64, i64), EvalError> {
    // Only a text can name a direction: no other value's text form does.
    let found = match d {
        Value::Text(name) => DIRECTIONS.iter().find(|(n, _, _)| n == name),
        _ => None,
    };
    found.map(|&(_, dr, dc)| (dr, dc)).ok_or_else(|| {
        err(format!(
            "'{}' is not a direction; the directions are up, down, left, right, up-left, up-right, down-left and down-right",
            d.to_text()
        ))
    })
}

/// The column (a = 1) and row of a point named like a chess square: one
/// small letter, then a number from 1.
pub fn chess_square(name: &str) -> Option<(i64, i64)> {
    let mut chars = name.chars();
    let letter = chars.next().filter(char::is_ascii_lowercase)?;
    let digits = chars.as_str();
    let row: i64 = digits.parse().ok().filter(|r| (1..=99).contains(r))?;
    if !digits.starts_with(|c: char| c.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    Some((letter as i64 - 'a' as i64 + 1, row))
}

/// The name of nothing.
static NO_NAME: Value = Value::Text(String::new());

fn err(message: String) -> EvalError {
    EvalError { message }
}

fn number(v: &Value) -> Result<i64, EvalError> {
    match v {
        Value::Number(n) => Ok(*n),
        Value::Text(t) => t
            .parse()
            .map_err(|_| err(format!("expected a number, not '{t}'"))),
        other => Err(err(format!("expected a number, not {other}"))),
    }
}

/// An attribute's text as a value: a number, yes/no, or text.
pub fn attribute_value(text: &str) -> Value {
    match text {
        "yes" | "true" => Value::Bool(true),
        "no" | "false" => Value::Bool(false),
        _ => super::pattern::capture_value(text),
    }
}

impl World for View<'_> {
    fn special(&self, s: Special) -> Value {
        let rules = self.rules;
        let last = self.state.made().last();
        match s {
            Special::Player => Value::Number(self.state.to_move() as i64),
            Special::Opponent => Value::Number(rules.other(self.state.to_move()) as i64),
            Special::Next => Value::Number(rules.next(self.state.to_move()) as i64),
            Special::Previous => Value::Number(rules.previous(self.state.to_move()) as i64),
            Special::Steps => Value::List(
                self.state
                    .made()
                    .iter()
                    .map(|m| {
                        Value::Text(
                            rules
                                .steps
                                .get(m.rule as usize)
                                .map_or(String::new(), |r| r.name.clone()),
                        )
                    })
                    .collect(),
            ),
            Special::LastFigure => {
                Value::Text(last.map_or(String::new(), |m| rules.figure_name(m.figure).to_string()))
            }
            Special::LastFrom => self.name(last.map(|m| m.from)),
            Special::LastTo => self.name(last.map(|m| m.to)),
            Special::Directions => directions(0..8),
            Special::Straight => directions(0..4),
            Special::Diagonal => directions(4..8),
            Special::Repetitions => Value::Number(self.state.repetitions() as i64),
        }
    }

    fn call(&self, f: WorldFn, args: &[Value]) -> Result<Value, EvalError> {
        let refs: Vec<&Value> = args.iter().collect();
        self.call_ref(f, &refs)
    }

    fn is_empty_place(&self, place: &Value) -> Result<bool, EvalError> {
        match self.element(place)? {
            Element::Place(p) => Ok(self.state.on(p).is_empty()),
            Element::Grid(_) => Ok(self.places(place)?.iter().all(|&p| self.state.on(p).is_empty())),
            _ => Err(err(format!("'{place}' is not a place"))),
        }
    }

    fn call_items(&self, f: WorldFn, args: &[&Value]) -> Option<Result<Vec<&Value>, EvalError>> {
        match (f, args) {
            (WorldFn::Line, [s, d]) => Some(self.line_names(s, d)),
            (WorldFn::Squares, [b]) => Some(
                self.places(b)
                    .map(|places| places.into_iter().map(|p| self.name_ref(Some(p))).collect()),
            ),
            _ => None,
        }
    }

    fn call_cow(&self, f: WorldFn, args: &[&Value]) -> Result<Cow<'_, Value>, EvalError> {
        match f {
            WorldFn::Place
            | WorldFn::Origin
            | WorldFn::Square
            | WorldFn::Between
            | WorldFn::Top
            | WorldFn::Below
            | WorldFn::Neighbour => self.named(f, args).map(Cow::Borrowed),
            _ => self.call_ref(f, args).map(Cow::Owned),
        }
    }

    fn special_cow(&self, s: Special) -> Cow<'_, Value> {
        let last = self.state.made().last();
        match s {
            Special::LastFigure => Cow::Borrowed(
                last.and_then(|m| self.rules.figure_texts.get(m.figure as usize))
                    .unwrap_or(&NO_NAME),
            ),
            Special::LastFrom => Cow::Borrowed(self.name_ref(last.map(|m| m.from))),
            Special::LastTo => Cow::Borrowed(self.name_ref(last.map(|m| m.to))),
            Special::Directions => Cow::Borrowed(&direction_lists()[0]),
            Special::Straight => Cow::Borrowed(&direction_lists()[1]),
            Special::Diagonal => Cow::Borrowed(&direction_lists()[2]),
            other => Cow::Owned(self.special(other)),
        }
    }

    fn call_ref(&self, f: WorldFn, args: &[&Value]) -> Result<Value, EvalError> {
        let arg = |i: usize| {
            args.get(i)
                .copied()
                .ok_or_else(|| err("a value is missing in the brackets".into()))
        };
        let rules = self.rules;
        let state = self.state;
        Ok(match f {
            WorldFn::At => {
                let fig = self.figure(arg(0)?)?;
                let places = self.places(arg(1)?)?;
                Value::Bool(state.place_of(fig).is_some_and(|p| places.contains(&p)))
            }
            WorldFn::Contains => {
                let name = |&f: &u16| rules.figure_texts[f as usize].clone();
                Value::List(match self.element(arg(0)?)? {
                    // One place: no list of places to build.
                    Element::Place(p) => state.on(p).iter().map(name).collect(),
                    _ => {
                        let places = self.places(arg(0)?)?;
                        places
                            .iter()
                            .flat_map(|&p| state.on(p).iter().map(name))
                            .collect()
                    }
                })
            }
            WorldFn::Value => match self.element(arg(0)?)? {
                Element::Trigger(t) => state.trigger(t).cloned().unwrap_or(Value::Bool(false)),
                Element::Die(d) => Value::Number(state.die(d).into()),
                _ => return Err(err(format!("'{}' is not a trigger or a die", arg(0)?))),
            },
            WorldFn::Place
            | WorldFn::Origin
            | WorldFn::Square
            | WorldFn::Between
            | WorldFn::Top
            | WorldFn::Below => self.named(f, args)?.clone(),
            WorldFn::Type => Value::Text(match self.element(arg(0)?)? {
                Element::Figure(f) => rules.types[state.kind_of(f) as usize].clone(),
                Element::Place(p) => rules.places[p as usize].kind.to_string(),
                Element::Points(_) => "points".to_string(),
                Element::Grid(g) => if rules.grids[g as usize].is_track {
                    "track"
                } else {
                    "board"
                }
                .to_string(),
                Element::Trigger(_) => "trigger".to_string(),
                Element::Die(_) => "die".to_string(),
                Element::Type(_) => "type".to_string(),
            }),
            WorldFn::Owner => Value::Number(self.owner(arg(0)?)?),
            WorldFn::Squares => Value::List(
                self.places(arg(0)?)?
                    .into_iter()
                    .map(|p| self.name(Some(p)))
                    .collect(),
            ),
            WorldFn::Neighbour => self.named(f, args)?.clone(),
            WorldFn::Lines => self.lines(arg(0)?)?,
            WorldFn::Line => self.line(arg(0)?, arg(1)?)?,
            WorldFn::Direction => self.direction(arg(0)?, arg(1)?)?,
            WorldFn::Can => {
                if self.pos.is_none() {
                    return Err(err("can is not answered here".into()));
                }
                let player = match args.get(1) {
                    Some(p) => Some(number(p)?),
                    None => None,
                };
                Value::Bool(match arg(0)? {
                    Value::Text(rule) => self.can(rule, player)?,
                    other => self.can(&other.to_text(), player)?,
                })
            }
            WorldFn::Colour => Value::Text(rules.figures[self.figure(arg(0)?)? as usize].colour.clone()),
            WorldFn::Attribute => {
                let key = arg(1)?.to_string();
                let attrs = match self.element(arg(0)?)? {
                    Element::Figure(f) => &rules.figures[f as usize].attributes,
                    Element::Place(p) => &rules.places[p as usize].attributes,
                    _ => return Ok(Value::Text(String::new())),
                };
                attrs
                    .get(&key)
                    .map_or(Value::Text(String::new()), |v| attribute_value(v))
            }
            WorldFn::Row | WorldFn::Column => match self.square(arg(0)?) {
                Ok((_, spot)) if f == WorldFn::Row => Value::Number(spot.row as i64),
                Ok((_, spot)) => Value::Number(spot.column as i64),
                Err(e) if self.point(arg(0)?)?.is_none() => return Err(e),
                Err(_) => {
                    let p = self.place(arg(0)?)?;
                    let Some((row, column)) = rules.places[p as usize].named_at else {
                        return Err(err(format!(
                            "'{}' is a point without a row or column; only points named like chess squares (a letter and a number, like c3) have them",
                            arg(0)?.to_text()
                        )));
                    };
                    Value::Number(i64::from(if f == WorldFn::Row { row } else { column }))
                }
            },
            WorldFn::Neighbours => {
                let p = match self.point(arg(0)?)? {
                    Some((p, _)) => p,
                    None => self.square(arg(0)?)?.0,
                };
                self.names(rules.neighbours_of(p).unwrap_or(&[]).iter().copied())
            }
            WorldFn::Distance => {
                if let Some((p, board)) = self.point(arg(0)?)? {
                    let q = self.point_on(board, arg(1)?)?;
                    return board.distance(p, q).map(Value::Number).ok_or_else(|| {
                        err(format!(
                            "no lines lead from '{}' to '{}'",
                            arg(0).unwrap_or(&NO_NAME),
                            arg(1).unwrap_or(&NO_NAME)
                        ))
                    });
                }
                let (_, a) = self.square(arg(0)?)?;
                let (_, b) = self.square(arg(1)?)?;
                if a.grid != b.grid {
                    return Err(err(format!(
                        "'{}' and '{}' are not on the same board",
                        arg(0)?,
                        arg(1)?
                    )));
                }
                let dr = (a.row as i64 - b.row as i64).abs();
                let dc = (a.column as i64 - b.column as i64).abs();
                Value::Number(dr.max(dc))
            }
            WorldFn::InARow => {
                if args.len() < 3 {
                    return Err(err("in_a_row needs a board, a count and a player".into()));
                }
                self.in_a_row(args)?
            }
            WorldFn::Connected => {
                if args.len() < 3 {
                    return Err(err("connected needs two places and a player".into()));
                }
                self.connected(args)?
            }
        })
    }
}
