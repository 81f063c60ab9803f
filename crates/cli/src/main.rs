//! `tablecraft`: check, show, play and measure game files in a terminal.

mod bench;
mod perft;
mod play;
mod show;
mod solve;

use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::{open, Position, Rules};

const USAGE: &str = "\
tablecraft — table games from the command line

  tablecraft check FILE   check a game file and list its problems
  tablecraft show FILE    show the starting position and the legal steps
  tablecraft play FILE    play in the terminal by choosing numbered steps
  tablecraft bench FILE   measure legal-step generation, apply/undo, search and playout speed
  tablecraft perft FILE DEPTH
                          how many whole-move sequences of each length 1..DEPTH there are
                          from the start (a pass and a move of several steps count as one)
  tablecraft solve FILE [SECONDS]
                          the game's value with best play, the best first move and the
                          line of play (a puzzle: a shortest solution); 60 s at most by default
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(command), Some(path)) = (args.first(), args.get(1)) else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = match open(&text) {
        Ok((_, rules)) => Arc::new(rules),
        Err(problems) => {
            for p in &problems {
                eprintln!("{path}: {p}");
            }
            eprintln!("{} problem(s)", problems.len());
            return ExitCode::FAILURE;
        }
    };
    match command.as_str() {
        "check" => {
            println!("{path}: no problems ({})", summary(&rules));
            ExitCode::SUCCESS
        }
        "show" => {
            print!("{}", show::position(&Position::new(rules)));
            ExitCode::SUCCESS
        }
        "play" => play::run(rules),
        "solve" => {
            let seconds = args.get(2).and_then(|s| s.parse::<f64>().ok()).unwrap_or(60.0);
            solve::run(rules, seconds)
        }
        "perft" => perft::run(rules, args.get(2)),
        "bench" => {
            bench::run(&rules);
            ExitCode::SUCCESS
        }
        _ => {
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn summary(rules: &Rules) -> String {
    format!(
        "{}: {} places, {} figures, {} step rules, {} moves",
        rules.game.title,
        rules.places.len(),
        rules.figures.len(),
        rules.steps.len(),
        rules.move_names.len()
    )
}
