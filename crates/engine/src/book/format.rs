//! The book file: what it holds, how it is written, and the checks that refuse a file that is
//! not a book this engine can trust.
//!
//! Layout, little-endian, following the weights file (`eval::weights`): magic `RVBK`, format
//! version (u16), how the book was built (depth u8, window u8, seed u64), the number of positions
//! (u32), then each position in ascending canonical order: player's discs (u64), opponent's
//! (u64), search depth (u8), number of moves (u8) and per move its square (u8, canonical
//! orientation) and score (i8, discs for the side to move); last an FNV-1a 32-bit checksum of
//! every byte before it.

use std::collections::BTreeMap;

use thiserror::Error;

use super::canonical::{Key, canonical, key};
use super::{BuildInfo, Node, StoredMove};
use crate::data_file::{Sealed, Truncated, seal};
use crate::position::Position;
use crate::square::Square;

const MAGIC: &[u8; 4] = b"RVBK";

/// The format version this engine reads and writes.
pub const FORMAT_VERSION: u16 = 1;

/// Why a book file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BookError {
    #[error("not a book file (bad magic)")]
    BadMagic,
    #[error("book format version {found}, this engine reads version {FORMAT_VERSION}")]
    BadVersion { found: u16 },
    #[error("the file ends early")]
    Truncated,
    #[error("{0} bytes after the checksum")]
    TrailingBytes(usize),
    #[error("checksum {found:#010x}, the content sums to {computed:#010x}")]
    BadChecksum { found: u32, computed: u32 },
    #[error("position {index}: {reason}")]
    BadEntry { index: usize, reason: &'static str },
}

/// The file bytes of a book.
pub fn to_bytes(info: &BuildInfo, nodes: &BTreeMap<Key, Node>) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.push(info.depth);
    out.push(info.window);
    out.extend_from_slice(&info.seed.to_le_bytes());
    out.extend_from_slice(&(nodes.len() as u32).to_le_bytes());
    for (&(player, opponent), node) in nodes {
        out.extend_from_slice(&player.to_le_bytes());
        out.extend_from_slice(&opponent.to_le_bytes());
        out.push(node.depth);
        out.push(node.moves.len() as u8);
        for stored in &node.moves {
            out.push(stored.square);
            out.push(stored.score as u8);
        }
    }
    seal(&mut out);
    out
}

/// Reads a book file, refusing one whose version or checksum is wrong or whose positions or
/// moves could not occur in a game.
pub fn from_bytes(bytes: &[u8]) -> Result<(BuildInfo, BTreeMap<Key, Node>), BookError> {
    let sealed = Sealed::open(bytes)?;
    let mut reader = sealed.reader();
    if reader.take(4)? != MAGIC {
        return Err(BookError::BadMagic);
    }
    let version = reader.u16()?;
    if version != FORMAT_VERSION {
        return Err(BookError::BadVersion { found: version });
    }
    sealed
        .verify()
        .map_err(|(found, computed)| BookError::BadChecksum { found, computed })?;
    let info = BuildInfo {
        depth: reader.u8()?,
        window: reader.u8()?,
        seed: reader.u64()?,
    };
    let count = reader.u32()? as usize;
    let mut nodes = BTreeMap::new();
    let mut previous: Option<Key> = None;
    for index in 0..count {
        let player = reader.u64()?;
        let opponent = reader.u64()?;
        let depth = reader.u8()?;
        let moves = reader.u8()? as usize;
        let mut node = Node {
            depth,
            moves: Vec::with_capacity(moves),
        };
        for _ in 0..moves {
            let square = reader.u8()?;
            let score = reader.u8()? as i8;
            node.moves.push(StoredMove::new(square, score));
        }
        let position = Position::new(player, opponent);
        check_entry(&position, &node, previous)
            .map_err(|reason| BookError::BadEntry { index, reason })?;
        previous = Some(key(&position));
        nodes.insert(key(&position), node);
    }
    match reader.left() {
        0 => Ok((info, nodes)),
        left => Err(BookError::TrailingBytes(left)),
    }
}

/// Why an entry cannot be trusted, if it cannot.
fn check_entry(
    position: &Position,
    node: &Node,
    previous: Option<Key>,
) -> Result<(), &'static str> {
    if position.player & position.opponent != 0 {
        return Err("a square holds discs of both sides");
    }
    if previous.is_some_and(|previous| previous >= key(position)) {
        return Err("positions are out of order or repeated");
    }
    if canonical(*position).0 != *position {
        return Err("the position is not stored in its canonical orientation");
    }
    if !(1..=60).contains(&node.depth) {
        return Err("the search depth is not 1 to 60");
    }
    if node.moves.is_empty() {
        return Err("a position without moves");
    }
    let mut seen = 0u64;
    for stored in &node.moves {
        let square = Square::from_index(stored.square).ok_or("a move off the board")?;
        if position.flips(square) == 0 {
            return Err("a move that is not legal in its position");
        }
        if seen & square.bit() != 0 {
            return Err("a move listed twice");
        }
        seen |= square.bit();
        if stored.score.unsigned_abs() > 64 {
            return Err("a score beyond 64 discs");
        }
    }
    Ok(())
}

