//! "Which one?": when a dropped figure can end in several ways (a
//! promotion), a small chooser next to the place shows each outcome as the
//! figure it becomes, in words. Buttons, so Tab and Enter reach them; Esc
//! or "Put it back" cancels and the figure springs back.

use super::board::spring_back_from;
use super::computer::now;
use super::PlayState;
use crate::ui::figures::FigureShape;
use crate::ui::store::Tone;
use leptos::prelude::*;
use tablecraft_app::playing::choice::{play_outcome, Outcome};
use tablecraft_app::table::geometry::{Point, Rect};
use tablecraft_app::table::scene::FigureView;
use wasm_bindgen::JsCast;

/// A drop waiting for the child to choose its outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct Choosing {
    pub figure: String,
    /// The figure as drawn, to draw each outcome from.
    pub view: Option<FigureView>,
    pub outcomes: Vec<Outcome>,
    /// Where the figure was dropped, in CSS pixels on the screen, if by a pointer.
    pub at: Option<Point>,
    /// How far it was dragged, in table units, to spring back from.
    pub offset: Option<Point>,
}

/// Cancels the choice: the figure goes back where it lies.
pub fn cancel(state: PlayState) -> bool {
    let Some(choosing) = state.choosing.get_untracked() else {
        return false;
    };
    state.choosing.set(None);
    state.put_down();
    if let (Some(view), Some(offset)) = (choosing.view, choosing.offset) {
        spring_back_from(state, view, offset, now());
    }
    state
        .store
        .say("Nothing was played: the figure went back.", Tone::Info);
    true
}

fn choose(state: PlayState, outcome: &Outcome) {
    state.choosing.set(None);
    let Some(mut pos) = state.with_position(Clone::clone) else {
        return;
    };
    match play_outcome(&mut pos, outcome.step) {
        Ok(said) => {
            state.put_down();
            state.intro_closed.set(true);
            state.update_position(|p| *p = pos);
            state.store.say(said, Tone::Info);
        }
        Err(why) => {
            state.put_down();
            state.store.say_with_detail(why.text, Tone::Problem, why.detail);
        }
    }
}

/// The chooser, shown while a drop waits for its outcome.
#[component]
pub fn Chooser() -> impl IntoView {
    let state = expect_context::<PlayState>();
    // The first outcome takes the keyboard's attention.
    Effect::new(move |_| {
        if state.choosing.with(Option::is_some) {
            request_animation_frame(|| {
                let first = document()
                    .query_selector("[data-testid=choice-0]")
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
                if let Some(b) = first {
                    let _ = b.focus();
                }
            });
        }
    });
    move || {
        let choosing = state.choosing.get()?;
        // Next to the drop, kept on the screen; in the middle for a key drop.
        let style = match choosing.at {
            Some(at) => {
                let (w, h) = window_size();
                let x = at.x.clamp(130.0, (w - 130.0).max(130.0));
                let y = if at.y + 200.0 > h {
                    (at.y - 200.0).max(8.0)
                } else {
                    at.y + 24.0
                };
                format!("left: {x}px; top: {y}px;")
            }
            None => "left: 50%; top: 30%;".to_string(),
        };
        let buttons = choosing
            .outcomes
            .iter()
            .enumerate()
            .map(|(i, outcome)| {
                let picture = choosing.view.clone().map(|mut v| {
                    v.kind = outcome.kind.clone();
                    v.rect = Rect {
                        x: 2.0,
                        y: 2.0,
                        width: 40.0,
                        height: 40.0,
                    };
                    v.marks = Default::default();
                    view! {
                        <svg class="chooser-figure" viewBox="0 0 44 44" width="44" height="44" aria-hidden="true">
                            <FigureShape figure=v faded=false picture=true/>
                        </svg>
                    }
                });
                let outcome = outcome.clone();
                let testid = format!("choice-{i}");
                let words = outcome.words.clone();
                view! {
                    <button class="choice" data-testid=testid on:click=move |_| choose(state, &outcome)>
                        {picture}
                        <span>{words}</span>
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <div class="chooser" role="dialog" aria-label="Which one?" data-testid="chooser" style=style>
                <p class="chooser-title">"Which one?"</p>
                <div class="choices">{buttons}</div>
                <button class="choice-cancel" data-testid="choice-cancel" on:click=move |_| {
                    cancel(state);
                }>"Put it back"</button>
            </div>
        })
    }
}

fn window_size() -> (f64, f64) {
    let w = window();
    let read = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64()).unwrap_or(800.0);
    (read(w.inner_width()), read(w.inner_height()))
}
