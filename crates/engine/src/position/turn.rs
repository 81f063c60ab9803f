//! Side effects of a step, and what happens when a move ends: game-over
//! conditions, then the "cannot move" setting.

use super::{fill_refs, Position, Step, WhenStuck, NO_NAME};
use crate::automaton::MoveAutomaton;
use crate::expr::{slot_of, spend, with_slot, Effect, Expr, Value, MAX_ITEMS};
use crate::model::Face;
use crate::rules::{
    Alter, Ask, Element, EndC, Fast, FastEffect, FigureId, PlaceId, Rules, StepRuleC, TriggerId, TypeId,
};
use crate::state::{Change, Status, REMOVED};
use crate::world::View;
use std::cell::Cell;
use std::sync::Arc;

fn eval(pos: &Position, e: &Expr, vars: &[Value], work: &Cell<u32>) -> Result<Value, String> {
    let view = View::of(pos);
    e.eval_counted(vars, &view, work).map_err(|e| e.message)
}

fn lookup(rules: &Rules, v: &Value) -> Result<Element, String> {
    match v {
        Value::Text(name) => rules
            .element(name)
            .ok_or_else(|| format!("there is nothing called '{name}'")),
        other => Err(format!("expected a name, not {other}")),
    }
}

/// Runs the effects of `rule` after `step` was made; `heads` are the
/// captures of its `what` and `from` (`None` if they did not match), and
/// `captured` the figure it took by landing. Each effect runs compiled
/// where it can; where the compiled form gives up, what it changed is
/// undone and the general runner runs it. An effect that fails leaves a
/// warning, and what it did before failing stays done.
pub(super) fn run_effects(
    pos: &mut Position,
    rule: &StepRuleC,
    step: Step,
    heads: Option<[&[Value]; 3]>,
    captured: Option<FigureId>,
    changes: &mut Vec<Change>,
    warnings: &mut Vec<String>,
) {
    let rules = Arc::clone(&pos.rules);
    let to_caps = rule.target(step.to).unwrap_or_default();
    // The variables borrowed from the rules for the compiled form (made
    // only if one reads them), and made as values only if the general
    // runner needs them.
    let refs: Option<Vec<&Value>> = heads
        .filter(|_| rule.fast_effects.iter().any(Option::is_some))
        .map(|heads| {
            let mut refs = Vec::new();
            if rule.fast_effects.iter().flatten().any(FastEffect::reads_vars) {
                fill_refs(&rules, &mut refs, step.figure, step.from, step.to, &heads);
                refs.extend(to_caps.iter());
                if rule.capture {
                    refs.push(captured.map_or(&NO_NAME, |c| rules.figure_text(c)));
                }
            }
            refs
        });
    let mut vars: Option<Vec<Value>> = None;
    for (i, effect) in rule.effects.iter().enumerate() {
        if let (Some(fast), Some(refs)) = (rule.fast_effects.get(i).and_then(Option::as_ref), &refs) {
            let mark = changes.len();
            let mut game = Changing {
                pos,
                rules: &rules,
                changes,
            };
            if fast
                .run(&rules, &mut game, refs, (step.figure, step.from, step.to))
                .is_some()
            {
                continue;
            }
            pos.state.undo(&rules, changes, mark);
        }
        let vars = vars.get_or_insert_with(|| {
            let mut vars = Vec::new();
            if let Some(heads) = &heads {
                pos.fill_vars(&mut vars, step.figure, step.from, step.to, heads, to_caps);
                if rule.capture {
                    vars.push(Value::from(captured.map_or("", |c| rules.figure_name(c))));
                }
            }
            vars
        });
        if let Err(message) = run(pos, effect, vars, changes, &Cell::new(0), 0) {
            warnings.push(format!("rule '{}': {message}", rule.name));
        }
    }
}

/// The position an effect compiled over ids changes, each change recorded.
struct Changing<'p> {
    pos: &'p mut Position,
    rules: &'p Rules,
    changes: &'p mut Vec<Change>,
}

impl Alter for Changing<'_> {
    fn view(&self) -> View<'_> {
        View::of(self.pos)
    }

    fn set_owner(&mut self, f: FigureId, owner: u8) {
        self.pos.state.set_owner(self.rules, f, owner, self.changes);
    }

    fn move_figure(&mut self, f: FigureId, to: PlaceId) {
        self.pos.state.move_figure(self.rules, f, to, self.changes);
    }

    fn set_kind(&mut self, f: FigureId, kind: TypeId) {
        self.pos.state.set_kind(self.rules, f, kind, self.changes);
    }

    fn set_trigger(&mut self, t: TriggerId, value: Value) {
        self.pos.state.set_trigger(t, value, self.changes);
    }
}

