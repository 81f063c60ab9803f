//! The parsed form of an expression, and how it prints back as source.

use std::fmt;

use super::value::Value;

/// A parsed expression. Parse with [`parse_expr`](super::parse_expr), then
/// [`resolve`](Expr::resolve) its names, then [`eval`](Expr::eval) it.
///
/// `Display` prints source that parses back to an equal tree, with brackets
/// only where needed. (Trees the parser can't make print as best they can:
/// a negative number literal, a name that is a keyword, a text with both
/// kinds of quote.)
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A number, `yes` / `no`, or a text in quotes.
    Literal(Value),
    /// `[a, b, c]`.
    List(Vec<Expr>),
    /// A name: a variable, a special value or a game element.
    Name(Name),
    /// `-x`.
    Neg(Box<Expr>),
    /// `not x`.
    Not(Box<Expr>),
    /// `left op right`.
    Binary {
        /// The operator.
        op: BinOp,
        /// The left side.
        left: Box<Expr>,
        /// The right side.
        right: Box<Expr>,
    },
    /// `if condition then then else otherwise`.
    If {
        /// Must be yes or no.
        condition: Box<Expr>,
        /// The value when the condition is yes.
        then: Box<Expr>,
        /// The value when the condition is no.
        otherwise: Box<Expr>,
    },
    /// `any s in LIST where C`, `how many s in LIST until C`...: a
    /// condition asked of each item of a list, with the item named; `sum s
    /// in LIST of V`: a value worked out for each item, added up.
    Quantifier {
        /// What is asked of the items.
        kind: Quantity,
        /// The name the item goes by inside the condition; resolved to
        /// the variable slot after the rule's variables.
        name: Name,
        /// The items.
        list: Box<Expr>,
        /// `until` rather than `where`: only the items before the first
        /// one for which the condition holds.
        until: bool,
        /// Must be yes or no for every item looked at (for `sum`: the
        /// number after `of`).
        condition: Box<Expr>,
    },
    /// `run(s, d)`: a definition used with its values, written out: the
    /// values are worked out once, then the body with them.
    Apply {
        /// The definition's name, where it was used.
        word: Name,
        /// The names of its values; resolved to the slots after the
        /// variables of where it is used.
        params: Vec<Name>,
        /// The values given, one for each of `params`.
        args: Vec<Expr>,
        /// What the definition stands for; inside it only `params`, its
        /// own bound names, special values and elements are seen.
        body: Box<Expr>,
    },
    /// `name(arg, ...)`; the number of arguments is checked when parsing.
    Call {
        /// Which function.
        function: Function,
        /// The arguments.
        args: Vec<Expr>,
    },
}

impl Expr {
    /// Whether `pred` holds for this expression or any part of it, parts
    /// visited before the whole. Trees are at most [`MAX_DEPTH`](super::MAX_DEPTH)
    /// high, so this never recurses deeply.
    pub fn any_part(&self, pred: &mut dyn FnMut(&Expr) -> bool) -> bool {
        let parts_hold = match self {
            Expr::Literal(_) | Expr::Name(_) => false,
            Expr::List(items) | Expr::Call { args: items, .. } => items.iter().any(|e| e.any_part(pred)),
            Expr::Neg(x) | Expr::Not(x) => x.any_part(pred),
            Expr::Quantifier { list, condition, .. } => list.any_part(pred) || condition.any_part(pred),
            Expr::Apply { args, body, .. } => args.iter().any(|e| e.any_part(pred)) || body.any_part(pred),
            Expr::Binary { left, right, .. } => left.any_part(pred) || right.any_part(pred),
            Expr::If {
                condition,
                then,
                otherwise,
            } => condition.any_part(pred) || then.any_part(pred) || otherwise.any_part(pred),
        };
        parts_hold || pred(self)
    }
}

