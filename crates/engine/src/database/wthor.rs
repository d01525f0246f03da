//! The WTHOR files of the French federation's game database, read and written: `WTHOR.JOU` (the
//! players' names), `WTHOR.TRN` (the tournaments' names) and `WTH_YYYY.wtb` (a year's games).
//!
//! Every file opens with a 16-byte header: the century, year, month and day it was made, the
//! number of records (a little-endian `u32` at offset 4 in a game file, a `u16` at offset 8 in a
//! name list), the year of the games (`u16` at offset 10), the board size (0 or 8 for 8x8, 10 for
//! 10x10), the kind of games and the depth of the theoretical scores. Then come the records: a
//! game is 68 bytes (tournament, black and white players as `u16`, black's disc count, black's
//! theoretical score, 60 moves written `10 * column + row` from 11 = a1 to 88 = h8, 0 after the
//! last), a player's name 20 bytes, a tournament's 26, Latin-1 padded with NULs.

use thiserror::Error;

use crate::board::Board;
use crate::color::Color;
use crate::position::Position;
use crate::square::Square;

/// The bytes of a file's header.
pub const HEADER_BYTES: usize = 16;
/// The bytes of one game of an 8x8 game file.
pub const GAME_BYTES: usize = 68;
/// The most moves a game records: one per empty square of the start.
pub const MOST_MOVES: usize = 60;

/// What a WTHOR file holds, told by its name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WthorKind {
    /// `WTH_YYYY.wtb`, or any `*.wtb`: games.
    Games,
    /// `WTHOR.JOU`: the players' names.
    Players,
    /// `WTHOR.TRN`: the tournaments' names.
    Tournaments,
}

impl WthorKind {
    /// The kind of the file called `name` (a name, not a path), any case; `None` for a file that
    /// is not part of the database.
    pub fn of_file_name(name: &str) -> Option<WthorKind> {
        let lower = name.to_ascii_lowercase();
        if lower == "wthor.jou" {
            Some(WthorKind::Players)
        } else if lower == "wthor.trn" {
            Some(WthorKind::Tournaments)
        } else if lower.len() > ".wtb".len() && lower.ends_with(".wtb") {
            Some(WthorKind::Games)
        } else {
            None
        }
    }

    /// The bytes of one record.
    fn record_bytes(self) -> usize {
        match self {
            WthorKind::Games => GAME_BYTES,
            WthorKind::Players => 20,
            WthorKind::Tournaments => 26,
        }
    }
}

/// Why a WTHOR file cannot be read: the file's name and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}: {problem}")]
pub struct WthorError {
    pub file: String,
    pub problem: WthorProblem,
}

/// What is wrong with a WTHOR file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WthorProblem {
    #[error("{length} bytes is shorter than the 16-byte header of a WTHOR file")]
    NoHeader { length: usize },
    #[error(
        "the file holds games of a 10x10 board; only the 8x8 board's files (WTH_YYYY.wtb) can be read"
    )]
    TenByTen,
    #[error("board size {size} is not one of WTHOR's (0 or 8 for 8x8, 10 for 10x10)")]
    BoardSize { size: u8 },
    #[error(
        "the header announces {records} records of {record_bytes} bytes, but the file has {found} bytes after the header instead of {expected}"
    )]
    Length {
        records: usize,
        record_bytes: usize,
        expected: usize,
        found: usize,
    },
    #[error("more than {most} games in all: the database holds no more")]
    TooManyGames { most: usize },
    #[error("game {number} gives black {discs} discs, more than the board's 64")]
    DiscCount { number: usize, discs: u8 },
}

/// The header of a WTHOR file.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct WthorHeader {
    /// When the file was made: year (all four digits), month, day.
    pub created: (u16, u8, u8),
    /// The records that follow.
    pub records: usize,
    /// The year of the games (0 in the name lists).
    pub games_year: u16,
    /// The header's game-type byte (offset 13), kept as it is.
    pub kind: u8,
    /// The depth at which the theoretical scores were solved.
    pub depth: u8,
}

