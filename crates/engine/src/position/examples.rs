//! The example games of `public/games`, for tests that go through them all.

/// The example files' names, in order.
pub(super) fn files() -> Vec<String> {
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
pub(super) fn text(file: &str) -> String {
    let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap()
}
