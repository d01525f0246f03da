//! Bootstrapped labels: a position that was not solved is labelled by a shallow search whose
//! leaves are evaluated with the weights already fitted for the later phases, so each phase
//! learns from the phases after it instead of from one noisy game result.

use std::io;
use std::num::NonZero;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::thread;

use indicatif::ProgressBar;
use reversi_engine::eval::PatternEval;
use reversi_engine::search::{SearchLimits, Searcher};

use crate::dataset::{Sample, SampleAppender, read_samples};
use crate::in_turn::map_in_turn;

/// Transposition table of the labelling searcher, in MiB: the searches are shallow.
const HASH_MB: usize = 4;

/// Positions are labelled in blocks of this many, each by a searcher of its own (an empty
/// table), so that a label does not depend on how many threads share the work.
const BLOCK: usize = 4096;

/// How positions that were not solved are labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// The exact result of the game they were played in.
    GameResult,
    /// A search this many plies deep with the weights fitted so far (at least the width of a
    /// phase, so every leaf falls in a phase already fitted).
    Search {
        depth: u32,
        exact_empties: u32,
        deeper: Option<DeeperLabels>,
    },
}

/// A deeper search for the positions near the end that are not solved: their labels inherit
/// the errors of the evaluation at the search's leaves, and a deeper search brings them nearer
/// the exact scores (at 24 empties, 3.35 discs from them with 4 plies, 2.90 with 6: RUNS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeeperLabels {
    pub depth: u32,
    /// The positions with at most this many empty squares are searched `depth` plies deep.
    pub max_empties: u32,
}

