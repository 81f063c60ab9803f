//! Saving a file by download.

use crate::ui::store::{Store, Tone};
use gloo_file::{Blob, ObjectUrl};
use leptos::prelude::*;
use tablecraft_app::storage::{download_name, FileKind};
use tablecraft_engine::file::{write_json, write_xml};
use wasm_bindgen::JsCast;

/// Starts the download of `text` as a file called `name`.
///
/// # Errors
/// When the page could not make the link.
pub fn download(store: Store, name: &str, mime: &str, text: &str) -> Result<(), String> {
    let url = ObjectUrl::from(Blob::new_with_options(text, Some(mime)));
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("there is no page")?;
    let link = document
        .create_element("a")
        .map_err(|_| "the page could not make a link")?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "the page could not make a link")?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    store.last_download.try_set_value(Some(url));
    Ok(())
}

/// Saves the current game as a file of `kind`, named after its title.
pub fn save_game(store: Store, kind: FileKind) {
    let game = store.game_untracked();
    let name = download_name(&game.title, kind);
    let text = match kind {
        FileKind::Xml => write_xml(&game),
        FileKind::Json => write_json(&game),
    };
    match download(store, &name, kind.mime(), &text) {
        Ok(()) => {
            super::unsaved::mark_in_file(store);
            store.say(
                format!("Saved {name}. Look for it in your Downloads."),
                Tone::Info,
            );
        }
        Err(why) => store.say(format!("{name} could not be saved: {why}."), Tone::Problem),
    }
}
