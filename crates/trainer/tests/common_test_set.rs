//! The common test set kept in the repository (`testset/`, crates/trainer/RUNS.md): whole, its
//! scores exact, and the shipped weights' errors on it those the README gives.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use reversi_engine::eval::{DISC, Evaluator, PatternEval};
use reversi_engine::search::{SearchLimits, Searcher};
use reversi_trainer::dataset::Sample;
use reversi_trainer::testset::read_solved;

fn common_test_set() -> Vec<Sample> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testset");
    read_solved(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
}

fn with_empties(set: &[Sample], empties: u32) -> Vec<Sample> {
    set.iter()
        .filter(|sample| sample.position.empty_count() == empties)
        .copied()
        .collect()
}

#[test]
fn the_rows_are_whole_and_their_scores_exact() {
    let set = common_test_set();
    // The rows `--positions 400,400,60,1` asks for (crates/trainer/RUNS.md).
    for (empties, positions) in [(20, 400), (24, 400), (28, 60), (32, 1)] {
        assert_eq!(
            with_empties(&set, empties).len(),
            positions,
            "{empties} empties"
        );
    }
    // A few of the cheapest solved again: the labels are the exact scores.
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    for sample in with_empties(&set, 20).iter().step_by(80) {
        let score = searcher
            .best_move(sample.position, &SearchLimits::exact(), &stop)
            .score;
        assert_eq!(score, i32::from(sample.label), "{:?}", sample.position);
    }
}

#[test]
fn the_shipped_weights_err_on_it_as_the_readme_says() -> Result<(), String> {
    let shipped = PatternEval::shipped().map_err(|error| error.to_string())?;
    let set = common_test_set();
    let mean_error = |empties| {
        let row = with_empties(&set, empties);
        let total: f64 = row
            .iter()
            .map(|s| {
                let score = f64::from(shipped.evaluate(&s.position)) / f64::from(DISC);
                (score - f64::from(s.label)).abs()
            })
            .sum();
        format!("{:.2}", total / row.len() as f64)
    };
    assert_eq!(
        (mean_error(20), mean_error(24), mean_error(28)),
        ("5.07".into(), "4.47".into(), "3.55".into())
    );
    Ok(())
}
