//! The game record of any variant: start position, moves (passes included), an undo/redo
//! cursor, the rule options and the way the game ended. Reading and writing transcripts is in
//! `format`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, MoveError};
use crate::color::Color;
use crate::square::{ParseSquareError, Square};
use crate::variant::{
    Goal, Scoring, Variant, VariantBoard, VariantBoardError, parse_variant_board,
    variant_board_string,
};

/// One entry of a game record: a disc played on a square, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Move {
    Play(Square),
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(square) => square.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseSquareError;

    /// Accepts a square (`d3`, `D3`) or a pass (`pass`, `pa`, `--`, any case).
    fn from_str(s: &str) -> Result<Move, ParseSquareError> {
        let trimmed = s.trim();
        if ["pass", "pa", "--"]
            .iter()
            .any(|pass| trimmed.eq_ignore_ascii_case(pass))
        {
            return Ok(Move::Pass);
        }
        trimmed.parse().map(Move::Play)
    }
}

impl From<Square> for Move {
    fn from(square: Square) -> Move {
        Move::Play(square)
    }
}

/// The rule options of a game: the variant (board, start, who moves first, supply, placement)
/// and how it is scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(from = "RulesRecord", into = "RulesRecord")]
pub struct Rules {
    pub variant: Variant,
    pub scoring: Scoring,
}

impl Rules {
    /// Standard Othello with `first_to_move` to move first (the classic Windows Reversi "First
    /// move" option lets white start).
    pub fn othello(first_to_move: Color) -> Rules {
        Rules {
            variant: Variant::OTHELLO.with_first_to_move(first_to_move),
            scoring: Scoring::DiscCount,
        }
    }
}

/// The rules as saved: records written before the variants hold only `first_to_move` (of the
/// standard game) and `scoring`.
#[derive(Serialize, Deserialize)]
struct RulesRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first_to_move: Option<Color>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    variant: Option<Variant>,
    scoring: Scoring,
}

impl From<RulesRecord> for Rules {
    fn from(record: RulesRecord) -> Rules {
        let mut variant = record.variant.unwrap_or_default();
        if let Some(first) = record.first_to_move {
            variant.first_to_move = first;
        }
        Rules {
            variant,
            scoring: record.scoring,
        }
    }
}

