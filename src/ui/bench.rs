//! The engine's speed, measured in the page's Web Worker: open the page
//! with `#bench` in the address and press Run. The same figures as
//! `cargo bench --bench search` natively (`engine::search::bench`): the
//! yardstick games' rule files are fetched from `games/` and sent to the
//! worker, which plays them beside their hand-written twins.

use crate::ui::fetch::fetch_text;
use crate::ui::store::Store;
use leptos::prelude::*;
use leptos::task::spawn_local;
use tablecraft_app::catalog::game_url;
use tablecraft_app::worker_protocol::{Level, Reply, Request, Task};
use tablecraft_engine::model::Game;
use tablecraft_engine::record::Record;
use tablecraft_engine::search::bench::yardstick::{Row, Yardstick};
use tablecraft_engine::search::bench::{rate, Figures, Solved, NIM_GOAL_MS};

/// How long each playout figure is measured, in milliseconds.
const MEASURE_MS: f64 = 1000.0;

#[derive(Debug, Clone, PartialEq)]
enum Run {
    Idle,
    Running,
    Done(Figures),
    Failed(String),
}

fn run(store: Store, state: RwSignal<Run>) {
    state.set(Run::Running);
    spawn_local(async move {
        let mut files = Vec::new();
        for name in Yardstick::ALL.iter().filter_map(|y| y.file()) {
            // A file that cannot be fetched is reported by the worker as not given.
            if let Ok(text) = fetch_text(&game_url(name)).await {
                files.push((name.to_string(), text));
            }
        }
        ask(store, state, files);
    });
}

fn ask(store: Store, state: RwSignal<Run>, files: Vec<(String, String)>) {
    let request = Request {
        id: 1 << 50,
        game: Game::default(),
        record: Record::default(),
        task: Task::Bench,
        level: Level::Master,
        time_ms: MEASURE_MS,
        files,
        asked_at: None,
    };
    store.worker().ask(
        &request,
        |_| {},
        move |reply| {
            state.try_set(match reply {
                Reply::Bench { figures, .. } => Run::Done(figures),
                Reply::Failed { message, .. } => Run::Failed(message),
                other => Run::Failed(format!("Unexpected answer: {other:?}")),
            });
        },
    );
}

fn row(label: &'static str, id: &'static str, value: f64, text: String) -> impl IntoView {
    view! {
        <tr>
            <th scope="row">{label}</th>
            <td data-testid=id data-value=value.to_string()>{text}</td>
        </tr>
    }
}

fn nim(n: &Solved) -> impl IntoView {
    let met = if n.ms < NIM_GOAL_MS { "reached" } else { "not yet" };
    view! {
        <tr>
            <th scope="row">{format!("{} full solve: time", n.game)}</th>
            <td data-testid="bench-nim-ms" data-value=n.ms.to_string()>
                {format!("{:.1} ms (goal: under {NIM_GOAL_MS} ms, {met})", n.ms)}
            </td>
        </tr>
    }
}

fn yardstick(r: &Row) -> impl IntoView {
    view! {
        <tr data-testid="bench-yardstick" data-game=r.game.clone() data-ratio=r.ratio().to_string()>
            <th scope="row">{r.game.clone()}</th>
            <td data-value=r.engine_per_s.to_string()>{rate(r.engine_per_s)}</td>
            <td data-value=r.hand_per_s.to_string()>{rate(r.hand_per_s)}</td>
            <td>{format!("1 : {:.1}", r.ratio())}</td>
            <td>{format!("1 : {}{}", r.goal, if r.meets_goal() { ", reached" } else { ", not yet" })}</td>
        </tr>
    }
}

/// The speed test, shown only with `#bench` in the address (`shown`).
#[component]
pub fn BenchPanel(shown: bool) -> impl IntoView {
    let store = Store::get();
    let state = RwSignal::new(Run::Idle);
    let figures = move || {
        match state.get() {
        Run::Idle => view! { <p>"Press Run: it takes about ten seconds."</p> }.into_any(),
        Run::Running => view! { <p data-testid="bench-running">"Measuring…"</p> }.into_any(),
        Run::Failed(why) => view! { <p class="problem" data-testid="bench-failed">{why}</p> }.into_any(),
        Run::Done(f) => view! {
            <table class="bench-figures" data-testid="bench-figures">
                <tbody>
                    {row("Tic-Tac-Toe full solve: positions", "bench-solve-positions",
                        f.solve_positions as f64, f.solve_positions.to_string())}
                    {row("Tic-Tac-Toe full solve: time", "bench-solve-ms",
                        f.solve_ms, format!("{:.1} ms", f.solve_ms))}
                    {row("Tic-Tac-Toe full solve: the first time", "bench-solve-first-ms",
                        f.solve_first_ms, format!("{:.1} ms", f.solve_first_ms))}
                    {row("Tic-Tac-Toe full solve: speed", "bench-solve-rate",
                        f.solve_per_s, rate(f.solve_per_s))}
                    {f.nims.iter().map(nim).collect_view()}
                    {row("Dama-lite random playouts (engine)", "bench-dama-playouts",
                        f.dama_lite_playouts_per_s, rate(f.dama_lite_playouts_per_s))}
                    {row("The solve found the draw", "bench-draw",
                        if f.solve_draw { 1.0 } else { 0.0 }, if f.solve_draw { "yes" } else { "no" }.to_string())}
                </tbody>
            </table>
            <table class="bench-figures" data-testid="bench-yardsticks">
                <thead>
                    <tr>
                        <th scope="col">"Random playouts"</th>
                        <th scope="col">"engine"</th>
                        <th scope="col">"hand-written"</th>
                        <th scope="col">"engine : hand-written"</th>
                        <th scope="col">"goal"</th>
                    </tr>
                </thead>
                <tbody>{f.yardsticks.iter().map(yardstick).collect_view()}</tbody>
            </table>
            {f.problems.iter().map(|p| view! { <p class="problem" data-testid="bench-problem">{p.clone()}</p> }).collect_view()}
        }
        .into_any(),
    }
    };
    shown.then(|| {
        view! {
            <section class="panel bench-panel" data-testid="bench" aria-labelledby="bench-heading">
                <h2 id="bench-heading">"Speed of the computer player (in this browser)"</h2>
                <button data-testid="bench-run" disabled=move || state.get() == Run::Running
                    on:click=move |_| run(store, state)>"Run"</button>
                {figures}
            </section>
        }
    })
}
