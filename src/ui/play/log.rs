//! The progress log: every step as the table shows it, grouped by move,
//! newest at the bottom; the rule that allowed it where the game has
//! several; "Names" shows the game's own names, for a designer.

use super::controls::player_token;
use super::PlayState;
use leptos::html::Ol;
use leptos::prelude::*;
use tablecraft_app::playing::log::{log, Line};
use tablecraft_app::playing::words::is_puzzle;

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
    let names = RwSignal::new(false);
    // The newest move is scrolled into sight with the next frame: asking
    // the list's height now would lay the whole page out before the frame
    // does (on a board of thousands of squares, a long pause).
    Effect::new(move |_| {
        moves.track();
        if let Some(el) = list.get() {
            request_animation_frame(move || el.set_scroll_top(el.scroll_height()));
        }
    });
    view! {
        <div class="panel play-log">
            <div class="log-top">
                <h2 id="log-heading">"What was played"</h2>
                <button class="log-names" data-testid="log-names" aria-pressed=move || names.get().to_string()
                    title="Show the game's own names and rules"
                    on:click=move |_| names.update(|n| *n = !*n)>"Names"</button>
            </div>
            // Focusable, so that the keyboard can scroll it (WCAG 2.1.1).
            <ol class="log" data-testid="log" aria-labelledby="log-heading" tabindex="0" node_ref=list>
                {move || {
                    let moves = moves.get();
                    if moves.is_empty() {
                        return view! { <li class="log-empty">"Nothing yet."</li> }.into_any();
                    }
                    let several = store.session.with_untracked(|s| {
                        s.as_ref().is_some_and(|s| !is_puzzle(s.position.rules()))
                    });
                    moves.into_iter().map(|m| {
                        let class = format!("log-move player-{}", m.player);
                        let token = several
                            .then(|| store.session.with_untracked(|s| {
                                s.as_ref().map(|s| player_token(&s.position, m.player, 22))
                            }))
                            .flatten();
                        view! {
                            <li class=class data-testid="log-move" data-player=m.player>
                                <span class="log-heading">{token}{m.heading()}</span>
                                <ul class="log-lines">
                                    {m.lines.iter().map(|l| {
                                        let kind = match l {
                                            Line::Step { .. } => "log-step",
                                            Line::EndMove => "log-end",
                                            Line::Pass => "log-pass",
                                            Line::Roll { .. } => "log-roll",
                                        };
                                        let rule = match l {
                                            Line::Step { rule: Some(r), .. } => Some(r.clone()),
                                            _ => None,
                                        };
                                        let (text, detail) = (l.text().to_string(), l.detail().to_string());
                                        view! {
                                            <li class=kind>
                                                {move || if names.get() {
                                                    view! { <span class="log-detail">{detail.clone()}</span> }.into_any()
                                                } else {
                                                    view! {
                                                        <span>{text.clone()}</span>
                                                        {rule.clone().map(|r| view! {
                                                            <span class="log-rule">{format!(" · “{r}”")}</span>
                                                        })}
                                                    }.into_any()
                                                }}
                                            </li>
                                        }
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
