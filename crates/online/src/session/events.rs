//! What the session gives back: the peer's doings for the game to show, the peer's messages it
//! refused, and why a local action was refused.

use reversi_engine::{GameError, GameResult, Move};
use thiserror::Error;

use crate::wire::Offer;

/// What the peer's messages did, for the game to show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The peer's move, applied (also a move found again after the line came back).
    Moved(Move),
    /// The game ended: the peer resigned, a draw was agreed, or a side's time ran out.
    Ended(GameResult),
    Offered(Offer),
    Declined(Offer),
    /// An undo was agreed: the game went back to this many moves.
    UndoneTo(u16),
    Chat(String),
    /// The peer broke the rules of the protocol; nothing was changed by it.
    Violation(Violation),
}

/// A message from the peer that was refused, and why. None changes the game.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum Violation {
    #[error("move {number} ({mv}) is not legal: {reason}")]
    IllegalMove {
        number: u16,
        mv: Move,
        reason: GameError,
    },
    #[error("a move out of turn (move {number})")]
    OutOfTurn { number: u16 },
    #[error("a move or an offer after the game ended")]
    AfterTheEnd,
    #[error("a result the game does not have ({claimed})")]
    ForgedResult { claimed: &'static str },
    #[error("a clock claiming {claimed_ms} ms left when this side saw {seen_ms} ms")]
    ClockLie { claimed_ms: u64, seen_ms: u64 },
    #[error("an answer to an offer that was not made")]
    UnexpectedAnswer,
    #[error("an undo offer that does not take back the asker's last move")]
    BadOffer,
    #[error("the two records of the game disagree")]
    Desync,
    #[error("a message out of place in a game")]
    OutOfPlace,
}

/// Why the local player's action was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum LocalError {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error(transparent)]
    Illegal(#[from] GameError),
    #[error("the game is over")]
    GameOver,
    #[error("you have no move to take back")]
    NothingToUndo,
    #[error("your offer waits for an answer")]
    OfferPending,
    #[error("there is no offer to answer")]
    NoOffer,
}
