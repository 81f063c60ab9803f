//! The protocol between the page and the computer player's Web Worker:
//! what the page asks the search and what it answers, as JSON text. Plain
//! Rust, tested natively; the worker (`crates/worker`) only passes the text
//! along.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tablecraft_engine::model::Game;
use tablecraft_engine::record::{Played, Record};
use tablecraft_engine::search::bench::{self, Figures};
use tablecraft_engine::search::{
    self, hint::sentence, Computer, Limits, Move, Now, Options, Outcome, Strength,
};
use tablecraft_engine::{Position, Rules, Status};

/// What the computer is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Choose a move for the player on move, at a strength.
    Move,
    /// The best move and what best play gives, in words.
    Hint,
    /// A puzzle's shortest solution, or a game's value with best play.
    Solve,
    /// Speed figures of the engine where it runs, each playout figure
    /// measured for `time_ms` (the game is not used; the yardstick games'
    /// rule files are the request's `files`).
    Bench,
}

/// A strength a child picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Beginner,
    Good,
    Master,
}

impl From<Level> for Strength {
    fn from(l: Level) -> Strength {
        match l {
            Level::Beginner => Strength::Beginner,
            Level::Good => Strength::Good,
            Level::Master => Strength::Master,
        }
    }
}

/// How long a hint may think, in milliseconds.
pub const HINT_MS: f64 = 1500.0;
/// How long Solve may think, in milliseconds.
pub const SOLVE_MS: f64 = 10_000.0;

/// How long the computer may think about a move at `strength` in a game of
/// `players`, in milliseconds. In a puzzle every strength above Beginner
/// thinks at least as long as a hint, so it solves what a hint solves.
pub fn move_ms(strength: Strength, players: u8) -> f64 {
    let short: f64 = match strength {
        Strength::Beginner => 150.0,
        Strength::Good => 400.0,
        Strength::Master => 1500.0,
    };
    if players < 2 && strength != Strength::Beginner {
        short.max(HINT_MS)
    } else {
        short
    }
}

/// A question for the computer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in every reply, so late answers to old questions are ignored.
    pub id: u64,
    pub game: Game,
    /// What was played so far.
    pub record: Record,
    pub task: Task,
    pub level: Level,
    /// How long it may think, counted from when it was asked.
    pub time_ms: f64,
    /// When it was asked, in milliseconds since 1970 by the asker's clock
    /// (`Date.now()` in the page): the time the question waited before the
    /// worker read it (a worker still starting) comes out of `time_ms`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked_at: Option<f64>,
    /// For [`Task::Bench`]: rule files (name and text, as in
    /// `public/games/`) of the games measured against hand-written code.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<(String, String)>,
}

/// One step of a move, by names.
pub type NamedStep = (String, String);

/// A whole move, by names: the steps, then whether End move is pressed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedMove {
    pub steps: Vec<NamedStep>,
    pub end: bool,
    /// The step rule of each step, so that a drag with several outcomes
    /// (a promotion) is played as the computer chose it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
}

/// What the computer says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "lowercase")]
pub enum Reply {
    /// While thinking: how deep, how many positions, the best move so far.
    Progress {
        id: u64,
        depth: u32,
        positions: u64,
        best: Option<NamedMove>,
    },
    /// The answer. `line` is the expected play from here (a puzzle's solution).
    Done {
        id: u64,
        best: Option<NamedMove>,
        line: Vec<NamedMove>,
        /// What best play gives, in words ("With best play you win …"), or "".
        verdict: String,
        /// The answer is proven, not a guess.
        proven: bool,
        depth: u32,
        positions: u64,
        elapsed_ms: f64,
    },
    /// The question could not be answered.
    Failed { id: u64, message: String },
    /// The answer to [`Task::Bench`].
    Bench { id: u64, figures: Figures },
}

impl Reply {
    /// The question this answers.
    pub fn id(&self) -> u64 {
        match self {
            Reply::Progress { id, .. }
            | Reply::Done { id, .. }
            | Reply::Failed { id, .. }
            | Reply::Bench { id, .. } => *id,
        }
    }
}

