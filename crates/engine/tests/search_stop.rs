//! The stop flag: a deep search set going on another thread stops soon after the flag is set
//! and still answers with a legal move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use reversi_engine::search::{Level, SearchLimits, Searcher};
use reversi_engine::{Position, Square};

fn after(transcript: &[&str]) -> Position {
    let mut position = Position::start();
    for name in transcript {
        let square: Square = name.parse().unwrap();
        position = position.play(square).unwrap();
    }
    position
}

fn assert_stops_quickly(position: Position, limits: SearchLimits) {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let worker = thread::spawn(move || {
        let mut searcher = Searcher::new(16);
        let result = searcher.best_move(position, &limits, &flag);
        (result, Instant::now())
    });
    thread::sleep(Duration::from_millis(300));
    let stopped_at = Instant::now();
    stop.store(true, Ordering::Relaxed);
    let (result, returned_at) = worker.join().unwrap();
    let delay = returned_at.saturating_duration_since(stopped_at);
    assert!(delay < Duration::from_millis(50), "took {delay:?} to stop");
    let best = result.best.expect("a move");
    assert!(
        position.legal_moves() & best.bit() != 0,
        "{best} is not legal"
    );
}

#[test]
fn a_deep_midgame_search_stops_within_50_ms() {
    // Depth 40 would take hours: only the flag can end it.
    let position = after(&["f5", "d6", "c3", "d3", "c4"]);
    assert_stops_quickly(position, Level::Custom(40).limits());
}

#[test]
fn an_exact_solve_of_a_midgame_position_stops_within_50_ms() {
    let position = after(&["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"]);
    assert_stops_quickly(position, SearchLimits::exact());
}

#[test]
fn a_parallel_exact_solve_stops_within_50_ms() {
    let position = after(&["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"]);
    assert_stops_quickly(position, SearchLimits::exact().with_threads(2));
}
