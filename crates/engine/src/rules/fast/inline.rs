//! A definition whose values are read where they already are (names in
//! slots, plain values, `player`) written out in place: Reversi's
//! `traps(to, d)` reads `to` and `d` from their own slots, with nothing
//! copied into slots of its own and one call fewer for each use.

use super::compile::{children_mut, renumber, take, walk_mut, Node};

/// `n` with every such definition written out in place, innermost first.
pub(super) fn inline(mut n: Node) -> Node {
    children_mut(&mut n, &mut |c| {
        *c = inline(take(c));
    });
    match n {
        Node::Apply { base, args, body } if args.iter().all(read_in_place) => {
            let mut body = *body;
            put_in(&mut body, base, &args);
            body
        }
        n => n,
    }
}

/// Whether a definition's value is read as it stands: no work to do, and
/// the same wherever it is read.
fn read_in_place(a: &Node) -> bool {
    matches!(
        a,
        Node::Slot(_) | Node::Value(_) | Node::Capture(_) | Node::Special(_)
    )
}

/// `body`, a definition's with its values in slots `base..`, reading
/// `args` in their place instead; what it binds itself moves down to
/// `base`.
fn put_in(body: &mut Node, base: usize, args: &[Node]) {
    let end = base + args.len();
    walk_mut(body, &mut |p| {
        if let Node::Slot(s) = p {
            if (base..end).contains(s) {
                *p = args[*s - base].clone();
            }
        }
    });
    // The values read in place are all below `base`: none is moved.
    renumber(body, end, -(args.len() as isize));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{BinOp, Function, Quantity, Special, WorldFn};
    use crate::rules::fast::Val;

    fn line(s: Node, d: Node) -> Node {
        Node::Call(Function::World(WorldFn::Line), vec![s, d])
    }

    /// `how many t in line(s, d) where owner(t) = player`, with `s`, `d`
    /// and `t` where given.
    fn count(s: Node, d: Node, t: usize) -> Node {
        Node::Quantifier {
            kind: Quantity::HowMany,
            slot: t,
            until: false,
            list: Box::new(line(s, d)),
            condition: Box::new(Node::Binary(
                BinOp::Eq,
                Box::new(Node::Call(Function::World(WorldFn::Owner), vec![Node::Slot(t)])),
                Box::new(Node::Special(Special::Player)),
            )),
        }
    }

    #[test]
    fn a_definition_of_names_and_values_is_written_out_in_place() {
        // count(to, "up") where `to` is slot 2 and the definition's own
        // values go in slots 5 and 6.
        let apply = Node::Apply {
            base: 5,
            args: vec![Node::Slot(2), Node::Value(Val::text(1))],
            body: Box::new(count(Node::Slot(5), Node::Slot(6), 7)),
        };
        assert_eq!(inline(apply), count(Node::Slot(2), Node::Value(Val::text(1)), 5));
    }

    #[test]
    fn a_definition_of_a_value_to_work_out_is_kept() {
        let apply = Node::Apply {
            base: 5,
            args: vec![Node::Slot(2), line(Node::Slot(2), Node::Slot(3))],
            body: Box::new(count(Node::Slot(5), Node::Slot(6), 7)),
        };
        assert_eq!(inline(apply.clone()), apply);
    }
}
