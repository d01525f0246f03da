//! How a game ended and its score.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::color::Color;
use crate::variant::{Goal, Scoring, VariantBoard};

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
    pub(super) fn ended_early(reason: EndReason, squares: u16, goal: Goal) -> GameResult {
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
