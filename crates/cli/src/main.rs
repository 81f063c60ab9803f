//! `tablecraft`: check, show, play and measure game files in a terminal.

mod args;
mod bench;
mod engine;
mod fuzz;
mod matches;
mod perft;
mod play;
mod show;
mod solve;

use args::Command;
use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::{open_bytes, Position, Rules};

const USAGE: &str = "\
tablecraft — table games from the command line

  tablecraft check FILE   check a game file and list its problems
  tablecraft show FILE [--reveal]
                          show the starting position and the legal steps; a hidden figure
                          (a card face down, in a hand) is written 'hidden' unless --reveal
  tablecraft play FILE [--seed S] [--as PLAYER] [--reveal]
                          play in the terminal: choose numbered steps, r rolls the dice;
                          each player sees only what they may see (--as: always PLAYER's
                          view), with a line to look away where the turn passes
  tablecraft bench FILE   measure legal-step generation, apply/undo, search and playout speed
  tablecraft bench        the engine beside hand-written code: random playouts of Tic-Tac-Toe,
                          Connect Four, English checkers and Reversi (rules from public/games/)
                          with the ratio and the goal, and a full solve of Tic-Tac-Toe
  tablecraft perft FILE DEPTH
                          how many whole-move sequences of each length 1..DEPTH there are
                          from the start (a pass and a move of several steps count as one;
                          each outcome of a roll of the dice is an action of its own)
  tablecraft solve FILE [SECONDS] [--reveal]
                          the game's value with best play, the best first move and the
                          line of play (a puzzle: a shortest solution); 60 s at most by default
  tablecraft match FILE --a SIDE --b SIDE [--games N] [--seed S]
                          two computer players against each other, taking the first seat
                          in turn; a SIDE is STRENGTH[:MS][xTHREADS], like master:1000,
                          good:400 or master:1000x2 (default 2 games)
  tablecraft engine FILE [--seed S]
                          the computer player for other programs: commands on standard
                          input, answers on standard output ('help' lists them)
  tablecraft fuzz SECONDS [SEED]
                          open, play and search mutated game files for SECONDS; prints
                          iterations, failures and the slowest input
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match args::parse(&args) {
        Ok(c) => c,
        Err(message) => {
            eprintln!("{message}\n");
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (path, command) = match command {
        Command::Fuzz { seconds, seed } => return fuzz::run(seconds, seed),
        Command::Yardsticks => return bench::yardsticks(),
        Command::OnFile { path, command } => (path, command),
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = match open_bytes(&bytes) {
        Ok((_, rules)) => Arc::new(rules),
        Err(problems) => {
            for p in &problems {
                eprintln!("{path}: {p}");
            }
            eprintln!("{} problem(s)", problems.len());
            return ExitCode::FAILURE;
        }
    };
    match command {
        args::OnFile::Check => {
            println!("{path}: no problems ({})", summary(&rules));
            ExitCode::SUCCESS
        }
        args::OnFile::Show { reveal } => {
            let pos = Position::new(rules);
            print!("{}", show::position(&pos, show::Viewer::revealing(reveal)));
            show::rule_errors(&pos, &mut Vec::new());
            ExitCode::SUCCESS
        }
        args::OnFile::Play { seed, viewer, reveal } => play::run(rules, seed, viewer, reveal),
        args::OnFile::Solve { seconds, reveal } => solve::run(rules, seconds, reveal),
        args::OnFile::Perft { depth } => perft::run(rules, depth),
        args::OnFile::Match { a, b, games, seed } => matches::run(rules, a, b, games, seed),
        args::OnFile::Engine { seed } => engine::run(rules, seed),
        args::OnFile::Bench => {
            bench::run(&rules);
            ExitCode::SUCCESS
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