/// `samples` with every label that is not exact replaced according to `labels`, the searches
/// shared among the machine's cores.
pub fn relabel(
    samples: &[Sample],
    labels: Labels,
    eval: &PatternEval,
    progress: &ProgressBar,
) -> Vec<Sample> {
    let mut labelled = Vec::with_capacity(samples.len());
    relabel_in_rounds(samples, labels, eval, progress, |round| {
        labelled.extend_from_slice(round);
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    labelled
}

/// `relabel`, with the labels made so far kept in `partial` as they come: a run stopped while
/// labelling (a deep phase takes the better part of an hour) labels only the rest when resumed.
/// The caller removes `partial` once the labels are kept elsewhere.
pub fn relabel_keeping(
    samples: &[Sample],
    labels: Labels,
    eval: &PatternEval,
    progress: &ProgressBar,
    partial: &Path,
) -> io::Result<Vec<Sample>> {
    let mut labelled = read_samples(partial)?;
    // Whole blocks of these very positions only: a block's labels depend on its first position
    // (and a file longer than `samples` is another run's).
    labelled.truncate(labelled.len().min(samples.len()) / BLOCK * BLOCK);
    if labelled
        .iter()
        .zip(samples)
        .any(|(kept, sample)| kept.position != sample.position)
    {
        labelled.clear();
    }
    let mut out = SampleAppender::open(partial, labelled.len())?;
    progress.inc(labelled.len() as u64);
    relabel_in_rounds(
        &samples[labelled.len()..],
        labels,
        eval,
        progress,
        |round| {
            out.append(round)?;
            labelled.extend_from_slice(round);
            Ok::<(), io::Error>(())
        },
    )?;
    Ok(labelled)
}

/// Blocks labelled at a time on every core before `done` is given them.
const BLOCKS_A_ROUND: usize = 16;

/// Labels `samples` in rounds of blocks, giving each round's labels, in order, to `done`.
fn relabel_in_rounds<E>(
    samples: &[Sample],
    labels: Labels,
    eval: &PatternEval,
    progress: &ProgressBar,
    mut done: impl FnMut(&[Sample]) -> Result<(), E>,
) -> Result<(), E> {
    let Labels::Search {
        depth,
        exact_empties,
        deeper,
    } = labels
    else {
        return done(samples);
    };
    let limits = |depth, selective| {
        SearchLimits {
            solve_empties: exact_empties,
            wld_empties: exact_empties,
            ..SearchLimits::depth(depth)
        }
        .with_hash_mb(HASH_MB)
        .with_selective(selective)
    };
    // The shallow searches are full width; the deeper ones cut by ProbCut when `eval` carries
    // statistics (without, a selective search is a full-width one).
    let shallow = limits(depth, false);
    let deep = deeper.map(|deeper| (deeper.max_empties, limits(deeper.depth, true)));
    let label_block = |block: &[Sample]| -> Vec<Sample> {
        let mut searcher = Searcher::with_evaluator(HASH_MB, eval.clone());
        let stop = AtomicBool::new(false);
        block
            .iter()
            .map(|sample| {
                progress.inc(1);
                if sample.exact || sample.position.legal_moves() == 0 {
                    return *sample;
                }
                let limits = match &deep {
                    Some((most, deep)) if sample.position.empty_count() <= *most => deep,
                    _ => &shallow,
                };
                let score = searcher.best_move(sample.position, limits, &stop).score;
                Sample {
                    label: score.clamp(-64, 64) as i8,
                    ..*sample
                }
            })
            .collect()
    };
    let threads = thread::available_parallelism().map_or(1, NonZero::get);
    for round in samples.chunks(BLOCK * BLOCKS_A_ROUND) {
        let blocks: Vec<&[Sample]> = round.chunks(BLOCK).collect();
        let labelled = map_in_turn(blocks.len(), threads, |index| label_block(blocks[index]));
        done(&labelled.concat())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Position;
    use reversi_engine::eval::pattern::layout;
    use reversi_engine::eval::weights::Weights;

    /// Game `index` of seed `seed`, played quickly by the hand-written evaluation, nothing
    /// solved: every label is the game's result, for the searches to replace.
    fn hand_played_game(seed: u64, index: u64) -> Vec<Sample> {
        use crate::generate::{PlayConfig, play_game};
        let config = PlayConfig {
            depth: 1,
            noise: 4,
            random_plies: 8,
            exact_empties: 0,
        };
        play_game(&config, &reversi_engine::eval::HandEval, seed, index)
    }

    #[test]
    fn a_stopped_labelling_keeps_its_whole_blocks_and_labels_only_the_rest() -> io::Result<()> {
        let samples: Vec<Sample> = (0..400)
            .flat_map(|index| hand_played_game(3, index))
            .take(2 * BLOCK + 100)
            .collect();
        assert_eq!(samples.len(), 2 * BLOCK + 100);
        let eval = PatternEval::shipped().map_err(io::Error::other)?;
        let labels = Labels::Search {
            depth: 2,
            exact_empties: 0,
            deeper: None,
        };
        let hidden = ProgressBar::hidden();
        let whole = relabel(&samples, labels, &eval, &hidden);

        // Stopped after a block and ten positions, in the middle of a record; the kept labels
        // are marked to tell them from labels searched again.
        let dir = tempfile::tempdir()?;
        let partial = dir.path().join("labels.partial");
        let mut kept = whole[..BLOCK + 10].to_vec();
        for sample in &mut kept {
            sample.label = 99;
        }
        crate::dataset::write_samples(&partial, &kept)?;
        let mut bytes = std::fs::read(&partial)?;
        bytes.extend_from_slice(&[1, 2, 3]);
        std::fs::write(&partial, bytes)?;
        let resumed = relabel_keeping(&samples, labels, &eval, &hidden, &partial)?;
        assert!(resumed[..BLOCK].iter().all(|sample| sample.label == 99));
        assert_eq!(resumed[BLOCK..], whole[BLOCK..]);
        // What it labelled was kept too, whole.
        assert_eq!(read_samples(&partial)?.len(), samples.len());

        // Labels of other positions are not taken.
        let others = relabel_keeping(&samples[1..], labels, &eval, &hidden, &partial)?;
        assert_eq!(others, relabel(&samples[1..], labels, &eval, &hidden));
        // Nor those of a longer file, whose extra labels cannot be these positions'.
        let fewer = &samples[..BLOCK + 5];
        crate::dataset::write_samples(&partial, &whole)?;
        let kept = relabel_keeping(fewer, labels, &eval, &hidden, &partial)?;
        assert_eq!(kept, whole[..BLOCK + 5]);
        Ok(())
    }

    fn midgame(label: i8, exact: bool) -> Sample {
        Sample {
            position: Position::start(),
            label,
            exact,
        }
    }

    #[test]
    fn exact_labels_stay_and_the_others_come_from_the_search() {
        let eval = PatternEval::new(Weights::zeros(2, layout().table_sizes()));
        let hidden = ProgressBar::hidden();
        let samples = [midgame(40, false), midgame(30, true)];
        let kept = relabel(&samples, Labels::GameResult, &eval, &hidden);
        assert_eq!(kept, samples);
        let searched = relabel(
            &samples,
            Labels::Search {
                depth: 2,
                exact_empties: 0,
                deeper: None,
            },
            &eval,
            &hidden,
        );
        // All-zero weights judge every leaf even.
        assert_eq!(searched, [midgame(0, false), midgame(30, true)]);
    }

    #[test]
    fn positions_near_the_end_are_searched_deeper() -> Result<(), String> {
        let eval = PatternEval::shipped().map_err(|error| error.to_string())?;
        let start = Position::start();
        let after_f5 = "f5".parse().ok().and_then(|f5| start.play(f5));
        let after_f5 = after_f5.ok_or("f5 is legal at the start")?;
        let search = |position: Position, depth: u32| {
            let limits = SearchLimits::depth(depth).with_selective(false);
            let mut searcher = Searcher::with_evaluator(HASH_MB, eval.clone());
            let score = searcher.best_move(position, &limits, &AtomicBool::new(false));
            score.score.clamp(-64, 64) as i8
        };
        let sample = |position: Position| Sample {
            position,
            label: 0,
            exact: false,
        };
        // Both positions are judged differently at one ply and at two, so the test can tell.
        for position in [start, after_f5] {
            assert_ne!(search(position, 1), search(position, 2));
        }
        let labels = Labels::Search {
            depth: 1,
            exact_empties: 0,
            deeper: Some(DeeperLabels {
                depth: 2,
                max_empties: 59,
            }),
        };
        let labelled = relabel(
            &[sample(start), sample(after_f5)],
            labels,
            &eval,
            &ProgressBar::hidden(),
        );
        let labels: Vec<i8> = labelled.iter().map(|s| s.label).collect();
        // The start has 60 empty squares, one more than the deeper searches take.
        assert_eq!(labels, [search(start, 1), search(after_f5, 2)]);
        Ok(())
    }

    #[test]
    fn deeper_searches_cut_by_probcut_when_the_evaluation_has_statistics() -> Result<(), String> {
        use reversi_engine::eval::probcut::ProbCut;
        let bytes = PatternEval::shipped_file();
        let full_width = PatternEval::from_bytes(&bytes).map_err(|error| error.to_string())?;
        let statistics = ProbCut::shipped().map_err(|error| error.to_string())?;
        let selective = full_width.clone().with_probcut(statistics.clone());
        let midgame: Vec<Sample> = hand_played_game(5, 0)
            .into_iter()
            .filter(|s| (22..=30).contains(&s.position.empty_count()))
            .filter(|s| s.position.legal_moves() != 0)
            .collect();
        assert!(midgame.len() >= 6);
        let labels = Labels::Search {
            depth: 2,
            exact_empties: 0,
            deeper: Some(DeeperLabels {
                depth: 8,
                max_empties: 30,
            }),
        };
        let hidden = ProgressBar::hidden();
        let label_values =
            |samples: Vec<Sample>| samples.iter().map(|s| s.label).collect::<Vec<_>>();
        let wide = label_values(relabel(&midgame, labels, &full_width, &hidden));
        let cut = label_values(relabel(&midgame, labels, &selective, &hidden));
        // Without statistics the deeper searches are full width, one searcher after the other
        // as a block of labels is searched.
        let mut searcher = Searcher::with_evaluator(HASH_MB, full_width.clone());
        let limits = SearchLimits {
            solve_empties: 0,
            wld_empties: 0,
            ..SearchLimits::depth(8)
        }
        .with_hash_mb(HASH_MB)
        .with_selective(false);
        let by_hand: Vec<i8> = midgame
            .iter()
            .map(|s| {
                let score = searcher.best_move(s.position, &limits, &AtomicBool::new(false));
                score.score.clamp(-64, 64) as i8
            })
            .collect();
        assert_eq!(wide, by_hand);
        // With them, ProbCut cuts some lines the full-width searches follow.
        assert_ne!(cut, wide);
        Ok(())
    }

    #[test]
    fn labels_come_back_in_the_order_of_their_positions() {
        let eval = PatternEval::new(Weights::zeros(2, layout().table_sizes()));
        // Exact samples keep their labels, so their order shows through every block.
        let samples: Vec<Sample> = (0..2 * BLOCK + 7)
            .map(|i| midgame((i % 101) as i8, i % 3 != 0))
            .collect();
        let labels = Labels::Search {
            depth: 1,
            exact_empties: 0,
            deeper: None,
        };
        let labelled = relabel(&samples, labels, &eval, &ProgressBar::hidden());
        let expected: Vec<Sample> = samples
            .iter()
            .map(|s| if s.exact { *s } else { midgame(0, false) })
            .collect();
        assert_eq!(labelled, expected);
    }
}