impl Expr {
    /// Whether this expression can tell apart two positions that differ
    /// only in the order of the figures on a place: it asks for `top` or `below`, or
    /// the `first`, `last` or an `item` of a list that `contains` made.
    pub fn reads_order(&self) -> bool {
        self.any_part(&mut |e| match e {
            Expr::Call {
                function: Function::World(WorldFn::Top | WorldFn::Below),
                ..
            } => true,
            Expr::Call {
                function: Function::First | Function::Last | Function::Item,
                args,
            } => args.first().is_some_and(|a| {
                a.any_part(&mut |x| {
                    matches!(
                        x,
                        Expr::Call {
                            function: Function::World(WorldFn::Contains),
                            ..
                        }
                    )
                })
            }),
            _ => false,
        })
    }
}

/// What a quantifier asks of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantity {
    /// `any`: yes if the condition holds for at least one item.
    Any,
    /// `every`: yes if it holds for every item.
    Every,
    /// `how many`: the number of items.
    HowMany,
    /// `all`: the list of the items.
    All,
    /// `first`: the first item ("" if none).
    First,
    /// `sum ... of`: the value after `of` for each item, added up.
    Sum,
}

impl Quantity {
    /// The words it is written with.
    pub fn words(self) -> &'static str {
        match self {
            Quantity::Any => "any",
            Quantity::Every => "every",
            Quantity::HowMany => "how many",
            Quantity::All => "all",
            Quantity::First => "first",
            Quantity::Sum => "sum",
        }
    }
}

/// A name as written, and what it was resolved to.
///
/// Two names are equal when their text and resolution are equal; the column
/// they were written at does not count.
#[derive(Debug, Clone)]
pub struct Name {
    /// The name as written, e.g. `from-square` or `s.15`.
    pub text: String,
    /// 1-based column where it was written (0 when not from source).
    pub column: u32,
    /// What the name stands for; [`Resolved::Unresolved`] until resolved.
    pub resolved: Resolved,
}

impl Name {
    /// An unresolved name.
    pub fn new(text: impl Into<String>) -> Self {
        Name {
            text: text.into(),
            column: 0,
            resolved: Resolved::Unresolved,
        }
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text && self.resolved == other.resolved
    }
}

/// What a name stands for after resolving.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved {
    /// Not resolved yet, or unknown; evaluating it is an error.
    Unresolved,
    /// A rule variable: the index into the `vars` given to `eval`.
    Var(usize),
    /// A special value the world provides.
    Special(Special),
    /// A fixed value: the name of a game element, as text.
    Constant(Value),
}

/// The two-sided operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `or`
    Or,
    /// `and`
    And,
    /// `=`
    Eq,
    /// `!=` (also written `<>`)
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `in`
    In,
    /// `not in`
    NotIn,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `mod`
    Mod,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "or",
            BinOp::And => "and",
            BinOp::Eq => "=",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::In => "in",
            BinOp::NotIn => "not in",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Mod => "mod",
        }
    }

    /// How tightly the operator binds (see [`prec`]).
    pub(crate) fn precedence(self) -> u8 {
        match self {
            BinOp::Or => prec::OR,
            BinOp::And => prec::AND,
            BinOp::Add | BinOp::Sub => prec::ADD,
            BinOp::Mul | BinOp::Div | BinOp::Mod => prec::MUL,
            _ => prec::CMP,
        }
    }

    /// Whether this is a comparison (`=`, `<`, `in`, ...).
    pub fn is_comparison(self) -> bool {
        self.precedence() == prec::CMP
    }
}

/// Binding strengths, loosest first.
pub(crate) mod prec {
    pub const IF: u8 = 0;
    pub const OR: u8 = 1;
    pub const AND: u8 = 2;
    pub const NOT: u8 = 3;
    pub const CMP: u8 = 4;
    pub const ADD: u8 = 5;
    pub const MUL: u8 = 6;
    pub const NEG: u8 = 7;
    pub const ATOM: u8 = 8;
}

