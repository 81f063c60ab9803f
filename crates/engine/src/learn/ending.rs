//! The end of a game from a finished set-up: what holds there, to tick.

use super::setup::{compile, learning_game, position_of, state_of, Setup};
use super::{LearnError, LearnErrorKind};
use crate::expr::{parse_expr, Scope, Value};
use crate::model::{EquipmentKind, Game, GameOver, TriggerValue, WhenStuck};
use crate::rules::Rules;
use crate::state::State;
use crate::world::View;
use std::sync::Arc;

/// Who won in the set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player on move in the set-up.
    OnMove,
    /// The other player.
    Opponent,
    /// Player 1 or 2.
    Player(u8),
    /// Nobody: a draw.
    Draw,
}

impl Winner {
    /// The winner expression: `player`, `opponent`, `1`, `2` or `0`.
    pub fn expression(self) -> String {
        match self {
            Winner::OnMove => "player".into(),
            Winner::Opponent => "opponent".into(),
            Winner::Player(n) => n.to_string(),
            Winner::Draw => "0".into(),
        }
    }

    /// In words: "the player on move wins", "it is a draw".
    pub fn sentence(self) -> String {
        match self {
            Winner::OnMove => "the player on move wins".into(),
            Winner::Opponent => "the other player wins".into(),
            Winner::Player(n) => format!("player {n} wins"),
            Winner::Draw => "it is a draw".into(),
        }
    }
}

/// What a candidate checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndCheck {
    /// A game-over condition in the expression language.
    When(String),
    /// The player on move cannot move: there is no expression for that;
    /// the game's `when_stuck` setting says who wins then.
    Stuck,
}

/// Something true in the finished set-up that may be why the game is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndCandidate {
    pub check: EndCheck,
    /// In words, e.g. "matchgroup is empty".
    pub sentence: String,
}

/// What the ticked candidates make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The game-over condition (all ticked conditions must hold), if any
    /// condition was ticked.
    pub game_over: Option<GameOver>,
    /// The `when_stuck` setting to use, if "cannot move" was ticked.
    pub when_stuck: Option<WhenStuck>,
    /// The whole ending in words.
    pub sentence: String,
}

/// The conditions from templates that hold in the finished `setup` but
/// not at the start of the game: a place is empty, a figure (the only one
/// of its type) is on a place,
/// n in a row on a board, a board is full, a place holds n figures, a
/// trigger reached its value, the player on move cannot move.
///
/// # Errors
/// When the game has problems or the set-up names something not in it.
pub fn propose_endings(game: &Game, setup: &Setup) -> Result<Vec<EndCandidate>, LearnError> {
    let rules = compile(&learning_game(game, Vec::new()))?;
    let now = state_of(&rules, setup)?;
    let start = State::start(&rules);
    let holds = |text: &str, state: &State| eval_bool(&rules, state, text) == Some(true);
    let mut out = Vec::new();
    let mut push = |text: String, sentence: String| {
        if holds(&text, &now) && !holds(&text, &start) {
            out.push(EndCandidate {
                check: EndCheck::When(text),
                sentence,
            });
        }
    };
    for eq in &game.equipment {
        push(format!("empty({})", eq.name), format!("{} is empty", eq.name));
    }
    // A figure on a place, for figures that are the only one of their type
    // (the ball, the hero): one match among twelve is no reason to end.
    let alone = |name: &str| {
        let kind = game.figures.iter().find(|f| f.name == name).map(|f| &f.kind);
        game.figures.iter().filter(|f| Some(&f.kind) == kind).count() == 1
    };
    let moved = setup.moved.iter().filter(|(f, p)| !p.is_empty() && alone(f));
    for (figure, place) in moved.take(6) {
        push(
            format!("at({figure}, {place})"),
            format!("{figure} is on {place}"),
        );
    }
    let on_move = now.to_move();
    for eq in &game.equipment {
        let EquipmentKind::Board { rows, columns } = eq.kind else {
            continue;
        };
        for p in 1..=rules.players {
            let who = match (rules.players, p == on_move) {
                (1, _) => ("1", "the player"),
                (_, true) => ("player", "the player on move"),
                (_, false) => ("opponent", "the other player"),
            };
            let longest = (3..=rows.max(columns) as i64)
                .rev()
                .find(|n| holds(&format!("in_a_row({}, {n}, {})", eq.name, who.0), &now));
            if let Some(n) = longest {
                push(
                    format!("in_a_row({}, {n}, {})", eq.name, who.0),
                    format!("{} has {n} in a row on {}", who.1, eq.name),
                );
            }
        }
        let cells = rows as u32 * columns as u32;
        push(
            format!("count(contains({})) = {cells}", eq.name),
            format!("{} is full", eq.name),
        );
    }
    for eq in &game.equipment {
        if matches!(eq.kind, EquipmentKind::Group | EquipmentKind::Basket) {
            let n = count_on(&rules, &now, &eq.name);
            if n > 0 && n != count_on(&rules, &start, &eq.name) {
                push(
                    format!("count(contains({})) >= {n}", eq.name),
                    format!("{} holds {n} figures or more", eq.name),
                );
            }
        }
    }
    for t in &game.triggers {
        let Some(v) = setup.triggers.get(&t.name) else {
            continue;
        };
        let (text, words) = match (v, &t.value) {
            (TriggerValue::Number(n), TriggerValue::Number(s)) if n > s => (
                format!("value({}) >= {n}", t.name),
                format!("{} is {n} or more", t.name),
            ),
            (TriggerValue::Number(n), _) => (
                format!("value({}) <= {n}", t.name),
                format!("{} is {n} or less", t.name),
            ),
            (TriggerValue::YesNo(b), _) => {
                let w = if *b { "yes" } else { "no" };
                (format!("value({}) = {w}", t.name), format!("{} is {w}", t.name))
            }
            (TriggerValue::Text(s), _) => {
                let s = s.replace('"', "");
                (
                    format!("value({}) = \"{s}\"", t.name),
                    format!("{} is {s}", t.name),
                )
            }
        };
        push(text, words);
    }
    if stuck(game, setup) && !stuck(game, &Setup::start()) {
        out.push(EndCandidate {
            check: EndCheck::Stuck,
            sentence: "the player on move can't move".into(),
        });
    }
    Ok(out)
}

