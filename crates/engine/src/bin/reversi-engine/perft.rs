use std::time::Instant;

use clap::Args;
use reversi_engine::{Board, Color, perft};

use crate::UsageError;

#[derive(Args)]
pub struct PerftArgs {
    /// Plies to search from the position.
    depth: u32,
}

pub fn run(args: PerftArgs) -> Result<(), UsageError> {
    if args.depth > 20 {
        return Err(UsageError(format!(
            "depth {} is too deep (at most 20)",
            args.depth
        )));
    }
    let position = Board::start(Color::Black).position();
    let started = Instant::now();
    let nodes = perft(position, args.depth);
    let seconds = started.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    println!(
        "perft depth={} nodes={nodes} seconds={seconds:.3} mnps={mnps:.1}",
        args.depth
    );
    Ok(())
}
