//! A whole game in a share link: the text after `#play=` (see
//! [`super::share_fragment`]), so that nothing is sent to any server.
//!
//! The text is base64url (no padding) of the raw-deflated JSON game file
//! (`engine::file::write_json`, made compact). Reading goes through the
//! normal JSON reader, so a link is checked like a file and upgraded like
//! one when the format changes.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use tablecraft_engine::file::{read_json, write_json, MAX_FILE_BYTES};
use tablecraft_engine::Game;

/// The longest text read: more than Tablecraft makes, so that a link made
/// by hand or by a later version with a higher limit still opens, but far
/// below what could slow the page down.
pub const MAX_READ_CHARS: usize = 200_000;

/// The compact JSON text of a game file.
fn compact_json(game: &Game) -> String {
    let pretty = write_json(game);
    serde_json::from_str::<serde_json::Value>(&pretty)
        .map(|v| v.to_string())
        .unwrap_or(pretty)
}

/// The text of `game` in a link: only characters an address keeps as they
/// are. How long a link may be is [`super::share_fragment`]'s concern.
pub fn encode(game: &Game) -> String {
    let json = compact_json(game);
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    URL_SAFE_NO_PAD.encode(packed)
}

/// The game in a link's text (after `play=`).
///
/// A broken link gives a sentence for a child; nothing panics.
pub fn decode(data: &str) -> Result<Game, String> {
    const BROKEN: &str = "This link is broken: part of it is missing or changed. \
                          Ask for the link again, or for the game as a file.";
    if data.len() > MAX_READ_CHARS {
        return Err(format!(
            "This link is too long to be a game ({} letters).",
            data.len()
        ));
    }
    // Some programs turn the end of a long address into "%3D" or add spaces.
    let data: String = data
        .trim_end_matches("%3D")
        .trim_end_matches('=')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let packed = URL_SAFE_NO_PAD.decode(data).map_err(|_| BROKEN.to_string())?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_FILE_BYTES)
        .map_err(|_| BROKEN.to_string())?;
    let text = String::from_utf8(bytes).map_err(|_| BROKEN.to_string())?;
    read_json(&text).map(|(game, _)| game).map_err(|problems| {
        let first = problems.first().map_or_else(String::new, |p| format!(" ({p})"));
        format!("The game in this link could not be read{first}.")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

    fn example(name: &str) -> Game {
        open_example(name).0
    }

    #[test]
    fn every_example_goes_through_the_text_unchanged() {
        for name in [
            "nim12",
            "nim345",
            "tic-tac-toe",
            "ball-puzzle",
            "labyrinth",
            "dama-lite",
        ] {
            let game = example(name);
            let data = encode(&game);
            // Only characters an address keeps as they are.
            assert!(data
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            assert_eq!(decode(&data).unwrap(), game, "{name}");
        }
    }

    #[test]
    fn a_link_with_padding_or_spaces_still_opens() {
        let game = example("nim12");
        let data = encode(&game);
        let (head, tail) = data.split_at(40);
        let spaced = format!("{head} \n{tail}==");
        assert_eq!(decode(&spaced).unwrap(), game);
        assert_eq!(decode(&format!("{data}%3D")).unwrap(), game);
    }

    #[test]
    fn garbage_never_panics() {
        let good = encode(&example("tic-tac-toe"));
        let mut cases: Vec<String> = vec![
            "".into(),
            "!!!!".into(),
            "AAAA".into(),
            "////".into(),
            "A".repeat(MAX_READ_CHARS + 1),
            good[..good.len() / 2].to_string(),
            good.replace('A', "B"),
            format!("{good}xyz"),
        ];
        // Valid base64 of things that are not deflated games.
        for raw in [&b"hello"[..], b"", &[0xff; 64][..]] {
            cases.push(URL_SAFE_NO_PAD.encode(raw));
        }
        let not_a_game = miniz_oxide::deflate::compress_to_vec(b"{\"format\":1}", 6);
        cases.push(URL_SAFE_NO_PAD.encode(not_a_game));
        let newer = miniz_oxide::deflate::compress_to_vec(b"{\"format\":99,\"game\":{}}", 6);
        cases.push(URL_SAFE_NO_PAD.encode(newer));
        // Every byte flipped in turn, in a short link.
        let short = encode(&Game::default());
        let bytes = short.as_bytes();
        for i in 0..bytes.len() {
            let mut b = bytes.to_vec();
            b[i] = if b[i] == b'A' { b'z' } else { b'A' };
            cases.push(String::from_utf8(b).unwrap());
        }
        for case in &cases {
            if let Err(why) = decode(case) {
                assert!(!why.is_empty());
            }
        }
        assert!(decode("!!!!").unwrap_err().contains("broken"));
        assert!(decode(&cases[4]).unwrap_err().contains("too long"));
    }

    #[test]
    fn a_bomb_is_refused() {
        // Deflates to a few kilobytes, inflates to more than a game file may be.
        let huge = vec![b' '; MAX_FILE_BYTES + 10];
        let packed = miniz_oxide::deflate::compress_to_vec(&huge, 9);
        let data = URL_SAFE_NO_PAD.encode(packed);
        assert!(data.len() < MAX_READ_CHARS);
        assert!(decode(&data).unwrap_err().contains("broken"));
    }
}