/// One game as a game file keeps it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WthorGame {
    /// Numbers in the tournaments' and players' lists.
    pub tournament: u16,
    pub black: u16,
    pub white: u16,
    /// Black's discs at the end, as the game was scored.
    pub black_discs: u8,
    /// Black's discs with perfect play from the depth of the header on.
    pub theoretical_black_discs: u8,
    /// The 8x8 bit index of each disc played (passes are not written); `length` of them count.
    moves: [u8; MOST_MOVES],
    length: u8,
}

impl WthorGame {
    /// A game of `moves` (passes left out) between players and in a tournament numbered 0, with
    /// black's disc count and theoretical score set from the board the moves reach (empty squares
    /// going to the winner); `None` if a move cannot be played.
    pub fn from_moves(moves: &[Square]) -> Option<WthorGame> {
        if moves.len() > MOST_MOVES || moves.iter().any(|square| !square.is_on_8x8()) {
            return None;
        }
        let mut indices = [0; MOST_MOVES];
        for (slot, square) in indices.iter_mut().zip(moves) {
            *slot = u8::try_from(square.index()).ok()?;
        }
        let (length, end) = replay(&indices[..moves.len()]);
        if length != moves.len() {
            return None;
        }
        let black_discs = final_black_discs(&end);
        Some(WthorGame {
            tournament: 0,
            black: 0,
            white: 0,
            black_discs,
            theoretical_black_discs: black_discs,
            moves: indices,
            length: length as u8,
        })
    }

    /// The squares played, in order, passes left out.
    pub fn moves(&self) -> impl Iterator<Item = Square> + '_ {
        self.moves[..usize::from(self.length)]
            .iter()
            .filter_map(|&index| Square::from_index(index))
    }

    /// How many discs were played.
    pub fn len(&self) -> usize {
        usize::from(self.length)
    }

    pub fn is_empty(&self) -> bool {
        self.length == 0
    }

    /// The 8x8 bit index of the disc played at `ply` (counted from 0).
    pub(super) fn index_at(&self, ply: usize) -> Option<u8> {
        self.moves[..self.len()].get(ply).copied()
    }

    /// The boards the game goes through, from the start to after its last disc.
    pub(super) fn boards(&self) -> Boards<'_> {
        boards(&self.moves[..self.len()])
    }

    /// The final disc difference for `color`: black's count against the rest of the 64 squares.
    pub fn final_difference(&self, color: Color) -> i32 {
        let black = 2 * i32::from(self.black_discs) - 64;
        match color {
            Color::Black => black,
            Color::White => -black,
        }
    }
}

/// The games of a game file, and how many of them were cut short at a move that cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameFile {
    pub header: WthorHeader,
    pub games: Vec<WthorGame>,
    /// Games whose moves stop early: at a move that cannot be played, at a byte that is no
    /// square, or at a move after the end of the game. Their moves before it are kept.
    pub damaged: usize,
}

/// Reads the game file `file` (its name, for the messages) made of `bytes`.
pub fn read_games(file: &str, bytes: &[u8]) -> Result<GameFile, WthorError> {
    let error = |problem| WthorError {
        file: file.to_string(),
        problem,
    };
    let (header, records) = read_header(bytes, WthorKind::Games).map_err(error)?;
    let mut games = Vec::with_capacity(header.records);
    let mut damaged = 0;
    for (number, record) in records.chunks_exact(GAME_BYTES).enumerate() {
        let discs = [record[6], record[7]];
        if let Some(&discs) = discs.iter().find(|&&discs| discs > 64) {
            return Err(error(WthorProblem::DiscCount {
                number: number + 1,
                discs,
            }));
        }
        let (game, whole) = read_game(record);
        damaged += usize::from(!whole);
        games.push(game);
    }
    Ok(GameFile {
        header,
        games,
        damaged,
    })
}

