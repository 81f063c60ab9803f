//! Play mode: the table, the controls and the progress log.
//!
//! Entering Play compiles the design; with problems the screen lists them
//! (with a way back) instead of a table. Otherwise it keeps a [`Session`]
//! for the current revision of the design: a changed design starts a new
//! game. The logic (words, log, gestures, playing by name) is native, in
//! [`tablecraft_app::playing`]; these components only wire it to the page.

mod advice;
mod board;
mod chooser;
mod computer;
mod controls;
mod cover;
mod dice;
mod history;
mod keys;
mod log;

use super::confirm::{Confirm, Question};
use super::store::{Mode, Player, Session, Store, Tone, PEOPLE};
use advice::Advice;
use leptos::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;
use tablecraft_app::gesture::Gesture;
use tablecraft_app::playing::cover::{self as hands, Screen};
use tablecraft_app::playing::{ready, words};
use tablecraft_engine::{Position, Problem, Rules, Status};

/// The lifted or held figure and the places it may go to.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Held {
    pub figure: String,
    pub targets: HashSet<String>,
}

/// The play screen's own state, shared by its parts.
#[derive(Clone, Copy)]
pub struct PlayState {
    pub store: Store,
    pub held: RwSignal<Option<Held>>,
    pub overlay: RwSignal<super::table::Overlay>,
    /// The hand on the table: the figure pressed, dragged or lifted.
    pub gesture: RwSignal<Gesture<String>>,
    /// The computer is thinking or playing its move.
    pub busy: RwSignal<bool>,
    /// The description card was closed.
    pub intro_closed: RwSignal<bool>,
    /// Looking back at earlier moves.
    pub look: history::Look,
    /// Help from the computer, and what it is thinking.
    pub advice: Advice,
    /// A drop with several outcomes, waiting for the child to choose.
    pub choosing: RwSignal<Option<chooser::Choosing>>,
    /// Where the pointer last was on the screen, in CSS pixels (`None`
    /// after a key), to show the chooser next to the drop.
    pub screen: StoredValue<Option<tablecraft_app::table::geometry::Point>>,
    /// The dice are tumbling after a roll.
    pub rolling: RwSignal<bool>,
    /// Whose cards were shown last, in a game with hidden hands (0: nobody's).
    pub looking: RwSignal<u8>,
}

impl PlayState {
    /// Puts down any lifted figure and clears what is drawn over the table.
    pub fn put_down(&self) {
        self.gesture.set(Gesture::new());
        self.held.set(None);
        self.overlay.set(Default::default());
    }

    /// Whose cards the table shows, or the cover between turns (tracked).
    pub fn screen(&self) -> Screen {
        let looking = self.looking.get();
        self.store.session.with(|s| match s {
            Some(s) => {
                let rules = s.position.rules();
                let people: Vec<u8> = (1..=rules.players)
                    .filter(|&p| !matches!(s.players.get(usize::from(p) - 1), Some(Player::Computer(_))))
                    .collect();
                hands::screen(
                    rules.hidden,
                    &people,
                    rules.players,
                    s.position.to_move(),
                    looking,
                    s.position.status() != &Status::Playing,
                )
            }
            None => Screen::Table { viewer: 0 },
        })
    }

    /// [`PlayState::screen`], untracked.
    pub fn screen_untracked(&self) -> Screen {
        untrack(|| self.screen())
    }

    /// Shows player `player`'s cards: they tapped the cover.
    pub fn look_at_cards(&self, player: u8) {
        self.looking.set(player);
        self.store
            .say(format!("Player {player}: these are your cards."), Tone::Info);
    }

    /// Reads the position untracked.
    pub fn with_position<R>(&self, f: impl FnOnce(&Position) -> R) -> Option<R> {
        self.store
            .session
            .with_untracked(|s| s.as_ref().map(|s| f(&s.position)))
    }

    /// Changes the position.
    pub fn update_position<R>(&self, f: impl FnOnce(&mut Position) -> R) -> Option<R> {
        let mut out = None;
        self.store.session.update(|s| {
            if let Some(s) = s {
                out = Some(f(&mut s.position));
            }
        });
        out
    }

    /// Who plays `player` (1 or 2).
    pub fn player(&self, player: u8) -> Player {
        self.store.session.with_untracked(|s| {
            s.as_ref()
                .and_then(|s| s.players.get(usize::from(player.max(1)) - 1).copied())
                .unwrap_or(Player::Person)
        })
    }

    /// Starts the game again (same players), asking first while a game is
    /// being played: its moves would be lost.
    pub fn start_again(&self) {
        if !self.store.game_in_progress() {
            self.new_game();
            return;
        }
        let state = *self;
        Confirm::get().ask(Question {
            title: "Start this game again?",
            text: "The moves played so far will be lost.",
            yes: "Start again",
            no: "Keep playing",
            on_yes: Callback::new(move |()| state.new_game()),
        });
    }

    /// Starts the game again (same players).
    pub fn new_game(&self) {
        computer::cancel(self.store, self.advice);
        self.busy.set(false);
        self.put_down();
        self.intro_closed.set(false);
        self.looking.set(0);
        let rules = self.with_position(|p| Arc::clone(p.rules()));
        if let Some(rules) = rules {
            self.update_position(|p| *p = Position::with_seed(rules, new_seed()));
            let turn = self.with_position(words::turn_text).unwrap_or_default();
            self.store.say(format!("Started again. {turn}."), Tone::Info);
        }
    }
}

