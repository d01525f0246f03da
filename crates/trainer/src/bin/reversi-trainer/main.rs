//! `reversi-trainer`: regenerates the pattern evaluation's weights from nothing. The same
//! arguments give the same weights; a stopped run is resumed by running the same command again.
//! Each subcommand lives in its own module and returns what it made as text, or its `Failure`.

mod failure;
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

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use failure::Failure;

#[derive(Parser)]
#[command(name = "reversi-trainer", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// A training run: self-play games, labels, the phases' fit, the weights and the held-out
    /// report (resumable). Its options without a subcommand mean this one.
    Run(run::RunArgs),
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

/// The pipeline's options without a subcommand, as every run in RUNS.md was started, are
/// `run`'s: `reversi-trainer --dir D --out F` is `reversi-trainer run --dir D --out F`.
fn with_run_by_default(mut args: Vec<OsString>) -> Vec<OsString> {
    let first = args.get(1).and_then(|arg| arg.to_str());
    if first.is_some_and(|arg| arg.starts_with("--") && arg != "--help" && arg != "--version") {
        args.insert(1, "run".into());
    }
    args
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(with_run_by_default(std::env::args_os().collect()));
    let result = match cli.command {
        Command::Run(args) => run::run(args),
        Command::Probcut(args) => probcut::run(args),
        Command::Testset(args) => testset::run(args),
        Command::Measure(args) => measure::run(args),
        Command::Hidden(args) => hidden::run(args),
        Command::Pack(args) => pack::run(args),
        Command::Restore(args) => restore::run(args),
        Command::Refit(args) => refit::run(args),
        Command::Xot(args) => xot::run(args),
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(failure) => {
            eprintln!("reversi-trainer: {failure}");
            failure.exit_code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(words: &[&str]) -> Option<Command> {
        let args = words.iter().map(OsString::from).collect();
        Cli::try_parse_from(with_run_by_default(args))
            .ok()
            .map(|cli| cli.command)
    }

    #[test]
    fn the_pipeline_s_options_without_a_subcommand_mean_run() {
        let old = ["reversi-trainer", "--dir", "d", "--out", "w.bin", "--quick"];
        let new = [
            "reversi-trainer",
            "run",
            "--dir",
            "d",
            "--out",
            "w.bin",
            "--quick",
        ];
        assert!(matches!(command(&old), Some(Command::Run(_))));
        assert!(matches!(command(&new), Some(Command::Run(_))));
        let pack = [
            "reversi-trainer",
            "pack",
            "--games",
            "g.bin",
            "--out",
            "g.pack",
        ];
        assert!(matches!(command(&pack), Some(Command::Pack(_))));
        assert!(command(&["reversi-trainer", "--help"]).is_none());
        assert!(command(&["reversi-trainer", "--dir", "d"]).is_none());
    }
}
