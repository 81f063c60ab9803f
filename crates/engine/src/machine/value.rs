//! Conditions, winners and the values of effects, over the machine's
//! situation: the trees over ids of the compiled conditions
//! ([`crate::rules::tree`]), each part worked out as the compiled
//! conditions work it out ([`crate::rules::Fast`]), reading a
//! [`Situation`] instead of a state. A quantifier over the board's squares
//! whose condition has the form of sets is a set program.
//!
//! Where the compiled conditions give up and leave the general evaluator
//! to answer (an error, a value of an unexpected kind), the machine gives
//! up too: `None` all the way up, and the playout goes on in the general
//! engine. The figures are known by where they lie ([`Held::On`]), as one
//! of the alike figures of a kind on a pile ([`Held::Piled`]) or as the
//! step's own ([`Held::Moved`]), not by name: a question about one that
//! needs its name, or that tells alike figures apart, gives up.

use crate::expr::{BinOp, Function, Quantity, Special, WorldFn};
use crate::rules::tree::{self, answer, Held, Node, Program, Reg, Seq, Text, Val, EMPTY, FIXED_TEXTS};
use crate::rules::{Element, GridSpot, PlaceId, Rules};
use crate::state::{BoardBits, REMOVED};

use super::ops::{build, number, truth, Op};
use super::situation::{Made, Situation};
use super::Machine;

/// An expression compiled for the machine, with the texts it names.
#[derive(Clone)]
pub struct Expr {
    op: Op,
    texts: Vec<Text>,
}

impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expr")
            .field("texts", &self.texts)
            .finish_non_exhaustive()
    }
}

/// Where the steps of a set's figures may start, over the whole board
/// ([`SetOf::starts`]), and which of the set's parts that read no square
/// it reads: those that read nothing of the step.
#[derive(Clone)]
pub(super) struct Starts {
    program: Program,
    fixed: Vec<bool>,
}

/// A set program and its parts that read no square, compiled.
#[derive(Clone)]
pub(super) struct SetOf {
    program: Program,
    scalars: Vec<Op>,
}

impl SetOf {
    /// Whether it asks no part that reads no square: it reads the board
    /// alone.
    pub(super) fn bare(&self) -> bool {
        self.scalars.is_empty()
    }

    /// Whether it gives the squares with a figure on (`Some(true)`) or
    /// with none (`Some(false)`), and nothing else ([`Program::filled`]).
    pub(super) fn filled(&self) -> Option<bool> {
        self.program.filled().filter(|_| self.bare())
    }

    /// Whether its condition `i` reads the board only along direction `d`
    /// from its square (or not along any), and its parts that read no
    /// square read nothing that changes as the game goes: the player on
    /// move and the like, or values as they stand.
    pub(super) fn reads_along(&self, i: usize, d: usize) -> bool {
        self.fixed_scalars()
            && self
                .program
                .directions_read(i)
                .is_some_and(|dirs| dirs & !(1 << d) == 0)
    }

    /// Whether its condition `i` reads the board only on its own square,
    /// and nothing else that changes as the game goes
    /// ([`reads_along`](Self::reads_along) no direction).
    pub(super) fn reads_square_alone(&self, i: usize) -> bool {
        self.fixed_scalars() && self.program.directions_read(i) == Some(0)
    }

    /// The place among `listing`'s results (run over the whole board) of
    /// what this program's condition `i` is at the target, on a board
    /// changed on the target alone since, with the same player on move
    /// ([`Program::twin_ahead`]).
    pub(super) fn twin_ahead(&self, i: usize, listing: &SetOf) -> Option<Reg> {
        (self.fixed_scalars() && listing.fixed_scalars())
            .then(|| self.program.twin_ahead(i, &listing.program))
            .flatten()
    }

    /// The same for condition `i` at every square but the target
    /// ([`Program::twin_elsewhere`]).
    pub(super) fn twin_elsewhere(&self, i: usize, listing: &SetOf) -> Option<Reg> {
        (self.fixed_scalars() && listing.fixed_scalars())
            .then(|| self.program.twin_elsewhere(i, &listing.program))
            .flatten()
    }

    /// The squares a step whose targets are this set may start from, as a
    /// program over the whole board ([`Program::starts`]): the target in
    /// `room`'s squares, any where the step captures by landing, else
    /// the empty ones. `None` where it would tell no square from another.
    pub(super) fn starts(&self, capture: bool) -> Option<Starts> {
        let scalars = self.program.scalars();
        let fixed: Vec<bool> = scalars.iter().map(super::compile::reads_no_step).collect();
        let from: Vec<bool> = scalars.iter().map(|n| matches!(n, Node::Slot(1))).collect();
        Some(Starts {
            program: self.program.starts(&fixed, &from, capture)?,
            fixed,
        })
    }

    /// Whether its parts that read no square read nothing that changes as
    /// the game goes: the player on move and the like, or values as they
    /// stand.
    fn fixed_scalars(&self) -> bool {
        let mut fixed = true;
        for n in self.program.scalars() {
            tree::walk(n, &mut |p| {
                fixed &= matches!(
                    p,
                    Node::Value(_)
                        | Node::Special(
                            Special::Player | Special::Opponent | Special::Next | Special::Previous
                        )
                        | Node::Not(_)
                        | Node::Neg(_)
                        | Node::And(..)
                        | Node::Or(..)
                        | Node::Binary(..)
                        | Node::If(_)
                );
            });
        }
        fixed
    }

