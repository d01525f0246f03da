//! `reversi-trainer xot`: the engine's list of XOT openings.

use std::path::PathBuf;

use reversi_engine::openings::xot::{DEPTH, WINDOW};
use reversi_trainer::xot::{XotConfig, generate};

use crate::Failure;

/// `reversi-trainer xot`'s arguments.
#[derive(clap::Args)]
pub struct XotArgs {
    /// Where to write the list (the engine's is crates/engine/data/xot.txt).
    #[arg(long)]
    pub out: PathBuf,
    /// Plies of each position's search.
    #[arg(long, default_value_t = DEPTH)]
    pub depth: u32,
    /// Keep the positions scoring at most this many discs from 0 for the side to move.
    #[arg(long, default_value_t = WINDOW)]
    pub window: i32,
    /// Threads searching positions side by side (the list is the same on any number).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Search only this many positions, spread evenly over all of them: a sample to measure
    /// the time a depth takes before the whole run (the list then holds only the sample's).
    #[arg(long)]
    pub sample: Option<usize>,
    /// A run of seconds, to check the pipeline: a sample of 200 positions, 4 plies deep
    /// (overrides --depth and --sample).
    #[arg(long)]
    pub quick: bool,
}

/// Runs `reversi-trainer xot`: makes the list, writes it, and says what it found.
pub fn run(args: XotArgs) -> Result<String, Failure> {
    let config = XotConfig {
        depth: if args.quick { 4 } else { args.depth.max(1) },
        window: args.window.max(0),
        threads: args.threads.max(1),
        sample: if args.quick { Some(200) } else { args.sample },
    };
    let list = generate(&config)?;
    std::fs::write(&args.out, list.file()).map_err(|error| Failure::file(&args.out, error))?;
    Ok(format!("{}wrote {}\n", list.report(), args.out.display()))
}
