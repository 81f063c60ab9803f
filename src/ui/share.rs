//! Sharing a game by a link: the Share button in the top bar, the dialog
//! with the link, and opening a link (`#play=…`, see
//! [`tablecraft_app::address`]).
//!
//! A shared game opens in Play mode as a guest: the work kept in this
//! browser is not touched until the child makes their own copy (the button
//! on the banner, or any change to the game), which switches to Design with
//! the game as normal, undoable work.

use super::address::{clear_fragment, fragment, without_fragment};
use super::files::icons::{icon, Icon};
use super::files::{mark_in_file, save_game, Keeping};
use super::store::{Mode, Store, Tone};
use leptos::html;
use leptos::prelude::*;
use tablecraft_app::address::{share_fragment, Fragment};
use tablecraft_app::storage::FileKind;
use tablecraft_engine::Game;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys;

/// What the share dialog shows.
#[derive(Debug, Clone, PartialEq)]
enum Shown {
    Link {
        url: String,
        /// Whether the link went to the clipboard (`None` while trying).
        copied: Option<bool>,
    },
    TooBig(String),
}

/// The sharing state of the page.
#[derive(Clone, Copy)]
pub struct Sharing {
    shown: RwSignal<Option<Shown>>,
    /// The revision a shared game was opened at, while it is only played.
    guest: RwSignal<Option<u64>>,
    /// Keeping work in the browser, paused while a shared game is only played.
    keeping: Keeping,
}

/// Copies `text` to the clipboard; `done` hears whether it worked.
fn copy_to_clipboard(text: &str, done: RwSignal<Option<Shown>>) {
    let set = move |ok: bool| {
        done.update(|s| {
            if let Some(Shown::Link { copied, .. }) = s {
                *copied = Some(ok);
            }
        });
    };
    let Some(window) = web_sys::window() else {
        return set(false);
    };
    let clipboard = js_sys::Reflect::get(&window, &"navigator".into())
        .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()))
        .ok()
        .filter(|c| !c.is_undefined() && !c.is_null());
    let Some(clipboard) = clipboard else {
        return set(false);
    };
    let write = js_sys::Reflect::get(&clipboard, &"writeText".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let promise = write
        .and_then(|f| f.call1(&clipboard, &JsValue::from_str(text)).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        return set(false);
    };
    let ok = Closure::once(move |_: JsValue| set(true));
    let failed = Closure::once(move |_: JsValue| set(false));
    let _ = promise.then2(&ok, &failed);
    // One of them runs once, later; both are small.
    ok.forget();
    failed.forget();
}

/// Makes the shared game the child's own work: kept in the browser from now
/// on, with a plain address.
fn make_own(store: Store, sharing: Sharing) {
    if sharing.guest.get_untracked().is_none() {
        return;
    }
    sharing.guest.set(None);
    sharing.keeping.pause(false);
    clear_fragment();
    // Saves the game now (nothing changed, but the keeper looks again).
    store.history.update(|_| {});
}

/// Opens the game of a share link (`#play=…` in the address), or says why
/// the link is broken.
fn open(store: Store, sharing: Sharing, game: Result<Box<Game>, String>) {
    match game {
        Ok(game) => {
            let title = game.title.clone();
            sharing.keeping.pause(true);
            store.replace_game(&format!("open the shared game {title}"), *game);
            mark_in_file(store);
            sharing
                .guest
                .set(Some(store.history.with_untracked(|h| h.revision())));
            store.mode.set(Mode::Play);
            store.say(
                format!("“{title}” was shared with you. Play it, or make your own copy to change it."),
                Tone::Info,
            );
        }
        Err(why) => {
            clear_fragment();
            store.say(why, Tone::Problem);
        }
    }
}

/// Opens the game of a share link found in the address when the page
/// loaded (see [`provide_sharing`]).
pub fn open_shared(store: Store, game: Result<Box<Game>, String>) {
    open(store, expect_context::<Sharing>(), game);
}

/// Provides the sharing state, and opens a share link whenever the
/// address's fragment changes to one.
pub fn provide_sharing(store: Store) {
    let sharing = Sharing {
        shown: RwSignal::new(None),
        guest: RwSignal::new(None),
        keeping: Keeping::get(),
    };
    provide_context(sharing);
    // Any change to the shared game makes it the child's own.
    Effect::new(move |_| {
        let revision = store.history.with(|h| h.revision());
        if sharing.guest.get().is_some_and(|r| r != revision) {
            untrack(|| make_own(store, sharing));
        }
    });
    let _hash = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Fragment::Shared(game) = fragment() {
            open(store, sharing, game);
        }
    });
}