    /// Runs a program that asks nothing, on `s` with `player` on move.
    /// With `keep`, its results `keep` over the whole board into `kept`.
    pub(super) fn run_bare(
        &self,
        m: &Machine,
        rules: &Rules,
        s: &Situation,
        player: u8,
        keep: Option<&[Reg]>,
        kept: &mut [u64],
    ) -> Option<tree::Tri> {
        match keep {
            Some(keep) => self
                .program
                .run_keeping(&[], rules, &m.board, s.bits, player, keep, kept),
            None => self.program.run(&[], rules, &m.board, s.bits, player),
        }
    }
}

impl std::fmt::Debug for SetOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SetOf").finish_non_exhaustive()
    }
}

impl std::fmt::Debug for Starts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Starts")
            .field("fixed", &self.fixed)
            .finish_non_exhaustive()
    }
}

/// A part of an expression, as [`Node`] has it, with what it names as it
/// stands found once; [`super::ops::build`] makes it ready to run.
#[derive(Clone)]
pub(super) enum Sx {
    Val(Val),
    Slot(usize),
    Special(Special),
    Not(Box<Sx>),
    Neg(Box<Sx>),
    And(Box<Sx>, Box<Sx>),
    Or(Box<Sx>, Box<Sx>),
    Binary(BinOp, Box<Sx>, Box<Sx>),
    If(Box<[Sx; 3]>),
    Quantifier {
        kind: Quantity,
        slot: usize,
        until: bool,
        list: Box<Sx>,
        condition: Box<Sx>,
    },
    /// A quantifier over the board's squares worked out as sets, or, where
    /// the sets give up, item by item.
    Squares {
        kind: Quantity,
        until: bool,
        set: Box<SetOf>,
        one_by_one: Box<Sx>,
    },
    Apply {
        base: usize,
        args: Vec<Sx>,
        body: Box<Sx>,
    },
    Let {
        slot: usize,
        value: Box<Sx>,
        body: Box<Sx>,
    },
    Call(Function, Vec<Sx>),
    /// `in_a_row(board, n, who)` on the machine's board, `n` as it stands;
    /// on a small board, its lines as bits.
    InARow(i32, Box<Sx>, Option<std::sync::Arc<[u64]>>),
    /// `empty(place)` of a place named as it stands.
    Empty(super::Where),
    /// `value(trigger)` of a trigger named as it stands.
    Trigger(usize),
    /// `can(rule)` or `can(rule, player)` of a rule named as it stands.
    Can(usize, Option<Box<Sx>>),
    /// A part that reads nothing but numbers, yes or no and the player on
    /// move (or the other), worked out for each player 1 to 4.
    ByPlayer(Box<[Val; 4]>),
    /// What the rule's pattern caught of the place in a slot (`from` or
    /// `to`): per place, the number caught (the machine gives up on a
    /// text).
    Caught(usize, std::sync::Arc<[Option<Val>]>),
    /// A part that reads nothing of the step, kept once worked out in a
    /// listing ([`super::once`]); `part` names it.
    Once {
        part: u32,
        value: Box<Sx>,
    },
}

/// What a step rule's pattern for `from` or `to` caught of each place, one
/// of its variables: the slot of the place, and per place the number
/// caught, if it is one.
#[derive(Debug, Clone)]
pub(super) struct Caught {
    pub slot: usize,
    pub of: std::sync::Arc<[Option<Val>]>,
}

impl Sx {
    /// The number it is, where it is one written as it stands.
    pub(super) fn number(&self) -> Option<i32> {
        match self {
            Sx::Val(v) => v.as_num(),
            _ => None,
        }
    }
}

/// What compiling needs: the game, the texts of the expression, and the
/// machine's board and places.
pub(super) struct Cx<'a> {
    pub rules: &'a Rules,
    pub texts: &'a [Text],
    pub b: Option<usize>,
    pub places: &'a [super::Where],
    /// Per variable of the rule, what its patterns caught of a place.
    pub caught: &'a [Option<Caught>],
}

impl Expr {
    /// `node`, named with `texts`, for a machine on board `b` with
    /// `places`, of a step rule whose patterns `caught` what they did of
    /// each place (none elsewhere): a condition asked of each target of a
    /// listing, its parts that read nothing of the step worked out once
    /// ([`super::once`]); and its parts before they were made ready to run.
    pub(super) fn compile_per_target(
        node: &Node,
        texts: Vec<Text>,
        rules: &Rules,
        (b, places): (Option<usize>, &[super::Where]),
        caught: &[Option<Caught>],
    ) -> Result<(Expr, Sx), String> {
        let sx = super::once::marked(Expr::parts(node, &texts, rules, (b, places), caught)?);
        let op = build(&sx);
        Ok((Expr { op, texts }, sx))
    }

    /// The texts it names.
    pub(super) fn texts(&self) -> &[Text] {
        &self.texts
    }

    /// `node`'s parts, named with `texts`, before they are made ready to
    /// run.
    fn parts(
        node: &Node,
        texts: &[Text],
        rules: &Rules,
        (b, places): (Option<usize>, &[super::Where]),
        caught: &[Option<Caught>],
    ) -> Result<Sx, String> {
        Cx {
            rules,
            texts,
            b,
            places,
            caught,
        }
        .sx(node)
    }

