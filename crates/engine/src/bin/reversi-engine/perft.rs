//! `reversi-engine perft DEPTH [--position BOARD] [--variant V]`: the leaf count of the game
//! tree, timed.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use reversi_engine::perft::perft;
use reversi_engine::variant::{VariantBoard, parse_variant_board};

use crate::Failure;
use crate::options::parse_number;
use crate::variant::{self, take_variant};

#[derive(Args)]
pub struct PerftArgs {
    /// Plies to search from the position (at most 20).
    #[arg(value_parser = parse_number::<u32>)]
    depth: u32,
    /// Start from this board string / OBF line instead of the standard start, e.g.
    /// "---------------------------OX------XO--------------------------- X".
    #[arg(long, value_name = "BOARD STRING", allow_hyphen_values = true)]
    position: Option<String>,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876; reverse- before any of them (reverse-othello) makes the fewest discs win.
    #[arg(long, default_value = "othello")]
    variant: String,
}

pub fn run(args: PerftArgs, out: &mut impl Write) -> Result<(), Failure> {
    if args.depth > 20 {
        return Err(Failure::Usage(format!(
            "depth {} is too deep (at most 20)",
            args.depth
        )));
    }
    let variant = take_variant(&mut Vec::new(), &args.variant)?;
    let board = match &args.position {
        Some(text) => parse_variant_board(variant, text)
            .map_err(|error| Failure::Usage(format!("--position: {error}")))?,
        None => VariantBoard::start(variant),
    };
    // Standard Othello's positions are counted by the fast 64-bit perft.
    let Some(standard) = board.to_standard() else {
        return variant::perft(&board, args.depth, out);
    };
    let position = standard.position();
    let started = Instant::now();
    let nodes = perft(position, args.depth);
    let seconds = started.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    writeln!(
        out,
        "perft depth={} nodes={nodes} seconds={seconds:.3} mnps={mnps:.1}",
        args.depth
    )?;
    Ok(())
}
