//! The command line, checked before any file is read.

use tablecraft_engine::search::arena::Side;

/// What to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// A command on a game file.
    OnFile { path: String, command: OnFile },
    /// `fuzz SECONDS [SEED]`.
    Fuzz { seconds: f64, seed: u64 },
    /// `bench` without a file: the engine beside hand-written code.
    Yardsticks,
}

/// The commands that read a game file.
#[derive(Debug, Clone, PartialEq)]
pub enum OnFile {
    Check,
    /// `show FILE [--reveal]`.
    Show {
        reveal: bool,
    },
    /// `play FILE [--seed S] [--as PLAYER] [--reveal]`: `viewer` is the
    /// one player whose view is shown (none: each player's in turn).
    Play {
        seed: u64,
        viewer: Option<u8>,
        reveal: bool,
    },
    Bench,
    /// `solve FILE [SECONDS] [--reveal]`.
    Solve {
        seconds: f64,
        reveal: bool,
    },
    Perft {
        depth: u32,
    },
    /// `match FILE --a SIDE --b SIDE [--games N] [--seed S]`.
    Match {
        a: Side,
        b: Side,
        games: u32,
        seed: u64,
    },
    /// `engine FILE [--seed S]`.
    Engine {
        seed: u64,
    },
}

/// The longest a search or a fuzz run may be asked for: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// Reads the arguments (without the program name).
///
/// # Errors
/// What is wrong with them, in a sentence.
pub fn parse(args: &[String]) -> Result<Command, String> {
    let Some(command) = args.first() else {
        return Err("tell me what to do".into());
    };
    let arg = |i: usize| args.get(i).map(String::as_str);
    if command == "fuzz" {
        let seconds = seconds(arg(1).ok_or("fuzz needs SECONDS, like: tablecraft fuzz 60")?)?;
        let seed = match arg(2) {
            None => 1,
            Some(s) => s
                .parse()
                .map_err(|_| format!("'{s}' is not a seed: write a whole number like 7"))?,
        };
        extra(args, 3)?;
        return Ok(Command::Fuzz { seconds, seed });
    }
    if command == "bench" && args.len() == 1 {
        return Ok(Command::Yardsticks);
    }
    if command == "match" || command == "engine" {
        let path = arg(1).ok_or_else(|| format!("{command} needs a game FILE"))?;
        let command = flagged(command, &args[2..])?;
        return Ok(Command::OnFile {
            path: path.to_string(),
            command,
        });
    }
    // Flags come after the words in their places.
    let flags_at = args
        .iter()
        .position(|a| a.starts_with("--"))
        .unwrap_or(args.len());
    let (args, flags) = args.split_at(flags_at);
    let arg = |i: usize| args.get(i).map(String::as_str);
    let command = match command.as_str() {
        "check" => OnFile::Check,
        "show" => OnFile::Show { reveal: false },
        "play" => OnFile::Play {
            seed: 1,
            viewer: None,
            reveal: false,
        },
        "bench" => OnFile::Bench,
        "solve" => OnFile::Solve {
            seconds: arg(2).map_or(Ok(60.0), seconds)?,
            reveal: false,
        },
        "perft" => OnFile::Perft {
            depth: depth(arg(2).ok_or("perft needs a DEPTH, like: tablecraft perft FILE 4")?)?,
        },
        other => return Err(format!("there is no command '{other}'")),
    };
    let path = arg(1).ok_or_else(|| format!("{} needs a game FILE", args[0]))?;
    let command = switched(&args[0], command, flags)?;
    extra(
        args,
        if matches!(command, OnFile::Solve { .. } | OnFile::Perft { .. }) {
            3
        } else {
            2
        },
    )?;
    Ok(Command::OnFile {
        path: path.to_string(),
        command,
    })
}

