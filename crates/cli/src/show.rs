//! The position as text.

use std::fmt::Write;
use tablecraft_engine::rules::Rules;
use tablecraft_engine::{Action, Position, Status};

/// The table, whose turn it is, and the numbered legal steps.
pub fn position(pos: &Position) -> String {
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
                        Some(&f) => format!("{:>5}", short(rules, f)),
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
        let names: Vec<&str> = state.on(i as u16).iter().map(|&f| rules.figure_name(f)).collect();
        let _ = writeln!(
            out,
            "{}: {}",
            p.name,
            if names.is_empty() {
                "(empty)".into()
            } else {
                names.join(" ")
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
                    rules.figure_name(s.figure),
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

fn short(rules: &Rules, f: u16) -> String {
    let name = rules.figure_name(f);
    name.chars().take(4).collect()
}

/// One line of the progress log.
pub fn action(rules: &Rules, player: u8, action: &Action) -> String {
    match action {
        Action::Step(s) => format!(
            "player {player}: {} from {} to {} (approved by {})",
            rules.figure_name(s.figure),
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
    for p in pos.rule_errors() {
        let text = p.to_string();
        if !shown.contains(&text) {
            println!("  warning: {text}");
            shown.push(text);
        }
    }
}