    /// `node` compiled as it stands, and its parts before they
    /// are made ready to run.
    pub(super) fn compile_with_parts(
        node: &Node,
        texts: Vec<Text>,
        rules: &Rules,
        (b, places): (Option<usize>, &[super::Where]),
        caught: &[Option<Caught>],
    ) -> Result<(Expr, Sx), String> {
        let sx = Expr::parts(node, &texts, rules, (b, places), caught)?;
        let op = build(&sx);
        Ok((Expr { op, texts }, sx))
    }

    /// A set program of a step rule's targets, with its parts compiled.
    pub(super) fn set(
        program: Program,
        texts: Vec<Text>,
        rules: &Rules,
        (b, places): (Option<usize>, &[super::Where]),
        caught: &[Option<Caught>],
    ) -> Result<(SetOf, Vec<Text>), String> {
        let cx = Cx {
            rules,
            texts: &texts,
            b,
            places,
            caught,
        };
        let scalars = program
            .scalars()
            .iter()
            .map(|n| cx.sx(n).map(|x| build(&x)))
            .collect::<Result<_, _>>()?;
        Ok((SetOf { program, scalars }, texts))
    }

    /// Its value, worked out with `e` (reading this expression's texts
    /// while it runs); `None` to give up.
    pub(super) fn value<'a>(&'a self, e: &mut Eval<'a, '_>) -> Option<Val> {
        let theirs = std::mem::replace(&mut e.texts, &self.texts);
        let v = self.op.get(e);
        e.texts = theirs;
        v
    }
}

/// `x` worked out for each player on move, where it reads nothing but
/// numbers, yes or no and the player on move or the other: checkers'
/// `last_row`, `if player = 1 then 8 else 1`, is then read, not worked out
/// at every step. Else `x` as it is.
fn by_player(x: Sx, rules: &Rules) -> Sx {
    if matches!(x, Sx::Val(_) | Sx::Slot(_) | Sx::Special(_) | Sx::ByPlayer(_)) {
        return x;
    }
    let mut values = [Val::num(0); 4];
    for (p, v) in (1..=4).zip(&mut values) {
        match pure(&x, p, rules) {
            Some(value) => *v = value,
            None => return x,
        }
    }
    Sx::ByPlayer(Box::new(values))
}

/// The value of `x` for player `p` on move, as the closures would work it
/// out, where it reads only what [`by_player`] allows; `None` else (or
/// where they would give up).
fn pure(x: &Sx, p: u8, rules: &Rules) -> Option<Val> {
    let value = |x: &Sx| pure(x, p, rules);
    match x {
        &Sx::Val(v) if v.as_num().is_some() || v.as_bool().is_some() => Some(v),
        Sx::Special(Special::Player) => Some(Val::num(i32::from(p))),
        Sx::Special(Special::Opponent) => Some(Val::num(i32::from(rules.other(p)))),
        Sx::ByPlayer(values) => values.get(usize::from(p) - 1).copied(),
        Sx::Not(x) => Some(Val::bool(!truth(value(x)?)?)),
        Sx::Neg(x) => Some(Val::num(number(value(x)?)?.checked_neg()?)),
        Sx::And(a, b) => Some(Val::bool(truth(value(a)?)? && truth(value(b)?)?)),
        Sx::Or(a, b) => Some(Val::bool(truth(value(a)?)? || truth(value(b)?)?)),
        // Only the branch taken is asked, as the closures ask it.
        Sx::If(parts) => match truth(value(&parts[0])?)? {
            true => value(&parts[1]),
            false => value(&parts[2]),
        },
        Sx::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
            let (a, b) = (value(a)?, value(b)?);
            let same = match (a.held(), b.held()) {
                (Held::Num(_), Held::Num(_)) | (Held::Bool(_), Held::Bool(_)) => a == b,
                _ => return None,
            };
            Some(Val::bool(same == (*op == BinOp::Eq)))
        }
        Sx::Binary(op, a, b) => tree::arithmetic(*op, number(value(a)?)?, number(value(b)?)?),
        _ => None,
    }
}

/// Whether `n` is `type(…)`.
fn is_type_of(n: &Node) -> bool {
    matches!(n, Node::Call(Function::World(WorldFn::Type), _))
}