impl From<Truncated> for BookError {
    fn from(_: Truncated) -> BookError {
        BookError::Truncated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data_file::fnv1a;

    const INFO: BuildInfo = BuildInfo {
        depth: 3,
        window: 2,
        seed: 9,
    };

    /// A file of one position with these moves, written without any check.
    fn one(position: Position, depth: u8, moves: &[(u8, i8)]) -> Vec<u8> {
        let node = Node {
            depth,
            moves: moves
                .iter()
                .map(|&(square, score)| StoredMove::new(square, score))
                .collect(),
        };
        to_bytes(&INFO, &BTreeMap::from([(key(&position), node)]))
    }

    fn start() -> Position {
        canonical(Position::start()).0
    }

    /// The canonical start's legal squares.
    fn legal() -> Vec<u8> {
        Square::iter_bits(start().legal_moves())
            .map(|square| square.index() as u8)
            .collect()
    }

    fn resum(mut bytes: Vec<u8>) -> Vec<u8> {
        let n = bytes.len() - 4;
        let sum = fnv1a(&bytes[..n]);
        bytes[n..].copy_from_slice(&sum.to_le_bytes());
        bytes
    }

    fn entry_error(bytes: &[u8]) -> &'static str {
        match from_bytes(bytes) {
            Err(BookError::BadEntry { index: 0, reason }) => reason,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let moves: Vec<(u8, i8)> = legal().into_iter().zip([3, -2, 0, 64]).collect();
        let bytes = one(start(), 12, &moves);
        let (info, nodes) = from_bytes(&bytes).unwrap();
        assert_eq!(info, INFO);
        assert_eq!(to_bytes(&info, &nodes), bytes);
        assert_eq!(bytes.len(), 4 + 2 + 10 + 4 + 18 + 2 * 4 + 4);
    }

    #[test]
    fn a_bad_header_checksum_or_length_is_refused() {
        let bytes = one(start(), 12, &[(legal()[0], 1)]);
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(from_bytes(&magic).err(), Some(BookError::BadMagic));
        let mut version = bytes.clone();
        version[4] = 7;
        assert_eq!(
            from_bytes(&resum(version)).err(),
            Some(BookError::BadVersion { found: 7 })
        );
        let mut damaged = bytes.clone();
        damaged[25] ^= 4;
        assert!(matches!(
            from_bytes(&damaged),
            Err(BookError::BadChecksum { .. })
        ));
        let mut longer = bytes[..bytes.len() - 4].to_vec();
        longer.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        assert_eq!(
            from_bytes(&resum(longer)).err(),
            Some(BookError::TrailingBytes(2))
        );
        for n in 0..bytes.len() {
            assert!(from_bytes(&bytes[..n]).is_err());
            assert!(from_bytes(&resum(bytes[..n.max(4)].to_vec())).is_err());
        }
    }

    #[test]
    fn positions_and_moves_that_cannot_occur_are_refused() {
        let legal = legal();
        assert_eq!(
            entry_error(&one(start(), 12, &[(0, 1)])),
            "a move that is not legal in its position"
        );
        assert_eq!(
            entry_error(&one(start(), 12, &[(64, 1)])),
            "a move off the board"
        );
        assert_eq!(
            entry_error(&one(start(), 12, &[(legal[0], 1), (legal[0], 2)])),
            "a move listed twice"
        );
        assert_eq!(
            entry_error(&one(start(), 12, &[(legal[0], 65)])),
            "a score beyond 64 discs"
        );
        assert_eq!(
            entry_error(&one(start(), 0, &[(legal[0], 1)])),
            "the search depth is not 1 to 60"
        );
        assert_eq!(
            entry_error(&one(start(), 12, &[])),
            "a position without moves"
        );
        let turned = super::super::canonical::image(start(), crate::openings::Symmetry::Transpose);
        let other = if turned == start() {
            super::super::canonical::image(start(), crate::openings::Symmetry::QuarterTurn)
        } else {
            turned
        };
        assert_eq!(
            entry_error(&one(other, 12, &[])),
            "the position is not stored in its canonical orientation"
        );
        assert_eq!(
            entry_error(&one(Position::new(1, 1), 12, &[])),
            "a square holds discs of both sides"
        );
    }
}
