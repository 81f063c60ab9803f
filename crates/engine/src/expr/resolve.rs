//! Finds out what each name stands for, once, before evaluating.

use super::ast::{Expr, Function, Name, Resolved, Special, WorldFn};
use super::effect::resolve_word;
use super::error::ParseError;
use super::value::Value;

/// What names can mean where an expression is used.
pub struct Scope<'a> {
    /// The rule's variables, in order (`figure`, `from`, `to`, then the
    /// wildcard captures). A later variable shadows an earlier one of the
    /// same name; `eval` gets their values in the same order.
    pub vars: &'a [String],
    /// Whether a name is the name of a game element (equipment, figure,
    /// trigger...).
    pub is_element: &'a dyn Fn(&str) -> bool,
}

impl Scope<'_> {
    /// Runs `f` in this scope with `name` bound to a new variable after the
    /// others (the item of a quantifier or of `for each`), which shadows a
    /// rule variable of the same name.
    pub(crate) fn binding<R>(&self, name: &mut Name, f: impl FnOnce(&Scope) -> R) -> R {
        let mut vars = self.vars.to_vec();
        name.resolved = Resolved::Var(vars.len());
        vars.push(name.text.clone());
        f(&Scope {
            vars: &vars,
            is_element: self.is_element,
        })
    }
}

impl Expr {
    /// Resolves every name: the last variable of that name in `scope.vars`,
    /// else a special value (`player`...), else a game element's name (then
    /// it means that name as text). Returns a problem for each unknown name,
    /// with a hint for `a-b` ("to subtract, put spaces: a - b"). Can be run
    /// again with another scope.
    pub fn resolve(&mut self, scope: &Scope) -> Vec<ParseError> {
        let mut problems = Vec::new();
        self.resolve_into(scope, &mut problems);
        problems
    }

    pub(crate) fn resolve_into(&mut self, scope: &Scope, problems: &mut Vec<ParseError>) {
        match self {
            Expr::Literal(_) => {}
            Expr::List(items) => {
                for item in items {
                    item.resolve_into(scope, problems);
                }
            }
            Expr::Name(name) => resolve_name(name, scope, problems),
            Expr::Neg(x) | Expr::Not(x) => x.resolve_into(scope, problems),
            Expr::Binary { left, right, .. } => {
                left.resolve_into(scope, problems);
                right.resolve_into(scope, problems);
            }
            Expr::If {
                condition,
                then,
                otherwise,
            } => {
                condition.resolve_into(scope, problems);
                then.resolve_into(scope, problems);
                otherwise.resolve_into(scope, problems);
            }
            Expr::Quantifier {
                name,
                list,
                condition,
                ..
            } => {
                list.resolve_into(scope, problems);
                scope.binding(name, |inner| condition.resolve_into(inner, problems));
            }
            Expr::Apply {
                word,
                params,
                args,
                body,
            } => {
                for arg in args.iter_mut() {
                    arg.resolve_into(scope, problems);
                }
                // The body sees its values, not the names where it is used:
                // those keep their slots but can't be named.
                let mut vars = vec![String::new(); scope.vars.len()];
                for param in params.iter_mut() {
                    param.resolved = Resolved::Var(vars.len());
                    vars.push(param.text.clone());
                }
                let inner = Scope {
                    vars: &vars,
                    is_element: scope.is_element,
                };
                let mut mine = Vec::new();
                body.resolve_into(&inner, &mut mine);
                problems.extend(mine.into_iter().map(|e| {
                    ParseError::new(word.column.max(1), format!("in '{}': {}", word.text, e.message))
                }));
            }
            Expr::Call { function, args } => {
                for (i, arg) in args.iter_mut().enumerate() {
                    let word = match function {
                        // attribute(to, wall): the key may be a plain word.
                        Function::World(WorldFn::Attribute) => i == 1,
                        // neighbour(to, up), can(jump): a direction, a rule.
                        Function::World(WorldFn::Neighbour | WorldFn::Line) => i == 1,
                        Function::World(WorldFn::Can) => i == 0,
                        _ => false,
                    };
                    if word {
                        resolve_word(arg, scope, problems);
                    } else {
                        arg.resolve_into(scope, problems);
                    }
                }
            }
        }
    }
}

fn resolve_name(name: &mut Name, scope: &Scope, problems: &mut Vec<ParseError>) {
    name.resolved = if let Some(i) = scope.vars.iter().rposition(|v| *v == name.text) {
        Resolved::Var(i)
    } else if let Some(s) = Special::from_name(&name.text) {
        Resolved::Special(s)
    } else if (scope.is_element)(&name.text) {
        Resolved::Constant(Value::Text(name.text.clone()))
    } else {
        problems.push(ParseError::new(name.column.max(1), unknown_message(&name.text)));
        Resolved::Unresolved
    };
}

/// "I don't know what 'xyz' is", with a hint for names that look like a
/// subtraction.
pub(crate) fn unknown_message(text: &str) -> String {
    let mut m = format!("I don't know what '{text}' is");
    if text.contains('-') {
        m.push_str(&format!(
            "; to subtract, put spaces: {}",
            text.split('-').collect::<Vec<_>>().join(" - ")
        ));
    }
    m
}
