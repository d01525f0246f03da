//! `reversi-engine nboard`: the engine for the NBoard GUI and other programs that speak version 2
//! of the NBoard protocol on standard input and output.
//!
//! A thread reads the commands so that a search (on the worker thread) never blocks them; every
//! command stops the running search first and waits for its last reply, so `pong` always comes
//! after the replies of the searches started before the `ping`. A malformed command gets a
//! `status error: ...` line (the status line is what NBoard shows its user) and changes nothing;
//! the end of the input ends the session quietly. Lines are read as bytes, at most 1 MiB each (a
//! longer one is refused and skipped), and bytes that are not UTF-8 are read as U+FFFD, so that no
//! line can end the session or fill the memory. Where the opening book knows the position, `go`
//! and `hint` answer from it at once (`book` lines), as book engines do for NBoard; `learn` adds
//! the game's positions to a book of learned games (`--learn-file`), consulted after the shipped
//! one, and `set contempt` values the book's draws.

mod protocol;
mod session;
mod worker;

use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, SyncSender};
use std::thread;

use clap::Args;
use reversi_engine::format::MoveNote;
use reversi_engine::search::available_threads;

use crate::Failure;
use crate::options::EngineArgs;
use protocol::Command;
use session::{Session, standard_position};
use worker::{Job, Learned, Worker};

#[derive(Args)]
pub struct NboardArgs {
    #[command(flatten)]
    engine: EngineArgs,
    /// The book of learned games: `learn` adds the game's positions to it (searched at the set
    /// depth), and `go` and `hint` answer from it where the shipped book does not know the
    /// position. Created when missing.
    #[arg(long, value_name = "FILE")]
    learn_file: Option<PathBuf>,
}

/// The name NBoard shows for this engine.
const NAME: &str = "Reversi3D";

/// Writes one line to standard output at once (the search thread writes too) and flushes it:
/// the GUI reads through a pipe.
fn say(line: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}

pub fn run(args: NboardArgs) -> Result<(), Failure> {
    let threads = args.engine.threads(available_threads())?;
    let searcher = args.engine.searcher()?;
    // Bounded, so that a GUI sending faster than the engine follows waits instead of filling
    // the memory.
    let (sender, lines) = mpsc::sync_channel(QUEUED_LINES);
    thread::spawn(move || read_lines(&mut io::stdin().lock(), &sender));
    let book = args.engine.book();
    let mut session = Session::new(threads);
    let learned = match args.learn_file.map(Learned::open) {
        Some(Ok(learned)) => Some(learned),
        Some(Err(problem)) => {
            session.problem = Some(format!("{problem}: games are not learned"));
            None
        }
        None => None,
    };
    let mut worker = Worker::spawn(searcher, book, learned);
    for input in lines {
        let line = match input {
            Input::Line(line) => line,
            Input::TooLong => {
                say(&format!(
                    "status error: a line longer than {LONGEST_LINE} bytes (ignored)"
                ))?;
                continue;
            }
        };
        match protocol::parse(&line) {
            Ok(None) => {}
            Err(error) => say(&format!("status error: {error}"))?,
            Ok(Some(command)) => {
                worker.stop_and_wait();
                if !follow(command, &mut session, &mut worker)? {
                    break;
                }
            }
        }
    }
    worker.stop_and_wait();
    Ok(())
}

/// The longest line read: a GGF game with long comments fits many times over. A longer line is
/// refused and skipped, so that it cannot grow the memory without end.
const LONGEST_LINE: usize = 1 << 20;

/// Lines read ahead of the command being carried out, at most.
const QUEUED_LINES: usize = 64;

/// A line of the input, as the reading thread hands it on.
enum Input {
    /// A line without its end; bytes that are not UTF-8 (a Latin-1 player name) are replaced
    /// by U+FFFD, so the line is read like any other.
    Line(String),
    /// A line longer than [`LONGEST_LINE`], skipped to its end.
    TooLong,
}

/// Hands on the lines of `input` until its end, an error reading it, or the session's end.
fn read_lines(input: &mut impl BufRead, lines: &SyncSender<Input>) {
    // Input that cannot be read ends the session as its end does.
    while let Ok(Some(line)) = next_line(input) {
        if lines.send(line).is_err() {
            break;
        }
    }
}

