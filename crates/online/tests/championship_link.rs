//! Four programs' worth of networking in one test, over 127.0.0.1 with no relay: a championship
//! invitation, three players joining the host, all twelve games of the double round robin
//! played through the host as the players are free, no player at two games at once (one
//! player's line dropping halfway), and every program ending with the same table from the
//! signed reports.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::some_move;
use reversi_engine::{Game, Move};
use reversi_online::championship::{ChampionshipPlayer, GameId, Happening, Row};
use reversi_online::invitation::{ChampionshipTerms, Invitation, Invited};
use reversi_online::link::{Identity, Link, LinkEvent, LinkSettings, Role};

const PATIENCE: Duration = Duration::from_secs(90);

struct Program {
    link: Link,
    player: ChampionshipPlayer,
    happened: Vec<Happening>,
    link_events: Vec<LinkEvent>,
    seed: u64,
    last_move: Instant,
}

impl Program {
    /// Handles what the link reported, plays its moves where it is to move, and sends.
    fn pump(&mut self) {
        let now = Instant::now();
        while let Some(event) = self.link.try_event() {
            let happened = match event {
                LinkEvent::Connected { peer, name } => self.player.connected(peer, &name, now),
                LinkEvent::Message { from, message } => self.player.receive(from, message, now),
                LinkEvent::Disconnected { peer } => {
                    self.player.disconnected(peer, now);
                    Vec::new()
                }
                other => {
                    self.link_events.push(other);
                    Vec::new()
                }
            };
            self.happened.extend(happened);
        }
        // A move a tenth of a second at most, across all its games: quick, yet within what the
        // line lets a program send (a flood closes the line).
        let to_move: Vec<(GameId, Game)> = self
            .player
            .games()
            .iter()
            .filter(|(_, game)| game.is_my_turn())
            .map(|(id, game)| (*id, game.game().clone()))
            .take(usize::from(
                self.last_move.elapsed() >= Duration::from_millis(100),
            ))
            .collect();
        for (id, game) in to_move {
            self.last_move = Instant::now();
            let mv = self.next_move(&game);
            if let Ok(happened) = self.player.play(id, mv, now) {
                self.happened.extend(happened);
            }
        }
        for outgoing in self.player.take_outbox() {
            match outgoing.to {
                Some(peer) => self.link.send_to(peer, outgoing.message),
                None => self.link.send(outgoing.message),
            }
        }
    }

    fn next_move(&mut self, game: &Game) -> Move {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        some_move(game, self.seed as usize)
    }

    fn table(&self) -> Option<Vec<Row>> {
        let championship = self.player.championship()?;
        championship.is_finished().then(|| championship.standings())
    }
}

/// Where each program's games stand, for a failure's message.
fn describe(programs: &[Program]) -> String {
    programs
        .iter()
        .map(|program| {
            let games: Vec<String> = program
                .player
                .games()
                .iter()
                .map(|(id, game)| {
                    let status = program
                        .player
                        .championship()
                        .and_then(|championship| championship.status(*id));
                    format!(
                        "{}:{}{} {status:?}",
                        id.0,
                        game.game().moves().len(),
                        if game.game().is_over() { " over" } else { "" }
                    )
                })
                .collect();
            let refused: Vec<_> = program
                .happened
                .iter()
                .filter(|happening| {
                    matches!(
                        happening,
                        Happening::Refused(_)
                            | Happening::Game(_, reversi_online::session::Event::Violation(_))
                    )
                })
                .collect();
            format!(
                "\n[{}] refused {refused:?} link {:?}",
                games.join(", "),
                program.link_events
            )
        })
        .collect()
}

