//! Game overs answered straight from the situation: `in_a_row(board, 3,
//! opponent)`, `empty(crosses) and empty(circles)`, `every s in
//! squares(board) where not empty(s)`, `value(quiet) >= 80`, a winner that
//! is a number or the player on move or the other. Asked after every move
//! of a playout, they cost less this way than set up as an evaluation and
//! run as closures ([`super::value`]). A game over of any other form is
//! asked that way only; so is every game over where a part of this form
//! gives up.

use std::sync::Arc;

use super::situation::Situation;
use super::value::{mine, SetOf, Sx};
use super::{Holds, Machine, Where};
use crate::expr::{BinOp, Quantity, Special};
use crate::rules::tree::{answer, Tri, Val};
use crate::rules::Rules;

/// A game over whose condition and winner all have a form answered here.
#[derive(Debug, Clone)]
pub(super) struct Direct {
    when: Vec<Check>,
    winner: Who,
}

/// A condition answered straight from the situation: yes, no, or `None`
/// to ask it the general way.
#[derive(Debug, Clone)]
enum Check {
    /// `in_a_row(board, n, who)` on a small board, its lines as bits.
    Lines(Who, Arc<[u64]>),
    /// The same where the lines lie on the first [`TABLE_SQUARES`]
    /// squares (Tic-Tac-Toe's): read from a [`LineTable`].
    Table(Who, Arc<LineTable>),
    /// `in_a_row(board, n, who)` on a larger board.
    InARow(Who, u32),
    /// `in_a_row` of fewer than one.
    No,
    Empty(Where),
    /// `any` or `every` square of the board where a set holds.
    Squares(Quantity, Box<SetOf>),
    /// `any` or `every` square of the board with a figure on (`true`) or
    /// with none (`false`).
    Filled(Quantity, bool),
    /// `value(T) op n`, of a trigger and a number written as it stands
    /// (checkers' `value(quiet) >= 80`), compared as numbers.
    Count(usize, BinOp, i32),
    Not(Box<Check>),
    And(Box<Check>, Box<Check>),
    Or(Box<Check>, Box<Check>),
}

/// `any` or `every` square of the board where `set` holds.
// Kept out of `holds`, asked after every move, where most games never
// come to this arm.
#[inline(never)]
fn squares(m: &Machine, rules: &Rules, s: &Situation, kind: Quantity, set: &SetOf) -> Option<bool> {
    m.b?;
    let t = set.run_bare(m, rules, s, s.to_move, None, &mut [])?;
    Some(answer(kind, false, t, &m.board)? == Val::bool(true))
}

/// `any` or `every` square of the board among `yes`.
#[inline(never)]
fn full(m: &Machine, kind: Quantity, yes: u64) -> Option<bool> {
    m.b?;
    Some(answer(kind, false, Tri { yes, err: 0 }, &m.board)? == Val::bool(true))
}

/// Whether `mine` holds a line of `n` on the board.
// Called, not written out in `holds`, where it would make every other
// check pay for its room.
#[inline(never)]
fn in_a_row(m: &Machine, n: u32, mine: u64) -> bool {
    m.board.has_line(n, mine)
}

/// The most squares a [`LineTable`] covers: 2^16 sets of them, a bit
/// each (8 KiB).
const TABLE_SQUARES: u32 = 16;

/// Whether a player's squares hold a line, for every set of squares the
/// lines lie on, one bit each: one look where going through the lines
/// takes one for each line. Made for boards of [`TABLE_SQUARES`] at most.
#[derive(Debug)]
struct LineTable {
    /// The squares the lines lie on, and those before them.
    squares: u64,
    /// A bit per set of those squares, the set as a number.
    lined: Box<[u64]>,
}

impl LineTable {
    fn of(lines: &[u64]) -> Option<LineTable> {
        let span = 64 - lines.iter().fold(0, |all, &l| all | l).leading_zeros();
        if span > TABLE_SQUARES {
            return None;
        }
        let sets = 1u64 << span;
        let mut lined = vec![0u64; sets.div_ceil(64) as usize];
        for set in 0..sets {
            if lines.iter().any(|&l| l & !set == 0) {
                lined[(set / 64) as usize] |= 1 << (set % 64);
            }
        }
        Some(LineTable {
            squares: sets - 1,
            lined: lined.into(),
        })
    }

    /// Whether `mine` holds a line.
    #[inline]
    fn holds(&self, mine: u64) -> Option<bool> {
        let set = mine & self.squares;
        Some(self.lined.get((set / 64) as usize)? & (1 << (set % 64)) != 0)
    }
}

/// The tables of lines made so far, each with its lines.
#[derive(Debug, Default)]
pub(super) struct Tables(Vec<(Arc<[u64]>, Arc<LineTable>)>);

