//! Share links: the whole game in the address's fragment, so that nothing
//! is sent to any server (browsers never send the part after `#`).
//!
//! `#play=` + base64url (no padding) of the raw-deflated JSON game file
//! (`engine::file::write_json`, made compact). Reading goes through the
//! normal JSON reader, so a link is checked like a file and upgraded like
//! one when the format changes.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use tablecraft_engine::file::{read_json, write_json, MAX_FILE_BYTES};
use tablecraft_engine::Game;

/// What starts the fragment of a share link.
pub const PLAY_PREFIX: &str = "play=";

/// The longest fragment (after `#`) a share link is made with: longer
/// addresses are cut by some mail and chat programs.
pub const MAX_LINK_CHARS: usize = 8000;

/// The longest fragment read: more than Tablecraft makes, so that a link
/// made by hand or by a later version with a higher limit still opens, but
/// far below what could slow the page down.
pub const MAX_READ_CHARS: usize = 200_000;

/// Why a game cannot go into a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLong {
    /// The length the fragment would have.
    pub chars: usize,
}

impl TooLong {
    /// A sentence for a child.
    pub fn message(&self) -> String {
        format!(
            "This game is too big for a link ({} letters; a link holds at most {MAX_LINK_CHARS}). \
             Save it as a file and send the file instead.",
            self.chars
        )
    }
}

/// The compact JSON text of a game file.
fn compact_json(game: &Game) -> String {
    let pretty = write_json(game);
    serde_json::from_str::<serde_json::Value>(&pretty)
        .map(|v| v.to_string())
        .unwrap_or(pretty)
}

/// The fragment (without `#`) of a link that opens `game`.
///
/// # Errors
/// When the fragment would be longer than [`MAX_LINK_CHARS`].
pub fn encode(game: &Game) -> Result<String, TooLong> {
    let json = compact_json(game);
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    let fragment = format!("{PLAY_PREFIX}{}", URL_SAFE_NO_PAD.encode(packed));
    if fragment.len() > MAX_LINK_CHARS {
        return Err(TooLong {
            chars: fragment.len(),
        });
    }
    Ok(fragment)
}

/// Whether an address fragment (with or without `#`) is a share link.
pub fn is_share_link(hash: &str) -> bool {
    hash.strip_prefix('#').unwrap_or(hash).starts_with(PLAY_PREFIX)
}

/// The game in a share link's fragment (with or without `#`); `None` when
/// the fragment is not a share link at all.
///
/// A broken link gives a sentence for a child; nothing panics.
pub fn decode(hash: &str) -> Option<Result<Game, String>> {
    let data = hash.strip_prefix('#').unwrap_or(hash).strip_prefix(PLAY_PREFIX)?;
    Some(decode_data(data))
}

fn decode_data(data: &str) -> Result<Game, String> {
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
    fn every_example_goes_through_a_link_unchanged() {
        for name in [
            "nim12",
            "nim345",
            "tic-tac-toe",
            "ball-puzzle",
            "labyrinth",
            "dama-lite",
        ] {
            let game = example(name);
            let fragment = encode(&game).unwrap();
            assert!(fragment.starts_with(PLAY_PREFIX));
            assert!(fragment.len() <= MAX_LINK_CHARS, "{name}: {}", fragment.len());
            // Only characters an address keeps as they are.
            assert!(fragment[PLAY_PREFIX.len()..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            assert!(is_share_link(&format!("#{fragment}")));
            assert_eq!(decode(&format!("#{fragment}")).unwrap().unwrap(), game, "{name}");
            assert_eq!(decode(&fragment).unwrap().unwrap(), game);
        }
        // NIM12 makes a short link.
        assert!(encode(&example("nim12")).unwrap().len() < 1200);
    }

    #[test]
    fn other_fragments_are_not_links() {
        for hash in ["", "#", "#example=nim12.game.xml", "#playx", "play"] {
            assert!(decode(hash).is_none(), "{hash}");
            assert!(!is_share_link(hash));
        }
    }

    #[test]
    fn a_link_with_padding_or_spaces_still_opens() {
        let game = example("nim12");
        let fragment = encode(&game).unwrap();
        let (head, tail) = fragment.split_at(40);
        let spaced = format!("{head} \n{tail}==");
        assert_eq!(decode(&spaced).unwrap().unwrap(), game);
        assert_eq!(decode(&format!("{fragment}%3D")).unwrap().unwrap(), game);
    }

    #[test]
    fn garbage_never_panics() {
        let good = encode(&example("tic-tac-toe")).unwrap();
        let mut cases: Vec<String> = vec![
            "play=".into(),
            "play=!!!!".into(),
            "play=AAAA".into(),
            "play=////".into(),
            format!("play={}", "A".repeat(MAX_READ_CHARS + 1)),
            good[..good.len() / 2].to_string(),
            good.replace('A', "B"),
            format!("{good}xyz"),
        ];
        // Valid base64 of things that are not deflated games.
        for raw in [&b"hello"[..], b"", &[0xff; 64][..]] {
            cases.push(format!("play={}", URL_SAFE_NO_PAD.encode(raw)));
        }
        let not_a_game = miniz_oxide::deflate::compress_to_vec(b"{\"format\":1}", 6);
        cases.push(format!("play={}", URL_SAFE_NO_PAD.encode(not_a_game)));
        let newer = miniz_oxide::deflate::compress_to_vec(b"{\"format\":99,\"game\":{}}", 6);
        cases.push(format!("play={}", URL_SAFE_NO_PAD.encode(newer)));
        // Every byte flipped in turn, in a short link.
        let short = encode(&Game::default()).unwrap();
        let bytes = short.as_bytes();
        for i in PLAY_PREFIX.len()..bytes.len() {
            let mut b = bytes.to_vec();
            b[i] = if b[i] == b'A' { b'z' } else { b'A' };
            cases.push(String::from_utf8(b).unwrap());
        }
        for case in &cases {
            if let Some(Err(why)) = decode(case) {
                assert!(!why.is_empty());
            }
        }
        assert!(decode("play=!!!!").unwrap().unwrap_err().contains("broken"));
        assert!(decode(&cases[4]).unwrap().unwrap_err().contains("too long"));
    }

    #[test]
    fn a_bomb_is_refused() {
        // Deflates to a few kilobytes, inflates to more than a game file may be.
        let huge = vec![b' '; MAX_FILE_BYTES + 10];
        let packed = miniz_oxide::deflate::compress_to_vec(&huge, 9);
        let fragment = format!("play={}", URL_SAFE_NO_PAD.encode(packed));
        assert!(fragment.len() < MAX_READ_CHARS);
        assert!(decode(&fragment).unwrap().unwrap_err().contains("broken"));
    }

    #[test]
    fn a_game_too_big_for_a_link_says_so() {
        let mut game = example("nim12");
        // Text that does not compress: a pseudo-random description.
        let mut x: u64 = 12345;
        game.description = (0..9000)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                char::from(b'a' + ((x >> 33) % 26) as u8)
            })
            .collect();
        let err = encode(&game).unwrap_err();
        assert!(err.chars > MAX_LINK_CHARS);
        assert!(err.message().contains("Save it as a file"));
    }
}