fn pump_until(programs: &mut [Program], what: &str, done: impl Fn(&[Program]) -> bool) {
    let started = Instant::now();
    while !done(programs) {
        assert!(
            started.elapsed() < PATIENCE,
            "waited for {what}: {}",
            describe(programs)
        );
        for program in programs.iter_mut() {
            program.pump();
            let playing = program
                .player
                .games()
                .values()
                .filter(|game| !game.game().is_over())
                .count();
            assert!(
                playing <= 1,
                "a player at two games: {}",
                describe(programs)
            );
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn a_four_player_championship_is_played_to_the_end_and_every_program_has_the_same_table() {
    let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(|| {});
    let terms = ChampionshipTerms {
        title: "Friday club".into(),
        players: 4,
        clock: None,
        engine_help: false,
        pause_limit_minutes: 10,
    };
    let secret = Invitation::new_secret();
    let host_identity = Identity::generate();
    let host_link = Link::start(
        host_identity.clone(),
        Role::Host {
            secret,
            name: "Ann".into(),
            seats: 3,
            admitted: Vec::new(),
        },
        LinkSettings::loopback(),
        wake.clone(),
    );
    let address = loop {
        match host_link.next_event(PATIENCE) {
            Some(LinkEvent::Listening(address)) => break address,
            Some(_) => {}
            None => panic!("the host never listened"),
        }
    };
    let invitation = Invitation {
        host: address.clone(),
        secret,
        host_name: "Ann".into(),
        invited: Invited::Championship(terms.clone()),
    };
    let pasted: Invitation = invitation.to_link().parse().unwrap();
    let mut programs = vec![Program {
        link: host_link,
        player: ChampionshipPlayer::host(host_identity, secret, terms.clone(), "Ann"),
        happened: Vec::new(),
        link_events: Vec::new(),
        seed: 1,
        last_move: Instant::now(),
    }];
    for (index, name) in ["Bob", "Chloé", "Дима"].into_iter().enumerate() {
        let identity = Identity::generate();
        programs.push(Program {
            link: Link::start(
                identity.clone(),
                Role::Guest {
                    invitation: pasted.clone(),
                    name: name.into(),
                },
                LinkSettings::loopback(),
                wake.clone(),
            ),
            player: ChampionshipPlayer::guest(identity, secret, terms.clone(), name, address.key),
            happened: Vec::new(),
            link_events: Vec::new(),
            seed: 7 + index as u64 * 1000,
            last_move: Instant::now(),
        });
    }
    pump_until(&mut programs, "the roster", |programs| {
        programs
            .iter()
            .all(|program| program.player.championship().is_some())
    });
    // The host begins two games, each player's one, and more as they end.
    pump_until(&mut programs, "the first games", |programs| {
        programs
            .iter()
            .all(|program| program.player.current_game().is_some())
    });
    // Halfway through, Chloé's line drops; her program dials again and her games go on.
    pump_until(&mut programs, "some games", |programs| {
        programs[2]
            .player
            .games()
            .values()
            .map(|game| game.game().moves().len())
            .sum::<usize>()
            > 60
    });
    programs[2].link.drop_line();
    pump_until(&mut programs, "the end of the championship", |programs| {
        programs.iter().all(|program| program.table().is_some())
    });
    let tables: Vec<Vec<Row>> = programs.iter().filter_map(Program::table).collect();
    assert!(
        tables.windows(2).all(|pair| pair[0] == pair[1]),
        "{tables:?}"
    );
    for program in &programs {
        assert_eq!(
            program.player.games().len(),
            6,
            "each plays each other twice"
        );
    }
    let table = &tables[0];
    assert_eq!(table.len(), 4);
    assert!(table.iter().all(|row| row.played == 6), "{table:?}");
    assert_eq!(
        table.iter().map(|row| u32::from(row.points)).sum::<u32>(),
        24,
        "twelve games, two half-points each"
    );
    let troubles: Vec<&LinkEvent> = programs
        .iter()
        .flat_map(|program| &program.link_events)
        .filter(|event| matches!(event, LinkEvent::Trouble(_)))
        .collect();
    assert!(troubles.is_empty(), "{troubles:?}");
    let refused: Vec<&Happening> = programs
        .iter()
        .flat_map(|program| &program.happened)
        .filter(|happening| matches!(happening, Happening::Refused(_)))
        .collect();
    assert!(refused.is_empty(), "{refused:?} {}", describe(&programs));
    // The final table and every game, as GGF, read back.
    let ggf = programs[0].player.championship().unwrap().to_ggf();
    let games = reversi_engine::format::read_ggf_games(&ggf).unwrap();
    assert_eq!(games.len(), 12);
}
