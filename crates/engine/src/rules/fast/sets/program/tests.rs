//! A program asked about one square answers there as it does asked about
//! every square, however its operations are put together.

use super::*;
use proptest::prelude::*;

/// A game of a `rows` × `columns` board.
fn rules(rows: u16, columns: u16) -> Rules {
    let rest = r#"<steps><step name="s"><from name="pool"/><to type="square"/></step></steps>
        <moves><move name="turn">s</move></moves>"#;
    let text = crate::position::examples::stones_game(rows, columns, 4, rest);
    crate::open(&text).unwrap().1
}

/// Operation `i` of a random program: it reads results before it, the
/// first one none.
fn op(i: usize, (kind, a, b, d, c): (u8, u16, u16, u8, u64)) -> Op {
    let n = i.max(1) as u16;
    let (a, b, d) = (a % n, b % n, d % 8);
    match (i, kind % 10) {
        (0, _) | (_, 0) => Op::Const(c),
        (_, 1) => Op::Filled,
        (_, 2) => Op::Not(a),
        (_, 3) => Op::And(a, b),
        (_, 4) => Op::Or(a, b),
        (_, 5) => Op::Back(a, d),
        (_, 6) => Op::Reach { start: a, cont: b, d },
        (_, 7) => Op::Flank { start: a, cont: b, d },
        (_, 8) => Op::AtLeast {
            cont: a,
            d,
            n: None,
            plus: (c % 4) as i8,
        },
        _ => Op::Sure { yes: a, err: b },
    }
}

proptest! {
    /// Runs along lines followed from the square alone give the same
    /// results there as over the whole board (and a result read at every
    /// square, the same everywhere); a part that gives up where it fails
    /// (`Sure`) gives up asked about one square where it fails there, and
    /// only there if nothing else reads it.
    #[test]
    fn asked_about_one_square_a_program_answers_as_over_the_board(
        rows in 1u16..=8,
        columns in 1u16..=8,
        parts in proptest::collection::vec((any::<u8>(), any::<u16>(), any::<u16>(), any::<u8>(), any::<u64>()), 1..24),
        results in proptest::collection::vec((any::<u16>(), proptest::option::of(any::<u16>())), 1..4),
        (filled, mine, theirs) in (any::<u64>(), any::<u64>(), any::<u64>()),
        last_everywhere in any::<bool>(),
    ) {
        let rules = rules(rows, columns);
        let board = &rules.bitboards.boards[0];
        let all = board.all;
        let ops: Vec<Op> = parts.iter().enumerate().map(|(i, &p)| op(i, p)).collect();
        let n = ops.len() as u16;
        let mut outs = results.iter().map(|&(yes, err)| (yes % n, err.map(|e| e % n)));
        let (yes, err) = outs.next().unwrap();
        let more: Vec<(Reg, Option<Reg>)> = outs.collect();
        let roots: Vec<Reg> = std::iter::once((yes, err))
            .chain(more.iter().copied())
            .flat_map(|(yes, err)| std::iter::once(yes).chain(err))
            .collect();
        let mut program = Program {
            at_ops: ops_at_one(&ops, &roots, &[]),
            ops,
            scalars: Vec::new(),
            guards: Vec::new(),
            fixed: Vec::new(),
            yes,
            err,
            more,
        };
        let k = results.len();
        // The last result read at every square, the others at one.
        if last_everywhere {
            program = program.read_everywhere(k - 1);
        }
        let filled = filled & all;
        let bits = BoardBits {
            filled,
            stacked: 0,
            owned: [mine & filled, theirs & filled & !mine, 0, 0],
        };
        // What it answers at each square alone, worked out over the whole
        // board: a `Sure` read there alone gives up where it fails there,
        // every other as it does over the board.
        let mut over_board = program.clone();
        let mut read_there = Vec::new();
        for (op, at_op) in over_board.ops.iter_mut().zip(&program.at_ops) {
            if let Op::SureAt { yes, err } = *at_op {
                *op = Op::Or(yes, yes);
                read_there.push(err);
            }
        }
        let sets = over_board.run_then(&[], &rules, board, bits, 1, |sets| sets.to_vec());
        let mut whole = [Tri { yes: 0, err: 0 }; 4];
        if let Some(sets) = &sets {
            program.read_each(sets, &mut whole[..k]);
        }
        for i in 0..board.squares() {
            let at = 1u64 << i;
            let mut one = [Tri { yes: 0, err: 0 }; 4];
            let at_one = program.run_each_at(&[], &rules, (board, bits), 1, at, &mut one[..k]);
            let fails_there = sets
                .as_ref()
                .is_none_or(|sets| read_there.iter().any(|&e| sets[e as usize] & at != 0));
            if fails_there {
                prop_assert!(at_one.is_none(), "answered at square {}", i);
                continue;
            }
            prop_assert!(at_one.is_some(), "gave up at square {}", i);
            for (r, (w, o)) in whole[..k].iter().zip(&one[..k]).enumerate() {
                let read = if last_everywhere && r == k - 1 { all } else { at };
                prop_assert_eq!(w.yes & read, o.yes & read, "square {}", i);
                prop_assert_eq!(w.err & read, o.err & read, "square {}", i);
            }
        }
    }
}

