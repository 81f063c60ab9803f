//! The position as text, as one player or everyone sees it.

use std::fmt::Write;
use tablecraft_engine::rules::FigureId;
use tablecraft_engine::{Action, Position, Status};

/// Whose eyes the table is shown to: a figure they cannot see (a card face
/// down, in another player's hand) is written `hidden`, never by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// What every player sees.
    Everyone,
    /// What this player sees.
    Player(u8),
    /// Everything, hidden figures too (`--reveal`).
    All,
}

impl Viewer {
    /// The viewer of a command with `--reveal` given or not.
    pub fn revealing(reveal: bool) -> Viewer {
        match reveal {
            true => Viewer::All,
            false => Viewer::Everyone,
        }
    }

    /// Whether the viewer sees what figure `f` is.
    pub fn sees(self, pos: &Position, f: FigureId) -> bool {
        match self {
            Viewer::All => true,
            Viewer::Everyone => pos.sees(0, f),
            Viewer::Player(p) => pos.sees(p, f),
        }
    }

    /// Figure `f`'s name, or `hidden` where the viewer cannot see it.
    pub fn name(self, pos: &Position, f: FigureId) -> &str {
        match self.sees(pos, f) {
            true => pos.rules().figure_name(f),
            false => "hidden",
        }
    }
}

/// The table, whose turn it is, and the numbered legal steps, as `viewer`
/// sees them.
pub fn position(pos: &Position, viewer: Viewer) -> String {
    let rules = pos.rules();
    let state = pos.state();
    let mut out = String::new();
    let _ = writeln!(out, "{}", rules.game.title);
    for g in &rules.grids {
        let _ = writeln!(out, "{}:", g.name);
        for row in (1..=g.rows as i64).rev() {
            let cells: Vec<String> = (1..=g.columns as i64)
                .map(|c| {
                    let p = g.place(row, c).unwrap_or(0);
                    match state.on(p).first() {
                        Some(&f) => format!("{:>5}", short(viewer.name(pos, f))),
                        None => format!("{:>5}", "."),
                    }
                })
                .collect();
            let _ = writeln!(out, "  {row:>2} {}", cells.join(""));
        }
    }
    for (i, p) in rules.places.iter().enumerate() {
        if p.grid.is_some() {
            continue;
        }
        let names: Vec<&str> = state.on(i as u16).iter().map(|&f| viewer.name(pos, f)).collect();
        let _ = writeln!(
            out,
            "{}: {}",
            p.name,
            if names.is_empty() {
                "(empty)".into()
            } else {
                runs(&names)
            }
        );
    }
    for (i, t) in rules.triggers.iter().enumerate() {
        if let Some(v) = state.trigger(i as u16) {
            let _ = writeln!(out, "{} = {v}", t.name);
        }
    }
    match pos.status() {
        Status::Playing => {
            let _ = writeln!(out, "Player {} to move.", pos.to_move());
            for (i, s) in pos.legal_steps().iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  {:>3}. {} from {} to {} ({})",
                    i + 1,
                    viewer.name(pos, s.figure),
                    rules.place_name(s.from),
                    rules.place_name(s.to),
                    rules.steps[s.rule as usize].name
                );
            }
        }
        Status::Over {
            winner: 0, reason, ..
        } => {
            let _ = writeln!(out, "Game over ({reason}): nobody wins.");
        }
        Status::Over { winner, reason, .. } => {
            let _ = writeln!(out, "Game over ({reason}): player {winner} wins.");
        }
    }
    out
}

/// Names from the bottom up, a run of several hidden figures as one
/// (`hidden ×52`: a deck face down).
fn runs(names: &[&str]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let same = names[i..].iter().take_while(|&&n| n == "hidden").count();
        match same {
            0 | 1 => out.push(names[i].to_string()),
            n => out.push(format!("hidden ×{n}")),
        }
        i += same.max(1);
    }
    out.join(" ")
}

fn short(name: &str) -> String {
    name.chars().take(4).collect()
}

/// One line of the progress log, as `viewer` sees it on `pos`, the
/// position after it.
pub fn action(pos: &Position, viewer: Viewer, player: u8, action: &Action) -> String {
    let rules = pos.rules();
    match action {
        Action::Step(s) => format!(
            "player {player}: {} from {} to {} (approved by {})",
            viewer.name(pos, s.figure),
            rules.place_name(s.from),
            rules.place_name(s.to),
            rules.steps[s.rule as usize].name
        ),
        Action::EndMove { auto: true } => format!("player {player}: move complete"),
        Action::EndMove { auto: false } => format!("player {player}: ends the move"),
        Action::Pass => format!("player {player}: passes"),
        Action::Roll { faces, .. } => {
            let shown: Vec<String> = faces
                .iter()
                .map(|(d, v)| {
                    format!(
                        "{} {v}",
                        rules.dice.get(*d as usize).map_or("", |d| d.name.as_str())
                    )
                })
                .collect();
            format!("player {player}: rolled {}", shown.join(", "))
        }
    }
}

/// Prints the rule errors of this position not printed before (a step
/// condition that divides by zero, overflows or does not give yes or no),
/// each once, and remembers them in `shown`.
pub fn rule_errors(pos: &Position, shown: &mut Vec<String>) {
    for text in new_rule_errors(pos, shown) {
        println!("  warning: {text}");
    }
}

/// The rule errors of this position not in `shown`, each once, added to it.
pub fn new_rule_errors(pos: &Position, shown: &mut Vec<String>) -> Vec<String> {
    let mut new = Vec::new();
    for p in pos.rule_errors() {
        let text = p.to_string();
        if !shown.contains(&text) {
            shown.push(text.clone());
            new.push(text);
        }
    }
    new
}
