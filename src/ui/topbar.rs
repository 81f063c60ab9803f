//! The top bar: a link past it to the table, the game's title, undo and
//! redo, the menu (file actions, sharing, the keys) and the three modes.
//!
//! On a wide screen the menu's buttons sit in the bar; on a narrower one
//! (a phone, a tablet held upright) they fold into the Menu button, so the
//! table keeps the screen.

use super::files::FileButtons;
use super::menu::fold_when_pressed_outside;
use super::store::{Mode, Store};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The `id` of the element the skip link leads to (the mode's screen).
pub const MAIN_ID: &str = "main";

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

/// Moves the focus to the mode's table, or to the mode's screen when its
/// table takes no focus.
fn skip_to_table() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let table = document
        .query_selector(&format!("#{MAIN_ID} svg.table[tabindex]"))
        .ok()
        .flatten()
        .and_then(|t| t.dyn_into::<web_sys::SvgElement>().ok());
    if let Some(table) = table {
        let _ = table.focus();
    } else if let Some(main) = document
        .get_element_by_id(MAIN_ID)
        .and_then(|m| m.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = main.focus();
    }
}

/// The first thing the keyboard reaches: past the top bar, to the table.
#[component]
fn SkipLink() -> impl IntoView {
    view! {
        <a class="skip-link" href=format!("#{MAIN_ID}") data-testid="skip-link"
            on:click=move |ev| {
                // The address's fragment carries shared games: leave it alone.
                ev.prevent_default();
                skip_to_table();
            }>
            "Skip to the table"
        </a>
    }
}

/// Whether a click inside the menu should leave it open: buttons that open
/// something of their own (the Examples list, the Keys card, a dialog).
fn keeps_menu_open(ev: &web_sys::MouseEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("button").ok().flatten())
        .is_none_or(|b| b.has_attribute("aria-expanded") || b.has_attribute("aria-haspopup"))
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
    let open = RwSignal::new(false);
    let root = NodeRef::<html::Div>::new();
    let toggle = NodeRef::<html::Button>::new();
    // A press anywhere else, or Esc, folds the menu again.
    let outside = fold_when_pressed_outside(root, open);
    let escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && open.get_untracked() && !ev.default_prevented() {
            open.set(false);
            if let Some(b) = toggle.get_untracked() {
                let _ = b.focus();
            }
        }
    });
    on_cleanup(move || {
        outside.remove();
        escape.remove();
    });
    // Changing mode folds the menu.
    Effect::new(move |_| {
        store.mode.track();
        open.set(false);
    });
    view! {
        <header class="topbar">
            <SkipLink/>
            <h1 class="game-title" data-testid="game-title">{title}</h1>
            <div class="topbar-menu" class:open=move || open.get() node_ref=root>
                <button class="menu-button" data-testid="menu" node_ref=toggle
                    aria-expanded=move || open.get().to_string() aria-controls="topbar-menu-items"
                    on:click=move |_| open.update(|o| *o = !*o)>
                    "Menu"<span aria-hidden="true">" ▾"</span>
                </button>
                <div class="menu-items" id="topbar-menu-items" data-testid="menu-items"
                    on:click=move |ev| {
                        if !keeps_menu_open(&ev) {
                            open.set(false);
                        }
                    }>
                    <nav class="file-actions" aria-label="Game files">
                        <FileButtons/>
                        <super::share::ShareButton/>
                    </nav>
                    <super::keys::KeysHelp/>
                </div>
            </div>
            <div class="edit-actions">
                <button class="undo" data-testid="undo" title=undo_label aria-label=undo_label
                    disabled=move || !store.history.with(|h| h.can_undo())
                    on:click=move |_| store.undo()>
                    <span aria-hidden="true">"↶"</span><span class="word">" Undo"</span>
                </button>
                <button class="redo" data-testid="redo" title=redo_label aria-label=redo_label
                    disabled=move || !store.history.with(|h| h.can_redo())
                    on:click=move |_| store.redo()>
                    <span aria-hidden="true">"↷"</span><span class="word">" Redo"</span>
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
            <div class="modes" role="tablist" aria-label="Mode">
                {mode_tab(store, Mode::Design, "Design", "✏")}
                {mode_tab(store, Mode::Rules, "Rules", "☰")}
                {mode_tab(store, Mode::Play, "Play", "▶")}
            </div>
        </header>
    }
}
