//! What is shown over the page: the problems of a file that could not be
//! opened (a modal dialog), the hint while a file is dragged over the page,
//! and the banners when work cannot be kept.

use super::download::save_game;
use super::icons::{icon, Icon};
use super::keep::{keep_mine, open_newer, KeepStatus, Keeping};
use super::open::open_file;
use crate::ui::store::Store;
use leptos::html;
use leptos::prelude::*;
use tablecraft_app::storage::FileKind;
use tablecraft_engine::{Location, Problem, Section};
use web_sys::js_sys;

/// Where a problem is, apart from its line: `step rule 'take', what`.
fn where_in_game(location: &Location) -> Option<String> {
    let mut rest = location.clone();
    rest.line = None;
    if rest.section == Section::File && rest.column.is_none() {
        return None;
    }
    if location.line.is_some() && rest.section == Section::File {
        // The column alone says little to a child.
        return None;
    }
    rest.column = None;
    Some(rest.to_string())
}

fn problem_item(problem: Problem) -> impl IntoView {
    let line = problem.location.line;
    let badge = line.map_or_else(|| "In the file".to_string(), |l| format!("Line {l}"));
    let place = where_in_game(&problem.location);
    view! {
        <li class="file-problem" data-testid="file-problem"
            data-line=line.map(|l| l.to_string())>
            <span class="problem-line">{badge}</span>
            <span class="problem-text">
                {place.map(|p| view! { <span class="problem-where">{p}": "</span> })}
                {problem.message}
            </span>
        </li>
    }
}

/// The problems of a file that could not be opened, the drop hint, and the
/// banners about keeping work.
#[component]
pub fn FileProblemsDialog() -> impl IntoView {
    let store = Store::get();
    let dialog = NodeRef::<html::Dialog>::new();

    Effect::new(move |_| {
        let shown = store.file_problems.with(|p| p.is_some());
        let Some(el) = dialog.get() else { return };
        if shown && !el.open() {
            let _ = el.show_modal();
        } else if !shown && el.open() {
            el.close();
        }
    });
    let content = move || {
        store.file_problems.get().map(|fp| {
            let count = fp.problems.len();
            let lead = if count == 1 {
                "It has 1 problem:".to_string()
            } else {
                format!("It has {count} problems:")
            };
            view! {
                <h2 id="file-problems-title">
                    {icon(Icon::Warning)}
                    {format!("“{}” could not be opened", fp.file)}
                </h2>
                <p class="file-problems-safe">
                    "Nothing was changed: your game is still here. "{lead}
                </p>
                <ol class="file-problems-list">
                    {fp.problems.into_iter().map(problem_item).collect_view()}
                </ol>
            }
        })
    };
    view! {
        <dialog class="file-problems" node_ref=dialog data-testid="file-problems"
            aria-labelledby="file-problems-title"
            on:close=move |_| store.file_problems.set(None)>
            {content}
            <form method="dialog" class="file-problems-actions">
                <button data-testid="file-problems-close" autofocus>
                    {icon(Icon::Ok)}" OK"
                </button>
            </form>
        </dialog>
        <DropHint/>
        <KeepingBanner/>
    }
}

/// Whether a drag carries files (not text or a link).
fn has_files(ev: &web_sys::DragEvent) -> bool {
    ev.data_transfer().is_some_and(|dt| {
        js_sys::Array::from(&dt.types())
            .iter()
            .any(|t| t.as_string().as_deref() == Some("Files"))
    })
}

/// Opens a file dropped anywhere on the page; shows a hint while one is over it.
#[component]
fn DropHint() -> impl IntoView {
    let store = Store::get();
    // dragenter and dragleave come in pairs for every element crossed.
    let depth = RwSignal::new(0i32);
    let _enter = window_event_listener(leptos::ev::dragenter, move |ev| {
        if has_files(&ev) {
            ev.prevent_default();
            depth.update(|d| *d += 1);
        }
    });
    let _over = window_event_listener(leptos::ev::dragover, move |ev| {
        if has_files(&ev) {
            ev.prevent_default();
            if let Some(dt) = ev.data_transfer() {
                dt.set_drop_effect("copy");
            }
            if depth.get_untracked() == 0 {
                depth.set(1);
            }
        }
    });
    let _leave = window_event_listener(leptos::ev::dragleave, move |ev| {
        if has_files(&ev) {
            depth.update(|d| *d = (*d - 1).max(0));
        }
    });
    let _drop = window_event_listener(leptos::ev::drop, move |ev| {
        depth.set(0);
        let Some(file) = ev
            .data_transfer()
            .and_then(|dt| dt.files())
            .and_then(|f| f.get(0))
        else {
            return;
        };
        ev.prevent_default();
        open_file(store, file);
    });
    view! {
        <div class="drop-hint" data-testid="drop-hint" hidden=move || depth.get() == 0
            aria-hidden="true">
            <div class="drop-hint-card">
                {icon(Icon::Drop)}
                <p>"Drop the game file to open it"</p>
            </div>
        </div>
    }
}

fn clock(ms: f64) -> String {
    let date = js_sys::Date::new(&ms.into());
    format!("{:02}:{:02}", date.get_hours(), date.get_minutes())
}

/// Says loudly when work cannot be kept, or when another tab has newer work.
#[component]
fn KeepingBanner() -> impl IntoView {
    let store = Store::get();
    let keeping = Keeping::get();
    move || match keeping.status.get() {
        KeepStatus::Fine => None,
        KeepStatus::Failed(why) => Some(
            view! {
                <div class="keep-banner problem" role="alert" data-testid="keep-failed">
                    {icon(Icon::Warning)}
                    <p>
                        <strong>"Your work is NOT kept in this browser."</strong>
                        " Its storage is full or turned off. Save your game as a file now, so \
                         nothing is lost."
                        <span class="keep-why">{format!(" ({why})")}</span>
                    </p>
                    <button data-testid="keep-failed-save"
                        on:click=move |_| save_game(store, FileKind::Xml)>
                        {icon(Icon::Save)}" Save as XML"
                    </button>
                </div>
            }
            .into_any(),
        ),
        KeepStatus::OtherTab { time, kept_here } => Some(
            view! {
                <div class="keep-banner" role="alert" data-testid="keep-conflict">
                    {icon(Icon::Tabs)}
                    <p>
                        <strong>{format!("This game was changed in another tab at {}.", clock(time))}</strong>
                        {if kept_here {
                            " Your changes here are kept separately until you choose."
                        } else {
                            " Which game do you want to keep working on?"
                        }}
                    </p>
                    <button data-testid="conflict-open-newer" on:click=move |_| open_newer(store)>
                        {icon(Icon::Open)}" Open the newer game"
                    </button>
                    <button data-testid="conflict-keep-mine" on:click=move |_| keep_mine(store)>
                        {icon(Icon::Ok)}" Keep this tab's game"
                    </button>
                </div>
            }
            .into_any(),
        ),
    }
}
