//! The computer player on the page: asks the engine for a move and plays
//! it visibly, one step at a time, announcing each.
//!
//! The search runs behind one function, [`request_move`], in a Web Worker
//! (see `ui::worker_client`); while it thinks, the thinking line shows its
//! progress, and Stop makes it play the best move found so far.

use super::advice::{About, Advice, Once};
use super::PlayState;
use crate::ui::store::{Player, Store, Tone};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tablecraft_app::playing::act::{actions, perform, Action};
use tablecraft_app::playing::advice::resolve;
use tablecraft_app::playing::computer::{self, Next};
use tablecraft_app::playing::words::player_name;
use tablecraft_app::worker_protocol::{move_ms, Level, NamedMove, Reply, Request, Task};
use tablecraft_engine::record::Record;
use tablecraft_engine::search::rng::Rng;
use tablecraft_engine::search::{random_move, Move, Strength};
use tablecraft_engine::{Position, Status};

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Milliseconds from the page's clock (`std::time::Instant` panics in
/// WebAssembly).
pub fn now() -> f64 {
    performance_now()
}

/// Pause between two steps of the computer's move.
const STEP_PAUSE: Duration = Duration::from_millis(600);

/// Counts up whenever the computer's work in progress must be dropped
/// (New game, Take back, leaving Play, players changed).
static EPOCH: AtomicU64 = AtomicU64::new(0);

/// Drops whatever the computer is thinking or playing.
pub fn cancel(store: Store, advice: Advice) {
    EPOCH.fetch_add(1, Ordering::SeqCst);
    store.worker().stop();
    advice.reset();
}

/// The current epoch: work started in an older one is dropped.
pub(super) fn current() -> u64 {
    EPOCH.load(Ordering::SeqCst)
}

/// Asks the computer for a move for the player on move and calls `reply`
/// with it (`None` when there is none); `progress` hears the worker's
/// reports. The one way the page asks the computer for a move: the search
/// runs in a Web Worker, so the page stays responsive; if the worker cannot
/// answer, the page plays any legal move ([`any_move`]). Stop (`Advice::stop`) ends the
/// thinking and replies with the best move so far, or a random one.
pub fn request_move(
    state: PlayState,
    pos: Position,
    strength: Strength,
    progress: impl Fn(&Reply) + 'static,
    reply: impl FnOnce(Option<Move>) + 'static,
) {
    let request = Request {
        id: NEXT_QUESTION.fetch_add(1, Ordering::SeqCst),
        game: pos.rules().game.clone(),
        record: Record::of(&pos),
        task: Task::Move,
        level: level_of(strength),
        time_ms: move_ms(strength, pos.rules().players),
        files: Vec::new(),
        asked_at: Some(js_sys::Date::now()),
    };
    let reply = Once::new(reply);
    let best: Rc<RefCell<Option<NamedMove>>> = Rc::default();
    let (advice, worker) = (state.advice, state.store.worker());
    advice.on_stop({
        let (pos, best, reply, worker) = (pos.clone(), Rc::clone(&best), reply.clone(), worker.clone());
        move || {
            worker.stop();
            let so_far = best.borrow().as_ref().and_then(|b| resolve(&pos, b));
            reply.fire(so_far.or_else(|| any_move(&pos)));
        }
    });
    worker.ask(
        &request,
        move |answer| {
            if let Reply::Progress { best: Some(b), .. } = &answer {
                *best.borrow_mut() = Some(b.clone());
            }
            progress(&answer);
        },
        move |answer| {
            advice.forget_stop();
            let found = match answer {
                Reply::Done { best: Some(best), .. } => resolve(&pos, &best),
                _ => None,
            };
            reply.fire(found.or_else(|| any_move(&pos)))
        },
    );
}

/// A legal move, when the worker could not answer: the game goes on. The
/// page never searches itself: a search would hold up the page while it
/// runs, and would bring the whole search into the page's download.
fn any_move(pos: &Position) -> Option<Move> {
    random_move(pos, &mut Rng::new(now().to_bits()))
}