impl From<Rules> for RulesRecord {
    fn from(rules: Rules) -> RulesRecord {
        RulesRecord {
            first_to_move: None,
            variant: Some(rules.variant),
            scoring: rules.scoring,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum EndReason {
    /// Neither side can move: full board, wipeout, or blocked.
    NoMoves,
    /// This colour resigned.
    Resigned(Color),
    /// This colour's time ran out.
    OutOfTime(Color),
    /// The players agreed to a draw (an online game's offer, accepted).
    DrawAgreed,
}

/// The score of a finished game (discs; a 16x16 board holds 256).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct GameResult {
    pub black: u16,
    pub white: u16,
    pub reason: EndReason,
    /// Who won by these scores: written only for Reverse Othello, so results saved before it
    /// read unchanged.
    #[serde(default, skip_serializing_if = "is_most_discs")]
    pub goal: Goal,
}

fn is_most_discs(goal: &Goal) -> bool {
    *goal == Goal::MostDiscs
}

impl GameResult {
    /// The colour with more discs (after scoring), fewer in Reverse Othello, or `None` for a
    /// draw.
    pub fn winner(&self) -> Option<Color> {
        let more = match self.black.cmp(&self.white) {
            std::cmp::Ordering::Greater => Color::Black,
            std::cmp::Ordering::Less => Color::White,
            std::cmp::Ordering::Equal => return None,
        };
        Some(match self.goal {
            Goal::MostDiscs => more,
            Goal::FewestDiscs => more.opponent(),
        })
    }

    pub fn score(&self, color: Color) -> u16 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The winner's score then the loser's (the two halves of a draw).
    pub fn winner_first(&self) -> (u16, u16) {
        match self.winner() {
            Some(winner) => (self.score(winner), self.score(winner.opponent())),
            None => (self.black, self.white),
        }
    }

    /// The score of a finished board under `scoring`.
    pub fn scored(board: &VariantBoard, scoring: Scoring) -> GameResult {
        let (black, white) = board.score(scoring);
        GameResult {
            black: black as u16,
            white: white as u16,
            reason: EndReason::NoMoves,
            goal: board.variant().goal,
        }
    }

    /// A game that ended before its board did: after a resignation or a time loss the winner is
    /// credited every square of the board to none (64-0 on the standard board), as in the
    /// classic game, and in Reverse Othello the loser every square; an agreed draw splits the
    /// squares.
    fn ended_early(reason: EndReason, squares: u16, goal: Goal) -> GameResult {
        let loser = match reason {
            EndReason::Resigned(loser) | EndReason::OutOfTime(loser) => Some(loser),
            EndReason::DrawAgreed | EndReason::NoMoves => None,
        };
        let all_to = |color| match color {
            Color::Black => (squares, 0),
            Color::White => (0, squares),
        };
        let (black, white) = match (loser, goal) {
            (Some(loser), Goal::MostDiscs) => all_to(loser.opponent()),
            (Some(loser), Goal::FewestDiscs) => all_to(loser),
            (None, _) => (squares / 2, squares / 2),
        };
        GameResult {
            black,
            white,
            reason,
            goal,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = format!("{}-{}", self.black, self.white);
        let score = match self.goal {
            Goal::MostDiscs => score,
            Goal::FewestDiscs => format!("{score}, the fewest discs winning"),
        };
        match (self.reason, self.winner()) {
            (EndReason::Resigned(loser), _) => {
                write!(f, "{loser} resigned: {} wins {score}", loser.opponent())
            }
            (EndReason::OutOfTime(loser), _) => {
                write!(
                    f,
                    "{loser} ran out of time: {} wins {score}",
                    loser.opponent()
                )
            }
            (EndReason::DrawAgreed, _) => write!(f, "drawn by agreement {score}"),
            (EndReason::NoMoves, Some(winner)) => write!(f, "{winner} wins {score}"),
            (EndReason::NoMoves, None) => write!(f, "draw {score}"),
        }
    }
}

/// Why a game action was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum GameError {
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The game already ended (no moves left, resignation or time loss).
    #[error("the game is over")]
    GameOver,
}

/// A game: its start position, every move played (passes are explicit entries), a cursor for
/// undo/redo, the rule options, a resignation or time loss if there was one, and the side lines:
/// the other continuations played after an undo.
///
/// Cheap to clone. Saved with serde as a plain record (rules, start board string, moves, cursor,
/// ending, side lines) that is replayed when loaded, so a tampered file cannot produce an
/// inconsistent game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "GameRecord", into = "GameRecord")]
pub struct Game {
    rules: Rules,
    start: VariantBoard,
    /// The line on show: the moves that made `board()` and the ones undone after them.
    history: Vec<Move>,
    cursor: usize,
    /// The board after `history[..cursor]`, kept so `board()` is free.
    board: VariantBoard,
    /// An ending before the board's (resignation, time loss, agreed draw). Only ever set with the
    /// cursor at the end of the history.
    forfeit: Option<EndReason>,
    /// Every other line, each a whole game's moves from the start. None is a prefix of another
    /// line or of `history`: a line that ends where another goes on adds nothing.
    side_lines: Vec<Vec<Move>>,
}

/// Where a side line leaves the line on show: after `at` moves in common it plays `mv` instead.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Branch {
    /// The side line's index in [`Game::side_lines`].
    pub line: usize,
    pub at: usize,
    pub mv: Move,
}

impl Game {
    /// The variant's start with its first player to move.
    pub fn new(rules: Rules) -> Game {
        Game::from_board(VariantBoard::start(rules.variant), rules.scoring)
    }

