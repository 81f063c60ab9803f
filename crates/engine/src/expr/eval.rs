//! Works out the value of a resolved expression.
//!
//! Values are borrowed where they can be (variables, literals, element
//! names), so comparing numbers or names allocates nothing.

use std::borrow::Cow;
use std::cell::Cell;

use super::ast::{BinOp, Expr, Function, Name, Quantity, Resolved, Special, WorldFn};
use super::builtins::{call_pure, MAX_ARGS};
use super::env::Env;
use super::error::EvalError;
use super::resolve::unknown_message;
use super::value::Value;
use super::{MAX_DEPTH, MAX_ITEMS, MAX_WORK};

/// The game as expressions see it; the engine implements this.
pub trait World {
    /// The value of a special name such as `player`.
    fn special(&self, s: Special) -> Value;
    /// Answers a world function; `args` are the evaluated arguments
    /// (element names as text), as many as the function takes.
    fn call(&self, f: WorldFn, args: &[Value]) -> Result<Value, EvalError>;

    /// [`call`](World::call) with borrowed arguments, which is what
    /// evaluation uses. By default it copies them and calls `call`; a world
    /// that answers often overrides it to copy nothing.
    fn call_ref(&self, f: WorldFn, args: &[&Value]) -> Result<Value, EvalError> {
        let owned: Vec<Value> = args.iter().map(|v| (*v).clone()).collect();
        self.call(f, &owned)
    }

    /// [`call_ref`](World::call_ref) with an answer that may be borrowed
    /// from the world (a name it keeps), which is what evaluation uses.
    fn call_cow(&self, f: WorldFn, args: &[&Value]) -> Result<Cow<'_, Value>, EvalError> {
        self.call_ref(f, args).map(Cow::Owned)
    }

    /// [`special`](World::special), borrowed from the world where it can be.
    fn special_cow(&self, s: Special) -> Cow<'_, Value> {
        Cow::Owned(self.special(s))
    }

    /// The items of the list `f` gives (`line`, `squares`), borrowed from
    /// the world, for a quantifier to go through without copying them;
    /// `None` when the world does not lend them (the list is then built
    /// with [`call_cow`](World::call_cow)).
    fn call_items(&self, f: WorldFn, args: &[&Value]) -> Option<Result<Vec<&Value>, EvalError>> {
        let _ = (f, args);
        None
    }

    /// Whether the place named `place` holds no figure, for `empty(place)`.
    /// By default this asks [`WorldFn::Contains`]; a world may answer it
    /// without listing the figures.
    fn is_empty_place(&self, place: &Value) -> Result<bool, EvalError> {
        match self.call_ref(WorldFn::Contains, &[place])? {
            Value::List(items) => Ok(items.is_empty()),
            other => Err(EvalError::new(format!(
                "contains gave {}, not a list",
                other.quoted()
            ))),
        }
    }
}

/// Fills unused argument slots.
static NO_VALUE: Value = Value::Number(0);

type Out<'a> = Result<Cow<'a, Value>, EvalError>;

fn owned<'a>(v: Value) -> Out<'a> {
    Ok(Cow::Owned(v))
}

fn overflow() -> EvalError {
    EvalError::new("the number got too big")
}

impl Expr {
    /// The value of the expression. `vars` holds the values of the variables
    /// given to [`resolve`](Expr::resolve), in the same order.
    pub fn eval(&self, vars: &[Value], world: &dyn World) -> Result<Value, EvalError> {
        Ok(self
            .eval_in(&Env::Root(vars), world, 0, &Cell::new(0))?
            .into_owned())
    }

    /// Evaluates a condition: the value must be yes or no.
    pub fn eval_bool(&self, vars: &[Value], world: &dyn World) -> Result<bool, EvalError> {
        let v = self.eval_in(&Env::Root(vars), world, 0, &Cell::new(0))?;
        v.as_bool().ok_or_else(|| {
            EvalError::new(format!(
                "a condition must be yes or no, but this gives {}",
                v.quoted()
            ))
        })
    }

