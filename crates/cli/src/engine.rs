//! `tablecraft engine FILE`: the computer player for other programs, one
//! command a line on standard input, one answer each on standard output.
//!
//! Answers are written as GTP writes them: `= ` and the result (which may
//! go on over further lines) when the command was carried out, `? ` and a
//! sentence when it was not, and an empty line after every answer. A move
//! is written as [`Move::notation`] writes it: `FROM>TO` for each step,
//! then `end` where End move is pressed; a pass is `pass`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use tablecraft_engine::search::{arena, Computer, Limits, Move, MoveGen, Options};
use tablecraft_engine::{Position, Rules, Status};

pub const HELP: &str = "\
commands, one a line:
  moves                 the whole moves of the player on move: their count, then one a line,
                        numbered from 1
  play N | play MOVE    play move number N of the list, or the move written as listed
  think MS [STRENGTH]   the move the computer chooses in MS milliseconds at STRENGTH
                        (beginner, good or master; master if not given; masterx2 for
                        two threads), then a line of how it searched
  go MS [STRENGTH]      think, then play the move chosen
  status                playing P (P on move), roll P (P must roll the dice first)
                        or over W (W won; 0 is a draw)
  roll                  roll the dice, where a roll is due
  undo                  take back the last whole move
  show                  the position as text
  new [SEED]            the game again from the start (its dice seeded by SEED)
  quit                  stop";

