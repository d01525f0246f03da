//! `--variant NAME`, which perft, show, best, analyze, solve and selfplay take, and the perft and
//! solve of the other boards and rules, by the variants' engine. Every position whose rules are
//! standard 8x8 Othello's stays on the commands' own fast path.

use std::io::Write;
use std::time::Instant;

use reversi_engine::search::VariantSearcher;
use reversi_engine::variant::{Variant, VariantBoard, parse_variant_board, variant_perft};

use crate::Failure;
use crate::options::{check_solvable, take_option};

/// The variant named by `--variant` (picked out of `words` when written after a text).
pub fn take_variant(words: &mut Vec<String>, given: &str) -> Result<Variant, Failure> {
    let name = take_option(words, "variant")?.unwrap_or_else(|| given.to_string());
    name.parse()
        .map_err(|error| Failure::Usage(format!("--variant: {error}")))
}

/// `perft DEPTH --variant V [--position BOARD]` on the general board.
pub fn perft(board: &VariantBoard, depth: u32, out: &mut impl Write) -> Result<(), Failure> {
    let variant = board.variant();
    let started = Instant::now();
    let nodes = variant_perft(board, depth);
    let seconds = started.elapsed().as_secs_f64();
    let mnps = nodes as f64 / seconds.max(1e-9) / 1e6;
    writeln!(
        out,
        "perft variant={variant} depth={depth} nodes={nodes} seconds={seconds:.3} mnps={mnps:.1}"
    )?;
    Ok(())
}

/// `solve --variant V FILE`: each board string of the file solved exactly.
pub fn solve(
    variant: Variant,
    lines: &[(usize, &str)],
    file: &str,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let mut boards = Vec::new();
    for &(number, line) in lines {
        let board = parse_variant_board(variant, line)
            .map_err(|error| Failure::Usage(format!("{file}:{number}: {error}")))?;
        check_solvable(file, number, board.empties().count(), board.is_game_over())?;
        boards.push(board);
    }
    let started = Instant::now();
    let mut total_nodes = 0;
    let mut searcher = VariantSearcher::new();
    for (n, board) in boards.iter().enumerate() {
        let one = Instant::now();
        let score = searcher.solve(board);
        total_nodes += searcher.nodes();
        writeln!(
            out,
            "{} variant={variant} empties={} score={score:+} nodes={} seconds={:.3}",
            n + 1,
            board.empties().count(),
            searcher.nodes(),
            one.elapsed().as_secs_f64()
        )?;
    }
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "solve positions={} nodes={total_nodes} seconds={seconds:.3} mnps={:.1}",
        boards.len(),
        total_nodes as f64 / seconds.max(1e-9) / 1e6
    )?;
    Ok(())
}