    /// Whether a condition is yes, its variables' values borrowed (an error
    /// or any other value is no).
    pub(crate) fn holds_with(&self, vars: &[&Value], world: &dyn World) -> bool {
        matches!(
            self.eval_in(&Env::Refs(vars), world, 0, &Cell::new(0)).as_deref(),
            Ok(Value::Bool(true))
        )
    }

    /// [`eval`](Expr::eval) with the variables' values borrowed.
    pub(crate) fn eval_refs(&self, vars: &[&Value], world: &dyn World) -> Result<Value, EvalError> {
        Ok(self
            .eval_in(&Env::Refs(vars), world, 0, &Cell::new(0))?
            .into_owned())
    }

    /// [`eval`](Expr::eval) counting its work in `work`, shared by a whole
    /// evaluation (side effects share one too).
    pub(crate) fn eval_counted(
        &self,
        vars: &[Value],
        world: &dyn World,
        work: &Cell<u32>,
    ) -> Result<Value, EvalError> {
        Ok(self.eval_in(&Env::Root(vars), world, 0, work)?.into_owned())
    }

    fn eval_in<'a>(&'a self, vars: &Env<'a>, world: &'a dyn World, depth: u32, work: &Cell<u32>) -> Out<'a> {
        if depth > MAX_DEPTH {
            return Err(EvalError::new("this is nested too deeply to work out"));
        }
        let d = depth + 1;
        match self {
            Expr::Literal(v) => Ok(Cow::Borrowed(v)),
            Expr::Name(name) => match &name.resolved {
                Resolved::Var(i) => match vars.get(*i) {
                    Some(v) => Ok(Cow::Borrowed(v)),
                    None => Err(EvalError::new(format!("'{}' has no value here", name.text))),
                },
                Resolved::Constant(v) => Ok(Cow::Borrowed(v)),
                Resolved::Special(s) => Ok(world.special_cow(*s)),
                Resolved::Unresolved => Err(EvalError::new(unknown_message(&name.text))),
            },
            Expr::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(item.eval_in(vars, world, d, work)?.into_owned());
                }
                owned(Value::List(out))
            }
            Expr::Neg(x) => {
                let v = x.eval_in(vars, world, d, work)?;
                let n = v
                    .as_number()
                    .ok_or_else(|| EvalError::new(format!("{}, but - needs a number", v.describe())))?;
                owned(Value::Number(n.checked_neg().ok_or_else(overflow)?))
            }
            Expr::Not(x) => {
                let v = x.eval_in(vars, world, d, work)?;
                match v.as_bool() {
                    Some(b) => owned(Value::Bool(!b)),
                    None => Err(EvalError::new(format!(
                        "'not' needs yes or no, but found {}",
                        v.quoted()
                    ))),
                }
            }
            Expr::If {
                condition,
                then,
                otherwise,
            } => {
                let c = condition.eval_in(vars, world, d, work)?;
                match c.as_bool() {
                    Some(true) => then.eval_in(vars, world, d, work),
                    Some(false) => otherwise.eval_in(vars, world, d, work),
                    None => Err(EvalError::new(format!(
                        "the condition after 'if' must be yes or no, but it is {}",
                        c.quoted()
                    ))),
                }
            }
            Expr::Quantifier {
                kind,
                name,
                list,
                until,
                condition,
            } => {
                let q = Quantify {
                    kind: *kind,
                    name,
                    until: *until,
                    condition,
                };
                if let Expr::Call {
                    function: Function::World(w),
                    args,
                } = list.as_ref()
                {
                    // A list the world lends is gone through without copying it.
                    let vals = call_args(Function::World(*w), args, vars, world, d, work)?;
                    let refs = refs_of(&vals, args.len());
                    let refs = &refs[..args.len()];
                    if let Some(items) = world.call_items(*w, refs) {
                        return q.over(items?.into_iter(), vars, world, d, work).map(Cow::Owned);
                    }
                    let items = world.call_cow(*w, refs)?;
                    return q.over_value(&items, vars, world, d, work).map(Cow::Owned);
                }
                let items = list.eval_in(vars, world, d, work)?;
                q.over_value(&items, vars, world, d, work).map(Cow::Owned)
            }
            Expr::Binary { op, left, right } => binary(*op, left, right, vars, world, d, work),
            Expr::Apply {
                word,
                params,
                args,
                body,
            } => {
                spend(work, 1)?;
                let Some(first) = params.first() else {
                    return body.eval_in(vars, world, d, work);
                };
                let base = slot_of(first)?;
                if params.len() != args.len() {
                    return Err(EvalError::new(format!(
                        "{} takes {} values",
                        word.text,
                        params.len()
                    )));
                }
                // The values are kept as worked out (borrowed where they
                // can be), a few without a list of their own.
                const KEPT: usize = 4;
                let mut kept: [Cow<'a, Value>; KEPT] = std::array::from_fn(|_| Cow::Borrowed(&NO_VALUE));
                let mut more = Vec::new();
                let values: &[Cow<'a, Value>] = if args.len() <= KEPT {
                    for (slot, arg) in kept.iter_mut().zip(args) {
                        *slot = arg.eval_in(vars, world, d, work)?;
                    }
                    &kept[..args.len()]
                } else {
                    for arg in args {
                        more.push(arg.eval_in(vars, world, d, work)?);
                    }
                    &more
                };
                let local = Env::Many {
                    around: vars,
                    base,
                    values,
                };
                owned(body.eval_in(&local, world, d, work)?.into_owned())
            }
            Expr::Call { function, args } => {
                let vals = call_args(*function, args, vars, world, d, work)?;
                match function {
                    Function::World(w) => {
                        let refs = refs_of(&vals, args.len());
                        world.call_cow(*w, &refs[..args.len()])
                    }
                    _ => call_pure(*function, &vals[..args.len()], world),
                }
            }
        }
    }
}

