//! `reversi-engine analyze TEXT [--level L]`: every legal move with its score, from the opening
//! book when it knows the position (`book=true`), else searched.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use crate::Failure;
use reversi_engine::search::MoveScore;

use crate::best::{SearchArgs, SearchSetup};

#[derive(Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    search: SearchArgs,
}

pub fn run(mut args: AnalyzeArgs, out: &mut impl Write) -> Result<(), Failure> {
    let SearchSetup {
        board,
        limits,
        mut searcher,
        book,
        ..
    } = args.search.resolve()?;
    let started = Instant::now();
    let standard = board.to_standard().map(|standard| standard.position());
    if let Some(moves) =
        standard.and_then(|position| book.and_then(|book| book.lookup_position(position)))
    {
        for book_move in &moves {
            writeln!(
                out,
                "move={} score={:+} exact=false book=true depth={}",
                book_move.square, book_move.score, book_move.depth
            )?;
        }
        writeln!(out, "analyze moves={} seconds=0.000 book=true", moves.len())?;
        return Ok(());
    }
    let stop = AtomicBool::new(false);
    let scores = searcher.analyze(&board, &limits, &stop);
    write_scores(&scores, started, out)
}

/// Each move's line, then the summary.
fn write_scores(
    scores: &[MoveScore],
    started: Instant,
    out: &mut impl Write,
) -> Result<(), Failure> {
    for score in scores {
        writeln!(
            out,
            "move={} score={:+} exact={} book=false",
            score.square, score.score, score.exact
        )?;
    }
    if scores.is_empty() {
        writeln!(out, "no legal move: pass")?;
    }
    writeln!(
        out,
        "analyze moves={} seconds={:.3} book=false",
        scores.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}