/// `match` and `engine` after their FILE: flags, each with its value.
fn flagged(command: &str, flags: &[String]) -> Result<OnFile, String> {
    let (mut a, mut b, mut games, mut seed) = (None, None, 2u32, 1u64);
    let mut rest = flags.iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag} needs a value after it"))?;
        match (command, flag.as_str()) {
            ("match", "--a") => a = Some(value.parse::<Side>()?),
            ("match", "--b") => b = Some(value.parse::<Side>()?),
            ("match", "--games") => {
                games = match value.parse::<u32>() {
                    Ok(n) if (1..=100_000).contains(&n) => n,
                    _ => return Err(format!("'{value}' is not a number of games: write one like 40")),
                }
            }
            (_, "--seed") => {
                seed = value
                    .parse()
                    .map_err(|_| format!("'{value}' is not a seed: write a whole number like 7"))?
            }
            _ => return Err(format!("{command} has no option '{flag}'")),
        }
    }
    Ok(match command {
        "match" => OnFile::Match {
            a: a.ok_or("match needs --a, like: --a master:1000")?,
            b: b.ok_or("match needs --b, like: --b good:400")?,
            games,
            seed,
        },
        _ => OnFile::Engine { seed },
    })
}

/// `show`, `solve` and `play` after their words: `--reveal`, and `play`'s
/// `--seed S` and `--as PLAYER`.
fn switched(name: &str, command: OnFile, flags: &[String]) -> Result<OnFile, String> {
    let mut command = command;
    let mut rest = flags.iter();
    while let Some(flag) = rest.next() {
        let no_option = || format!("{name} has no option '{flag}'");
        if !flag.starts_with("--") {
            return Err(format!("put '{flag}' before the options"));
        }
        if flag == "--reveal" {
            match &mut command {
                OnFile::Show { reveal } | OnFile::Solve { reveal, .. } | OnFile::Play { reveal, .. } => {
                    *reveal = true
                }
                _ => return Err(no_option()),
            }
            continue;
        }
        let OnFile::Play { seed, viewer, .. } = &mut command else {
            return Err(no_option());
        };
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag} needs a value after it"))?;
        match flag.as_str() {
            "--seed" => {
                *seed = value
                    .parse()
                    .map_err(|_| format!("'{value}' is not a seed: write a whole number like 7"))?
            }
            "--as" => match value.parse::<u8>() {
                Ok(p) if (1..=4).contains(&p) => *viewer = Some(p),
                _ => return Err(format!("'{value}' is not a player: write a number from 1 to 4")),
            },
            _ => return Err(no_option()),
        }
    }
    Ok(command)
}

fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => Ok(s),
        Ok(_) => Err(format!(
            "'{text}' seconds is out of range: write a number of seconds above 0 and at most {MAX_SECONDS}"
        )),
        Err(_) => Err(format!(
            "'{text}' is not a number of seconds: write one like 5 or 0.5"
        )),
    }
}

fn depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(d) if (1..=crate::perft::MAX_DEPTH).contains(&d) => Ok(d),
        _ => Err(format!(
            "'{text}' is not a depth: write a whole number from 1 to {}",
            crate::perft::MAX_DEPTH
        )),
    }
}

