//! From a file's bytes to its text: UTF-8 (with or without a byte-order
//! mark) is read as it is, UTF-16 with a byte-order mark is converted, and
//! anything else (another encoding, a picture, a damaged file) is refused
//! with where it goes wrong and what to do.

use super::text::LineIndex;
use crate::problem::{Location, Problem};
use std::borrow::Cow;

/// Files that are known not to be text, by their first bytes.
const NOT_TEXT: &[(&[u8], &str)] = &[
    (b"\x89PNG", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF8", "a GIF picture"),
    (b"%PDF", "a PDF document"),
    (b"PK\x03\x04", "a zip archive (or a document saved as one)"),
    (b"\x1f\x8b", "a gzip archive"),
];

/// The text of a game file's bytes.
///
/// # Errors
/// A problem placed at the first byte that is not text, saying to save the
/// file as UTF-8.
pub fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, Problem> {
    if let Some((_, what)) = NOT_TEXT.iter().find(|(magic, _)| bytes.starts_with(magic)) {
        return Err(Problem::new(
            Location::in_file(1, 1),
            format!("this is {what}, not a game file; open a file that ends in .game.xml or .game.json"),
        ));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xff\xfe") {
        return utf16(rest, u16::from_le_bytes).map(Cow::Owned);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xfe\xff") {
        return utf16(rest, u16::from_be_bytes).map(Cow::Owned);
    }
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            // The prefix is valid UTF-8 by construction.
            let text = std::str::from_utf8(good).unwrap_or_default();
            let (line, column) = LineIndex::new(text).position(text.len());
            Err(Problem::new(
                Location::in_file(line, column),
                "this file is not written as UTF-8 text (perhaps as Latin-1 or Windows text); \
                 open it in a text editor and save it as UTF-8",
            ))
        }
    }
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, Problem> {
    let units = bytes.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    if !bytes.len().is_multiple_of(2) {
        return Err(Problem::new(
            Location::in_file(1, 1),
            "this file is written as UTF-16 but is cut short; save it again as UTF-8",
        ));
    }
    char::decode_utf16(units)
        .collect::<Result<String, _>>()
        .map_err(|_| {
            Problem::new(
                Location::in_file(1, 1),
                "this file is written as UTF-16 and is damaged; open it in a text editor and save it as UTF-8",
            )
        })
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn utf8_and_utf16_are_read_and_the_rest_refused_with_advice() {
        assert_eq!(decode(b"<game/>").unwrap(), "<game/>");
        assert_eq!(decode(b"\xef\xbb\xbf<game/>").unwrap(), "<game/>");
        let le: Vec<u8> = b"\xff\xfe"
            .iter()
            .copied()
            .chain("<game>é</game>".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode(&le).unwrap(), "<game>é</game>");
        let be: Vec<u8> = b"\xfe\xff"
            .iter()
            .copied()
            .chain("<g/>".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode(&be).unwrap(), "<g/>");
        let latin = decode(b"<game>\n<title>caf\xe9</title>").unwrap_err();
        assert_eq!((latin.location.line, latin.location.column), (Some(2), Some(11)));
        assert!(latin.message.contains("save it as UTF-8"), "{}", latin.message);
        let png = decode(b"\x89PNG\r\n\x1a\n\0\0").unwrap_err();
        assert!(png.message.contains("a PNG picture"), "{}", png.message);
        assert!(decode(b"\xff\xfe<").unwrap_err().message.contains("UTF-16"));
    }
}