/// Progress reports pass at most every [`Throttle::GAP_MS`] (and whenever
/// the depth grows), so the page is not flooded with messages.
#[derive(Debug, Clone, Default)]
pub struct Throttle {
    last: Option<(f64, u32)>,
}

impl Throttle {
    pub const GAP_MS: f64 = 100.0;

    /// Whether a report at time `now` and `depth` should be sent.
    pub fn pass(&mut self, now: f64, depth: u32) -> bool {
        let send = match self.last {
            None => true,
            Some((t, d)) => depth > d || now - t >= Self::GAP_MS,
        };
        if send {
            self.last = Some((now, depth));
        }
        send
    }
}

fn named(rules: &Rules, mv: &Move) -> NamedMove {
    NamedMove {
        steps: mv
            .steps
            .iter()
            .map(|s| {
                (
                    rules.figure_name(s.figure).to_string(),
                    rules.place_name(s.to).to_string(),
                )
            })
            .collect(),
        end: mv.end,
        rules: mv
            .steps
            .iter()
            .map(|s| {
                rules
                    .steps
                    .get(s.rule as usize)
                    .map(|r| r.name.clone())
                    .unwrap_or_default()
            })
            .collect(),
    }
}

impl NamedMove {
    /// The move as record entries, to play it on the page.
    pub fn played(&self) -> Vec<Played> {
        let mut out: Vec<Played> = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, (f, t))| Played::Step {
                figure: f.clone(),
                to: t.clone(),
                rule: self.rules.get(i).filter(|r| !r.is_empty()).cloned(),
            })
            .collect();
        if self.end {
            out.push(if self.steps.is_empty() {
                Played::Pass
            } else {
                Played::End
            });
        }
        out
    }
}

/// What the worker keeps from one question to the next: the last game,
/// compiled, and the computer that played it, keeping what its search
/// learned of the positions still ahead (Master's moves and hints).
#[derive(Default)]
pub struct Memory {
    game: Option<(Game, Arc<Rules>)>,
    computer: Computer,
}

impl Memory {
    /// The rules of `game`: those compiled last time where it is the same
    /// game (and then the computer goes on with what it learned), else
    /// compiled now (and the computer starts afresh).
    fn rules(&mut self, game: &Game) -> Result<Arc<Rules>, Vec<tablecraft_engine::Problem>> {
        if let Some((kept, rules)) = &self.game {
            if kept == game {
                return Ok(Arc::clone(rules));
            }
        }
        self.game = None;
        self.computer = Computer::new();
        let rules = Arc::new(Rules::compile(game)?);
        self.game = Some((game.clone(), Arc::clone(&rules)));
        Ok(rules)
    }
}

/// The least share of its time a search is given, however long the
/// question waited: a computer that starts slowly still thinks before it
/// moves.
pub const LEAST_SHARE: f64 = 0.1;

/// How long the search of a question with `time_ms` may take, after it
/// `waited` milliseconds before the worker read it and the worker spent
/// `spent` milliseconds on it since (compiling the game, replaying the
/// record): what is left, but never less than [`LEAST_SHARE`] of it.
pub fn thinking_ms(time_ms: f64, waited: f64, spent: f64) -> f64 {
    let time = time_ms.clamp(1.0, 600_000.0);
    let waited = if waited.is_finite() {
        waited.clamp(0.0, time)
    } else {
        0.0
    };
    (time - waited - spent).max(time * LEAST_SHARE).max(1.0)
}

/// How long `req` waited before the worker read it at `read_at` (by the
/// same clock as [`Request::asked_at`]); none where it does not say when
/// it was asked, or the clocks disagree.
pub fn waited_ms(req: &Request, read_at: f64) -> f64 {
    match req.asked_at {
        Some(asked) if (read_at - asked).is_finite() => (read_at - asked).max(0.0),
        _ => 0.0,
    }
}

/// Answers a request; `progress` hears from the search as it goes.
pub fn answer(req: &Request, now: Now, progress: &mut dyn FnMut(&Reply)) -> Reply {
    answer_with(req, now, 0.0, &mut Memory::default(), progress)
}

