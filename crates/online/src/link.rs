//! The line between programs, over iroh: the host listens and lets in only the holders of its
//! invitation, as many as it has seats (one for a game, the other players of a championship),
//! and once a seat is taken only the program that took it; the guest dials and dials again
//! whenever the line drops. Each link runs on a thread of its own with a small
//! tokio runtime, and speaks to the game through channels, so the game's frame never waits on
//! the network.
//!
//! A peer is a stranger's program: every frame is bounded before it is read, a message that
//! does not decode or comes too fast closes the connection with a notice, and a program that
//! says nothing within [`HELLO_TIMEOUT`] is turned away.

mod command;
mod endpoint;
mod events;
mod guest;
mod handle;
mod host;
mod line;
mod settings;

pub use endpoint::ALPN;
pub use events::{LinkEvent, Trouble};
pub use handle::{Link, Wake};
pub use host::HELLO_TIMEOUT;
pub use settings::{Identity, LinkSettings, Relays, Role};
