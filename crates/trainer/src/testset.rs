//! The held-out positions solved exactly at 20, 24 and 28 empty squares: what the report
//! measures every evaluation against where game results and bootstrapped labels are not exact.
//! Solving them takes a while, so each solved position is appended to a file (one per number of
//! empties) and a stopped run, or one asking for more positions, solves only those missing.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;
use reversi_engine::Position;
use reversi_engine::eval::Evaluator;
use reversi_engine::search::{SearchLimits, Searcher};

use crate::dataset::Sample;
use crate::files::read_if_present;

/// Empty squares of the exactly solved test positions.
pub const TEST_EMPTIES: [u32; 3] = [20, 24, 28];

/// Transposition table of the solver, in MiB.
const HASH_MB: usize = 32;

/// Bytes per solved position: the side to move's discs, the opponent's, the score.
const RECORD: usize = 17;

/// Up to `per_depth` positions with `empties` empty squares: the first position of each game
/// with that many empty squares and a legal move, games in order.
pub fn candidates(games: &[Vec<Sample>], empties: u32, per_depth: usize) -> Vec<Position> {
    games
        .iter()
        .filter_map(|game| {
            game.iter()
                .map(|sample| sample.position)
                .find(|p| p.empty_count() == empties && p.legal_moves() != 0)
        })
        .take(per_depth)
        .collect()
}

/// `positions` with their exact scores, read from `path` where already solved and solved (and
/// appended) otherwise. A file holding other positions than `positions` is refused. `eval` only
/// orders the solver's moves (a good one solves faster): the scores are exact.
pub fn solve_all<E: Evaluator + Clone>(
    path: &Path,
    positions: &[Position],
    eval: &E,
    progress: &ProgressBar,
) -> io::Result<Vec<Sample>> {
    let mut solved = read(path)?;
    solved.truncate(positions.len());
    if solved
        .iter()
        .zip(positions)
        .any(|(sample, position)| sample.position != *position)
    {
        return Err(io::Error::other(format!(
            "{} holds other positions than this run's",
            path.display()
        )));
    }
    let file = OpenOptions::new().create(true).append(true).open(path)?;
    file.set_len((solved.len() * RECORD) as u64)?;
    let mut out = file;
    let mut searcher = Searcher::with_evaluator(HASH_MB, eval.clone());
    let stop = AtomicBool::new(false);
    progress.set_position(solved.len() as u64);
    for &position in &positions[solved.len()..] {
        let score = searcher
            .best_move(
                position,
                &SearchLimits::exact().with_hash_mb(HASH_MB),
                &stop,
            )
            .score;
        let label = score.clamp(-64, 64) as i8;
        let mut record = [0u8; RECORD];
        record[..8].copy_from_slice(&position.player.to_le_bytes());
        record[8..16].copy_from_slice(&position.opponent.to_le_bytes());
        record[16] = label as u8;
        out.write_all(&record)?;
        out.flush()?;
        solved.push(Sample {
            position,
            label,
            exact: true,
        });
        progress.inc(1);
    }
    Ok(solved)
}

/// The whole records of the file (none when it does not exist).
fn read(path: &Path) -> io::Result<Vec<Sample>> {
    let bytes = read_if_present(path)?;
    let word = |b: &[u8]| {
        let mut word = [0u8; 8];
        word.copy_from_slice(b);
        u64::from_le_bytes(word)
    };
    Ok(bytes
        .chunks_exact(RECORD)
        .map(|record| {
            let player = word(&record[..8]);
            Sample {
                position: Position::new(player, word(&record[8..16]) & !player),
                label: record[16] as i8,
                exact: true,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{PlayConfig, play_game};
    use reversi_engine::eval::HandEval;

    #[test]
    fn positions_are_solved_once_and_exactly() -> io::Result<()> {
        let config = PlayConfig {
            depth: 1,
            noise: 2,
            random_plies: 6,
            exact_empties: 8,
        };
        let games: Vec<Vec<Sample>> = (0..3)
            .map(|i| play_game(&config, &HandEval, 2, i))
            .collect();
        let positions = candidates(&games, 20, 2);
        assert_eq!(positions.len(), 2);
        assert!(positions.iter().all(|p| p.empty_count() == 20));
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("exact.bin");
        let hidden = ProgressBar::hidden();
        let first = solve_all(&path, &positions[..1], &HandEval, &hidden)?;
        let both = solve_all(&path, &positions, &HandEval, &hidden)?;
        assert_eq!(both[0], first[0]);
        for sample in &both {
            let solved = Searcher::new(1).best_move(
                sample.position,
                &SearchLimits::exact(),
                &AtomicBool::new(false),
            );
            assert_eq!(i32::from(sample.label), solved.score);
        }
        // Other positions than those of the file are refused.
        assert!(solve_all(&path, &positions[1..], &HandEval, &hidden).is_err());
        Ok(())
    }
}