/// A new game's seed of chance: every game rolls its own numbers (the
/// game record keeps the seed, so a replay rolls them again).
fn new_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// Makes sure the session plays the current design: a new game when there
/// is none or the design changed since.
fn sync_session(store: Store, advice: Advice) {
    let (revision, result) = store.compiled.with(|c| (c.revision, c.result.clone()));
    match result {
        Err(_) => {
            computer::cancel(store, advice);
            // The play screen goes; a hint does not outlive it.
            advice.hint.set(None);
        }
        Ok(rules) => {
            let stale = store
                .session
                .with_untracked(|s| s.as_ref().map(|s| s.revision != revision));
            if stale != Some(false) {
                start_session(store, advice, rules, revision, stale == Some(true));
            }
        }
    }
}

fn start_session(store: Store, advice: Advice, rules: Arc<Rules>, revision: u64, changed: bool) {
    computer::cancel(store, advice);
    let players = store
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.players))
        .unwrap_or(PEOPLE);
    store.session.set(Some(Session {
        position: Position::with_seed(rules, new_seed()),
        revision,
        players,
    }));
    if changed {
        store.say("The game was changed, so a new game has started.", Tone::Info);
    }
}

/// The play screen.
#[component]
pub fn PlayMode() -> impl IntoView {
    let store = Store::get();
    // Owned here, not by the play screen: a changed design cancels what
    // the computer is doing.
    let advice = Advice::new();
    untrack(|| sync_session(store, advice));
    Effect::new(move |_| {
        store.compiled.track();
        untrack(|| sync_session(store, advice));
    });
    let problems = Memo::new(move |_| {
        store
            .compiled
            .with(|c| c.result.as_ref().err().map(|p| (**p).clone()))
    });
    let not_ready = Memo::new(move |_| {
        store
            .session
            .with(|s| s.as_ref().and_then(|s| ready::not_ready(&s.position)))
    });
    move || match (problems.get(), not_ready.get()) {
        (Some(problems), _) => view! { <ProblemsCard problems/> }.into_any(),
        (None, Some(why)) => view! { <NothingToPlay why/> }.into_any(),
        (None, None) => view! { <PlayScreen advice/> }.into_any(),
    }
}

/// Instead of a table that would announce a winner: what to make first.
#[component]
fn NothingToPlay(why: &'static str) -> impl IntoView {
    let store = Store::get();
    view! {
        <section class="play-mode play-problems" data-testid="play-not-ready">
            <div class="panel problems-card not-ready" role="status">
                <h2>"There is no game to play yet"</h2>
                <p data-testid="not-ready-why">{why}</p>
                <div class="problem-actions">
                    <button data-testid="back-to-design" on:click=move |_| store.mode.set(Mode::Design)>
                        "Go to Design"
                    </button>
                    <button data-testid="back-to-rules" on:click=move |_| store.mode.set(Mode::Rules)>
                        "Go to Rules"
                    </button>
                </div>
            </div>
        </section>
    }
}

/// Instead of a table: why the game cannot be played yet.
#[component]
fn ProblemsCard(problems: Vec<Problem>) -> impl IntoView {
    let store = Store::get();
    let count = match problems.len() {
        1 => "1 problem".to_string(),
        n => format!("{n} problems"),
    };
    view! {
        <section class="play-mode play-problems" data-testid="play-problems">
            <div class="panel problems-card" role="alert">
                <h2>"This game can't be played yet"</h2>
                <p>{format!("Fix {count} first, then come back to play:")}</p>
                <ul class="problem-list">
                    {problems.into_iter().map(|p| view! {
                        <li>
                            <span class="where">{p.location.to_string()}</span>": "
                            <span class="what">{p.message}</span>
                        </li>
                    }).collect_view()}
                </ul>
                <div class="problem-actions">
                    <button data-testid="back-to-design" on:click=move |_| store.mode.set(Mode::Design)>
                        "Back to Design"
                    </button>
                    <button data-testid="back-to-rules" on:click=move |_| store.mode.set(Mode::Rules)>
                        "Back to Rules"
                    </button>
                </div>
            </div>
        </section>
    }
}

/// The table, the controls and the log, for a game that compiles; `advice`
/// is the play mode's help from the computer.
#[component]
fn PlayScreen(advice: Advice) -> impl IntoView {
    let store = Store::get();
    let state = PlayState {
        store,
        held: RwSignal::new(None),
        overlay: RwSignal::new(Default::default()),
        gesture: RwSignal::new(Gesture::new()),
        busy: RwSignal::new(false),
        intro_closed: RwSignal::new(false),
        look: history::Look::new(),
        advice,
        choosing: RwSignal::new(None),
        screen: StoredValue::new(None),
        rolling: RwSignal::new(false),
        looking: RwSignal::new(0),
    };
    provide_context(state);
    computer::drive(state);
    on_cleanup(move || computer::cancel(store, state.advice));
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            board::escape(state);
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <section class="play-mode" data-testid="play-mode">
            <div class="table-area play-table-area">
                <controls::TurnBanner/>
                <dice::DiceTray/>
                <history::LookingBanner/>
                <controls::GameOver/>
                <board::PlayTable/>
                <chooser::Chooser/>
            </div>
            <aside class="play-side">
                <super::rules::BackToTeaching/>
                <advice::ThinkingBar/>
                <controls::Intro/>
                <controls::Controls/>
                <advice::AdvicePanel/>
                <controls::Players/>
                <history::HistoryBar/>
                <log::Log/>
            </aside>
        </section>
    }
}
