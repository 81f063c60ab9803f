//! Fetching a text file from beside the page (the example games).

use gloo_net::http::Request;

/// Fetches a text file relative to the page; the error is a sentence.
pub async fn fetch_text(url: &str) -> Result<String, String> {
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
