//! Opening a game file: picked, dropped, or an example.

use crate::ui::store::{FileProblems, Store, Tone};
use gloo_file::callbacks::read_as_bytes;
use leptos::prelude::*;
use tablecraft_app::storage::{check_file, check_size};

/// Opens the game in `text` (from the file `name`) as one undoable action;
/// a file with problems opens nothing and lists them all. Whether it opened.
pub fn open_text(store: Store, name: &str, text: &str) -> bool {
    match tablecraft_engine::open(text) {
        Ok((game, rules)) => {
            let title = game.title.clone();
            store.file_problems.set(None);
            store.replace_compiled_game(&format!("open {title}"), game, rules);
            super::unsaved::mark_in_file(store);
            store.say(
                format!("Opened “{title}”. Undo brings back the game before."),
                Tone::Info,
            );
            true
        }
        Err(problems) => {
            store.file_problems.set(Some(FileProblems {
                file: name.to_string(),
                problems,
            }));
            false
        }
    }
}

/// Reads a file the child picked or dropped, then opens it.
pub fn open_file(store: Store, file: web_sys::File) {
    let name = file.name();
    if let Err(why) = check_size(&name, file.size()) {
        store.say(why, Tone::Problem);
        return;
    }
    let reader = read_as_bytes(&gloo_file::File::from(file), move |result| match result {
        Ok(bytes) => match check_file(&name, bytes) {
            Ok(text) => {
                open_text(store, &name, &text);
            }
            Err(why) => store.say(why, Tone::Problem),
        },
        Err(e) => store.say(format!("{name} could not be read: {e}."), Tone::Problem),
    });
    store.reading.try_set_value(Some(reader));
}
