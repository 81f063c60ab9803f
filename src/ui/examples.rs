//! The Examples menu: the first time it opens, loads `games/index.json`,
//! then each game file (not at start, where the first screen waits for
//! nothing it does not show); lists every example by its title, and opens
//! the one chosen (undoable) in Play, ready to play, as does an example
//! named in the address (`#example=NAME.game.xml`).

use crate::ui::fetch::fetch_text;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::files::icons::{icon, Icon};
use super::files::open_text;
use super::menu::fold_when_pressed_outside;
use super::store::{Mode, Store, Tone};
use tablecraft_app::catalog::{describe_problems, game_url, parse_index, GAMES_DIR};
use tablecraft_engine::file::read_xml;

/// One example game: its file, and its title and text or why it has none.
#[derive(Debug, Clone)]
struct Example {
    file: String,
    game: Result<(String, String), String>,
}

/// Every listed example, in the listed order.
async fn load_examples() -> Result<Vec<Example>, String> {
    let index = fetch_text(&format!("{GAMES_DIR}/index.json")).await?;
    let files = parse_index(&index)?;
    let mut examples = Vec::with_capacity(files.len());
    for file in files {
        let game = match fetch_text(&game_url(&file)).await {
            Ok(text) => match read_xml(&text) {
                Ok((game, _)) => Ok((game.title, text)),
                Err(problems) => Err(describe_problems(&problems)),
            },
            Err(e) => Err(e),
        };
        examples.push(Example { file, game });
    }
    Ok(examples)
}

/// Opens the example game `name` (from the address's `#example=` fragment)
/// as the game (one undoable action) and switches to Play.
pub fn open_from_address(store: Store, name: String) {
    leptos::task::spawn_local(async move {
        let loaded = fetch_text(&game_url(&name))
            .await
            .and_then(|text| read_xml(&text).map_err(|p| describe_problems(&p)));
        match loaded {
            Ok((game, _)) => {
                let title = game.title.clone();
                store.replace_game(&format!("Open the example {title}"), game);
                crate::ui::files::mark_in_file(store);
                // A reload then resumes the game in progress, not the example.
                crate::ui::address::clear_fragment();
                store.mode.set(Mode::Play);
            }
            Err(why) => store.say(format!("{name} could not be opened: {why}"), Tone::Problem),
        }
    });
}

/// The test id of an example's menu item: `nim12.game.xml` → `example-nim12`.
fn item_id(file: &str) -> String {
    format!(
        "example-{}",
        file.trim_end_matches(tablecraft_app::catalog::GAME_EXTENSION)
    )
}