impl Cx<'_> {
    /// `n` as a part, or what it has that the machine does not do.
    pub(super) fn sx(&self, n: &Node) -> Result<Sx, String> {
        self.parts(n).map(|x| by_player(x, self.rules))
    }

    /// [`sx`](Self::sx) before a part that reads only the player on move
    /// is worked out for each player.
    fn parts(&self, n: &Node) -> Result<Sx, String> {
        let boxed = |x: Sx| Box::new(x);
        Ok(match n {
            Node::Value(v) => Sx::Val(*v),
            Node::Slot(i) => Sx::Slot(*i),
            Node::Capture(i) => match self.caught.get(*i) {
                Some(Some(c)) => Sx::Caught(c.slot, c.of.clone()),
                _ => return Err("a rule reads what its patterns caught of a figure".into()),
            },
            Node::General(_) => return Err("a part has no compiled form".into()),
            Node::Special(s) => match s {
                Special::Steps | Special::LastFigure => {
                    return Err(format!("a rule reads {s:?}"));
                }
                s => Sx::Special(*s),
            },
            Node::Not(x) => Sx::Not(boxed(self.sx(x)?)),
            Node::Neg(x) => Sx::Neg(boxed(self.sx(x)?)),
            Node::And(a, b) => Sx::And(boxed(self.sx(a)?), boxed(self.sx(b)?)),
            Node::Or(a, b) => Sx::Or(boxed(self.sx(a)?), boxed(self.sx(b)?)),
            Node::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) => {
                let side = |x: &Node| match self.type_named(x) {
                    Some(k) => Ok(Sx::Val(Val::kind(k))),
                    None => self.sx(x),
                };
                // A type compared with a text naming one: by number.
                let (a, b) = match (is_type_of(a), is_type_of(b)) {
                    (true, false) => (self.sx(a)?, side(b)?),
                    (false, true) => (side(a)?, self.sx(b)?),
                    _ => (self.sx(a)?, self.sx(b)?),
                };
                Sx::Binary(*op, boxed(a), boxed(b))
            }
            Node::Binary(op, a, b) => Sx::Binary(*op, boxed(self.sx(a)?), boxed(self.sx(b)?)),
            Node::If(parts) => Sx::If(Box::new([
                self.sx(&parts[0])?,
                self.sx(&parts[1])?,
                self.sx(&parts[2])?,
            ])),
            Node::Quantifier {
                kind,
                slot,
                until,
                list,
                condition,
            } => {
                let one_by_one = Sx::Quantifier {
                    kind: *kind,
                    slot: *slot,
                    until: *until,
                    list: boxed(self.sx(list)?),
                    condition: boxed(self.sx(condition)?),
                };
                match self.over_squares(*kind, *slot, *until, list, condition)? {
                    Some(set) => Sx::Squares {
                        kind: *kind,
                        until: *until,
                        set: Box::new(set),
                        one_by_one: boxed(one_by_one),
                    },
                    None => one_by_one,
                }
            }
            Node::Apply { base, args, body } => Sx::Apply {
                base: *base,
                args: args.iter().map(|a| self.sx(a)).collect::<Result<_, _>>()?,
                body: boxed(self.sx(body)?),
            },
            Node::Let { slot, value, body } => Sx::Let {
                slot: *slot,
                value: boxed(self.sx(value)?),
                body: boxed(self.sx(body)?),
            },
            Node::Call(f, args) => match self.named_call(*f, args)? {
                Some(x) => x,
                None => Sx::Call(*f, args.iter().map(|a| self.sx(a)).collect::<Result<_, _>>()?),
            },
        })
    }

    /// The figure type a text written as it stands names, if any: `type(x)
    /// = "crown"` then compares numbers, not names (types are numbered once
    /// each, so the same number is the same name).
    fn type_named(&self, n: &Node) -> Option<u16> {
        let text = &self.texts.get(n.text()? as usize)?.text;
        let k = self.rules.types.iter().position(|t| t == text)?;
        u16::try_from(k).ok()
    }

    /// A call of a function on something named as it stands, found once:
    /// `in_a_row(board, 4, opponent)`, `empty(pool)`, `value(quiet)`,
    /// `can(jump)`.
    fn named_call(&self, f: Function, args: &[Node]) -> Result<Option<Sx>, String> {
        let Some(i) = args.first().and_then(Node::text) else {
            return Ok(None);
        };
        let Some(text) = self.texts.get(i as usize) else {
            return Ok(None);
        };
        Ok(Some(match (f, text.element, &args[1..]) {
            (Function::World(WorldFn::InARow), Some(Element::Grid(g)), [n, who])
                if self.b.is_some() && self.rules.bitboards.of_grid(g) == self.b =>
            {
                let Some(n) = n.number() else {
                    return Ok(None);
                };
                let board = &self.rules.bitboards.boards[self.rules.bitboards.of_grid(g).unwrap_or(0)];
                let lines = board.lines(n.max(0) as u32);
                // A few lines are looked at one by one; many, by shifting.
                let lines = (lines.len() <= 24).then(|| lines.into());
                Sx::InARow(n, Box::new(self.sx(who)?), lines)
            }
            (Function::Empty, Some(Element::Place(p)), []) => match self.places.get(p as usize) {
                Some(&at) => Sx::Empty(at),
                None => return Ok(None),
            },
            (Function::World(WorldFn::Value), Some(Element::Trigger(t)), []) => Sx::Trigger(t as usize),
            (Function::World(WorldFn::Can), _, rest) if rest.len() <= 1 => match text.rule {
                Some(r) => Sx::Can(r, rest.first().map(|p| self.sx(p).map(Box::new)).transpose()?),
                None => return Ok(None),
            },
            _ => return Ok(None),
        }))
    }

    /// A quantifier over the squares of the machine's board as sets, where
    /// its condition has that form.
    fn over_squares(
        &self,
        kind: Quantity,
        slot: usize,
        until: bool,
        list: &Node,
        condition: &Node,
    ) -> Result<Option<SetOf>, String> {
        let Some(i) = list.squares_of() else {
            return Ok(None);
        };
        let Some(e) = self.texts.get(i as usize).and_then(|t| t.element) else {
            return Ok(None);
        };
        let Some(b) = self.b.filter(|&b| self.rules.bitboards.of_element(e) == Some(b)) else {
            return Ok(None);
        };
        if !tree::answered_by_sets(kind, until) {
            return Ok(None);
        }
        let Some(program) = tree::over_squares(condition, slot, self.rules, self.texts, b) else {
            return Ok(None);
        };
        let scalars = program
            .scalars()
            .iter()
            .map(|n| self.sx(n).map(|x| build(&x)))
            .collect::<Result<_, _>>()?;
        Ok(Some(SetOf { program, scalars }))
    }
}