fn extra(args: &[String], expected: usize) -> Result<(), String> {
    match args.get(expected) {
        Some(more) => Err(format!("'{more}' is one argument too many")),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Command, String> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn arguments_are_checked_before_any_file_is_read() {
        let solve = |s: f64| Command::OnFile {
            path: "g.xml".into(),
            command: OnFile::Solve {
                seconds: s,
                reveal: false,
            },
        };
        assert_eq!(p(&["solve", "g.xml"]), Ok(solve(60.0)));
        assert_eq!(p(&["solve", "g.xml", "0.5"]), Ok(solve(0.5)));
        assert!(p(&["solve", "g.xml", "abc"])
            .unwrap_err()
            .contains("'abc' is not a number of seconds"));
        assert!(p(&["solve", "g.xml", "-5"]).unwrap_err().contains("out of range"));
        assert!(p(&["solve", "g.xml", "NaN"])
            .unwrap_err()
            .contains("out of range"));
        assert!(p(&["solve", "g.xml", "inf"])
            .unwrap_err()
            .contains("out of range"));
        assert!(p(&["frobnicate", "g.xml"])
            .unwrap_err()
            .contains("no command 'frobnicate'"));
        assert!(p(&["check"]).unwrap_err().contains("check needs a game FILE"));
        assert!(p(&["check", "a", "b"])
            .unwrap_err()
            .contains("'b' is one argument too many"));
        assert!(p(&[]).is_err());
        assert_eq!(
            p(&["fuzz", "60"]),
            Ok(Command::Fuzz {
                seconds: 60.0,
                seed: 1
            })
        );
        assert_eq!(
            p(&["fuzz", "2", "9"]),
            Ok(Command::Fuzz {
                seconds: 2.0,
                seed: 9
            })
        );
        assert!(p(&["fuzz"]).is_err());
        assert_eq!(p(&["bench"]), Ok(Command::Yardsticks));
        assert_eq!(
            p(&["bench", "g.xml"]),
            Ok(Command::OnFile {
                path: "g.xml".into(),
                command: OnFile::Bench
            })
        );
        assert!(p(&["fuzz", "0"]).is_err());
    }

    #[test]
    fn show_solve_and_play_read_their_flags() {
        let on = |command| {
            Ok(Command::OnFile {
                path: "g.xml".into(),
                command,
            })
        };
        assert_eq!(
            p(&["show", "g.xml", "--reveal"]),
            on(OnFile::Show { reveal: true })
        );
        assert_eq!(
            p(&["solve", "g.xml", "5", "--reveal"]),
            on(OnFile::Solve {
                seconds: 5.0,
                reveal: true
            })
        );
        assert_eq!(
            p(&["play", "g.xml", "--seed", "7", "--as", "2"]),
            on(OnFile::Play {
                seed: 7,
                viewer: Some(2),
                reveal: false
            })
        );
        assert!(p(&["play", "g.xml", "--as", "5"])
            .unwrap_err()
            .contains("'5' is not a player"));
        assert!(p(&["play", "g.xml", "--seed"])
            .unwrap_err()
            .contains("--seed needs a value"));
        assert!(p(&["show", "g.xml", "--seed", "3"])
            .unwrap_err()
            .contains("show has no option '--seed'"));
        assert!(p(&["check", "g.xml", "--reveal"])
            .unwrap_err()
            .contains("check has no option '--reveal'"));
        assert!(p(&["solve", "g.xml", "--reveal", "5"])
            .unwrap_err()
            .contains("put '5' before the options"));
    }

    #[test]
    fn a_match_and_the_engine_read_their_flags() {
        let Ok(Command::OnFile {
            path,
            command: OnFile::Match { a, b, games, seed },
        }) = p(&[
            "match",
            "g.xml",
            "--a",
            "master:1000",
            "--b",
            "beginner:200",
            "--games",
            "40",
        ])
        else {
            panic!("a match");
        };
        assert_eq!(
            (path.as_str(), a.to_string(), b.to_string()),
            ("g.xml", "master:1000".into(), "beginner:200".into())
        );
        assert_eq!((games, seed), (40, 1));
        assert!(p(&["match", "g.xml", "--a", "master"])
            .unwrap_err()
            .contains("needs --b"));
        assert!(
            p(&["match", "g.xml", "--a", "master", "--b", "good", "--games", "none"])
                .unwrap_err()
                .contains("not a number of games")
        );
        assert!(p(&["match", "g.xml", "--a"])
            .unwrap_err()
            .contains("--a needs a value"));
        assert!(p(&["match", "g.xml", "--c", "x"])
            .unwrap_err()
            .contains("no option '--c'"));
        assert_eq!(
            p(&["engine", "g.xml", "--seed", "9"]),
            Ok(Command::OnFile {
                path: "g.xml".into(),
                command: OnFile::Engine { seed: 9 }
            })
        );
        assert!(p(&["engine"]).unwrap_err().contains("engine needs a game FILE"));
        assert!(p(&["engine", "g.xml", "--a", "good"])
            .unwrap_err()
            .contains("no option"));
    }
}
