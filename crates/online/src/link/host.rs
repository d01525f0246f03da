//! The host: it listens, hears each newcomer's hello, and lets in only the holders of its
//! invitation, as many as it has seats.

use std::collections::HashMap;
use std::time::Duration;

use iroh::Endpoint;
use iroh::endpoint::{Connection, SendStream};
use tokio::sync::mpsc as async_mpsc;

use crate::invitation::Secret;
use crate::wire::{self, Message, PROTOCOL_VERSION, Refusal};

use super::command::Command;
use super::events::Events;
use super::line::{Frame, Line, ReadTrouble, Streams, deliver, obey, read_frame, read_frames};
use super::{LinkEvent, Trouble};

/// A joining program must say who it is within this time.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// How many newcomers the host hears at once; more are refused until one is done.
const MAX_NEWCOMERS: usize = 8;

/// Who may come in: the first `seats` holders of the secret, then only they.
#[derive(Clone)]
pub(super) struct Seats {
    pub(super) seats: usize,
    pub(super) admitted: Vec<[u8; 32]>,
}

impl Seats {
    fn open_to(&self, peer: &[u8; 32]) -> bool {
        self.admitted.contains(peer) || self.admitted.len() < self.seats
    }

    fn take(&mut self, peer: [u8; 32]) {
        if !self.admitted.contains(&peer) {
            self.admitted.push(peer);
        }
    }
}

/// The host: one line a seat; a program coming back replaces its old line.
pub(super) async fn host(
    endpoint: &Endpoint,
    secret: Secret,
    name: String,
    mut seats: Seats,
    commands: &mut async_mpsc::UnboundedReceiver<Command>,
    events: &Events,
) {
    let mut lines: HashMap<[u8; 32], Line> = HashMap::new();
    let (frame_sender, mut frames) = async_mpsc::unbounded_channel::<Frame>();
    // Newcomers are heard on tasks of their own, so a silent one never holds up the game.
    let (admitted_sender, mut admitted) = async_mpsc::unbounded_channel();
    let mut hearing = 0usize;
    loop {
        tokio::select! {
            incoming = endpoint.accept() => {
                let Some(incoming) = incoming else { return };
                if hearing >= MAX_NEWCOMERS {
                    incoming.refuse();
                    continue;
                }
                hearing += 1;
                let admitted_sender = admitted_sender.clone();
                let name = name.clone();
                let seats = seats.clone();
                tokio::spawn(async move {
                    let Ok(connection) = incoming.await else {
                        let _ = admitted_sender.send(None);
                        return;
                    };
                    let peer = *connection.remote_id().as_bytes();
                    let verdict = admit(&connection, &secret, &name, &seats, peer).await;
                    let _ = admitted_sender.send(Some((connection, peer, verdict)));
                });
            }
            newcomer = admitted.recv() => {
                hearing = hearing.saturating_sub(1);
                let Some(Some((connection, peer, verdict))) = newcomer else { continue };
                match verdict {
                    // Others took the seats while this one was heard.
                    Ok(_) if !seats.open_to(&peer) => {
                        connection.close(2u32.into(), b"refused");
                        events.send(LinkEvent::Trouble(Trouble::SeatTaken));
                    }
                    Ok((peer_name, (send, recv))) => {
                        if let Some(old) = lines.remove(&peer) {
                            old.connection.close(0u32.into(), b"replaced");
                        }
                        seats.take(peer);
                        let line = Line::new(connection, send);
                        read_frames(peer, line.id, recv, frame_sender.clone());
                        lines.insert(peer, line);
                        events.send(LinkEvent::Connected { peer, name: peer_name });
                    }
                    Err(trouble) => events.send(LinkEvent::Trouble(trouble)),
                }
            }
            command = commands.recv() => {
                let Some(command) = command else { return };
                for peer in obey(&mut lines, command).await {
                    events.send(LinkEvent::Disconnected { peer });
                }
            }
            frame = frames.recv() => {
                let Some((peer, id, frame)) = frame else { return };
                if lines.get(&peer).is_some_and(|line| line.id == id)
                    && !deliver(peer, frame, &mut lines, events)
                {
                    events.send(LinkEvent::Disconnected { peer });
                }
            }
        }
    }
}

/// Checks a newcomer's hello: the version, the invitation's secret, and the seat. Gives the
/// peer's name and the connection's streams.
async fn admit(
    connection: &Connection,
    secret: &Secret,
    name: &str,
    seats: &Seats,
    peer: [u8; 32],
) -> Result<(String, Streams), Trouble> {
    let handshake = async {
        let (mut send, mut recv) = connection.accept_bi().await.ok()?;
        let hello = read_frame(&mut recv).await;
        let verdict = send_refusal_or_welcome(&mut send, hello, secret, name, seats, peer).await;
        Some((verdict, send, recv))
    };
    let result = tokio::time::timeout(HELLO_TIMEOUT, handshake).await;
    let Ok(Some((verdict, send, recv))) = result else {
        connection.close(1u32.into(), b"silent");
        return Err(Trouble::Silent);
    };
    match verdict {
        Ok(peer_name) => Ok((peer_name, (send, recv))),
        Err(trouble) => {
            // Let the refusal reach the other side before the connection goes.
            tokio::time::sleep(Duration::from_millis(200)).await;
            connection.close(2u32.into(), b"refused");
            Err(trouble)
        }
    }
}

async fn send_refusal_or_welcome(
    send: &mut SendStream,
    hello: Result<Message, ReadTrouble>,
    secret: &Secret,
    name: &str,
    seats: &Seats,
    peer: [u8; 32],
) -> Result<String, Trouble> {
    let (refusal, trouble) = match hello {
        Ok(Message::Hello {
            protocol,
            secret: given,
            name: peer_name,
        }) => {
            if protocol != PROTOCOL_VERSION {
                (Refusal::OtherVersion, Trouble::OtherVersion)
            } else if !same_secret(&given, secret) {
                (Refusal::WrongInvitation, Trouble::WrongInvitation)
            } else if !seats.open_to(&peer) {
                (Refusal::SeatTaken, Trouble::SeatTaken)
            } else {
                let welcome = Message::Welcome {
                    protocol: PROTOCOL_VERSION,
                    name: name.to_string(),
                };
                if send.write_all(&wire::encode(&welcome)).await.is_err() {
                    return Err(Trouble::Silent);
                }
                return Ok(peer_name);
            }
        }
        Ok(_) => (Refusal::WrongInvitation, Trouble::WrongInvitation),
        Err(ReadTrouble::Frame(error)) => (Refusal::WrongInvitation, Trouble::BadFrame(error)),
        Err(ReadTrouble::Closed) => return Err(Trouble::Silent),
    };
    let _ = send
        .write_all(&wire::encode(&Message::Refused(refusal)))
        .await;
    let _ = send.finish();
    Err(trouble)
}

/// Compares secrets in constant time, so timing tells a prober nothing.
fn same_secret(a: &Secret, b: &Secret) -> bool {
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
