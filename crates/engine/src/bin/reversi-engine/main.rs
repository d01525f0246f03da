//! `reversi-engine`: the engine's command line, a thin layer over the library for power users,
//! benchmarks and tests. Each subcommand lives in its own module.

mod analyze;
mod best;
mod perft;
mod selfplay;
mod show;
mod solve;

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
}

/// Bad input given on the command line: reported on stderr with exit status 2, like clap's own
/// argument errors.
pub struct UsageError(pub String);

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Perft(args) => perft::run(args),
        Command::Show(args) => show::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Best(args) => best::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Selfplay(args) => selfplay::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("reversi-engine: {message}");
            ExitCode::from(2)
        }
    }
}
