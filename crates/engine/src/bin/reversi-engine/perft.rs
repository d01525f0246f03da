//! `reversi-engine perft DEPTH [--position BOARD] [--variant V]`: the leaf count of the game
//! tree, timed.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use reversi_engine::format::parse_board_string;
use reversi_engine::{Board, Color, perft};

use crate::Failure;
use crate::variant::{self, take_variant};

#[derive(Args)]
pub struct PerftArgs {
    /// Plies to search from the position.
    depth: u32,
    /// Start from this board string / OBF line instead of the standard start, e.g.
    /// "---------------------------OX------XO--------------------------- X".
    #[arg(long, value_name = "BOARD STRING", allow_hyphen_values = true)]
    position: Option<String>,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876.
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
    if let Some(variant) = take_variant(&mut Vec::new(), &args.variant)? {
        return variant::perft(variant, args.depth, args.position.as_deref(), out);
    }
    let board = match &args.position {
        Some(text) => parse_board_string(text)
            .map_err(|error| Failure::Usage(format!("--position: {error}")))?,
        None => Board::start(Color::Black),
    };
    let position = board.position();
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
