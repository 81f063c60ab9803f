//! The progress log: every step with the rule that approved it, grouped
//! by move, newest at the bottom.

use super::PlayState;
use leptos::html::Ol;
use leptos::prelude::*;
use tablecraft_app::playing::log::{log, Line};

/// The log panel.
#[component]
pub fn Log() -> impl IntoView {
    let state = expect_context::<PlayState>();
    let store = state.store;
    let moves = Memo::new(move |_| {
        store
            .session
            .with(|s| s.as_ref().map(|s| log(&s.position)).unwrap_or_default())
    });
    let list = NodeRef::<Ol>::new();
    Effect::new(move |_| {
        moves.track();
        if let Some(el) = list.get() {
            el.set_scroll_top(el.scroll_height());
        }
    });
    view! {
        <div class="panel play-log">
            <h2 id="log-heading">"What was played"</h2>
            // Focusable, so that the keyboard can scroll it (WCAG 2.1.1).
            <ol class="log" data-testid="log" aria-labelledby="log-heading" tabindex="0" node_ref=list>
                {move || {
                    let moves = moves.get();
                    if moves.is_empty() {
                        return view! { <li class="log-empty">"Nothing yet."</li> }.into_any();
                    }
                    moves.into_iter().map(|m| {
                        let class = format!("log-move player-{}", m.player);
                        view! {
                            <li class=class data-testid="log-move" data-player=m.player>
                                <span class="log-heading">{m.heading()}</span>
                                <ul class="log-lines">
                                    {m.lines.iter().map(|l| {
                                        let kind = match l {
                                            Line::Step(_) => "log-step",
                                            Line::EndMove => "log-end",
                                            Line::Pass => "log-pass",
                                        };
                                        view! { <li class=kind>{l.text().to_string()}</li> }
                                    }).collect_view()}
                                </ul>
                            </li>
                        }
                    }).collect_view().into_any()
                }}
            </ol>
        </div>
    }
}
