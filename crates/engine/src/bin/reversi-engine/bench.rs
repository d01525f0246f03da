//! `reversi-engine bench FILE --depth D` (or `--move-time-ms T`): the midgame search's benchmark.
//! Every position of a file is searched on one thread from an empty table, to a fixed depth
//! (equal node counts from run to run, so they can be compared under any load) or until stopped
//! after a fixed time (the depth reached); then the totals and the nodes per second.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use clap::Args;
use reversi_engine::Position;
use reversi_engine::board::parse_board_string;
use reversi_engine::search::{DEFAULT_HASH_MB, SearchLimits, stopped_after};

use crate::Failure;
use crate::input_file::{FileKind, position_lines, read_text};
use crate::options::{DEFAULT_EVAL, new_searcher, parse_eval, parse_number};

#[derive(Args)]
pub struct BenchArgs {
    /// A file with one board string / OBF line per position (64 squares of X, O or -, then the
    /// side to move); blank lines and lines starting with # or % are skipped.
    file: String,
    /// Midgame depth of every search, in plies (1-60); the end of the game within it is solved.
    #[arg(long, default_value_t = 10, value_parser = parse_number::<u32>)]
    depth: u32,
    /// Stop each search after this many milliseconds (1 to 3600000, an hour) instead of
    /// searching to --depth: the depth of the last iteration completed by then is reported (the
    /// levels' own time planning is not used).
    #[arg(long, value_parser = parse_number::<u64>)]
    move_time_ms: Option<u64>,
    /// Search only the first K positions.
    #[arg(long, value_parser = parse_number::<usize>)]
    count: Option<usize>,
    /// Transposition table size in MiB (cleared before each position).
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = parse_number::<usize>)]
    hash_mb: usize,
    /// The evaluation: pattern (learned), hand (hand-written) or weights:FILE.
    #[arg(long, default_value = DEFAULT_EVAL)]
    eval: String,
    /// Search full width (no Multi-ProbCut).
    #[arg(long)]
    full_width: bool,
}

/// The longest time a position: an hour, in milliseconds.
const LONGEST_MS: u64 = 60 * 60 * 1000;

pub fn run(args: BenchArgs, out: &mut impl Write) -> Result<(), Failure> {
    if !(1..=60).contains(&args.depth) {
        return Err(Failure::Usage(format!(
            "--depth {} is out of range (1..=60)",
            args.depth
        )));
    }
    if let Some(ms) = args
        .move_time_ms
        .filter(|ms| !(1..=LONGEST_MS).contains(ms))
    {
        return Err(Failure::Usage(format!(
            "--move-time-ms {ms} is out of range (1..={LONGEST_MS}, an hour)"
        )));
    }
    let mut positions = read_positions(&args.file)?;
    if let Some(count) = args.count {
        positions.truncate(count);
    }
    let mut searcher = new_searcher(args.hash_mb, parse_eval(&args.eval)?)?;
    let limits = SearchLimits {
        depth: if args.move_time_ms.is_some() {
            60
        } else {
            args.depth
        },
        ..SearchLimits::depth(args.depth)
    }
    .with_selective(!args.full_width);
    let time = args.move_time_ms.map(Duration::from_millis);

    // The searches' own times: clearing the table is not searching.
    let (mut total_nodes, mut total_depth, mut seconds) = (0, 0, 0.0);
    for (n, position) in positions.iter().enumerate() {
        // Each position from an empty table, so that its count does not depend on the others.
        searcher.clear();
        let result = stopped_after(time, |stop| searcher.best_move(*position, &limits, stop));
        total_nodes += result.nodes;
        total_depth += result.depth;
        seconds += result.elapsed.as_secs_f64();
        writeln!(
            out,
            "{} empties={} move={} score={:+} depth={} nodes={} seconds={:.3}",
            n + 1,
            position.empty_count(),
            result.best.map_or("pass".to_string(), |s| s.to_string()),
            result.score,
            result.depth,
            result.nodes,
            result.elapsed.as_secs_f64()
        )?;
    }
    let count = positions.len().max(1) as f64;
    writeln!(
        out,
        "bench positions={} nodes={total_nodes} seconds={seconds:.3} mnps={:.2} mean_depth={:.2}",
        positions.len(),
        total_nodes as f64 / seconds.max(1e-9) / 1e6,
        f64::from(total_depth) / count
    )?;
    Ok(())
}

/// The positions of `file`, refusing a line that is not a board string.
fn read_positions(file: &str) -> Result<Vec<Position>, Failure> {
    let text = read_text(Path::new(file), FileKind::Positions)?;
    position_lines(&text)
        .map(|(number, line)| {
            let board = parse_board_string(line)
                .map_err(|e| Failure::Usage(format!("{file}:{number}: {e}")))?;
            Ok(board.position())
        })
        .collect()
}
