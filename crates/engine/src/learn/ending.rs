//! The end of a game from a finished set-up: what holds there, to tick.

use super::sentence::article;
use super::setup::{compile, learning_game, position_of, state_of, Setup};
use super::{LearnError, LearnErrorKind};
use crate::expr::{parse_expr, Scope, Value};
use crate::model::{EquipmentKind, Game, GameOver, TriggerValue, WhenStuck};
use crate::rules::Rules;
use crate::state::State;
use crate::world::View;
use std::sync::Arc;

/// Who won in the set-up.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player on move in the set-up.
    OnMove,
    /// The other player: the one who just moved.
    Opponent,
    /// Player 1 or 2.
    Player(u8),
    /// Nobody: a draw.
    Draw,
    /// The player with more of their own figures on a place (nobody when
    /// both have as many).
    More {
        /// The place counted, e.g. `board`.
        place: String,
        /// The winner expression that counts them.
        expression: String,
    },
}

impl Winner {
    /// The winner expression: `player`, `previous` (the player who just
    /// moved, whatever the number of players), `1`, `2`, `0`, or one
    /// that counts figures.
    pub fn expression(&self) -> String {
        match self {
            Winner::OnMove => "player".into(),
            Winner::Opponent => "previous".into(),
            Winner::Player(n) => n.to_string(),
            Winner::Draw => "0".into(),
            Winner::More { expression, .. } => expression.clone(),
        }
    }

    /// Who, in words: "the player on move", "the player who just moved".
    pub fn words(&self) -> String {
        match self {
            Winner::OnMove => "the player on move".into(),
            Winner::Opponent => "the player who just moved".into(),
            Winner::Player(n) => format!("player {n}"),
            Winner::Draw => "nobody".into(),
            Winner::More { place, .. } => format!("the player with more figures on {place}"),
        }
    }

