//! Two programs' worth of networking in one test, over the loopback address with relays off: a
//! whole game through an invitation, a dropped line and a restart resumed where they were, and
//! each kind of hostile message. Nothing here needs the internet.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::some_move;
use reversi_engine::{Color, EndReason};
use reversi_online::invitation::{GameTerms, HostAddress, Invitation, Invited};
use reversi_online::link::{ALPN, Identity, Link, LinkEvent, LinkSettings, Role, Trouble};
use reversi_online::session::{Event, OnlineGame, Seats, Violation};
use reversi_online::wire::{self, Message, PROTOCOL_VERSION, Refusal};

const PATIENCE: Duration = Duration::from_secs(20);

fn no_wake() -> Arc<dyn Fn() + Send + Sync> {
    Arc::new(|| {})
}

fn terms() -> GameTerms {
    GameTerms {
        host_color: Color::Black,
        clock: None,
        engine_help: true,
        pause_limit_minutes: 10,
    }
}

/// One program: its link, its game, and what it has seen.
struct Program {
    identity: Identity,
    link: Link,
    game: OnlineGame,
    connected: bool,
    events: Vec<Event>,
    link_events: Vec<LinkEvent>,
}

impl Program {
    /// A program started again from its saved game, with the same identity.
    fn restarted(identity: Identity, role: Role, settings: LinkSettings, saved: &str) -> Program {
        Program {
            link: Link::start(identity.clone(), role, settings, no_wake()),
            identity,
            game: OnlineGame::restore(ron::from_str(saved).unwrap(), Instant::now()),
            connected: false,
            events: Vec::new(),
            link_events: Vec::new(),
        }
    }

    fn new(identity: Identity, role: Role, seats: Seats) -> Program {
        let link = Link::start(identity.clone(), role, LinkSettings::loopback(), no_wake());
        Program {
            identity,
            link,
            game: OnlineGame::new(terms(), seats),
            connected: false,
            events: Vec::new(),
            link_events: Vec::new(),
        }
    }

    /// Handles what the link reported, and sends what the game has to say.
    fn pump(&mut self, wait: Duration) {
        if let Some(event) = self.link.next_event(wait) {
            self.handle(event);
        }
        while let Some(event) = self.link.try_event() {
            self.handle(event);
        }
        for message in self.game.take_outbox() {
            self.link.send(message);
        }
    }

    fn handle(&mut self, event: LinkEvent) {
        let now = Instant::now();
        match &event {
            LinkEvent::Connected { .. } => {
                self.connected = true;
                self.game.connected(now);
            }
            LinkEvent::Disconnected { .. } => {
                self.connected = false;
                self.game.disconnected(now);
            }
            LinkEvent::Message { message, .. } => {
                let events = self.game.receive(message.clone(), now);
                self.events.extend(events);
            }
            _ => {}
        }
        self.link_events.push(event);
    }

    fn listening(&mut self) -> HostAddress {
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            self.pump(Duration::from_millis(50));
            for event in &self.link_events {
                if let LinkEvent::Listening(address) = event {
                    return address.clone();
                }
            }
        }
        panic!("the host never listened: {:?}", self.link_events);
    }
}

/// Pumps both programs until `done` holds.
fn until(a: &mut Program, b: &mut Program, what: &str, done: impl Fn(&Program, &Program) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(a, b) {
        assert!(
            Instant::now() < deadline,
            "waited {PATIENCE:?} for {what}: {:?} / {:?}",
            a.link_events,
            b.link_events
        );
        a.pump(Duration::from_millis(10));
        b.pump(Duration::from_millis(10));
    }
}

/// Pumps one program until `done` holds.
fn wait_for(a: &mut Program, what: &str, done: impl Fn(&Program) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    while !done(a) {
        assert!(
            Instant::now() < deadline,
            "waited {PATIENCE:?} for {what}: {:?}",
            a.link_events
        );
        a.pump(Duration::from_millis(10));
    }
}

