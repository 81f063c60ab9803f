//! A definition or a quantifier used twice with the same values, worked
//! out once.
//!
//! Reversi's `traps(s, d)` is `count(run(s, d)) > 0 and
//! owner(neighbour(last(run(s, d)), d)) = player`, and its winner asks
//! `discs(1)` and `discs(2)` twice each. Where the first use is always
//! worked out, its value is kept in a slot of its own ([`Node::Let`]) and
//! every later use reads the slot. A condition has no side effect, so the
//! value is the same each time; the parts that do write something (the
//! line `in_a_row` keeps, what `can` finds) and the general evaluator are
//! never shared, so nothing is written in another order.

use super::compile::{children, children_mut, renumber, take, walk, Node};
use super::inline::inline;
use super::SLOTS;
use crate::expr::{Function, WorldFn};

/// `n`, evaluated where slots `free..` are unused, with what it uses
/// again kept, in it and in each definition and quantifier inside it.
/// Its work is bounded before (sharing only takes work away), since a list
/// kept in a slot has no known length.
pub(super) fn shared(n: Node, free: usize) -> Node {
    kept(inline(n), free)
}

/// [`shared`] of a condition with its definitions written out.
fn kept(n: Node, free: usize) -> Node {
    share(inside(n), free)
}

/// [`kept`] of each definition's body and each quantifier's condition
/// in `n`.
fn inside(n: Node) -> Node {
    let mut n = n;
    let keep = |n: &mut Box<Node>, free: usize| **n = kept(take(n), free);
    match &mut n {
        Node::Apply { base, args, body } => {
            let inner = *base + args.len();
            args.iter_mut().for_each(|a| *a = inside(take(a)));
            keep(body, inner);
        }
        Node::Quantifier {
            slot,
            list,
            condition,
            ..
        } => {
            **list = inside(take(list));
            keep(condition, *slot + 1);
        }
        n => children_mut(n, &mut |c| *c = inside(take(c))),
    }
    n
}

/// `body`, evaluated where slots `free..` are unused, with each
/// definition or quantifier that it always works out and works out again
/// kept in a slot.
fn share(body: Node, free: usize) -> Node {
    let Some(shared) = repeated(&body, free) else {
        return body;
    };
    let mut rest = body.clone();
    renumber(&mut rest, free, 1);
    let mut kept = shared.clone();
    renumber(&mut kept, free, 1);
    replace(&mut rest, &kept, free);
    if highest_slot(&rest).is_some_and(|s| s >= SLOTS) {
        return body;
    }
    Node::Let {
        slot: free,
        value: Box::new(shared),
        body: Box::new(share(rest, free + 1)),
    }
}

/// The first definition or quantifier in `body` that reads nothing bound
/// inside `body` (only slots below `free` and its own), that `body` always
/// works out and uses again.
fn repeated(body: &Node, free: usize) -> Option<Node> {
    let mut first = Vec::new();
    always(body, &mut first);
    first
        .into_iter()
        .find(|&n| {
            matches!(n, Node::Apply { .. } | Node::Quantifier { .. })
                && outer(n, free)
                && pure(n)
                && uses(body, n) >= 2
        })
        .cloned()
}

/// Whether every slot `n` reads is below `free` or bound inside `n`.
fn outer(n: &Node, free: usize) -> bool {
    reads_only(n, &|s| s < free)
}

/// Whether every slot `n` reads is one `known` allows or one bound inside
/// `n` around the read.
fn reads_only(n: &Node, known: &dyn Fn(usize) -> bool) -> bool {
    match n {
        Node::Slot(s) => known(*s),
        Node::Quantifier {
            slot,
            list,
            condition,
            ..
        } => reads_only(list, known) && reads_only(condition, &|s| s == *slot || known(s)),
        Node::Apply { base, args, body } => {
            let params = *base..*base + args.len();
            args.iter().all(|a| reads_only(a, known))
                && reads_only(body, &|s| params.contains(&s) || known(s))
        }
        Node::Let { slot, value, body } => {
            reads_only(value, known) && reads_only(body, &|s| s == *slot || known(s))
        }
        n => {
            let mut all = true;
            children(n, &mut |c| all &= reads_only(c, known));
            all
        }
    }
}

/// The parts of `n` worked out whenever `n` is (to its end), outermost
/// first: not the second half of an `and`, the branches of an `if`, nor a
/// quantifier's condition.
fn always<'n>(n: &'n Node, out: &mut Vec<&'n Node>) {
    out.push(n);
    match n {
        Node::Not(x) | Node::Neg(x) | Node::And(x, _) | Node::Or(x, _) => always(x, out),
        Node::Binary(_, a, b) => {
            always(a, out);
            always(b, out);
        }
        Node::If(parts) => always(&parts[0], out),
        Node::Quantifier { list, .. } => always(list, out),
        Node::Apply { args, body, .. } => {
            args.iter().for_each(|a| always(a, out));
            always(body, out);
        }
        Node::Call(_, args) => args.iter().for_each(|a| always(a, out)),
        Node::Let { value, body, .. } => {
            always(value, out);
            always(body, out);
        }
        Node::Value(_) | Node::Slot(_) | Node::Capture(_) | Node::Special(_) | Node::General(_) => {}
    }
}

/// Whether `n` writes nothing while it is worked out.
fn pure(n: &Node) -> bool {
    let mut pure = true;
    walk(n, &mut |p| {
        pure &= !matches!(
            p,
            Node::General(_) | Node::Call(Function::World(WorldFn::InARow | WorldFn::Can), _)
        );
    });
    pure
}

/// How many times `part` is in `n`.
fn uses(n: &Node, part: &Node) -> usize {
    let mut count = 0;
    walk(n, &mut |p| count += usize::from(p == part));
    count
}