/// Reads a name list (`WTHOR.JOU` or `WTHOR.TRN`, as `kind` says) called `file`.
pub fn read_names(file: &str, bytes: &[u8], kind: WthorKind) -> Result<Vec<String>, WthorError> {
    let (_, records) = read_header(bytes, kind).map_err(|problem| WthorError {
        file: file.to_string(),
        problem,
    })?;
    Ok(records
        .chunks_exact(kind.record_bytes())
        .map(latin1_name)
        .collect())
}

/// A game file of `games` played in `year`, its header dated 1 January of that year.
pub fn write_games(year: u16, games: &[WthorGame]) -> Vec<u8> {
    let mut bytes = header_bytes(year, games.len(), year, WthorKind::Games);
    for game in games {
        for number in [game.tournament, game.black, game.white] {
            bytes.extend(number.to_le_bytes());
        }
        bytes.extend([game.black_discs, game.theoretical_black_discs]);
        bytes.extend(game.moves.iter().take(game.len()).map(|&index| {
            let (column, row) = (index % 8 + 1, index / 8 + 1);
            10 * column + row
        }));
        bytes.resize(bytes.len() + MOST_MOVES - game.len(), 0);
    }
    bytes
}

/// A name list (`kind` is `Players` or `Tournaments`) dated 1 January of `year`: each name cut
/// to fit its record with a NUL after it, a character Latin-1 lacks written `?`.
pub fn write_names(year: u16, names: &[&str], kind: WthorKind) -> Vec<u8> {
    let size = kind.record_bytes();
    let mut bytes = header_bytes(year, names.len(), 0, kind);
    for name in names {
        let start = bytes.len();
        bytes.extend(
            name.chars()
                .take(size - 1)
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')),
        );
        bytes.resize(start + size, 0);
    }
    bytes
}

fn header_bytes(created: u16, records: usize, games_year: u16, kind: WthorKind) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER_BYTES + records * kind.record_bytes());
    let century = u8::try_from(created / 100).unwrap_or(u8::MAX);
    bytes.extend([century, (created % 100) as u8, 1, 1]);
    let (games, names) = match kind {
        WthorKind::Games => (records, 0),
        WthorKind::Players | WthorKind::Tournaments => (0, records),
    };
    bytes.extend(u32::try_from(games).unwrap_or(u32::MAX).to_le_bytes());
    bytes.extend(u16::try_from(names).unwrap_or(u16::MAX).to_le_bytes());
    bytes.extend(games_year.to_le_bytes());
    let board = match kind {
        WthorKind::Games => 8,
        WthorKind::Players | WthorKind::Tournaments => 0,
    };
    bytes.extend([board, 0, 0, 0]);
    bytes
}

/// The header of a file of `kind` and its records, checked to be as many as it announces.
fn read_header(bytes: &[u8], kind: WthorKind) -> Result<(WthorHeader, &[u8]), WthorProblem> {
    let Some((header, records)) = bytes.split_first_chunk::<HEADER_BYTES>() else {
        return Err(WthorProblem::NoHeader {
            length: bytes.len(),
        });
    };
    let count = match kind {
        WthorKind::Games => {
            match header[12] {
                0 | 8 => {}
                10 => return Err(WthorProblem::TenByTen),
                size => return Err(WthorProblem::BoardSize { size }),
            }
            u32::from_le_bytes([header[4], header[5], header[6], header[7]]) as usize
        }
        WthorKind::Players | WthorKind::Tournaments => {
            usize::from(u16::from_le_bytes([header[8], header[9]]))
        }
    };
    let record_bytes = kind.record_bytes();
    let expected = count.checked_mul(record_bytes);
    if expected != Some(records.len()) {
        return Err(WthorProblem::Length {
            records: count,
            record_bytes,
            expected: expected.unwrap_or(usize::MAX),
            found: records.len(),
        });
    }
    let header = WthorHeader {
        created: (
            u16::from(header[0]) * 100 + u16::from(header[1]),
            header[2],
            header[3],
        ),
        records: count,
        games_year: u16::from_le_bytes([header[10], header[11]]),
        kind: header[13],
        depth: header[14],
    };
    Ok((header, records))
}

