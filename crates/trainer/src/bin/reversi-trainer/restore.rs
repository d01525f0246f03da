//! `reversi-trainer restore`: a stopped run's checkpoints written from its weights.

use std::path::PathBuf;

use crate::Failure;
use crate::options::{HiddenShapeArgs, read_weights};

#[derive(clap::Args)]
pub struct RestoreArgs {
    /// The weights a run wrote when it stopped after some phases.
    #[arg(long)]
    weights: PathBuf,
    /// How many phases, the last ones, it had fitted (its --stop-after).
    #[arg(long)]
    phases_done: u32,
    /// The run's directory, new or without a checkpoint.
    #[arg(long)]
    dir: PathBuf,
    /// The run's --seed, --hidden-epochs (0: a run without hidden parts),
    /// --hidden-learning-rate and the hidden parts' shape: its hidden parts' checkpoints are
    /// checked against them.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 16)]
    hidden_epochs: u32,
    #[arg(long, default_value_t = 0.01)]
    hidden_learning_rate: f32,
    #[command(flatten)]
    hidden_shape: HiddenShapeArgs,
}

pub fn run(args: RestoreArgs) -> Result<String, Failure> {
    let weights = read_weights(&args.weights)?.weights;
    if args.phases_done as usize > weights.phases {
        return Err(Failure::Usage(format!(
            "--phases-done {}: {} has {} phases",
            args.phases_done,
            args.weights.display(),
            weights.phases
        )));
    }
    let checkpoint = args.dir.join("fit.ckpt");
    if checkpoint.exists() {
        return Err(Failure::file(
            &checkpoint,
            "the run has a checkpoint already",
        ));
    }
    let config =
        args.hidden_shape
            .config(args.hidden_epochs, args.hidden_learning_rate, args.seed)?;
    std::fs::create_dir_all(&args.dir).map_err(|error| Failure::file(&args.dir, error))?;
    if args.hidden_epochs > 0 {
        reversi_trainer::hidden::restore_checkpoints(
            &weights,
            args.phases_done as usize,
            &args.dir,
            &config,
        )
        .map_err(|error| Failure::file(&args.weights, error))?;
    }
    reversi_trainer::fit::save_checkpoint(
        &checkpoint,
        &reversi_trainer::fit::Model::from_weights(&weights),
        args.phases_done,
    )
    .map_err(|error| Failure::file(&args.dir, error))?;
    Ok(format!(
        "wrote the checkpoints of {} phases into {}: the run's own command goes on from there\n",
        args.phases_done,
        args.dir.display()
    ))
}
