//! `reversi-engine solve FILE`: exact endgame solving of every position in an OBF file, the
//! solver's benchmark; with `--probable`, probable solving at rising certainty instead.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use reversi_engine::board::parse_board_string;
use reversi_engine::eval::{Evaluation, Evaluator};
use reversi_engine::search::{
    DEFAULT_HASH_MB, ProgressSlot, SearchLimits, SearchResult, Searcher, available_threads,
};
use reversi_engine::{Position, Square};

use crate::Failure;
use crate::input_file::{FileKind, position_lines, read_text};
use crate::options::{
    DEFAULT_EVAL, check_solvable, new_searcher, parse_eval, parse_number, parse_threads,
};
use crate::variant::{self, take_variant};

#[derive(Args)]
pub struct SolveArgs {
    /// A file with one board string / OBF line per position (64 squares of X, O or -, then the
    /// side to move; at most 36 empty squares unless the game is over); blank lines and lines
    /// starting with # or % are skipped.
    file: String,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB, value_parser = parse_number::<usize>)]
    hash_mb: usize,
    /// Solve only the first K positions.
    #[arg(long, value_parser = parse_number::<usize>)]
    count: Option<usize>,
    /// Threads searching together (default: every core); 1 gives repeatable node counts.
    #[arg(long)]
    threads: Option<String>,
    /// The evaluation ordering the moves: pattern (learned) or hand (hand-written). The scores
    /// are exact either way.
    #[arg(long, default_value = DEFAULT_EVAL)]
    eval: String,
    /// The variant: othello (default), othello-N or reversi-N (N even, 4 to 16), eight-star,
    /// reversi-1876; reverse- before any of them (reverse-othello) makes the fewest discs win.
    #[arg(long, default_value = "othello")]
    variant: String,
    /// Solve probably instead, at rising certainty (73, 87, 95 and 99 %) as the Expert level
    /// does where an exact solve would take too long, and print each pass: its move, score,
    /// nodes and the time it ended (the learned evaluation only: the cuts use its statistics).
    #[arg(long)]
    probable: bool,
}

pub fn run(args: SolveArgs, out: &mut impl Write) -> Result<(), Failure> {
    let eval = parse_eval(&args.eval)?;
    let threads = match &args.threads {
        Some(threads) => parse_threads(threads)?,
        None => available_threads(),
    };
    let text = read_text(Path::new(&args.file), FileKind::Positions)?;
    let variant = take_variant(&mut Vec::new(), &args.variant)?;
    if args.probable && !(variant.is_standard_8x8() && eval.probcut().is_some()) {
        return Err(Failure::Usage(
            "--probable needs the 8x8 Othello board and the learned evaluation".to_string(),
        ));
    }
    // Every 8x8 position with Othello's rules is solved by the fast solver.
    if !variant.is_standard_8x8() {
        let mut lines: Vec<(usize, &str)> = position_lines(&text).collect();
        if let Some(count) = args.count {
            lines.truncate(count);
        }
        return variant::solve(variant, &lines, &args.file, out);
    }
    let mut positions = Vec::new();
    for (number, line) in position_lines(&text) {
        let board = parse_board_string(line)
            .map_err(|e| Failure::Usage(format!("{}:{number}: {e}", args.file)))?;
        let position = board.position();
        check_solvable(
            &args.file,
            number,
            position.empty_count(),
            position.is_game_over(),
        )?;
        positions.push(position);
    }
    if let Some(count) = args.count {
        positions.truncate(count);
    }

    let mut searcher = new_searcher(args.hash_mb, eval)?;
    // No time limit and no stop: every solve runs to its end.
    let limits = if args.probable {
        SearchLimits::probable()
    } else {
        SearchLimits::exact()
    }
    .with_threads(threads);
    let started = Instant::now();
    let mut total_nodes = 0;
    for (n, position) in positions.iter().enumerate() {
        let result = if args.probable {
            solve_probably(&mut searcher, *position, &limits, n + 1, out)?
        } else {
            searcher.best_move(*position, &limits, &AtomicBool::new(false))
        };
        if !(result.exact || result.probable.is_some()) {
            return Err(Failure::Cannot(format!(
                "position {}: the solve ended without a score",
                n + 1
            )));
        }
        total_nodes += result.nodes;
        writeln!(
            out,
            "{} empties={} move={} score={:+} nodes={} seconds={:.3}",
            n + 1,
            position.empty_count(),
            move_name(result.best),
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

fn move_name(square: Option<Square>) -> String {
    square.map_or("pass".to_string(), |s| s.to_string())
}

/// Solves `position` probably, then prints each pass: its certainty, move, score, the calling
/// thread's nodes and the time it finished.
fn solve_probably(
    searcher: &mut Searcher<Evaluation>,
    position: Position,
    limits: &SearchLimits,
    number: usize,
    out: &mut impl Write,
) -> Result<SearchResult, Failure> {
    let slot = Arc::new(ProgressSlot::logging());
    searcher.report_progress_to(Arc::clone(&slot));
    let started = Instant::now();
    let result = searcher.best_move(position, limits, &AtomicBool::new(false));
    for (time, progress) in slot.log() {
        if let Some(certainty) = progress.probable {
            writeln!(
                out,
                "{number} pass={}% move={} score={:+} nodes={} seconds={:.3}",
                certainty.percent(),
                move_name(progress.pv.first().copied()),
                progress.score,
                progress.nodes,
                time.duration_since(started).as_secs_f64()
            )?;
        }
    }
    Ok(result)
}
