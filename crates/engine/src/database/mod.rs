//! The WTHOR game database of the French federation: its files read (and written, for tests and
//! synthetic databases), and a [`Database`] of every game of a folder that answers, for a board,
//! the moves played from it with their results and the games that reached it, on any of the
//! board's eight symmetries. The caller reads the files: the library does no I/O.

mod wthor;

#[cfg(test)]
mod tests;

pub use wthor::{
    GAME_BYTES, GameFile, HEADER_BYTES, MOST_MOVES, WthorError, WthorGame, WthorHeader, WthorKind,
    WthorProblem, read_games, read_names, write_games, write_names,
};

use crate::board::Board;
use crate::color::Color;
use crate::game::Move;
use crate::openings::Symmetry;
use crate::square::Square;

/// The most games a database holds: a game's number takes 26 bits of an index entry.
pub const MOST_GAMES: usize = 1 << 26;

/// The name given to a player or tournament whose number is not in its list.
pub const UNKNOWN_NAME: &str = "?";

/// Bits of an index entry that hold the ply (0 to 60).
const PLY_BITS: u32 = 6;

/// Every game of a WTHOR folder, the names of its players and tournaments, and an index from each
/// position the games reached (on its canonical image) to the games and plies that reached it.
#[derive(Clone, Debug, Default)]
pub struct Database {
    games: Vec<StoredGame>,
    players: Vec<String>,
    tournaments: Vec<String>,
    /// Sorted entries: a 32-bit hash of the canonical position in the high half, the game's
    /// number and the ply in the low half. Eight bytes a position keeps a real database (some
    /// six million positions) in tens of megabytes; a hash that two positions share is told
    /// apart by replaying the game.
    index: Vec<u64>,
    damaged: usize,
}

#[derive(Clone, Copy, Debug)]
struct StoredGame {
    year: u16,
    game: WthorGame,
}

/// A game of the database, as [`Database::game_moves`] finds it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameId(usize);

/// What the games played from a position: one move (on the asked board's orientation), how many
/// games played it and how they ended for the side that played it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveStats {
    pub square: Square,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// The sum of the games' final disc differences for the side that played the move.
    pub total_difference: i64,
}

impl MoveStats {
    /// The average final disc difference for the side that played the move.
    pub fn average_difference(&self) -> f64 {
        self.total_difference as f64 / self.games.max(1) as f64
    }

    /// The share of the games won by the side that played the move, a draw counting half.
    pub fn win_share(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games.max(1) as f64
    }
}

/// One game that reached a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameSummary {
    pub id: GameId,
    pub year: u16,
    pub tournament: String,
    pub black: String,
    pub white: String,
    /// Black's discs at the end, and with perfect play (see [`WthorGame`]).
    pub black_discs: u8,
    pub theoretical_black_discs: u8,
    /// The discs played in the game when it reached the position.
    pub ply: usize,
    /// Maps the game's board at `ply` onto the asked one. The game's later moves can be mapped
    /// with it; the whole game only when it is one of the four symmetries that leave the start
    /// unchanged (the others map the start onto its colour-swapped image).
    pub symmetry: Symmetry,
}

/// A page of the games that reached a position, in the database's order (files by name, then
/// as each file lists them).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GamePage {
    /// How many games reached it in all.
    pub total: usize,
    pub games: Vec<GameSummary>,
}

/// A game that reached the asked position.
struct Reached {
    game: usize,
    ply: usize,
    symmetry: Symmetry,
}