/// [`answer`], with what the worker kept from the questions before, the
/// question having `waited` milliseconds before the worker read it.
pub fn answer_with(
    req: &Request,
    now: Now,
    waited: f64,
    memory: &mut Memory,
    progress: &mut dyn FnMut(&Reply),
) -> Reply {
    let asked = now();
    let failed = |message: String| Reply::Failed { id: req.id, message };
    if req.task == Task::Bench {
        return Reply::Bench {
            id: req.id,
            // `time_ms`: how long each playout figure is measured.
            figures: bench::run(now, (req.time_ms / 1000.0).clamp(0.01, 10.0), &req.files),
        };
    }
    let rules = match memory.rules(&req.game) {
        Ok(r) => r,
        Err(problems) => {
            return failed(format!(
                "The game has {} problem(s); fix them first.",
                problems.len()
            ))
        }
    };
    let pos: Position = match req.record.replay(Arc::clone(&rules)) {
        Ok(p) => p,
        Err((_, why)) => return failed(why),
    };
    if pos.status() != &Status::Playing {
        return failed("The game is over.".into());
    }
    let id = req.id;
    // The time asked for counts from the question: waiting for the worker,
    // compiling the game and replaying its record come out of it.
    let left = thinking_ms(req.time_ms, waited, now() - asked);
    let options = Options {
        strength: req.level.into(),
        limits: Limits::millis(left),
        now,
        seed: req.id ^ pos.hash(),
        ..Options::default()
    };
    let mut throttle = Throttle::default();
    let mut report = |p: &search::Progress| {
        if !throttle.pass(now(), p.depth) {
            return;
        }
        progress(&Reply::Progress {
            id,
            depth: p.depth,
            positions: p.nodes,
            best: p.best.as_ref().map(|m| named(&rules, m)),
        })
    };
    let choice = match req.task {
        Task::Move => memory.computer.choose(&pos, &options, &mut report),
        Task::Hint => memory.computer.choose(
            &pos,
            &Options {
                strength: Strength::Master,
                ..options
            },
            &mut report,
        ),
        Task::Solve | Task::Bench => search::solve(&pos, options.limits, &mut report),
    };
    let proven = !matches!(choice.outcome, Outcome::Unknown | Outcome::Luck | Outcome::Hidden);
    let verdict = if req.task == Task::Move {
        String::new()
    } else {
        sentence(&choice.outcome)
    };
    Reply::Done {
        id,
        best: choice.mv.as_ref().map(|m| named(&rules, m)),
        line: choice.pv.iter().map(|m| named(&rules, m)).collect(),
        verdict,
        proven,
        depth: choice.depth,
        positions: choice.nodes,
        elapsed_ms: choice.elapsed_ms,
    }
}