/// The values of a function's arguments (unused ones [`NO_VALUE`]), after
/// counting the call as work and checking how many there are.
fn call_args<'a>(
    function: Function,
    args: &'a [Expr],
    vars: &Env<'a>,
    world: &'a dyn World,
    d: u32,
    work: &Cell<u32>,
) -> Result<[Cow<'a, Value>; MAX_ARGS], EvalError> {
    spend(work, 1)?;
    if args.len() > MAX_ARGS || !function.accepts(args.len()) {
        return Err(EvalError::new(function.arity_message()));
    }
    let mut vals: [Cow<'a, Value>; MAX_ARGS] = std::array::from_fn(|_| Cow::Borrowed(&NO_VALUE));
    for (slot, arg) in vals.iter_mut().zip(args) {
        *slot = arg.eval_in(vars, world, d, work)?;
    }
    Ok(vals)
}

/// The first `n` values borrowed, as a world function takes them.
fn refs_of<'v>(vals: &'v [Cow<'_, Value>; MAX_ARGS], n: usize) -> [&'v Value; MAX_ARGS] {
    let mut refs: [&Value; MAX_ARGS] = [&NO_VALUE; MAX_ARGS];
    for (slot, v) in refs.iter_mut().zip(&vals[..n]) {
        *slot = v.as_ref();
    }
    refs
}

/// Counts `units` of work; an error once an evaluation has done too much.
pub(crate) fn spend(work: &Cell<u32>, units: u32) -> Result<(), EvalError> {
    let done = work.get().saturating_add(units);
    work.set(done);
    if done > MAX_WORK {
        Err(EvalError::new(format!(
            "this rule takes too long to work out: it looks at more than {MAX_WORK} things; make its lists shorter"
        )))
    } else {
        Ok(())
    }
}

/// The values of `vars` with one more slot, `slot`, for a bound name
/// (padded if the rule gave fewer values than it has variables).
pub(crate) fn with_slot(vars: &[Value], slot: usize) -> Vec<Value> {
    let mut local: Vec<Value> = vars.iter().take(slot).cloned().collect();
    local.resize(slot + 1, Value::Number(0));
    local
}

/// The slot a bound name was resolved to.
pub(crate) fn slot_of(name: &Name) -> Result<usize, EvalError> {
    match name.resolved {
        Resolved::Var(i) => Ok(i),
        _ => Err(EvalError::new(format!("'{}' has no value here", name.text))),
    }
}

/// A quantifier (`any`, `every`, `how many`, `all`, `first`, `sum` … `in
/// LIST where|until C`) to work out over a list's items.
struct Quantify<'q> {
    kind: Quantity,
    name: &'q Name,
    until: bool,
    condition: &'q Expr,
}