    /// In words: "the player on move wins", "it is a draw".
    pub fn sentence(&self) -> String {
        match self {
            Winner::Draw => "it is a draw".into(),
            other => format!("{} wins", other.words()),
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

/// The kinds of reasons children's games end for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// A figure arrived on a place: the ball on s.15, a pawn on the last square.
    Arrived,
    /// So many in a row on a board.
    InARow,
    /// A player has no figures left on the table.
    NoneLeft,
    /// A place was emptied: the heap.
    Empty,
    /// A board is full.
    Full,
    /// A count was reached: a basket holds 12, a player has 3 at home.
    Count,
    /// A trigger reached a value.
    Trigger,
    /// The player on move can't move.
    Stuck,
}

/// Something true in the finished set-up that may be why the game is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndCandidate {
    pub check: EndCheck,
    /// In words, e.g. "matchgroup is empty".
    pub sentence: String,
    pub kind: EndKind,
    /// Who most likely wins when the game ends for this reason, if the
    /// table says: the player who made the row, the other one when the
    /// player on move has no figures left.
    pub winner: Option<Winner>,
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

/// The most figures a condition names one by one (`at(p.1, track.8) or
/// at(p.2, track.8)`): more would nest too deep to read or to check.
const MOST_NAMED: usize = 16;

/// The conditions from templates that hold in the finished `setup` but
/// not at the start of the game: a place is empty; a figure arrived on a
/// place (the ball; a pawn, any of its type); n in a row on a board; a
/// board is full; a place holds n figures, or n of a player's; a player
/// has no figures left; a trigger reached its value; the player on move
/// cannot move. Each with the winner it most likely has, if the table says.
///
/// # Errors
/// When the game has problems or the set-up names something not in it.
pub fn propose_endings(game: &Game, setup: &Setup) -> Result<Vec<EndCandidate>, LearnError> {
    let rules = compile(&learning_game(game, Vec::new()))?;
    let now = state_of(&rules, setup)?;
    let start = State::start(&rules);
    let holds = |text: &str, state: &State| eval_bool(&rules, state, text) == Some(true);
    let mut out = Vec::new();
    let mut push = |text: String, sentence: String, kind: EndKind, winner: Option<Winner>| {
        if holds(&text, &now)
            && !holds(&text, &start)
            && !out.iter().any(|c: &EndCandidate| c.sentence == sentence)
        {
            out.push(EndCandidate {
                check: EndCheck::When(text),
                sentence,
                kind,
                winner,
            });
        }
    };
    for eq in &game.equipment {
        push(
            format!("empty({})", eq.name),
            format!("{} is empty", eq.name),
            EndKind::Empty,
            None,
        );
    }
    let on_move = now.to_move();
    let two = rules.players == 2;
    // Who made a figure of `owner` arrive: the player on move or the other.
    let mover = |owner: u8| match (two, owner) {
        (true, k) if k == on_move => Some(Winner::OnMove),
        (true, k) if k != 0 => Some(Winner::Opponent),
        _ => None,
    };
    let of_type = |kind: &str| game.figures.iter().filter(|f| f.kind == kind).collect::<Vec<_>>();
    let owner_of = |name: &str| {
        game.figures
            .iter()
            .find(|f| f.name == name)
            .and_then(|f| f.owner)
            .unwrap_or(0)
    };
    let moved = setup.moved.iter().filter(|(_, p)| !p.is_empty());
    for (figure, place) in moved.take(12) {
        let Some(kind) = game
            .figures
            .iter()
            .find(|f| &f.name == figure)
            .map(|f| f.kind.clone())
        else {
            continue;
        };
        let same = of_type(&kind);
        if same.len() == 1 {
            // The ball, the hero: that very figure arrived.
            push(
                format!("at({figure}, {place})"),
                format!("{figure} is on {place}"),
                EndKind::Arrived,
                mover(owner_of(figure)),
            );
            continue;
        }
        // A pawn on the last square (any pawn): on a square of its own or
        // at an end of a track only; not a stone on a square of a board
        // (rows and counts say that better), nor a match in a basket.
        if !goal(&rules, place) || same.len() > MOST_NAMED {
            continue;
        }
        let text = same
            .iter()
            .map(|f| format!("at({}, {place})", f.name))
            .collect::<Vec<_>>()
            .join(" or ");
        let owners: Vec<u8> = same
            .iter()
            .filter(|f| setup.place_of(game, &f.name).as_deref() == Some(place.as_str()))
            .map(|f| f.owner.unwrap_or(0))
            .collect();
        let winner = match owners.as_slice() {
            [k, rest @ ..] if rest.iter().all(|o| o == k) => mover(*k),
            _ => None,
        };
        push(
            text,
            format!("{} is on {place}", article(&kind)),
            EndKind::Arrived,
            winner,
        );
    }
    // "who" in expressions and words: the player on move, or the other one.
    let who = |p: u8| match (rules.players, p == on_move) {
        (1, _) => ("1", "the player", Winner::Player(1)),
        (_, true) => ("player", "the player on move", Winner::OnMove),
        (_, false) => ("previous", "the player who just moved", Winner::Opponent),
    };
    let owned = |p: u8| {
        game.figures
            .iter()
            .filter(|f| f.owner == Some(p))
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>()
    };
    let counted = two && (1..=2).all(|p| (1..=MOST_NAMED).contains(&owned(p).len()));
    for eq in &game.equipment {
        let EquipmentKind::Board { rows, columns } = eq.kind else {
            continue;
        };
        for p in 1..=rules.players {
            let (expr, words, winner) = who(p);
            let longest = (3..=rows.max(columns) as i64)
                .rev()
                .find(|n| holds(&format!("in_a_row({}, {n}, {expr})", eq.name), &now));
            if let Some(n) = longest {
                push(
                    format!("in_a_row({}, {n}, {expr})", eq.name),
                    format!("{words} has {n} in a row on {}", eq.name),
                    EndKind::InARow,
                    Some(winner),
                );
            }
        }
        let cells = rows as u32 * columns as u32;
        let more = counted.then(|| Winner::More {
            place: eq.name.clone(),
            expression: more_expression(&owned(1), &owned(2), &eq.name),
        });
        push(
            format!("count(contains({})) = {cells}", eq.name),
            format!("{} is full", eq.name),
            EndKind::Full,
            more,
        );
    }
    for eq in &game.equipment {
        if matches!(eq.kind, EquipmentKind::Group | EquipmentKind::Basket) {
            let n = count_on(&rules, &now, &eq.name);
            if n > 0 && n != count_on(&rules, &start, &eq.name) {
                push(
                    format!("count(contains({})) >= {n}", eq.name),
                    format!("{} holds {n} figures or more", eq.name),
                    EndKind::Count,
                    None,
                );
            }
        }
    }
    if counted {
        // So many of a player's own figures on a group, basket or square:
        // "first to bring 3 pawns home".
        for eq in &game.equipment {
            if matches!(eq.kind, EquipmentKind::Board { .. } | EquipmentKind::Track { .. }) {
                continue;
            }
            for p in 1..=2 {
                let count = |setup_of: &dyn Fn(&str) -> Option<String>| {
                    owned(p)
                        .iter()
                        .filter(|f| setup_of(f).as_deref() == Some(eq.name.as_str()))
                        .count()
                };
                let n = count(&|f| setup.place_of(game, f));
                let at_start = count(&|f| Setup::start().place_of(game, f));
                if n == 0 || n <= at_start {
                    continue;
                }
                let (expr, words, winner) = who(p);
                let text = format!(
                    "(if {expr} = 1 then {} else {}) >= {n}",
                    count_expression(&owned(1), &eq.name),
                    count_expression(&owned(2), &eq.name)
                );
                let figures = if n == 1 { "figure" } else { "figures" };
                push(
                    text,
                    format!("{words} has {n} {figures} on {}", eq.name),
                    EndKind::Count,
                    Some(winner),
                );
            }
        }
        // A player with no figures left on the table (in the box, or in a basket).
        let baskets: Vec<&str> = game
            .equipment
            .iter()
            .filter(|e| matches!(e.kind, EquipmentKind::Basket))
            .map(|e| e.name.as_str())
            .collect();
        for p in 1..=2 {
            let (expr, words, _) = who(p);
            let other = if p == on_move {
                Winner::Opponent
            } else {
                Winner::OnMove
            };
            let text = format!(
                "(if {expr} = 1 then {} else {})",
                none_left(&owned(1), &baskets),
                none_left(&owned(2), &baskets)
            );
            push(
                text,
                format!("{words} has no figures left"),
                EndKind::NoneLeft,
                Some(other),
            );
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
        push(text, words, EndKind::Trigger, None);
    }
    if stuck(game, setup) && !stuck(game, &Setup::start()) {
        out.push(EndCandidate {
            check: EndCheck::Stuck,
            sentence: "the player on move can't move".into(),
            kind: EndKind::Stuck,
            winner: two.then_some(Winner::Opponent),
        });
    }
    Ok(out)
}

/// A place figures arrive on to end a game: a square of its own, or the
/// first or last square of a track that is not a ring.
fn goal(rules: &Rules, place: &str) -> bool {
    let Some(p) = rules.place_id(place).map(|p| &rules.places[p as usize]) else {
        return false;
    };
    match p.grid.map(|g| (g, &rules.grids[g.grid as usize])) {
        None => p.kind == "square",
        Some((g, grid)) => grid.is_track && !grid.ring && (g.column == 1 || g.column == grid.columns),
    }
}

/// How many of `figures` lie on `place`: `(if at(a, X) then 1 else 0) + …`.
fn count_expression(figures: &[&str], place: &str) -> String {
    let terms: Vec<String> = figures
        .iter()
        .map(|f| format!("(if at({f}, {place}) then 1 else 0)"))
        .collect();
    format!("({})", terms.join(" + "))
}

/// Player 1 when more of `one` lie on `place` than of `two`, player 2 when
/// fewer, 0 (nobody) when as many.
fn more_expression(one: &[&str], two: &[&str], place: &str) -> String {
    let (a, b) = (count_expression(one, place), count_expression(two, place));
    format!("if {a} > {b} then 1 else if {b} > {a} then 2 else 0")
}

/// None of `figures` on the table: each in the box or in a basket.
fn none_left(figures: &[&str], baskets: &[&str]) -> String {
    let out: Vec<String> = figures
        .iter()
        .map(|f| {
            if baskets.is_empty() {
                format!("place({f}) = \"\"")
            } else {
                format!("place({f}) in [\"\", {}]", baskets.join(", "))
            }
        })
        .collect();
    format!("({})", out.join(" and "))
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
    let when_stuck = match (stuck, &winner) {
        (false, _) => None,
        (true, Winner::OnMove) => Some(WhenStuck::Win),
        (true, Winner::Opponent) => Some(WhenStuck::Lose),
        (true, Winner::Draw) => Some(WhenStuck::Draw),
        (true, Winner::Player(n)) if *n == on_move => Some(WhenStuck::Win),
        (true, Winner::Player(_)) => Some(WhenStuck::Lose),
        (true, Winner::More { .. }) => return Err(LearnError::new(
            LearnErrorKind::Nothing,
            "When nobody can move, say who wins: the player on move, the player who just moved, or nobody.",
        )),
    };
    let words: Vec<&str> = ticked.iter().map(|c| c.sentence.as_str()).collect();
    let all = match words.as_slice() {
        [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.join(""),
    };
    let sentence = super::sentence::capitalise(&format!("When {all}, {}.", winner.sentence()));
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