    /// A game from a set-up position of any variant; its side to move moves first (the
    /// variant's `first_to_move` is kept only as the option).
    pub fn from_board(board: VariantBoard, scoring: Scoring) -> Game {
        let rules = Rules {
            variant: board.variant(),
            scoring,
        };
        Game {
            rules,
            start: board,
            history: Vec::new(),
            cursor: 0,
            board,
            forfeit: None,
            side_lines: Vec::new(),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Changes how the game is scored (a settings change mid-game); the moves are unaffected.
    pub fn set_scoring(&mut self, scoring: Scoring) {
        self.rules.scoring = scoring;
    }

    /// The move that made `board()`, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.moves().last().copied()
    }

    pub fn start_board(&self) -> VariantBoard {
        self.start
    }

    /// The position at the cursor.
    pub fn board(&self) -> VariantBoard {
        self.board
    }

    /// The position at the cursor on the fast 8x8 board, when the game's rules are standard
    /// Othello's ([`Variant::is_standard_8x8`]).
    pub fn standard_board(&self) -> Option<Board> {
        self.board.to_standard()
    }

    /// Every recorded move, including the ones undone (the redo tail).
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The moves up to the cursor: the ones that made `board()`.
    pub fn moves(&self) -> &[Move] {
        &self.history[..self.cursor]
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The colour to move at the cursor.
    pub fn to_move(&self) -> Color {
        self.board.to_move()
    }

    /// Plays `mv` at the cursor. A pass is never implicit: when the side to move has no legal
    /// move, the caller plays `Move::Pass`. After an undo, the move the record goes on with is
    /// a redo, the first move of a side line goes on along that line, and any other move starts
    /// a new line: the moves undone are kept as a side line.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        let next = match mv {
            Move::Play(square) => self.board.play(square)?,
            Move::Pass => self.board.pass()?,
        };
        if self.history.get(self.cursor) == Some(&mv) {
            self.redo();
            return Ok(());
        }
        let joined = self
            .branches()
            .into_iter()
            .find(|branch| branch.at == self.cursor && branch.mv == mv);
        if let Some(branch) = joined {
            self.switch_to_line(branch.line, self.cursor + 1);
            return Ok(());
        }
        self.put_tail_aside();
        self.history.push(mv);
        self.cursor += 1;
        self.board = next;
        Ok(())
    }

    /// The other lines played from this game's start (see [`Game::branches`]).
    pub fn side_lines(&self) -> &[Vec<Move>] {
        &self.side_lines
    }

    /// Where each side line leaves the line on show, in the order of the moves.
    pub fn branches(&self) -> Vec<Branch> {
        let mut branches: Vec<Branch> = self
            .side_lines
            .iter()
            .enumerate()
            .filter_map(|(line, moves)| {
                let at = common_prefix(moves, &self.history);
                Some(Branch {
                    line,
                    at,
                    mv: *moves.get(at)?,
                })
            })
            .collect();
        branches.sort_by_key(|branch| (branch.at, branch.line));
        branches
    }

    /// Shows side line `line` instead of the line on show (which becomes a side line), at the
    /// position after its first `moves` moves. Returns whether there was such a line.
    pub fn switch_to_line(&mut self, line: usize, moves: usize) -> bool {
        if line >= self.side_lines.len() {
            return false;
        }
        let shown = std::mem::replace(&mut self.history, self.side_lines.remove(line));
        // Leaving the line a side resigned or lost on time ends that ending, as an undo does.
        self.forfeit = None;
        self.keep_side_line(shown);
        self.cursor = moves.min(self.history.len());
        self.board = self.replay(self.cursor);
        true
    }

    /// Moves the redo tail, if any, out of the line on show into a side line.
    fn put_tail_aside(&mut self) {
        if self.cursor < self.history.len() {
            let tail_line = self.history.clone();
            self.history.truncate(self.cursor);
            self.keep_side_line(tail_line);
        }
    }

    /// Keeps `line` as a side line unless the line on show or another side line already goes
    /// through all its moves; side lines it goes on from are dropped.
    fn keep_side_line(&mut self, line: Vec<Move>) {
        let within = |longer: &[Move]| longer.len() >= line.len() && longer.starts_with(&line);
        if within(&self.history) || self.side_lines.iter().any(|other| within(other)) {
            return;
        }
        self.side_lines.retain(|other| !line.starts_with(other));
        self.side_lines.push(line);
    }

    /// Something to undo: a move, or a resignation or time loss.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0 || self.forfeit.is_some()
    }

    pub fn can_redo(&self) -> bool {
        self.forfeit.is_none() && self.cursor < self.history.len()
    }

    /// Steps back one move; after a resignation or time loss, first removes that ending so the
    /// game can continue. Returns whether anything changed.
    pub fn undo(&mut self) -> bool {
        if self.forfeit.take().is_some() {
            return true;
        }
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        self.board = self.replay(self.cursor);
        true
    }

