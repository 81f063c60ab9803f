//! Game files a child downloads and opens: names, MIME types, and checking
//! a file's bytes before the engine reads it.

use tablecraft_engine::file::MAX_FILE_BYTES;

/// The two formats a game is saved in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Xml,
    Json,
}

impl FileKind {
    /// The end of the file name.
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Xml => ".game.xml",
            FileKind::Json => ".game.json",
        }
    }

    /// The MIME type, so that every device (iPad included) knows the file.
    pub fn mime(self) -> &'static str {
        match self {
            FileKind::Xml => "application/xml",
            FileKind::Json => "application/json",
        }
    }
}

/// What the file picker offers.
pub const ACCEPT: &str = ".game.xml,.xml,.json,application/xml,text/xml,application/json";

/// The longest file name stem made from a title.
const MAX_STEM: usize = 60;

/// A file name made from a game's title: `NIM12` → `nim12.game.xml`,
/// `Nim 3-4-5` → `nim-3-4-5.game.xml`; letters of every script are kept,
/// anything else becomes `-`; an empty title gives `game`.
pub fn download_name(title: &str, kind: FileKind) -> String {
    let mut stem = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            if stem.chars().count() >= MAX_STEM {
                break;
            }
            stem.push(c);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    let stem = if stem.is_empty() { "game" } else { stem };
    format!("{stem}{}", kind.extension())
}

/// Whether a file of `size` bytes may be read at all.
///
/// # Errors
/// A sentence naming the file, when it is too big.
pub fn check_size(name: &str, size: f64) -> Result<(), String> {
    if size > MAX_FILE_BYTES as f64 {
        let mb = size / (1024.0 * 1024.0);
        return Err(format!(
            "{name} is too big to be a game ({mb:.1} MB). A game file is at most {} MB.",
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(())
}

/// The text of a file, if it can be a game file.
///
/// # Errors
/// A sentence naming the file: too big, empty, or not text.
pub fn check_file(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    check_size(name, bytes.len() as f64)?;
    let not_text = || {
        format!(
            "{name} is not a game file: it is not text (a picture or a document?). \
             Game files end in .game.xml or .game.json."
        )
    };
    let text = String::from_utf8(bytes).map_err(|_| not_text())?;
    if text.contains('\0') {
        return Err(not_text());
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    if text.trim().is_empty() {
        return Err(format!("{name} is empty: there is no game in it."));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_files_after_the_title() {
        assert_eq!(download_name("NIM12", FileKind::Xml), "nim12.game.xml");
        assert_eq!(download_name("NIM12", FileKind::Json), "nim12.game.json");
        assert_eq!(download_name("Nim 3-4-5", FileKind::Xml), "nim-3-4-5.game.xml");
        assert_eq!(
            download_name("The ball puzzle", FileKind::Xml),
            "the-ball-puzzle.game.xml"
        );
        assert_eq!(
            download_name("  Tic-Tac-Toe!  ", FileKind::Xml),
            "tic-tac-toe.game.xml"
        );
        assert_eq!(download_name("Mühle", FileKind::Xml), "mühle.game.xml");
        assert_eq!(download_name("", FileKind::Xml), "game.game.xml");
        assert_eq!(
            download_name("../../etc/passwd", FileKind::Xml),
            "etc-passwd.game.xml"
        );
        assert_eq!(download_name("???", FileKind::Json), "game.game.json");
        let long = download_name(&"a".repeat(500), FileKind::Xml);
        assert_eq!(long.len(), MAX_STEM + ".game.xml".len());
    }

    #[test]
    fn mime_types_every_device_knows() {
        assert_eq!(FileKind::Xml.mime(), "application/xml");
        assert_eq!(FileKind::Json.mime(), "application/json");
    }

    #[test]
    fn checks_a_file_before_reading_it() {
        assert_eq!(check_file("a.xml", b"<game/>".to_vec()).unwrap(), "<game/>");
        assert_eq!(
            check_file("a.xml", "\u{feff}<game/>".as_bytes().to_vec()).unwrap(),
            "<game/>"
        );
        let png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
        assert!(check_file("cat.png", png).unwrap_err().contains("not text"));
        assert!(check_file("z.xml", b"ab\0cd".to_vec())
            .unwrap_err()
            .contains("not text"));
        assert!(check_file("e.xml", b"  \n".to_vec())
            .unwrap_err()
            .contains("empty"));
        let big = vec![b' '; MAX_FILE_BYTES + 1];
        assert!(check_file("big.xml", big).unwrap_err().contains("too big"));
        assert!(check_size("big.xml", 5.0 * 1024.0 * 1024.0)
            .unwrap_err()
            .contains("5.0 MB"));
        assert!(check_size("ok.xml", 1000.0).is_ok());
    }
}