/// Asks whether a step of a rule (by its index) can be made, for a player
/// at the start of a move (or now, `None`): `can`.
pub(super) type Can<'c> = dyn FnMut(usize, Option<u8>) -> Option<bool> + 'c;

/// One evaluation over a situation.
pub(super) struct Eval<'a, 'c> {
    pub m: &'a Machine,
    pub rules: &'a Rules,
    pub s: &'a Situation,
    pub texts: &'a [Text],
    /// The rule's variables and the names bound inside (an effect's, kept
    /// from one evaluation to the next); none where nothing evaluated
    /// binds or reads one (a part that would finds none and gives up).
    pub slots: &'c mut [Val],
    /// The figure the step moves: where it lies now and its kind.
    pub moved: (PlaceId, u8),
    /// The steps of the move so far (none at the start of another
    /// player's move, which `can(rule, player)` asks about).
    pub made: &'a [Made],
    /// The player on move.
    pub player: u8,
    pub can: &'c mut Can<'c>,
    /// The values of parts worked out once a listing, known so far.
    pub known: &'c mut super::once::Known,
}

impl Eval<'_, '_> {
    /// A player's number, for `can(rule, player)`: none past the players
    /// is an error, which the general evaluator reports.
    pub(super) fn player_number(&self, p: Val) -> Option<u8> {
        let p = number(p)?;
        u8::try_from(p)
            .ok()
            .filter(|&p| (1..=self.rules.players.max(1)).contains(&p))
    }

    /// The value of trigger `t`.
    pub(super) fn trigger(&self, t: usize) -> Option<Val> {
        let v = *self.s.triggers.get(t)?;
        Some(match self.m.triggers.get(t)? {
            super::Holds::Number => Val::num(v),
            super::Holds::YesNo => Val::bool(v != 0),
        })
    }

    /// Whether `player` has `n` in a row on the machine's board (`n` at
    /// least 1).
    pub(super) fn in_a_row(&self, n: i32, player: i32) -> Option<bool> {
        if n < 1 {
            return Some(false);
        }
        Some(self.m.board.has_line(n as u32, self.mine(player)))
    }

    /// `in_a_row` on a points board: `n` points in a row on one of its
    /// lines (through `through` if given) holding a figure of `player`'s.
    pub(super) fn in_a_row_of_points(
        &self,
        points: &crate::rules::points::PointBoard,
        through: Option<PlaceId>,
        n: i32,
        player: i32,
    ) -> Option<Val> {
        let n = usize::try_from(n).unwrap_or(0).min(crate::expr::MAX_ITEMS);
        let owns = |q: PlaceId| self.holds_of(q, player);
        Some(Val::bool(points.run(through, n, owns).is_some()))
    }

    /// Whether place `p` holds a figure of `player`'s.
    fn holds_of(&self, p: PlaceId, player: i32) -> bool {
        let of = |k: u8| i32::from(self.m.kinds.get(k).owner) == player;
        match (self.m.cell(p), self.m.pile(p)) {
            (Some(bit), _) => self.s.cell(bit).is_some_and(of),
            (None, Some(i)) => self.s.present[i].iter().enumerate().any(|(w, &word)| {
                let mut bits = word;
                while bits != 0 {
                    let k = (w * 64) as u32 + bits.trailing_zeros();
                    bits &= bits - 1;
                    if u8::try_from(k).is_ok_and(of) {
                        return true;
                    }
                }
                false
            }),
            (None, None) => false,
        }
    }

    /// The board's squares holding a figure of `player`'s (of nobody's
    /// for 0).
    #[inline]
    pub(super) fn mine(&self, player: i32) -> u64 {
        mine(self.s.bits, self.m.board.all, player)
    }

    /// A quantifier over the board's squares from its set program.
    // Kept out of `eval`, whose every call would pay for its room.
    #[inline(never)]
    pub(super) fn squares(&mut self, kind: Quantity, until: bool, set: &SetOf) -> Option<Val> {
        let b = self.m.b?;
        let t = self.run(set)?;
        answer(kind, until, t, self.rules.bitboards.boards.get(b)?)
    }

    /// Runs a set program of several conditions on the board, its parts
    /// asked here, each condition's result in `out`, where only the results
    /// at the square `at` (one bit) are read.
    pub(super) fn run_each_at(&mut self, set: &SetOf, at: u64, out: &mut [tree::Tri]) -> Option<()> {
        let values = set.program.ask(|i| set.scalars.get(i)?.get(self))?;
        let board = (&self.m.board, self.s.bits);
        set.program
            .run_each_at(&values, self.rules, board, self.player, at, out)
    }

    /// [`run`](Self::run) where only the results at the square `at` (one
    /// bit) are read.
    pub(super) fn run_at(&mut self, set: &SetOf, at: u64) -> Option<tree::Tri> {
        let mut out = [tree::Tri { yes: 0, err: 0 }];
        self.run_each_at(set, at, &mut out)?;
        Some(out[0])
    }

