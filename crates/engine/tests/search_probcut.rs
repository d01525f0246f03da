//! Multi-ProbCut as a user of the search sees it: the same depth costs far fewer nodes with the
//! shipped evaluation, exact scores do not change, an evaluation the statistics were not fitted
//! with searches full width unless given its own, and probable solves approach the exact answer
//! for less.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use reversi_engine::Position;
use reversi_engine::eval::probcut::ProbCut;
use reversi_engine::eval::{HandEval, PatternEval};
use reversi_engine::search::{Certainty, ProgressSlot, SearchLimits, Searcher};

/// The position after a common opening line (f5 d6 c3 d3 c4 f4 f6 f3 e6 e7), 50 empties.
fn midgame() -> Position {
    let mut position = Position::start();
    for name in ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"] {
        position = position.play(name.parse().unwrap()).unwrap();
    }
    position
}

#[test]
fn probcut_searches_the_same_depth_with_fewer_nodes() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::learned(16).unwrap();
    let limits = SearchLimits::depth(9);
    let selective = searcher.best_move(midgame(), &limits, &stop);
    searcher.clear();
    let full = searcher.best_move(midgame(), &limits.with_selective(false), &stop);
    assert_eq!(selective.depth, full.depth);
    assert!(
        selective.nodes * 2 < full.nodes,
        "{} vs {}",
        selective.nodes,
        full.nodes
    );
}

#[test]
fn exact_scores_do_not_depend_on_probcut() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::learned(16).unwrap();
    // FFO #40 (20 empties).
    let position = reversi_engine::board::parse_board_string(
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
    )
    .unwrap()
    .position();
    let selective = searcher.best_move(position, &SearchLimits::exact(), &stop);
    searcher.clear();
    let full = searcher.best_move(
        position,
        &SearchLimits::exact().with_selective(false),
        &stop,
    );
    assert!(selective.exact && full.exact);
    assert_eq!((selective.score, full.score), (38, 38));
}

#[test]
fn only_the_evaluation_the_statistics_were_fitted_with_cuts() {
    let stop = AtomicBool::new(false);
    let limits = SearchLimits::depth(7);
    let nodes = |selective: bool| {
        Searcher::with_evaluator(16, HandEval)
            .best_move(midgame(), &limits.clone().with_selective(selective), &stop)
            .nodes
    };
    assert_eq!(nodes(true), nodes(false));
    // The shipped weights read again are the same numbers but not the fitted evaluation as far
    // as the search can tell: it stays full width rather than guess.
    let shipped = PatternEval::shipped().unwrap();
    let reread = PatternEval::from_bytes(&PatternEval::shipped_file()).unwrap();
    let mut a = Searcher::with_evaluator(16, shipped);
    let mut b = Searcher::with_evaluator(16, reread.clone());
    let shipped_nodes = a.best_move(midgame(), &limits, &stop).nodes;
    assert!(shipped_nodes < b.best_move(midgame(), &limits, &stop).nodes);
    // Given the statistics fitted for them (as new weights are measured before shipping), the
    // weights read from a file search exactly as the shipped evaluation does.
    let statistics = ProbCut::shipped().unwrap().clone();
    let mut c = Searcher::with_evaluator(16, reread.with_probcut(statistics));
    assert_eq!(c.best_move(midgame(), &limits, &stop).nodes, shipped_nodes);
}

/// FFO #42 (22 empties): g2 wins by 6.
fn ffo_42() -> Position {
    reversi_engine::board::parse_board_string(
        "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X",
    )
    .unwrap()
    .position()
}

#[test]
fn a_probable_solve_ends_at_99_percent_with_the_exact_answer() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::learned(16).unwrap();
    let slot = Arc::new(ProgressSlot::default());
    searcher.report_progress_to(Arc::clone(&slot));
    let result = searcher.best_move(ffo_42(), &SearchLimits::probable(), &stop);
    assert!(!result.exact, "a probable solve never claims to be exact");
    assert_eq!(result.probable, Some(Certainty::PROBABLE[3]));
    assert_eq!(result.probable.map(Certainty::percent), Some(99));
    assert_eq!(
        (result.best, result.score),
        (Some("g2".parse().unwrap()), 6)
    );
    assert_eq!(result.depth, 22);
    let last = slot.latest().unwrap();
    assert_eq!(
        (last.probable, last.depth, last.score),
        (result.probable, 22, 6)
    );
}

#[test]
fn a_probable_solve_costs_less_than_the_exact_one_it_approaches() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::learned(16).unwrap();
    let slot = Arc::new(ProgressSlot::logging());
    searcher.report_progress_to(Arc::clone(&slot));
    searcher.best_move(ffo_42(), &SearchLimits::probable(), &stop);
    let passes: Vec<(Option<Certainty>, u64)> = slot
        .log()
        .into_iter()
        .filter(|(_, progress)| progress.probable.is_some())
        .map(|(_, progress)| (progress.probable, progress.nodes))
        .collect();
    let certainties: Vec<Option<Certainty>> = passes.iter().map(|pass| pass.0).collect();
    assert_eq!(certainties, Certainty::PROBABLE.map(Some));
    let mut exact = Searcher::learned(16).unwrap();
    let solved = exact.best_move(ffo_42(), &SearchLimits::exact(), &stop);
    assert!(solved.exact);
    let first_pass = passes[0].1;
    assert!(
        first_pass * 2 < solved.nodes,
        "73 %: {first_pass} nodes, exact: {}",
        solved.nodes
    );
}

#[test]
fn without_the_statistics_there_is_no_probable_solve() {
    let stop = AtomicBool::new(false);
    let result = Searcher::with_evaluator(16, HandEval).best_move(
        ffo_42(),
        &SearchLimits::probable(),
        &stop,
    );
    assert!(!result.exact);
    assert_eq!(result.probable, None);
    assert_eq!(result.depth, 12, "the midgame search decides");
}
