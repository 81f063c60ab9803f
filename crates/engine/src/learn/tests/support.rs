//! Games and checks shared by the learning tests.

pub use crate::learn::*;
pub use crate::model::*;
pub use crate::search::games;
use crate::Rules;

/// A copy of a game without its step rules, moves and endings: a game
/// being designed.
pub fn bare(mut game: Game) -> Game {
    game.steps.clear();
    game.moves.clear();
    game.game_over.clear();
    game
}

pub fn nim() -> Game {
    bare(games::nim(12))
}

pub fn ball() -> Game {
    bare(games::ball_puzzle())
}

pub fn dama() -> Game {
    bare(games::dama_lite())
}

/// The ball on `square`, shown going to `to`.
pub fn ball_step(from: usize, to: usize) -> Demo {
    let from = format!("s.{from}");
    Demo::new(Setup::start().with("b", &from), "b", &from, &format!("s.{to}"))
}

/// A figure's pattern part as text, for short assertions.
pub fn text(p: &Option<Pattern>) -> Option<(&str, Vec<&str>)> {
    p.as_ref()
        .map(|p| (p.text.as_str(), p.vars.iter().map(String::as_str).collect()))
}

/// The rule compiles into the game, allows every example in its own
/// set-up and refuses every counter-example.
pub fn assert_exact(game: &Game, rule: &StepRule, examples: &[Demo], counters: &[Demo]) {
    let mut with = game.clone();
    with.steps.push(rule.clone());
    if let Err(p) = Rules::compile(&with) {
        panic!("{rule:?} does not compile: {p:?}");
    }
    for d in examples {
        let allowed = allowed_steps(game, &d.setup, rule).unwrap();
        let step = Allowed {
            figure: d.figure.clone(),
            from: d.from.clone(),
            to: d.to.clone(),
        };
        assert!(allowed.contains(&step), "{rule:?} should allow {d:?}");
    }
    for d in counters {
        let allowed = allowed_steps(game, &d.setup, rule).unwrap();
        assert!(
            !allowed.iter().any(|a| a.figure == d.figure && a.to == d.to),
            "{rule:?} should refuse {d:?}"
        );
    }
}

/// The places one figure may go to in a set-up under a rule.
pub fn targets(game: &Game, setup: &Setup, rule: &StepRule, figure: &str) -> Vec<String> {
    let mut out: Vec<String> = allowed_steps(game, setup, rule)
        .unwrap()
        .into_iter()
        .filter(|a| a.figure == figure)
        .map(|a| a.to)
        .collect();
    out.sort();
    out
}

fn figure(name: &str, kind: &str, origin: &str, owner: Option<u8>) -> Figure {
    Figure {
        owner,
        ..Figure::new(name, kind, origin)
    }
}

/// A race as a child makes it: a track of 8 squares that hold 2 figures,
/// a pawn of each player on its first square; no rules yet.
pub fn race() -> Game {
    let mut track = Equipment::new(
        "track",
        EquipmentKind::Track {
            length: 8,
            ring: false,
        },
    );
    track.capacity = Some(2);
    Game {
        title: "Race".into(),
        players: 2,
        equipment: vec![track],
        figures: vec![
            figure("p.1", "pawn", "track.1", Some(1)),
            figure("p.2", "pawn", "track.1", Some(2)),
        ],
        ..Game::default()
    }
}

/// A 5×5 board with a king of player 1 in the middle and stones of player
/// 2 around it, to jump over; no rules yet.
pub fn kings() -> Game {
    Game {
        title: "Kings".into(),
        players: 2,
        equipment: vec![Equipment::new(
            "board",
            EquipmentKind::Board { rows: 5, columns: 5 },
        )],
        figures: vec![
            figure("k", "king", "board.3.3", Some(1)),
            figure("s.1", "stone", "board.3.4", Some(2)),
            figure("s.2", "stone", "board.4.3", Some(2)),
            figure("s.3", "stone", "board.4.4", Some(2)),
        ],
        ..Game::default()
    }
}

/// The king on `from` (row, column), shown going to `to`, the stones
/// where they start.
pub fn king_step(from: (u8, u8), to: (u8, u8)) -> Demo {
    let name = |(r, c): (u8, u8)| format!("board.{r}.{c}");
    Demo::new(Setup::start().with("k", &name(from)), "k", &name(from), &name(to))
}