    /// Runs a set program on the board, its parts asked here.
    pub(super) fn run(&mut self, set: &SetOf) -> Option<tree::Tri> {
        let values = set.program.ask(|i| set.scalars.get(i)?.get(self))?;
        set.program
            .run(&values, self.rules, &self.m.board, self.s.bits, self.player)
    }

    /// The squares the steps of `set`'s figures may start from
    /// ([`SetOf::starts`]): its parts that read nothing of the step worked
    /// out once, for every figure.
    pub(super) fn run_starts(&mut self, set: &SetOf, starts: &Starts) -> Option<u64> {
        let mut values: arrayvec::ArrayVec<Val, 32> = arrayvec::ArrayVec::new();
        for (x, &fixed) in set.scalars.iter().zip(&starts.fixed) {
            // The others are never read by the program of the starts.
            values
                .try_push(if fixed { x.get(self)? } else { Val::num(0) })
                .ok()?;
        }
        let t = starts
            .program
            .run(&values, self.rules, &self.m.board, self.s.bits, self.player)?;
        Some(t.yes)
    }

    /// [`run`](Self::run), and the results `keep` over the whole board
    /// into `kept`.
    // Kept out of the listing's loop, which most rules go through without.
    #[inline(never)]
    pub(super) fn run_keeping(&mut self, set: &SetOf, keep: &[Reg], kept: &mut [u64]) -> Option<tree::Tri> {
        let values = set.program.ask(|i| set.scalars.get(i)?.get(self))?;
        let board = &self.m.board;
        set.program
            .run_keeping(&values, self.rules, board, self.s.bits, self.player, keep, kept)
    }

    // Kept out of `eval`, whose every call would pay for its room.
    #[inline(never)]
    pub(super) fn special(&self, s: Special) -> Option<Val> {
        let rules = self.rules;
        let me = self.player;
        let last = self.made.last();
        let or_empty = |v: Option<Val>| v.unwrap_or(Val::text(EMPTY));
        Some(match s {
            Special::Player => Val::num(i32::from(me)),
            Special::Opponent => Val::num(i32::from(rules.other(me))),
            Special::Next => Val::num(i32::from(rules.next(me))),
            Special::Previous => Val::num(i32::from(rules.previous(me))),
            Special::LastTo => or_empty(last.map(|m| Val::place(m.to))),
            Special::LastFrom => or_empty(last.map(|m| Val::place(m.from))),
            Special::Directions => Val::list(Seq::Directions { first: 0, len: 8 }),
            Special::Straight => Val::list(Seq::Directions { first: 0, len: 4 }),
            Special::Diagonal => Val::list(Seq::Directions { first: 4, len: 4 }),
            // As many as the key at the start of this move was seen.
            Special::Repetitions => {
                let now = self.s.seen.last()?;
                Val::num(i32::try_from(self.s.seen.iter().filter(|&k| k == now).count()).ok()?)
            }
            Special::Steps | Special::LastFigure => return None,
        })
    }

    /// `kind` over `seq`, the item in `slot` while `condition` is asked:
    /// as the compiled conditions go through a list.
    // Kept out of `eval`, whose every call would pay for its room.
    #[inline(never)]
    pub(super) fn tally(
        &mut self,
        kind: Quantity,
        slot: usize,
        until: bool,
        seq: Seq,
        condition: &Op,
    ) -> Option<Val> {
        tree::tally(self, self.rules, kind, until, seq, |e, item| {
            *e.slots.get_mut(slot)? = item;
            condition.get(e)
        })
    }

    /// The place a value names: a place, or a text naming one.
    pub(super) fn place(&self, v: Val) -> Option<PlaceId> {
        match v.held() {
            Held::Place(p) => Some(p),
            Held::Text(i) => match self.texts.get(i as usize)?.element? {
                Element::Place(p) => Some(p),
                _ => None,
            },
            _ => None,
        }
    }

    /// The row and column of a square, or of a point named like one.
    pub(super) fn row_column(&self, v: Val) -> Option<(u16, u16)> {
        let p = self.place(v)?;
        self.rules.places.get(p as usize)?.row_column()
    }

    /// A square of a board or track (not a point of a points board).
    pub(super) fn square(&self, v: Val) -> Option<GridSpot> {
        let p = self.place(v)?;
        self.rules.places.get(p as usize)?.grid
    }

    /// The figure a value is, as where it lies and its kind.
    pub(super) fn figure(&self, v: Val) -> Option<(PlaceId, u8)> {
        self.m.figure(self.s, v, self.moved)
    }

    /// The text a name stands for.
    fn name(&self, v: Val) -> Option<&str> {
        let rules = self.rules;
        Some(match v.held() {
            Held::Place(p) => rules.place_name(p),
            Held::Kind(k) => rules.types.get(k as usize)?,
            Held::Text(i) => &self.texts.get(i as usize)?.text,
            _ => return None,
        })
    }

