//! What the link reports to the game, and the channel that carries it there.

use std::sync::mpsc;

use thiserror::Error;

use crate::invitation::HostAddress;
use crate::wire::{FrameError, Message, Refusal};

use super::Wake;

/// Something the peer did that is refused, for the player to read.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum Trouble {
    #[error("the other program sent {0}; the connection was closed")]
    BadFrame(FrameError),
    #[error("the other program sent too many messages too fast; the connection was closed")]
    Flood,
    #[error("a program without the invitation tried to join, and was turned away")]
    WrongInvitation,
    #[error("a third program tried to take the seat, and was turned away")]
    SeatTaken,
    #[error("a program speaking another version of the game's protocol was turned away")]
    OtherVersion,
    #[error("a program did not say who it was in time, and was turned away")]
    Silent,
}

/// What the link reports to the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LinkEvent {
    /// The host listens here: what its invitation names.
    Listening(HostAddress),
    /// The line is up with this program (its key) and player.
    Connected {
        peer: [u8; 32],
        name: String,
    },
    Message {
        from: [u8; 32],
        message: Message,
    },
    /// The line with this program is down; the guest is dialling again, the host listening.
    Disconnected {
        peer: [u8; 32],
    },
    /// The host turned this program away; the guest stops dialling.
    Refused(Refusal),
    Trouble(Trouble),
    /// The network could not be used at all (no socket could be bound).
    Failed(String),
}

pub(super) struct Events {
    pub(super) sender: mpsc::Sender<LinkEvent>,
    pub(super) wake: Wake,
}

impl Events {
    pub(super) fn send(&self, event: LinkEvent) {
        if self.sender.send(event).is_ok() {
            (self.wake)();
        }
    }
}
