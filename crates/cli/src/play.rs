//! Playing in the terminal: choose a numbered step, or e / p / u / q.

use crate::show;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::{Position, Rules, Status};

pub fn run(rules: Arc<Rules>) -> ExitCode {
    let mut pos = Position::new(rules);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut shown = Vec::new();
    loop {
        print!("{}", show::position(&pos));
        show::rule_errors(&pos, &mut shown);
        if let Status::Over { .. } = pos.status() {
            return ExitCode::SUCCESS;
        }
        let mut options = vec!["number = step", "u = take back", "q = quit"];
        if pos.can_end_move() {
            options.insert(1, "e = end move");
        }
        if pos.can_pass() {
            options.insert(1, "p = pass");
        }
        print!("{}> ", options.join(", "));
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else {
            return ExitCode::SUCCESS;
        };
        let before = pos.history().len();
        let result = match line.trim() {
            "q" => return ExitCode::SUCCESS,
            "e" => pos.end_move().map(|_| ()),
            "p" => pos.pass(),
            "u" => {
                pos.take_back();
                Ok(())
            }
            n => match n
                .parse::<usize>()
                .ok()
                .and_then(|n| pos.legal_steps().get(n.wrapping_sub(1)).copied())
            {
                Some(step) => pos.play(step.figure, step.to).map(|_| ()),
                None => {
                    println!("Type the number of a step.");
                    continue;
                }
            },
        };
        match result {
            Ok(()) => {
                for entry in pos.history().iter().skip(before) {
                    println!("{}", show::action(pos.rules(), entry.player, &entry.action));
                    for w in &entry.warnings {
                        println!("  warning: {w}");
                    }
                }
            }
            Err(refusal) => println!("{refusal}"),
        }
    }
}
