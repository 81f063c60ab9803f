//! Shortcuts that work anywhere on the page, and the Keys card that lists
//! every key (a button in the top bar).
//!
//! Alt+1/2/3 switch modes; in Play, Alt+E ends the move, Alt+B takes back
//! a step (with Shift, the whole move) and Alt+P passes. A shortcut presses
//! the button on the screen, so it does exactly what that button does, and
//! says why when the button is not there.

use super::store::{Mode, Store, Tone};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Whether the Keys card is open (a context, for the top bar's button).
#[derive(Clone, Copy)]
pub struct KeysOpen(pub RwSignal<bool>);

/// The shortcuts and what they do, as shown on the Keys card.
const KEYS: &[(&str, &str)] = &[
    ("Tab", "go to the table, the buttons and the fields"),
    ("← →", "on the table: the thing before / after"),
    ("↑ ↓", "on the table: the thing above / below"),
    ("Space", "pick up a figure (or choose a thing)"),
    ("Arrows", "while holding a figure: choose a place"),
    ("Enter or Space", "put the figure there"),
    ("Esc", "put it back"),
    ("Alt+E", "End move (Play)"),
    ("Alt+B", "Take back a step (Play); with Shift: the whole move"),
    ("Alt+P", "Pass (Play)"),
    ("Alt+1, Alt+2, Alt+3", "Design, Rules, Play"),
    ("Ctrl+Z, Ctrl+Y", "Undo, Redo"),
    ("Alt+K", "show or hide this card"),
];

/// Presses the button with `data-testid` `id`; whether it was there and
/// could be pressed.
fn press(id: &str) -> bool {
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("[data-testid='{id}']")).ok().flatten())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return false;
    };
    if el.has_attribute("disabled") {
        return false;
    }
    el.click();
    true
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Design => "Design",
        Mode::Rules => "Rules",
        Mode::Play => "Play",
    }
}

/// Listens for the page's shortcuts; `open` shows or hides the Keys card.
pub fn shortcuts(store: Store, open: RwSignal<bool>) {
    let listener = window_event_listener(leptos::ev::keydown, move |ev| {
        if !ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        // By the key's place, so that Alt+E works where Alt types a letter.
        let code = ev.code();
        let play = store.mode.get_untracked() == Mode::Play;
        let play_button = |id: &str, what: &str| {
            if !play {
                store.say(format!("{what} is for Play: press Alt+3 first."), Tone::Problem);
            } else if !press(id) {
                store.say(format!("You can't {} now.", what.to_lowercase()), Tone::Problem);
            }
        };
        match code.as_str() {
            "Digit1" | "Digit2" | "Digit3" => {
                let mode = match code.as_str() {
                    "Digit1" => Mode::Design,
                    "Digit2" => Mode::Rules,
                    _ => Mode::Play,
                };
                store.mode.set(mode);
                store.say(format!("{} mode.", mode_name(mode)), Tone::Info);
            }
            "KeyE" => play_button("end-move", "End the move"),
            "KeyB" if ev.shift_key() => play_button("take-back-move", "Take back the move"),
            "KeyB" => play_button("take-back", "Take back"),
            "KeyP" => play_button("pass", "Pass"),
            "KeyK" => open.update(|o| *o = !*o),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || listener.remove());
}

/// The Keys button and the card it opens.
#[component]
pub fn KeysHelp() -> impl IntoView {
    let open = use_context::<KeysOpen>().map_or_else(|| RwSignal::new(false), |k| k.0);
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && open.get_untracked() {
            open.set(false);
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <div class="keys-help">
            <button data-testid="keys-help" aria-expanded=move || open.get().to_string()
                aria-controls="keys-card" title="Keys (Alt+K)"
                on:click=move |_| open.update(|o| *o = !*o)>
                <span aria-hidden="true">"⌨ "</span>"Keys"
            </button>
            <Show when=move || open.get()>
                <div class="keys-card" id="keys-card" role="dialog" aria-label="Keys" data-testid="keys-card">
                    <h2>"Keys"</h2>
                    <table>
                        <tbody>
                            {KEYS.iter().map(|(k, what)| view! {
                                <tr><th scope="row"><kbd>{*k}</kbd></th><td>{*what}</td></tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    <button data-testid="keys-close" on:click=move |_| open.set(false)>"Close"</button>
                </div>
            </Show>
        </div>
    }
}
