//! Game-over conditions.

use crate::automaton::MoveAutomaton;
use crate::expr::{BinOp, Expr, Function, Resolved, Special, Value, Words, WorldFn};
use crate::model::Game;
use crate::rules::{scope, EndC, NameMap, StepRuleC};

/// Every game-over condition, ready to be checked in order.
pub fn lower(game: &Game, names: &NameMap, words: &Words) -> Vec<EndC> {
    let mut ends = Vec::new();
    for end in &game.game_over {
        let when = end.when.iter().map(|src| scope::expr(src, &[], names, words));
        if let Ok(winner) = scope::expr(&end.winner, &[], names, words) {
            ends.push(EndC {
                name: end.name.as_str().into(),
                when: when.filter_map(Result::ok).collect(),
                fast: Vec::new(),
                winner,
                winner_fast: None,
            });
        }
    }
    ends
}

/// Whether no game over can hold while the player on move can start a
/// move: each asks `not can(R)` (or `not can(R, player)`) of the player on
/// move, R being the only step rule that starts a move. A random playout
/// that leaves the stuck check to its next step
/// ([`Position::defer_stuck`](crate::Position)) then asks the game overs
/// only when it finds the player stuck, not after every move: Reversi's
/// "nobody can place" is asked twice a game instead of sixty times.
pub fn need_stuck(ends: &[EndC], steps: &[StepRuleC], moves: &MoveAutomaton) -> bool {
    let mut starts = (0..steps.len()).filter(|&r| moves.next(MoveAutomaton::START, r).is_some());
    let Some(first) = starts.next() else {
        return false;
    };
    let rule = steps[first].name.as_str();
    if starts.any(|r| steps[r].name != rule) {
        return false;
    }
    ends.iter().all(|end| {
        end.when
            .iter()
            .any(|c| conjuncts(c).any(|part| is_not_can_for_player(part, rule)))
    })
}

/// The parts of `a and b and …`.
fn conjuncts(e: &Expr) -> Box<dyn Iterator<Item = &Expr> + '_> {
    match e {
        Expr::Binary {
            op: BinOp::And,
            left,
            right,
        } => Box::new(conjuncts(left).chain(conjuncts(right))),
        e => Box::new(std::iter::once(e)),
    }
}

/// Whether `e` is `not can(rule)` or `not can(rule, player)`.
fn is_not_can_for_player(e: &Expr, rule: &str) -> bool {
    let Expr::Not(inner) = e else {
        return false;
    };
    let Expr::Call {
        function: Function::World(WorldFn::Can),
        args,
    } = &**inner
    else {
        return false;
    };
    let names_rule = match args.first() {
        Some(Expr::Literal(Value::Text(t))) => t == rule,
        Some(Expr::Name(n)) => matches!(&n.resolved, Resolved::Constant(Value::Text(t)) if t == rule),
        _ => false,
    };
    let of_player = match args.get(1) {
        None => true,
        Some(Expr::Name(n)) => n.resolved == Resolved::Special(Special::Player),
        Some(_) => false,
    };
    names_rule && of_player && args.len() <= 2
}
