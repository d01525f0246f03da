//! Generating and labelling positions: self-play from a random opening, with noisy moves, until
//! the exact solver can take over; then every position to the end is solved exactly, and every
//! earlier position is labelled with that exact result (the game's result under perfect play
//! from there on).

use std::sync::atomic::AtomicBool;

use reversi_engine::eval::Evaluator;
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::{SearchLimits, Searcher};
use reversi_engine::{Position, Square};

use crate::dataset::Sample;

/// How the games are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// Midgame search depth of both players.
    pub depth: u32,
    /// Each midgame move is drawn among those within this many discs of the best.
    pub noise: u32,
    /// Random plies from the start, drawn between 2 and this.
    pub random_plies: usize,
    /// Positions with at most this many empty squares are solved exactly.
    pub exact_empties: u32,
}

/// Transposition table of each game's searcher, in MiB.
const HASH_MB: usize = 8;

/// Game `index` of a run seeded `seed`, both players searching with `players`: the same
/// arguments always give the same game.
pub fn play_game<E: Evaluator + Clone>(
    config: &PlayConfig,
    players: &E,
    seed: u64,
    index: u64,
) -> Vec<Sample> {
    let mut rng = SplitMix64::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut searcher = Searcher::with_evaluator(HASH_MB, players.clone());
    let stop = AtomicBool::new(false);
    let mut position = Position::start();
    let random_plies = 2 + rng.below(config.random_plies.saturating_sub(1).max(1));
    let mut ply = 0;
    // (position, its side to move is the first player) for every recorded position.
    let mut seen: Vec<(Position, bool, Option<i32>)> = Vec::new();
    let mut first_moves = true;
    loop {
        let moves = position.legal_moves();
        if moves == 0 {
            if position.pass().legal_moves() == 0 {
                break;
            }
            position = position.pass();
            first_moves = !first_moves;
            continue;
        }
        let square;
        if ply < random_plies {
            let legal: Vec<Square> = Square::iter_bits(moves).collect();
            square = legal[rng.below(legal.len())];
        } else if position.empty_count() <= config.exact_empties {
            let result = searcher.best_move(position, &SearchLimits::exact(), &stop);
            seen.push((position, first_moves, Some(result.score)));
            square = result.best.unwrap_or_else(|| first_legal(moves));
        } else {
            seen.push((position, first_moves, None));
            square = noisy_move(
                &mut searcher,
                position,
                config.depth,
                config.noise,
                &mut rng,
                &stop,
            )
            .unwrap_or_else(|| first_legal(moves));
        }
        position = position.play(square).unwrap_or(position);
        first_moves = !first_moves;
        ply += 1;
    }
    // From the first solved position on, play is perfect: its score is the game's result.
    // A game that ended before any solve has its final score.
    let (result, result_first) = seen
        .iter()
        .find_map(|&(_, first, exact)| exact.map(|score| (score, first)))
        .unwrap_or((position.final_score(), first_moves));
    seen.iter()
        .map(|&(position, first, exact)| {
            let label = exact.unwrap_or(if first == result_first {
                result
            } else {
                -result
            });
            Sample {
                position,
                label: label.clamp(-64, 64) as i8,
                exact: exact.is_some(),
            }
        })
        .collect()
}

/// A self-play player's midgame move: searched `depth` plies, drawn among the moves within
/// `noise` discs of the best (none without a legal move).
pub fn noisy_move<E: Evaluator + Clone>(
    searcher: &mut Searcher<E>,
    position: Position,
    depth: u32,
    noise: u32,
    rng: &mut SplitMix64,
    stop: &AtomicBool,
) -> Option<Square> {
    let limits = SearchLimits {
        max_loss: noise,
        ..SearchLimits::depth(depth)
    }
    .with_seed(rng.next_u64())
    // Full width: the games must not depend on ProbCut statistics fitted later.
    .with_selective(false);
    searcher.best_move(position, &limits, stop).best
}

fn first_legal(moves: u64) -> Square {
    Square::iter_bits(moves)
        .next()
        .unwrap_or_else(|| unreachable!("called with at least one legal move"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::eval::{HandEval, PatternEval};

    fn quick() -> PlayConfig {
        PlayConfig {
            depth: 1,
            noise: 2,
            random_plies: 8,
            exact_empties: 8,
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_game_and_another_seed_another() {
        let a = play_game(&quick(), &HandEval, 1, 0);
        assert_eq!(a, play_game(&quick(), &HandEval, 1, 0));
        assert_ne!(a, play_game(&quick(), &HandEval, 1, 1));
    }

    #[test]
    fn other_players_play_other_games_from_the_same_seed() -> Result<(), String> {
        let learned = PatternEval::shipped().map_err(|e| e.to_string())?;
        let hand = play_game(&quick(), &HandEval, 1, 0);
        assert_ne!(hand, play_game(&quick(), &learned, 1, 0));
        Ok(())
    }

    #[test]
    fn endgame_labels_are_exact_and_agree_with_the_game() {
        let game = play_game(&quick(), &HandEval, 3, 4);
        let exact: Vec<&Sample> = game.iter().filter(|s| s.exact).collect();
        assert!(!exact.is_empty());
        for sample in &exact {
            assert!(sample.position.empty_count() <= 8);
            let solved = Searcher::new(1).best_move(
                sample.position,
                &SearchLimits::exact(),
                &AtomicBool::new(false),
            );
            assert_eq!(i32::from(sample.label), solved.score);
        }
        // Perfect play from the first solve: every later exact label is the same result, seen
        // from the side to move.
        let first = exact[0];
        for sample in &exact {
            assert_eq!(sample.label.abs(), first.label.abs());
        }
        let midgame: Vec<&Sample> = game.iter().filter(|s| !s.exact).collect();
        assert!(midgame.iter().all(|s| s.label.abs() == first.label.abs()));
    }
}