fn host_and_guest() -> (Program, Program, Invitation) {
    let secret = Invitation::new_secret();
    let mut host = Program::new(
        Identity::generate(),
        Role::Host {
            secret,
            name: "Alice".into(),
            seats: 1,
            admitted: Vec::new(),
        },
        Seats {
            me: Color::Black,
            my_name: "Alice".into(),
            their_name: String::new(),
        },
    );
    let invitation = Invitation {
        host: host.listening(),
        secret,
        host_name: "Alice".into(),
        invited: Invited::Game(terms()),
    };
    // The guest reads the invitation from its text, as a pasted one is read.
    let pasted: Invitation = invitation.to_link().parse().unwrap();
    let guest = Program::new(
        Identity::generate(),
        Role::Guest {
            invitation: pasted,
            name: "Борис".into(),
        },
        Seats {
            me: Color::White,
            my_name: "Борис".into(),
            their_name: "Alice".into(),
        },
    );
    let (mut host, mut guest) = (host, guest);
    until(&mut host, &mut guest, "the connection", |a, b| {
        a.connected && b.connected
    });
    (host, guest, invitation)
}

/// The side to move plays a move, and the test waits until the other side has it.
fn play_one(host: &mut Program, guest: &mut Program, seed: usize) {
    let (mover, _) = if host.game.is_my_turn() {
        (&mut *host, &mut *guest)
    } else {
        (&mut *guest, &mut *host)
    };
    let mv = some_move(mover.game.game(), seed);
    mover.game.play(mv, Instant::now()).unwrap();
    let count = mover.game.game().moves().len();
    until(host, guest, "the move", |a, b| {
        a.game.game().moves().len() == count && b.game.game().moves().len() == count
    });
}

#[test]
fn a_whole_game_is_played_through_an_invitation_over_loopback() {
    let (mut host, mut guest, _) = host_and_guest();
    assert!(guest.link_events.contains(&LinkEvent::Connected {
        peer: host.identity.public_key(),
        name: "Alice".into()
    }));
    assert!(host.link_events.contains(&LinkEvent::Connected {
        peer: guest.identity.public_key(),
        name: "Борис".into()
    }));
    let mut seed: usize = 3;
    while !host.game.game().is_over() {
        seed = seed.wrapping_mul(37).wrapping_add(5);
        play_one(&mut host, &mut guest, seed);
    }
    until(&mut host, &mut guest, "the end on both sides", |a, b| {
        a.game.game().is_over() && b.game.game().is_over()
    });
    assert_eq!(host.game.game().moves(), guest.game.game().moves());
    assert_eq!(host.game.game().result(), guest.game.game().result());
    for program in [&host, &guest] {
        assert!(
            !program
                .events
                .iter()
                .any(|event| matches!(event, Event::Violation(_))),
            "{:?}",
            program.events
        );
    }
}

#[test]
fn a_dropped_line_and_a_restarted_program_resume_where_the_game_was() {
    let (mut host, mut guest, invitation) = host_and_guest();
    for seed in 0..4 {
        play_one(&mut host, &mut guest, seed);
    }
    // Wi-Fi goes: the guest's program dials again by itself.
    guest.link.drop_line();
    until(&mut host, &mut guest, "the drop", |a, b| {
        let dropped = |program: &Program| {
            program
                .link_events
                .iter()
                .any(|event| matches!(event, LinkEvent::Disconnected { .. }))
        };
        dropped(a) && dropped(b)
    });
    // A move made while the line is down reaches the other side when it comes back.
    let (mover, _) = if host.game.is_my_turn() {
        (&mut host, &mut guest)
    } else {
        (&mut guest, &mut host)
    };
    let mv = some_move(mover.game.game(), 1);
    mover.game.play(mv, Instant::now()).unwrap();
    until(&mut host, &mut guest, "the move made offline", |a, b| {
        a.connected && b.connected && a.game.game().moves() == b.game.game().moves()
    });
    assert_eq!(host.game.game().moves().len(), 5);

    // The guest's program is closed, and started again from what it saved.
    let saved = ron::to_string(&guest.game.saved(Instant::now())).unwrap();
    let identity = guest.identity.clone();
    drop(guest);
    wait_for(&mut host, "the host to see it go", |a| !a.connected);
    let role = Role::Guest {
        invitation,
        name: "Борис".into(),
    };
    let mut guest = Program::restarted(identity, role, LinkSettings::loopback(), &saved);
    until(&mut host, &mut guest, "the restarted guest", |a, b| {
        a.connected && b.connected
    });
    play_one(&mut host, &mut guest, 2);
    assert_eq!(host.game.game().moves(), guest.game.game().moves());
    assert_eq!(host.game.game().moves().len(), 6);
}

