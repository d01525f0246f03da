//! Multi-ProbCut as a user of the search sees it: the same depth costs far fewer nodes with the
//! shipped evaluation, exact scores do not change, and an evaluation the statistics were not
//! fitted with searches full width.

use std::sync::atomic::AtomicBool;

use reversi_engine::eval::{HandEval, PatternEval};
use reversi_engine::{Position, SearchLimits, Searcher};

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
    let position = reversi_engine::format::parse_board_string(
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
    let reread = PatternEval::from_bytes(include_bytes!("../weights/pattern.bin")).unwrap();
    let mut a = Searcher::with_evaluator(16, shipped);
    let mut b = Searcher::with_evaluator(16, reread);
    assert!(
        a.best_move(midgame(), &limits, &stop).nodes < b.best_move(midgame(), &limits, &stop).nodes
    );
}
