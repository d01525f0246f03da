//! The held-out positions solved exactly at 20, 24, 28 and 32 empty squares: what the report
//! measures every evaluation against where game results and bootstrapped labels are not exact.
//! Solving them takes a while, so each solved position is appended to a file (one per number of
//! empties) and a stopped run, or one asking for more positions, solves only those missing.
//!
//! A run solves positions of its own held-out games; a test set of its own (`build`) is solved
//! once from games no run trains on, so that weights of different runs are measured on the same
//! positions.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use indicatif::ProgressBar;
use reversi_engine::Position;
use reversi_engine::eval::Evaluator;
use reversi_engine::search::{SearchLimits, Searcher};

use crate::dataset::Sample;
use crate::files::{read_if_present, record_settings};
use crate::generate::{PlayConfig, play_game};

/// Empty squares of the exactly solved test positions.
pub const TEST_EMPTIES: [u32; 4] = [20, 24, 28, 32];

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

/// A test set of its own: `games` games played by `players` from seed `seed`, and the first
/// position of each with each of `TEST_EMPTIES` empty squares, up to `counts` of each.
pub struct TestSetConfig<'a> {
    pub dir: &'a Path,
    pub seed: u64,
    pub games: u64,
    pub play: PlayConfig,
    pub counts: [usize; TEST_EMPTIES.len()],
    /// Identifies the players in the recorded settings (their games make the positions).
    pub players_description: &'a str,
}

/// Plays the test set's games and solves its positions (those not solved yet), fewest empties
/// first, into `dir/exact-E.bin`; returns every solved position. `orderer` only orders the
/// solver's moves.
pub fn build<E: Evaluator + Clone, O: Evaluator + Clone>(
    config: &TestSetConfig,
    players: &E,
    orderer: &O,
    progress: impl Fn(u32, usize) -> ProgressBar,
) -> io::Result<Vec<Sample>> {
    std::fs::create_dir_all(config.dir)?;
    record_settings(
        config.dir,
        "settings.txt",
        &format!(
            "seed {}\ngames {}\n{:?}\nplayers: {}\n",
            config.seed, config.games, config.play, config.players_description
        ),
    )?;
    let games: Vec<Vec<Sample>> = (0..config.games)
        .map(|index| play_game(&config.play, players, config.seed, index))
        .collect();
    let mut solved = Vec::new();
    for (empties, count) in TEST_EMPTIES.into_iter().zip(config.counts) {
        let positions = candidates(&games, empties, count);
        let bar = progress(empties, positions.len());
        let path = config.dir.join(format!("exact-{empties}.bin"));
        solved.extend(solve_all(&path, &positions, orderer, &bar)?);
        bar.finish();
    }
    Ok(solved)
}

/// Every position solved so far in a test set's directory, fewest empties first.
pub fn read_solved(dir: &Path) -> io::Result<Vec<Sample>> {
    let mut solved = Vec::new();
    for empties in TEST_EMPTIES {
        solved.extend(read(&dir.join(format!("exact-{empties}.bin")))?);
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

    #[test]
    fn a_test_set_is_solved_once_and_read_back() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let config = TestSetConfig {
            dir: dir.path(),
            seed: 3,
            games: 3,
            play: PlayConfig {
                depth: 1,
                noise: 2,
                random_plies: 6,
                exact_empties: 0,
            },
            counts: [2, 1, 0, 0],
            players_description: "hand",
        };
        let hidden = |_, _| ProgressBar::hidden();
        let solved = build(&config, &HandEval, &HandEval, hidden)?;
        let empties: Vec<u32> = solved.iter().map(|s| s.position.empty_count()).collect();
        assert_eq!(empties, [20, 20, 24]);
        assert_eq!(read_solved(dir.path())?, solved);
        // Other players would make other positions: the directory refuses them.
        let other = TestSetConfig {
            players_description: "pattern",
            ..config
        };
        assert!(build(&other, &HandEval, &HandEval, hidden).is_err());
        Ok(())
    }
}
