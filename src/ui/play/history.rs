//! Looking back at the game: |< < > >| step through the moves (the table
//! shows the position after move N, view only), Replay plays the game again
//! move by move at a pace a child can follow, and Continue from here takes
//! back the later moves (Bring them back undoes that). The logic is native,
//! in [`tablecraft_app::playing::timeline`].

use super::{computer, PlayState};
use crate::ui::store::Tone;
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;
use tablecraft_app::playing::timeline::{continue_from, Go, Looking, Timeline, REPLAY_PACE_MS};
use tablecraft_engine::record::Record;
use tablecraft_engine::Position;

/// The looking-back state of the play screen.
#[derive(Clone, Copy)]
pub struct Look {
    pub looking: RwSignal<Looking>,
    pub replaying: RwSignal<bool>,
    /// After Continue from here: the record before, to bring the moves back.
    pub cut: RwSignal<Option<(usize, Record)>>,
    /// The replay's timer, while replaying.
    timer: StoredValue<Option<IntervalHandle>>,
}

impl Look {
    pub fn new() -> Look {
        Look {
            looking: RwSignal::new(Looking::default()),
            replaying: RwSignal::new(false),
            cut: RwSignal::new(None),
            timer: StoredValue::new(None),
        }
    }
}

fn timeline(state: PlayState) -> Timeline {
    state
        .store
        .session
        .with(|s| s.as_ref().map(|s| Timeline::of(&s.position)).unwrap_or_default())
}

/// The position to draw while looking back (tracked); `None` for the game
/// as it is now.
pub fn shown_position(state: PlayState) -> Option<Position> {
    let at = state.look.looking.get().at?;
    state.store.session.with(|s| {
        let s = s.as_ref()?;
        let t = Timeline::of(&s.position);
        (at < t.last()).then(|| t.position_at(s.position.rules(), at))
    })
}

/// Whether the child is looking at an earlier move (untracked).
pub fn looking_back(state: PlayState) -> bool {
    state.look.looking.get_untracked().at.is_some()
}

fn stop_replay(look: Look) {
    if let Some(handle) = look.timer.try_update_value(Option::take).flatten() {
        handle.clear();
    }
    look.replaying.try_set(false);
}

fn tick(state: PlayState) {
    let look = state.look;
    let Some(last) = state
        .store
        .session
        .try_with_untracked(|s| s.as_ref().map(|s| Timeline::of(&s.position).last()))
        .flatten()
    else {
        stop_replay(look);
        return;
    };
    match look.looking.get_untracked().replay_tick(last) {
        Some(next) => {
            look.looking.set(next);
        }
        None => stop_replay(look),
    }
}

fn start_replay(state: PlayState) {
    let look = state.look;
    stop_replay(look);
    state.put_down();
    let last = untrack(|| timeline(state)).last();
    if last == 0 {
        return;
    }
    look.looking.update(|l| *l = l.replay_start(last));
    look.replaying.set(true);
    state.store.say("Replaying the game, move by move.", Tone::Info);
    if let Ok(handle) = set_interval_with_handle(
        move || tick(state),
        Duration::from_millis(u64::from(REPLAY_PACE_MS)),
    ) {
        look.timer.try_set_value(Some(handle));
    }
}

fn go(state: PlayState, to: Go) {
    stop_replay(state.look);
    state.put_down();
    let t = untrack(|| timeline(state));
    let next = state.look.looking.get_untracked().go(to, t.last());
    state.look.looking.set(next);
    state.store.say(t.label(next.shown(t.last())), Tone::Info);
}

fn continue_here(state: PlayState) {
    let look = state.look;
    let Some(at) = look.looking.get_untracked().at else {
        return;
    };
    stop_replay(look);
    computer::cancel(state.store, state.advice);
    state.busy.set(false);
    state.put_down();
    let Some((pos, before)) = state.with_position(|p| continue_from(p, at)).flatten() else {
        look.looking.set(Looking::default());
        return;
    };
    let kept = Record::of(&pos).played.len();
    state.update_position(|p| *p = pos);
    look.cut.set(Some((kept, before)));
    look.looking.set(Looking::default());
    let words = if at == 0 {
        "Back to the start".to_string()
    } else {
        format!("Back to move {at}")
    };
    state.store.say(
        format!("{words}: the later moves were taken back. “Bring them back” undoes this."),
        Tone::Info,
    );
}

