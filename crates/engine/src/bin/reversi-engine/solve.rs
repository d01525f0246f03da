//! `reversi-engine solve FILE`: exact endgame solving of every position in an OBF file, the
//! solver's benchmark.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use reversi_engine::format::parse_board_string;
use reversi_engine::search::{DEFAULT_HASH_MB, SearchLimits, available_threads};

use crate::Failure;
use crate::options::{DEFAULT_EVAL, new_searcher, parse_eval, parse_threads};
use crate::variant::{self, take_variant};

#[derive(Args)]
pub struct SolveArgs {
    /// A file with one board string / OBF line per position (64 squares of X, O or -, then the
    /// side to move); blank lines and lines starting with # or % are skipped.
    file: String,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    hash_mb: usize,
    /// Solve only the first K positions.
    #[arg(long)]
    count: Option<usize>,
    /// Threads searching together (default: every core); 1 gives repeatable node counts.
    #[arg(long)]
    threads: Option<String>,
    /// The evaluation ordering the moves: pattern (learned) or hand (hand-written). The scores
    /// are exact either way.
    #[arg(long, default_value = DEFAULT_EVAL)]
    eval: String,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876.
    #[arg(long, default_value = "othello")]
    variant: String,
}

pub fn run(args: SolveArgs, out: &mut impl Write) -> Result<(), Failure> {
    let eval = parse_eval(&args.eval)?;
    let threads = match &args.threads {
        Some(threads) => parse_threads(threads)?,
        None => available_threads(),
    };
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| Failure::Usage(format!("cannot read {}: {e}", args.file)))?;
    let variant = take_variant(&mut Vec::new(), &args.variant)?;
    // Every 8x8 position with Othello's rules is solved by the fast solver.
    if !variant.is_standard_8x8() {
        let mut lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(number, line)| (number + 1, line))
            .filter(|(_, line)| {
                let trimmed = line.trim();
                !(trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%'))
            })
            .collect();
        if let Some(count) = args.count {
            lines.truncate(count);
        }
        return variant::solve(variant, &lines, &args.file, out);
    }
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%') {
            continue;
        }
        // The untrimmed line, so that a character's place is its column in the file.
        let board = parse_board_string(line)
            .map_err(|e| Failure::Usage(format!("{}:{}: {e}", args.file, number + 1)))?;
        positions.push(board.position());
    }
    if let Some(count) = args.count {
        positions.truncate(count);
    }

    let mut searcher = new_searcher(args.hash_mb, eval)?;
    // No time limit and no stop: every solve runs to its exact end.
    let limits = SearchLimits::exact().with_threads(threads);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let mut total_nodes = 0;
    for (n, position) in positions.iter().enumerate() {
        let result = searcher.best_move(*position, &limits, &stop);
        if !result.exact {
            return Err(Failure::Cannot(format!(
                "position {}: the solve ended without an exact score",
                n + 1
            )));
        }
        total_nodes += result.nodes;
        let best = result.best.map_or("pass".to_string(), |s| s.to_string());
        writeln!(
            out,
            "{} empties={} move={best} score={:+} nodes={} seconds={:.3}",
            n + 1,
            position.empty_count(),
            result.score,
            result.nodes,
            result.elapsed.as_secs_f64()
        )?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let mnps = total_nodes as f64 / seconds.max(1e-9) / 1e6;
    writeln!(
        out,
        "solve positions={} nodes={total_nodes} seconds={seconds:.3} mnps={mnps:.1}",
        positions.len()
    )?;
    Ok(())
}