impl Database {
    /// The database of the files given by name and contents: every `*.wtb` game file and the
    /// `WTHOR.JOU` and `WTHOR.TRN` lists, names in any case; other files are left out, so a
    /// caller may pass a whole folder (or filter first with [`WthorKind::of_file_name`]). Game
    /// files are taken in the order of their names. Without a list, or for a number past its
    /// end, the name is [`UNKNOWN_NAME`].
    pub fn from_files<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a [u8])>,
    ) -> Result<Database, WthorError> {
        let mut files: Vec<(&str, &[u8], WthorKind)> = files
            .into_iter()
            .filter_map(|(name, bytes)| Some((name, bytes, WthorKind::of_file_name(name)?)))
            .collect();
        files.sort_by_key(|(name, _, _)| name.to_ascii_lowercase());
        let mut database = Database::default();
        for (name, bytes, kind) in files {
            match kind {
                WthorKind::Players => database.players = read_names(name, bytes, kind)?,
                WthorKind::Tournaments => database.tournaments = read_names(name, bytes, kind)?,
                WthorKind::Games => {
                    let file = read_games(name, bytes)?;
                    if database.games.len() + file.games.len() > MOST_GAMES {
                        return Err(WthorError {
                            file: name.to_string(),
                            problem: WthorProblem::TooManyGames { most: MOST_GAMES },
                        });
                    }
                    database.damaged += file.damaged;
                    let year = file.header.games_year;
                    database
                        .games
                        .extend(file.games.into_iter().map(|game| StoredGame { year, game }));
                }
            }
        }
        database.build_index();
        Ok(database)
    }

    fn build_index(&mut self) {
        let positions = self.games.iter().map(|stored| stored.game.len() + 1).sum();
        let mut index = Vec::with_capacity(positions);
        for (number, stored) in self.games.iter().enumerate() {
            for (ply, board) in stored.game.boards().enumerate() {
                index.push(entry(hash(&canonical(&board).0), number, ply));
            }
        }
        index.sort_unstable();
        self.index = index;
    }

    /// How many games the database holds.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// How many games stop early at a move that cannot be played (their earlier moves are kept).
    pub fn damaged_games(&self) -> usize {
        self.damaged
    }

    /// The moves played from `board` (with its side to move), each on `board`'s own orientation,
    /// most played first.
    pub fn moves(&self, board: &Board) -> Vec<MoveStats> {
        let board = to_mover(board);
        let mut stats: Vec<MoveStats> = Vec::new();
        for reached in self.reached(&board) {
            let game = &self.games[reached.game].game;
            let Some(square) = game
                .index_at(reached.ply)
                .and_then(Square::from_index)
                .map(|square| reached.symmetry.apply(square))
            else {
                continue;
            };
            let at = match stats.iter().position(|each| each.square == square) {
                Some(at) => at,
                None => {
                    stats.push(MoveStats {
                        square,
                        games: 0,
                        wins: 0,
                        draws: 0,
                        losses: 0,
                        total_difference: 0,
                    });
                    stats.len() - 1
                }
            };
            let each = &mut stats[at];
            let difference = game.final_difference(board.to_move);
            each.games += 1;
            each.total_difference += i64::from(difference);
            match difference.signum() {
                1 => each.wins += 1,
                -1 => each.losses += 1,
                _ => each.draws += 1,
            }
        }
        stats.sort_by(|a, b| b.games.cmp(&a.games).then(a.square.cmp(&b.square)));
        stats
    }

    /// The games that reached `board` (with its side to move): `limit` of them after the first
    /// `skip`, and how many there are in all.
    pub fn games(&self, board: &Board, skip: usize, limit: usize) -> GamePage {
        let reached = self.reached(&to_mover(board));
        let games = reached
            .iter()
            .skip(skip)
            .take(limit)
            .map(|reached| self.summary(reached))
            .collect();
        GamePage {
            total: reached.len(),
            games,
        }
    }

    /// The moves of a game as it was played, passes included, from the standard start with
    /// black to move; `None` for an id past this database's games (an id of another database
    /// may name another game).
    pub fn game_moves(&self, id: GameId) -> Option<Vec<Move>> {
        let game = &self.games.get(id.0)?.game;
        let mut board = Board::default();
        let mut moves = Vec::with_capacity(game.len() + 2);
        for square in game.moves() {
            if board.must_pass() {
                moves.push(Move::Pass);
                board = board.pass().ok()?;
            }
            board = board.play(square).ok()?;
            moves.push(Move::Play(square));
        }
        Some(moves)
    }

    fn summary(&self, reached: &Reached) -> GameSummary {
        let StoredGame { year, game } = self.games[reached.game];
        let name = |names: &[String], number: u16| {
            names
                .get(usize::from(number))
                .map_or(UNKNOWN_NAME.to_string(), Clone::clone)
        };
        GameSummary {
            id: GameId(reached.game),
            year,
            tournament: name(&self.tournaments, game.tournament),
            black: name(&self.players, game.black),
            white: name(&self.players, game.white),
            black_discs: game.black_discs,
            theoretical_black_discs: game.theoretical_black_discs,
            ply: reached.ply,
            symmetry: reached.symmetry,
        }
    }

    /// The games that reached `board` (whose side to move can move, see [`to_mover`]), in the
    /// database's order, each with the symmetry that maps its board onto `board`.
    fn reached(&self, board: &Board) -> Vec<Reached> {
        let (canonical_board, to_canonical) = canonical(board);
        let from_canonical = to_canonical.inverse();
        let key = u64::from(hash(&canonical_board)) << 32;
        let start = self.index.partition_point(|&entry| entry < key);
        let end = self
            .index
            .partition_point(|&entry| entry >> 32 <= key >> 32);
        // Every ply adds one disc to the four of the start: an entry of another ply shares only
        // the hash, and is passed over without replaying its game.
        let discs = (board.black | board.white).count_ones() as usize;
        let mut found = Vec::new();
        for &entry in &self.index[start..end] {
            let (game, ply) = (
                (entry as u32 >> PLY_BITS) as usize,
                (entry as u32 & ((1 << PLY_BITS) - 1)) as usize,
            );
            if ply + 4 != discs {
                continue;
            }
            let Some(reached_board) = self
                .games
                .get(game)
                .and_then(|stored| stored.game.boards().nth(ply))
            else {
                continue;
            };
            let (image, game_to_canonical) = canonical(&reached_board);
            if image == canonical_board {
                found.push(Reached {
                    game,
                    ply,
                    symmetry: compose(game_to_canonical, from_canonical),
                });
            }
        }
        found
    }
}