/// "You are playing a shared game" with Make your own copy.
#[component]
pub fn SharedBanner() -> impl IntoView {
    let store = Store::get();
    let sharing = expect_context::<Sharing>();
    let copy = move |_| {
        make_own(store, sharing);
        store.mode.set(Mode::Design);
        let title = store.with_game(|g| g.title.clone());
        store.say(
            format!("“{title}” is now your own game: change it as you like. It is kept in this browser."),
            Tone::Info,
        );
    };
    move || {
        sharing.guest.get().is_some().then(|| {
            let title = store.with_game(|g| g.title.clone());
            view! {
                <div class="shared-banner" data-testid="shared-banner" role="note">
                    <span class="shared-icon">{icon(Icon::Share)}</span>
                    <p>{format!("You are playing “{title}”, shared with you by a link.")}</p>
                    <button class="primary" data-testid="make-copy" on:click=copy>
                        <span aria-hidden="true">"✎ "</span>"Make your own copy"
                    </button>
                </div>
            }
        })
    }
}

/// The Share button and its dialog.
#[component]
pub fn ShareButton() -> impl IntoView {
    let store = Store::get();
    let sharing = expect_context::<Sharing>();
    let dialog = NodeRef::<html::Dialog>::new();
    let field = NodeRef::<html::Input>::new();
    let share = move |_| {
        let game = store.game_untracked();
        match share_fragment(&game) {
            Ok(fragment) => {
                let url = format!("{}#{fragment}", without_fragment());
                sharing.shown.set(Some(Shown::Link {
                    url: url.clone(),
                    copied: None,
                }));
                copy_to_clipboard(&url, sharing.shown);
            }
            Err(too_long) => sharing.shown.set(Some(Shown::TooBig(too_long.message()))),
        }
    };
    let close = move || sharing.shown.set(None);
    Effect::new(move |_| {
        let open = sharing.shown.with(Option::is_some);
        let Some(el) = dialog.get() else { return };
        if open && !el.open() {
            let _ = el.show_modal();
        } else if !open && el.open() {
            el.close();
        }
    });
    let copy_again = move |_| {
        if let Some(Shown::Link { url, .. }) = sharing.shown.get_untracked() {
            if let Some(input) = field.get_untracked() {
                input.select();
            }
            sharing.shown.update(|s| {
                if let Some(Shown::Link { copied, .. }) = s {
                    *copied = None;
                }
            });
            copy_to_clipboard(&url, sharing.shown);
        }
    };
    let content = move || {
        sharing.shown.get().map(|shown| match shown {
            Shown::Link { url, copied } => {
                let status = match copied {
                    Some(true) => "The link is copied: paste it in a message to a friend. \
                                   The whole game is inside the link."
                        .to_string(),
                    Some(false) => "Copy this link and send it to a friend. \
                                    The whole game is inside the link."
                        .to_string(),
                    None => "Copying the link…".to_string(),
                };
                view! {
                    <h2 id="share-title">"Share this game"</h2>
                    <p data-testid="share-status" data-copied=copied.map(|c| c.to_string())>{status}</p>
                    <input class="share-link" data-testid="share-link" readonly type="url"
                        aria-label="The link to the game" prop:value=url node_ref=field
                        on:focus=move |ev| {
                            if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                input.select();
                            }
                        }/>
                    <div class="share-actions">
                        <button class="primary" data-testid="share-copy" on:click=copy_again>
                            {icon(Icon::Ok)}" Copy"
                        </button>
                        <button data-testid="share-close" on:click=move |_| close()>"Close"</button>
                    </div>
                }
                .into_any()
            }
            Shown::TooBig(message) => view! {
                <h2 id="share-title">"Share this game"</h2>
                <p data-testid="share-too-big">{message}</p>
                <div class="share-actions">
                    <button class="primary" data-testid="share-save-file"
                        on:click=move |_| {
                            close();
                            save_game(store, FileKind::Xml);
                        }>
                        {icon(Icon::Save)}" Save as a file"
                    </button>
                    <button data-testid="share-close" on:click=move |_| close()>"Close"</button>
                </div>
            }
            .into_any(),
        })
    };
    view! {
        <button class="file-button" data-testid="share" aria-haspopup="dialog"
            title="Share the game with a link: the whole game is inside it"
            on:click=share>
            {icon(Icon::Share)}" Share"
        </button>
        <dialog class="share-dialog" data-testid="share-dialog" node_ref=dialog
            aria-labelledby="share-title" on:close=move |_| close()>
            {content}
        </dialog>
    }
}