proptest! {
    /// The squares a step may start from, over the whole board, hold every
    /// square from which the condition, asked of that square as `from`,
    /// leaves a target with room; exactly those where it reads the step
    /// only by `between(from, to)`.
    #[test]
    fn a_step_starts_only_where_the_whole_board_says_it_may(
        rows in 1u16..=8,
        columns in 1u16..=8,
        parts in proptest::collection::vec((any::<u8>(), any::<u16>(), any::<u16>(), any::<u8>(), any::<u64>()), 1..12),
        (over, target, asks_more, truth) in (any::<u16>(), any::<u16>(), any::<bool>(), any::<bool>()),
        (filled, mine, theirs, capture) in (any::<u64>(), any::<u64>(), any::<u64>(), any::<bool>()),
    ) {
        let rules = rules(rows, columns);
        let board = &rules.bitboards.boards[0];
        let all = board.all;
        let mut ops: Vec<Op> = parts.iter().enumerate().map(|(i, &p)| op(i, p)).collect();
        let n = ops.len() as u16;
        // `between(from, to)` over a set that reads nothing of the step,
        // `and` a set of the target alone, `and` maybe a part that reads
        // the step some other way (value 1: left out of the starts).
        ops.push(Op::Between { x: 0, y: over % n });
        let mut yes = ops.len() as Reg - 1;
        ops.push(Op::And(target % n, yes));
        yes += 1;
        if asks_more {
            ops.push(Op::Truth(1));
            ops.push(Op::And(yes + 1, yes));
            yes += 2;
        }
        // As a program is made: only the operations its result needs.
        let (ops, renamed) = live(&ops, &[yes]);
        let yes = renamed(yes);
        let program = Program {
            at_ops: ops_at_one(&ops, &[yes], &[]),
            ops,
            scalars: Vec::new(),
            guards: Vec::new(),
            fixed: Vec::new(),
            yes,
            err: None,
            more: Vec::new(),
        };
        let starts = program.starts(&[false, false], &[true, false], capture).expect("a `between`");
        let filled = filled & all;
        let bits = BoardBits {
            filled,
            stacked: 0,
            owned: [mine & filled, theirs & filled & !mine, 0, 0],
        };
        let room = if capture { all } else { all & !filled };
        let Some(found) = starts.run(&[Val::num(0), Val::num(0)], &rules, board, bits, 1) else {
            // Where it gives up, every square is asked as before.
            return Ok(());
        };
        prop_assert_eq!(found.yes & !all, 0, "off the board");
        for i in 0..board.squares() {
            let from = Val::place(board.place(i));
            let here = program
                .run(&[from, Val::bool(truth)], &rules, board, bits, 1)
                .map_or(0, |t| t.yes & room & !(1 << i));
            let starts_here = found.yes & 1 << i != 0;
            if here != 0 {
                prop_assert!(starts_here, "square {} has a step but is left out", i);
            }
            if !asks_more || truth {
                prop_assert_eq!(starts_here, here != 0, "square {}", i);
            }
        }
    }
}
