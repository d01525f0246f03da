//! `reversi-engine`: the engine's command line, a thin layer over the library for power users,
//! benchmarks and tests. Each subcommand lives in its own module; all of them write through one
//! locked standard output, and a write that fails ends the command (quietly for a closed pipe).

mod analyze;
mod bench;
mod best;
mod book;
mod database;
mod duel;
mod ggf_file;
mod input_file;
mod nboard;
mod options;
mod perft;
mod selfplay;
mod show;
mod solve;
mod sparring;
mod variant;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "reversi-engine",
    version,
    about = "Reversi (Othello) engine tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree DEPTH plies deep (a pass is a ply).
    Perft(perft::PerftArgs),
    /// Show a game or position: the board, side to move, legal moves, disc counts, result.
    Show(show::ShowArgs),
    /// Solve exactly every position of a file of board strings / OBF lines.
    Solve(solve::SolveArgs),
    /// The move a level would play, with its score and expected line.
    Best(best::BestArgs),
    /// Every legal move with its score (exact when solved).
    Analyze(analyze::AnalyzeArgs),
    /// A match between two levels, colours alternating, from varied openings.
    Selfplay(selfplay::SelfplayArgs),
    /// A match between two evaluations at the same fixed depth, from varied openings.
    Match(duel::MatchArgs),
    /// A sparring partner that errs like a person against a level, from varied openings.
    Sparring(sparring::SparringArgs),
    /// Search every position of a file to a fixed depth (or for a fixed time) on one thread:
    /// nodes, time and depth reached, the midgame search's benchmark.
    Bench(bench::BenchArgs),
    /// The opening book: build (or continue) one, or show the book moves of a position.
    Book(book::BookArgs),
    /// The WTHOR game database: the games of a folder that reached a position, or a folder
    /// made from transcripts or random games.
    Database(database::DatabaseArgs),
    /// Speak the NBoard protocol (version 2) on standard input and output, for the NBoard GUI.
    Nboard(nboard::NboardArgs),
}

/// Why a command ended early.
pub enum Failure {
    /// Bad input on the command line: exit status 2, like clap's own argument errors.
    Usage(String),
    /// The input is fine but cannot be served (not enough memory): exit status 1.
    Cannot(String),
    /// Standard output cannot be written: exit status 1, or 0 when the reader has gone.
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Output(error)
    }
}

/// Runs a command that writes through one locked standard output, flushed at the end.
fn with_stdout(
    command: impl FnOnce(&mut io::StdoutLock<'static>) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    command(&mut out).and_then(|()| Ok(out.flush()?))
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        // Its search thread writes too: it takes standard output line by line.
        Command::Nboard(args) => nboard::run(args),
        Command::Perft(args) => with_stdout(|out| perft::run(args, out)),
        Command::Show(args) => with_stdout(|out| show::run(args, out)),
        Command::Solve(args) => with_stdout(|out| solve::run(args, out)),
        Command::Best(args) => with_stdout(|out| best::run(args, out)),
        Command::Analyze(args) => with_stdout(|out| analyze::run(args, out)),
        Command::Selfplay(args) => with_stdout(|out| selfplay::run(args, out)),
        Command::Match(args) => with_stdout(|out| duel::run(args, out)),
        Command::Sparring(args) => with_stdout(|out| sparring::run(args, out)),
        Command::Bench(args) => with_stdout(|out| bench::run(args, out)),
        Command::Book(args) => with_stdout(|out| book::run(args, out)),
        Command::Database(args) => with_stdout(|out| database::run(args, out)),
    };
    let (message, status) = match result {
        Ok(()) => return ExitCode::SUCCESS,
        // `... | head` closed the pipe: the reader has what it wanted.
        Err(Failure::Output(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
            return ExitCode::SUCCESS;
        }
        Err(Failure::Usage(message)) => (message, 2),
        Err(Failure::Cannot(message)) => (message, 1),
        Err(Failure::Output(error)) => (format!("cannot write output: {error}"), 1),
    };
    // Nothing is left to tell if standard error is gone too.
    let _ = writeln!(io::stderr(), "reversi-engine: {message}");
    ExitCode::from(status)
}