/// Answers a request given as JSON text, read at `read_at` (milliseconds
/// since 1970, as [`Request::asked_at`]), with JSON replies, going on with
/// what `memory` kept from the questions before.
pub fn answer_json(
    text: &str,
    now: Now,
    read_at: f64,
    memory: &mut Memory,
    progress: &mut dyn FnMut(String),
) -> String {
    let reply = match serde_json::from_str::<Request>(text) {
        Ok(req) => answer_with(&req, now, waited_ms(&req, read_at), memory, &mut |r| {
            progress(serde_json::to_string(r).unwrap_or_default())
        }),
        Err(e) => Reply::Failed {
            id: 0,
            message: format!("The computer did not understand the question: {e}"),
        },
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;
    use tablecraft_engine::search::native_now;

    fn request(name: &str, task: Task, record: Record) -> Request {
        let (game, _) = open_example(name);
        Request {
            id: 7,
            game,
            record,
            task,
            level: Level::Master,
            time_ms: 2000.0,
            files: Vec::new(),
            asked_at: None,
        }
    }

    #[test]
    fn the_worker_keeps_the_game_compiled_while_it_stays_the_same() {
        let mut memory = Memory::default();
        let (nim, _) = open_example("nim12");
        let (c4, _) = open_example("connect-four");
        let first = memory.rules(&nim).unwrap();
        assert!(Arc::ptr_eq(&first, &memory.rules(&nim).unwrap()));
        let other = memory.rules(&c4).unwrap();
        assert!(!Arc::ptr_eq(&first, &other));
        assert!(
            !Arc::ptr_eq(&first, &memory.rules(&nim).unwrap()),
            "compiled again"
        );
        // Moves asked one after the other are answered alike with it.
        let req = request("connect-four", Task::Move, Record::default());
        for _ in 0..2 {
            let Reply::Done { best: Some(_), .. } =
                answer_with(&req, native_now, 0.0, &mut memory, &mut |_| {})
            else {
                panic!("a move");
            };
        }
    }

    /// A clock where the question's own work (compiling the game and
    /// replaying its record) takes all of the time asked for: its first
    /// reading is 0, the next 10 s, and each after that a millisecond on.
    fn all_time_gone() -> f64 {
        static READS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        match READS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) {
            0 => 0.0,
            n => 10_000.0 + n as f64,
        }
    }

    #[test]
    fn the_time_asked_for_counts_from_the_question() {
        let mut req = request("connect-four", Task::Move, Record::default());
        req.time_ms = 5_000.0;
        let Reply::Done { best, positions, .. } = answer(&req, all_time_gone, &mut |_| {}) else {
            panic!("a move");
        };
        assert!(best.is_some(), "a move all the same");
        // With 5 s of its own, the search would have looked at millions.
        assert!(
            positions < 1_000,
            "{positions} positions: it searched as if the time were its own"
        );
    }

    #[test]
    fn a_hint_for_nim12_says_take_three_and_win() {
        let req = request("nim12", Task::Hint, Record::default());
        let mut heard = 0;
        match answer(&req, native_now, &mut |_| heard += 1) {
            Reply::Done {
                id,
                best,
                verdict,
                proven,
                ..
            } => {
                assert_eq!(id, 7);
                assert!(proven);
                assert!(verdict.contains("win"), "{verdict}");
                assert_eq!(best.unwrap().steps.len(), 3);
            }
            other => panic!("{other:?}"),
        }
        assert!(heard > 0, "progress is reported");
    }

    #[test]
    fn solving_the_ball_puzzle_gives_the_twelve_move_line() {
        let req = request("ball-puzzle", Task::Solve, Record::default());
        match answer(&req, native_now, &mut |_| {}) {
            Reply::Done { line, .. } => {
                assert_eq!(line.len(), 12);
                // The line plays back to a solved puzzle.
                let played: Vec<Played> = line.iter().flat_map(NamedMove::played).collect();
                let rules = Arc::new(Rules::compile(&req.game).unwrap());
                let pos = Record { seed: None, played }.replay(rules).unwrap();
                assert!(matches!(pos.status(), Status::Over { winner: 1, .. }));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn in_a_puzzle_good_thinks_as_long_as_a_hint_and_beginner_stays_quick() {
        for strength in [Strength::Good, Strength::Master] {
            assert!(move_ms(strength, 1) >= HINT_MS, "{strength:?}");
        }
        assert!(move_ms(Strength::Good, 2) < move_ms(Strength::Master, 2));
        assert!(move_ms(Strength::Beginner, 1) < move_ms(Strength::Good, 1));
    }

    #[test]
    fn good_plays_the_labyrinth_to_its_goal() {
        let (game, _) = open_example("labyrinth");
        let rules = Arc::new(Rules::compile(&game).unwrap());
        let mut record = Record::default();
        for _ in 0..12 {
            let req = Request {
                id: 1,
                game: game.clone(),
                record: record.clone(),
                task: Task::Move,
                level: Level::Good,
                time_ms: move_ms(Strength::Good, 1),
                files: Vec::new(),
                asked_at: None,
            };
            let Reply::Done { best: Some(best), .. } = answer(&req, native_now, &mut |_| {}) else {
                break;
            };
            record.played.extend(best.played());
            let pos = record.replay(Arc::clone(&rules)).unwrap();
            if pos.status() != &Status::Playing {
                break;
            }
        }
        let pos = record.replay(rules).unwrap();
        assert!(
            matches!(pos.status(), Status::Over { winner: 1, .. }),
            "{:?}",
            pos.status()
        );
        assert!(
            record.played.len() <= 8,
            "a shortest way: {} steps",
            record.played.len()
        );
    }

    #[test]
    fn progress_is_throttled_but_new_depths_pass() {
        let mut t = Throttle::default();
        assert!(t.pass(0.0, 1));
        assert!(!t.pass(10.0, 1));
        assert!(t.pass(20.0, 2), "a deeper search is news");
        assert!(!t.pass(119.0, 2));
        assert!(t.pass(120.0, 2));
    }

    #[test]
    fn a_bench_question_gets_figures() {
        let mut req = request("nim12", Task::Bench, Record::default());
        req.id = 9;
        req.time_ms = 20.0;
        let connect_four = include_str!("../../../public/games/connect-four.game.xml");
        req.files = vec![("connect-four.game.xml".into(), connect_four.into())];
        let text = serde_json::to_string(&req).unwrap();
        let reply: Reply = serde_json::from_str(&answer_json(
            &text,
            native_now,
            f64::NAN,
            &mut Memory::default(),
            &mut |_| {},
        ))
        .unwrap();
        assert_eq!(reply.id(), 9);
        match reply {
            Reply::Bench { figures, .. } => {
                assert!(figures.solve_draw);
                let names: Vec<&str> = figures.yardsticks.iter().map(|r| r.game.as_str()).collect();
                assert_eq!(names, ["Tic-Tac-Toe", "Connect Four"], "{:?}", figures.problems);
                assert!(figures
                    .yardsticks
                    .iter()
                    .all(|r| r.engine_per_s > 0.0 && r.hand_per_s > 0.0));
            }
            other => panic!("{other:?}"),
        }
    }

    /// The time to think counts from the asking: the wait for the worker
    /// and the worker's own work come out of it, down to a tenth of it.
    #[test]
    fn the_time_to_think_counts_from_when_the_question_was_asked() {
        assert_eq!(thinking_ms(1500.0, 0.0, 0.0), 1500.0);
        assert_eq!(thinking_ms(1500.0, 1000.0, 100.0), 400.0);
        assert_eq!(thinking_ms(1500.0, 5000.0, 0.0), 1500.0 * LEAST_SHARE);
        assert_eq!(thinking_ms(1500.0, 200.0, 2000.0), 1500.0 * LEAST_SHARE);
        assert_eq!(thinking_ms(1500.0, f64::NAN, 0.0), 1500.0);
        assert_eq!(
            thinking_ms(1500.0, -50.0, 0.0),
            1500.0,
            "a clock ahead gives no time"
        );
        assert_eq!(thinking_ms(0.0, 0.0, 0.0), 1.0);
        let mut req = request("nim12", Task::Move, Record::default());
        assert_eq!(waited_ms(&req, 5000.0), 0.0, "not said when");
        req.asked_at = Some(1000.0);
        assert_eq!(waited_ms(&req, 1200.0), 200.0);
        assert_eq!(waited_ms(&req, 900.0), 0.0, "read before it was asked");
        assert_eq!(waited_ms(&req, f64::NAN), 0.0);
        // Said in the question, and not needed in it.
        let text = serde_json::to_string(&req).unwrap();
        assert!(text.contains("\"asked_at\":1000"), "{text}");
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), req);
        req.asked_at = None;
        let text = serde_json::to_string(&req).unwrap();
        assert!(!text.contains("asked_at"), "{text}");
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap().asked_at, None);
    }

    #[test]
    fn json_round_trip_and_bad_questions() {
        let req = request("tic-tac-toe", Task::Move, Record::default());
        let text = serde_json::to_string(&req).unwrap();
        let reply: Reply = serde_json::from_str(&answer_json(
            &text,
            native_now,
            f64::NAN,
            &mut Memory::default(),
            &mut |_| {},
        ))
        .unwrap();
        assert!(matches!(reply, Reply::Done { best: Some(_), .. }));
        let bad: Reply = serde_json::from_str(&answer_json(
            "{nonsense",
            native_now,
            f64::NAN,
            &mut Memory::default(),
            &mut |_| {},
        ))
        .unwrap();
        assert!(matches!(bad, Reply::Failed { .. }));
        let mut over = request("nim12", Task::Move, Record::default());
        over.record.played = vec![Played::Step {
            figure: "m.1".into(),
            to: "nowhere".into(),
            rule: None,
        }];
        assert!(matches!(
            answer(&over, native_now, &mut |_| {}),
            Reply::Failed { .. }
        ));
    }
}
