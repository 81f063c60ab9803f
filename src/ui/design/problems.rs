//! The design's problems as a list: each says where and what; clicking one
//! chooses (and shows) the element it is about. Problems never block work.

use crate::ui::store::{Store, Tone};
use leptos::prelude::*;
use tablecraft_app::editor::problem_marks::{element_of, where_is};
use tablecraft_app::editor::Selection;
use tablecraft_engine::Problem;

/// The most problems listed; the count in the top bar has them all.
const MAX_LISTED: usize = 50;

fn show(store: Store, problem: &Problem) {
    let target = store.with_game(|g| element_of(g, problem));
    match target {
        Some(name) => {
            store.selection.set(Selection::of([name.clone()]));
            let found = web_sys::window().and_then(|w| w.document()).and_then(|d| {
                ["place", "figure", "trigger"].iter().find_map(|kind| {
                    d.query_selector(&format!("[data-testid=\"{kind}-{name}\"]"))
                        .ok()
                        .flatten()
                })
            });
            if let Some(el) = found {
                el.scroll_into_view_with_bool(false);
            }
        }
        None => store.say(
            format!("This problem is in {}: open Rules to fix it.", where_is(problem)),
            Tone::Info,
        ),
    }
}

/// The list of problems at the bottom of the panel.
#[component]
pub fn ProblemList() -> impl IntoView {
    let store = Store::get();
    let problems = Memo::new(move |_| {
        store.compiled.with(|c| {
            c.result
                .as_ref()
                .err()
                .map(|p| p.iter().take(MAX_LISTED).cloned().collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    move || {
        let list = problems.get();
        (!list.is_empty()).then(|| {
            let total = store
                .compiled
                .with_untracked(|c| c.result.as_ref().err().map_or(0, |p| p.len()));
            let heading = if total == 1 {
                "1 problem".to_string()
            } else {
                format!("{total} problems")
            };
            view! {
                <section class="problem-list" data-testid="problem-list" aria-labelledby="problems-heading">
                    <h2 id="problems-heading">{heading}</h2>
                    <p class="panel-hint">"You can go on working: fix them when you are ready."</p>
                    <ul>
                        {list.into_iter().map(|p| {
                            let place = where_is(&p);
                            let message = p.message.clone();
                            view! {
                                <li>
                                    <button class="problem-item" data-testid="problem"
                                        on:click=move |_| show(store, &p)>
                                        <span class="problem-where">{place}</span>
                                        <span class="problem-message">{message}</span>
                                    </button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                </section>
            }
        })
    }
}
