//! The dots and lines of a selected board of dots: a button that adds a
//! dot, two lists that join two dots without dragging (for the keyboard and
//! for anyone who finds the drag hard), the list of lines (each can be
//! taken away) and of dots (each can be taken away). Dots are moved on the
//! table by dragging.

use crate::ui::store::{Store, Tone};
use leptos::prelude::*;
use tablecraft_app::editor::edit::{free_spot, DotChange};
use tablecraft_app::editor::Edit;

fn change(store: Store, board: &str, change: DotChange) -> bool {
    let edit = Edit::Dots {
        board: board.to_string(),
        change,
    };
    store.edit(edit).is_some()
}

/// The dots and lines of the board of dots `board`.
#[component]
pub fn DotsFields(board: String) -> impl IntoView {
    let store = Store::get();
    let b = board.clone();
    let eq = Memo::new(move |_| store.with_game(|g| g.equipment.iter().find(|e| e.name == b).cloned()));
    let b = board.clone();
    let add = move |_| {
        let Some(e) = eq.get_untracked() else { return };
        let (x, y) = free_spot(&e);
        if change(store, &b, DotChange::Add { x, y }) {
            store.say(
                "A new dot is on the board: drag it where it should go.",
                Tone::Info,
            );
        }
    };
    let b = board.clone();
    let lines = move || {
        let lines = eq.with(|e| e.as_ref().map(|e| e.lines.clone()).unwrap_or_default());
        let b = b.clone();
        lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| {
                let (b, words) = (b.clone(), line.join(" – "));
                let aria = format!("Take away the line {words}");
                view! {
                    <li class="dots-line">
                        <span>{words}</span>
                        <button class="small remove" data-testid=format!("line-{}-remove", i + 1) aria-label=aria
                            on:click=move |_| { change(store, &b, DotChange::RemoveLine(i + 1)); }>
                            "✕"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    let b = board.clone();
    let dots = move || {
        let names: Vec<String> = eq.with(|e| {
            e.as_ref()
                .map(|e| e.all_points().iter().map(|p| p.to_string()).collect())
                .unwrap_or_default()
        });
        let b = b.clone();
        names
            .into_iter()
            .map(|dot| {
                let (b, d) = (b.clone(), dot.clone());
                let aria = format!("Take away the dot {dot}");
                view! {
                    <li class="dots-dot">
                        <span>{dot.clone()}</span>
                        <button class="small remove" data-testid=format!("dot-{dot}-remove") aria-label=aria
                            on:click=move |_| { change(store, &b, DotChange::Remove { dot: d.clone() }); }>
                            "✕"
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    let count = move || eq.with(|e| e.as_ref().map_or(0, |e| e.all_points().len()));
    let names = Memo::new(move |_| {
        eq.with(|e| {
            e.as_ref()
                .map(|e| e.all_points().iter().map(|p| p.to_string()).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    view! {
        <fieldset class="dots">
            <legend>"Dots and lines"</legend>
            <p class="panel-hint">"Drag from a dot to another dot to join them. Drag a dot to an empty spot to move it."</p>
            <button class="small" data-testid="dot-add" on:click=add>"Add a dot"</button>
            <JoinDots board=board.clone() names=names/>
            <details>
                <summary data-testid="dots-lines">{move || format!("Lines ({})", eq.with(|e| e.as_ref().map_or(0, |e| e.lines.len())))}</summary>
                <ul class="dots-list">{lines}</ul>
            </details>
            <details>
                <summary data-testid="dots-dots">{move || format!("Dots ({})", count())}</summary>
                <ul class="dots-list">{dots}</ul>
            </details>
        </fieldset>
    }
}

/// Two lists of the dots and a Join button: joins them as a drag from one
/// to the other does.
#[component]
fn JoinDots(board: String, names: Memo<Vec<String>>) -> impl IntoView {
    let store = Store::get();
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(String::new());
    let chosen = move |which: RwSignal<String>, other: RwSignal<String>, nth: usize| {
        let names = names.get();
        let now = which.get();
        if names.contains(&now) {
            return now;
        }
        // A dot that is still there, different from the other list's.
        let taken = other.get_untracked();
        names
            .iter()
            .filter(|n| **n != taken)
            .nth(nth.min(names.len().saturating_sub(1)))
            .or(names.first())
            .cloned()
            .unwrap_or_default()
    };
    let a = Memo::new(move |_| chosen(first, second, 0));
    let b = Memo::new(move |_| chosen(second, first, 1));
    let list = move |testid: &'static str,
                     label: &'static str,
                     which: RwSignal<String>,
                     shown: Memo<String>| {
        let id = format!("field-{testid}");
        view! {
            <label for=id.clone()>{label}</label>
            <select id=id data-testid=testid on:change=move |ev| which.set(event_target_value(&ev))>
                {move || names.get().into_iter().map(|dot| {
                    let (current, text) = (dot.clone(), dot.clone());
                    view! { <option value=dot prop:selected=move || shown.with(|s| *s == current)>{text}</option> }
                }).collect_view()}
            </select>
        }
    };
    let join = move |_| {
        let (from, to) = (a.get_untracked(), b.get_untracked());
        if change(
            store,
            &board,
            DotChange::Join {
                a: from.clone(),
                b: to.clone(),
            },
        ) {
            store.say(format!("Dots {from} and {to} are joined."), Tone::Info);
        }
    };
    view! {
        <div class="dots-join" role="group" aria-label="Join two dots">
            {list("dot-join-from", "Join dot", first, a)}
            {list("dot-join-to", "to dot", second, b)}
            <button class="small" data-testid="dot-join" on:click=join>"Join"</button>
        </div>
    }
}
