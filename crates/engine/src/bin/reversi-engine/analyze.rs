//! `reversi-engine analyze TEXT [--level L]`: every legal move with its score.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;
use reversi_engine::Searcher;

use crate::UsageError;
use crate::best::SearchArgs;

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(mut args: AnalyzeArgs) -> Result<(), UsageError> {
    let (position, level, hash_mb) = args.search.resolve()?;
    let mut searcher = Searcher::new(hash_mb);
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
