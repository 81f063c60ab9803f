//! A part of a condition that never looks at the position and reads one
//! name only, a place (`row(to) = 6`, `neighbour(to, down)`): worked out
//! for every place the first time it is asked, then read from that table.
//! Connect Four's `row(to) = 6 or not empty(neighbour(to, down))` is then
//! two look-ups and the one look at the position it needs.

use std::sync::OnceLock;

use super::compile::Node;
use super::ops::Op;
use super::run::Run;
use super::{Out, Val};
use crate::expr::{Function, WorldFn};
use crate::rules::PlaceId;

/// The most places a table is made for: a bigger game asks the part.
const MAX_PLACES: usize = 4096;

/// A part worked out ahead for every place its name may hold.
pub(super) struct ByPlace {
    /// The slot of the name it reads.
    slot: usize,
    part: Op,
    /// What the part gives with each place in the slot, made when first
    /// asked (empty for a game of more than [`MAX_PLACES`] places).
    values: OnceLock<Box<[Out]>>,
}

impl ByPlace {
    /// `n`, built as `part`, as a table: where `n` reads one name and no
    /// more than the board's shape, and is more than the name itself.
    pub(super) fn of(n: &Node, part: impl FnOnce(&Node) -> Op) -> Option<ByPlace> {
        if matches!(n, Node::Slot(_) | Node::Value(_)) {
            return None;
        }
        let slot = reads(n).ok()??;
        Some(ByPlace {
            slot,
            part: part(n),
            values: OnceLock::new(),
        })
    }

    /// What the part gives: read from the table when the name holds a
    /// place, asked of the part otherwise.
    #[inline(always)]
    pub(super) fn get(&self, r: &mut Run) -> Out {
        if let Some(p) = r.slot(self.slot)?.as_place() {
            let values = self.values.get_or_init(|| self.fill(r));
            if let Some(&v) = values.get(p as usize) {
                return v;
            }
        }
        (self.part)(r)
    }

    /// The part asked with each place in turn in the slot, in a run of
    /// its own: the run asking is left as it was. The part reads nothing
    /// that changes from run to run, so any run gives the same table.
    fn fill(&self, r: &Run) -> Box<[Out]> {
        let places = r.rules.places.len();
        if places > MAX_PLACES {
            return Box::new([]);
        }
        let mut own = Run { slots: r.slots, ..*r };
        (0..places)
            .map(|p| {
                own.set(self.slot, Val::place(p as PlaceId))?;
                (self.part)(&mut own)
            })
            .collect()
    }
}

/// The one slot `n` reads (`None`: none), where it asks nothing of the
/// position, the player or the rule's other variables, and sets no slot;
/// `Err` otherwise, or where it reads two.
fn reads(n: &Node) -> Result<Option<usize>, ()> {
    let both = |a: Option<usize>, b: Option<usize>| match (a, b) {
        (Some(x), Some(y)) if x != y => Err(()),
        _ => Ok(a.or(b)),
    };
    match n {
        Node::Value(_) => Ok(None),
        &Node::Slot(i) => Ok(Some(i)),
        Node::Not(x) | Node::Neg(x) => reads(x),
        Node::And(a, b) | Node::Or(a, b) | Node::Binary(_, a, b) => both(reads(a)?, reads(b)?),
        Node::If(parts) => parts.iter().try_fold(None, |found, p| both(found, reads(p)?)),
        Node::Call(f, args) if shape_only(*f) => {
            args.iter().try_fold(None, |found, a| both(found, reads(a)?))
        }
        _ => Err(()),
    }
}

/// Whether function `f` answers from its arguments and the board's shape
/// alone, never the position.
fn shape_only(f: Function) -> bool {
    matches!(
        f,
        Function::Abs
            | Function::World(WorldFn::Row | WorldFn::Column | WorldFn::Neighbour | WorldFn::Between)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::{BinOp, Special};

    fn row(n: Node) -> Node {
        Node::Call(Function::World(WorldFn::Row), vec![n])
    }

    /// A part is worked out ahead only where it reads one name and only
    /// the board's shape.
    #[test]
    fn only_parts_of_one_name_and_the_boards_shape_are_worked_out_ahead() {
        let to = || Node::Slot(2);
        let six = || Node::Value(Val::num(6));
        let bottom = Node::Binary(BinOp::Eq, Box::new(row(to())), Box::new(six()));
        assert_eq!(reads(&bottom), Ok(Some(2)));
        let down = Node::Value(Val::text(1));
        let below = Node::Call(Function::World(WorldFn::Neighbour), vec![to(), down.clone()]);
        assert_eq!(reads(&below), Ok(Some(2)));
        // The position, the player, two names, a name set inside.
        let empty = Node::Call(Function::Empty, vec![below.clone()]);
        assert_eq!(reads(&empty), Err(()));
        let player = Node::Binary(
            BinOp::Eq,
            Box::new(row(to())),
            Box::new(Node::Special(Special::Player)),
        );
        assert_eq!(reads(&player), Err(()));
        let apart = Node::Binary(BinOp::Sub, Box::new(row(to())), Box::new(row(Node::Slot(1))));
        assert_eq!(reads(&apart), Err(()));
        let toward = Node::Call(Function::World(WorldFn::Neighbour), vec![to(), Node::Slot(4)]);
        assert_eq!(reads(&toward), Err(()));
        // A name alone, or no name, is not worth a table.
        let build = |_: &Node| -> Op { std::sync::Arc::new(|_: &mut Run| None) };
        assert!(ByPlace::of(&to(), build).is_none());
        assert!(ByPlace::of(&row(six()), build).is_none());
        assert!(ByPlace::of(&bottom, build).is_some());
    }
}
