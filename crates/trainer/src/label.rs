//! Bootstrapped labels: a position that was not solved is labelled by a shallow search whose
//! leaves are evaluated with the weights already fitted for the later phases, so each phase
//! learns from the phases after it instead of from one noisy game result.

use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;
use reversi_engine::eval::PatternEval;
use reversi_engine::search::{SearchLimits, Searcher};

use crate::dataset::Sample;

/// Transposition table of the labelling searcher, in MiB: the searches are shallow.
const HASH_MB: usize = 4;

/// How positions that were not solved are labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labels {
    /// The exact result of the game they were played in.
    GameResult,
    /// A search this many plies deep with the weights fitted so far (at least the width of a
    /// phase, so every leaf falls in a phase already fitted).
    Search { depth: u32, exact_empties: u32 },
}

/// `samples` with every label that is not exact replaced according to `labels`.
pub fn relabel(
    samples: &[Sample],
    labels: Labels,
    eval: &PatternEval,
    progress: &ProgressBar,
) -> Vec<Sample> {
    let Labels::Search {
        depth,
        exact_empties,
    } = labels
    else {
        return samples.to_vec();
    };
    let mut searcher = Searcher::with_evaluator(HASH_MB, eval.clone());
    let limits = SearchLimits {
        solve_empties: exact_empties,
        wld_empties: exact_empties,
        ..SearchLimits::depth(depth)
    }
    .with_hash_mb(HASH_MB)
    // Full width: the labels must not depend on ProbCut statistics fitted to these weights.
    .with_selective(false);
    let stop = AtomicBool::new(false);
    samples
        .iter()
        .map(|sample| {
            progress.inc(1);
            if sample.exact || sample.position.legal_moves() == 0 {
                return *sample;
            }
            let score = searcher.best_move(sample.position, &limits, &stop).score;
            Sample {
                label: score.clamp(-64, 64) as i8,
                ..*sample
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Position;
    use reversi_engine::eval::pattern::layout;
    use reversi_engine::eval::weights::Weights;

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
            },
            &eval,
            &hidden,
        );
        // All-zero weights judge every leaf even.
        assert_eq!(searched, [midgame(0, false), midgame(30, true)]);
    }
}
