//! A study session on the board: the drill or puzzle under way, the players it sets aside, and
//! what the player asks of it.

use bevy::prelude::*;
use reversi_engine::search::Level;
use reversi_engine::study::drill::{Drill, DrillChoice, Verdict};
use reversi_engine::study::puzzles::{CheckError, Checked, Puzzle};
use reversi_engine::study::repetition::Outcome;
use reversi_engine::{Color, Square};

use crate::game::{PlayerKind, Players};
use crate::jobs::Job;

/// The study session on the board, if any.
#[derive(Resource, Default)]
pub struct Studying {
    pub(super) session: Option<Session>,
    /// Who played before the session, to play again after it.
    pub(super) players_before: Option<Players>,
    /// The session loaded its own game this frame: that load does not end it.
    pub(super) own_load: bool,
    /// A session ended: these players play again.
    pub(super) restore_players: Option<Players>,
}

pub(super) enum Session {
    Drill(DrillSession),
    Puzzle(PuzzleSession),
}

/// An opening drill under way.
pub struct DrillSession {
    pub drill: Drill,
    /// The player's moves so far that were not the book's.
    pub mistakes: u32,
    /// The judgement of the player's last move.
    pub last: Option<Verdict>,
    /// After a move that was not the book's, the drill waits for the player to try again or go
    /// on.
    pub waiting: bool,
    /// The drill reached its end (its card is counted).
    pub finished: bool,
    /// The moves already judged: a line taken back or switched for a side line is judged again
    /// from where the two part.
    pub(super) judged: Vec<reversi_engine::Move>,
    /// Try again was asked with this many moves on the board: the drill waits until the move
    /// is taken back.
    pub(super) taking_back: Option<usize>,
    /// The generation of the game state the book's last reply was sent for.
    pub(super) replied_to: Option<u64>,
}

/// A puzzle on the board.
pub struct PuzzleSession {
    pub puzzle: Puzzle,
    pub check: PuzzleCheck,
    /// Try again was asked: the answer is being taken back.
    pub(super) retrying: bool,
}

impl Studying {
    pub fn drill(&self) -> Option<&DrillSession> {
        match &self.session {
            Some(Session::Drill(drill)) => Some(drill),
            _ => None,
        }
    }

    pub fn puzzle(&self) -> Option<&PuzzleSession> {
        match &self.session {
            Some(Session::Puzzle(puzzle)) => Some(puzzle),
            _ => None,
        }
    }
}

/// Where the puzzle on the board stands.
pub enum PuzzleCheck {
    /// Waiting for the player's move.
    Waiting,
    /// The move `answer` is being checked: its search, once the engine was free for it
    /// (`ai/priority.rs`).
    Checking {
        answer: Square,
        search: Option<Job<Result<Checked, CheckError>>>,
    },
    /// The answer was checked.
    Checked { answer: Square, checked: Checked },
}

/// What the player asks of the study features.
#[derive(Message, Clone, Debug)]
pub enum StudyCommand {
    StartDrill(DrillChoice),
    /// After a move that was not the book's: take it back and try again.
    TryAgain,
    /// After a move that was not the book's: go on from it.
    GoOn,
    StartPuzzle(Box<Puzzle>),
    /// Take back a puzzle's answer to try another.
    RetryPuzzle,
    Stop,
}

/// The players of a session: the player on `player`'s side, the study on the other (shown as a
/// computer that the scripted side keeps from searching), and that scripted side.
pub(super) fn session_players(player: Color) -> (Players, Color) {
    let mut players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let script = player.opponent();
    players.set(script, PlayerKind::Computer(Level::Beginner));
    (players, script)
}

/// A checked answer and what it means for the card.
pub(super) fn outcome_of(checked: &Checked) -> Outcome {
    if checked.correct {
        Outcome::Success
    } else {
        Outcome::Failure
    }
}
