//! `reversi-trainer xot`: the engine's list of XOT openings (`crates/engine/data/xot.txt`, read
//! by `reversi_engine::openings::xot`), made with the engine alone: every sequence of 8 legal
//! moves from the standard start, the positions they reach collapsed under the board's eight
//! symmetries, each distinct position searched to a fixed depth, and those scoring within a
//! window around 0 for the side to move kept, each as one sequence of moves reaching it.
//!
//! Each search starts from a cleared table of the same size on one thread, so a position's score
//! depends only on the position, the depth and the shipped evaluation: the same command gives
//! the same list, on any number of threads, and a test can search a listed opening again.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use reversi_engine::Position;
use reversi_engine::Square;
use reversi_engine::eval::PatternEval;
use reversi_engine::eval::weights::WeightsError;
use reversi_engine::openings::xot::{MOVES, least_image};
use reversi_engine::search::{SearchLimits, Searcher};

/// The table of each search, in MiB: part of what a position's score depends on.
pub const HASH_MB: usize = 16;

/// What to make.
#[derive(Clone, Debug)]
pub struct XotConfig {
    /// Plies of each position's search.
    pub depth: u32,
    /// Positions scoring at most this many discs from 0 for the side to move are kept.
    pub window: i32,
    /// Threads searching positions side by side (each position on one of them).
    pub threads: usize,
    /// Search only this many distinct positions, spread evenly over them (to measure the time,
    /// or the quick mode's check of the pipeline); all of them without one.
    pub sample: Option<usize>,
}

/// The distinct positions 8 moves from the start.
pub struct Distinct {
    /// Sequences of 8 legal moves from the start.
    pub sequences: u64,
    /// Each distinct position up to symmetry (Black to move) with the first sequence found
    /// reaching it: the sequences starting with f5 are found first.
    pub positions: Vec<(Position, [Square; MOVES])>,
}

/// Plays out every sequence of 8 legal moves from the standard start and keeps one position of
/// each class of positions equal up to symmetry.
pub fn distinct_positions() -> Distinct {
    let mut walk = Walk {
        sequences: 0,
        classes: HashSet::new(),
        positions: Vec::new(),
        line: Vec::with_capacity(MOVES),
    };
    let start = Position::start();
    // f5 first: every other first move is one of its images under a symmetry of the start, so
    // each class is first reached from f5, the first move players write.
    let mut first_moves: Vec<Square> = Square::iter_bits(start.legal_moves()).collect();
    first_moves.sort_by_key(|square| square.to_string() != "f5");
    for square in first_moves {
        walk.play(start, square);
    }
    Distinct {
        sequences: walk.sequences,
        positions: walk.positions,
    }
}

struct Walk {
    sequences: u64,
    classes: HashSet<(u64, u64)>,
    positions: Vec<(Position, [Square; MOVES])>,
    line: Vec<Square>,
}

impl Walk {
    fn play(&mut self, position: Position, square: Square) {
        let Some(next) = position.play(square) else {
            return;
        };
        self.line.push(square);
        if self.line.len() == MOVES {
            self.sequences += 1;
            if self.classes.insert(least_image(next)) {
                let mut moves = [square; MOVES];
                moves.copy_from_slice(&self.line);
                self.positions.push((next, moves));
            }
        } else {
            // A side without a move would pass: such a sequence is not 8 moves, and it cannot
            // happen this early anyway.
            for reply in Square::iter_bits(next.legal_moves()) {
                self.play(next, reply);
            }
        }
        self.line.pop();
    }
}

/// `position`'s score in discs for the side to move, searched `depth` plies deep on one thread
/// by `searcher` (the shipped evaluation, `HASH_MB`), its table cleared first.
pub fn score(searcher: &mut Searcher<PatternEval>, position: Position, depth: u32) -> i32 {
    searcher.clear();
    searcher
        .best_move(
            position,
            &SearchLimits::depth(depth),
            &AtomicBool::new(false),
        )
        .score
}

/// A searcher as [`score`] wants it.
pub fn searcher() -> Result<Searcher<PatternEval>, WeightsError> {
    Searcher::learned(HASH_MB)
}

/// What a run found.
pub struct XotList {
    pub config: XotConfig,
    pub sequences: u64,
    pub distinct: usize,
    /// Every searched position's score, in the order of `distinct_positions`.
    pub scores: Vec<i32>,
    /// The transcripts of the positions kept, sorted.
    pub kept: Vec<String>,
    pub elapsed: Duration,
}