    /// Steps forward one move of the redo tail. Returns whether anything changed.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        let Some(next) = self.after(self.board, self.history[self.cursor]) else {
            // Unreachable for a consistent history; refuse rather than corrupt the game.
            return false;
        };
        self.board = next;
        self.cursor += 1;
        true
    }

    /// Back to the start position (the moves stay in the redo tail).
    pub fn undo_all(&mut self) {
        self.forfeit = None;
        self.cursor = 0;
        self.board = self.start;
    }

    /// Forward to the end of the redo tail.
    pub fn redo_all(&mut self) {
        while self.redo() {}
    }

    /// `loser` resigns; the winner is credited every square (64-0). Only while the game is not
    /// over; the redo tail becomes a side line, as a new move's would.
    pub fn resign(&mut self, loser: Color) -> Result<(), GameError> {
        self.forfeit(EndReason::Resigned(loser))
    }

    /// `loser`'s time ran out. Scored like a resignation, every square to the winner (the
    /// classic game's forfeit score; statistics count it as a win). Only while the game is not
    /// over.
    pub fn lose_on_time(&mut self, loser: Color) -> Result<(), GameError> {
        self.forfeit(EndReason::OutOfTime(loser))
    }

    /// The players agree to a draw (each credited half the squares). Only while the game is not
    /// over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.forfeit(EndReason::DrawAgreed)
    }

    fn forfeit(&mut self, reason: EndReason) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::GameOver);
        }
        self.put_tail_aside();
        self.forfeit = Some(reason);
        Ok(())
    }

    /// The result when the game at the cursor is over: neither side can move (scored by
    /// `rules.scoring`), or a side resigned or ran out of time (every square to the winner).
    pub fn result(&self) -> Option<GameResult> {
        if let Some(reason) = self.forfeit {
            let squares = self.board.squares().count() as u16;
            let goal = self.board.variant().goal;
            return Some(GameResult::ended_early(reason, squares, goal));
        }
        if self.board.is_game_over() {
            return Some(GameResult::scored(&self.board, self.rules.scoring));
        }
        None
    }

    pub fn is_over(&self) -> bool {
        self.forfeit.is_some() || self.board.is_game_over()
    }

    fn after(&self, board: VariantBoard, mv: Move) -> Option<VariantBoard> {
        match mv {
            Move::Play(square) => board.play(square).ok(),
            Move::Pass => board.pass().ok(),
        }
    }

    /// The start board and the board after each recorded move, the moves to redo included:
    /// `history().len() + 1` boards, the one after `n` moves at index `n`.
    pub fn boards(&self) -> Vec<VariantBoard> {
        let mut boards = Vec::with_capacity(self.history.len() + 1);
        boards.push(self.start);
        for &mv in &self.history {
            let Some(next) = boards.last().and_then(|&board| self.after(board, mv)) else {
                break;
            };
            boards.push(next);
        }
        boards
    }

    /// The number Reversi gives the move at `index` of the history: disc moves count 1, 2, 3…
    /// (60 at most), passes have none.
    pub fn move_number(&self, index: usize) -> Option<usize> {
        move_number_in(&self.history, index)
    }

    /// The board after the first `count` recorded moves.
    fn replay(&self, count: usize) -> VariantBoard {
        let mut board = self.start;
        for &mv in &self.history[..count] {
            match self.after(board, mv) {
                Some(next) => board = next,
                None => break,
            }
        }
        board
    }
}

/// The number Reversi gives the move at `index` of `line` (a game's moves from its start, a
/// side line's too): disc moves count 1, 2, 3…, passes have none.
pub fn move_number_in(line: &[Move], index: usize) -> Option<usize> {
    match line.get(index)? {
        Move::Pass => None,
        Move::Play(_) => Some(
            line[..=index]
                .iter()
                .filter(|mv| matches!(mv, Move::Play(_)))
                .count(),
        ),
    }
}

/// How many moves `a` and `b` have in common from the start.
fn common_prefix(a: &[Move], b: &[Move]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Rules::default())
    }
}

