//! The labelled positions of a run, game by game, in one append-only file: a stopped run keeps
//! every whole game written and drops a half-written one.
//!
//! Per game: the number of positions (u8), then for each the side to move's discs (u64), the
//! opponent's (u64) and the label (i8: final disc differential for the side to move), all
//! little-endian.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::Path;

use reversi_engine::Position;

use crate::files::read_if_present;

/// One training position and its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub position: Position,
    /// Final disc differential for the side to move: exact, or the result of the game.
    pub label: i8,
    /// The label is the position's exact score, not the game's result.
    pub exact: bool,
}

const RECORD: usize = 18;

/// The games of a data file, in order; a trailing incomplete game is left out.
pub fn read_games(path: &Path) -> io::Result<Vec<Vec<Sample>>> {
    Ok(decode_games(&read_if_present(path)?))
}

/// The games of a data file's bytes, in order; a trailing incomplete game is left out.
pub fn decode_games(bytes: &[u8]) -> Vec<Vec<Sample>> {
    let mut games = Vec::new();
    let mut at = 0;
    while let Some(&count) = bytes.get(at) {
        let end = at + 1 + count as usize * RECORD;
        let Some(body) = bytes.get(at + 1..end) else {
            break;
        };
        games.push(body.chunks_exact(RECORD).map(decode).collect());
        at = end;
    }
    games
}

/// Bytes of the whole games at the start of the file: where writing resumes.
pub fn complete_length(games: &[Vec<Sample>]) -> u64 {
    games
        .iter()
        .map(|game| 1 + (game.len() * RECORD) as u64)
        .sum()
}

fn decode(record: &[u8]) -> Sample {
    let mut word = [0u8; 8];
    word.copy_from_slice(&record[..8]);
    let player = u64::from_le_bytes(word);
    word.copy_from_slice(&record[8..16]);
    let opponent = u64::from_le_bytes(word);
    Sample {
        position: Position::new(player, opponent & !player),
        label: record[16] as i8,
        exact: record[17] != 0,
    }
}

/// The fewest and the most empty squares among `samples` ((60, 0) without any).
pub fn empties_range(samples: &[Sample]) -> (u32, u32) {
    samples.iter().fold((60, 0), |(low, high), s| {
        let empties = s.position.empty_count();
        (low.min(empties), high.max(empties))
    })
}

/// Writes `samples` to `path` as bare records (through a temporary file, so a stop leaves no
/// half-written file): the labels of a fitted phase, kept for the phases fitted after it.
pub fn write_samples(path: &Path, samples: &[Sample]) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(samples.len() * RECORD);
    for sample in samples {
        bytes.extend_from_slice(&encode(sample));
    }
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, &bytes)?;
    std::fs::rename(&temporary, path)
}

/// The samples of a file written by `write_samples` (none when it does not exist).
pub fn read_samples(path: &Path) -> io::Result<Vec<Sample>> {
    Ok(read_if_present(path)?
        .chunks_exact(RECORD)
        .map(decode)
        .collect())
}

fn encode(sample: &Sample) -> [u8; RECORD] {
    let mut record = [0u8; RECORD];
    record[..8].copy_from_slice(&sample.position.player.to_le_bytes());
    record[8..16].copy_from_slice(&sample.position.opponent.to_le_bytes());
    record[16] = sample.label as u8;
    record[17] = u8::from(sample.exact);
    record
}

/// Appends samples to a file of bare records (as `write_samples` writes) cut back to its first
/// `kept` samples.
pub struct SampleAppender {
    out: BufWriter<File>,
}

impl SampleAppender {
    pub fn open(path: &Path, kept: usize) -> io::Result<SampleAppender> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        file.set_len((kept * RECORD) as u64)?;
        Ok(SampleAppender {
            out: BufWriter::new(file),
        })
    }

    /// Writes `samples` and flushes them, so a stop loses at most a torn record.
    pub fn append(&mut self, samples: &[Sample]) -> io::Result<()> {
        for sample in samples {
            self.out.write_all(&encode(sample))?;
        }
        self.out.flush()
    }
}

/// Appends games to a data file cut back to its `complete` bytes.
pub struct GameWriter {
    out: BufWriter<File>,
}

impl GameWriter {
    pub fn open(path: &Path, complete: u64) -> io::Result<GameWriter> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        file.set_len(complete)?;
        Ok(GameWriter {
            out: BufWriter::new(file),
        })
    }

    /// Writes one game (at most 255 positions: a game has at most 60 moves) and flushes it, so
    /// a stop loses at most the game being played.
    pub fn write_game(&mut self, game: &[Sample]) -> io::Result<()> {
        let count = game.len().min(u8::MAX as usize);
        self.out.write_all(&[count as u8])?;
        for sample in &game[..count] {
            self.out.write_all(&encode(sample))?;
        }
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(n: u64) -> Sample {
        Sample {
            position: Position::new(n, n << 32),
            label: -(n as i8),
            exact: n.is_multiple_of(2),
        }
    }

    #[test]
    fn games_read_back_and_a_torn_game_is_dropped() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("games.bin");
        let games = vec![vec![sample(1), sample(2)], vec![], vec![sample(3)]];
        let mut writer = GameWriter::open(&path, 0)?;
        for game in &games {
            writer.write_game(game)?;
        }
        drop(writer);
        assert_eq!(read_games(&path)?, games);

        // A stop in the middle of a game leaves part of it: it is not read, and writing resumes
        // where the whole games end.
        let mut torn = std::fs::read(&path)?;
        torn.extend_from_slice(&[3, 1, 2, 3]);
        std::fs::write(&path, &torn)?;
        let read = read_games(&path)?;
        assert_eq!(read, games);
        let mut writer = GameWriter::open(&path, complete_length(&read))?;
        writer.write_game(&[sample(4)])?;
        drop(writer);
        assert_eq!(read_games(&path)?.len(), 4);
        Ok(())
    }

    #[test]
    fn a_missing_file_has_no_games() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        assert!(read_games(&dir.path().join("none"))?.is_empty());
        assert!(read_samples(&dir.path().join("none"))?.is_empty());
        Ok(())
    }

    #[test]
    fn samples_read_back() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("labels.bin");
        let samples: Vec<Sample> = (1..5).map(sample).collect();
        write_samples(&path, &samples)?;
        assert_eq!(read_samples(&path)?, samples);
        Ok(())
    }
}
