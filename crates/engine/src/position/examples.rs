//! The example games of `public/games`, for tests that go through them all.

/// The example files' names, in order.
pub(crate) fn files() -> Vec<String> {
    let dir = format!("{}/../../public/games", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".game.xml"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{files:?}");
    files
}

/// The text of example `file`.
pub(crate) fn text(file: &str) -> String {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap()
}

/// A game of a `rows` × `columns` board and a pool of `count` stones of
/// each of players 1 and 2, the rest of its rules (steps, moves...) `rest`.
pub(crate) fn stones_game(rows: u16, columns: u16, count: u16, rest: &str) -> String {
    format!(
        r#"<game format="2" players="2"><title>t</title><rules>
        <equipment><board name="b" rows="{rows}" columns="{columns}"/><group name="pool"/></equipment>
        <figures>
          <figure name="x" type="stone" origin="pool" owner="1" count="{count}"/>
          <figure name="o" type="stone" origin="pool" owner="2" count="{count}"/>
        </figures>
        {rest}</rules></game>"#
    )
}
