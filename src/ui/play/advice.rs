//! Help from the computer on the play screen: what it is thinking (depth,
//! positions, best move so far) with a Stop button, a Hint for the person
//! on move (the move highlighted on the table, what best play gives), and
//! Solve for puzzles (the shortest solution shown step by step).
//!
//! The words and marks are native, in [`tablecraft_app::playing::advice`]; the
//! questions go to the Web Worker through [`crate::ui::worker_client`].

use super::{computer, PlayState};
use crate::ui::store::{Player, Tone};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tablecraft_app::playing::act::{perform, Action};
use tablecraft_app::playing::advice::{
    hint_text, move_text, progress_text, solution_actions, solve_text, verdict_line, HintMarks,
};
use tablecraft_app::playing::cover::Screen;
use tablecraft_app::playing::words::{is_puzzle, player_name};
use tablecraft_app::table::scene::Scene;
use tablecraft_app::worker_protocol::{Level, NamedMove, Reply, Request, Task, HINT_MS, SOLVE_MS};
use tablecraft_engine::record::Record;
use tablecraft_engine::{Position, Status};

/// Who the computer is thinking for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum About {
    /// Its own move, as this player.
    Move(u8),
    Hint,
    Solve,
}

/// The computer at work: for whom, and how far it got.
#[derive(Debug, Clone, PartialEq)]
pub struct Thinking {
    pub about: About,
    pub depth: u32,
    pub positions: u64,
    /// The best move so far, in words.
    pub best: Option<String>,
}

/// A hint on the table, for the position it was asked in.
#[derive(Debug, Clone, PartialEq)]
pub struct HintShown {
    pub at: (u64, usize),
    pub marks: HintMarks,
    /// The proven verdict, shown beside the controls.
    pub verdict: Option<String>,
}

/// What the Stop button does.
type Stopper = Box<dyn FnOnce()>;

/// The computer's help on the play screen: its thinking (for a hint, a
/// solution or its own move), a hint, a solution being shown, and what
/// Stop does.
#[derive(Clone, Copy)]
pub struct Advice {
    pub thinking: RwSignal<Option<Thinking>>,
    pub hint: RwSignal<Option<HintShown>>,
    /// Showing a solution: move k of n.
    pub showing: RwSignal<Option<(usize, usize)>>,
    /// What Stop does now, if anything.
    stopper: StoredValue<Option<Stopper>, LocalStorage>,
    /// Stop was pressed for the work now finishing.
    pressed: StoredValue<bool>,
}

/// Numbers the questions for hints and solutions (apart from the computer's
/// moves').
static NEXT_QUESTION: AtomicU64 = AtomicU64::new(1 << 40);

/// A position's identity, to tell whether a hint still fits it.
fn key_of(pos: &Position) -> (u64, usize) {
    (pos.hash(), pos.history().len())
}

impl Advice {
    /// Makes the help's state, owned by the play mode.
    pub fn new() -> Advice {
        Advice {
            thinking: RwSignal::new(None),
            hint: RwSignal::new(None),
            showing: RwSignal::new(None),
            stopper: StoredValue::new_local(None),
            pressed: StoredValue::new(false),
        }
    }

    /// The computer starts thinking.
    pub fn start(&self, about: About) {
        self.thinking.try_set(Some(Thinking {
            about,
            depth: 0,
            positions: 0,
            best: None,
        }));
    }

    /// A progress report from the worker about `pos`.
    pub fn heard(&self, pos: &Position, reply: &Reply) {
        if let Reply::Progress {
            depth,
            positions,
            best,
            ..
        } = reply
        {
            self.thinking.try_update(|t| {
                if let Some(t) = t {
                    t.depth = *depth;
                    t.positions = *positions;
                    if let Some(b) = best {
                        t.best = Some(move_text(pos, b));
                    }
                }
            });
        }
    }

    /// The thinking is over.
    pub fn done(&self) {
        self.thinking.try_set(None);
    }

    /// Marks the hint, if it fits the position, in the table's scene.
    pub fn mark(&self, pos: &Position, scene: &mut Scene) {
        self.hint.with(|h| {
            if let Some(h) = h.as_ref().filter(|h| h.at == key_of(pos)) {
                h.marks.mark(scene);
            }
        });
    }

    /// What the Stop button does now (replacing what it did before).
    pub fn on_stop(&self, f: impl FnOnce() + 'static) {
        self.pressed.try_set_value(false);
        self.stopper.try_set_value(Some(Box::new(f)));
    }