impl Quantify<'_> {
    /// Over a value, which must be a list.
    fn over_value(
        &self,
        items: &Value,
        vars: &Env,
        world: &dyn World,
        d: u32,
        work: &Cell<u32>,
    ) -> Result<Value, EvalError> {
        let Value::List(items) = items else {
            return Err(EvalError::new(format!(
                "{}, but '{} {} in' needs a list after 'in'",
                items.describe(),
                self.kind.words(),
                self.name.text
            )));
        };
        self.over(items.iter(), vars, world, d, work)
    }

    /// Over the items, each bound in turn to the name's slot.
    #[inline(never)] // kept out of `eval_in`, whose frame every evaluation pays for
    fn over<'i>(
        &self,
        items: impl ExactSizeIterator<Item = &'i Value>,
        vars: &Env,
        world: &dyn World,
        d: u32,
        work: &Cell<u32>,
    ) -> Result<Value, EvalError> {
        let (kind, until) = (self.kind, self.until);
        if items.len() > MAX_ITEMS {
            return Err(EvalError::new(format!(
                "'{} {}' goes through a list of {} items; at most {MAX_ITEMS} can be looked at",
                kind.words(),
                self.name.text,
                items.len()
            )));
        }
        let slot = slot_of(self.name)?;
        let mut count = 0i64;
        let mut kept = Vec::new();
        for item in items {
            spend(work, 1)?;
            let local = Env::One {
                around: vars,
                slot,
                value: item,
            };
            let c = self.condition.eval_in(&local, world, d, work)?;
            if kind == Quantity::Sum {
                let n = c.as_number().ok_or_else(|| {
                    EvalError::new(format!(
                        "the value after 'of' must be a number, but it is {}",
                        c.quoted()
                    ))
                })?;
                count = count.checked_add(n).ok_or_else(overflow)?;
                continue;
            }
            let holds = c.as_bool().ok_or_else(|| {
                EvalError::new(format!(
                    "the condition after '{}' must be yes or no, but it is {}",
                    if until { "until" } else { "where" },
                    c.quoted()
                ))
            })?;
            if until {
                if holds {
                    break;
                }
                count += 1;
                if kind == Quantity::All {
                    kept.push(item.clone());
                }
                continue;
            }
            match kind {
                Quantity::Any if holds => return Ok(Value::Bool(true)),
                Quantity::Every if !holds => return Ok(Value::Bool(false)),
                Quantity::First if holds => return Ok(item.clone()),
                Quantity::HowMany if holds => count += 1,
                Quantity::All if holds => kept.push(item.clone()),
                _ => {}
            }
        }
        Ok(match kind {
            Quantity::Any => Value::Bool(false),
            Quantity::Every => Value::Bool(true),
            Quantity::First => Value::Text(String::new()),
            Quantity::HowMany | Quantity::Sum => Value::Number(count),
            Quantity::All => Value::List(kept),
        })
    }
}

fn truth(op: BinOp, v: &Value) -> Result<bool, EvalError> {
    v.as_bool().ok_or_else(|| {
        EvalError::new(format!(
            "'{}' needs yes or no on both sides, but found {}",
            op.symbol(),
            v.quoted()
        ))
    })
}

