//! Opening an example game from the page's address:
//! `…/#example=nim12.game.xml` opens that example in Play mode (used by the
//! browser tests, and handy for a teacher's link).

use crate::catalog::is_game_file_name;

/// The example file named in an address's fragment (`#example=NAME`), if
/// it is the name of a game file and nothing else.
pub fn example_in_hash(hash: &str) -> Option<&str> {
    let name = hash.strip_prefix('#').unwrap_or(hash).strip_prefix("example=")?;
    is_game_file_name(name).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_example_name_from_the_fragment() {
        assert_eq!(example_in_hash("#example=nim12.game.xml"), Some("nim12.game.xml"));
        assert_eq!(
            example_in_hash("example=tic-tac-toe.game.xml"),
            Some("tic-tac-toe.game.xml")
        );
        for bad in [
            "",
            "#",
            "#example=",
            "#example=../x.game.xml",
            "#example=nim.xml",
            "#other=nim12.game.xml",
        ] {
            assert_eq!(example_in_hash(bad), None, "{bad}");
        }
    }
}
