//! The example games shipped with the app: `games/index.json` lists the
//! `*.game.xml` files in `public/games/`, which the page loads one by one.
//!
//! Plain Rust with no web dependency, so it is tested natively.

use tablecraft_engine::Problem;

/// Where the examples are served, relative to the page.
pub const GAMES_DIR: &str = "games";

/// The extension every game file has.
pub const GAME_EXTENSION: &str = ".game.xml";

/// Reads the example list: a JSON array of file names, each a plain name
/// (no folder) ending in `.game.xml`, each listed once.
pub fn parse_index(json: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = serde_json::from_str(json)
        .map_err(|e| format!("The list of example games is not a list of file names ({e})."))?;
    let mut seen = std::collections::BTreeSet::new();
    for name in &names {
        if !is_game_file_name(name) {
            return Err(format!(
                "'{name}' in the list of example games is not the name of a game file."
            ));
        }
        if !seen.insert(name.as_str()) {
            return Err(format!("'{name}' is listed twice in the list of example games."));
        }
    }
    Ok(names)
}

/// A file name that can be fetched from [`GAMES_DIR`] and nothing else:
/// no folders, no hidden files, and the `.game.xml` extension.
pub fn is_game_file_name(name: &str) -> bool {
    name.len() > GAME_EXTENSION.len()
        && name.ends_with(GAME_EXTENSION)
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
}

/// The address of an example game file, relative to the page.
pub fn game_url(name: &str) -> String {
    format!("{GAMES_DIR}/{name}")
}

/// One sentence for a file that could not be read: the first problem, and
/// how many more there are.
pub fn describe_problems(problems: &[Problem]) -> String {
    match problems {
        [] => "The file could not be read.".to_string(),
        [one] => one.to_string(),
        [first, rest @ ..] => {
            let more = rest.len();
            let s = if more == 1 { "" } else { "s" };
            format!("{first} (and {more} more problem{s})")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablecraft_engine::Location;

    #[test]
    fn reads_a_list_of_game_files() {
        let names = parse_index(r#"["nim12.game.xml", "ball_puzzle-2.game.xml"]"#).unwrap();
        assert_eq!(names, vec!["nim12.game.xml", "ball_puzzle-2.game.xml"]);
        assert_eq!(parse_index("[]").unwrap(), Vec::<String>::new());
    }

    #[test]
    fn refuses_what_is_not_a_list_of_names() {
        assert!(parse_index("").is_err());
        assert!(parse_index(r#"{"games": []}"#).is_err());
        assert!(parse_index("[1, 2]").is_err());
    }

    #[test]
    fn refuses_names_outside_the_games_folder() {
        for bad in [
            "../secret.game.xml",
            "sub/nim.game.xml",
            "sub\\nim.game.xml",
            ".game.xml",
            ".hidden.game.xml",
            "nim.xml",
            "nim.game.xml?x=1",
            "nim game.game.xml",
        ] {
            let json = serde_json::to_string(&[bad]).unwrap();
            assert!(parse_index(&json).is_err(), "{bad} was accepted");
        }
    }

    #[test]
    fn refuses_a_name_listed_twice() {
        let err = parse_index(r#"["a.game.xml", "a.game.xml"]"#).unwrap_err();
        assert!(err.contains("twice"), "{err}");
    }

    #[test]
    fn builds_urls_relative_to_the_page() {
        assert_eq!(game_url("nim12.game.xml"), "games/nim12.game.xml");
    }

    #[test]
    fn describes_the_first_problem_and_counts_the_rest() {
        let p = |m: &str| Problem::new(Location::in_file(3, 5), m);
        assert_eq!(describe_problems(&[]), "The file could not be read.");
        assert_eq!(describe_problems(&[p("Bad tag.")]), "line 3, column 5: Bad tag.");
        assert_eq!(
            describe_problems(&[p("Bad tag."), p("Other.")]),
            "line 3, column 5: Bad tag. (and 1 more problem)"
        );
        assert_eq!(
            describe_problems(&[p("A."), p("B."), p("C.")]),
            "line 3, column 5: A. (and 2 more problems)"
        );
    }
}
