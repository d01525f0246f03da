//! `reversi-trainer hidden`: a hidden part fitted on top of a finished run's weights.

use std::path::PathBuf;

use reversi_trainer::hidden::fit_hidden;

use crate::Failure;
use crate::options::{HiddenShapeArgs, read_weights};

#[derive(clap::Args)]
pub struct HiddenArgs {
    /// The run's directory, with its labels-P.bin for every phase.
    #[arg(long)]
    dir: PathBuf,
    /// The run's weights (the tables the hidden part is fitted on top of).
    #[arg(long)]
    weights: PathBuf,
    /// Where to write the weights with their hidden part.
    #[arg(long)]
    out: PathBuf,
    /// SGD passes over each phase's positions.
    #[arg(long, default_value_t = 8)]
    epochs: u32,
    /// SGD's first step size.
    #[arg(long, default_value_t = 0.01)]
    learning_rate: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    hidden_shape: HiddenShapeArgs,
}

pub fn run(args: HiddenArgs) -> Result<String, Failure> {
    let weights = read_weights(&args.weights)?.weights;
    let config = args
        .hidden_shape
        .config(args.epochs, args.learning_rate, args.seed)?;
    let fitted = fit_hidden(&weights, &args.dir, &config)?;
    std::fs::write(&args.out, fitted.to_bytes())
        .map_err(|error| Failure::file(&args.out, error))?;
    Ok(format!("wrote {}\n", args.out.display()))
}