/// Reads commands until `quit` or the end of the input.
pub fn run(rules: Arc<Rules>, seed: u64) -> ExitCode {
    let mut session = Session::new(rules, seed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let answer = session.answer(line);
        let (mark, text) = match &answer {
            Ok(text) => ("=", text),
            Err(text) => ("?", text),
        };
        let sep = if text.is_empty() { "" } else { " " };
        if writeln!(out, "{mark}{sep}{text}\n")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
        if line == "quit" {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// A game in progress, and the moves made in it (for `undo`).
struct Session {
    rules: Arc<Rules>,
    pos: Position,
    seed: u64,
    /// The positions before each whole move, for taking one back.
    before: Vec<Position>,
    /// How many moves the computer has chosen, to seed each search apart.
    thought: u64,
    /// The computer, keeping what it learned from one move to the next.
    computer: Computer,
}

impl Session {
    fn new(rules: Arc<Rules>, seed: u64) -> Session {
        let pos = Position::with_seed(Arc::clone(&rules), seed);
        Session {
            rules,
            pos,
            seed,
            before: Vec::new(),
            thought: 0,
            computer: Computer::new(),
        }
    }

    /// The answer to one command line: its text, or why it was not done.
    fn answer(&mut self, line: &str) -> Result<String, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["moves"] => {
                let moves = self.moves();
                let mut text = moves.len().to_string();
                for (i, m) in moves.iter().enumerate() {
                    text.push_str(&format!("\n{} {}", i + 1, m.notation(&self.rules)));
                }
                Ok(text)
            }
            ["play", rest @ ..] if !rest.is_empty() => {
                let mv = self.find(&rest.join(" "))?;
                self.make(&mv)?;
                Ok(String::new())
            }
            ["think", rest @ ..] => self.think(rest).map(|(_, text)| text),
            ["go", rest @ ..] => {
                let (mv, text) = self.think(rest)?;
                self.make(&mv)?;
                Ok(text)
            }
            ["status"] => Ok(match self.pos.status() {
                Status::Over { winner, .. } => format!("over {winner}"),
                Status::Playing if self.pos.roll_due() => format!("roll {}", self.pos.to_move()),
                Status::Playing => format!("playing {}", self.pos.to_move()),
            }),
            ["roll"] => {
                let Some(&roll) = self.pos.rolls().first() else {
                    return Err("no roll can be made now".into());
                };
                let faces = self.pos.roll(roll).map_err(|r| r.to_string())?;
                let shown: Vec<String> = faces.iter().map(|(_, face)| face.to_string()).collect();
                Ok(shown.join(" "))
            }
            ["undo"] => match self.before.pop() {
                Some(pos) => {
                    self.pos = pos;
                    Ok(String::new())
                }
                None => Err("no move to take back".into()),
            },
            ["show"] => Ok(crate::show::position(&self.pos, crate::show::Viewer::Everyone)
                .trim_end()
                .to_string()),
            ["new"] => {
                *self = Session::new(Arc::clone(&self.rules), self.seed);
                Ok(String::new())
            }
            ["new", seed] => {
                let seed = seed
                    .parse()
                    .map_err(|_| format!("'{seed}' is not a seed: write a whole number like 7"))?;
                *self = Session::new(Arc::clone(&self.rules), seed);
                Ok(String::new())
            }
            ["quit"] => Ok(String::new()),
            ["help"] => Ok(HELP.to_string()),
            _ => Err(format!("'{line}' is not a command; 'help' lists them")),
        }
    }

    /// The whole moves of the player on move.
    fn moves(&self) -> Vec<Move> {
        let mut pos = self.pos.clone();
        let mut moves = Vec::new();
        MoveGen::new(&self.rules).moves(&mut pos, &mut moves);
        moves
    }

    /// The move a command names: by its number in the list, or as written.
    fn find(&self, text: &str) -> Result<Move, String> {
        let moves = self.moves();
        if moves.is_empty() {
            return Err("there is no move to make now".into());
        }
        if let Ok(n) = text.parse::<usize>() {
            return n
                .checked_sub(1)
                .and_then(|i| moves.get(i).cloned())
                .ok_or_else(|| format!("there is no move {n}: there are {}", moves.len()));
        }
        let mut found = moves.iter().filter(|m| m.notation(&self.rules) == text);
        match (found.next(), found.next()) {
            (Some(mv), None) => Ok(mv.clone()),
            (Some(_), Some(_)) => Err(format!("'{text}' is several moves: play one by its number")),
            (None, _) => Err(format!("'{text}' is not a move now; 'moves' lists them")),
        }
    }

    /// Makes a whole move, keeping the position before it.
    fn make(&mut self, mv: &Move) -> Result<(), String> {
        let before = self.pos.clone();
        if let Err(why) = arena::make(&mut self.pos, mv) {
            self.pos = before;
            return Err(why);
        }
        self.before.push(before);
        Ok(())
    }

    /// `think MS [STRENGTH]`: the move chosen and the answer's text.
    fn think(&mut self, args: &[&str]) -> Result<(Move, String), String> {
        let (ms, strength) = match args {
            [ms] => (*ms, "master"),
            [ms, strength] => (*ms, *strength),
            _ => return Err("write: think MS [STRENGTH], like think 1000 master".into()),
        };
        // `masterx2`: a strength with its threads.
        let side: arena::Side = match strength.split_once('x') {
            Some((name, threads)) => format!("{name}:{ms}x{threads}"),
            None => format!("{strength}:{ms}"),
        }
        .parse()?;
        if self.pos.status() != &Status::Playing {
            return Err("the game is over".into());
        }
        if self.pos.roll_due() {
            return Err("the dice must be rolled first: roll".into());
        }
        self.thought += 1;
        let options = Options {
            strength: side.strength,
            limits: Limits::millis(side.ms),
            seed: self.seed ^ self.thought.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            threads: side.threads,
            ..Options::default()
        };
        let choice = self.computer.choose(&self.pos, &options, &mut |_| {});
        let mv = choice.mv.ok_or("no move was found")?;
        let number = self.moves().iter().position(|m| *m == mv).map_or(0, |i| i + 1);
        let text = format!(
            "{number} {}\nnodes {} ms {:.0} method {:?} outcome {:?}",
            mv.notation(&self.rules),
            choice.nodes,
            choice.elapsed_ms,
            choice.method,
            choice.outcome
        );
        Ok((mv, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(file: &str) -> Session {
        let path = format!("{}/../../public/games/{file}", env!("CARGO_MANIFEST_DIR"));
        let (_, rules) = tablecraft_engine::open(&std::fs::read_to_string(path).unwrap()).unwrap();
        Session::new(Arc::new(rules), 1)
    }

    #[test]
    fn moves_are_listed_played_by_number_or_notation_and_taken_back() {
        let mut s = session("connect-four.game.xml");
        let listed = s.answer("moves").unwrap();
        let lines: Vec<&str> = listed.lines().collect();
        assert_eq!(lines[0], "7");
        assert_eq!(lines[1], "1 red-discs>board.6.1");
        assert_eq!(s.answer("status").unwrap(), "playing 1");
        s.answer("play 4").unwrap();
        assert_eq!(s.answer("status").unwrap(), "playing 2");
        s.answer("play yellow-discs>board.5.4").unwrap();
        assert_eq!(s.answer("status").unwrap(), "playing 1");
        assert!(s
            .answer("play red-discs>board.2.2")
            .unwrap_err()
            .contains("is not a move now"));
        assert!(s.answer("play 8").unwrap_err().contains("there is no move 8"));
        s.answer("undo").unwrap();
        s.answer("undo").unwrap();
        assert!(s.answer("undo").is_err());
        assert_eq!(s.answer("status").unwrap(), "playing 1");
        assert!(s.answer("frobnicate").unwrap_err().contains("not a command"));
    }

    #[test]
    fn the_computer_thinks_and_plays_a_listed_move() {
        let mut s = session("tic-tac-toe.game.xml");
        let text = s.answer("go 50 master").unwrap();
        let first = text.lines().next().unwrap();
        let (number, notation) = first.split_once(' ').unwrap();
        assert!((1..=9).contains(&number.parse::<usize>().unwrap()), "{text}");
        assert!(notation.contains('>'), "{text}");
        assert_eq!(s.answer("status").unwrap(), "playing 2");
        assert!(s
            .answer("think 50 wizard")
            .unwrap_err()
            .contains("not a strength"));
        assert!(s.answer("think soon").unwrap_err().contains("not a time"));
    }
}
