//! `reversi-engine analyze TEXT [--level L]`: every legal move with its score.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use reversi_engine::Searcher;
use reversi_engine::search::DEFAULT_HASH_MB;

use crate::UsageError;
use crate::best::{check_hash, parse_level, read_position, take_option};

#[derive(Args)]
pub struct AnalyzeArgs {
    /// A move transcript from the standard start ("f5d6c3") or a board string / OBF line
    /// ("<64 of X, O, -> <X|O>"). Several arguments are joined with spaces.
    #[arg(
        required = true,
        value_name = "TRANSCRIPT OR BOARD STRING",
        allow_hyphen_values = true
    )]
    text: Vec<String>,
    /// beginner, intermediate, advanced, expert, or a number 1-60: how deep to look.
    #[arg(long, default_value = "expert")]
    level: String,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    hash_mb: usize,
}

pub fn run(mut args: AnalyzeArgs) -> Result<(), UsageError> {
    if let Some(level) = take_option(&mut args.text, "level")? {
        args.level = level;
    }
    if let Some(hash) = take_option(&mut args.text, "hash-mb")? {
        args.hash_mb = hash
            .parse()
            .map_err(|_| UsageError(format!("--hash-mb '{hash}' is not a number")))?;
    }
    let level = parse_level(&args.level)?;
    check_hash(args.hash_mb)?;
    let position = read_position(&args.text)?;
    let mut searcher = Searcher::new(args.hash_mb);
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let scores = searcher.analyze(position, &level.limits(), &stop);
    for score in &scores {
        println!(
            "move={} score={:+} exact={}",
            score.square, score.score, score.exact
        );
    }
    if scores.is_empty() {
        println!("no legal move: pass");
    }
    println!(
        "analyze moves={} seconds={:.3}",
        scores.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
