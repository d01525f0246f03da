//! The lines NBoard sends (protocol version 2), read into commands; anything malformed is an
//! error that says what was expected, never a panic.

use reversi_engine::Move;
use reversi_engine::format::{GgfError, GgfGame, bounded_seconds, excerpt, parse_ggf};
use thiserror::Error;

/// One command from the GUI.
#[derive(Debug, PartialEq)]
pub enum Command {
    /// `nboard 2`: the session starts; the version the GUI speaks.
    Nboard(u32),
    /// `set depth N`: the midgame depth, 1 to 60.
    SetDepth(u8),
    /// `set game (;GM[Othello]...;)`: the position at the end of this game is the current one.
    SetGame(Box<GgfGame>),
    /// `set contempt N`: what a book draw is worth to Black, in centi-discs.
    SetContempt(f64),
    /// `move f5/1.5/2.1`: a move played, with the evaluation and time that the GUI records.
    Move {
        mv: Move,
        eval: Option<f64>,
        time: Option<f64>,
    },
    /// `hint N`: evaluate the N best moves, reporting as the search deepens.
    Hint(usize),
    /// `go`: the move the engine would play (the board is not changed).
    Go,
    /// `ping N`: stop thinking, then answer `pong N`.
    Ping(i64),
    /// `learn`: learn the current game (answered `learned`).
    Learn,
    /// `analyze`: evaluate every position of the game, from the end back to the start.
    Analyze,
    /// `quit`: end the session (as the end of the input does).
    Quit,
}

/// Why a line is not a command this engine can follow.
#[derive(Debug, Error)]
pub enum ProtocolError {
    #[error("unknown command '{0}' (ignored)")]
    Unknown(String),
    #[error("'{command}' needs {what}")]
    Missing {
        command: &'static str,
        what: &'static str,
    },
    #[error("'{command}': '{}' is not {expected}", excerpt(.found))]
    Bad {
        command: &'static str,
        found: String,
        expected: &'static str,
    },
    #[error("'set game': {0}")]
    Game(#[from] GgfError),
}

/// The command on `line`, or `None` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, ProtocolError> {
    let line = line.trim();
    let (word, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(word, rest)| (word, rest.trim()));
    let command = match word {
        "" => return Ok(None),
        "nboard" => Command::Nboard(number(rest, "nboard", "a protocol version")?),
        "set" => parse_set(rest)?,
        "move" => parse_move(rest)?,
        "hint" => match number::<usize>(rest, "hint", "a number of moves (1 or more)")? {
            0 => {
                return Err(ProtocolError::Bad {
                    command: "hint",
                    found: rest.to_string(),
                    expected: "a number of moves (1 or more)",
                });
            }
            count => Command::Hint(count),
        },
        "go" => Command::Go,
        "ping" => Command::Ping(number(rest, "ping", "a whole number")?),
        "learn" => Command::Learn,
        "analyze" => Command::Analyze,
        "quit" => Command::Quit,
        other => return Err(ProtocolError::Unknown(excerpt(other).into_owned())),
    };
    Ok(Some(command))
}

fn parse_set(rest: &str) -> Result<Command, ProtocolError> {
    let (what, value) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(what, value)| (what, value.trim()));
    match what {
        "depth" => match number::<u8>(value, "set depth", "a depth from 1 to 60")? {
            depth @ 1..=60 => Ok(Command::SetDepth(depth)),
            _ => Err(ProtocolError::Bad {
                command: "set depth",
                found: value.to_string(),
                expected: "a depth from 1 to 60",
            }),
        },
        "game" => {
            if value.is_empty() {
                return Err(ProtocolError::Missing {
                    command: "set game",
                    what: "a game in GGF, (;GM[Othello]...;)",
                });
            }
            let record = parse_ggf(value)?;
            if record.game.standard_board().is_none() {
                return Err(ProtocolError::Bad {
                    command: "set game",
                    found: format!("a game of {}", record.game.rules().variant),
                    expected: "an 8x8 Othello game",
                });
            }
            Ok(Command::SetGame(Box::new(record)))
        }
        "contempt" => {
            let contempt: f64 = number(value, "set contempt", "a number")?;
            if contempt.is_finite() {
                Ok(Command::SetContempt(contempt))
            } else {
                Err(ProtocolError::Bad {
                    command: "set contempt",
                    found: value.to_string(),
                    expected: "a number",
                })
            }
        }
        "" => Err(ProtocolError::Missing {
            command: "set",
            what: "depth, game or contempt",
        }),
        other => Err(ProtocolError::Unknown(format!("set {}", excerpt(other)))),
    }
}