/// Makes the game-over condition from the ticked candidates and the winner.
/// "Cannot move" becomes a `when_stuck` setting: the player on move (who is
/// stuck) wins, loses, or it is a draw.
///
/// # Errors
/// Nothing ticked.
pub fn make_ending(
    name: &str,
    ticked: &[EndCandidate],
    winner: Winner,
    setup: &Setup,
) -> Result<Ending, LearnError> {
    if ticked.is_empty() {
        return Err(LearnError::new(
            LearnErrorKind::Nothing,
            "Tick at least one thing that is true when the game is over.",
        ));
    }
    let when: Vec<String> = ticked
        .iter()
        .filter_map(|c| match &c.check {
            EndCheck::When(t) => Some(t.clone()),
            EndCheck::Stuck => None,
        })
        .collect();
    let stuck = ticked.iter().any(|c| c.check == EndCheck::Stuck);
    let on_move = setup.player.max(1);
    let when_stuck = stuck.then_some(match winner {
        Winner::OnMove => WhenStuck::Win,
        Winner::Opponent => WhenStuck::Lose,
        Winner::Draw => WhenStuck::Draw,
        Winner::Player(n) if n == on_move => WhenStuck::Win,
        Winner::Player(_) => WhenStuck::Lose,
    });
    let words: Vec<&str> = ticked.iter().map(|c| c.sentence.as_str()).collect();
    let sentence = super::sentence::capitalise(&format!(
        "When {}, {}.",
        super::relations::or_list(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>())
            .replace(" or ", " and "),
        winner.sentence()
    ));
    let game_over = (!when.is_empty()).then(|| GameOver {
        name: name.to_string(),
        when,
        winner: winner.expression(),
    });
    Ok(Ending {
        game_over,
        when_stuck,
        sentence,
    })
}

fn count_on(rules: &Rules, state: &State, place: &str) -> usize {
    rules.place_id(place).map_or(0, |p| state.on(p).len())
}

/// Evaluates a game-over condition in a state.
fn eval_bool(rules: &Rules, state: &State, text: &str) -> Option<bool> {
    let mut e = parse_expr(text).ok()?;
    let is_element = |n: &str| rules.element(n).is_some();
    let scope = Scope {
        vars: &[],
        is_element: &is_element,
    };
    if !e.resolve(&scope).is_empty() {
        return None;
    }
    match e.eval(&[], &View::new(rules, state)) {
        Ok(Value::Bool(b)) => Some(b),
        _ => None,
    }
}

/// Whether the player on move has no legal step under the game's own rules.
fn stuck(game: &Game, setup: &Setup) -> bool {
    let mut g = game.clone();
    g.game_over.clear();
    let Ok(rules) = Rules::compile(&g) else {
        return false;
    };
    position_of(&Arc::new(rules), setup).is_ok_and(|pos| !pos.has_step())
}