/// Numbers the questions, so a late answer to an old one is ignored.
static NEXT_QUESTION: AtomicU64 = AtomicU64::new(1);

fn level_of(strength: Strength) -> Level {
    match strength {
        Strength::Beginner => Level::Beginner,
        Strength::Good => Level::Good,
        Strength::Master => Level::Master,
    }
}

/// The strength of the computer on move, if the computer is on move in a
/// game that goes on.
fn computer_on_move(store: Store) -> Option<(Strength, u8)> {
    store.session.with(|s| {
        let s = s.as_ref()?;
        if s.position.status() != &Status::Playing {
            return None;
        }
        let player = s.position.to_move();
        match s.players.get(usize::from(player.max(1)) - 1)? {
            Player::Computer(strength) => Some((*strength, player)),
            Player::Person => None,
        }
    })
}

/// Watches the game and lets the computer move whenever it is on move.
pub fn drive(state: PlayState) {
    let store = state.store;
    Effect::new(move |_| {
        if state.busy.get() {
            return;
        }
        let Some((strength, player)) = computer_on_move(store) else {
            return;
        };
        untrack(|| {
            let Some(next) = state.with_position(computer::next) else {
                return;
            };
            if next == Next::StartAgain {
                state.update_position(|p| p.take_back_move());
                return;
            }
            state.put_down();
            state.busy.set(true);
            let epoch = current();
            if next == Next::Roll {
                // The computer rolls by itself, then (the position changed)
                // is asked for its move.
                set_timeout(
                    move || play_actions(state, vec![Action::Roll], 0, epoch),
                    STEP_PAUSE,
                );
                return;
            }
            store.say(
                format!("{} (computer) is thinking…", player_name(player)),
                Tone::Info,
            );
            let Some(pos) = state.with_position(Position::clone) else {
                state.busy.set(false);
                return;
            };
            let started = now();
            let advice = state.advice;
            advice.start(About::Move(player));
            let watched = pos.clone();
            let heard = move |r: &Reply| advice.heard(&watched, r);
            request_move(state, pos, strength, heard, move |mv| {
                if current() != epoch {
                    return;
                }
                let Some(mv) = mv else {
                    advice.reset();
                    state.busy.try_set(false);
                    return;
                };
                // Let "thinking…" be seen for a moment even when the answer
                // is quick; Stop plays at once.
                let wait = if advice.pressed() {
                    0.0
                } else {
                    (500.0 - (now() - started)).max(0.0)
                };
                let acts = actions(&mv);
                let go = Once::new(move |()| {
                    advice.reset();
                    play_actions(state, acts, 0, epoch)
                });
                advice.on_stop({
                    let go = go.clone();
                    move || go.fire(())
                });
                set_timeout(move || go.fire(()), Duration::from_millis(wait as u64));
            });
        });
    });
}

/// Plays the computer's actions from `i` on, one every [`STEP_PAUSE`].
fn play_actions(state: PlayState, acts: Vec<Action>, i: usize, epoch: u64) {
    if current() != epoch {
        return;
    }
    let Some(&action) = acts.get(i) else {
        state.busy.try_set(false);
        return;
    };
    let result = state.update_position(|p| perform(p, action));
    if action == Action::Roll && matches!(result, Some(Ok(_))) {
        super::dice::tumble(state);
    }
    match result {
        Some(Ok(said)) => {
            if !said.is_empty() {
                state.store.say(said, Tone::Info);
            }
        }
        Some(Err(why)) => {
            state.store.say(why, Tone::Problem);
            state.busy.try_set(false);
            return;
        }
        None => {
            state.busy.try_set(false);
            return;
        }
    }
    if i + 1 >= acts.len() {
        state.busy.try_set(false);
        return;
    }
    set_timeout(move || play_actions(state, acts, i + 1, epoch), STEP_PAUSE);
}
