//! Games packed as moves: a run's games in about a quarter of the bytes of its games file, so
//! that a training set can be kept in the repository and outlive the machine that played it.
//!
//! A game's positions follow from its first position and its moves, and every label from its
//! result: from the first exactly solved position on, play is perfect, so each position's exact
//! score and the label of each earlier one are the game's result, seen from the side to move
//! (`generate.rs`). Packing checks that every game unpacks to the very samples it came from
//! and refuses a file of which one does not.
//!
//! The file: `PACKED_MAGIC`, then the most empty squares of an exactly labelled position (u8);
//! then per game the number of positions (u8) and, unless it is 0 (a game over within its random
//! opening, which records none), the first position's side to move's discs and the opponent's
//! (u64 each, little-endian), the result for that side (i8), and the square of each move from
//! one position to the next (u8, 0 = a1 ... 63 = h8; passes are not recorded, as a side without
//! a legal move passes).

use reversi_engine::{Position, Square};

use crate::dataset::Sample;

/// The first bytes of a packed games file.
pub const PACKED_MAGIC: &[u8; 8] = b"RVPACK01";

/// Bytes of a game's fixed part: the count, the first position and the result.
const GAME_HEADER: usize = 1 + 16 + 1;

/// Whether `bytes` are a packed games file (rather than a run's games file).
pub fn is_packed(bytes: &[u8]) -> bool {
    bytes.starts_with(PACKED_MAGIC)
}

/// `games` packed, or why one of them cannot be (the message names it by its index).
pub fn pack(games: &[Vec<Sample>]) -> Result<Vec<u8>, String> {
    let exact_empties = games
        .iter()
        .flatten()
        .filter(|sample| sample.exact)
        .map(|sample| sample.position.empty_count())
        .max()
        .unwrap_or(0);
    let mut bytes = PACKED_MAGIC.to_vec();
    bytes.push(exact_empties as u8);
    for (index, game) in games.iter().enumerate() {
        let packed = pack_game(game)
            .ok_or_else(|| format!("game {index} is not a game of legal moves and one result"))?;
        if unpack_game(&packed, exact_empties).as_deref() != Some(&game[..]) {
            return Err(format!(
                "game {index} does not unpack to its own positions and labels"
            ));
        }
        bytes.extend_from_slice(&packed);
    }
    Ok(bytes)
}

/// The games of a packed file's bytes, or what is wrong with them.
pub fn unpack(bytes: &[u8]) -> Result<Vec<Vec<Sample>>, String> {
    let body = bytes
        .strip_prefix(PACKED_MAGIC.as_slice())
        .ok_or("not a packed games file")?;
    let (&exact_empties, mut rest) = body.split_first().ok_or("the file ends in its header")?;
    let mut games = Vec::new();
    while let Some(&count) = rest.first() {
        let length = match count {
            0 => 1,
            _ => GAME_HEADER + count as usize - 1,
        };
        let record = rest
            .get(..length)
            .ok_or_else(|| format!("game {} is cut short", games.len()))?;
        let game = unpack_game(record, u32::from(exact_empties))
            .ok_or_else(|| format!("game {} has an illegal move", games.len()))?;
        games.push(game);
        rest = &rest[length..];
    }
    Ok(games)
}

/// One game's record, if its positions follow one another by legal moves and its labels are
/// its result for each side to move.
fn pack_game(game: &[Sample]) -> Option<Vec<u8>> {
    let Some(first) = game.first() else {
        return Some(vec![0]);
    };
    let mut record = vec![u8::try_from(game.len()).ok()?];
    record.extend_from_slice(&first.position.player.to_le_bytes());
    record.extend_from_slice(&first.position.opponent.to_le_bytes());
    record.push(first.label as u8);
    for pair in game.windows(2) {
        let square = Square::iter_bits(pair[0].position.legal_moves()).find(|&square| {
            next_position(pair[0].position, square).map(|(next, _)| next) == Some(pair[1].position)
        })?;
        record.push(square.bit().trailing_zeros() as u8);
    }
    Some(record)
}

/// The samples of one game's record, if its moves are legal.
fn unpack_game(record: &[u8], exact_empties: u32) -> Option<Vec<Sample>> {
    if record == [0] {
        return Some(Vec::new());
    }
    let word = |at: usize| {
        let mut word = [0u8; 8];
        word.copy_from_slice(record.get(at..at + 8)?);
        Some(u64::from_le_bytes(word))
    };
    let player = word(1)?;
    let mut position = Position::new(player, word(9)? & !player);
    let result = *record.get(17)? as i8;
    // Whether the side to move is the first position's, whose result the record holds.
    let mut first_side = true;
    let mut samples = Vec::with_capacity(record.len() - GAME_HEADER + 1);
    let mut moves = record[GAME_HEADER..].iter();
    loop {
        samples.push(Sample {
            position,
            label: if first_side { result } else { -result },
            exact: position.empty_count() <= exact_empties,
        });
        let Some(&index) = moves.next() else {
            return Some(samples);
        };
        let (next, passed) = next_position(position, Square::from_index(index)?)?;
        // After a pass the same side moves again.
        first_side ^= !passed;
        position = next;
    }
}

/// The position after `square` is played in `position` and a side without a move has passed,
/// and whether one did: the next position with a legal move, or none when `square` is illegal
/// or the game is over.
fn next_position(position: Position, square: Square) -> Option<(Position, bool)> {
    if position.legal_moves() & square.bit() == 0 {
        return None;
    }
    let after = position.play(square)?;
    if after.legal_moves() != 0 {
        return Some((after, false));
    }
    let passed = after.pass();
    (passed.legal_moves() != 0).then_some((passed, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{PlayConfig, play_game};
    use reversi_engine::eval::HandEval;

    fn games() -> Vec<Vec<Sample>> {
        let config = PlayConfig {
            depth: 1,
            noise: 2,
            random_plies: 8,
            exact_empties: 10,
        };
        (0..12)
            .map(|i| play_game(&config, &HandEval, 5, i))
            .collect()
    }

    #[test]
    fn played_games_unpack_to_the_same_positions_and_labels_in_a_quarter_of_the_bytes() {
        let mut games = games();
        // A game over within its random opening records no position.
        games.insert(5, Vec::new());
        let bytes = pack(&games).unwrap();
        assert_eq!(unpack(&bytes).unwrap(), games);
        let positions: usize = games.iter().map(Vec::len).sum();
        assert!(bytes.len() * 4 < positions * 18, "{} bytes", bytes.len());
    }

    #[test]
    fn a_game_whose_labels_are_not_its_result_is_refused() {
        let mut games = games();
        games[3][20].label = games[3][20].label.wrapping_add(2);
        let error = pack(&games).unwrap_err();
        assert!(error.contains("game 3"), "{error}");
    }

    #[test]
    fn a_damaged_file_says_what_is_wrong_with_it() {
        let bytes = pack(&games()).unwrap();
        assert!(unpack(&bytes[1..]).unwrap_err().contains("not a packed"));
        let cut = unpack(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(cut.contains("game 11 is cut short"), "{cut}");
        // The first move of the first game on an occupied square.
        let mut illegal = bytes.clone();
        illegal[PACKED_MAGIC.len() + 1 + GAME_HEADER] = 27;
        let error = unpack(&illegal).unwrap_err();
        assert!(error.contains("game 0 has an illegal move"), "{error}");
    }
}
