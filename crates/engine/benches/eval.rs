//! Evaluation speed, hand-written against learned patterns, over positions of every phase, and
//! the speed of a fixed-depth search with each (reported in nodes per second):
//! `cargo bench -p reversi-engine --bench eval`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_engine::eval::pattern::layout;
use reversi_engine::eval::weights::Weights;
use reversi_engine::eval::{Evaluator, HandEval, PatternEval};
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::{SearchLimits, Searcher};
use reversi_engine::{Position, Square};

/// Positions from random games, so every phase is measured.
fn sample_positions() -> Vec<Position> {
    let mut rng = SplitMix64::new(0x2545_F491_4F6C_DD1D);
    let mut positions = Vec::new();
    for _ in 0..50 {
        let mut position = Position::start();
        while !position.is_game_over() {
            positions.push(position);
            let moves: Vec<Square> = Square::iter_bits(position.legal_moves()).collect();
            position = match moves.get(rng.below(moves.len())) {
                Some(&square) => position.play(square).unwrap_or(position),
                None => position.pass(),
            };
        }
    }
    positions
}

/// Dense random weights: the speed does not depend on their values, only on the memory touched.
fn random_weights() -> PatternEval {
    let mut weights = Weights::zeros(10, layout().table_sizes());
    let mut rng = SplitMix64::new(1);
    for value in weights.values.iter_mut() {
        *value = rng.below(401) as i16 - 200;
    }
    PatternEval::new(weights)
}

fn evaluate_all<E: Evaluator>(c: &mut Criterion, name: &str, eval: &E, positions: &[Position]) {
    c.bench_function(name, |b| {
        let mut index = 0;
        b.iter(|| {
            index = (index + 1) % positions.len();
            eval.evaluate(black_box(&positions[index]))
        })
    });
}

/// Midgame search depth of the search benchmark.
const SEARCH_DEPTH: u32 = 7;

/// Searches every fortieth sample position (midgame ones) to `SEARCH_DEPTH` from an empty
/// table; criterion's throughput is then nodes per second.
fn search_all<E: Evaluator + Clone>(c: &mut Criterion, name: &str, eval: &E, all: &[Position]) {
    let positions: Vec<Position> = all
        .iter()
        .step_by(40)
        .filter(|p| p.empty_count() > 20 && p.legal_moves() != 0)
        .copied()
        .collect();
    let stop = AtomicBool::new(false);
    let limits = SearchLimits::depth(SEARCH_DEPTH);
    let mut searcher = Searcher::with_evaluator(16, eval.clone());
    let mut run = || {
        positions
            .iter()
            .map(|&position| {
                searcher.clear();
                searcher.best_move(position, &limits, &stop).nodes
            })
            .sum::<u64>()
    };
    let nodes = run();
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(name, |b| b.iter(&mut run));
    group.finish();
}

fn eval(c: &mut Criterion) {
    let positions = sample_positions();
    let pattern = random_weights();
    evaluate_all(c, "evaluate (per position, hand)", &HandEval, &positions);
    evaluate_all(c, "evaluate (per position, pattern)", &pattern, &positions);
    search_all(c, "depth 7 (hand)", &HandEval, &positions);
    search_all(c, "depth 7 (pattern, random weights)", &pattern, &positions);
    if let Ok(shipped) = PatternEval::shipped() {
        evaluate_all(
            c,
            "evaluate (per position, shipped weights)",
            &shipped,
            &positions,
        );
        search_all(
            c,
            "depth 7 (pattern, shipped weights)",
            &shipped,
            &positions,
        );
    }
}

criterion_group!(benches, eval);
criterion_main!(benches);
