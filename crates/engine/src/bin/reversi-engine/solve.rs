//! `reversi-engine solve FILE`: exact endgame solving of every position in an OBF file, the
//! solver's benchmark.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use reversi_engine::search::{DEFAULT_HASH_MB, SearchLimits, Searcher};
use reversi_engine::{Color, Position};

use crate::UsageError;

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
}

/// Reads an OBF line: 64 squares (X black, O white, - or . empty), whitespace, the side to move,
/// an optional `;` and comment. Returns the position seen from the side to move.
pub fn parse_obf(line: &str) -> Result<Position, String> {
    let text = line.split(';').next().unwrap_or("").trim();
    let mut chars = text.chars().filter(|c| !c.is_whitespace());
    let (mut black, mut white) = (0u64, 0u64);
    for index in 0..64 {
        match chars.next() {
            Some('X' | 'x' | '*') => black |= 1 << index,
            Some('O' | 'o') => white |= 1 << index,
            Some('-' | '.') => {}
            Some(other) => return Err(format!("square {index} is '{other}', not X, O or -")),
            None => return Err(format!("only {index} squares, expected 64")),
        }
    }
    let to_move = match chars.next() {
        Some('X' | 'x' | '*') => Color::Black,
        Some('O' | 'o') => Color::White,
        Some(other) => return Err(format!("side to move is '{other}', not X or O")),
        None => return Err("the side to move is missing".to_string()),
    };
    if let Some(extra) = chars.next() {
        return Err(format!("unexpected '{extra}' after the side to move"));
    }
    Ok(match to_move {
        Color::Black => Position::new(black, white),
        Color::White => Position::new(white, black),
    })
}

pub fn run(args: SolveArgs) -> Result<(), UsageError> {
    if args.hash_mb == 0 || args.hash_mb > 65536 {
        return Err(UsageError(format!(
            "--hash-mb {} is out of range (1..=65536)",
            args.hash_mb
        )));
    }
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", args.file)))?;
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%') {
            continue;
        }
        let position = parse_obf(trimmed)
            .map_err(|e| UsageError(format!("{}:{}: {e}", args.file, number + 1)))?;
        positions.push(position);
    }
    if let Some(count) = args.count {
        positions.truncate(count);
    }

    let mut searcher = Searcher::new(args.hash_mb);
    let limits = SearchLimits::exact();
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let mut total_nodes = 0;
    for (n, position) in positions.iter().enumerate() {
        let result = searcher.best_move(*position, &limits, &stop);
        total_nodes += result.nodes;
        let best = result.best.map_or("pass".to_string(), |s| s.to_string());
        println!(
            "{} empties={} move={best} score={:+} nodes={} seconds={:.3}",
            n + 1,
            position.empty_count(),
            result.score,
            result.nodes,
            result.elapsed.as_secs_f64()
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    let mnps = total_nodes as f64 / seconds.max(1e-9) / 1e6;
    println!(
        "solve positions={} nodes={total_nodes} seconds={seconds:.3} mnps={mnps:.1}",
        positions.len()
    );
    Ok(())
}
