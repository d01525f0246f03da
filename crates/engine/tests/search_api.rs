//! The search API as the game uses it: a searcher per move or kept, levels, passes, hints.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use reversi_engine::board::parse_board_string;
use reversi_engine::search::{Level, SearchLimits, Searcher};
use reversi_engine::{Position, Square};

#[test]
fn a_searcher_with_a_large_table_is_built_at_once() {
    let started = Instant::now();
    let searcher = Searcher::new(1024);
    assert!(started.elapsed() < Duration::from_millis(200));
    drop(searcher);
}

#[test]
fn every_level_answers_a_legal_move_from_the_start() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    for level in [Level::Beginner, Level::Intermediate, Level::Custom(3)] {
        let result = searcher.best_move(Position::start(), &level.limits(), &stop);
        let best = result.best.expect("a move");
        assert!(
            Position::start().legal_moves() & best.bit() != 0,
            "{level}: {best}"
        );
        assert_eq!(result.pv.first(), Some(&best));
        assert!(!result.exact);
    }
}

#[test]
fn a_side_without_moves_gets_none() {
    // The side to move has b1 only, the opponent a1: nothing to outflank, but the opponent can
    // play c1. The side to move must pass.
    let position = Position::new(1 << 1, 1);
    assert_eq!(position.legal_moves(), 0);
    assert_ne!(position.pass().legal_moves(), 0);
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(1);
    let result = searcher.best_move(position, &Level::Expert.limits(), &stop);
    assert_eq!(result.best, None);
    assert!(result.pv.is_empty());
    assert!(
        searcher
            .analyze(position, &Level::Expert.limits(), &stop)
            .is_empty()
    );
}

#[test]
fn analyze_scores_every_legal_move_best_first() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    let mut position = Position::start();
    for name in ["f5", "d6", "c3"] {
        position = position.play(name.parse::<Square>().unwrap()).unwrap();
    }
    let scores = searcher.analyze(position, &Level::Intermediate.limits(), &stop);
    assert_eq!(scores.len() as u32, position.legal_moves().count_ones());
    assert!(scores.windows(2).all(|w| w[0].score >= w[1].score));
    let best = searcher.best_move(position, &SearchLimits::depth(6), &stop);
    assert!(best.best.is_some());
}

#[test]
fn a_time_limit_is_kept() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    let limits = SearchLimits::depth(40).with_time(Duration::from_millis(200));
    let started = Instant::now();
    let result = searcher.best_move(Position::start(), &limits, &stop);
    assert!(started.elapsed() < Duration::from_millis(400));
    assert!(result.best.is_some());
}

/// Move lists hold as many moves as a board string can give: a set-up position with 35 legal
/// moves (more than any game reaches) is searched and analysed like any other.
#[test]
fn a_position_with_very_many_legal_moves_is_searched() {
    let text = "-X-------OOXOOO---X-OXX--OX---O---XO-XO--OXX-XO--XOO-OO-X------- X";
    let position = parse_board_string(text).unwrap().position();
    assert_eq!(position.legal_moves().count_ones(), 35);
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    let result = searcher.best_move(position, &SearchLimits::depth(4), &stop);
    assert!(position.legal_moves() & result.best.unwrap().bit() != 0);
    let scores = searcher.analyze(position, &SearchLimits::depth(3), &stop);
    assert_eq!(scores.len(), 35);
}

/// A display watching the search sees each completed iteration: the last report is the answer
/// (same move, depth and line), and an exact solve is reported as exact.
#[test]
fn a_search_reports_its_progress_to_a_watcher() {
    use reversi_engine::search::ProgressSlot;
    use std::sync::Arc;

    let stop = AtomicBool::new(false);
    let slot = Arc::new(ProgressSlot::default());
    let mut searcher = Searcher::new(16);
    searcher.report_progress_to(slot.clone());
    assert_eq!(slot.latest(), None);
    let result = searcher.best_move(Position::start(), &SearchLimits::depth(6), &stop);
    let latest = slot.latest().expect("six iterations reported");
    assert_eq!(latest.depth, 6);
    assert_eq!(latest.pv.first(), result.best.as_ref());
    assert_eq!(latest.score, result.score);
    assert!(latest.nodes > 0 && !latest.exact);

    // One empty square: Black takes h8 and ends the game.
    let text = format!("{}{}X{}- X", "X".repeat(32), "O".repeat(24), "O".repeat(6));
    let end = parse_board_string(&text).expect("a board").position();
    let solved = searcher.best_move(end, &SearchLimits::exact(), &stop);
    let latest = slot.latest().expect("the solve reported");
    assert!(solved.exact && latest.exact);
    assert_eq!(
        (latest.score, latest.pv.first()),
        (solved.score, solved.best.as_ref())
    );
}

/// The analysis behind the hints reports its iterations too: the last report names the move the
/// analysis puts first, with its score.
#[test]
fn an_analysis_reports_its_progress_to_a_watcher() {
    use reversi_engine::search::ProgressSlot;
    use std::sync::Arc;

    let stop = AtomicBool::new(false);
    let slot = Arc::new(ProgressSlot::default());
    let mut searcher = Searcher::new(16);
    searcher.report_progress_to(slot.clone());
    let position = Position::start()
        .play("f5".parse::<Square>().unwrap())
        .unwrap();
    let scores = searcher.analyze(position, &SearchLimits::depth(5), &stop);
    let latest = slot.latest().expect("five iterations reported");
    assert_eq!(latest.depth, 5);
    assert_eq!(latest.pv.first(), Some(&scores[0].square));
    assert_eq!(latest.score, scores[0].score);
}
