//! Where a step can start, over the whole board at once: checkers asks
//! `can(jump)` before every plain step, and each figure's jumps are a
//! program of its targets (`owner(between(from, to)) = opponent and …`)
//! run for that figure. A figure can jump only where its neighbour one way
//! is an opponent's and the square after it is empty: for every figure
//! together, a few shifts of the board's words.
//!
//! The program made here gives the squares a step may start from: every
//! square from which a step can go somewhere, and maybe more. A figure
//! elsewhere has no step, so its own program need not be run; one there is
//! asked as before. Of the condition's parts joined by `and`, it keeps
//! those that read nothing of the step (they hold of the target alone),
//! and `between(from, to)` over such a set; a part that reads the step
//! otherwise is left out, which can only let more squares in.

use super::{live, ops_at_one, reads, Op, Program, Reg, MAX_OPS};

impl Program {
    /// For a step rule's condition over its targets: the program of the
    /// squares a step may start from, the target being one of `room`'s
    /// squares (the empty ones, or any where it captures by landing).
    /// `fixed[v]` tells whether the part `v` that reads no square reads
    /// nothing of the step, `from[v]` whether it is where the step starts.
    /// `None` where no part is `between` the start and the target: the
    /// program would then tell no square from another.
    pub(crate) fn starts(&self, fixed: &[bool], from: &[bool], capture: bool) -> Option<Program> {
        // Which operations read nothing of the step, through their parts
        // or the operations before them.
        let mut free = vec![false; self.ops.len()];
        for (i, &op) in self.ops.iter().enumerate() {
            let part = value(op).is_none_or(|v| fixed.get(usize::from(v)).copied().unwrap_or(false));
            free[i] = part && reads(op).iter().all(|&r| free[usize::from(r)]);
        }
        // The parts of the condition joined by `and`.
        let mut parts = Vec::new();
        let mut open = vec![self.yes];
        while let Some(r) = open.pop() {
            match self.ops[usize::from(r)] {
                Op::And(a, b) => open.extend([a, b]),
                _ => parts.push(r),
            }
        }
        let mut target = Vec::new();
        let mut over = Vec::new();
        for r in parts {
            match self.ops[usize::from(r)] {
                _ if free[usize::from(r)] => target.push(r),
                Op::Between { x, y } if from.get(usize::from(x)) == Some(&true) && free[usize::from(y)] => {
                    over.push(y)
                }
                _ => {}
            }
        }
        if over.is_empty() {
            return None;
        }
        let roots: Vec<Reg> = target.iter().chain(&over).copied().collect();
        let (mut ops, renamed) = live(&self.ops, &roots);
        let push = |ops: &mut Vec<Op>, op: Op| {
            ops.push(op);
            (ops.len() - 1) as Reg
        };
        // Where a target may be.
        let mut to = match capture {
            true => push(&mut ops, Op::Const(u64::MAX)),
            false => {
                let filled = push(&mut ops, Op::Filled);
                push(&mut ops, Op::Not(filled))
            }
        };
        for &t in &target {
            to = push(&mut ops, Op::And(to, renamed(t)));
        }
        // Each `between`: the squares whose neighbour one way is in its set
        // and the square after that a target, in any direction.
        let mut starts = None;
        for &y in &over {
            let leap = push(&mut ops, Op::Leap { over: renamed(y), to });
            starts = Some(match starts {
                Some(s) => push(&mut ops, Op::And(s, leap)),
                None => leap,
            });
        }
        let yes = starts?;
        (ops.len() <= MAX_OPS).then(|| Program {
            at_ops: ops_at_one(&ops, &[yes], &[]),
            ops,
            scalars: self.scalars.clone(),
            guards: self.guards.clone(),
            fixed: self.fixed.clone(),
            yes,
            err: None,
            more: Vec::new(),
        })
    }
}

/// The part that reads no square an operation reads, if any.
pub(super) fn value(op: Op) -> Option<u8> {
    match op {
        Op::Truth(v)
        | Op::Owned(v)
        | Op::Nobody(v, _)
        | Op::Bit(v)
        | Op::IsNothing(v)
        | Op::Between { x: v, .. }
        | Op::TwoAway(v)
        | Op::Among(v)
        | Op::AtLeast { n: Some(v), .. } => Some(v),
        Op::AtLeast { n: None, .. }
        | Op::Filled
        | Op::Const(_)
        | Op::Fixed(_)
        | Op::Not(_)
        | Op::And(..)
        | Op::Or(..)
        | Op::Leap { .. }
        | Op::Back(..)
        | Op::Spread(..)
        | Op::AllBut { .. }
        | Op::Reach { .. }
        | Op::Flank { .. }
        | Op::ReachAt { .. }
        | Op::FlankAt { .. }
        | Op::Sure { .. }
        | Op::SureAt { .. } => None,
    }
}
