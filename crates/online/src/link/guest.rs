//! The guest: it dials the host, and dials again whenever the line drops.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use iroh::endpoint::Connection;
use iroh::{Endpoint, EndpointAddr, PublicKey};
use tokio::sync::mpsc as async_mpsc;

use crate::invitation::{Invitation, Secret};
use crate::wire::{self, Message, PROTOCOL_VERSION, Refusal};

use super::command::Command;
use super::events::Events;
use super::line::{Frame, Line, Streams, deliver, obey, read_frame, read_frames};
use super::{ALPN, LinkEvent};

/// How long the guest waits between attempts to reach the host, at most.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(8);

/// The guest: dials until the host answers, and again whenever the line drops.
pub(super) async fn guest(
    endpoint: &Endpoint,
    invitation: Invitation,
    name: String,
    commands: &mut async_mpsc::UnboundedReceiver<Command>,
    events: &Events,
) {
    let Ok(key) = PublicKey::from_bytes(&invitation.host.key) else {
        return;
    };
    let mut address = EndpointAddr::new(key);
    if let Some(relay) = invitation
        .host
        .relay
        .as_ref()
        .and_then(|url| url.parse().ok())
    {
        address = address.with_relay_url(relay);
    }
    for &direct in &invitation.host.direct {
        address = address.with_ip_addr(direct);
    }
    let host_key = invitation.host.key;
    let mut wait = Duration::from_millis(250);
    loop {
        match dial(endpoint, address.clone(), &invitation.secret, &name).await {
            Dialled::In(connection, (send, recv), host_name) => {
                wait = Duration::from_millis(250);
                events.send(LinkEvent::Connected {
                    peer: host_key,
                    name: host_name,
                });
                let line = Line::new(connection, send);
                let (frame_sender, mut frames) = async_mpsc::unbounded_channel::<Frame>();
                read_frames(host_key, line.id, recv, frame_sender);
                let mut lines = HashMap::from([(host_key, line)]);
                while !lines.is_empty() {
                    tokio::select! {
                        command = commands.recv() => {
                            let Some(command) = command else { return };
                            obey(&mut lines, command).await;
                        }
                        frame = frames.recv() => {
                            let Some((peer, _, frame)) = frame else { break };
                            deliver(peer, frame, &mut lines, events);
                        }
                    }
                }
                events.send(LinkEvent::Disconnected { peer: host_key });
            }
            Dialled::Refused(refusal) => {
                events.send(LinkEvent::Refused(refusal));
                // Turned away for good: wait for the game to close the link.
                while commands.recv().await.is_some() {}
                return;
            }
            Dialled::NoAnswer => {}
        }
        let deadline = Instant::now() + wait;
        wait = (wait * 2).min(MAX_RETRY_WAIT);
        // Messages sent while the line is down are dropped (the record goes out again).
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            if let Ok(None) = tokio::time::timeout(left, commands.recv()).await {
                return;
            }
        }
    }
}

enum Dialled {
    In(Connection, Streams, String),
    Refused(Refusal),
    NoAnswer,
}

async fn dial(endpoint: &Endpoint, address: EndpointAddr, secret: &Secret, name: &str) -> Dialled {
    let attempt = async {
        let connection = endpoint.connect(address, ALPN).await.ok()?;
        let (mut send, mut recv) = connection.open_bi().await.ok()?;
        let hello = Message::Hello {
            protocol: PROTOCOL_VERSION,
            secret: *secret,
            name: name.to_string(),
        };
        send.write_all(&wire::encode(&hello)).await.ok()?;
        let answer = read_frame(&mut recv).await.ok()?;
        Some(match answer {
            Message::Welcome { name, .. } => Dialled::In(connection, (send, recv), name),
            Message::Refused(refusal) => Dialled::Refused(refusal),
            _ => Dialled::NoAnswer,
        })
    };
    tokio::time::timeout(Duration::from_secs(20), attempt)
        .await
        .ok()
        .flatten()
        .unwrap_or(Dialled::NoAnswer)
}