/// The values the engine gives names to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Special {
    /// `player`: the number of the player on move.
    Player,
    /// `opponent`: the other player (1 in a puzzle); with 3 or 4 players
    /// the next one, as `next`.
    Opponent,
    /// `next`: the player who moves after the one on move.
    Next,
    /// `previous`: the player who moved before the one on move.
    Previous,
    /// `steps`: the names of the step rules used so far in this move.
    Steps,
    /// `last_figure`: the figure of the previous step in this move.
    LastFigure,
    /// `last_from`: where the previous step in this move started.
    LastFrom,
    /// `last_to`: where the previous step in this move ended.
    LastTo,
    /// `directions`: the 8 directions, `up` first.
    Directions,
    /// `straight`: up, down, left and right.
    Straight,
    /// `diagonal`: up-left, up-right, down-left and down-right.
    Diagonal,
    /// `repetitions`: how many times the position has occurred in this
    /// game, counting now.
    Repetitions,
}

impl Special {
    /// Every special value.
    pub const ALL: [Special; 12] = [
        Special::Player,
        Special::Opponent,
        Special::Next,
        Special::Previous,
        Special::Steps,
        Special::LastFigure,
        Special::LastFrom,
        Special::LastTo,
        Special::Directions,
        Special::Straight,
        Special::Diagonal,
        Special::Repetitions,
    ];

