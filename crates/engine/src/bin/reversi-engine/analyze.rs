//! `reversi-engine analyze TEXT [--level L]`: every legal move with its score.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::Failure;
use crate::best::{SearchArgs, SearchSetup};

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(mut args: AnalyzeArgs, out: &mut impl Write) -> Result<(), Failure> {
    let SearchSetup {
        position,
        limits,
        mut searcher,
        ..
    } = args.search.resolve()?;
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let scores = searcher.analyze(position, &limits, &stop);
    for score in &scores {
        writeln!(
            out,
            "move={} score={:+} exact={}",
            score.square, score.score, score.exact
        )?;
    }
    if scores.is_empty() {
        writeln!(out, "no legal move: pass")?;
    }
    writeln!(
        out,
        "analyze moves={} seconds={:.3}",
        scores.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
