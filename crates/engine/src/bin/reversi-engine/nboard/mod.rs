//! `reversi-engine nboard`: the engine for the NBoard GUI and other programs that speak version 2
//! of the NBoard protocol on standard input and output.
//!
//! A thread reads the commands so that a search (on the worker thread) never blocks them; every
//! command stops the running search first and waits for its last reply, so `pong` always comes
//! after the replies of the searches started before the `ping`. A malformed command gets a
//! `status error: ...` line (the status line is what NBoard shows its user) and changes nothing;
//! the end of the input ends the session quietly. Where the opening book knows the position, `go`
//! and `hint` answer from it at once (`book` lines), as book engines do for NBoard; `learn` adds
//! the game's positions to a book of learned games (`--learn-file`), consulted after the shipped
//! one, and `set contempt` values the book's draws.

mod protocol;
mod session;
mod worker;

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc;
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
    let (sender, lines) = mpsc::channel();
    thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            // Unreadable input ends the session like its end does.
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
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
    for line in lines {
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
