//! The page's address (`window.location`): reading it and taking its
//! fragment off. What a fragment means, and every fragment the app makes,
//! is [`tablecraft_app::address`].

use tablecraft_app::address::{self, Fragment};
use wasm_bindgen::JsValue;

/// The page's whole address.
fn href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// What the address's fragment asks for now.
pub fn fragment() -> Fragment {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Fragment::read(&hash)
}

/// The page's address without its fragment.
pub fn without_fragment() -> String {
    address::without_fragment(&href()).to_string()
}

/// The folder the page was loaded from, where Trunk put the other files.
pub fn folder() -> String {
    address::folder(&href()).to_string()
}

/// Takes the fragment off the address (without reloading or adding to the
/// browser's history).
pub fn clear_fragment() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&without_fragment()));
    }
}