#[test]
fn a_restarted_host_is_found_again_at_its_port_and_only_its_guest_comes_back() {
    let (mut host, mut guest, invitation) = host_and_guest();
    play_one(&mut host, &mut guest, 0);
    let saved = ron::to_string(&host.game.saved(Instant::now())).unwrap();
    let identity = host.identity.clone();
    let guest_key = guest.identity.public_key();
    drop(host);
    wait_for(&mut guest, "the guest to see the host go", |a| !a.connected);
    let settings = LinkSettings {
        port: invitation.host.direct[0].port(),
        ..LinkSettings::loopback()
    };
    let role = Role::Host {
        secret: invitation.secret,
        name: "Alice".into(),
        seats: 1,
        admitted: vec![guest_key],
    };
    let mut host = Program::restarted(identity, role, settings, &saved);
    until(&mut host, &mut guest, "the guest back", |a, b| {
        a.connected && b.connected
    });
    play_one(&mut host, &mut guest, 1);
    assert_eq!(host.game.game().moves(), guest.game.game().moves());
    assert_eq!(host.game.game().moves().len(), 2);
}

/// A stranger's program that speaks raw bytes to the host.
struct Stranger {
    runtime: tokio::runtime::Runtime,
    endpoint: iroh::Endpoint,
}

impl Stranger {
    fn new() -> Stranger {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let endpoint = runtime.block_on(async {
            iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
                .relay_mode(iroh::RelayMode::Disabled)
                .clear_ip_transports()
                .bind_addr("127.0.0.1:0")
                .unwrap()
                .bind()
                .await
                .unwrap()
        });
        Stranger { runtime, endpoint }
    }

    /// Connects to the host, writes `bytes`, and gives what the host wrote back.
    fn send_raw(&self, host: &HostAddress, bytes: Vec<u8>) -> Vec<u8> {
        let key = iroh::PublicKey::from_bytes(&host.key).unwrap();
        let mut address = iroh::EndpointAddr::new(key);
        for &direct in &host.direct {
            address = address.with_ip_addr(direct);
        }
        self.runtime.block_on(async {
            let connection = self.endpoint.connect(address, ALPN).await.unwrap();
            let (mut send, mut recv) = connection.open_bi().await.unwrap();
            let _ = send.write_all(&bytes).await;
            let reply = tokio::time::timeout(Duration::from_secs(5), recv.read_to_end(64 * 1024))
                .await
                .ok()
                .and_then(Result::ok)
                .unwrap_or_default();
            connection.close(0u32.into(), b"done");
            reply
        })
    }
}

fn hello(secret: [u8; 16]) -> Vec<u8> {
    wire::encode(&Message::Hello {
        protocol: PROTOCOL_VERSION,
        secret,
        name: "Mallory".into(),
    })
}

fn refusal_in(reply: &[u8]) -> Option<Refusal> {
    match wire::decode(reply.get(2..)?) {
        Ok(Message::Refused(refusal)) => Some(refusal),
        _ => None,
    }
}