    /// Whether Stop was pressed for the work now finishing (no waiting then).
    pub fn pressed(&self) -> bool {
        self.pressed.try_get_value().unwrap_or(false)
    }

    /// Stop has nothing to do any more.
    pub fn forget_stop(&self) {
        self.stopper.try_set_value(None);
    }

    /// Stop: the computer plays its best move so far, the hint shows what
    /// was found so far, the solution stops being shown.
    pub fn stop(&self) {
        let f = self.stopper.try_update_value(Option::take).flatten();
        if let Some(f) = f {
            self.pressed.try_set_value(true);
            f();
        }
    }

    /// Everything the computer was doing is dropped (New game, Take back, …).
    pub fn reset(&self) {
        self.forget_stop();
        self.thinking.try_set(None);
        self.showing.try_set(None);
    }
}

/// A callback that runs at most once, whichever path calls it first.
pub struct Once<T>(Rc<RefCell<Option<Callback1<T>>>>);

type Callback1<T> = Box<dyn FnOnce(T)>;

impl<T> Clone for Once<T> {
    fn clone(&self) -> Self {
        Once(Rc::clone(&self.0))
    }
}

impl<T> Once<T> {
    pub fn new(f: impl FnOnce(T) + 'static) -> Once<T> {
        Once(Rc::new(RefCell::new(Some(Box::new(f)))))
    }

    pub fn fire(&self, value: T) {
        let f = self.0.borrow_mut().take();
        if let Some(f) = f {
            f(value);
        }
    }
}

fn request(pos: &Position, task: Task, time_ms: f64) -> Request {
    Request {
        id: NEXT_QUESTION.fetch_add(1, Ordering::SeqCst),
        game: pos.rules().game.clone(),
        record: Record::of(pos),
        task,
        level: Level::Master,
        time_ms,
        files: Vec::new(),
        asked_at: Some(js_sys::Date::now()),
    }
}

/// Starts asking the computer about the position: the held figure is put
/// down, the description and any shown hint go away, and `saying` is said.
/// Returns the position asked about and its key.
fn begin(state: PlayState, advice: Advice, about: About, saying: &str) -> Option<(Position, (u64, usize))> {
    let pos = state.with_position(Position::clone)?;
    state.put_down();
    state.intro_closed.set(true);
    let key = key_of(&pos);
    advice.hint.set(None);
    advice.start(about);
    state.store.say(saying, Tone::Info);
    Some((pos, key))
}

/// Asks for a hint and shows it on the table and in words.
fn ask_hint(state: PlayState, advice: Advice) {
    let Some((pos, key)) = begin(state, advice, About::Hint, "Looking for a good move…") else {
        return;
    };
    let best: Rc<RefCell<Option<NamedMove>>> = Rc::default();
    let (told, watched) = (pos.clone(), pos.clone());
    let finish = Once::new(
        move |(best, verdict, proven): (Option<NamedMove>, String, bool)| {
            advice.forget_stop();
            advice.done();
            if state.with_position(key_of) != Some(key) {
                return;
            }
            state
                .store
                .say(hint_text(&told, best.as_ref(), &verdict, proven), Tone::Info);
            if let Some(best) = best {
                advice.hint.try_set(Some(HintShown {
                    at: key,
                    marks: HintMarks::of(&best),
                    verdict: verdict_line(&verdict, proven),
                }));
            }
        },
    );
    advice.on_stop({
        let (best, finish) = (Rc::clone(&best), finish.clone());
        move || {
            state.store.worker().stop();
            let so_far = best.borrow().clone();
            finish.fire((so_far, String::new(), false));
        }
    });
    state.store.worker().ask(
        &request(&pos, Task::Hint, HINT_MS),
        move |reply| {
            if let Reply::Progress { best: Some(b), .. } = &reply {
                *best.borrow_mut() = Some(b.clone());
            }
            advice.heard(&watched, &reply);
        },
        move |reply| match reply {
            Reply::Done {
                best,
                verdict,
                proven,
                ..
            } => finish.fire((best, verdict, proven)),
            Reply::Failed { message, .. } => {
                advice.forget_stop();
                advice.done();
                state.store.say(message, Tone::Problem);
            }
            _ => {}
        },
    );
}

/// Pause before the solution starts, between its steps and between its moves.
const FIRST_PAUSE: Duration = Duration::from_millis(900);
const STEP_PAUSE: Duration = Duration::from_millis(650);
const MOVE_PAUSE: Duration = Duration::from_millis(900);