impl Tables {
    /// The table of `lines`, made the first time, where they fit in one.
    fn of(&mut self, lines: &Arc<[u64]>) -> Option<Arc<LineTable>> {
        if let Some((_, table)) = self.0.iter().find(|(l, _)| l == lines) {
            return Some(table.clone());
        }
        let table = Arc::new(LineTable::of(lines)?);
        self.0.push((lines.clone(), table.clone()));
        Some(table)
    }
}

/// A player named as it stands, or by who is on move.
#[derive(Debug, Clone, Copy)]
enum Who {
    Number(i32),
    OnMove,
    Other,
}

impl Direct {
    /// The game over of condition `when` and winner `winner`, if each has
    /// a form answered here.
    /// A table of lines already made for the same lines is shared
    /// (`tables`): a game with many game overs of lines makes each once.
    pub(super) fn of<'a>(
        when: impl Iterator<Item = &'a Sx>,
        winner: &Sx,
        tables: &mut Tables,
    ) -> Option<Direct> {
        let mut all = Vec::new();
        for x in when {
            Check::all_of(x, &mut all, tables)?;
        }
        Some(Direct {
            when: all,
            winner: Who::of(winner)?,
        })
    }
}

impl Check {
    /// Into `out`, what must all hold for `x` to hold: the sides of an
    /// `and` one by one, asked in turn as it asks them.
    fn all_of(x: &Sx, out: &mut Vec<Check>, tables: &mut Tables) -> Option<()> {
        match x {
            Sx::And(a, b) => {
                Check::all_of(a, out, tables)?;
                Check::all_of(b, out, tables)
            }
            x => {
                out.push(Check::of(x, tables)?);
                Some(())
            }
        }
    }

    fn of(x: &Sx, tables: &mut Tables) -> Option<Check> {
        let mut boxed = |x: &Sx| Check::of(x, tables).map(Box::new);
        Some(match x {
            Sx::InARow(n, who, lines) => {
                let who = Who::of(who)?;
                match lines {
                    _ if *n < 1 => Check::No,
                    Some(lines) => match tables.of(lines) {
                        Some(table) => Check::Table(who, table),
                        None => Check::Lines(who, lines.clone()),
                    },
                    None => Check::InARow(who, *n as u32),
                }
            }
            &Sx::Empty(at) => Check::Empty(at),
            Sx::Squares {
                kind: kind @ (Quantity::Any | Quantity::Every),
                until: false,
                set,
                ..
            } if set.bare() => match set.filled() {
                Some(filled) => Check::Filled(*kind, filled),
                None => Check::Squares(*kind, set.clone()),
            },
            Sx::Binary(op, a, b) => match (&**a, &**b) {
                (&Sx::Trigger(t), b) => Check::Count(t, compared(*op)?, b.number()?),
                (a, &Sx::Trigger(t)) => Check::Count(t, compared(mirrored(*op))?, a.number()?),
                _ => return None,
            },
            Sx::Not(x) => Check::Not(boxed(x)?),
            Sx::And(a, b) => Check::And(boxed(a)?, boxed(b)?),
            Sx::Or(a, b) => Check::Or(boxed(a)?, boxed(b)?),
            _ => return None,
        })
    }

    /// Whether it holds in `s`; `None` where it gives up. The checks of
    /// a look or two are answered here, written out where they are asked
    /// after every move; the others in [`holds_otherwise`](Self::holds_otherwise).
    #[inline(always)]
    fn holds(&self, m: &Machine, rules: &Rules, s: &Situation) -> Option<bool> {
        match self {
            Check::Table(who, table) => table.holds(mine(s.bits, m.board.all, who.number(rules, s))),
            &Check::InARow(who, n) => Some(in_a_row(m, n, mine(s.bits, m.board.all, who.number(rules, s)))),
            &Check::Empty(Where::Cell(bit)) => Some(s.cell(bit).is_none()),
            &Check::Empty(Where::Pile(i)) => Some(*s.totals.get(i)? == 0),
            // A trigger holding yes or no is asked the general way.
            &Check::Count(t, op, n) => match m.triggers.get(t)? {
                Holds::Number => Some(compare(op, *s.triggers.get(t)?, n)),
                _ => None,
            },
            _ => self.holds_otherwise(m, rules, s),
        }
    }