fn numbers(op: BinOp, a: &Value, b: &Value) -> Result<(i64, i64), EvalError> {
    let need = |v: &Value| {
        v.as_number()
            .ok_or_else(|| EvalError::new(format!("{}, but {} needs numbers", v.describe(), op.symbol())))
    };
    Ok((need(a)?, need(b)?))
}

fn binary<'a>(
    op: BinOp,
    left: &'a Expr,
    right: &'a Expr,
    vars: &Env<'a>,
    world: &'a dyn World,
    d: u32,
    work: &Cell<u32>,
) -> Out<'a> {
    let bool_out = |b: bool| owned(Value::Bool(b));
    if let (BinOp::In | BinOp::NotIn, Expr::List(items)) = (op, right) {
        // `x in [a, b]`: compare item by item without building the list.
        let l = left.eval_in(vars, world, d, work)?;
        let mut found = false;
        for item in items {
            if item.eval_in(vars, world, d, work)?.loosely_equals(&l) {
                found = true;
                break;
            }
        }
        return bool_out(found == (op == BinOp::In));
    }
    match op {
        BinOp::And | BinOp::Or => {
            let l = truth(op, &*left.eval_in(vars, world, d, work)?)?;
            if l == (op == BinOp::Or) {
                return bool_out(l);
            }
            bool_out(truth(op, &*right.eval_in(vars, world, d, work)?)?)
        }
        _ => {
            let l = left.eval_in(vars, world, d, work)?;
            let r = right.eval_in(vars, world, d, work)?;
            let (l, r) = (l.as_ref(), r.as_ref());
            match op {
                BinOp::Eq => bool_out(l.loosely_equals(r)),
                BinOp::Ne => bool_out(!l.loosely_equals(r)),
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                    let Some(ord) = l.compare(r) else {
                        return Err(EvalError::new(format!(
                            "{} and {}; '{}' can only compare two numbers or two texts",
                            l.describe(),
                            r.describe(),
                            op.symbol()
                        )));
                    };
                    bool_out(match op {
                        BinOp::Lt => ord.is_lt(),
                        BinOp::Le => ord.is_le(),
                        BinOp::Gt => ord.is_gt(),
                        _ => ord.is_ge(),
                    })
                }
                BinOp::In | BinOp::NotIn => {
                    let found = match r {
                        Value::List(items) => items.iter().any(|x| x.loosely_equals(l)),
                        Value::Text(t) => match l {
                            Value::Text(s) => t.contains(s.as_str()),
                            other => t.contains(other.to_string().as_str()),
                        },
                        other => {
                            return Err(EvalError::new(format!(
                                "{}, but '{}' needs a list or a text after it",
                                other.describe(),
                                op.symbol()
                            )))
                        }
                    };
                    bool_out(found == (op == BinOp::In))
                }
                BinOp::Add => add(l, r),
                _ => {
                    let (a, b) = numbers(op, l, r)?;
                    let n = match op {
                        BinOp::Sub => a.checked_sub(b),
                        BinOp::Mul => a.checked_mul(b),
                        _ if b == 0 => return Err(EvalError::new("can't divide by zero")),
                        BinOp::Div => a.checked_div(b),
                        _ => a.checked_rem_euclid(b),
                    };
                    owned(Value::Number(n.ok_or_else(overflow)?))
                }
            }
        }
    }
}

fn add<'a>(l: &Value, r: &Value) -> Out<'a> {
    match (l, r) {
        (Value::Number(a), Value::Number(b)) => owned(Value::Number(a.checked_add(*b).ok_or_else(overflow)?)),
        (Value::Text(_), _) | (_, Value::Text(_)) => {
            let mut s = l.to_text();
            match r {
                Value::Text(t) => s.push_str(t),
                other => s.push_str(&other.to_string()),
            }
            owned(Value::Text(s))
        }
        (Value::List(a), Value::List(b)) => owned(Value::List(a.iter().chain(b).cloned().collect())),
        _ => Err(EvalError::new(format!(
            "{} and {}; '+' needs two numbers, a text, or two lists",
            l.describe(),
            r.describe()
        ))),
    }
}