/// Asks for a puzzle's solution and shows it.
fn ask_solve(state: PlayState, advice: Advice) {
    let Some((pos, key)) = begin(state, advice, About::Solve, "Looking for the shortest solution…") else {
        return;
    };
    advice.on_stop(move || {
        state.store.worker().stop();
        advice.forget_stop();
        advice.done();
        state.store.say("Stopped: no solution was found yet.", Tone::Info);
    });
    let asked = pos.clone();
    let watched = pos.clone();
    state.store.worker().ask(
        &request(&pos, Task::Solve, SOLVE_MS),
        move |reply| advice.heard(&watched, &reply),
        move |reply| {
            advice.forget_stop();
            advice.done();
            if state.with_position(key_of) != Some(key) {
                return;
            }
            match reply {
                Reply::Done {
                    line,
                    verdict,
                    proven,
                    ..
                } => {
                    let text = solve_text(line.len(), &verdict, proven);
                    let acts = (proven && !line.is_empty())
                        .then(|| solution_actions(&asked, &line))
                        .flatten();
                    match acts {
                        Some(acts) => {
                            state.store.say(text, Tone::Info);
                            show_solution(state, advice, acts, line.len());
                        }
                        None if proven && line.is_empty() => state.store.say(text, Tone::Info),
                        None => state.store.say(solve_text(0, "", false), Tone::Info),
                    }
                }
                Reply::Failed { message, .. } => state.store.say(message, Tone::Problem),
                _ => {}
            }
        },
    );
}

/// Plays a solution on the table, one action at a time; Stop ends it.
fn show_solution(state: PlayState, advice: Advice, acts: Vec<(usize, Action)>, moves: usize) {
    let epoch = computer::current();
    state.busy.set(true);
    advice.showing.set(Some((0, moves)));
    advice.on_stop(move || {
        computer::cancel(state.store, advice);
        state.busy.try_set(false);
        advice.showing.try_set(None);
        state.store.say(
            "Stopped showing the solution. Go on from here yourself!",
            Tone::Info,
        );
    });
    set_timeout(
        move || show_step(state, advice, Rc::new(acts), 0, moves, epoch),
        FIRST_PAUSE,
    );
}

fn show_step(
    state: PlayState,
    advice: Advice,
    acts: Rc<Vec<(usize, Action)>>,
    i: usize,
    moves: usize,
    epoch: u64,
) {
    if computer::current() != epoch {
        return;
    }
    let finish = move || {
        advice.forget_stop();
        state.busy.try_set(false);
        advice.showing.try_set(None);
    };
    let Some(&(n, action)) = acts.get(i) else {
        return finish();
    };
    advice.showing.try_set(Some((n, moves)));
    match state.update_position(|p| perform(p, action)) {
        Some(Ok(said)) => {
            if !said.is_empty() {
                let said = said.strip_prefix("Computer — ").unwrap_or(&said);
                state
                    .store
                    .say(format!("Solution, move {n} of {moves}: {said}"), Tone::Info);
            }
        }
        Some(Err(why)) => {
            state.store.say(why, Tone::Problem);
            return finish();
        }
        None => return finish(),
    }
    let Some(&(next, _)) = acts.get(i + 1) else {
        return finish();
    };
    let pause = if next == n { STEP_PAUSE } else { MOVE_PAUSE };
    set_timeout(move || show_step(state, advice, acts, i + 1, moves, epoch), pause);
}

/// The progress line and Stop, while the computer thinks or shows a
/// solution (at the top of the side column, so that it is seen).
#[component]
pub fn ThinkingBar() -> impl IntoView {
    let advice = expect_context::<PlayState>().advice;
    let thinking = move || {
        advice.thinking.get().map(|t| {
            let who = match t.about {
                About::Move(p) => format!("{} (computer) is thinking…", player_name(p)),
                About::Hint => "Looking for a hint…".to_string(),
                About::Solve => "Looking for the shortest solution…".to_string(),
            };
            let stop_title = match t.about {
                About::Move(_) => "Stop thinking and play the best move found so far",
                About::Hint => "Stop and show the best move found so far",
                About::Solve => "Stop looking for a solution",
            };
            view! {
                <div class="advice-thinking" data-testid="thinking" data-about=format!("{:?}", t.about)>
                    <span class="advice-spinner" aria-hidden="true"></span>
                    <div class="advice-thinking-text">
                        <strong data-testid="thinking-who">{who}</strong>
                        <span data-testid="thinking-progress">{progress_text(t.depth, t.positions)}</span>
                        {t.best.map(|b| view! {
                            <span data-testid="thinking-best">"Best so far: "{b}</span>
                        })}
                    </div>
                    <button class="advice-stop" data-testid="stop" title=stop_title on:click=move |_| advice.stop()>
                        <span aria-hidden="true">"■ "</span>"Stop"
                    </button>
                </div>
            }
        })
    };
    let showing = move || {
        advice.showing.get().map(|(k, n)| {
            view! {
                <div class="advice-thinking advice-showing" data-testid="showing">
                    <div class="advice-thinking-text">
                        <strong>"Showing the solution"</strong>
                        <span data-testid="showing-progress">{format!("Move {k} of {n}")}</span>
                    </div>
                    <button class="advice-stop" data-testid="stop-showing" title="Stop showing the solution"
                        on:click=move |_| advice.stop()>
                        <span aria-hidden="true">"■ "</span>"Stop"
                    </button>
                </div>
            }
        })
    };
    view! { {thinking} {showing} }
}