    /// Whether two values are the same, as the compiled conditions
    /// compare them: figures by where they lie. The values compared most
    /// (numbers, places, a place with no place: checkers' `a = last_to`
    /// and `last_to = ""`, asked of every figure) are compared here, the
    /// rest apart.
    #[inline]
    pub(super) fn equal(&self, a: Val, b: Val) -> Option<bool> {
        match (a.held(), b.held()) {
            (Held::Num(x), Held::Num(y)) => Some(x == y),
            (Held::Bool(x), Held::Bool(y)) => Some(x == y),
            // No two places share a name on the machine
            // (`names_are_unique`): two are the same name only as the same
            // place.
            (Held::Place(x), Held::Place(y)) => Some(x == y),
            // Every place has a name (`every element needs a name`).
            (Held::Place(_), Held::Text(EMPTY)) | (Held::Text(EMPTY), Held::Place(_)) => Some(false),
            (Held::Text(x), Held::Text(y)) if x == y => Some(true),
            (Held::Text(x), Held::Text(y)) if x < FIXED_TEXTS && y < FIXED_TEXTS => Some(false),
            // Each type is numbered once.
            (Held::Kind(x), Held::Kind(y)) => Some(x == y),
            _ => self.equal_otherwise(a, b),
        }
    }

    /// [`equal`](Self::equal) of values of other sorts.
    // Kept out of `eval` and `equal`, whose every call would pay for its
    // room.
    #[inline(never)]
    fn equal_otherwise(&self, a: Val, b: Val) -> Option<bool> {
        let figure = |h: Held| matches!(h, Held::On(_) | Held::Piled(..) | Held::Moved);
        match (a.held(), b.held()) {
            (Held::Num(_), Held::Bool(_)) | (Held::Bool(_), Held::Num(_)) => Some(false),
            (Held::Bool(_), x) | (x, Held::Bool(_)) if !matches!(x, Held::List(_)) => Some(false),
            (x, y) if figure(x) && figure(y) => {
                let (x_at, y_at) = (self.figure(a)?, self.figure(b)?);
                let alike = matches!(x, Held::Piled(..)) || matches!(y, Held::Piled(..));
                match x_at == y_at {
                    // Two of the alike figures on a pile may be one or two.
                    true if alike => None,
                    same => Some(same),
                }
            }
            // A figure's name is never empty.
            (x, Held::Text(EMPTY)) | (Held::Text(EMPTY), x) if figure(x) => Some(false),
            (x, _) | (_, x) if figure(x) => None,
            (Held::List(_), _) | (_, Held::List(_)) | (Held::Num(_), _) | (_, Held::Num(_)) => None,
            _ => Some(a == b || self.name(a)? == self.name(b)?),
        }
    }

    /// `owner(v)`: of a figure, or of what lies on a place unless it has an
    /// owner of its own; 0 for nothing.
    // Kept out of `eval`, whose every call would pay for its room.
    #[inline(never)]
    pub(super) fn owner(&self, v: Val) -> Option<i32> {
        if v == Val::text(EMPTY) {
            return Some(0);
        }
        if let Some((_, k)) = self.figure(v) {
            return Some(i32::from(self.m.kinds.get(k).owner));
        }
        let p = self.place(v)?;
        match self.rules.places.get(p as usize)?.owner {
            0 => {}
            own => return Some(i32::from(own)),
        }
        match self.m.cell(p) {
            Some(bit) => Some(
                self.s
                    .cell(bit)
                    .map_or(0, |k| i32::from(self.m.kinds.get(k).owner)),
            ),
            // The top of a pile: known only when every figure there has
            // the same owner.
            None => {
                let i = self.m.pile(p)?;
                let mut owners = (0..self.m.kinds.len() as u8)
                    .filter(|&k| self.s.count(self.m, i, k) > 0)
                    .map(|k| self.m.kinds.get(k).owner);
                let first = owners.next();
                match first {
                    None => Some(0),
                    Some(o) if owners.all(|x| x == o) => Some(i32::from(o)),
                    Some(_) => None,
                }
            }
        }
    }

    /// `count(contains(v))`: how many figures lie on the place.
    pub(super) fn count_on(&self, v: Val) -> Option<Val> {
        let p = self.place(v)?;
        let n = match self.m.cell(p) {
            Some(bit) => u16::from(self.s.cell(bit).is_some()),
            None => self.s.totals[self.m.pile(p)?],
        };
        Some(Val::num(i32::from(n)))
    }

    /// Whether nothing lies on the place a value names.
    pub(super) fn empty_place(&self, v: Val) -> Option<bool> {
        let p = self.place(v)?;
        Some(match self.m.cell(p) {
            Some(bit) => self.s.cell(bit).is_none(),
            None => self.s.totals[self.m.pile(p)?] == 0,
        })
    }

    /// `top(v)` of a place: its figure, or nothing.
    pub(super) fn top(&self, v: Val) -> Option<Val> {
        let p = self.place(v)?;
        match self.m.cell(p) {
            Some(bit) => Some(match self.s.cell(bit) {
                Some(_) => Val::on(p),
                None => Val::text(EMPTY),
            }),
            // Which figure of a pile is on top is not kept: where all are
            // of one kind, it is one of them.
            None => {
                let i = self.m.pile(p)?;
                match self.s.totals[i] {
                    0 => Some(Val::text(EMPTY)),
                    _ => Some(Val::piled(p, self.s.only_kind(i)?)),
                }
            }
        }
    }

    /// `neighbour(square, direction)`: nothing at the board's edge (a
    /// track has no rows).
    pub(super) fn neighbour(&self, spot: GridSpot, dr: i64, dc: i64) -> Option<Val> {
        let g = self.rules.grids.get(spot.grid as usize)?;
        if g.is_track && dr != 0 {
            return Some(Val::text(EMPTY));
        }
        let p = g.place(i64::from(spot.row) + dr, i64::from(spot.column) + dc);
        Some(p.map_or(Val::text(EMPTY), Val::place))
    }

