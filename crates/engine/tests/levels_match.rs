//! Levels as seen by a player: a stronger level beats a weaker one, and a fixed seed replays the
//! same games.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use reversi_engine::arena::{play_game, play_match};
use reversi_engine::search::{Level, Searcher};
use reversi_engine::{Position, Square};

#[test]
fn intermediate_beats_beginner_in_a_seeded_match() {
    let summary = play_match(
        &Level::Intermediate.limits(),
        &Level::Beginner.limits(),
        6,
        7,
        |_| {},
    );
    assert!(summary.a_wins > summary.b_wins, "{summary:?}");
    assert!(summary.a_disc_diff > 0, "{summary:?}");
}

#[test]
fn a_seed_replays_the_same_game() {
    let (a, b) = (Level::Beginner.limits(), Level::Beginner.limits());
    let first = play_game(&a, &b, 11, 0);
    let again = play_game(&a, &b, 11, 0);
    assert_eq!(first.moves, again.moves);
    assert_eq!(first.a_disc_diff, again.a_disc_diff);
}

#[test]
fn beginner_varies_its_moves_but_only_among_near_best_ones() {
    let mut position = Position::start();
    for name in ["f5", "d6", "c3", "d3", "c4", "f4"] {
        position = position.play(name.parse::<Square>().unwrap()).unwrap();
    }
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    let scores = searcher.analyze(position, &Level::Custom(2).limits(), &stop);
    let best = scores[0].score;
    let mut chosen = HashSet::new();
    for seed in 0..24 {
        let limits = Level::Beginner.limits().with_seed(seed);
        let result = searcher.best_move(position, &limits, &stop);
        let square = result.best.unwrap();
        let score = scores.iter().find(|s| s.square == square).unwrap().score;
        // Rounding to whole discs may add one.
        let bound = Level::Beginner.limits().max_loss as i32 + 1;
        assert!(
            score >= best - bound,
            "{square} scores {score}, best {best}"
        );
        chosen.insert(square);
    }
    assert!(chosen.len() > 1, "always {chosen:?}");
}
