//! `reversi-trainer`: regenerates the pattern evaluation's weights from nothing. The same
//! arguments give the same weights; a stopped run is resumed by running the same command again.

mod hidden;
mod measure;
mod options;
mod pack;
mod probcut;
mod refit;
mod restore;
mod run;
mod testset;
mod xot;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "reversi-trainer",
    version,
    about,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: run::RunArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Fit the Multi-ProbCut statistics of the shipped evaluation (weights/probcut.txt), or of
    /// given weights.
    Probcut(probcut::ProbCutArgs),
    /// Solve a test set of its own, from games no run trains on (resumable, like a run).
    Testset(testset::TestSetArgs),
    /// Measure weights files on a solved test set, side by side.
    Measure(measure::MeasureArgs),
    /// Fits a hidden part on top of a run's weights, from the labels the run kept in its
    /// directory (see `hidden.rs`): `reversi-trainer hidden --dir RUN --weights RUN.bin --out
    /// FILE`. Each phase is checkpointed in the directory; the same command resumes.
    Hidden(hidden::HiddenArgs),
    /// Packs a run's games file as moves (see `packed.rs`), about a quarter of its size, for
    /// `--games-from`: a training set small enough to keep in the repository.
    Pack(pack::PackArgs),
    /// Writes a run's checkpoints from the weights `--stop-after` wrote, so that the run goes on
    /// where it stopped on a machine that has nothing of it but that file (8 MB, small enough
    /// for the repository, where the checkpoints are not): then run the same command.
    Restore(restore::RestoreArgs),
    /// Refits one phase of given weights (e.g. the shipped ones) on the phase's positions in
    /// given games and on positions branched from them, labelled by searches on the given
    /// weights; the other phases keep theirs (see `refit.rs`). Resumes like a run.
    Refit(refit::RefitArgs),
    /// Makes the engine's list of XOT openings (crates/engine/data/xot.txt): every distinct
    /// position 8 moves from the start, searched to a fixed depth, kept when near even.
    Xot(xot::XotArgs),
}

/// Prints what a command made, or its error, and gives the exit status.
fn finish(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("reversi-trainer: {error}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match args.command {
        Some(Command::Probcut(probcut_args)) => probcut::probcut(probcut_args),
        Some(Command::Testset(testset_args)) => finish(testset::testset(testset_args)),
        Some(Command::Measure(measure_args)) => finish(measure::measure(measure_args)),
        Some(Command::Hidden(hidden_args)) => finish(hidden::hidden(hidden_args)),
        Some(Command::Pack(pack_args)) => finish(pack::pack(pack_args)),
        Some(Command::Restore(restore_args)) => finish(restore::restore(restore_args)),
        Some(Command::Refit(refit_args)) => finish(refit::refit(refit_args)),
        Some(Command::Xot(xot_args)) => finish(xot::command(xot_args)),
        None => run::run(args.run),
    }
}
