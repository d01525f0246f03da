//! One online game as one program keeps it, with no I/O: the local player's actions make the
//! messages to send, and the peer's messages are checked against the engine's rules before they
//! change anything. Nothing from the peer changes the game but a legal move of its own colour, its
//! own resignation or time loss, or an answer to an offer this side made.

mod events;
mod local;
mod peer;
mod saved;
mod state;

pub use events::{Event, LocalError, Violation};
pub use saved::SavedOnlineGame;
pub use state::{OnlineGame, Seats};
