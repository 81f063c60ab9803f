//! The function table (names, how many arguments) and the pure functions.

use std::borrow::Cow;

use super::ast::{Function, WorldFn};
use super::error::EvalError;
use super::eval::World;
use super::value::Value;

/// Every function, in the order they are listed in the guide.
pub const FUNCTIONS: [Function; 37] = [
    Function::Count,
    Function::Empty,
    Function::First,
    Function::Last,
    Function::Item,
    Function::Min,
    Function::Max,
    Function::Abs,
    Function::Number,
    Function::Text,
    Function::Sum,
    Function::Numbers,
    Function::World(WorldFn::At),
    Function::World(WorldFn::Contains),
    Function::World(WorldFn::Value),
    Function::World(WorldFn::Place),
    Function::World(WorldFn::Type),
    Function::World(WorldFn::Owner),
    Function::World(WorldFn::Origin),
    Function::World(WorldFn::Colour),
    Function::World(WorldFn::Attribute),
    Function::World(WorldFn::Row),
    Function::World(WorldFn::Column),
    Function::World(WorldFn::Square),
    Function::World(WorldFn::Neighbours),
    Function::World(WorldFn::Between),
    Function::World(WorldFn::Distance),
    Function::World(WorldFn::InARow),
    Function::World(WorldFn::Connected),
    Function::World(WorldFn::Top),
    Function::World(WorldFn::Below),
    Function::World(WorldFn::Squares),
    Function::World(WorldFn::Neighbour),
    Function::World(WorldFn::Line),
    Function::World(WorldFn::Direction),
    Function::World(WorldFn::Lines),
    Function::World(WorldFn::Can),
];

/// The most arguments any function takes.
pub(crate) const MAX_ARGS: usize = 3;

impl Function {
    /// The name it is written with.
    pub fn name(self) -> &'static str {
        match self {
            Function::Count => "count",
            Function::Empty => "empty",
            Function::First => "first",
            Function::Last => "last",
            Function::Item => "item",
            Function::Min => "min",
            Function::Max => "max",
            Function::Abs => "abs",
            Function::Number => "number",
            Function::Text => "text",
            Function::Sum => "sum",
            Function::Numbers => "numbers",
            Function::World(w) => match w {
                WorldFn::At => "at",
                WorldFn::Contains => "contains",
                WorldFn::Value => "value",
                WorldFn::Place => "place",
                WorldFn::Type => "type",
                WorldFn::Owner => "owner",
                WorldFn::Origin => "origin",
                WorldFn::Colour => "colour",
                WorldFn::Attribute => "attribute",
                WorldFn::Row => "row",
                WorldFn::Column => "column",
                WorldFn::Square => "square",
                WorldFn::Neighbours => "neighbours",
                WorldFn::Between => "between",
                WorldFn::Distance => "distance",
                WorldFn::InARow => "in_a_row",
                WorldFn::Connected => "connected",
                WorldFn::Top => "top",
                WorldFn::Below => "below",
                WorldFn::Squares => "squares",
                WorldFn::Neighbour => "neighbour",
                WorldFn::Line => "line",
                WorldFn::Direction => "direction",
                WorldFn::Lines => "lines",
                WorldFn::Can => "can",
            },
        }
    }

    /// The function written `name`; `color` and `neighbors` are accepted too.
    pub fn from_name(name: &str) -> Option<Function> {
        match name {
            "color" => Some(Function::World(WorldFn::Colour)),
            "neighbors" => Some(Function::World(WorldFn::Neighbours)),
            "neighbor" => Some(Function::World(WorldFn::Neighbour)),
            _ => FUNCTIONS.into_iter().find(|f| f.name() == name),
        }
    }

    /// Whether it takes `n` arguments: its [`arity`](Self::arity), or one
    /// fewer for `can` (the player then is the one on move).
    pub fn accepts(self, n: usize) -> bool {
        n == self.arity() || (self == Function::World(WorldFn::Can) && n == 1)
    }

    /// How many arguments it takes (at most).
    pub fn arity(self) -> usize {
        match self {
            Function::Item | Function::Min | Function::Max | Function::Numbers => 2,
            Function::World(
                WorldFn::At
                | WorldFn::Attribute
                | WorldFn::Between
                | WorldFn::Distance
                | WorldFn::Neighbour
                | WorldFn::Line
                | WorldFn::Direction
                | WorldFn::Can,
            ) => 2,
            Function::World(WorldFn::Square | WorldFn::InARow | WorldFn::Connected) => 3,
            _ => 1,
        }
    }

    /// What goes in the brackets, in words: "a figure and a place".
    pub fn arguments(self) -> &'static str {
        match self {
            Function::Count => "a list or a text",
            Function::Empty => "a list or the name of a place",
            Function::First | Function::Last => "a list",
            Function::Item => "a list and a position in it",
            Function::Min | Function::Max => "two numbers",
            Function::Abs => "a number",
            Function::Number => "a text",
            Function::Text => "any value",
            Function::Sum => "a list of numbers",
            Function::Numbers => "the first and the last number",
            Function::World(w) => match w {
                WorldFn::At => "a figure and a place",
                WorldFn::Contains => "a place",
                WorldFn::Value => "a trigger",
                WorldFn::Place | WorldFn::Owner | WorldFn::Origin | WorldFn::Colour => "a figure",
                WorldFn::Type => "a figure or a place",
                WorldFn::Attribute => "a figure or a place, and the attribute's name",
                WorldFn::Row | WorldFn::Column | WorldFn::Neighbours => "a square",
                WorldFn::Square => "a board, a row and a column",
                WorldFn::Between | WorldFn::Distance => "two squares",
                WorldFn::InARow => "a board, how many in a row, and a player",
                WorldFn::Connected => "two places (or lists of places) and a player",
                WorldFn::Top | WorldFn::Below => "a place",
                WorldFn::Squares => "a board, a track or a place",
                WorldFn::Neighbour | WorldFn::Line => "a square and a direction",
                WorldFn::Direction => "two squares",
                WorldFn::Lines => "a points board or one of its points",
                WorldFn::Can => "a step rule, and if you like a player",
            },
        }
    }

    /// The message for a call with the wrong number of arguments:
    /// "at needs 2 things in the brackets: a figure and a place".
    pub(crate) fn arity_message(self) -> String {
        if self == Function::World(WorldFn::Can) {
            return "can needs 1 or 2 things in the brackets: a step rule, and if you like a player".into();
        }
        let n = self.arity();
        let things = if n == 1 { "thing" } else { "things" };
        format!(
            "{} needs {n} {things} in the brackets: {}",
            self.name(),
            self.arguments()
        )
    }
}