/// The game of a 68-byte record, and whether all its moves could be played.
fn read_game(record: &[u8]) -> (WthorGame, bool) {
    let number = |at: usize| u16::from_le_bytes([record[at], record[at + 1]]);
    let written = &record[8..8 + MOST_MOVES];
    let end = written
        .iter()
        .position(|&byte| byte == 0)
        .unwrap_or(MOST_MOVES);
    let mut moves = [0; MOST_MOVES];
    let mut squares = 0;
    for (slot, &byte) in moves.iter_mut().zip(&written[..end]) {
        let (column, row) = (byte / 10, byte % 10);
        if !(1..=8).contains(&column) || !(1..=8).contains(&row) {
            break;
        }
        *slot = (row - 1) * 8 + column - 1;
        squares += 1;
    }
    let (length, _) = replay(&moves[..squares]);
    let after_end = &written[end..];
    let whole = length == end && after_end.iter().all(|&byte| byte == 0);
    let game = WthorGame {
        tournament: number(0),
        black: number(2),
        white: number(4),
        black_discs: record[6],
        theoretical_black_discs: record[7],
        moves,
        length: length as u8,
    };
    (game, whole)
}

/// Plays `moves` (8x8 bit indices) from the start: how many could be played before the first
/// that cannot, and the board they reach.
fn replay(moves: &[u8]) -> (usize, Board) {
    boards(moves)
        .enumerate()
        .last()
        .unwrap_or((0, Board::default()))
}

/// The boards that playing `moves` (8x8 bit indices) from the start goes through, each seen by
/// the side that plays next (a due pass made): the start, then one board after each disc, up to
/// the first move that cannot be played.
pub(super) fn boards(moves: &[u8]) -> Boards<'_> {
    let start = Position::start();
    Boards {
        moves,
        next: Some((start, Color::Black)),
    }
}

/// The iterator of [`boards`]. It plays on positions, where a move is one flip computation
/// (`Board::play` also asks whether the game is over), since building the index plays every move
/// of the database.
pub(super) struct Boards<'a> {
    moves: &'a [u8],
    next: Option<(Position, Color)>,
}

impl Iterator for Boards<'_> {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        let (position, to_move) = self.next.take()?;
        if let Some((&index, rest)) = self.moves.split_first() {
            self.moves = rest;
            self.next = Square::from_index(index)
                .and_then(|square| position.play(square))
                .map(|after| to_mover(after, to_move.opponent()));
        }
        Some(Board::from_position(position, to_move))
    }
}

/// `position` with `to_move` to play, or the other side after a pass when `to_move` has no move
/// and the other has.
pub(super) fn to_mover(position: Position, to_move: Color) -> (Position, Color) {
    if position.legal_moves() == 0 && position.pass().legal_moves() != 0 {
        (position.pass(), to_move.opponent())
    } else {
        (position, to_move)
    }
}

/// Black's discs at the end of a game stopped on `board`, the empty squares going to the side
/// with more discs, as the federation scores.
fn final_black_discs(board: &Board) -> u8 {
    let (black, white) = (board.count(Color::Black), board.count(Color::White));
    let empties = 64 - black - white;
    let black = match black.cmp(&white) {
        std::cmp::Ordering::Greater => black + empties,
        std::cmp::Ordering::Equal => black + empties / 2,
        std::cmp::Ordering::Less => black,
    };
    black as u8
}

/// A name record: Latin-1 up to the first NUL, spaces around it dropped.
fn latin1_name(record: &[u8]) -> String {
    let end = record
        .iter()
        .position(|&byte| byte == 0)
        .unwrap_or(record.len());
    record[..end]
        .iter()
        .map(|&byte| char::from(byte))
        .collect::<String>()
        .trim()
        .to_string()
}
