//! The engine's speed, measured in the page's Web Worker: open the page
//! with `#bench` in the address and press Run. The same figures as
//! `cargo bench --bench search` natively (`engine::search::bench`).

use crate::ui::store::Store;
use leptos::prelude::*;
use tablecraft_app::worker_protocol::{Level, Reply, Request, Task};
use tablecraft_engine::model::Game;
use tablecraft_engine::record::Record;
use tablecraft_engine::search::bench::{rate, Figures};

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
    let request = Request {
        id: 1 << 50,
        game: Game::default(),
        record: Record::default(),
        task: Task::Bench,
        level: Level::Master,
        time_ms: MEASURE_MS,
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

/// The speed test, shown only with `#bench` in the address (`shown`).
#[component]
pub fn BenchPanel(shown: bool) -> impl IntoView {
    let store = Store::get();
    let state = RwSignal::new(Run::Idle);
    let figures = move || {
        match state.get() {
        Run::Idle => view! { <p>"Press Run: it takes about five seconds."</p> }.into_any(),
        Run::Running => view! { <p data-testid="bench-running">"Measuring…"</p> }.into_any(),
        Run::Failed(why) => view! { <p class="problem" data-testid="bench-failed">{why}</p> }.into_any(),
        Run::Done(f) => view! {
            <table class="bench-figures" data-testid="bench-figures">
                <tbody>
                    {row("Tic-Tac-Toe full solve: positions", "bench-solve-positions",
                        f.solve_positions as f64, f.solve_positions.to_string())}
                    {row("Tic-Tac-Toe full solve: time", "bench-solve-ms",
                        f.solve_ms, format!("{:.1} ms", f.solve_ms))}
                    {row("Tic-Tac-Toe full solve: speed", "bench-solve-rate",
                        f.solve_per_s, rate(f.solve_per_s))}
                    {row("Tic-Tac-Toe random playouts (engine)", "bench-ttt-playouts",
                        f.tic_tac_toe_playouts_per_s, rate(f.tic_tac_toe_playouts_per_s))}
                    {row("Dama-lite random playouts (engine)", "bench-dama-playouts",
                        f.dama_lite_playouts_per_s, rate(f.dama_lite_playouts_per_s))}
                    {row("Tic-Tac-Toe random playouts (hand-written)", "bench-baseline-playouts",
                        f.baseline_playouts_per_s, rate(f.baseline_playouts_per_s))}
                    {row("engine : hand-written", "bench-ratio",
                        f.ratio(), format!("1 : {:.1}", f.ratio()))}
                    {row("The solve found the draw", "bench-draw",
                        if f.solve_draw { 1.0 } else { 0.0 }, if f.solve_draw { "yes" } else { "no" }.to_string())}
                </tbody>
            </table>
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
