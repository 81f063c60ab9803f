//! Files and keeping work: New, Examples, Open, Save, local storage.

use super::store::Store;
use crate::engine::Game;
use leptos::prelude::*;

/// The game kept in the browser, or a new one.
pub fn restore() -> Game {
    Game::default()
}

/// Saves the work in the browser on every change.
pub fn keep_in_browser(_store: Store) {}

/// New, Examples, Open, Save.
#[component]
pub fn FileButtons() -> impl IntoView {
    view! { <span></span> }
}

/// The problems of a file that could not be opened.
#[component]
pub fn FileProblemsDialog() -> impl IntoView {
    view! { <span></span> }
}
