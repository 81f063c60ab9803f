//! `#example=NAME.game.xml` in the address opens that example game in
//! Play mode.

use crate::ui::fetch::fetch_text;
use crate::ui::store::{Mode, Store, Tone};
use leptos::prelude::*;
use tablecraft_app::catalog::{describe_problems, game_url};
use tablecraft_app::playing::link::example_in_hash;
use tablecraft_engine::file::read_xml;

/// If the address names an example (`#example=nim12.game.xml`), loads it
/// as the game (one undoable action) and switches to Play.
pub fn open_example_from_address(store: Store) {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else {
        return;
    };
    let Some(name) = example_in_hash(&hash).map(String::from) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let loaded = fetch_text(&game_url(&name))
            .await
            .and_then(|text| read_xml(&text).map_err(|p| describe_problems(&p)));
        match loaded {
            Ok((game, _)) => {
                let title = game.title.clone();
                store.replace_game(&format!("Open the example {title}"), game);
                crate::ui::files::mark_in_file(store);
                // A reload then resumes the game in progress, not the example.
                crate::ui::share::clear_fragment();
                store.mode.set(Mode::Play);
            }
            Err(why) => store.say(format!("{name} could not be opened: {why}"), Tone::Problem),
        }
    });
}
