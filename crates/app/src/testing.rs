//! For the crate's tests: the files of the repository they read, the
//! example games in `public/games/` above all.

use std::sync::Arc;
use tablecraft_engine::{open, Game, Position, Rules};

/// The text of a file of the repository, by its path from the top
/// (`public/games/nim12.game.xml`, `style/table.css`).
pub fn repo_text(path: &str) -> String {
    let full = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// Every example game's name (`nim12`), as `public/games/index.json`
/// lists them for the Examples menu.
pub fn example_names() -> Vec<String> {
    crate::catalog::parse_index(&repo_text("public/games/index.json"))
        .expect("the list of example games")
        .into_iter()
        .map(|file| file.trim_end_matches(crate::catalog::GAME_EXTENSION).to_string())
        .collect()
}

/// An example game, by its file name without `.game.xml` (`nim12`), read
/// and checked.
pub fn open_example(name: &str) -> (Game, Rules) {
    open(&repo_text(&format!("public/games/{name}.game.xml")))
        .unwrap_or_else(|problems| panic!("{name}: {problems:?}"))
}

/// The starting position of an example game (`nim12`).
pub fn example(name: &str) -> Position {
    Position::new(Arc::new(open_example(name).1))
}

/// A game of four built for the tests: nine matches in a heap, each player
/// in turn takes one or two, and whoever takes the last one wins.
pub fn heap_of_four() -> Position {
    let text = r#"<game format="2" players="4"><title>Heap of Four</title><rules>
        <equipment><group name="heap"/><basket name="basket"/></equipment>
        <figures><figure name="m" type="match" origin="heap" count="9"/></figures>
        <steps><step name="take"><what type="match"/><from name="heap"/><to name="basket"/></step></steps>
        <moves><move name="turn">take x1-2</move></moves>
        <game-over><end name="last-match" winner="previous"><when>empty(heap)</when></end></game-over>
        <settings when-stuck="lose" pass="no"/></rules></game>"#;
    let (_, rules) = open(text).unwrap_or_else(|problems| panic!("{problems:?}"));
    Position::new(Arc::new(rules))
}
