//! The page's hold on teaching: the native [`teaching::Teaching`] in a
//! signal, kept by the page so it outlives the Rules screen (Try it in Play
//! mode and "Back to teaching" finds it as it was left), the rule open in
//! the rule editor, and the one path by which events reach teaching and its
//! outcomes reach the page.

use crate::ui::store::{Fix, Mode, Session, Store, Tone, PEOPLE};
use leptos::prelude::*;
use tablecraft_app::access::{Answer, Command};
use tablecraft_app::editor::rule_edit::RuleRef;
use tablecraft_app::gesture::Pointer;
use tablecraft_app::teaching::{self, Event, Message, Outcome};

/// The state of Rules mode, owned by the page.
#[derive(Clone, Copy)]
pub struct Teaching {
    pub state: RwSignal<teaching::Teaching>,
    /// The rule open in the rule editor.
    pub selected: RwSignal<Option<RuleRef>>,
}

/// Provides the state of Rules mode to the whole page (once, in the App).
pub fn provide_teaching() {
    provide_context(Teaching {
        state: RwSignal::new({
            let mut t = teaching::Teaching::new();
            // Each visit rolls differently.
            t.seed_dice(js_sys::Date::now().to_bits());
            t
        }),
        selected: RwSignal::new(None),
    });
}

impl Teaching {
    /// The page's teaching state (a fresh one if the App provided none).
    pub fn get() -> Teaching {
        use_context::<Teaching>().unwrap_or_else(|| {
            provide_teaching();
            expect_context::<Teaching>()
        })
    }

    /// Rules mode is shown.
    pub fn entered(&self, store: Store) {
        let revision = store.history.with_untracked(|h| h.revision());
        let selected = self.selected.get_untracked();
        let mut keep = selected;
        store.history.with_untracked(|h| {
            self.state
                .update(|t| keep = t.entered(revision, h.current(), selected));
        });
        if keep != selected {
            self.selected.set(keep);
        }
    }

    /// Rules mode is left.
    pub fn left(&self, store: Store) {
        let revision = store.history.with_untracked(|h| h.revision());
        self.state.update(|t| t.left(revision));
    }

    /// One event, and what its outcome asks of the page.
    pub fn send(&self, store: Store, event: Event) {
        let game = store.game_untracked();
        let mut out = Outcome::default();
        self.state.update(|t| out = t.on(event, &game));
        self.follow(store, out);
    }

    /// A pointer event on the teaching table.
    pub fn pointer(&self, store: Store, p: Pointer) {
        let game = store.game_untracked();
        let mut out = Outcome::default();
        self.state.update(|t| out = t.pointer(&p, &game));
        self.follow(store, out);
    }

    /// A key command on the teaching table.
    pub fn key(&self, store: Store, command: Command) -> Answer {
        let game = store.game_untracked();
        let mut answer = Answer::No;
        let mut out = Outcome::default();
        self.state.update(|t| (answer, out) = t.key(command, &game));
        self.follow(store, out);
        answer
    }

    /// Esc: what the hand holds is put back.
    pub fn escape(&self, store: Store) {
        let mut put = None;
        self.state.update(|t| put = t.escape());
        if let Some(grab) = put {
            store.say(format!("{} was put back.", grab.figure()), Tone::Info);
        }
    }

    /// Does what an outcome asks: changes the game (one undoable step),
    /// opens a rule, starts a game in Play mode, says a sentence.
    fn follow(&self, store: Store, out: Outcome) {
        // Teaching's offer lasts until the next event: its button goes too.
        let stale = store.notice.with_untracked(|n| {
            n.as_ref()
                .is_some_and(|n| matches!(n.fix, Some((_, Fix::Teaching))))
        });
        if stale {
            store.notice.update(|n| {
                if let Some(n) = n {
                    n.fix = None;
                }
            });
        }
        if let Some(change) = out.change {
            store.history.update(|h| {
                h.apply(&change.label, change.game);
            });
        }
        if let Some(rule) = out.select {
            self.selected.set(Some(rule));
        }
        if let Some(position) = out.play {
            let revision = store.history.with_untracked(|h| h.revision());
            let players = store
                .session
                .with_untracked(|s| s.as_ref().map(|s| s.players))
                .unwrap_or(PEOPLE);
            store.session.set(Some(Session {
                position,
                revision,
                players,
            }));
            store.mode.set(Mode::Play);
        }
        let fix = out.offer.map(|question| (question, Fix::Teaching));
        match out.message {
            Some(Message::Info(text)) => store.say_with_fix(text, Tone::Info, fix),
            Some(Message::Problem(text)) => store.say_with_fix(text, Tone::Problem, fix),
            None => {}
        }
    }
}

/// In Play mode after Try it: a big button back to where the child was teaching.
#[component]
pub fn BackToTeaching() -> impl IntoView {
    let store = Store::get();
    let teaching = Teaching::get();
    let trying = Memo::new(move |_| teaching.state.with(|t| t.trying()));
    move || {
        trying.get().then(|| {
            view! {
                <button class="back-to-teaching primary" data-testid="back-to-teaching"
                    on:click=move |_| store.mode.set(Mode::Rules)>
                    <span aria-hidden="true">"← "</span>"Back to teaching"
                </button>
            }
        })
    }
}
