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
use crate::variant::{Scoring, Variant, VariantBoard};

use comments::Comments;

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

mod comments;
mod record;
mod result;
#[cfg(test)]
mod tests;

pub use comments::{MAX_COMMENT_CHARS, MoveComment, NoSuchMove};
pub use record::{GameRecord, RecordError};
pub use result::{EndReason, GameResult};

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
    /// The player's comments on moves of any line.
    comments: Comments,
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
            comments: Comments::default(),
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
    /// The comment on the move at `index` of the line on show (`history()[index]`).
    pub fn comment(&self, index: usize) -> Option<&str> {
        let line = self.history.get(..=index)?;
        self.comments.on(line)
    }

    /// Comments the move at `index` of the line on show; an empty text removes its comment.
    /// The text is trimmed and cut to [`MAX_COMMENT_CHARS`]. Refused for a move the line does
    /// not have.
    pub fn set_comment(&mut self, index: usize, text: &str) -> Result<(), NoSuchMove> {
        let line = self.history.get(..=index).ok_or(NoSuchMove { index })?;
        self.comments.set(line, text);
        Ok(())
    }

    /// The comments on moves of the line on show or of a side line, in the order they were made.
    pub fn comments(&self) -> Vec<MoveComment> {
        self.comments.kept(|line| {
            self.history.starts_with(line)
                || self.side_lines.iter().any(|side| side.starts_with(line))
        })
    }

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
