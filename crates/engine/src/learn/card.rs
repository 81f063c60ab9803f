//! Any step rule as a card, not only one just taught: an example step it
//! allows (for a before → after picture), the places its patterns cover
//! (when no example can be found), and the rule in plain words.

use super::allowed::Trial;
use super::sentence::{article, capitalise, the};
use super::setup::{compile, learning_game, position_of, Demo, Setup};
use crate::model::{EquipmentKind, FigurePattern, Game, OwnerPattern, PlacePattern, StepRule};
use crate::pattern::Matcher;

/// How many set-ups [`example_of`] tries at most.
const MOST_TRIES: usize = 600;

/// A step the rule allows, to draw it: in the starting position if it
/// allows one there, otherwise with one figure put on another place first
/// (the ball on `s.3` for "from `s.3` or `s.8` back to `s.1`"). `None` when
/// the rule or the game has problems, or no such step is found.
pub fn example_of(game: &Game, rule: &StepRule) -> Option<Demo> {
    let trial = Trial::new(game, rule).ok()?;
    let rules = &trial.rules;
    let first_step = |setup: Setup| -> Option<Demo> {
        let pos = position_of(rules, &setup).ok()?;
        let step = pos.legal_steps().into_iter().next()?;
        Some(Demo::new(
            setup,
            rules.figure_name(step.figure),
            rules.place_name(step.from),
            rules.place_name(step.to),
        ))
    };
    if let Some(d) = first_step(Setup::start()) {
        return Some(d);
    }
    let mut tries = 0;
    for f in &rules.figures {
        if !figure_may_match(&rule.what, &f.name, rules.types.get(f.kind as usize)) {
            continue;
        }
        for p in &rules.places {
            if !place_matches(&rule.from, &p.name, p.kind) {
                continue;
            }
            tries += 1;
            if tries > MOST_TRIES {
                return None;
            }
            if let Some(d) = first_step(Setup::start().with(&f.name, &p.name)) {
                return Some(d);
            }
        }
    }
    None
}

fn figure_may_match(what: &FigurePattern, name: &str, kind: Option<&String>) -> bool {
    let name_ok = what
        .name
        .as_ref()
        .is_none_or(|p| Matcher::new(&p.text).matches(name));
    let kind_ok = match (&what.kind, kind) {
        (Some(p), Some(k)) => Matcher::new(&p.text).matches(k),
        _ => true,
    };
    name_ok && kind_ok
}

fn place_matches(pattern: &PlacePattern, name: &str, kind: &str) -> bool {
    pattern
        .name
        .as_ref()
        .is_none_or(|p| Matcher::new(&p.text).matches(name))
        && pattern
            .kind
            .as_ref()
            .is_none_or(|p| Matcher::new(&p.text).matches(kind))
}

/// The places a rule's `from` and `to` patterns cover (before its
/// conditions), for a picture of a rule no example was found for.
pub fn pattern_places(game: &Game, rule: &StepRule) -> (Vec<String>, Vec<String>) {
    let Ok(rules) = compile(&learning_game(game, Vec::new())) else {
        return (Vec::new(), Vec::new());
    };
    let side = |pattern: &PlacePattern| {
        rules
            .places
            .iter()
            .filter(|p| place_matches(pattern, &p.name, p.kind))
            .map(|p| p.name.clone())
            .collect::<Vec<_>>()
    };
    (side(&rule.from), side(&rule.to))
}

/// A step rule in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleWords {
    /// "A match may go from matchgroup to basket."
    pub sentence: String,
    /// One line per condition: "whose number is one more".
    pub conditions: Vec<String>,
    /// One line per side effect: "then remove the figure jumped over".
    pub effects: Vec<String>,
}

