//! The tags and attributes an XML game file may hold, and friendly advice
//! when a name is misspelt or out of place.

/// Every tag with the tag it belongs inside.
const HOMES: &[(&str, &str)] = &[
    ("game", ""),
    ("title", "game"),
    ("description", "game"),
    ("rules", "game"),
    ("layout", "game"),
    ("equipment", "rules"),
    ("figures", "rules"),
    ("triggers", "rules"),
    ("definitions", "rules"),
    ("steps", "rules"),
    ("moves", "rules"),
    ("game-over", "rules"),
    ("settings", "rules"),
    ("square", "equipment"),
    ("group", "equipment"),
    ("basket", "equipment"),
    ("board", "equipment"),
    ("track", "equipment"),
    ("attribute", "a piece of equipment or a <figure>"),
    ("figure", "figures"),
    ("trigger", "triggers"),
    ("define", "definitions"),
    ("step", "steps"),
    ("what", "step"),
    ("from", "step"),
    ("to", "step"),
    ("when", "step"),
    ("effect", "step"),
    ("move", "moves"),
    ("end", "game-over"),
    ("heuristic", "settings"),
    ("place", "layout"),
    ("look", "layout"),
    ("link", "layout"),
];

/// The message for a tag that is not allowed inside `parent`, which may
/// hold the tags in `allowed`.
pub(crate) fn unknown_tag(tag: &str, parent: &str, allowed: &[&str]) -> String {
    if tag.is_empty() || !tag.starts_with(|c: char| c.is_alphabetic() || c == '_') {
        return "there is a '<' that does not start a tag; inside text write it as &lt;".into();
    }
    let inside = if parent.is_empty() {
        "at the top of the file".to_string()
    } else {
        format!("inside <{parent}>")
    };
    if let Some((_, home)) = HOMES.iter().find(|(t, _)| *t == tag) {
        let home = if home.is_empty() {
            "at the top of the file".to_string()
        } else if home.starts_with('a') && home.contains(' ') {
            format!("inside {home}")
        } else {
            format!("inside <{home}>")
        };
        return format!("<{tag}> does not belong {inside}; it goes {home}");
    }
    if let Some(best) = closest(tag, allowed.iter().copied()) {
        return format!("<{tag}> is not something a game file can hold — did you mean <{best}>?");
    }
    if let Some(best) = closest(tag, HOMES.iter().map(|(t, _)| *t)) {
        return format!("<{tag}> is not something a game file can hold — did you mean <{best}>?");
    }
    if allowed.is_empty() {
        format!("<{tag}> is not something a game file can hold; <{parent}> holds no tags")
    } else {
        let list: Vec<String> = allowed.iter().map(|t| format!("<{t}>")).collect();
        format!(
            "<{tag}> is not something a game file can hold; {inside} you can use {}",
            list.join(", ")
        )
    }
}

/// The message for an attribute that `tag` does not have.
pub(crate) fn unknown_attribute(key: &str, tag: &str, allowed: &[&str]) -> String {
    match closest(key, allowed.iter().copied()) {
        Some(best) => format!("<{tag}> has no '{key}' — did you mean '{best}'?"),
        None if allowed.is_empty() => format!("<{tag}> has no '{key}'; it takes no attributes"),
        None => format!(
            "<{tag}> has no '{key}'; it can have {}",
            allowed
                .iter()
                .map(|a| format!("'{a}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The candidate nearest to `word` in spelling, if it is near enough to be
/// a likely typo.
fn closest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    let limit = (word.chars().count() / 3).clamp(1, 3);
    candidates
        .map(|c| (distance(&word, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance (insertions, deletions, substitutions), for short words.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().take(64).collect();
    let b: Vec<char> = b.chars().take(64).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let old = row[j + 1];
            row[j + 1] = if ca == cb {
                previous
            } else {
                1 + previous.min(old).min(row[j])
            };
            previous = old;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_names() {
        assert_eq!(distance("figur", "figure"), 1);
        assert_eq!(
            unknown_tag("figur", "figures", &["figure"]),
            "<figur> is not something a game file can hold — did you mean <figure>?"
        );
        assert!(unknown_tag("figure", "equipment", &["square"]).contains("goes inside <figures>"));
        assert!(unknown_attribute("colums", "board", &["rows", "columns"]).contains("'columns'"));
        assert!(unknown_tag("zebra", "moves", &["move"]).contains("you can use <move>"));
    }
}
