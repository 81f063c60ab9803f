//! The web page: Leptos components that draw what `tablecraft-app` works out
//! and forward events to it. Trunk builds it for wasm32; on any other target
//! it only says where the app runs.

/// The page's components, by mode (wasm32 only).
#[cfg(target_arch = "wasm32")]
mod ui;

#[cfg(target_arch = "wasm32")]
fn main() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        crash::show();
    }));
    leptos::mount::mount_to_body(ui::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    println!("Tablecraft runs in the browser: start it with `bash scripts/serve.sh`.");
}

/// What a child sees when the app fails: a friendly full-page message with
/// a button that downloads the game last kept in the browser. Plain DOM
/// calls only: the app itself may be broken by now.
#[cfg(target_arch = "wasm32")]
mod crash {
    use std::sync::atomic::{AtomicBool, Ordering};
    use tablecraft_app::storage::saved::{game_of, WORK_KEY};
    use tablecraft_app::storage::{download_name, FileKind};
    use web_sys::{Document, Element};

    static SHOWN: AtomicBool = AtomicBool::new(false);

    fn element(doc: &Document, tag: &str, class: &str, text: &str) -> Option<Element> {
        let el = doc.create_element(tag).ok()?;
        el.set_class_name(class);
        el.set_text_content(Some(text));
        Some(el)
    }

    /// The kept game as a file: its name and the address of its contents.
    fn kept_game() -> Option<(String, String)> {
        let storage = web_sys::window()?.local_storage().ok()??;
        let text = storage.get_item(WORK_KEY).ok()??;
        let (title, json) = game_of(&text)?;
        let kind = FileKind::Json;
        let blob = gloo_file::Blob::new_with_options(json.as_str(), Some(kind.mime()));
        let url = gloo_file::ObjectUrl::from(blob);
        let href = url.to_string();
        // Kept for the life of the page: the link must go on working.
        std::mem::forget(url);
        Some((download_name(&title, kind), href))
    }

    fn build() -> Option<()> {
        let doc = web_sys::window()?.document()?;
        let body = doc.body()?;
        let page = element(&doc, "div", "crash", "")?;
        page.set_attribute("role", "alertdialog").ok()?;
        page.set_attribute("aria-labelledby", "crash-title").ok()?;
        page.set_attribute("data-testid", "crash").ok()?;
        let card = element(&doc, "div", "crash-card", "")?;
        let title = element(&doc, "h1", "crash-title", "Something went wrong.")?;
        title.set_id("crash-title");
        card.append_child(&title).ok()?;
        match kept_game() {
            Some((name, href)) => {
                let text = "Your game is safe: download it, then reload.";
                let para = element(&doc, "p", "crash-text", text)?;
                card.append_child(&para).ok()?;
                let link = element(&doc, "a", "crash-button", "Download my game")?;
                link.set_attribute("href", &href).ok()?;
                link.set_attribute("download", &name).ok()?;
                link.set_attribute("data-testid", "crash-download").ok()?;
                card.append_child(&link).ok()?;
            }
            None => {
                let text = "There was no game kept in this browser yet. Reload to start again.";
                let para = element(&doc, "p", "crash-text", text)?;
                card.append_child(&para).ok()?;
            }
        }
        let reload = element(&doc, "a", "crash-button", "Reload")?;
        reload.set_attribute("href", &doc.location()?.href().ok()?).ok()?;
        reload.set_attribute("data-testid", "crash-reload").ok()?;
        card.append_child(&reload).ok()?;
        page.append_child(&card).ok()?;
        body.append_child(&page).ok()?;
        Some(())
    }

    /// Shows the message once, whatever else has gone wrong.
    pub fn show() {
        if SHOWN.swap(true, Ordering::SeqCst) {
            return;
        }
        let _ = build();
    }
}