fn run(
    pos: &mut Position,
    effect: &Effect,
    vars: &[Value],
    changes: &mut Vec<Change>,
    work: &Cell<u32>,
    depth: u32,
) -> Result<(), String> {
    if depth > crate::expr::MAX_DEPTH {
        return Err("this side effect is nested too deeply to work out".into());
    }
    let eval = |pos: &Position, e: &Expr, vars: &[Value]| eval(pos, e, vars, work);
    let rules = Arc::clone(&pos.rules);
    match effect {
        Effect::Set { trigger, value } => {
            let t = match lookup(&rules, &eval(pos, trigger, vars)?)? {
                Element::Trigger(t) => t,
                _ => return Err("only a trigger can be set".into()),
            };
            let value = eval(pos, value, vars)?;
            let old = pos.state.trigger(t).cloned().unwrap_or(Value::Bool(false));
            if std::mem::discriminant(&old) != std::mem::discriminant(&value) {
                return Err(format!(
                    "{} holds {}, so it can't be set to {value}",
                    rules.triggers[t as usize].name,
                    kind_of(&old)
                ));
            }
            pos.state.set_trigger(t, value, changes);
        }
        Effect::Move { figure, from, to } => {
            let f = figure_of(&rules, &eval(pos, figure, vars)?)?;
            if let Some(from) = from {
                let p = place_of(&rules, &eval(pos, from, vars)?)?;
                if pos.state.place_of(f) != Some(p) {
                    return Err(format!(
                        "{} is not on {}",
                        rules.figure_name(f),
                        rules.place_name(p)
                    ));
                }
            }
            let to = place_of(&rules, &eval(pos, to, vars)?)?;
            pos.state.move_figure(&rules, f, to, changes);
        }
        Effect::Roll { die } => {
            let d = match lookup(&rules, &eval(pos, die, vars)?)? {
                Element::Die(d) => d,
                _ => return Err("only a die can be rolled".into()),
            };
            let mut chance = pos.state.chance();
            let face = chance.face(rules.dice[d as usize].faces);
            pos.state.set_die(d, face, changes);
            pos.state.set_chance(chance, changes);
        }
        Effect::Shuffle { place } => {
            let p = place_of(&rules, &eval(pos, place, vars)?)?;
            pos.state.shuffle(&rules, p, changes);
        }
        Effect::Deal { count, from, to } => {
            let n = eval(pos, count, vars)?;
            let n = n.as_number().filter(|n| *n >= 0).ok_or_else(|| {
                format!("deal needs how many each gets, a number like 5 (deal 5 from deck to [hand.1, hand.2]), not {n}")
            })?;
            let from = place_of(&rules, &eval(pos, from, vars)?)?;
            let targets = match eval(pos, to, vars)? {
                Value::List(items) => items,
                one => vec![one],
            };
            if targets.len() > MAX_ITEMS {
                return Err(format!("deal can deal to at most {MAX_ITEMS} places"));
            }
            let targets = targets
                .iter()
                .map(|t| place_of(&rules, t))
                .collect::<Result<Vec<_>, _>>()?;
            deal(pos, n, from, &targets, changes);
        }
        Effect::Turn { figure, face } => {
            let f = figure_of(&rules, &eval(pos, figure, vars)?)?;
            let down = match face {
                Some(face) => *face == Face::Down,
                None => !pos.state.is_down(f),
            };
            pos.state.set_down(f, down, changes);
        }
        Effect::Remove { figure } => {
            let f = figure_of(&rules, &eval(pos, figure, vars)?)?;
            pos.state.move_figure(&rules, f, REMOVED, changes);
        }
        Effect::Change { figure, kind } => {
            let f = figure_of(&rules, &eval(pos, figure, vars)?)?;
            let name = eval(pos, kind, vars)?.to_string();
            let t = rules
                .type_id(&name)
                .ok_or_else(|| format!("there is no figure type '{name}' in this game"))?;
            pos.state.set_kind(&rules, f, t, changes);
        }
        Effect::ChangeOwner { figure, owner } => {
            let f = figure_of(&rules, &eval(pos, figure, vars)?)?;
            let v = eval(pos, owner, vars)?;
            let n = v
                .as_number()
                .filter(|n| (0..=rules.players as i64).contains(n))
                .ok_or_else(|| format!("a figure's owner is a player number (or 0 for nobody), not {v}"))?;
            pos.state.set_owner(&rules, f, n as u8, changes);
        }
        Effect::If {
            condition,
            then,
            otherwise,
        } => match eval(pos, condition, vars)? {
            Value::Bool(true) => run(pos, then, vars, changes, work, depth + 1)?,
            Value::Bool(false) => {
                if let Some(o) = otherwise {
                    run(pos, o, vars, changes, work, depth + 1)?;
                }
            }
            other => return Err(format!("'if' needs yes or no, not {other}")),
        },
        Effect::ForEach { name, list, body } => {
            let items = match eval(pos, list, vars)? {
                Value::List(items) => items,
                other => return Err(format!("'for each {name} in' needs a list, not {other}")),
            };
            if items.len() > MAX_ITEMS {
                return Err(format!(
                    "'for each {name}' goes through {} items; at most {MAX_ITEMS} can be",
                    items.len()
                ));
            }
            let slot = slot_of(name).map_err(|e| e.message)?;
            let mut local = with_slot(vars, slot);
            for item in items {
                spend(work, 1).map_err(|e| e.message)?;
                local[slot] = item;
                run(pos, body, &local, changes, work, depth + 1)?;
            }
        }
        Effect::Block(all) => {
            for e in all {
                run(pos, e, vars, changes, work, depth + 1)?;
            }
        }
    }
    Ok(())
}