#[test]
fn a_program_without_the_invitation_or_a_third_program_is_turned_away() {
    let (mut host, guest, invitation) = host_and_guest();
    let stranger = Stranger::new();
    let reply = stranger.send_raw(&invitation.host, hello([1; 16]));
    assert_eq!(refusal_in(&reply), Some(Refusal::WrongInvitation));
    // Even with the invitation, the seat is the first guest's.
    let reply = stranger.send_raw(&invitation.host, hello(invitation.secret));
    assert_eq!(refusal_in(&reply), Some(Refusal::SeatTaken));
    let other = wire::encode(&Message::Hello {
        protocol: PROTOCOL_VERSION + 1,
        secret: invitation.secret,
        name: "Later".into(),
    });
    let reply = stranger.send_raw(&invitation.host, other);
    assert_eq!(refusal_in(&reply), Some(Refusal::OtherVersion));
    wait_for(&mut host, "the notices", |a| {
        [
            Trouble::WrongInvitation,
            Trouble::SeatTaken,
            Trouble::OtherVersion,
        ]
        .iter()
        .all(|trouble| a.link_events.contains(&LinkEvent::Trouble(trouble.clone())))
    });
    assert!(host.connected && guest.connected, "the game goes on");
}

#[test]
fn oversized_and_malformed_frames_are_refused_with_a_notice() {
    let (mut host, guest, invitation) = host_and_guest();
    drop(guest);
    wait_for(&mut host, "the guest to go", |a| !a.connected);
    let stranger = Stranger::new();
    // Announces 60,000 bytes: refused before they are read.
    let mut oversized = vec![0xea, 0x60];
    oversized.extend(std::iter::repeat_n(0, 100));
    stranger.send_raw(&invitation.host, oversized);
    let garbage = vec![0, 4, 0xff, 0xff, 0xff, 0xff];
    stranger.send_raw(&invitation.host, garbage);
    wait_for(&mut host, "the notices", |a| {
        let bad_frames = a
            .link_events
            .iter()
            .filter(|event| matches!(event, LinkEvent::Trouble(Trouble::BadFrame(_))))
            .count();
        bad_frames == 2
    });
}

#[test]
fn an_illegal_move_a_forged_resignation_and_a_flood_change_nothing() {
    let (mut host, mut guest, _) = host_and_guest();
    play_one(&mut host, &mut guest, 0);
    // The guest's program turns hostile: it sends what an honest one never would.
    guest.link.send(Message::Move {
        number: 2,
        mv: "a1".parse().unwrap(),
        clock_ms: None,
    });
    guest.link.send(Message::State {
        moves: host.game.game().moves().to_vec(),
        ending: Some(wire::Ending::Resigned(Color::Black)),
        undos: 0,
        clock_ms: None,
    });
    until(&mut host, &mut guest, "the violations", |a, _| {
        let found: Vec<_> = a
            .events
            .iter()
            .filter_map(|event| match event {
                Event::Violation(violation) => Some(violation),
                _ => None,
            })
            .collect();
        matches!(
            found[..],
            [
                Violation::IllegalMove { .. },
                Violation::ForgedResult { .. }
            ]
        )
    });
    assert_eq!(host.game.game().moves().len(), 1);
    assert!(!host.game.game().is_over());
    for _ in 0..200 {
        guest.link.send(Message::Chat("spam".into()));
    }
    until(&mut host, &mut guest, "the flood notice", |a, _| {
        a.link_events.contains(&LinkEvent::Trouble(Trouble::Flood))
    });
    // The line comes back (the guest dials again) and the game goes on.
    until(&mut host, &mut guest, "the line back", |a, b| {
        a.connected && b.connected
    });
    play_one(&mut host, &mut guest, 1);
    assert_eq!(host.game.game().moves().len(), 2);
    assert_ne!(
        host.game.game().result().map(|result| result.reason),
        Some(EndReason::Resigned(Color::Black))
    );
}
