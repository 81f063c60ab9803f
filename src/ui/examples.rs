//! The list of example games: loads `games/index.json`, then each game file,
//! and shows each game's title.

use gloo_net::http::Request;
use leptos::prelude::*;

use crate::catalog::{describe_problems, game_url, parse_index, GAMES_DIR};
use crate::engine::file::read_xml;

/// Fetches a text file relative to the page; the error is a sentence.
async fn fetch_text(url: &str) -> Result<String, String> {
    let response = Request::get(url)
        .send()
        .await
        .map_err(|e| format!("Could not load {url}: {e}"))?;
    if !response.ok() {
        return Err(format!(
            "Could not load {url}: the server answered {}.",
            response.status()
        ));
    }
    response
        .text()
        .await
        .map_err(|e| format!("Could not read {url}: {e}"))
}

async fn load_index() -> Result<Vec<String>, String> {
    let text = fetch_text(&format!("{GAMES_DIR}/index.json")).await?;
    parse_index(&text)
}

/// The title of one example game, or a sentence saying why it has none.
async fn load_title(file: String) -> Result<String, String> {
    let text = fetch_text(&game_url(&file)).await?;
    match read_xml(&text) {
        Ok((game, _)) => Ok(game.title),
        Err(problems) => Err(describe_problems(&problems)),
    }
}

/// The "Example games" section.
#[component]
pub fn ExampleList() -> impl IntoView {
    let index = LocalResource::new(load_index);
    view! {
        <section class="examples" aria-labelledby="examples-heading">
            <h2 id="examples-heading">"Example games"</h2>
            {move || match index.get() {
                None => view! {
                    <p class="status" role="status">"Loading the example games…"</p>
                }
                .into_any(),
                Some(Err(message)) => view! {
                    <p class="status problem" role="alert">{message}</p>
                }
                .into_any(),
                Some(Ok(files)) if files.is_empty() => view! {
                    <p class="status">"There are no example games yet."</p>
                }
                .into_any(),
                Some(Ok(files)) => view! {
                    <ul class="example-list">
                        {files
                            .into_iter()
                            .map(|file| view! { <ExampleCard file/> })
                            .collect_view()}
                    </ul>
                }
                .into_any(),
            }}
        </section>
    }
}

/// One example game: its title once its file has been read.
#[component]
fn ExampleCard(file: String) -> impl IntoView {
    let title = LocalResource::new({
        let file = file.clone();
        move || load_title(file.clone())
    });
    let state = move || match title.get() {
        None => "loading",
        Some(Ok(_)) => "ready",
        Some(Err(_)) => "problem",
    };
    let cannot_open = format!("{file} could not be opened.");
    view! {
        <li
            class="example-card"
            data-file=file
            data-state=state
            aria-busy=move || (state() == "loading").to_string()
        >
            {move || match title.get() {
                None => view! { <span class="example-loading">"Loading…"</span> }.into_any(),
                Some(Ok(title)) => view! { <h3 class="example-title">{title}</h3> }.into_any(),
                Some(Err(message)) => view! {
                    <p class="example-problem">
                        <span class="file">{cannot_open.clone()}</span>
                        {message}
                    </p>
                }
                .into_any(),
            }}
        </li>
    }
}