/// `board` as the side that plays next sees it: after a pass when its side to move has no move
/// and the other has, so that a game's record (where passes are not written) and a board after
/// an explicit pass meet.
fn to_mover(board: &Board) -> Board {
    let (position, to_move) = wthor::to_mover(board.position(), board.to_move);
    Board::from_position(position, to_move)
}

/// The least image of `board` under the eight symmetries, (black, white) compared, with the
/// symmetry that makes it. The side to move stays: a board with the colours swapped is another
/// position to a player.
fn canonical(board: &Board) -> (Board, Symmetry) {
    Symmetry::ALL
        .into_iter()
        .map(|symmetry| {
            let image = Board {
                black: symmetry.apply_bits(board.black),
                white: symmetry.apply_bits(board.white),
                to_move: board.to_move,
            };
            (image, symmetry)
        })
        .min_by_key(|(image, _)| (image.black, image.white))
        .unwrap_or((*board, Symmetry::Identity))
}

/// The symmetry that applies `first`, then `second`: the one that moves a2 where they do, since
/// a2 is on no axis of the board and no two symmetries move it to the same square.
fn compose(first: Symmetry, second: Symmetry) -> Symmetry {
    const A2: u64 = 1 << 8;
    let wanted = second.apply_bits(first.apply_bits(A2));
    Symmetry::ALL
        .into_iter()
        .find(|symmetry| symmetry.apply_bits(A2) == wanted)
        .unwrap_or(Symmetry::Identity)
}

/// A 32-bit hash of a board with its side to move (a SplitMix64 finaliser of its discs).
fn hash(board: &Board) -> u32 {
    let mix = |mut x: u64| {
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    };
    let side = match board.to_move {
        Color::Black => 0,
        Color::White => 0x9E37_79B9_7F4A_7C15,
    };
    (mix(mix(board.black ^ side).wrapping_add(board.white)) >> 32) as u32
}

fn entry(hash: u32, game: usize, ply: usize) -> u64 {
    (u64::from(hash) << 32) | ((game as u64) << PLY_BITS) | ply as u64
}