/// Deals from the top of `from`, one figure at a time to each of
/// `targets` in turn, until each has had `n`; dealing stops early when
/// `from` runs out (as with a real deck). A target that is `from` itself
/// gets nothing (the figure would only go back on top).
fn deal(pos: &mut Position, n: i64, from: u16, targets: &[u16], changes: &mut Vec<Change>) {
    if targets.is_empty() {
        return;
    }
    let rounds = usize::try_from(n).unwrap_or(usize::MAX);
    for _ in 0..rounds {
        for &to in targets {
            let Some(&top) = pos.state.on(from).last() else {
                return;
            };
            if to != from {
                pos.state.move_figure(&pos.rules, top, to, changes);
            }
        }
        if targets.iter().all(|&t| t == from) {
            return;
        }
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Number(_) => "a number",
        Value::Bool(_) => "yes or no",
        Value::Text(_) => "text",
        Value::List(_) => "a list",
    }
}

fn figure_of(rules: &Rules, v: &Value) -> Result<u16, String> {
    match lookup(rules, v)? {
        Element::Figure(f) => Ok(f),
        _ => Err(format!("'{v}' is not a figure")),
    }
}

fn place_of(rules: &Rules, v: &Value) -> Result<u16, String> {
    match lookup(rules, v)? {
        Element::Place(p) => Ok(p),
        _ => Err(format!("'{v}' is not a place")),
    }
}

/// Checks the game-over conditions in order; the first whose conditions
/// all hold gives the result. `can_move` is set when a condition found,
/// by `can`, that the player on move can make a whole move.
fn game_over(pos: &Position, warnings: &mut Vec<String>, can_move: &mut bool) -> Option<Status> {
    let rules = &pos.rules;
    for end in &rules.ends {
        let view = View::of(pos);
        let holds = conditions_hold(end, &view, warnings);
        *can_move = *can_move || (view.found_first_rule_step() && one_step_is_a_move(pos));
        if !holds {
            continue;
        }
        let ask = Ask {
            view: &view,
            vars: &[],
            step: None,
        };
        let fast = end.winner_fast.as_ref().and_then(|w| w.number(&ask));
        match fast.map_or_else(|| end.winner.eval(&[], &view), |n| Ok(Value::Number(n))) {
            Ok(Value::Number(n)) if (0..=rules.players as i64).contains(&n) => {
                let line = std::mem::take(&mut *view.line.borrow_mut());
                return Some(Status::Over {
                    winner: n as u8,
                    reason: std::sync::Arc::clone(&end.name),
                    line,
                });
            }
            Ok(other) => warnings.push(format!(
                "game over '{}': the winner must be a player number (or 0 for a draw), not {other}",
                end.name
            )),
            Err(e) => warnings.push(format!("game over '{}': {}", end.name, e.message)),
        }
    }
    None
}

