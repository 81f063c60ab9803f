//! Design mode: the box on the left, the table in the middle, the
//! properties of the selection and the design's problems on the right.
//!
//! What a tap or a drag means is decided by [`tablecraft_app::editor::gesture`];
//! every change is one undoable [`Edit`] through [`Store::edit`].

mod canvas;
mod dots;
mod fields;
mod keys;
mod palette;
mod pictures;
mod problems;
mod properties;

use super::store::{Store, Tone};
use leptos::prelude::*;
use tablecraft_app::editor::gesture::{BoxDrag, TableDrag};
use tablecraft_app::editor::toolbox::BoxItem;
use tablecraft_app::editor::{Edit, Selection};
use tablecraft_app::table::geometry::Point;
use wasm_bindgen::JsCast;

/// How far right and down a copy lands from its original.
const COPY_OFFSET: i32 = 30;

/// The designer's own state, beside the store: `Copy` handles.
#[derive(Clone, Copy)]
pub(super) struct Designer {
    /// A press or drag on the table.
    drag: RwSignal<TableDrag>,
    /// A press or drag that started on an item of the box.
    box_drag: RwSignal<Option<BoxDrag>>,
    /// Where the pointer is on the screen while dragging from the box.
    pointer: RwSignal<Point>,
    /// The item chosen by a tap, to be put where the table is tapped next.
    chosen: RwSignal<Option<BoxItem>>,
    /// The type written for an *other…* figure.
    other_type: RwSignal<String>,
}

impl Designer {
    fn new() -> Self {
        Designer {
            drag: RwSignal::new(TableDrag::new()),
            box_drag: RwSignal::new(None),
            pointer: RwSignal::new(Point::default()),
            chosen: RwSignal::new(None),
            other_type: RwSignal::new(String::new()),
        }
    }

    /// Stops every drag and forgets the chosen item; whether there was any.
    fn cancel(&self) -> bool {
        let mut any = self.drag.with_untracked(TableDrag::is_active);
        if any {
            self.drag.update(TableDrag::cancel);
        }
        if self.box_drag.with_untracked(Option::is_some) {
            self.box_drag.set(None);
            any = true;
        }
        if self.chosen.with_untracked(Option::is_some) {
            self.chosen.set(None);
            any = true;
        }
        any
    }

    /// Makes the edit of a box item (dropped, tapped or chosen by keyboard)
    /// and selects what it made; a refusal shows its hint.
    fn add(&self, store: Store, edit: Result<Edit, String>) {
        match edit {
            Ok(edit) => {
                if let Some(names) = store.edit(edit) {
                    let said = match names.as_slice() {
                        [one] => format!("Added {one}. You can rename it on the right."),
                        _ => "Added.".to_string(),
                    };
                    store.selection.set(Selection::of(names));
                    store.say(said, Tone::Info);
                } else {
                    // Nothing was added: what was chosen before is not what
                    // the child is busy with now.
                    store.selection.set(Selection::new());
                }
            }
            Err(hint) => {
                store.selection.set(Selection::new());
                store.say(hint, Tone::Problem);
            }
        }
    }
}

/// Deletes the selection as one undoable action.
fn delete_selection(store: Store) {
    let names = store.selection.with_untracked(|s| s.names().to_vec());
    if names.is_empty() {
        return;
    }
    let count = names.len();
    if store.edit(Edit::Delete { names }).is_some() {
        let what = if count == 1 { "it" } else { "them" };
        store.say(format!("Deleted. Press Undo to bring {what} back."), Tone::Info);
    }
}

/// Copies the selection as one undoable action and selects the copies.
fn duplicate_selection(store: Store) {
    let names = store.selection.with_untracked(|s| s.names().to_vec());
    if names.is_empty() {
        return;
    }
    let edit = Edit::Duplicate {
        names,
        dx: COPY_OFFSET,
        dy: COPY_OFFSET,
    };
    if let Some(copies) = store.edit(edit) {
        store.selection.set(Selection::of(copies));
    }
}

/// Whether a key event comes from a text field (keys then belong to it).
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// The design screen.
#[component]
pub fn DesignMode() -> impl IntoView {
    let store = Store::get();
    let designer = Designer::new();
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        match ev.key().as_str() {
            "Escape" => {
                let cancelled = designer.cancel();
                if !cancelled && !typing(&ev) {
                    store.selection.set(Selection::new());
                }
            }
            "Delete" | "Backspace" if !typing(&ev) => {
                ev.prevent_default();
                delete_selection(store);
            }
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <section class="design-mode" data-testid="design-mode">
            <palette::ToyBox designer/>
            <canvas::DesignTable designer/>
            <aside class="design-panel panel" aria-label="Properties and problems" data-testid="design-panel">
                <properties::Properties/>
                <problems::ProblemList/>
            </aside>
            <palette::Ghost designer/>
        </section>
    }
}