    /// [`holds`](Self::holds) of the other checks, called rather than
    /// written out, as it calls itself.
    #[inline(never)]
    fn holds_otherwise(&self, m: &Machine, rules: &Rules, s: &Situation) -> Option<bool> {
        Some(match self {
            Check::Lines(who, lines) => {
                let mine = mine(s.bits, m.board.all, who.number(rules, s));
                lines.iter().any(|&l| l & !mine == 0)
            }
            Check::No => false,
            &Check::Squares(kind, ref set) => squares(m, rules, s, kind, set)?,
            &Check::Filled(kind, filled) => {
                let yes = match filled {
                    true => s.bits.filled,
                    false => m.board.all & !s.bits.filled,
                };
                full(m, kind, yes)?
            }
            // Answered in `holds`.
            Check::Table(..) | Check::InARow(..) | Check::Empty(_) | Check::Count(..) => {
                self.holds(m, rules, s)?
            }
            Check::Not(x) => !x.holds(m, rules, s)?,
            Check::And(a, b) => a.holds(m, rules, s)? && b.holds(m, rules, s)?,
            Check::Or(a, b) => a.holds(m, rules, s)? || b.holds(m, rules, s)?,
        })
    }
}

/// `op` where it compares two numbers.
fn compared(op: BinOp) -> Option<BinOp> {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
    .then_some(op)
}

/// `v op n`, `op` one of [`compared`]'s.
#[inline(always)]
fn compare(op: BinOp, v: i32, n: i32) -> bool {
    match op {
        BinOp::Eq => v == n,
        BinOp::Ne => v != n,
        BinOp::Lt => v < n,
        BinOp::Le => v <= n,
        BinOp::Gt => v > n,
        _ => v >= n,
    }
}

/// `op` with its sides swapped: `a op b` is `b mirrored(op) a`.
fn mirrored(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        op => op,
    }
}

impl Who {
    fn of(x: &Sx) -> Option<Who> {
        match x {
            Sx::Val(v) => Some(Who::Number(v.as_num()?)),
            Sx::Special(Special::Player) => Some(Who::OnMove),
            Sx::Special(Special::Opponent) => Some(Who::Other),
            _ => None,
        }
    }

    fn number(self, rules: &Rules, s: &Situation) -> i32 {
        match self {
            Who::Number(n) => n,
            Who::OnMove => i32::from(s.to_move),
            Who::Other => i32::from(rules.other(s.to_move)),
        }
    }
}

impl Machine {
    /// [`game_over`](Self::game_over) where every game over is
    /// [`Direct`]; `None` where one of them gives up, to ask them all the
    /// general way.
    #[inline]
    pub(super) fn game_over_directly(
        &self,
        rules: &Rules,
        s: &Situation,
        ends: &[Direct],
    ) -> Option<Option<u8>> {
        'ends: for end in ends {
            for c in &end.when {
                if !c.holds(self, rules, s)? {
                    continue 'ends;
                }
            }
            let n = end.winner.number(rules, s);
            if (0..=i32::from(self.players)).contains(&n) {
                return Some(Some(n as u8));
            }
        }
        Some(None)
    }
}

#[cfg(test)]
mod tests {
    use super::{LineTable, Tables};
    use crate::search::rng::Rng;
    use std::sync::Arc;

    /// Whether `mine` holds one of `lines`, line by line.
    fn lined(lines: &[u64], mine: u64) -> bool {
        lines.iter().any(|&l| l & !mine == 0)
    }

    #[test]
    fn a_table_of_lines_finds_what_going_through_them_finds() {
        // Tic-Tac-Toe's rows, columns and diagonals.
        let three = [0b111, 0b111 << 3, 0b111 << 6, 0o111, 0o222, 0o444, 0o421, 0o124];
        let table = LineTable::of(&three).expect("9 squares");
        for mine in 0..1u64 << 9 {
            assert_eq!(table.holds(mine), Some(lined(&three, mine)), "{mine:09b}");
        }
        // Lines of any shape on up to 16 squares, and squares past them.
        let mut rng = Rng::new(7);
        for _ in 0..50 {
            let span = 1 + rng.below(16) as u32;
            let lines: Vec<u64> = (0..rng.below(12))
                .map(|_| (rng.next_u64() & rng.next_u64()) >> (64 - span))
                .collect();
            let table = LineTable::of(&lines).expect("16 squares at most");
            for _ in 0..2000 {
                let mine = rng.next_u64();
                assert_eq!(
                    table.holds(mine),
                    Some(lined(&lines, mine)),
                    "{lines:?}, {mine:b}"
                );
            }
        }
        assert!(LineTable::of(&[1 << 16]).is_none(), "17 squares");
    }

    #[test]
    fn the_same_lines_share_one_table() {
        let mut tables = Tables::default();
        let (rows, columns): (Arc<[u64]>, Arc<[u64]>) =
            (Arc::new([0o7, 0o70, 0o700]), Arc::new([0o111, 0o222, 0o444]));
        let first = tables.of(&rows).expect("9 squares");
        let again = tables.of(&Arc::from(&rows[..])).expect("9 squares");
        assert!(Arc::ptr_eq(&first, &again), "made once");
        let other = tables.of(&columns).expect("9 squares");
        assert!(!Arc::ptr_eq(&first, &other), "other lines, another table");
        assert_eq!(tables.0.len(), 2);
    }
}