/// Hint, Solve (puzzles), the verdict, and what the computer is doing.
#[component]
pub fn AdvicePanel() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let advice = state.advice;
    let store = state.store;
    // A hint belongs to its position: gone once the position changes.
    Effect::new(move |_| {
        let key = store.session.with(|s| s.as_ref().map(|s| key_of(&s.position)));
        if advice
            .hint
            .with_untracked(|h| h.as_ref().is_some_and(|h| Some(h.at) != key))
        {
            advice.hint.set(None);
        }
    });
    let puzzle = move || {
        store
            .session
            .with(|s| s.as_ref().is_some_and(|s| is_puzzle(s.position.rules())))
    };
    // Behind the cover a hint would show the next person's cards to
    // whoever holds the tablet.
    let can_ask = move || {
        !state.busy.get()
            && !matches!(state.screen(), Screen::Cover { .. })
            && advice.thinking.with(Option::is_none)
            && advice.showing.with(Option::is_none)
            && store.session.with(|s| {
                s.as_ref().is_some_and(|s| {
                    s.position.status() == &Status::Playing
                        && matches!(
                            s.players.get(usize::from(s.position.to_move().max(1)) - 1),
                            Some(Player::Person)
                        )
                })
            })
    };
    let verdict = move || advice.hint.with(|h| h.as_ref().and_then(|h| h.verdict.clone()));
    view! {
        <div class="panel play-advice" data-testid="advice">
            <h2 class="visually-hidden">"Help from the computer"</h2>
            <div class="control-row">
                <button class="advice-hint" data-testid="hint" disabled=move || !can_ask()
                    title="Show a good move for the player on move"
                    on:click=move |_| ask_hint(state, advice)>
                    <BulbIcon/>"Hint"
                </button>
                {move || puzzle().then(|| view! {
                    <button class="advice-solve" data-testid="solve" disabled=move || !can_ask()
                        title="Show the shortest solution, step by step"
                        on:click=move |_| ask_solve(state, advice)>
                        <PathIcon/>"Solve"
                    </button>
                })}
            </div>
            {move || verdict().map(|v| view! {
                <p class="advice-verdict" data-testid="verdict">
                    <span aria-hidden="true">"★ "</span>{v}
                </p>
            })}
        </div>
    }
}

/// A light bulb, for Hint.
#[component]
fn BulbIcon() -> impl IntoView {
    view! {
        <svg class="advice-icon" viewBox="0 0 24 24" width=22 height=22 aria-hidden="true">
            <path d="M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z" fill="#ffd43b" stroke="#1f2430" stroke-width=1.6/>
            <rect x=8.5 y=18 width=7 height=2.2 rx=1 fill="#1f2430"/>
            <rect x=9.5 y=21 width=5 height=1.8 rx=0.9 fill="#1f2430"/>
        </svg>
    }
}

/// Footsteps along a path, for Solve.
#[component]
fn PathIcon() -> impl IntoView {
    view! {
        <svg class="advice-icon" viewBox="0 0 24 24" width=22 height=22 aria-hidden="true">
            <path d="M3 20 C 8 20, 6 12, 12 12 S 16 4, 21 4" fill="none" stroke="#1f4e9c"
                stroke-width=2.4 stroke-dasharray="3 2.5" stroke-linecap="round"/>
            <circle cx=3.5 cy=20 r=2.4 fill="#d62828"/>
            <path d="M18 1.5 L22.5 4 L18 6.5 z" fill="#1f4e9c"/>
        </svg>
    }
}