/// Any step rule of `game` in plain words: what moves, from where, to
/// where (`any square of the track`, not `track.?`); its conditions and
/// side effects each in words where a known shape is recognised, otherwise
/// as written.
pub fn rule_words(game: &Game, rule: &StepRule) -> RuleWords {
    let what = what_words(&rule.what);
    let named = rule
        .what
        .name
        .as_ref()
        .is_some_and(|p| Matcher::new(&p.text).is_exact());
    let text = format!(
        "{what} may go from {} to {}.",
        place_words(game, &rule.from),
        place_words(game, &rule.to)
    );
    let sentence = if named { text } else { capitalise(&text) };
    let from_vars: Vec<&str> = vars(&rule.from);
    let to_vars: Vec<&str> = vars(&rule.to);
    RuleWords {
        sentence,
        conditions: rule
            .when
            .iter()
            .map(|c| condition_words(c, &from_vars, &to_vars))
            .collect(),
        effects: rule.effects.iter().map(|e| effect_words(e)).collect(),
    }
}

fn vars(p: &PlacePattern) -> Vec<&str> {
    p.name
        .as_ref()
        .map(|n| n.vars.iter().map(String::as_str).collect())
        .unwrap_or_default()
}

fn what_words(what: &FigurePattern) -> String {
    let base = match (&what.name, &what.kind, &what.origin) {
        (Some(n), _, _) if Matcher::new(&n.text).is_exact() => return n.text.clone(),
        (Some(n), _, _) => format!("a figure named like {}", n.text),
        (None, Some(k), Some(o)) => format!("{} that started on {}", article(&k.text), o.text),
        (None, Some(k), None) => article(&k.text),
        (None, None, Some(o)) => format!("a figure that started on {}", o.text),
        (None, None, None) => "any figure".to_string(),
    };
    let owner = match what.owner {
        None => String::new(),
        Some(OwnerPattern::OnMove) => " of the player on move".into(),
        Some(OwnerPattern::Opponent) => " of the opponent".into(),
        Some(OwnerPattern::Player(n)) => format!(" of player {n}"),
    };
    base + &owner
}

fn place_words(game: &Game, p: &PlacePattern) -> String {
    let kind = p.kind.as_ref().map(|k| k.text.as_str());
    let grid = |text: &str, tail: &str| {
        let name = text.strip_suffix(tail)?;
        (!name.contains(['*', '?'])).then_some(name)?;
        let eq = game.equipment.iter().find(|e| e.name == name)?;
        let fits = match eq.kind {
            EquipmentKind::Board { .. } => tail == ".?.?",
            EquipmentKind::Track { .. } => tail == ".?",
            _ => false,
        };
        fits.then(|| format!("any square of {}", the(name)))
    };
    let squares = p
        .name
        .as_ref()
        .and_then(|n| grid(&n.text, ".?.?").or_else(|| grid(&n.text, ".?")));
    if let Some(words) = squares {
        return words;
    }
    match (&p.name, kind) {
        (Some(n), _) if Matcher::new(&n.text).is_exact() => n.text.clone(),
        (Some(n), _) if n.text == "*" => kind.map_or("anywhere".into(), |k| format!("any {k}")),
        (Some(n), _) if n.text.ends_with(".?.?") && !n.text[..n.text.len() - 4].contains(['*', '?']) => {
            format!("any square of {}", the(&n.text[..n.text.len() - 4]))
        }
        (Some(n), k) => {
            let m = Matcher::new(&n.text);
            match game.equipment.iter().find(|e| m.matches(&e.name)) {
                Some(e) => format!("any {} like {}", k.unwrap_or("place"), e.name),
                None => format!("any {} like {}", k.unwrap_or("place"), n.text),
            }
        }
        (None, Some(k)) => format!("any {k}"),
        (None, None) => "anywhere".into(),
    }
}

