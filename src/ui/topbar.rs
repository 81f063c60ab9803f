//! The top bar: the game's title, file actions, undo and redo, and the
//! three modes.

use super::files::FileButtons;
use super::store::{Mode, Store};
use leptos::prelude::*;

fn mode_tab(store: Store, mode: Mode, label: &'static str, icon: &'static str) -> impl IntoView {
    let selected = move || store.mode.get() == mode;
    view! {
        <button
            class="mode-tab"
            class:active=selected
            role="tab"
            aria-selected=move || selected().to_string()
            data-testid=format!("mode-{}", label.to_lowercase())
            on:click=move |_| store.mode.set(mode)
        >
            <span class="icon" aria-hidden="true">{icon}</span>
            {label}
        </button>
    }
}

/// The bar across the top of the page.
#[component]
pub fn TopBar() -> impl IntoView {
    let store = Store::get();
    let title = move || store.with_game(|g| g.title.clone());
    let problems = move || {
        store
            .compiled
            .with(|c| c.result.as_ref().err().map_or(0, |p| p.len()))
    };
    let undo_label = move || {
        store
            .history
            .with(|h| h.undo_label().unwrap_or_else(|| "Nothing to undo".into()))
    };
    let redo_label = move || {
        store
            .history
            .with(|h| h.redo_label().unwrap_or_else(|| "Nothing to redo".into()))
    };
    view! {
        <header class="topbar">
            <h1 class="game-title" data-testid="game-title">{title}</h1>
            <nav class="file-actions" aria-label="Game files">
                <FileButtons/>
                <super::share::ShareButton/>
            </nav>
            <div class="edit-actions">
                <button data-testid="undo" title=undo_label aria-label=undo_label
                    disabled=move || !store.history.with(|h| h.can_undo())
                    on:click=move |_| store.undo()>
                    <span aria-hidden="true">"↶"</span>" Undo"
                </button>
                <button data-testid="redo" title=redo_label aria-label=redo_label
                    disabled=move || !store.history.with(|h| h.can_redo())
                    on:click=move |_| store.redo()>
                    <span aria-hidden="true">"↷"</span>" Redo"
                </button>
                <span class="problem-count" data-testid="problem-count" class:none=move || problems() == 0
                    title="Problems in this game">
                    {move || match problems() {
                        0 => "No problems".to_string(),
                        1 => "1 problem".to_string(),
                        n => format!("{n} problems"),
                    }}
                </span>
            </div>
            <super::keys::KeysHelp/>
            <div class="modes" role="tablist" aria-label="Mode">
                {mode_tab(store, Mode::Design, "Design", "✏")}
                {mode_tab(store, Mode::Rules, "Rules", "☰")}
                {mode_tab(store, Mode::Play, "Play", "▶")}
            </div>
        </header>
    }
}