/// What a saved game holds; loading replays it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub rules: Rules,
    /// The start position as a board string of the variant's N x N squares (`---...XO... X`).
    pub start: String,
    pub moves: Vec<Move>,
    pub cursor: usize,
    #[serde(default)]
    pub ending: Option<EndReason>,
    /// The other lines played, each a whole game's moves from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_lines: Vec<Vec<Move>>,
}

/// Why a saved game record cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("bad start position: {0}")]
    Start(#[from] VariantBoardError),
    #[error("move {number} ({mv}) cannot be played: {error}")]
    IllegalMove {
        number: usize,
        mv: Move,
        error: GameError,
    },
    #[error("cursor {cursor} is beyond the {moves} recorded moves")]
    CursorOutOfRange { cursor: usize, moves: usize },
    #[error("the game ends by {0:?}, which needs the cursor at the end of an unfinished game")]
    MisplacedEnding(EndReason),
    #[error("the game cannot end by {0:?} in a saved record")]
    BadEnding(EndReason),
    #[error("side line {line}: move {number} ({mv}) cannot be played: {error}")]
    IllegalSideLineMove {
        line: usize,
        number: usize,
        mv: Move,
        error: MoveError,
    },
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        GameRecord {
            rules: game.rules,
            start: variant_board_string(&game.start),
            cursor: game.cursor,
            ending: game.forfeit,
            moves: game.history,
            side_lines: game.side_lines,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = RecordError;

    fn try_from(record: GameRecord) -> Result<Game, RecordError> {
        let start = parse_variant_board(record.rules.variant, &record.start)?;
        let mut game = Game::from_board(start, record.rules.scoring);
        for (index, &mv) in record.moves.iter().enumerate() {
            game.play(mv).map_err(|error| RecordError::IllegalMove {
                number: index + 1,
                mv,
                error,
            })?;
        }
        for (line, moves) in record.side_lines.into_iter().enumerate() {
            let mut board = start;
            for (index, &mv) in moves.iter().enumerate() {
                let next = match mv {
                    Move::Play(square) => board.play(square),
                    Move::Pass => board.pass(),
                };
                board = next.map_err(|error| RecordError::IllegalSideLineMove {
                    line: line + 1,
                    number: index + 1,
                    mv,
                    error,
                })?;
            }
            game.keep_side_line(moves);
        }
        if record.cursor > record.moves.len() {
            return Err(RecordError::CursorOutOfRange {
                cursor: record.cursor,
                moves: record.moves.len(),
            });
        }
        while game.cursor > record.cursor {
            game.undo();
        }
        if let Some(reason) = record.ending {
            if record.cursor != record.moves.len() {
                return Err(RecordError::MisplacedEnding(reason));
            }
            let result = match reason {
                EndReason::Resigned(loser) => game.resign(loser),
                EndReason::OutOfTime(loser) => game.lose_on_time(loser),
                EndReason::DrawAgreed => game.agree_draw(),
                EndReason::NoMoves => return Err(RecordError::BadEnding(reason)),
            };
            result.map_err(|_| RecordError::MisplacedEnding(reason))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn played(moves: &str) -> Vec<Move> {
        moves
            .split_whitespace()
            .map(|name| Move::Play(sq(name)))
            .collect()
    }

    #[test]
    fn a_different_move_after_an_undo_keeps_the_moves_undone_as_a_side_line() {
        let mut game = Game::default();
        for mv in played("f5 d6 c3 d3") {
            game.play(mv).unwrap();
        }
        game.undo();
        game.undo();
        // The move the record goes on with is a redo: nothing is put aside.
        game.play(Move::Play(sq("c3"))).unwrap();
        assert_eq!(game.history(), played("f5 d6 c3 d3").as_slice());
        assert!(game.side_lines().is_empty());
        game.undo();
        game.play(Move::Play(sq("c5"))).unwrap();
        assert_eq!(game.history(), played("f5 d6 c5").as_slice());
        assert_eq!(game.side_lines(), [played("f5 d6 c3 d3")]);
        assert_eq!(
            game.branches(),
            [Branch {
                line: 0,
                at: 2,
                mv: Move::Play(sq("c3"))
            }]
        );
        // Going back and playing the side line's move goes on along it, its moves kept.
        game.undo();
        game.play(Move::Play(sq("c3"))).unwrap();
        assert_eq!(game.history(), played("f5 d6 c3 d3").as_slice());
        assert_eq!(game.cursor(), 3);
        assert_eq!(game.side_lines(), [played("f5 d6 c5")]);
        // Switching lines shows the other one at the asked position.
        assert!(game.switch_to_line(0, 3));
        assert_eq!(game.moves(), played("f5 d6 c5").as_slice());
        assert_eq!(game.side_lines(), [played("f5 d6 c3 d3")]);
        assert!(!game.switch_to_line(5, 1));
    }

    #[test]
    fn side_lines_are_saved_and_a_tampered_one_is_refused() {
        let mut game = Game::default();
        for mv in played("f5 d6 c3") {
            game.play(mv).unwrap();
        }
        game.undo_all();
        game.play(Move::Play(sq("d3"))).unwrap();
        let text = ron::to_string(&game).unwrap();
        let read: Game = ron::from_str(&text).unwrap();
        assert_eq!(read, game);
        assert_eq!(read.side_lines(), [played("f5 d6 c3")]);
        let mut record = GameRecord::from(game);
        record.side_lines = vec![played("f5 a1")];
        let error = Game::try_from(record).unwrap_err();
        assert!(
            error.to_string().starts_with("side line 1: move 2 (a1)"),
            "{error}"
        );
        // Files from before side lines have none.
        let old = "(rules: (variant: Some((size: 8, shape: Square, start: Diagonal, \
                   first_to_move: Black, supply: Shared, adjacent_placement: false)), \
                   scoring: DiscCount), \
                   start: \"---------------------------OX------XO--------------------------- X\", \
                   moves: [Play(\"f5\")], cursor: 1)";
        let old: Game = ron::from_str(old).unwrap();
        assert!(old.side_lines().is_empty());
    }

    #[test]
    fn resigning_after_an_undo_keeps_the_moves_undone() {
        let mut game = Game::default();
        for mv in played("f5 d6") {
            game.play(mv).unwrap();
        }
        game.undo();
        game.resign(Color::White).unwrap();
        assert_eq!(game.side_lines(), [played("f5 d6")]);
    }

    #[test]
    fn undo_redo_walks_the_history() {
        let mut game = Game::default();
        for name in ["f5", "d6", "c3"] {
            game.play(Move::Play(sq(name))).unwrap();
        }
        let end = game.board();
        assert!(game.undo());
        assert!(game.undo());
        assert_eq!(game.moves(), &[Move::Play(sq("f5"))]);
        assert_eq!(game.history().len(), 3);
        game.redo_all();
        assert_eq!(game.board(), end);
        game.undo_all();
        assert_eq!(game.board(), VariantBoard::start(Variant::OTHELLO));
        assert!(!game.undo());
        game.redo();
        game.play(Move::Play(sq("f4"))).unwrap();
        assert_eq!(
            game.history().len(),
            2,
            "a new move leaves the redo tail to a side line"
        );
        assert!(!game.can_redo());
    }

    #[test]
    fn the_boards_of_a_record_include_the_moves_to_redo() {
        let mut game = Game::default();
        for name in ["f5", "d6", "c3"] {
            game.play(Move::Play(sq(name))).unwrap();
        }
        let end = game.board();
        game.undo_all();
        let boards = game.boards();
        assert_eq!(boards.len(), 4);
        assert_eq!(boards[0], VariantBoard::start(Variant::OTHELLO));
        assert_eq!(boards[3], end);
        assert_eq!(game.move_number(2), Some(3));
        assert_eq!(game.move_number(3), None);
    }

    #[test]
    fn resignation_is_undoable() {
        let mut game = Game::default();
        game.play(Move::Play(sq("f5"))).unwrap();
        game.resign(Color::White).unwrap();
        assert_eq!(game.result().unwrap().winner(), Some(Color::Black));
        assert_eq!(
            game.play(Move::Play(sq("d6"))),
            Err(GameError::GameOver),
            "no move after a resignation"
        );
        assert!(game.undo());
        assert!(game.result().is_none());
        assert_eq!(game.cursor(), 1);
        game.play(Move::Play(sq("d6"))).unwrap();
    }
}
