//! `reversi-engine book build --out FILE`: grows a book with the learned evaluation, writing it
//! to FILE every few seconds so that running the same command again continues where it stopped.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use reversi_engine::book::{BuildError, BuildSettings, Builder};
use reversi_engine::eval::PatternEval;
use reversi_engine::search::Searcher;

use super::read_book;
use crate::Failure;
use crate::options::{check_hash, parse_number};

#[derive(Args)]
pub struct BuildArgs {
    /// The book file: written as the book grows, and continued if it is already there.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Plies searched for every move of every position (1-60).
    #[arg(long, default_value_t = 12, value_parser = parse_number::<u8>)]
    depth: u8,
    /// Follow the moves within this many discs of the best move.
    #[arg(long, default_value_t = 4, value_parser = parse_number::<u8>)]
    window: u8,
    /// Seed of the order in which the positions are chosen.
    #[arg(long, default_value_t = 1, value_parser = parse_number::<u64>)]
    seed: u64,
    /// Stop once the book holds this many positions.
    #[arg(long, default_value_t = 3000, value_parser = parse_number::<usize>)]
    positions: usize,
    /// Transposition table size in MiB (cleared for every position).
    #[arg(long, default_value_t = 16, value_parser = parse_number::<usize>)]
    hash_mb: usize,
}

/// How often the book is written and progress reported.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

pub fn run(args: BuildArgs, out: &mut impl Write) -> Result<(), Failure> {
    check_hash(args.hash_mb, 1)?;
    let settings = BuildSettings {
        depth: args.depth,
        window: args.window,
        seed: args.seed,
        positions: args.positions,
    };
    let resume = if args.out.exists() {
        Some(read_book(&args.out).map_err(|failure| match failure {
            Failure::Usage(message) => {
                Failure::Usage(format!("{message}: remove it or give another --out"))
            }
            other => other,
        })?)
    } else {
        None
    };
    let mut builder = Builder::new(settings, resume.as_ref()).map_err(|error| match error {
        BuildError::Mismatch { .. } => Failure::Usage(format!("{}: {error}", args.out.display())),
        BuildError::BadDepth(_) => Failure::Usage(format!("--depth: {error}")),
        BuildError::BadWindow(_) => Failure::Usage(format!("--window: {error}")),
    })?;
    let eval = PatternEval::shipped().map_err(|error| {
        Failure::Cannot(format!("the learned evaluation cannot be used: {error}"))
    })?;
    let mut searcher = Searcher::try_with_evaluator(args.hash_mb, eval)
        .map_err(|error| Failure::Cannot(format!("{error}: give a smaller --hash-mb")))?;
    // Written at once, so that an --out that cannot be written fails before any search.
    write_atomically(&args.out, &builder.to_bytes())?;
    let started = Instant::now();
    let at_start = builder.len();
    if at_start > 0 {
        writeln!(
            out,
            "book: continuing {} at {at_start} positions",
            args.out.display()
        )?;
    }
    let mut last_write = Instant::now();
    while builder.step(&mut searcher) {
        if last_write.elapsed() >= CHECKPOINT_EVERY {
            write_atomically(&args.out, &builder.to_bytes())?;
            last_write = Instant::now();
            let done = builder.len() - at_start;
            let each = started.elapsed().as_secs_f64() / done.max(1) as f64;
            let left = args.positions.saturating_sub(builder.len());
            writeln!(
                out,
                "book: {}/{} positions, {each:.2} s a position, about {:.0} min left",
                builder.len(),
                args.positions,
                each * left as f64 / 60.0
            )?;
            out.flush()?;
        }
    }
    let bytes = builder.to_bytes();
    write_atomically(&args.out, &bytes)?;
    writeln!(
        out,
        "book: {} positions ({} bytes) in {}, {:.1} s",
        builder.len(),
        bytes.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Writes `bytes` to a temporary file beside `path` and renames it over `path`: a build killed
/// while writing leaves the previous checkpoint whole.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = PathBuf::from(temporary);
    fs::write(&temporary, bytes)
        .and_then(|()| fs::rename(&temporary, path))
        .map_err(|error| Failure::Cannot(format!("cannot write {}: {error}", path.display())))
}
