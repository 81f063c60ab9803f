//! The web page: Leptos components over the engine (wasm32 only).
//!
//! [`App`] holds the top bar and the screen of the current mode. State is in
//! [`store::Store`]; the table is drawn by [`table::Table`] from a
//! [`tablecraft_app::table::scene::Scene`]. Each mode has its own module.

mod address;
mod bench;
mod confirm;
mod design;
mod examples;
mod fetch;
mod figures;
mod files;
mod keys;
mod menu;
mod notices;
mod play;
mod rules;
mod share;
mod store;
mod table;
mod topbar;
mod worker_client;

use leptos::prelude::*;
use store::{Mode, Store};
use tablecraft_app::address::Fragment;

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let kept = files::restore();
    let store = Store::provide(kept.game());
    confirm::Confirm::provide();
    rules::provide_teaching();
    files::keep_in_browser(store, kept);
    files::ask_before_leaving(store);
    share::provide_sharing(store);
    let fragment = address::fragment();
    let bench = fragment == Fragment::Bench;
    match fragment {
        Fragment::Shared(game) => share::open_shared(store, game),
        Fragment::Example(name) => examples::open_from_address(store, name),
        Fragment::Bench | Fragment::Nothing => {}
    }
    let keys_open = RwSignal::new(false);
    provide_context(keys::KeysOpen(keys_open));
    keys::shortcuts(store, keys_open);
    let _keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let command = ev.ctrl_key() || ev.meta_key();
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if !command || typing {
            return;
        }
        match ev.key().as_str() {
            "z" | "Z" if ev.shift_key() => store.redo(),
            "z" | "Z" => store.undo(),
            "y" | "Y" => store.redo(),
            _ => return,
        }
        ev.prevent_default();
    });
    view! {
        <div class="app" data-testid="app">
            <topbar::TopBar/>
            <notices::Notices/>
            <share::SharedBanner/>
            <bench::BenchPanel shown=bench/>
            <main class="mode-screen" id=topbar::MAIN_ID tabindex="-1">
                {move || match store.mode.get() {
                    Mode::Design => view! { <design::DesignMode/> }.into_any(),
                    Mode::Rules => view! { <rules::RulesMode/> }.into_any(),
                    Mode::Play => view! { <play::PlayMode/> }.into_any(),
                }}
            </main>
            <files::FileProblemsDialog/>
            <confirm::ConfirmDialog/>
        </div>
    }
}
