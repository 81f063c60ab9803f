//! Rules mode: the rule editor beside the table, and teaching by showing
//! on the table (record a step, a move, the end; try the game).

mod cards;
mod editor;
mod memory;
mod teach;

use super::store::Store;
use leptos::prelude::*;
use tablecraft_app::editor::rule_edit::RuleEdit;

pub use editor::RuleEditor;
pub use memory::{provide_teaching, BackToTeaching, Teaching};
pub use teach::TeachPanel;

/// Applies a rule edit as one undoable action; a refused edit is said.
/// Returns the game after it, or `None`.
pub(crate) fn apply(store: Store, edit: RuleEdit) -> bool {
    let game = store.game_untracked();
    match edit.apply(&game) {
        Ok(next) => {
            let label = edit.label(&game);
            store.history.update(|h| {
                h.apply(&label, next);
            });
            true
        }
        Err(message) => {
            store.say(message, super::store::Tone::Problem);
            false
        }
    }
}

/// The rules screen: teaching on the table at the left, the list of rules
/// and the form of the chosen one at the right.
#[component]
pub fn RulesMode() -> impl IntoView {
    // Kept by the page, so Try it in Play mode and back finds it as it was.
    let store = Store::get();
    let teaching = Teaching::get();
    teaching.entered(store);
    on_cleanup(move || teaching.left(store));
    let selected = teaching.selected;
    view! {
        <section class="rules-mode" data-testid="rules-mode">
            <TeachPanel/>
            <RuleEditor selected/>
        </section>
    }
}
