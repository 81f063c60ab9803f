//! Game overs answered straight from the situation: `in_a_row(board, 3,
//! opponent)`, `empty(crosses) and empty(circles)`, `every s in
//! squares(board) where not empty(s)`, a winner that is a number or the
//! player on move or the other. Asked after every move of a playout, they
//! cost less this way than set up as an evaluation and run as closures
//! ([`super::value`]). A game over of any other form is asked that way
//! only; so is every game over where a part of this form gives up.

use std::sync::Arc;

use super::situation::Situation;
use super::value::{mine, SetOf, Sx};
use super::{Machine, Where};
use crate::expr::{Quantity, Special};
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
    Not(Box<Check>),
    And(Box<Check>, Box<Check>),
    Or(Box<Check>, Box<Check>),
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
    pub(super) fn of<'a>(when: impl Iterator<Item = &'a Sx>, winner: &Sx) -> Option<Direct> {
        Some(Direct {
            when: when.map(Check::of).collect::<Option<_>>()?,
            winner: Who::of(winner)?,
        })
    }
}

impl Check {
    fn of(x: &Sx) -> Option<Check> {
        let boxed = |x: &Sx| Check::of(x).map(Box::new);
        Some(match x {
            Sx::InARow(n, who, lines) => {
                let who = Who::of(who)?;
                match lines {
                    _ if *n < 1 => Check::No,
                    Some(lines) => Check::Lines(who, lines.clone()),
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
            Sx::Not(x) => Check::Not(boxed(x)?),
            Sx::And(a, b) => Check::And(boxed(a)?, boxed(b)?),
            Sx::Or(a, b) => Check::Or(boxed(a)?, boxed(b)?),
            _ => return None,
        })
    }

    /// Whether it holds in `s`; `None` where it gives up.
    fn holds(&self, m: &Machine, rules: &Rules, s: &Situation) -> Option<bool> {
        Some(match self {
            Check::Lines(who, lines) => {
                let mine = mine(s.bits, m.board.all, who.number(rules, s));
                lines.iter().any(|&l| l & !mine == 0)
            }
            &Check::InARow(who, n) => m
                .board
                .has_line(n, mine(s.bits, m.board.all, who.number(rules, s))),
            Check::No => false,
            &Check::Empty(Where::Cell(bit)) => s.cell(bit).is_none(),
            &Check::Empty(Where::Pile(i)) => *s.totals.get(i)? == 0,
            Check::Squares(kind, set) => {
                m.b?;
                let t = set.run_bare(m, rules, s, s.to_move, None, &mut [])?;
                answer(*kind, false, t, &m.board)? == Val::Bool(true)
            }
            &Check::Filled(kind, filled) => {
                m.b?;
                let yes = match filled {
                    true => s.bits.filled,
                    false => m.board.all & !s.bits.filled,
                };
                answer(kind, false, Tri { yes, err: 0 }, &m.board)? == Val::Bool(true)
            }
            Check::Not(x) => !x.holds(m, rules, s)?,
            Check::And(a, b) => a.holds(m, rules, s)? && b.holds(m, rules, s)?,
            Check::Or(a, b) => a.holds(m, rules, s)? || b.holds(m, rules, s)?,
        })
    }
}

impl Who {
    fn of(x: &Sx) -> Option<Who> {
        match x {
            &Sx::Val(Val::Num(n)) => Some(Who::Number(n)),
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