/// Whether the moves taken back by Continue from here can come back: the
/// game has not gone on since.
fn can_bring_back(state: PlayState) -> bool {
    let cut = state.look.cut.get();
    let Some((kept, before)) = cut else {
        return false;
    };
    state.store.session.with(|s| {
        s.as_ref().is_some_and(|s| {
            let now = Record::of(&s.position);
            now.played.len() == kept && before.played.get(..kept) == Some(&now.played[..])
        })
    })
}

fn bring_back(state: PlayState) {
    let Some((_, before)) = state.look.cut.get_untracked() else {
        return;
    };
    stop_replay(state.look);
    computer::cancel(state.store, state.advice);
    state.busy.set(false);
    state.put_down();
    let rules = state.with_position(|p| Arc::clone(p.rules()));
    if let Some(rules) = rules {
        let pos = match before.replay(rules) {
            Ok(pos) | Err((pos, _)) => pos,
        };
        state.update_position(|p| *p = pos);
    }
    state.look.cut.set(None);
    state.look.looking.set(Looking::default());
    state.store.say("The moves are back.", Tone::Info);
}

/// Over the table while looking back: which move is shown.
#[component]
pub fn LookingBanner() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let text = move || {
        let at = state.look.looking.get().at?;
        let t = timeline(state);
        (at < t.last()).then(|| t.label(at))
    };
    move || {
        text().map(|text| {
            view! {
                <div class="looking-banner" data-testid="looking-banner" role="status">
                    <span aria-hidden="true">"◀◀ "</span>
                    <span>{text}</span>
                    <span class="looking-hint">
                        {move || if state.look.replaying.get() { " — replaying" } else { " — looking back" }}
                    </span>
                </div>
            }
        })
    }
}

/// The history bar in the side panel.
#[component]
pub fn HistoryBar() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let look = state.look;
    on_cleanup(move || stop_replay(look));
    let last = Memo::new(move |_| timeline(state).last());
    let label = move || {
        let last = last.get();
        timeline(state).label(look.looking.get().shown(last))
    };
    let can = move |to: Go| look.looking.get().can(to, last.get());
    let button = move |to: Go, testid: &'static str, symbol: &'static str, name: &'static str| {
        view! {
            <button class="history-step" data-testid=testid aria-label=name title=name
                disabled=move || !can(to) on:click=move |_| go(state, to)>
                <span aria-hidden="true">{symbol}</span>
            </button>
        }
    };
    let show = move || last.get() > 0 || can_bring_back(state);
    move || {
        show().then(|| {
            view! {
                <div class="panel play-history" data-testid="history">
                    <div class="history-head">
                        <h2>"Look back"</h2>
                        <button class="history-replay" data-testid="replay" disabled=move || last.get() == 0
                            aria-pressed=move || look.replaying.get().to_string()
                            on:click=move |_| {
                                if look.replaying.get_untracked() {
                                    stop_replay(look);
                                    state.store.say("Replay paused.", Tone::Info);
                                } else {
                                    start_replay(state);
                                }
                            }>
                            {move || if look.replaying.get() {
                                view! { <span aria-hidden="true">"❚❚ "</span>"Pause" }.into_any()
                            } else {
                                view! { <span aria-hidden="true">"↻ "</span>"Replay" }.into_any()
                            }}
                        </button>
                    </div>
                    <p class="history-label" data-testid="history-label">{label}</p>
                    <div class="control-row history-steps">
                        {button(Go::First, "history-first", "⇤", "Go to the start")}
                        {button(Go::Back, "history-back", "◀", "One move back")}
                        {button(Go::Forward, "history-forward", "▶", "One move forward")}
                        {button(Go::Last, "history-last", "⇥", "Back to the game now")}
                    </div>
                    {move || {
                        let looking = look.looking.get().at.is_some();
                        let bring = can_bring_back(state);
                        (looking || bring).then(|| view! {
                            <div class="control-row">
                                {looking.then(|| view! {
                                    <button class="primary" data-testid="continue-here"
                                        title="Take back the later moves and play on from here"
                                        on:click=move |_| continue_here(state)>
                                        <span aria-hidden="true">"↪ "</span>"Continue from here"
                                    </button>
                                })}
                                {bring.then(|| view! {
                                    <button data-testid="bring-back"
                                        title="Undo Continue from here: bring the later moves back"
                                        on:click=move |_| bring_back(state)>
                                        <span aria-hidden="true">"↶ "</span>"Bring them back"
                                    </button>
                                })}
                            </div>
                        })
                    }}
                </div>
            }
        })
    }
}