fn number_arg(f: Function, v: &Value) -> Result<i64, EvalError> {
    v.as_number()
        .ok_or_else(|| EvalError::new(format!("{}, but {} needs a number", v.describe(), f.name())))
}

fn list_arg(f: Function, v: &Value) -> Result<&[Value], EvalError> {
    match v {
        Value::List(items) => Ok(items),
        _ => Err(EvalError::new(format!(
            "{}, but {} needs a list",
            v.describe(),
            f.name()
        ))),
    }
}

fn overflow() -> EvalError {
    EvalError::new("the number got too big")
}

/// Runs a pure function on evaluated arguments. `empty` of a name asks the
/// world what the place contains.
pub(crate) fn call_pure<'a>(
    f: Function,
    args: &[Cow<'a, Value>],
    world: &dyn World,
) -> Result<Cow<'a, Value>, EvalError> {
    let num = |n: i64| Ok(Cow::Owned(Value::Number(n)));
    let Some(a) = args.first() else {
        return Err(EvalError::new(f.arity_message()));
    };
    if !f.accepts(args.len()) {
        return Err(EvalError::new(f.arity_message()));
    }
    match f {
        Function::Count => match a.as_ref() {
            Value::List(items) => num(items.len() as i64),
            Value::Text(t) => num(t.chars().count() as i64),
            other => Err(EvalError::new(format!(
                "{}, but count needs a list or a text",
                other.describe()
            ))),
        },
        Function::Empty => match a.as_ref() {
            Value::List(items) => Ok(Cow::Owned(Value::Bool(items.is_empty()))),
            Value::Text(_) => Ok(Cow::Owned(Value::Bool(world.is_empty_place(a)?))),
            other => Err(EvalError::new(format!(
                "{}, but empty needs a list or the name of a place",
                other.describe()
            ))),
        },
        Function::First | Function::Last => {
            let items = list_arg(f, a)?;
            let item = if f == Function::First {
                items.first()
            } else {
                items.last()
            };
            match item {
                Some(v) => Ok(Cow::Owned(v.clone())),
                None => Err(EvalError::new(format!(
                    "the list is empty, so it has no {} item",
                    f.name()
                ))),
            }
        }
        Function::Item => {
            let n = number_arg(f, &args[1])?;
            let items = list_arg(f, &args[0])?;
            let index = usize::try_from(n).ok().and_then(|n| n.checked_sub(1));
            match index.and_then(|i| items.get(i)) {
                Some(v) => Ok(Cow::Owned(v.clone())),
                None => Err(EvalError::new(format!(
                    "there is no item {n} in a list of {} items",
                    items.len()
                ))),
            }
        }
        Function::Min | Function::Max => {
            let x = number_arg(f, &args[0])?;
            let y = number_arg(f, &args[1])?;
            num(if f == Function::Min { x.min(y) } else { x.max(y) })
        }
        Function::Abs => num(number_arg(f, a)?.checked_abs().ok_or_else(overflow)?),
        Function::Number => match a.as_ref() {
            Value::Number(n) => num(*n),
            Value::Text(t) => match super::value::read_number(t.trim()) {
                Some(n) => num(n),
                None => Err(EvalError::new(format!("'{t}' doesn't read as a whole number"))),
            },
            other => Err(EvalError::new(format!(
                "{}, but number needs a text",
                other.describe()
            ))),
        },
        Function::Text => Ok(Cow::Owned(Value::Text(a.to_text()))),
        Function::Sum => {
            let mut total: i64 = 0;
            for v in list_arg(f, a)? {
                total = total.checked_add(number_arg(f, v)?).ok_or_else(overflow)?;
            }
            num(total)
        }
        Function::Numbers => {
            let (from, to) = (number_arg(f, &args[0])?, number_arg(f, &args[1])?);
            if to < from {
                return Ok(Cow::Owned(Value::List(Vec::new())));
            }
            if to as i128 - from as i128 >= super::MAX_ITEMS as i128 {
                return Err(EvalError::new(format!(
                    "numbers({from}, {to}) would be a list of more than {} numbers",
                    super::MAX_ITEMS
                )));
            }
            Ok(Cow::Owned(Value::List((from..=to).map(Value::Number).collect())))
        }
        Function::World(_) => Err(EvalError::new(format!(
            "{} is answered by the game, not here",
            f.name()
        ))),
    }
}
