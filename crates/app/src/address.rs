//! The page's address: what its `#…` fragment asks for, and the fragments
//! the app makes. Plain Rust, tested natively; the page only reads and
//! writes `window.location` (`ui::address`).
//!
//! The fragments the app knows (browsers never send them to a server):
//! - `#play=…`: a whole game shared by a link; the game's encoding is in
//!   [`share_link`].
//! - `#example=NAME.game.xml`: an example game, opened in Play (used by the
//!   browser tests, and handy for a teacher's link).
//! - `#bench`: the speed test of the computer player.

pub mod share_link;

use crate::catalog::is_game_file_name;
use tablecraft_engine::Game;

/// What starts the fragment of a share link.
pub const PLAY_PREFIX: &str = "play=";

/// What starts the fragment that names an example game.
pub const EXAMPLE_PREFIX: &str = "example=";

/// The fragment of the speed test.
pub const BENCH: &str = "bench";

/// The longest fragment (after `#`) a share link is made with: longer
/// addresses are cut by some mail and chat programs.
pub const MAX_LINK_CHARS: usize = 8000;

/// What an address's fragment asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Fragment {
    /// No fragment, or one the app does not know.
    Nothing,
    /// A game shared by a link, or why the link cannot be opened (a
    /// sentence for a child).
    Shared(Result<Box<Game>, String>),
    /// An example game, by its file name.
    Example(String),
    /// The speed test of the computer player.
    Bench,
}

impl Fragment {
    /// Reads a fragment, with or without its `#`. Nothing panics: a broken
    /// share link is [`Fragment::Shared`] with a sentence, and an example
    /// name that is not a plain game file name is [`Fragment::Nothing`].
    pub fn read(hash: &str) -> Fragment {
        let text = hash.strip_prefix('#').unwrap_or(hash);
        if let Some(data) = text.strip_prefix(PLAY_PREFIX) {
            return Fragment::Shared(share_link::decode(data).map(Box::new));
        }
        if let Some(name) = text.strip_prefix(EXAMPLE_PREFIX) {
            return if is_game_file_name(name) {
                Fragment::Example(name.to_string())
            } else {
                Fragment::Nothing
            };
        }
        if text == BENCH {
            return Fragment::Bench;
        }
        Fragment::Nothing
    }
}

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

/// The fragment (without `#`) of a link that opens `game`.
///
/// # Errors
/// When the fragment would be longer than [`MAX_LINK_CHARS`].
pub fn share_fragment(game: &Game) -> Result<String, TooLong> {
    let fragment = format!("{PLAY_PREFIX}{}", share_link::encode(game));
    if fragment.len() > MAX_LINK_CHARS {
        return Err(TooLong {
            chars: fragment.len(),
        });
    }
    Ok(fragment)
}

/// The fragment (without `#`) that opens the example game `name`, if it is
/// the name of a game file.
pub fn example_fragment(name: &str) -> Option<String> {
    is_game_file_name(name).then(|| format!("{EXAMPLE_PREFIX}{name}"))
}

/// An address without its fragment: what a share link is made from.
pub fn without_fragment(href: &str) -> &str {
    href.split('#').next().unwrap_or_default()
}

/// The folder of the page's address (up to its last `/`, without query or
/// fragment): where the page's other files, the worker's among them, are.
pub fn folder(href: &str) -> &str {
    let href = href.split(['#', '?']).next().unwrap_or_default();
    match href.rfind('/') {
        Some(i) => &href[..=i],
        None => href,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::open_example;

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
            let game = open_example(name).0;
            let fragment = share_fragment(&game).unwrap();
            assert!(fragment.starts_with(PLAY_PREFIX));
            assert!(fragment.len() <= MAX_LINK_CHARS, "{name}: {}", fragment.len());
            // Only characters an address keeps as they are.
            assert!(fragment[PLAY_PREFIX.len()..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
            assert_eq!(
                Fragment::read(&format!("#{fragment}")),
                Fragment::Shared(Ok(Box::new(game.clone())))
            );
            assert_eq!(
                Fragment::read(&fragment),
                Fragment::Shared(Ok(Box::new(game))),
                "{name}"
            );
        }
        // NIM12 makes a short link.
        assert!(share_fragment(&open_example("nim12").0).unwrap().len() < 1200);
    }

    #[test]
    fn a_broken_share_link_says_so() {
        match Fragment::read("#play=!!!!") {
            Fragment::Shared(Err(why)) => assert!(why.contains("broken"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(Fragment::read("#play="), Fragment::Shared(Err(_))));
    }

    #[test]
    fn a_game_too_big_for_a_link_says_so() {
        let mut game = open_example("nim12").0;
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
        let err = share_fragment(&game).unwrap_err();
        assert!(err.chars > MAX_LINK_CHARS);
        assert!(err.message().contains("Save it as a file"));
    }

    #[test]
    fn reads_an_example_name_from_the_fragment() {
        assert_eq!(
            Fragment::read("#example=nim12.game.xml"),
            Fragment::Example("nim12.game.xml".into())
        );
        assert_eq!(
            Fragment::read("example=tic-tac-toe.game.xml"),
            Fragment::Example("tic-tac-toe.game.xml".into())
        );
        let made = example_fragment("labyrinth.game.xml").unwrap();
        assert_eq!(
            Fragment::read(&made),
            Fragment::Example("labyrinth.game.xml".into())
        );
        for bad in [
            "#example=",
            "#example=../x.game.xml",
            "#example=nim.xml",
            "#other=nim12.game.xml",
        ] {
            assert_eq!(Fragment::read(bad), Fragment::Nothing, "{bad}");
        }
        assert_eq!(example_fragment("../x.game.xml"), None);
    }

    #[test]
    fn reads_the_speed_test() {
        assert_eq!(Fragment::read("#bench"), Fragment::Bench);
        assert_eq!(Fragment::read(BENCH), Fragment::Bench);
        for other in ["#benchmark", "#bench=1", "#Bench"] {
            assert_eq!(Fragment::read(other), Fragment::Nothing, "{other}");
        }
    }

    #[test]
    fn other_fragments_ask_for_nothing() {
        for hash in ["", "#", "#playx", "play", "#example", "#=", "#play"] {
            assert_eq!(Fragment::read(hash), Fragment::Nothing, "{hash}");
        }
    }

    #[test]
    fn addresses_lose_their_fragment_and_give_their_folder() {
        let href = "https://example.org/tablecraft/index.html?x=1#play=abc";
        assert_eq!(
            without_fragment(href),
            "https://example.org/tablecraft/index.html?x=1"
        );
        assert_eq!(
            without_fragment("http://localhost:8080/"),
            "http://localhost:8080/"
        );
        assert_eq!(folder(href), "https://example.org/tablecraft/");
        assert_eq!(folder("http://localhost:8080/#bench"), "http://localhost:8080/");
        assert_eq!(
            folder("http://localhost:8080/a/b?c=/d"),
            "http://localhost:8080/a/"
        );
        assert_eq!(folder("no-slash"), "no-slash");
        assert_eq!(folder(""), "");
    }
}
