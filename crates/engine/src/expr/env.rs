//! The values of the variables while an expression is worked out: the
//! rule's own, then each name bound inside the expression (by a
//! quantifier or a definition's values) over the ones around it, so that
//! binding a name copies nothing.

use super::value::Value;
use std::borrow::Cow;

/// Where variable slots get their values.
///
/// Reading a slot gives what copying the values around into a longer list
/// gave ([`with_slot`](super::eval::with_slot)): a slot below a bound one
/// reads the values around (a number 0 where they have none), a slot above
/// the last bound one has no value.
#[derive(Clone, Copy)]
pub(crate) enum Env<'e> {
    /// The variables the expression was given.
    Root(&'e [Value]),
    /// The variables the expression was given, borrowed one by one.
    Refs(&'e [&'e Value]),
    /// One name bound in `slot` (a quantifier's item).
    One {
        around: &'e Env<'e>,
        slot: usize,
        value: &'e Value,
    },
    /// A definition's values, in the slots from `base` on.
    Many {
        around: &'e Env<'e>,
        base: usize,
        values: &'e [Cow<'e, Value>],
    },
}

/// What a slot below a bound one reads when the values around have none.
static ZERO: Value = Value::Number(0);

impl<'e> Env<'e> {
    /// The value in slot `i`, if it has one.
    pub(crate) fn get(&self, i: usize) -> Option<&'e Value> {
        match *self {
            Env::Root(vars) => vars.get(i),
            Env::Refs(vars) => vars.get(i).copied(),
            Env::One { around, slot, value } => match i.cmp(&slot) {
                std::cmp::Ordering::Less => Some(around.get(i).unwrap_or(&ZERO)),
                std::cmp::Ordering::Equal => Some(value),
                std::cmp::Ordering::Greater => None,
            },
            Env::Many { around, base, values } => match i.checked_sub(base) {
                None => Some(around.get(i).unwrap_or(&ZERO)),
                Some(k) => values.get(k).map(|v| &**v),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::eval::with_slot;
    use super::*;

    /// Every slot read through bindings as from the copied list.
    fn same_as_copied(env: &Env, copied: &[Value]) {
        for i in 0..copied.len() + 3 {
            assert_eq!(env.get(i), copied.get(i), "slot {i}");
        }
    }

    #[test]
    fn bound_names_read_as_the_copied_values_did() {
        let vars = [Value::from("a.1"), Value::Number(4)];
        let root = Env::Root(&vars);
        same_as_copied(&root, &vars);

        // A slot right after the variables, and one further on (padded).
        let item = Value::from("up");
        for slot in [2, 4] {
            let one = Env::One {
                around: &root,
                slot,
                value: &item,
            };
            let mut copied = with_slot(&vars, slot);
            copied[slot] = item.clone();
            same_as_copied(&one, &copied);

            // A definition's two values over it, below and above its slot.
            let values = [Cow::Owned(Value::Number(7)), Cow::Borrowed(&item)];
            for base in [1, slot + 1] {
                let many = Env::Many {
                    around: &one,
                    base,
                    values: &values,
                };
                let mut inner = with_slot(&copied, base + 1);
                inner[base] = Value::Number(7);
                inner[base + 1] = item.clone();
                same_as_copied(&many, &inner);
            }
        }
    }
}
