//! Side effects of a step, and what happens when a move ends: game-over
//! conditions, then the "cannot move" setting.

use super::{Position, WhenStuck};
use crate::expr::{slot_of, spend, with_slot, Effect, Expr, Value, MAX_ITEMS};
use crate::rules::{Element, Rules};
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

pub(super) fn run_effect(
    pos: &mut Position,
    effect: &Effect,
    vars: &[Value],
    changes: &mut Vec<Change>,
) -> Result<(), String> {
    run(pos, effect, vars, changes, &Cell::new(0), 0)
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
/// all hold gives the result.
fn game_over(pos: &Position, warnings: &mut Vec<String>) -> Option<Status> {
    let rules = &pos.rules;
    for end in &rules.ends {
        let view = View::of(pos);
        let mut holds = true;
        for c in &end.when {
            match c.eval(&[], &view) {
                Ok(Value::Bool(true)) => {}
                Ok(Value::Bool(false)) => {
                    holds = false;
                    break;
                }
                Ok(other) => {
                    warnings.push(format!(
                        "game over '{}': a condition gave {other}, not yes or no",
                        end.name
                    ));
                    holds = false;
                    break;
                }
                Err(e) => {
                    warnings.push(format!("game over '{}': {}", end.name, e.message));
                    holds = false;
                    break;
                }
            }
        }
        if !holds {
            continue;
        }
        match end.winner.eval(&[], &view) {
            Ok(Value::Number(n)) if (0..=rules.players as i64).contains(&n) => {
                let line = view.line.borrow().clone();
                return Some(Status::Over {
                    winner: n as u8,
                    reason: end.name.clone(),
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

/// After a move (and at the start): is the game over, and can the player
/// on move move at all?
pub(super) fn settle(pos: &mut Position, changes: &mut Vec<Change>, warnings: &mut Vec<String>) {
    if let Some(status) = game_over(pos, warnings) {
        pos.state.set_status(status, changes);
        return;
    }
    if pos.has_move() {
        return;
    }
    let me = pos.state.to_move();
    let stuck = |winner: u8| Status::Over {
        winner,
        reason: format!("player {me} cannot move"),
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
                if let Some(over) = game_over(pos, warnings) {
                    status = Some(over);
                    break;
                } else if pos.has_move() {
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
