//! Why a drag is not allowed, in words a child can act on.

use super::{same_ok, MoveStage, Position};
use crate::expr::Value;
use crate::model::OwnerPattern;
use crate::rules::{FigureId, PlaceId};
use crate::state::Status;
use crate::world::View;
use std::fmt;

/// A refused step or action: the reason as data, for the app to put in
/// the words of the table, and in one sentence that names the rule and the
/// condition exactly, for a designer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// One short sentence with the game's own names.
    pub message: String,
    /// Why, as data.
    pub why: Why,
}

/// Why a step or an action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// The game is over.
    Over,
    /// The figure or the place is not in the game, or the figure is off
    /// the table.
    Unknown,
    /// The figure already lies there.
    AlreadyThere,
    /// No rule moves a figure like this from where it lies to that place.
    NoRule,
    /// A rule would, but the figure belongs to another player (0: to nobody).
    NotYours { owner: u8 },
    /// The move is complete: only End move is left.
    MoveComplete,
    /// A step of this rule can't come at this point of the move.
    NotNow { rule: String },
    /// The place has no room left.
    Full,
    /// The rule needs two parts of the names to be the same, and they differ.
    NotSame { rule: String, var: String },
    /// A condition of the rule is not true here (`error`: it could not be
    /// checked at all, and why).
    Condition {
        rule: String,
        condition: String,
        error: Option<String>,
    },
    /// End move before any step of the move.
    NoStepYet,
    /// End move while the move must go on.
    NotFinished,
    /// End move while the move says `while possible` and a step can still
    /// extend it.
    GoOn,
    /// The drag is allowed by several rules with different results: one
    /// must be chosen ([`Position::choices`](crate::Position::choices)).
    Choose { count: usize },
    /// The step is allowed, but after it the move could never be finished.
    DeadEnd,
    /// Passing is not allowed now.
    NoPass,
    /// A roll the move does not allow now.
    NoRoll,
    /// A step before the roll the move needs first.
    RollFirst,
}

impl Refusal {
    pub fn new(message: impl Into<String>, why: Why) -> Self {
        Refusal {
            message: message.into(),
            why,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

/// How far a rule got before it failed; the furthest one explains best.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Reached {
    Nothing,
    NotYours(u8),
    Shape,
    Order,
    Room,
    Same(String),
    Condition { text: String, error: Option<String> },
}

pub(super) fn why_not(pos: &Position, figure: FigureId, to: PlaceId) -> Refusal {
    let rules = &*pos.rules;
    let state = &pos.state;
    if let Status::Over { .. } = state.status() {
        return Refusal::new("The game is over. Press New game to play again.", Why::Over);
    }
    let Some(fig) = rules.figures.get(figure as usize) else {
        return Refusal::new("There is no such figure.", Why::Unknown);
    };
    let Some(from) = state.place_of(figure) else {
        return Refusal::new(
            format!("{} is not on the table any more.", fig.name),
            Why::Unknown,
        );
    };
    if rules.places.get(to as usize).is_none() {
        return Refusal::new("Drop it on a place of the table.", Why::Unknown);
    }
    if from == to {
        return Refusal::new(format!("{} is already there.", fig.name), Why::AlreadyThere);
    }
    if pos.roll_due() {
        return Refusal::new("Roll the dice first: tap the die.", Why::RollFirst);
    }
    let kind = &rules.types[state.kind_of(figure) as usize];
    let (from_name, to_name) = (rules.place_name(from), rules.place_name(to));
    let mut best = Reached::Nothing;
    let mut best_rule = String::new();
    let mut vars = Vec::new();
    for (ri, rule) in rules.steps.iter().enumerate() {
        let reached = (|| {
            let owner_ok = match rule.owner {
                None => true,
                Some(o) => {
                    let me = state.to_move();
                    let want = match o {
                        OwnerPattern::OnMove => me,
                        OwnerPattern::Opponent => rules.other(me),
                        OwnerPattern::Player(n) => n,
                    };
                    state.owner_of(figure) == want
                }
            };
            let static_ok = rule.what_static[figure as usize].is_some()
                && rule.what_kind[state.kind_of(figure) as usize].is_some();
            let places_ok = rule.from[from as usize].is_some() && rule.to.iter().any(|(p, _)| *p == to);
            if !static_ok || !places_ok {
                return Reached::Nothing;
            }
            if !owner_ok {
                return Reached::NotYours(state.owner_of(figure));
            }
            if rules.moves.next(state.progress(), ri).is_none() {
                return Reached::Order;
            }
            if !pos.has_room_for(to, rule.capture) {
                return Reached::Room;
            }
            let Some(heads) = pos.heads(rule, figure, from) else {
                return Reached::Shape;
            };
            let to_caps = rule
                .to
                .iter()
                .find(|(p, _)| *p == to)
                .map_or(&[][..], |(_, c)| c.as_slice());
            pos.fill_vars(&mut vars, figure, from, to, &heads, to_caps);
            if rule.capture {
                vars.push(pos.captured_name(to));
            }
            if !same_ok(rule, &vars) {
                let name = rule
                    .same
                    .iter()
                    .find(|&&(a, b)| vars.get(a) != vars.get(b))
                    .map_or("", |&(a, _)| rule.vars[a].as_str());
                return Reached::Same(name.to_string());
            }
            let view = View::of(pos);
            for (c, text) in rule.when.iter().zip(&rule.when_text) {
                match c.eval(&vars, &view) {
                    Ok(Value::Bool(true)) => {}
                    Ok(_) => {
                        return Reached::Condition {
                            text: text.clone(),
                            error: None,
                        }
                    }
                    Err(e) => {
                        return Reached::Condition {
                            text: text.clone(),
                            error: Some(e.message),
                        }
                    }
                }
            }
            Reached::Shape
        })();
        if reached > best {
            best = reached;
            best_rule = rule.name.clone();
        }
    }
    let (message, why) = match best {
        Reached::Nothing | Reached::Shape => (
            format!("No rule lets {} go from {from_name} to {to_name}.", a(kind)),
            Why::NoRule,
        ),
        Reached::NotYours(owner) => (
            if owner == 0 {
                format!("{} does not belong to you.", fig.name)
            } else {
                format!("That is not your {kind}: it belongs to player {owner}.")
            },
            Why::NotYours { owner },
        ),
        Reached::Order => match pos.stage() {
            MoveStage::MayEnd => (
                format!("Your move is complete: press End move. (A '{best_rule}' step can't come next.)"),
                Why::MoveComplete,
            ),
            _ => (
                format!("A '{best_rule}' step can't come now in this move."),
                Why::NotNow { rule: best_rule },
            ),
        },
        Reached::Room => (format!("{to_name} is full."), Why::Full),
        Reached::Same(var) => (
            format!("The rule '{best_rule}' needs '{var}' to be the same in both places."),
            Why::NotSame { rule: best_rule, var },
        ),
        Reached::Condition { text, error } => (
            match &error {
                None => format!("The rule '{best_rule}' needs “{text}”, and that is not true here."),
                Some(e) => format!("The rule '{best_rule}' can't check “{text}”: {e}."),
            },
            Why::Condition {
                rule: best_rule,
                condition: text,
                error,
            },
        ),
    };
    Refusal::new(message, why)
}

fn a(kind: &str) -> String {
    let vowel = kind.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {kind}", if vowel { "an" } else { "a" })
}