    /// The name it is written with.
    pub fn name(self) -> &'static str {
        match self {
            Special::Player => "player",
            Special::Opponent => "opponent",
            Special::Next => "next",
            Special::Previous => "previous",
            Special::Steps => "steps",
            Special::LastFigure => "last_figure",
            Special::LastFrom => "last_from",
            Special::LastTo => "last_to",
            Special::Directions => "directions",
            Special::Straight => "straight",
            Special::Diagonal => "diagonal",
            Special::Repetitions => "repetitions",
        }
    }

    /// The special value written `name`, if any.
    pub fn from_name(name: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The functions the engine (the world) answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WorldFn {
    /// `at(figure, place)`
    At,
    /// `contains(place)`
    Contains,
    /// `value(trigger)`
    Value,
    /// `place(figure)`
    Place,
    /// `type(x)`
    Type,
    /// `owner(figure)`
    Owner,
    /// `origin(figure)`
    Origin,
    /// `colour(figure)`
    Colour,
    /// `attribute(x, key)`
    Attribute,
    /// `row(square)`
    Row,
    /// `column(square)`
    Column,
    /// `square(board, row, column)`
    Square,
    /// `neighbours(square)`
    Neighbours,
    /// `between(a, b)`
    Between,
    /// `distance(a, b)`
    Distance,
    /// `in_a_row(board, n, player)`
    InARow,
    /// `connected(a, b, player)`: a chain of neighbouring places holding
    /// the player's figures from `a` to `b` (each a place or a list).
    Connected,
    /// `top(place)`: the figure that arrived last.
    Top,
    /// `below(place)`: the figure under the top one.
    Below,
    /// `squares(x)`: the squares of a board or track, or `[x]`.
    Squares,
    /// `neighbour(square, direction)`
    Neighbour,
    /// `line(square, direction)`: the squares after it, to the edge.
    Line,
    /// `direction(a, b)`
    Direction,
    /// `lines(x)`: the lines of a points board, or through one of its points.
    Lines,
    /// `can(rule)` or `can(rule, player)`
    Can,
}

impl WorldFn {
    /// Every world function.
    pub const ALL: [WorldFn; 25] = [
        WorldFn::At,
        WorldFn::Contains,
        WorldFn::Value,
        WorldFn::Place,
        WorldFn::Type,
        WorldFn::Owner,
        WorldFn::Origin,
        WorldFn::Colour,
        WorldFn::Attribute,
        WorldFn::Row,
        WorldFn::Column,
        WorldFn::Square,
        WorldFn::Neighbours,
        WorldFn::Between,
        WorldFn::Distance,
        WorldFn::InARow,
        WorldFn::Connected,
        WorldFn::Top,
        WorldFn::Below,
        WorldFn::Squares,
        WorldFn::Neighbour,
        WorldFn::Line,
        WorldFn::Direction,
        WorldFn::Lines,
        WorldFn::Can,
    ];
}

/// A function that can be called in an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Function {
    /// `count(x)`: items of a list, letters of a text.
    Count,
    /// `empty(x)`: a list with no items, or a place holding no figure.
    Empty,
    /// `first(list)`
    First,
    /// `last(list)`
    Last,
    /// `item(list, n)`, counting from 1.
    Item,
    /// `min(a, b)`
    Min,
    /// `max(a, b)`
    Max,
    /// `abs(n)`
    Abs,
    /// `number(text)`
    Number,
    /// `text(x)`
    Text,
    /// `sum(list)`
    Sum,
    /// `numbers(a, b)`: `[a, a+1, ..., b]`.
    Numbers,
    /// A function the world answers.
    World(WorldFn),
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(self, prec::IF, f)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// How tightly an expression binds when printed.
fn level(e: &Expr) -> u8 {
    match e {
        Expr::If { .. } | Expr::Quantifier { .. } => prec::IF,
        Expr::Binary { op, .. } => op.precedence(),
        Expr::Not(_) => prec::NOT,
        Expr::Neg(_) => prec::NEG,
        Expr::Literal(Value::Number(n)) if *n < 0 => prec::NEG,
        _ => prec::ATOM,
    }
}

/// Prints `e`, in brackets if it binds more loosely than `min`.
fn write_expr(e: &Expr, min: u8, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let paren = level(e) < min;
    if paren {
        f.write_str("(")?;
    }
    match e {
        Expr::Literal(v) => write_literal(v, f)?,
        Expr::List(items) => {
            f.write_str("[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_expr(item, prec::IF, f)?;
            }
            f.write_str("]")?;
        }
        Expr::Name(n) => f.write_str(&n.text)?,
        Expr::Neg(x) => {
            f.write_str("-")?;
            write_expr(x, prec::NEG, f)?;
        }
        Expr::Not(x) => {
            f.write_str("not ")?;
            write_expr(x, prec::NOT, f)?;
        }
        Expr::Binary { op, left, right } => {
            let p = op.precedence();
            let (lmin, rmin) = if p == prec::CMP {
                (prec::ADD, prec::ADD)
            } else {
                (p, p + 1)
            };
            write_expr(left, lmin, f)?;
            write!(f, " {} ", op.symbol())?;
            write_expr(right, rmin, f)?;
        }
        Expr::If {
            condition,
            then,
            otherwise,
        } => {
            f.write_str("if ")?;
            write_expr(condition, prec::IF, f)?;
            f.write_str(" then ")?;
            write_expr(then, prec::IF, f)?;
            f.write_str(" else ")?;
            write_expr(otherwise, prec::IF, f)?;
        }
        Expr::Quantifier {
            kind,
            name,
            list,
            until,
            condition,
        } => {
            write!(f, "{} {} in ", kind.words(), name.text)?;
            write_expr(list, prec::OR, f)?;
            f.write_str(match (kind, until) {
                (Quantity::Sum, _) => " of ",
                (_, true) => " until ",
                (_, false) => " where ",
            })?;
            write_expr(condition, prec::IF, f)?;
        }
        Expr::Apply { word, args, .. } if args.is_empty() => f.write_str(&word.text)?,
        Expr::Apply { word, args, .. } => {
            write!(f, "{}(", word.text)?;
            for (i, arg) in args.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_expr(arg, prec::IF, f)?;
            }
            f.write_str(")")?;
        }
        Expr::Call { function, args } => {
            write!(f, "{}(", function.name())?;
            for (i, arg) in args.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_expr(arg, prec::IF, f)?;
            }
            f.write_str(")")?;
        }
    }
    if paren {
        f.write_str(")")?;
    }
    Ok(())
}

fn write_literal(v: &Value, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match v {
        Value::Text(t) => {
            let q = if t.contains('"') { '\'' } else { '"' };
            write!(f, "{q}{t}{q}")
        }
        Value::List(items) => {
            f.write_str("[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_literal(item, f)?;
            }
            f.write_str("]")
        }
        other => write!(f, "{other}"),
    }
}
