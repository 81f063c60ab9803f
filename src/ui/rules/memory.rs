//! Where the child was in Rules mode, kept while they try the game in
//! Play mode: Try it starts a game of the current rules in Play (nothing
//! is saved or changed), and "Back to teaching" there returns to Rules as
//! it was left.

use super::teach::Teach;
use crate::ui::store::{Mode, Player, Session, Store, Tone};
use leptos::prelude::*;
use tablecraft_app::editor::rule_edit::{RuleKind, RuleRef};
use tablecraft_app::editor::teach::play_position;
use tablecraft_engine::learn::Setup;

/// The state of Rules mode, owned by the page so it outlives the screen.
#[derive(Clone, Copy)]
pub struct Teaching {
    pub teach: RwSignal<Teach>,
    pub selected: RwSignal<Option<RuleRef>>,
    pub hint: RwSignal<String>,
    /// The game in Play mode was started by Try it.
    pub trying: RwSignal<bool>,
    /// The table before the first example of a step (figures put
    /// somewhere first, to show a step from there).
    pub idle_setup: RwSignal<Setup>,
    /// The next drag only puts a figure somewhere; it is not an example.
    pub arranging: RwSignal<bool>,
    /// The design's revision when Rules mode was left: coming back to a
    /// changed design starts teaching afresh.
    left_at: RwSignal<Option<u64>>,
}

/// Provides the state of Rules mode to the whole page (once, in the App).
pub fn provide_teaching() {
    provide_context(Teaching {
        teach: RwSignal::new(Teach::Idle),
        selected: RwSignal::new(None),
        hint: RwSignal::new(String::new()),
        trying: RwSignal::new(false),
        idle_setup: RwSignal::new(Setup::start()),
        arranging: RwSignal::new(false),
        left_at: RwSignal::new(None),
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

    /// Rules mode is shown: the teaching goes on where it was, unless the
    /// design changed meanwhile (another game opened, an edit in Design).
    pub fn entered(&self, store: Store) {
        let now = store.history.with_untracked(|h| h.revision());
        if self.left_at.get_untracked().is_some_and(|r| r != now) {
            self.teach.set(Teach::Idle);
            self.hint.set(String::new());
            self.idle_setup.set(Setup::start());
            self.arranging.set(false);
            let game = store.game_untracked();
            let count = |r: RuleRef| match r.kind {
                RuleKind::Step => game.steps.len(),
                RuleKind::Move => game.moves.len(),
                RuleKind::End => game.game_over.len(),
            };
            self.selected.update(|s| {
                if s.is_some_and(|r| r.index >= count(r)) {
                    *s = None;
                }
            });
        }
        self.trying.set(false);
    }

    /// Rules mode is left.
    pub fn left(&self, store: Store) {
        let now = store.history.with_untracked(|h| h.revision());
        self.left_at.set(Some(now));
    }
}

/// Try it: a new game of the rules as they are, in Play mode. Says what is
/// wrong instead when the rules can't be played yet.
pub fn try_in_play(store: Store, teaching: Teaching) {
    let game = store.game_untracked();
    match play_position(&game) {
        Ok(position) => {
            let revision = store.history.with_untracked(|h| h.revision());
            let players = store
                .session
                .with_untracked(|s| s.as_ref().map(|s| s.players))
                .unwrap_or([Player::Person, Player::Person]);
            store.session.set(Some(Session {
                position,
                revision,
                players,
            }));
            teaching.trying.set(true);
            store.mode.set(Mode::Play);
            store.say(
                "Try your rules! Press “Back to teaching” to go on teaching.",
                Tone::Info,
            );
        }
        Err(e) => store.say(e, Tone::Problem),
    }
}

/// In Play mode after Try it: a big button back to where the child was teaching.
#[component]
pub fn BackToTeaching() -> impl IntoView {
    let store = Store::get();
    let teaching = Teaching::get();
    move || {
        teaching.trying.get().then(|| {
            view! {
                <button class="back-to-teaching primary" data-testid="back-to-teaching"
                    on:click=move |_| store.mode.set(Mode::Rules)>
                    <span aria-hidden="true">"← "</span>"Back to teaching"
                </button>
            }
        })
    }
}
