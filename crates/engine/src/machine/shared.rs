//! Conditions that several step rules ask of the same target, answered
//! once a listing.
//!
//! Rules often differ by one condition and share the rest: Nine Men's
//! Morris's `put` and `close` both ask `may_go(from, to)`, and one asks
//! `not closes_mill(from, to)` where the other asks `closes_mill(from,
//! to)`. A condition written the same in two rules, with the same texts and
//! reading nothing a rule's own patterns caught, has the same answer for the
//! same figure going to the same target in one listing: it is numbered
//! once ([`number`]), and the first rule to ask it of a target keeps the
//! answer for the others ([`Answers`], [`Found`]). Only what a rule asks is
//! worked out, in the order it asks it, so a condition another rule never
//! reaches is still never asked.
//!
//! A condition on the board's squares worked out as a set program is
//! shared the same way, for all the targets at once ([`SharedSet`],
//! [`SetAnswers`]): the program of the condition without its `not`, where
//! it fails worked out too, so that a rule asking the opposite reads the
//! same answer.

use arrayvec::ArrayVec;

use super::steps::Turn;
use super::value::{Eval, Expr, SetOf};
use crate::rules::tree::{walk, Node, Text, Tri};
use crate::rules::PlaceId;

/// What makes two target conditions the same: the condition with a `not`
/// around it taken off, its texts, and whether its targets are numbered as
/// piles or as squares of the board.
#[derive(Debug, PartialEq)]
pub(super) struct Key {
    node: Node,
    texts: Vec<String>,
    piles: bool,
}

/// A target condition's [`Key`] and whether it has a `not` around it, where
/// it has one ([`key`]).
pub(super) type Keyed = Option<(Key, bool)>;

/// The key of a target condition and whether it has a `not` around it;
/// `None` where it reads what a rule's patterns caught (the same words
/// may read other places in another rule).
pub(super) fn key(node: &Node, texts: &[Text], piles: bool) -> Keyed {
    let mut own = false;
    walk(node, &mut |n| {
        own |= matches!(n, Node::Capture(_) | Node::General(_))
    });
    if own {
        return None;
    }
    let (node, not) = match node {
        Node::Not(inner) => (&**inner, true),
        n => (n, false),
    };
    let texts = texts.iter().map(|t| t.text.clone()).collect();
    Some((
        Key {
            node: node.clone(),
            texts,
            piles,
        },
        not,
    ))
}

/// Of the target conditions of every rule (by rule, then in the order the
/// rule asks them), those asked by more than one: the number they share
/// and whether the rule asks the opposite of it.
pub(super) fn number(keys: &[Vec<Keyed>]) -> Vec<Vec<Option<(u16, bool)>>> {
    let mut seen: Vec<(&Key, usize)> = Vec::new();
    for (key, _) in keys.iter().flatten().flatten() {
        match seen.iter_mut().find(|(k, _)| *k == key) {
            Some((_, times)) => *times += 1,
            None => seen.push((key, 1)),
        }
    }
    let mut numbers: Vec<&Key> = Vec::new();
    keys.iter()
        .map(|rule| {
            rule.iter()
                .map(|c| {
                    let (key, not) = c.as_ref()?;
                    seen.iter()
                        .find(|(k, _)| *k == key)
                        .filter(|(_, times)| *times > 1)?;
                    let n = match numbers.iter().position(|k| *k == key) {
                        Some(n) => n,
                        None => {
                            numbers.push(key);
                            numbers.len() - 1
                        }
                    };
                    Some((u16::try_from(n).ok()?, *not))
                })
                .collect()
        })
        .collect()
}

/// The answers found so far in a listing of the conditions several rules
/// share: by condition, figure (where it is and its kind), player on move
/// and whether the steps made so far were read, the targets (squares of the
/// board or piles, by number) it was asked of and those where it held, as
/// bits.
#[derive(Debug, Default, Clone)]
pub(super) struct Answers(Vec<Answer>);

#[derive(Debug, Clone, Copy)]
struct Answer {
    number: u16,
    figure: (PlaceId, u8),
    player: u8,
    made: bool,
    asked: u64,
    held: u64,
}

impl Answers {
    /// Where the answers of condition `number` for `figure` are kept.
    fn find(&self, number: u16, figure: (PlaceId, u8), player: u8, made: bool) -> Option<usize> {
        self.0
            .iter()
            .position(|a| a.number == number && a.figure == figure && a.player == player && a.made == made)
    }

    /// The targets condition `number` was asked of for `figure`, and those
    /// where it held.
    pub(super) fn get(&self, number: u16, figure: (PlaceId, u8), player: u8, made: bool) -> (u64, u64) {
        self.find(number, figure, player, made)
            .map_or((0, 0), |i| (self.0[i].asked, self.0[i].held))
    }

