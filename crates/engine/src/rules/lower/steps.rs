//! Step tables: each step rule's patterns matched ahead of time against
//! every figure, figure type and place, with what their wildcards caught.

use super::Elements;
use crate::expr::{Effect, Expr, Value, Words};
use crate::model::{Game, Pattern, StepRule};
use crate::pattern::Matcher;
use crate::rules::scope::{self, RULE_VARS};
use crate::rules::{MatchTable, NameMap, Place, PlaceId, Prefilter, StepRuleC};

/// Every step rule, ready to be tried.
pub fn lower(game: &Game, elements: &Elements) -> Vec<StepRuleC> {
    game.steps.iter().map(|rule| step(rule, elements)).collect()
}

fn step(rule: &StepRule, elements: &Elements) -> StepRuleC {
    let [what_name, what_origin, what_kind, from_name, from_kind, to_name, to_kind] =
        scope::patterns(rule).map(|(_, p)| Part::new(p));
    let vars = scope::variables(rule);
    let when = conditions(rule, &vars, &elements.names, &elements.words);
    let from = place_table(&from_name, &from_kind, &elements.places);
    let to = targets(&to_name, &to_kind, &elements.places);
    StepRuleC {
        name: rule.name.clone(),
        what_static: figure_table(&what_name, &what_origin, elements),
        what_kind: elements.types.iter().map(|t| what_kind.captures(t)).collect(),
        owner: rule.what.owner,
        starts: (0..from.len()).filter(|&p| from[p].is_some()).collect(),
        from,
        to_index: index_of(&to, elements.places.len()),
        to,
        same: same_slots(&vars),
        prefilter: Prefilter::pending(when.len(), scope::figure_slots(rule)),
        needs_vars: true,
        top_only: when.iter().any(asks_top),
        board: None,
        when,
        fast: Vec::new(),
        fast_effects: Vec::new(),
        when_text: rule.when.clone(),
        effects: effects(rule, &vars, &elements.names, &elements.words),
        capture: rule.capture,
        vars,
    }
}

/// Whether a condition holds only for the top figure of `from`: it is
/// `figure = top(from)` (either way round), alone or as one part of an
/// `and`.
fn asks_top(condition: &Expr) -> bool {
    use crate::expr::{BinOp, Function, Resolved, WorldFn};
    let var = |e: &Expr, slot: usize| matches!(e, Expr::Name(n) if n.resolved == Resolved::Var(slot));
    let top_of_from = |e: &Expr| {
        matches!(e, Expr::Call { function: Function::World(WorldFn::Top), args }
            if args.len() == 1 && var(&args[0], 1))
    };
    match condition {
        Expr::Binary {
            op: BinOp::And,
            left,
            right,
        } => asks_top(left) || asks_top(right),
        Expr::Binary {
            op: BinOp::Eq,
            left,
            right,
        } => (var(left, 0) && top_of_from(right)) || (top_of_from(left) && var(right, 0)),
        _ => false,
    }
}

/// One pattern of a rule, ready to match names.
struct Part {
    /// `None`: no pattern, which matches anything.
    matcher: Option<Matcher>,
    /// Whether the wildcards are caught in variables.
    caught: bool,
}

impl Part {
    fn new(pattern: Option<&Pattern>) -> Part {
        Part {
            matcher: pattern.map(|p| Matcher::new(&p.text)),
            caught: pattern.is_some_and(|p| !p.vars.is_empty()),
        }
    }

    /// Whether `text` matches, and the captures kept in variables.
    fn captures(&self, text: &str) -> Option<Vec<Value>> {
        let captures = match &self.matcher {
            None => Vec::new(),
            Some(m) => m.captures(text)?,
        };
        Some(if self.caught { captures } else { Vec::new() })
    }
}

/// Whether two parts both match, with their captures one after the other.
fn both(a: Option<Vec<Value>>, b: Option<Vec<Value>>) -> Option<Vec<Value>> {
    Some([a?, b?].concat())
}

/// Per figure: whether its name and origin match.
fn figure_table(name: &Part, origin: &Part, elements: &Elements) -> MatchTable {
    let places = &elements.places;
    elements
        .figures
        .iter()
        .map(|f| {
            both(
                name.captures(&f.name),
                origin.captures(place_name(places, f.origin)),
            )
        })
        .collect()
}

/// Per place of `places` places, where it is in `targets` (`u32::MAX`
/// where it is not there).
fn index_of(targets: &[(PlaceId, Vec<Value>)], places: usize) -> Vec<u32> {
    let mut index = vec![u32::MAX; places];
    for (j, (p, _)) in targets.iter().enumerate() {
        if let Some(slot) = index.get_mut(*p as usize) {
            *slot = j as u32;
        }
    }
    index
}

fn place_name(places: &[Place], p: PlaceId) -> &str {
    places.get(p as usize).map_or("", |p| p.name.as_str())
}

/// Per place: whether its name and kind match.
fn place_table(name: &Part, kind: &Part, places: &[Place]) -> MatchTable {
    places
        .iter()
        .map(|p| both(name.captures(&p.name), kind.captures(p.kind)))
        .collect()
}

/// The places whose name and kind match, with the captures.
fn targets(name: &Part, kind: &Part, places: &[Place]) -> Vec<(PlaceId, Vec<Value>)> {
    let mut targets = Vec::new();
    for (i, p) in places.iter().enumerate() {
        if let Some(caps) = both(name.captures(&p.name), kind.captures(p.kind)) {
            targets.push((i as PlaceId, caps));
        }
    }
    targets
}

/// Capture slots that share a name with an earlier capture: they must
/// catch the same value.
fn same_slots(vars: &[String]) -> Vec<(usize, usize)> {
    let mut same = Vec::new();
    for i in RULE_VARS.len()..vars.len() {
        if let Some(j) = (RULE_VARS.len()..i).find(|&j| vars[j] == vars[i]) {
            same.push((i, j));
        }
    }
    same
}

fn conditions(rule: &StepRule, vars: &[String], names: &NameMap, words: &Words) -> Vec<Expr> {
    let read = rule.when.iter().map(|src| scope::expr(src, vars, names, words));
    read.filter_map(Result::ok).collect()
}

fn effects(rule: &StepRule, vars: &[String], names: &NameMap, words: &Words) -> Vec<Effect> {
    let read = rule
        .effects
        .iter()
        .map(|src| scope::effect(src, vars, names, words));
    read.filter_map(Result::ok).collect()
}