/// Finds the distinct positions and searches them as `config` says, with a progress bar.
pub fn generate(config: &XotConfig) -> Result<XotList, WeightsError> {
    let started = Instant::now();
    let Distinct {
        sequences,
        mut positions,
    } = distinct_positions();
    let distinct = positions.len();
    if let Some(sample) = config.sample.filter(|&sample| sample < distinct) {
        let every = distinct / sample.max(1);
        positions = positions.into_iter().step_by(every).take(sample).collect();
    }
    eprintln!(
        "{sequences} sequences of {MOVES} moves, {distinct} distinct positions up to symmetry; \
         searching {} of them {} plies deep",
        positions.len(),
        config.depth
    );
    let bar = ProgressBar::new(positions.len() as u64).with_message("searching");
    if let Ok(style) =
        ProgressStyle::with_template("{msg} [{elapsed_precise}] {wide_bar} {pos}/{len} eta {eta}")
    {
        bar.set_style(style);
    }
    let scores = search_all(&positions, config, &bar)?;
    bar.finish_and_clear();
    let mut kept: Vec<String> = positions
        .iter()
        .zip(&scores)
        .filter(|(_, score)| score.abs() <= config.window)
        .map(|((_, moves), _)| moves.iter().map(Square::to_string).collect())
        .collect();
    kept.sort();
    Ok(XotList {
        config: config.clone(),
        sequences,
        distinct,
        scores,
        kept,
        elapsed: started.elapsed(),
    })
}

/// Every position's score, in order, on `config.threads` threads with a searcher each.
fn search_all(
    positions: &[(Position, [Square; MOVES])],
    config: &XotConfig,
    bar: &ProgressBar,
) -> Result<Vec<i32>, WeightsError> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let scores = Mutex::new(vec![0; positions.len()]);
    thread::scope(|scope| {
        let workers: Vec<_> = (0..config.threads.clamp(1, positions.len().max(1)))
            .map(|_| {
                scope.spawn(|| -> Result<(), WeightsError> {
                    let mut searcher = searcher()?;
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some((position, _)) = positions.get(index) else {
                            return Ok(());
                        };
                        let found = score(&mut searcher, *position, config.depth);
                        if let Ok(mut scores) = scores.lock() {
                            scores[index] = found;
                        }
                        bar.inc(1);
                        let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                        // Where no terminal shows the bar (a log), a line every 5 %.
                        if bar.is_hidden() && done.is_multiple_of((positions.len() / 20).max(1)) {
                            eprintln!("searched {done}/{}", positions.len());
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|worker| match worker.join() {
                Ok(result) => result,
                Err(panic) => std::panic::resume_unwind(panic),
            })
    })?;
    Ok(scores
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner()))
}

impl XotList {
    /// The list file: a header saying how it was made, then a transcript a line.
    pub fn file(&self) -> String {
        let XotConfig {
            depth,
            window,
            sample,
            ..
        } = self.config;
        let mut text = format!(
            "# XOT openings of this engine, made by `reversi-trainer xot --depth {depth} \
             --window {window}{}`.\n",
            sample.map_or(String::new(), |sample| format!(" --sample {sample}"))
        );
        let _ = writeln!(
            text,
            "# The {} sequences of {MOVES} legal moves from the standard start (Black first) \
             reach {} distinct\n# positions up to the board's symmetries; {} searched {depth} \
             plies deep (shipped evaluation,\n# one thread, a {HASH_MB} MiB table cleared \
             each time), {} scoring within {window} disc(s) of 0 for Black, kept.\n# One \
             sequence reaching each, from f5; see crates/engine/src/openings/xot.rs.",
            self.sequences,
            self.distinct,
            self.scores.len(),
            self.kept.len(),
        );
        for transcript in &self.kept {
            text.push_str(transcript);
            text.push('\n');
        }
        text
    }

    /// What the run found, for the terminal and RUNS.md: the counts, how the scores spread
    /// around 0 (to choose the window), the time.
    pub fn report(&self) -> String {
        let mut text = format!(
            "{} sequences, {} distinct positions, {} searched at depth {}, {} kept within \
             {} disc(s), {:.0} s\n",
            self.sequences,
            self.distinct,
            self.scores.len(),
            self.config.depth,
            self.kept.len(),
            self.config.window,
            self.elapsed.as_secs_f64()
        );
        text.push_str("positions within a window of |score| <= w:");
        for window in 0..=4 {
            let within = self.scores.iter().filter(|s| s.abs() <= window).count();
            let _ = write!(text, " w={window}: {within}");
        }
        let mean = self.scores.iter().map(|&s| f64::from(s)).sum::<f64>()
            / self.scores.len().max(1) as f64;
        let _ = writeln!(text, "; mean score for Black {mean:+.2}");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sequence_is_played_and_each_class_found_once_from_f5() {
        let distinct = distinct_positions();
        // perft(8) of the standard start.
        assert_eq!(distinct.sequences, 390_216);
        let mut classes = std::collections::HashSet::new();
        for (position, moves) in &distinct.positions {
            assert_eq!(moves[0].to_string(), "f5");
            assert!(classes.insert(least_image(*position)));
        }
    }
}
