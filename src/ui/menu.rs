//! What every drop-down menu of the page does: a press anywhere outside it
//! folds it.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Folds the menu in `root` (sets `open` to false) when the pointer goes
/// down anywhere outside it. Remove the handle when the menu goes away.
pub fn fold_when_pressed_outside(root: NodeRef<html::Div>, open: RwSignal<bool>) -> WindowListenerHandle {
    window_event_listener(leptos::ev::pointerdown, move |ev| {
        if !open.get_untracked() {
            return;
        }
        let inside = root.get_untracked().zip(ev.target()).is_some_and(|(root, t)| {
            t.dyn_into::<web_sys::Node>()
                .is_ok_and(|n| root.contains(Some(&n)))
        });
        if !inside {
            open.set(false);
        }
    })
}