/// `move f5`, `move F5/1.5`, `move f5//2.1`, `move PA`.
fn parse_move(rest: &str) -> Result<Command, ProtocolError> {
    const EXPECTED: &str = "a move like F5/eval/time (eval and time optional) or PA";
    let bad = || ProtocolError::Bad {
        command: "move",
        found: rest.to_string(),
        expected: EXPECTED,
    };
    if rest.is_empty() {
        return Err(ProtocolError::Missing {
            command: "move",
            what: EXPECTED,
        });
    }
    let mut parts = rest.split('/');
    let mv: Move = parts.next().unwrap_or("").parse().map_err(|_| bad())?;
    let mut optional = || -> Result<Option<f64>, ProtocolError> {
        match parts.next().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => match text.parse::<f64>() {
                Ok(value) if value.is_finite() => Ok(Some(value)),
                _ => Err(bad()),
            },
        }
    };
    let eval = optional()?;
    // Bounded as a file's move times are: the session adds them up against the clock.
    let time = optional()?
        .and_then(bounded_seconds)
        .map(|time| time.as_secs_f64());
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok(Command::Move { mv, eval, time })
}

fn number<T: std::str::FromStr>(
    text: &str,
    command: &'static str,
    expected: &'static str,
) -> Result<T, ProtocolError> {
    if text.is_empty() {
        return Err(ProtocolError::Missing {
            command,
            what: expected,
        });
    }
    text.parse().map_err(|_| ProtocolError::Bad {
        command,
        found: text.to_string(),
        expected,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn error(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn the_commands_of_version_2_are_read() {
        assert_eq!(ok("nboard 2"), Command::Nboard(2));
        assert_eq!(ok("set depth 12"), Command::SetDepth(12));
        assert_eq!(ok("set contempt -100"), Command::SetContempt(-100.0));
        assert_eq!(
            ok("move F5/1.50/2.25"),
            Command::Move {
                mv: "f5".parse().unwrap(),
                eval: Some(1.5),
                time: Some(2.25)
            }
        );
        assert_eq!(
            ok("move pa//0.1"),
            Command::Move {
                mv: Move::Pass,
                eval: None,
                time: Some(0.1)
            }
        );
        assert_eq!(ok("hint 3"), Command::Hint(3));
        assert_eq!(ok("  go  "), Command::Go);
        assert_eq!(ok("ping 17"), Command::Ping(17));
        assert_eq!(ok("learn"), Command::Learn);
        assert_eq!(ok("analyze"), Command::Analyze);
        let Command::SetGame(game) = ok(
            "set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)",
        ) else {
            panic!("not a game");
        };
        assert_eq!(game.game.transcript(), "f5f6");
        assert!(parse("   ").unwrap().is_none());
    }

    #[test]
    fn malformed_commands_say_what_was_expected() {
        assert_eq!(error("fly"), "unknown command 'fly' (ignored)");
        assert_eq!(error("set depth"), "'set depth' needs a depth from 1 to 60");
        assert_eq!(
            error("set depth 99"),
            "'set depth': '99' is not a depth from 1 to 60"
        );
        assert_eq!(
            error("hint 0"),
            "'hint': '0' is not a number of moves (1 or more)"
        );
        assert_eq!(error("ping x"), "'ping': 'x' is not a whole number");
        assert_eq!(
            error("move z9"),
            "'move': 'z9' is not a move like F5/eval/time (eval and time optional) or PA"
        );
        assert!(error("move f5/x").starts_with("'move': 'f5/x'"));
        assert_eq!(
            error("set game (;GM[Othello]B[f5]"),
            "'set game': GGF game 1: the game starting at character 1 is cut short: it has no closing ;)"
        );
        assert_eq!(
            error("set colour red"),
            "unknown command 'set colour' (ignored)"
        );
    }
}
