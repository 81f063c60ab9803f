//! The box: every kind of equipment, figure and trigger as a picture with
//! its name. Drag one onto the table, or tap it and then tap the table; with
//! the keyboard, Enter puts it on a free spot (a figure onto the selected place).

use super::pictures::picture;
use super::Designer;
use crate::ui::store::Store;
use crate::ui::table::client_to_table;
use leptos::prelude::*;
use tablecraft_app::editor::gesture::{BoxDecision, BoxDrag};
use tablecraft_app::editor::toolbox::{sections, BoxItem};
use tablecraft_app::table::geometry::Point;
use wasm_bindgen::JsCast;

fn client(ev: &web_sys::PointerEvent) -> Point {
    Point::new(f64::from(ev.client_x()), f64::from(ev.client_y()))
}

fn item_view(store: Store, designer: Designer, item: BoxItem) -> impl IntoView {
    let chosen = move || designer.chosen.get() == Some(item);
    let on_down = move |ev: web_sys::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        ev.prevent_default();
        if let Some(el) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
        designer.drag.update(|d| d.cancel());
        designer.pointer.set(client(&ev));
        designer
            .box_drag
            .set(Some(BoxDrag::start(item, ev.pointer_id(), client(&ev))));
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        if designer.box_drag.with_untracked(Option::is_none) {
            return;
        }
        let at = client(&ev);
        designer.pointer.set(at);
        let over = client_to_table(at.x, at.y);
        designer.box_drag.update(|b| {
            if let Some(b) = b {
                b.moved(ev.pointer_id(), at, over);
            }
        });
    };
    let on_up = move |ev: web_sys::PointerEvent| {
        let Some(drag) = designer.box_drag.get_untracked() else {
            return;
        };
        designer.box_drag.set(None);
        let at = client(&ev);
        match drag.up(ev.pointer_id(), at, client_to_table(at.x, at.y)) {
            BoxDecision::Nothing => {}
            BoxDecision::Choose(item) => {
                let again = designer.chosen.get_untracked() == Some(item);
                designer.chosen.set((!again).then_some(item));
            }
            BoxDecision::Drop { item, at } => {
                designer.chosen.set(None);
                let game = store.game_untracked();
                let other = designer.other_type.get_untracked();
                let geometry = tablecraft_app::table::geometry::Geometry::new(&game);
                designer.add(store, item.drop_edit(at, &geometry, &other));
            }
        }
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if !matches!(ev.key().as_str(), "Enter" | " ") {
            return;
        }
        ev.prevent_default();
        let game = store.game_untracked();
        let selection = store.selection.get_untracked();
        let other = designer.other_type.get_untracked();
        designer.add(store, item.keyboard_edit(&game, &selection, &other));
    };
    // The name is the visible word, then what it is when that says more
    // (axe: the visible text is part of the name); how to use it is the
    // description shared by every item.
    let more = (item.description() != item.label()).then(|| format!(" ({})", item.description()));
    let other = (item == BoxItem::OtherFigure).then(|| {
        view! {
            <input class="other-type" type="text" data-testid="box-other-type"
                aria-label="The type of the other figure" placeholder="type, e.g. coin"
                maxlength="30"
                prop:value=move || designer.other_type.get()
                on:input=move |ev| designer.other_type.set(event_target_value(&ev))/>
        }
    });
    view! {
        <li class="box-slot">
            <button class="box-item" class:chosen=chosen data-testid=item.id() aria-describedby="box-how"
                title=item.description() aria-pressed=move || chosen().to_string()
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up
                on:pointercancel=move |_| designer.box_drag.set(None)
                on:keydown=on_key>
                <svg class="box-picture" viewBox="0 0 60 60" aria-hidden="true">{picture(item)}</svg>
                <span class="box-label">{item.label()}</span>
                {more.map(|m| view! { <span class="visually-hidden">{m}</span> })}
            </button>
            {other}
        </li>
    }
}

/// The box on the left of the designer.
#[component]
pub fn ToyBox(designer: Designer) -> impl IntoView {
    let store = Store::get();
    view! {
        <aside class="toybox panel" aria-label="The box" data-testid="toybox">
            <p id="box-how" class="visually-hidden">
                "Drag it onto the table, or tap it and then tap the table; with the keyboard, Enter puts it on the table."
            </p>
            {sections()
                .into_iter()
                .map(|s| {
                    let id = format!("box-{}", s.title.to_lowercase());
                    view! {
                        <h2 id=id.clone()>{s.title}</h2>
                        <ul class="box-items" aria-labelledby=id>
                            {s.items.into_iter().map(|i| item_view(store, designer, i)).collect_view()}
                        </ul>
                    }
                })
                .collect_view()}
        </aside>
    }
}

/// The picture that follows the pointer while something is dragged from the box.
#[component]
pub fn Ghost(designer: Designer) -> impl IntoView {
    let dragging = move || {
        designer
            .box_drag
            .with(|b| b.filter(BoxDrag::is_dragging).map(|b| b.item()))
    };
    move || {
        dragging().map(|item| {
            let style = move || {
                let p = designer.pointer.get();
                format!("left: {}px; top: {}px;", p.x, p.y)
            };
            view! {
                <div class="box-ghost" style=style aria-hidden="true" data-testid="box-ghost">
                    <svg viewBox="0 0 60 60">{picture(item)}</svg>
                </div>
            }
        })
    }
}
