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

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use iroh::endpoint::{Connection, QuicTransportConfig, RecvStream, SendStream, presets};
use iroh::{Endpoint, EndpointAddr, PublicKey, RelayMode, RelayUrl, SecretKey};
use thiserror::Error;
use tokio::sync::mpsc as async_mpsc;

use crate::invitation::{HostAddress, Invitation, Secret};
use crate::wire::{self, FrameError, Message, PROTOCOL_VERSION, Refusal};

/// The protocol's name in the connection's handshake: programs that speak something else are
/// refused before a byte of ours is read.
pub const ALPN: &[u8] = b"reversi3d/game/1";

/// A joining program must say who it is within this time.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// How many messages a peer may send in a burst, and how many a second after it. A game sends
/// a few a minute and a chat a few a second; a championship's host passes on the messages of up
/// to seven games to each player. A flood is hundreds a second.
const BURST: f64 = 60.0;
const PER_SECOND: f64 = 20.0;

/// How many newcomers the host hears at once; more are refused until one is done.
const MAX_NEWCOMERS: usize = 8;

/// How long the guest waits between attempts to reach the host, at most.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(8);

/// Which relays carry the line when a direct path cannot be punched.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Relays {
    /// The public relays of iroh's makers, which need no account.
    Public,
    /// A relay the player runs (its `https://` address).
    Own(RelayUrl),
    /// No relay and no address lookup: direct addresses only. What the loopback tests use.
    Off,
}

/// How a link reaches the network.
#[derive(Clone, Debug)]
pub struct LinkSettings {
    pub relays: Relays,
    /// Listen on 127.0.0.1 only (the tests).
    pub loopback_only: bool,
    /// The UDP port to listen on (0: any free one). A host that restarts keeps its port, so a
    /// guest on the same network, or on the loopback, finds it at the address it knows.
    pub port: u16,
}

impl LinkSettings {
    /// The loopback address with no relay: for tests, which must never need the internet.
    pub fn loopback() -> LinkSettings {
        LinkSettings {
            relays: Relays::Off,
            loopback_only: true,
            port: 0,
        }
    }
}

/// The program's identity on the network: a key pair whose public half is what the other program
/// dials, and which a program keeps for a game so it can come back after a restart.
#[derive(Clone)]
pub struct Identity(SecretKey);

impl Identity {
    pub fn generate() -> Identity {
        Identity(SecretKey::generate())
    }

    pub fn from_bytes(bytes: [u8; 32]) -> Identity {
        Identity(SecretKey::from_bytes(&bytes))
    }

    pub fn to_bytes(&self) -> [u8; 32] {
        self.0.to_bytes()
    }

    pub fn public_key(&self) -> [u8; 32] {
        *self.0.public().as_bytes()
    }

    pub(crate) fn secret_key(&self) -> &SecretKey {
        &self.0
    }
}

/// Which end of the line this program is.
#[derive(Clone, Debug)]
pub enum Role {
    /// Listens for the holders of the invitation's `secret`: the first `seats` programs to
    /// join, and afterwards only they (`admitted`: the programs that joined before a restart).
    Host {
        secret: Secret,
        name: String,
        seats: usize,
        admitted: Vec<[u8; 32]>,
    },
    /// Dials the invitation's host, and again after every drop.
    Guest {
        invitation: Invitation,
        name: String,
    },
}

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

enum Command {
    /// To one program, or to every program connected.
    Send {
        to: Option<[u8; 32]>,
        message: Message,
    },
    /// Closes the connections as a dropped line would (and the guest dials again).
    DropLine,
}

/// A running link. Dropping it closes the line and ends its thread.
pub struct Link {
    commands: async_mpsc::UnboundedSender<Command>,
    /// Behind a lock only so a link can sit in a shared resource; one reader takes from it.
    events: Mutex<mpsc::Receiver<LinkEvent>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// Called on the link's thread after each event, to wake the game's window.
pub type Wake = Arc<dyn Fn() + Send + Sync>;

impl Link {
    pub fn start(identity: Identity, role: Role, settings: LinkSettings, wake: Wake) -> Link {
        let (command_sender, command_receiver) = async_mpsc::unbounded_channel();
        let (event_sender, event_receiver) = mpsc::channel();
        let (stop_sender, stop_receiver) = tokio::sync::oneshot::channel();
        let events = Events {
            sender: event_sender,
            wake,
        };
        let thread = std::thread::Builder::new()
            .name("reversi-online-link".to_string())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(error) => {
                        events.send(LinkEvent::Failed(error.to_string()));
                        return;
                    }
                };
                runtime.block_on(async move {
                    tokio::select! {
                        () = run(identity, role, settings, command_receiver, &events) => {}
                        _ = stop_receiver => {}
                    }
                });
            })
            .ok();
        Link {
            commands: command_sender,
            events: Mutex::new(event_receiver),
            stop: Some(stop_sender),
            thread,
        }
    }

    /// Sends a message to every program connected (a game's one peer). While the line is down
    /// it is dropped: the game's record goes out again when the line comes back.
    pub fn send(&self, message: Message) {
        let _ = self.commands.send(Command::Send { to: None, message });
    }

    /// Sends a message to one program, if it is connected.
    pub fn send_to(&self, peer: [u8; 32], message: Message) {
        let _ = self.commands.send(Command::Send {
            to: Some(peer),
            message,
        });
    }

    /// Closes the current connection, as a lost line would.
    pub fn drop_line(&self) {
        let _ = self.commands.send(Command::DropLine);
    }

    /// The next event, if one is waiting.
    pub fn try_event(&self) -> Option<LinkEvent> {
        self.events.lock().ok()?.try_recv().ok()
    }

    /// The next event within `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<LinkEvent> {
        self.events.lock().ok()?.recv_timeout(timeout).ok()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