    /// Keeps what condition `number` was found to be for `figure`.
    pub(super) fn put(
        &mut self,
        number: u16,
        figure: (PlaceId, u8),
        player: u8,
        made: bool,
        (asked, held): (u64, u64),
    ) {
        match self.find(number, figure, player, made) {
            Some(i) => (self.0[i].asked, self.0[i].held) = (asked, held),
            None => self.0.push(Answer {
                number,
                figure,
                player,
                made,
                asked,
                held,
            }),
        }
    }

    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}

/// A set program of a rule's that other rules ask too: its number, whether
/// the rule asks its opposite, and the program of the condition without
/// the `not`, where it fails included.
#[derive(Debug, Clone)]
pub(super) struct SharedSet {
    pub number: u16,
    pub not: bool,
    pub set: SetOf,
}

impl SharedSet {
    /// The answer for the rule, `all` the board's squares: read from
    /// `answers` where another rule asked it for `figure` in this listing,
    /// else worked out in `e` and kept there.
    pub(super) fn run(
        &self,
        e: &mut Eval,
        answers: &mut SetAnswers,
        figure: (PlaceId, u8),
        turn: Turn,
        all: u64,
    ) -> Option<Tri> {
        let key = (self.number, figure, turn.player, turn.own);
        let t = match answers.get(key) {
            Some(t) => t,
            None => {
                let t = e.run(&self.set)?;
                answers.0.push((key, t));
                t
            }
        };
        Some(match self.not {
            true => Tri {
                yes: all & !t.yes & !t.err,
                err: t.err,
            },
            false => t,
        })
    }
}

/// The answers found so far in a listing of the set programs several rules
/// share: by number, figure, player on move and whether the steps made so
/// far were read.
#[derive(Debug, Default, Clone)]
pub(super) struct SetAnswers(Vec<(SetAsked, Tri)>);

type SetAsked = (u16, (PlaceId, u8), u8, bool);

impl SetAnswers {
    fn get(&self, key: SetAsked) -> Option<Tri> {
        self.0.iter().find(|(k, _)| *k == key).map(|&(_, t)| t)
    }

    pub(super) fn clear(&mut self) {
        self.0.clear();
    }
}

/// What one rule's conditions that other rules ask too were found to be for
/// one figure (per condition, the targets it was asked of and those where
/// it held, before any `not` around it), while the rule asks them; none
/// where the rule shares none or has too many conditions.
pub(super) struct Found(ArrayVec<(u64, u64), 8>);

impl Found {
    pub(super) fn load(
        shared: &[Option<(u16, bool)>],
        answers: &Answers,
        figure: (PlaceId, u8),
        turn: Turn,
    ) -> Found {
        let mut found = ArrayVec::new();
        if shared.iter().any(Option::is_some) && shared.len() <= found.capacity() {
            for c in shared {
                found.push(c.map_or((0, 0), |(n, _)| answers.get(n, figure, turn.player, turn.own)));
            }
        }
        Found(found)
    }

    pub(super) fn store(
        &self,
        shared: &[Option<(u16, bool)>],
        answers: &mut Answers,
        figure: (PlaceId, u8),
        turn: Turn,
    ) {
        for (c, &answer) in shared.iter().zip(&self.0) {
            if let Some((n, _)) = *c {
                answers.put(n, figure, turn.player, turn.own, answer);
            }
        }
    }

    /// Whether every one of `conditions` holds in `e` at target number
    /// `target`, asked in turn up to the first that does not, those other
    /// rules ask too read here where they were asked already and kept here
    /// when they are asked, and those by number in `answered` (as bits)
    /// known to hold; `None` to give up.
    pub(super) fn all_hold<'a>(
        &mut self,
        conditions: &'a [Expr],
        shared: &[Option<(u16, bool)>],
        answered: u64,
        target: usize,
        e: &mut Eval<'a, '_>,
    ) -> Option<bool> {
        let bit = match u32::try_from(target).ok().and_then(|t| 1u64.checked_shl(t)) {
            Some(bit) if !self.0.is_empty() => bit,
            _ => return super::steps::all_hold_but(conditions, answered, e),
        };
        for (n, ((c, shared), (asked, held))) in conditions.iter().zip(shared).zip(&mut self.0).enumerate() {
            if n < 64 && answered & (1 << n) != 0 {
                continue;
            }
            let holds = match *shared {
                Some((_, not)) if *asked & bit != 0 => (*held & bit != 0) != not,
                Some((_, not)) => {
                    let holds = c.value(e)?.as_bool()?;
                    *asked |= bit;
                    if holds != not {
                        *held |= bit;
                    }
                    holds
                }
                None => c.value(e)?.as_bool()?,
            };
            if !holds {
                return Some(false);
            }
        }
        Some(true)
    }
}