/// Text with single spaces.
fn tidy(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `[3, 8]` → `3 or 8`.
fn list_words(list: &str) -> Option<String> {
    let inner = list.trim().strip_prefix('[')?.strip_suffix(']')?;
    let items: Vec<String> = inner.split(',').map(|s| s.trim().to_string()).collect();
    if items.iter().any(String::is_empty) {
        return None;
    }
    Some(super::relations::or_list(&items))
}

fn number_words(k: i64) -> String {
    match k {
        0 => "the same number".into(),
        k if k > 0 => format!("whose number is {} more", super::relations::count_word(k)),
        k => format!("whose number is {} less", super::relations::count_word(-k)),
    }
}

/// `a + 2` → (`a`, 2); `a - 1` → (`a`, -1); `a` → (`a`, 0).
fn plus_k(text: &str) -> Option<(String, i64)> {
    let t = text.trim();
    for (sign, s) in [(" + ", 1), (" - ", -1)] {
        if let Some((a, k)) = t.split_once(sign) {
            return Some((a.trim().to_string(), s * k.trim().parse::<i64>().ok()?));
        }
    }
    (!t.is_empty() && !t.contains(' ')).then(|| (t.to_string(), 0))
}

/// Which side a variable belongs to: "from" or "to".
fn side_of<'a>(var: &str, from_vars: &[&str], to_vars: &[&str]) -> Option<&'a str> {
    if from_vars.contains(&var) {
        Some("from")
    } else if to_vars.contains(&var) {
        Some("to")
    } else {
        None
    }
}

/// A condition in words, when it has a shape children meet often;
/// otherwise "only when …" and the condition as written.
pub fn condition_words(text: &str, from_vars: &[&str], to_vars: &[&str]) -> String {
    let t = tidy(text);
    let unwrapped = t
        .strip_prefix("not (")
        .and_then(|r| r.strip_suffix(')'))
        .map(|inner| (true, inner.to_string()));
    let (negated, body) = unwrapped.unwrap_or((false, t.clone()));
    // x in [..] / x not in [..]
    let membership = body
        .split_once(" not in ")
        .map(|(a, b)| (a, b, true))
        .or_else(|| body.split_once(" in ").map(|(a, b)| (a, b, false)));
    if let Some(words) = (!negated)
        .then(|| shape_words(&body, from_vars, to_vars))
        .flatten()
    {
        return words;
    }
    if let Some((var, list, not)) = membership {
        if let (Some(side), Some(items)) = (side_of(var.trim(), from_vars, to_vars), list_words(list)) {
            let numbers = list.chars().all(|c| c.is_ascii_digit() || " ,[]-".contains(c));
            let what = if numbers {
                format!("{side} number {items}")
            } else {
                format!("{side} {items}")
            };
            return if not != negated {
                format!("but not {what}")
            } else {
                format!("only {what}")
            };
        }
    }
    if !negated {
        let side = |v: &str| side_of(v.trim(), from_vars, to_vars);
        if let Some(words) = super::relations::die_words(&body, side) {
            return words;
        }
        if let Some((left, right)) = body.split_once(" = ") {
            // to = from + k
            if let (Some((a, ka)), Some((b, kb))) = (plus_k(left), plus_k(right)) {
                let (sa, sb) = (side_of(&a, from_vars, to_vars), side_of(&b, from_vars, to_vars));
                match (sa, sb) {
                    (Some("to"), Some("from")) => return number_words(kb - ka),
                    (Some("from"), Some("to")) => return number_words(ka - kb),
                    _ => {}
                }
            }
            // to - from = k
            if let (Some((a, b)), Ok(k)) = (left.split_once(" - "), right.trim().parse::<i64>()) {
                match (
                    side_of(a.trim(), from_vars, to_vars),
                    side_of(b.trim(), from_vars, to_vars),
                ) {
                    (Some("to"), Some("from")) => return number_words(k),
                    (Some("from"), Some("to")) => return number_words(-k),
                    _ => {}
                }
            }
        }
        match body.as_str() {
            "empty(between(from, to))" => return "over an empty square".into(),
            "not empty(between(from, to))" => return "jumping over a figure".into(),
            "owner(figure) = player" => return "only your own figures".into(),
            _ => {}
        }
        if let Some(place) = body.strip_prefix("empty(").and_then(|r| r.strip_suffix(')')) {
            if !place.contains(['(', ' ']) {
                return format!("only when {place} is empty");
            }
        }
    }
    format!("only when {t}")
}

/// The shapes of steps learning writes, in words: `to - from in [1, 2]`,
/// `distance(from, to) = 1`, so many squares up, down, left or right, so
/// many in a line.
fn shape_words(body: &str, from_vars: &[&str], to_vars: &[&str]) -> Option<String> {
    const STRAIGHT: &str = "abs(row(to) - row(from)) + abs(column(to) - column(from)) = ";
    let squares = |k: i64| {
        if k == 1 {
            "one square".to_string()
        } else {
            format!("{} squares", super::relations::count_word(k))
        }
    };
    if let Some(rest) = body.strip_prefix(STRAIGHT) {
        let k = rest.split(' ').next()?.parse::<i64>().ok()?;
        let tail = rest.strip_prefix(&k.to_string())?;
        let ok = tail.is_empty() || tail == " and (row(to) = row(from) or column(to) = column(from))";
        return ok.then(|| format!("{} up, down, left or right", squares(k)));
    }
    if body == "distance(from, to) = 1" {
        return Some("one square in any direction".into());
    }
    if let Some(rest) = body.strip_prefix("distance(from, to) = ") {
        let (k, tail) = rest.split_once(' ')?;
        let k = k.parse::<i64>().ok()?;
        let line = tail == "and between(from, to) != \"\""
            || tail.starts_with("and (row(to) = row(from) or column(to) = column(from)");
        return line.then(|| format!("{} in a line, in any direction", squares(k)));
    }
    // to - from in [1, 2]
    let (diff, list) = body.split_once(" in ")?;
    let (a, b) = diff.split_once(" - ")?;
    let items: Vec<i64> = list
        .trim()
        .strip_prefix('[')?
        .strip_suffix(']')?
        .split(',')
        .map(|x| x.trim().parse::<i64>().ok())
        .collect::<Option<_>>()?;
    let (lo, hi) = (*items.iter().min()?, *items.iter().max()?);
    let sign = match (
        side_of(a.trim(), from_vars, to_vars),
        side_of(b.trim(), from_vars, to_vars),
    ) {
        (Some("to"), Some("from")) => 1,
        (Some("from"), Some("to")) => -1,
        _ => return None,
    };
    let contiguous = (lo..=hi).count() == items.len();
    (contiguous && lo.signum() == hi.signum() && lo != 0)
        .then(|| super::relations::number_range_words(sign * lo, sign * hi))
}

/// A side effect in words, for the shapes of `docs/expressions.md`;
/// otherwise "then: …" and the effect as written.
pub fn effect_words(text: &str) -> String {
    let t = tidy(text);
    let thing = |x: &str| match x.trim() {
        "figure" => "the figure".to_string(),
        "first(contains(between(from, to)))" => "the figure jumped over".to_string(),
        other => other.to_string(),
    };
    if let Some(rest) = t.strip_prefix("if ") {
        if let Some((cond, then)) = rest.split_once(" then ") {
            return format!("if {cond}, {}", effect_words(then));
        }
    }
    if let Some(rest) = t.strip_prefix("set ") {
        if let Some((trigger, value)) = rest.split_once(" to ") {
            return format!("then {trigger} becomes {value}");
        }
    }
    if let Some(rest) = t.strip_prefix("remove ") {
        return format!("then {} is taken off the table", thing(rest));
    }
    if let Some(rest) = t.strip_prefix("change ") {
        if let Some((f, kind)) = rest.rsplit_once(" to ") {
            return format!("then {} becomes {}", thing(f), article(kind.trim()));
        }
    }
    if let Some(rest) = t.strip_prefix("move ") {
        if let Some((f, place)) = rest.rsplit_once(" to ") {
            let f = f.split_once(" from ").map_or(f, |(f, _)| f);
            return format!("then {} moves to {} too", thing(f), place.trim());
        }
    }
    format!("then: {t}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::games;

    #[test]
    fn a_rule_from_a_file_has_an_example_and_words() {
        let game = games::ball_puzzle();
        let normal = &game.steps[0];
        let d = example_of(&game, normal).unwrap();
        assert_eq!(
            (d.figure.as_str(), d.from.as_str(), d.to.as_str()),
            ("b", "s.1", "s.2")
        );
        let w = rule_words(&game, normal);
        assert_eq!(
            w.sentence,
            "Any figure may go from any place like s.1 to any place like s.1."
        );
        assert_eq!(
            w.conditions,
            ["whose number is one more", "but not from number 3 or 8"]
        );
        // go-back allows nothing at the start: the ball is put on a square first.
        let back = &game.steps[1];
        let d = example_of(&game, back).unwrap();
        assert_eq!((d.from.as_str(), d.to.as_str()), ("s.3", "s.1"));
        assert_eq!(d.setup.place_of(&game, "b").as_deref(), Some("s.3"));
        let w = rule_words(&game, back);
        assert_eq!(w.conditions, ["only from s.3 or s.8"]);
        let fwd = rule_words(&game, &game.steps[2]);
        assert_eq!(
            fwd.conditions,
            ["only from number 2 or 7", "whose number is two more"]
        );
    }

    #[test]
    fn nim_take_reads_as_a_sentence() {
        let game = games::nim(12);
        let take = &game.steps[0];
        assert_eq!(
            rule_words(&game, take).sentence,
            "A match may go from matchgroup to basket."
        );
        let d = example_of(&game, take).unwrap();
        assert_eq!(d.to, "basket");
        let (from, to) = pattern_places(&game, take);
        assert_eq!(
            (from, to),
            (vec!["matchgroup".to_string()], vec!["basket".to_string()])
        );
    }

    #[test]
    fn conditions_and_effects_in_words_or_as_written() {
        assert_eq!(
            condition_words("to = from + 1", &["from"], &["to"]),
            "whose number is one more"
        );
        assert_eq!(
            condition_words("attribute(to, n) = attribute(from, n) + value(die)", &[], &[]),
            "forward as many squares as the die shows"
        );
        assert_eq!(
            condition_words("row(to) = row(from) - value(red)", &[], &[]),
            "as many rows down as red shows"
        );
        assert_eq!(
            condition_words("to = from + value(die)", &["from"], &["to"]),
            "whose number is as many more as the die shows"
        );
        assert_eq!(
            condition_words("attribute(to, n) = attribute(from, m) + value(die)", &[], &[]),
            "only when attribute(to, n) = attribute(from, m) + value(die)"
        );
        assert_eq!(
            condition_words("from != 3", &["from"], &["to"]),
            "only when from != 3"
        );
        assert_eq!(
            condition_words("empty(between(from, to))", &[], &[]),
            "over an empty square"
        );
        assert_eq!(
            condition_words("empty(matchgroup)", &[], &[]),
            "only when matchgroup is empty"
        );
        assert_eq!(
            effect_words("remove first(contains(between(from, to)))"),
            "then the figure jumped over is taken off the table"
        );
        assert_eq!(
            effect_words("change figure to crown"),
            "then the figure becomes a crown"
        );
        assert_eq!(
            effect_words("set moves to value(moves) + 1"),
            "then moves becomes value(moves) + 1"
        );
        assert_eq!(effect_words("move b from from to s.1"), "then b moves to s.1 too");
        assert_eq!(
            effect_words("if row(to) = 6 then change figure to crown"),
            "if row(to) = 6, then the figure becomes a crown"
        );
        assert_eq!(effect_words("blah"), "then: blah");
        // Nothing panics on odd text.
        for odd in ["", "not (", " in ", "= =", "a - = 3", "x in [", "if then"] {
            let _ = condition_words(odd, &["from"], &["to"]);
            let _ = effect_words(odd);
        }
    }

    #[test]
    fn an_empty_rule_reads_as_anything_anywhere() {
        let game = games::nim(12);
        let rule = StepRule {
            name: "step".into(),
            what: FigurePattern::default(),
            from: PlacePattern::default(),
            to: PlacePattern::default(),
            when: Vec::new(),
            effects: Vec::new(),
            capture: false,
        };
        assert_eq!(
            rule_words(&game, &rule).sentence,
            "Any figure may go from anywhere to anywhere."
        );
        assert!(example_of(&game, &rule).is_some());
    }
}