struct Events {
    sender: mpsc::Sender<LinkEvent>,
    wake: Wake,
}

impl Events {
    fn send(&self, event: LinkEvent) {
        if self.sender.send(event).is_ok() {
            (self.wake)();
        }
    }
}

async fn bind(
    identity: &Identity,
    settings: &LinkSettings,
    accept: bool,
) -> Result<Endpoint, String> {
    let transport = QuicTransportConfig::builder()
        .keep_alive_interval(Duration::from_secs(3))
        .max_idle_timeout(Duration::from_secs(12).try_into().ok())
        .build();
    let mut builder = match &settings.relays {
        Relays::Public => Endpoint::builder(presets::N0),
        Relays::Own(url) => {
            Endpoint::builder(presets::N0).relay_mode(RelayMode::custom([url.clone()]))
        }
        Relays::Off => Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled),
    }
    .secret_key(identity.secret_key().clone())
    .transport_config(transport);
    if accept {
        builder = builder.alpns(vec![ALPN.to_vec()]);
    }
    if settings.loopback_only {
        builder = builder
            .clear_ip_transports()
            .bind_addr(SocketAddr::from((Ipv4Addr::LOCALHOST, settings.port)))
            .map_err(|error| error.to_string())?;
    } else if settings.port != 0 {
        builder = builder
            .bind_addr(SocketAddr::from((Ipv4Addr::UNSPECIFIED, settings.port)))
            .map_err(|error| error.to_string())?;
    }
    builder.bind().await.map_err(|error| error.to_string())
}

async fn run(
    identity: Identity,
    role: Role,
    settings: LinkSettings,
    mut commands: async_mpsc::UnboundedReceiver<Command>,
    events: &Events,
) {
    let accept = matches!(role, Role::Host { .. });
    let endpoint = match bind(&identity, &settings, accept).await {
        Ok(endpoint) => endpoint,
        Err(error) => {
            events.send(LinkEvent::Failed(error));
            return;
        }
    };
    match role {
        Role::Host {
            secret,
            name,
            seats,
            admitted,
        } => {
            if settings.relays != Relays::Off {
                // The relay's address belongs in the invitation; wait for it a little.
                let _ = tokio::time::timeout(Duration::from_secs(6), endpoint.online()).await;
            }
            events.send(LinkEvent::Listening(host_address(&endpoint)));
            let seats = Seats { seats, admitted };
            host(&endpoint, secret, name, seats, &mut commands, events).await;
        }
        Role::Guest { invitation, name } => {
            guest(&endpoint, invitation, name, &mut commands, events).await;
        }
    }
    endpoint.close().await;
}

fn host_address(endpoint: &Endpoint) -> HostAddress {
    let addr = endpoint.addr();
    HostAddress {
        key: *endpoint.id().as_bytes(),
        relay: addr.relay_urls().next().map(|url| url.to_string()),
        direct: addr.ip_addrs().take(8).copied().collect(),
    }
}

/// Who may come in: the first `seats` holders of the secret, then only they.
#[derive(Clone)]
struct Seats {
    seats: usize,
    admitted: Vec<[u8; 32]>,
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

/// A frame read from a connection: whose, which connection, and what it held.
type Frame = ([u8; 32], usize, Result<Message, ReadTrouble>);

/// The host: one line a seat; a program coming back replaces its old line.
async fn host(
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

/// Reads a connection's frames on a task of its own and hands them on, until the connection
/// ends or a frame is refused.
fn read_frames(
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
async fn obey(lines: &mut HashMap<[u8; 32], Line>, command: Command) -> Vec<[u8; 32]> {
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
type Streams = (SendStream, RecvStream);

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

/// The guest: dials until the host answers, and again whenever the line drops.
async fn guest(
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

/// An admitted connection: its sending stream and the peer's message budget (its frames are
/// read on a task of their own).
struct Line {
    connection: Connection,
    /// Tells this connection's frames from those of the one it replaced.
    id: usize,
    send: SendStream,
    budget: f64,
    budget_at: Instant,
}

impl Line {
    fn new(connection: Connection, send: SendStream) -> Line {
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

enum ReadTrouble {
    Frame(FrameError),
    Closed,
}

async fn read_frame(recv: &mut RecvStream) -> Result<Message, ReadTrouble> {
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
fn deliver(
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