/// Moves the focus among the menu's items: `step` 0 = first, -1 = last,
/// otherwise relative to the focused one.
fn focus_item(menu: &web_sys::HtmlElement, step: i32, absolute: bool) {
    let Ok(items) = menu.query_selector_all("[role=menuitem]:not([disabled])") else {
        return;
    };
    let n = items.length() as i32;
    if n == 0 {
        return;
    }
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let current = (0..n).find(|&i| {
        items
            .item(i as u32)
            .zip(active.as_ref())
            .is_some_and(|(item, a)| item.is_same_node(Some(a)))
    });
    let next = match (absolute, current) {
        (true, _) => (step + n) % n,
        (false, Some(c)) => (c + step + n) % n,
        (false, None) => 0,
    };
    if let Some(el) = items
        .item(next as u32)
        .and_then(|i| i.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// The Examples button and its menu.
#[component]
pub fn ExamplesMenu() -> impl IntoView {
    let store = Store::get();
    let open = RwSignal::new(false);
    // Whether the menu has been opened: the examples are read from then on.
    let wanted = RwSignal::new(false);
    Effect::new(move |_| {
        if open.get() && !wanted.get_untracked() {
            wanted.set(true);
        }
    });
    let examples = LocalResource::new(move || {
        let wanted = wanted.get();
        async move {
            match wanted {
                true => Some(load_examples().await),
                false => None,
            }
        }
    });
    let button = NodeRef::<html::Button>::new();
    let menu = NodeRef::<html::Ul>::new();
    let root = NodeRef::<html::Div>::new();

    let close = move |refocus: bool| {
        open.set(false);
        if refocus {
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        }
    };
    // Focus the first item when the menu opens (and whenever its items arrive).
    Effect::new(move |_| {
        let is_open = open.get();
        let loaded = examples.with(|e| matches!(e, Some(Some(_))));
        if let (true, true, Some(menu)) = (is_open, loaded, menu.get()) {
            focus_item(&menu, 0, true);
        }
    });
    // A click anywhere else closes the menu.
    let _outside = fold_when_pressed_outside(root, open);
    let keys = move |ev: web_sys::KeyboardEvent| {
        let Some(menu) = menu.get_untracked() else { return };
        match ev.key().as_str() {
            "Escape" => close(true),
            "ArrowDown" => focus_item(&menu, 1, false),
            "ArrowUp" => focus_item(&menu, -1, false),
            "Home" => focus_item(&menu, 0, true),
            "End" => focus_item(&menu, -1, true),
            "Tab" => {
                close(false);
                return;
            }
            _ => return,
        }
        ev.prevent_default();
    };
    // An example opens ready to play; Design shows how it is made.
    let choose = move |file: String, title: String, text: String| {
        close(true);
        if open_text(store, &file, &text) {
            store.mode.set(Mode::Play);
            store.say(
                format!(
                    "Opened the example “{title}”, ready to play. Design shows how it is made; \
                     Undo brings back the game before."
                ),
                Tone::Info,
            );
        }
    };

    let items = move || match examples.get().flatten() {
        None => view! {
            <li role="none" class="examples-status">"Loading the example games…"</li>
        }
        .into_any(),
        Some(Err(message)) => view! {
            <li role="none" class="examples-status problem">{message}</li>
        }
        .into_any(),
        Some(Ok(list)) if list.is_empty() => view! {
            <li role="none" class="examples-status">"There are no example games yet."</li>
        }
        .into_any(),
        Some(Ok(list)) => list
            .into_iter()
            .map(|ex| {
                let testid = item_id(&ex.file);
                match ex.game {
                    Ok((title, text)) => {
                        let file = ex.file.clone();
                        let label = title.clone();
                        view! {
                            <li role="none">
                                <button role="menuitem" class="example-item" data-testid=testid
                                    data-file=ex.file
                                    on:click=move |_| choose(file.clone(), title.clone(), text.clone())>
                                    <span class="example-title">{label}</span>
                                </button>
                            </li>
                        }
                        .into_any()
                    }
                    Err(why) => view! {
                        <li role="none">
                            <button role="menuitem" class="example-item problem" disabled
                                data-testid=testid data-file=ex.file.clone()>
                                <span class="example-title">
                                    {format!("{} could not be opened. {why}", ex.file)}
                                </span>
                            </button>
                        </li>
                    }
                    .into_any(),
                }
            })
            .collect_view()
            .into_any(),
    };

    view! {
        <div class="examples-menu" node_ref=root>
            <button class="file-button" data-testid="examples" node_ref=button
                aria-haspopup="menu" aria-controls="examples-list"
                aria-expanded=move || open.get().to_string()
                title="Open one of the example games"
                on:click=move |_| open.update(|o| *o = !*o)
                on:keydown=move |ev| {
                    if ev.key() == "ArrowDown" {
                        ev.prevent_default();
                        open.set(true);
                    }
                }>
                {icon(Icon::Examples)}" Examples"
            </button>
            <ul id="examples-list" class="examples-list" role="menu" aria-label="Example games"
                data-testid="examples-menu" node_ref=menu hidden=move || !open.get()
                on:keydown=keys>
                {items}
            </ul>
        </div>
    }
}