/// Whether all the conditions of a game-over hold (one that can't be
/// worked out, with a warning, does not).
fn conditions_hold(end: &EndC, view: &View, warnings: &mut Vec<String>) -> bool {
    let ask = Ask {
        view,
        vars: &[],
        step: None,
    };
    for (i, c) in end.when.iter().enumerate() {
        match Fast::answer(&end.fast, i, &ask) {
            Some(true) => continue,
            Some(false) => return false,
            None => {}
        }
        match c.eval(&[], view) {
            Ok(Value::Bool(true)) => {}
            Ok(Value::Bool(false)) => return false,
            Ok(other) => {
                warnings.push(format!(
                    "game over '{}': a condition gave {other}, not yes or no",
                    end.name
                ));
                return false;
            }
            Err(e) => {
                warnings.push(format!("game over '{}': {}", end.name, e.message));
                return false;
            }
        }
    }
    true
}

/// Whether, at the start of a move, one step of the first step rule makes
/// a whole move that need not go on: then a step of it found by `can` is
/// what [`Position::has_move`] looks for first (no earlier rule can take
/// its targets), and the player can move.
pub(super) fn one_step_is_a_move(pos: &Position) -> bool {
    let moves = &pos.rules.moves;
    let progress = pos.state.progress();
    pos.state.made().is_empty()
        && progress == MoveAutomaton::START
        && pos.state.status() == &Status::Playing
        && moves.next(progress, 0).is_some_and(|p| moves.may_end(p))
}

/// After a move (and at the start): is the game over, and can the player
/// on move move at all? With [`Position::defer_stuck`] on, the second is
/// left to the next random step.
pub(super) fn settle(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
    if pos.stuck_later && pos.rules.ends_need_stuck {
        return;
    }
    let Some(can_move) = ask_ends(pos, changes, warnings) else {
        return;
    };
    if can_move || pos.stuck_later {
        return;
    }
    stuck_unless_moving(pos, changes, warnings);
}

/// What [`settle`] leaves unasked with the stuck check skipped
/// ([`Position::skip_stuck`]): the game overs, if they waited for a stuck
/// player, then whether the player on move can move.
pub(super) fn settle_rest(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
    if pos.rules.ends_need_stuck && ask_ends(pos, changes, warnings) != Some(false) {
        return;
    }
    stuck_unless_moving(pos, changes, warnings);
}

/// With the stuck check deferred, at the start of a move in which no
/// step can be made: the game overs, if they waited for this
/// ([`Rules::ends_need_stuck`]), then [`stuck`]: what [`settle`] does
/// when the check is not deferred.
pub(super) fn settle_stuck(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
    if pos.rules.ends_need_stuck && ask_ends(pos, changes, warnings).is_none() {
        return;
    }
    stuck(pos, changes, warnings);
}

/// Asks the game overs: `None` when one holds (the game is then over),
/// else whether a condition found, by `can`, that the player on move can
/// move.
fn ask_ends(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) -> Option<bool> {
    let mut can_move = false;
    match game_over(pos, warnings, &mut can_move) {
        Some(status) => {
            pos.state.set_status(status, changes);
            None
        }
        None => Some(can_move),
    }
}

/// Whether the player on move can move, looked for first where the
/// figure moved last (in `changes`) now is, where play just was; if not,
/// [`stuck`].
fn stuck_unless_moving(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
    let near = changes.iter().rev().find_map(|c| match c {
        Change::Moved { figure, .. } => pos.state.place_of(*figure),
        _ => None,
    });
    if !pos.has_move_near(near) {
        stuck(pos, changes, warnings);
    }
}

/// The player on move cannot move: the game ends, or play passes on, as
/// the settings say.
pub(super) fn stuck(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
    let me = pos.state.to_move();
    let stuck = |winner: u8| Status::Over {
        winner,
        reason: format!("player {me} cannot move").into(),
        line: Vec::new(),
    };
    let status = match pos.rules.settings.when_stuck {
        // The player who moved last wins (with two, the other one).
        WhenStuck::Lose => stuck(if pos.rules.players >= 2 {
            pos.rules.previous(me)
        } else {
            0
        }),
        WhenStuck::Win => stuck(me),
        WhenStuck::Draw => stuck(0),
        // The next player who can move moves; nobody can: a draw.
        WhenStuck::Pass => {
            let mut status = None;
            for _ in 1..pos.rules.players.max(2) {
                let next = pos.rules.next(pos.state.to_move());
                pos.state.pass_turn(&pos.rules, next, changes);
                let mut can_move = false;
                if let Some(over) = game_over(pos, warnings, &mut can_move) {
                    status = Some(over);
                    break;
                } else if can_move || pos.has_move() {
                    return;
                }
            }
            status.unwrap_or(Status::Over {
                winner: 0,
                reason: "nobody can move".into(),
                line: Vec::new(),
            })
        }
    };
    pos.state.set_status(status, changes);
}