/// The next line of `input`, holding at most [`LONGEST_LINE`] bytes of it; `None` at its end.
fn next_line(input: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    let limit = LONGEST_LINE as u64 + 1;
    if Read::take(&mut *input, limit).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    } else if bytes.len() > LONGEST_LINE {
        input.skip_until(b'\n')?;
        return Ok(Some(Input::TooLong));
    }
    Ok(Some(Input::Line(
        String::from_utf8_lossy(&bytes).into_owned(),
    )))
}

/// Carries out one command with no search running; false when the session ends.
fn follow(command: Command, session: &mut Session, worker: &mut Worker) -> io::Result<bool> {
    let position = session.position();
    let over = session.record.game.is_over();
    match command {
        Command::Nboard(version) => {
            say(&format!("set myname {NAME}"))?;
            if version != 2 {
                say(&format!(
                    "status error: protocol version {version} is not known: speaking version 2"
                ))?;
            }
            if let Some(problem) = session.problem.take() {
                say(&format!("status error: {problem}"))?;
            }
        }
        Command::SetDepth(depth) => session.depth = depth,
        Command::SetGame(record) => session.record = *record,
        Command::SetContempt(contempt) => session.contempt = contempt,
        Command::Move { mv, eval, time } => {
            let note = MoveNote {
                eval,
                time,
                comment: None,
            };
            if let Err(error) = session.play(mv, note) {
                say(&format!("status error: {error}"))?;
            }
        }
        Command::Hint(_) | Command::Go if over => {
            say("status error: the game is over: there is no move to search")?;
        }
        Command::Hint(count) => worker.start(Job::Hint {
            position,
            count,
            deepening: (1..=session.depth)
                .map(|depth| session.limits_for(depth))
                .collect(),
        }),
        Command::Go => worker.start(Job::Go {
            position,
            limits: session.move_limits(),
            draw_value: session.draw_value(),
        }),
        Command::Ping(number) => say(&format!("pong {number}"))?,
        Command::Learn => {
            let positions = session
                .record
                .game
                .boards()
                .iter()
                .filter_map(|board| board.to_standard())
                .map(|board| board.position())
                .collect();
            worker.start(Job::Learn {
                positions,
                depth: session.depth,
            });
        }
        Command::Analyze => {
            let mut game = session.record.game.clone();
            let mut positions = vec![(game.cursor(), standard_position(&game))];
            while game.undo() {
                positions.push((game.cursor(), standard_position(&game)));
            }
            worker.start(Job::Analyze {
                positions,
                limits: session.limits_for(session.depth),
            });
        }
        Command::Quit => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `bytes` as the reading thread hands them on.
    fn lines(bytes: &[u8]) -> Vec<Result<String, ()>> {
        let mut input = bytes;
        std::iter::from_fn(|| next_line(&mut input).unwrap())
            .map(|line| match line {
                Input::Line(line) => Ok(line),
                Input::TooLong => Err(()),
            })
            .collect()
    }

    #[test]
    fn lines_end_with_or_without_a_line_end_and_lose_it() {
        assert_eq!(
            lines(b"go\r\nping 1\n\nquit"),
            [
                Ok("go".into()),
                Ok("ping 1".into()),
                Ok(String::new()),
                Ok("quit".into())
            ]
        );
        assert_eq!(lines(b""), []);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_replaced() {
        assert_eq!(lines(b"PB[Jos\xe9]\n"), [Ok("PB[Jos\u{fffd}]".into())]);
    }

    #[test]
    fn a_line_longer_than_the_limit_is_skipped_to_its_end() {
        let longest = "x".repeat(LONGEST_LINE);
        let mut bytes = format!("{longest}\n{longest}y\nping 2\n").into_bytes();
        assert_eq!(
            lines(&bytes),
            [Ok(longest.clone()), Err(()), Ok("ping 2".into())]
        );
        // Cut off by the end of the input: refused all the same.
        bytes.truncate(2 * LONGEST_LINE + 2);
        assert_eq!(lines(&bytes), [Ok(longest), Err(())]);
    }
}
