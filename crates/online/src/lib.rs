//! Reversi between two programs over the internet, with no account and no server of ours: the
//! invitation a player sends a friend, what the programs say to each other, the game as each
//! program keeps it (every move checked against the engine's rules), and the line between them
//! over iroh (hole-punched QUIC, public relays when punching fails). No Bevy: the game's window
//! drives it, and the tests drive it headless over the loopback address.
//!
//! | module | holds |
//! |---|---|
//! | [`invitation`] | the invitation's terms and its one-line text |
//! | [`wire`] | the messages and their frames |
//! | [`clock`] | each program's count of both clocks |
//! | [`session`] | one online game, with no I/O |
//! | [`link`] | the line over iroh, on a thread of its own |
//! | [`championship`] | a championship among friends: schedule, signed results, table, GGF |

pub mod championship;
pub mod clock;
pub mod invitation;
pub mod link;
pub mod session;
pub mod wire;
