//! An admitted connection: its frames read, each bounded and decoded before it is handed on,
//! the peer's message budget, and the game's commands carried out on it.

use std::collections::HashMap;
use std::time::Instant;

use iroh::endpoint::{Connection, RecvStream, SendStream};
use tokio::sync::mpsc as async_mpsc;

use crate::wire::{self, FrameError, Message};

use super::command::Command;
use super::events::Events;
use super::{LinkEvent, Trouble};

/// How many messages a peer may send in a burst, and how many a second after it. A game sends
/// a few a minute and a chat a few a second; a championship's host passes on the messages of up
/// to seven games to each player. A flood is hundreds a second.
const BURST: f64 = 60.0;
const PER_SECOND: f64 = 20.0;

/// A frame read from a connection: whose, which connection, and what it held.
pub(super) type Frame = ([u8; 32], usize, Result<Message, ReadTrouble>);

/// Reads a connection's frames on a task of its own and hands them on, until the connection
/// ends or a frame is refused.
pub(super) fn read_frames(
    peer: [u8; 32],
    id: usize,
    mut recv: RecvStream,
    frames: async_mpsc::UnboundedSender<Frame>,
) {
    tokio::spawn(async move {
        loop {
            let frame = read_frame(&mut recv).await;
            let last = frame.is_err();
            if frames.send((peer, id, frame)).is_err() || last {
                return;
            }
        }
    });
}

/// Carries out the game's command on the lines; the programs whose line is gone.
pub(super) async fn obey(lines: &mut HashMap<[u8; 32], Line>, command: Command) -> Vec<[u8; 32]> {
    let mut gone = Vec::new();
    match command {
        Command::Send { to, message } => {
            let frame = wire::encode(&message);
            for (peer, line) in lines.iter_mut() {
                if to.is_none_or(|to| to == *peer) && line.send.write_all(&frame).await.is_err() {
                    gone.push(*peer);
                }
            }
        }
        Command::DropLine => {
            for (peer, line) in lines.iter() {
                line.connection.close(3u32.into(), b"dropped");
                gone.push(*peer);
            }
        }
    }
    for peer in &gone {
        lines.remove(peer);
    }
    gone
}

/// The streams of an admitted connection, kept from the handshake.
pub(super) type Streams = (SendStream, RecvStream);

/// An admitted connection: its sending stream and the peer's message budget (its frames are
/// read on a task of their own).
pub(super) struct Line {
    pub(super) connection: Connection,
    /// Tells this connection's frames from those of the one it replaced.
    pub(super) id: usize,
    send: SendStream,
    budget: f64,
    budget_at: Instant,
}

impl Line {
    pub(super) fn new(connection: Connection, send: SendStream) -> Line {
        Line {
            id: connection.stable_id(),
            connection,
            send,
            budget: BURST,
            budget_at: Instant::now(),
        }
    }

    /// Spends one message of the peer's budget; false when it is spent.
    fn spend(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.budget_at).as_secs_f64() * PER_SECOND;
        self.budget = (self.budget + refill).min(BURST) - 1.0;
        self.budget_at = now;
        self.budget >= 0.0
    }
}

pub(super) enum ReadTrouble {
    Frame(FrameError),
    Closed,
}

pub(super) async fn read_frame(recv: &mut RecvStream) -> Result<Message, ReadTrouble> {
    let mut length = [0u8; 2];
    recv.read_exact(&mut length)
        .await
        .map_err(|_| ReadTrouble::Closed)?;
    let length = usize::from(u16::from_be_bytes(length));
    wire::check_length(length).map_err(ReadTrouble::Frame)?;
    let mut body = vec![0; length];
    recv.read_exact(&mut body)
        .await
        .map_err(|_| ReadTrouble::Closed)?;
    wire::decode(&body).map_err(ReadTrouble::Frame)
}

/// Hands a frame from `peer` to the game, or closes its line on a bad one; false when the line
/// is gone.
pub(super) fn deliver(
    peer: [u8; 32],
    frame: Result<Message, ReadTrouble>,
    lines: &mut HashMap<[u8; 32], Line>,
    events: &Events,
) -> bool {
    let Some(line) = lines.get_mut(&peer) else {
        return false;
    };
    let trouble = match frame {
        Ok(_) if !line.spend() => Some(Trouble::Flood),
        Ok(message) => {
            events.send(LinkEvent::Message {
                from: peer,
                message,
            });
            return true;
        }
        Err(ReadTrouble::Frame(error)) => Some(Trouble::BadFrame(error)),
        Err(ReadTrouble::Closed) => None,
    };
    line.connection.close(4u32.into(), b"refused");
    lines.remove(&peer);
    if let Some(trouble) = trouble {
        events.send(LinkEvent::Trouble(trouble));
    }
    false
}