    /// `line(square, direction)`: the squares from `spot` to the edge (a
    /// ring's line is left to the general evaluator).
    pub(super) fn line(&self, spot: GridSpot, dr: i64, dc: i64) -> Option<Val> {
        let g = self.rules.grids.get(spot.grid as usize)?;
        if g.ring {
            return None;
        }
        let step = |k: i64| {
            if g.is_track && dr != 0 {
                return None;
            }
            g.place(i64::from(spot.row) + dr * k, i64::from(spot.column) + dc * k)
        };
        let room = |at: u16, side: u16, d: i64| match d.signum() {
            1 => i64::from(side - at),
            -1 => i64::from(at) - 1,
            _ => i64::MAX,
        };
        let first = step(1);
        let len = match first {
            None => 0,
            Some(_) => room(spot.row, g.rows, dr).min(room(spot.column, g.columns, dc)),
        };
        Some(Val::list(Seq::Line {
            first: first.unwrap_or(g.first),
            step: i16::try_from(dr * i64::from(g.columns) + dc).ok()?,
            len: u8::try_from(len).ok()?,
        }))
    }
}

/// Where the step's figure is once the machine no longer knows which of
/// the alike figures on a pile it is: a question about it gives up.
pub(super) const LOST: PlaceId = REMOVED - 1;

impl Machine {
    /// The figure `v` names on `s`, as where it lies and its kind, with
    /// the step's figure at `moved`.
    pub(super) fn figure(&self, s: &Situation, v: Val, moved: (PlaceId, u8)) -> Option<(PlaceId, u8)> {
        match v.held() {
            Held::On(p) => Some((p, s.cell(self.cell(p)?)?)),
            // In the box, figures are not counted.
            Held::Piled(REMOVED, k) => Some((REMOVED, k)),
            Held::Piled(p, k) => (s.count(self, self.pile(p)?, k) > 0).then_some((p, k)),
            Held::Moved => (moved.0 != LOST).then_some(moved),
            _ => None,
        }
    }

    /// The value that names a figure of kind `k` on place `p`, where it
    /// has just been put.
    pub(super) fn figure_value(&self, p: PlaceId, k: u8) -> Val {
        match self.cell(p) {
            Some(_) => Val::on(p),
            None => Val::piled(p, k),
        }
    }
}

/// The squares of `bits` (a board of squares `all`) holding a figure of
/// `player`'s (of nobody's for 0).
#[inline]
pub(super) fn mine(bits: BoardBits, all: u64, player: i32) -> u64 {
    match player {
        0 => bits.filled & bits.owned_by(0, all),
        p => bits.owned_by(p, all),
    }
}

#[cfg(test)]
mod tests {
    use super::{by_player, Sx};
    use crate::expr::{BinOp, Special};
    use crate::rules::tree::Val;

    fn num(n: i32) -> Box<Sx> {
        Box::new(Sx::Val(Val::num(n)))
    }

    fn player() -> Box<Sx> {
        Box::new(Sx::Special(Special::Player))
    }

    fn folded(x: Sx) -> Option<[Val; 4]> {
        let (_, rules) = crate::open(&crate::position::examples::text("english-checkers.game.xml")).unwrap();
        match by_player(x, &rules) {
            Sx::ByPlayer(values) => Some(*values),
            _ => None,
        }
    }

    #[test]
    fn a_part_that_reads_only_the_player_on_move_is_worked_out_for_each_player() {
        // Checkers' `last_row`: `if player = 1 then 8 else 1`.
        let last_row = Sx::If(Box::new([
            Sx::Binary(BinOp::Eq, player(), num(1)),
            Sx::Val(Val::num(8)),
            Sx::Val(Val::num(1)),
        ]));
        assert_eq!(folded(last_row), Some([8, 1, 1, 1].map(Val::num)));
        // `opponent * 10 - player`: two players, so 3 and 4 have 1 after them.
        let sum = Sx::Binary(
            BinOp::Sub,
            Box::new(Sx::Binary(
                BinOp::Mul,
                Box::new(Sx::Special(Special::Opponent)),
                num(10),
            )),
            player(),
        );
        assert_eq!(folded(sum), Some([19, 8, 7, 6].map(Val::num)));
        // Only the branch taken is asked: a slot on a branch no player takes.
        let never = Sx::If(Box::new([
            Sx::Binary(BinOp::Gt, player(), num(9)),
            Sx::Slot(2),
            Sx::Val(Val::num(0)),
        ]));
        assert_eq!(folded(never), Some([Val::num(0); 4]));
    }

    #[test]
    fn a_part_that_reads_more_or_gives_up_for_a_player_is_left_to_run() {
        // A slot, a text.
        assert!(folded(Sx::Binary(BinOp::Add, player(), Box::new(Sx::Slot(1)))).is_none());
        assert!(folded(Sx::Binary(BinOp::Eq, player(), Box::new(Sx::Val(Val::text(0))))).is_none());
        // Divided by zero for player 1 only: the machine gives up there, so
        // the general evaluator says what is wrong.
        let divided = Sx::Binary(
            BinOp::Div,
            num(6),
            Box::new(Sx::Binary(BinOp::Sub, player(), num(1))),
        );
        assert!(folded(divided).is_none());
        // Already a leaf.
        assert!(folded(Sx::Special(Special::Player)).is_none());
    }
}
