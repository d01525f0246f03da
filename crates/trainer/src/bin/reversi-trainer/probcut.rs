//! `reversi-trainer probcut`: the Multi-ProbCut statistics of an evaluation.

use std::path::PathBuf;

use reversi_trainer::probcut::{END_MIN, ProbCutConfig, run_probcut};

use crate::Failure;

#[derive(clap::Args)]
pub struct ProbCutArgs {
    /// Run directory: the searched positions and the settings (kept out of the repository).
    #[arg(long)]
    dir: PathBuf,
    /// Where to write the statistics file.
    #[arg(long)]
    out: PathBuf,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Positions per range of empties for the midgame fits.
    #[arg(long, default_value_t = 60)]
    positions: usize,
    /// Deepest midgame search fitted (its full-width searches take most of the time).
    #[arg(long, default_value_t = 10)]
    max_depth: u32,
    /// Positions per count of empties for the endgame fits (each is solved exactly).
    #[arg(long, default_value_t = 40)]
    end_positions: usize,
    /// Most empties with an endgame fit (from 14); the solves grow about threefold a square.
    #[arg(long, default_value_t = 24)]
    end_max: u32,
    /// Weights file to fit the statistics for (the shipped weights without one), so new weights
    /// are measured with their own statistics before they are shipped.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// A run of seconds on little data, to check the pipeline: few positions, shallow searches
    /// (overrides those options).
    #[arg(long)]
    quick: bool,
}

pub fn run(args: ProbCutArgs) -> Result<String, Failure> {
    let mut config = ProbCutConfig {
        dir: args.dir,
        out: args.out,
        seed: args.seed,
        positions: args.positions,
        max_depth: args.max_depth.clamp(3, 30),
        end_positions: args.end_positions,
        end_max: args.end_max.clamp(END_MIN, 60),
        weights: args.weights,
    };
    if args.quick {
        config.positions = 4;
        config.max_depth = 4;
        config.end_positions = 4;
        config.end_max = END_MIN + 1;
    }
    Ok(run_probcut(&config)?)
}