/// Every use of `part` in `n` made a read of slot `slot`.
fn replace(n: &mut Node, part: &Node, slot: usize) {
    if n == part {
        *n = Node::Slot(slot);
        return;
    }
    children_mut(n, &mut |c| replace(c, part, slot));
}

/// The highest slot `n` reads or binds.
fn highest_slot(n: &Node) -> Option<usize> {
    let mut high = None;
    walk(n, &mut |p| {
        let s = match p {
            Node::Slot(s) | Node::Let { slot: s, .. } | Node::Quantifier { slot: s, .. } => Some(*s),
            Node::Apply { base, args, .. } => Some(base + args.len().max(1) - 1),
            _ => None,
        };
        high = high.max(s);
    });
    high
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{BinOp, Quantity, Special};
    use crate::rules::fast::compile::walk_mut;
    use crate::rules::fast::Val;

    fn owner(n: Node) -> Node {
        Node::Call(Function::World(WorldFn::Owner), vec![n])
    }

    fn call(f: Function, n: Node) -> Node {
        Node::Call(f, vec![n])
    }

    fn binary(o: BinOp, a: Node, b: Node) -> Node {
        Node::Binary(o, Box::new(a), Box::new(b))
    }

    /// `run(s, d)` of Reversi used where `s` and `d` are slots 0 and 1 and
    /// slot 2 is the first free: `all t in line(s, d) until owner(t) !=
    /// opponent`, or (`kept`) what it works out kept in the game's own
    /// slots.
    fn run(line: WorldFn) -> Node {
        Node::Apply {
            base: 2,
            args: vec![Node::Slot(0), Node::Slot(1)],
            body: Box::new(Node::Quantifier {
                kind: Quantity::All,
                slot: 4,
                until: true,
                list: Box::new(Node::Call(
                    Function::World(line),
                    vec![Node::Slot(2), Node::Slot(3)],
                )),
                condition: Box::new(binary(
                    BinOp::Ne,
                    owner(Node::Slot(4)),
                    Node::Special(Special::Opponent),
                )),
            }),
        }
    }

    #[test]
    fn a_definition_always_used_twice_is_worked_out_once() {
        // count(run(s, d)) > 0 and owner(neighbour(last(run(s, d)), d)) = player
        let traps = |run: Node| {
            let end = Node::Call(
                Function::World(WorldFn::Neighbour),
                vec![call(Function::Last, run.clone()), Node::Slot(1)],
            );
            Node::And(
                Box::new(binary(
                    BinOp::Gt,
                    call(Function::Count, run),
                    Node::Value(Val::num(0)),
                )),
                Box::new(binary(BinOp::Eq, owner(end), Node::Special(Special::Player))),
            )
        };
        assert_eq!(
            kept(traps(run(WorldFn::Line)), 2),
            Node::Let {
                slot: 2,
                value: Box::new(run(WorldFn::Line)),
                body: Box::new(traps(Node::Slot(2))),
            }
        );
        // Written out in place first, `run` is a quantifier kept the same way.
        let Node::Apply { body: written, .. } = run(WorldFn::Line) else {
            unreachable!()
        };
        let mut written = *written;
        walk_mut(&mut written, &mut |p| match p {
            Node::Slot(s) | Node::Quantifier { slot: s, .. } => *s -= 2,
            _ => {}
        });
        assert_eq!(
            shared(traps(run(WorldFn::Line)), 2),
            Node::Let {
                slot: 2,
                value: Box::new(written),
                body: Box::new(traps(Node::Slot(2))),
            }
        );
    }

    #[test]
    fn what_is_bound_after_the_kept_value_moves_one_slot_on() {
        // how many t in run(s, d) where owner(t) = player, beside count(run(s, d))
        let body = |list: Node, slot: usize| {
            binary(
                BinOp::Ge,
                call(Function::Count, list.clone()),
                Node::Quantifier {
                    kind: Quantity::HowMany,
                    slot,
                    until: false,
                    list: Box::new(list),
                    condition: Box::new(binary(
                        BinOp::Eq,
                        owner(Node::Slot(slot)),
                        Node::Special(Special::Player),
                    )),
                },
            )
        };
        assert_eq!(
            kept(body(run(WorldFn::Line), 2), 2),
            Node::Let {
                slot: 2,
                value: Box::new(run(WorldFn::Line)),
                body: Box::new(body(Node::Slot(2), 3)),
            }
        );
    }

    #[test]
    fn a_use_that_may_not_be_worked_out_or_that_writes_is_left() {
        let twice = |run: Node| {
            binary(
                BinOp::Eq,
                call(Function::Count, run.clone()),
                call(Function::Count, run),
            )
        };
        // The second half of an `and`: maybe never worked out.
        let maybe = Node::And(
            Box::new(Node::Value(Val::bool(false))),
            Box::new(twice(run(WorldFn::Line))),
        );
        assert_eq!(kept(maybe.clone(), 2), maybe);
        // A branch of an `if`.
        let branch = Node::If(Box::new([
            Node::Value(Val::bool(true)),
            twice(run(WorldFn::Line)),
            Node::Value(Val::bool(false)),
        ]));
        assert_eq!(kept(branch.clone(), 2), branch);
        // `in_a_row` keeps the line it found: worked out as often as written.
        let writes = twice(run(WorldFn::InARow));
        assert_eq!(kept(writes.clone(), 2), writes);
        // Its values read a name bound inside: not the same value each time.
        let mut inner = run(WorldFn::Line);
        if let Node::Apply { args, .. } = &mut inner {
            args[0] = Node::Slot(2);
        }
        let bound = twice(inner);
        assert_eq!(kept(bound.clone(), 2), bound);
    }
}
