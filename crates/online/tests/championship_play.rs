//! A championship's programs wired to each other in memory (what the link would carry, with no
//! network): the host begins games as players are free, only the host may begin one, a clock
//! runs only for a player at a game, and a program closed halfway takes its championship
//! up again from what it saved.

mod common;

use std::time::{Duration, Instant};

use common::some_move;
use reversi_online::championship::{ChampionshipPlayer, GameId, Happening, Refused};
use reversi_online::invitation::{ChampionshipTerms, ClockTerms, Invitation};
use reversi_online::link::Identity;
use reversi_online::wire::Message;

struct Room {
    players: Vec<ChampionshipPlayer>,
    /// Whose line is down: what they send and what is sent to them is lost.
    away: Vec<bool>,
    keys: Vec<[u8; 32]>,
    happened: Vec<Vec<Happening>>,
    now: Instant,
}

fn terms(players: u8, clock: Option<ClockTerms>) -> ChampionshipTerms {
    ChampionshipTerms {
        title: "Club night".into(),
        players,
        clock,
        engine_help: true,
        pause_limit_minutes: 10,
    }
}

impl Room {
    /// The host and `guests` players, all connected to the host.
    fn new(guests: usize, clock: Option<ClockTerms>) -> Room {
        let mut room = Room::gathering(guests, clock);
        for guest in 1..=guests {
            room.connect(guest);
        }
        room.deliver();
        room
    }

    /// The host and `guests` players, none connected yet.
    fn gathering(guests: usize, clock: Option<ClockTerms>) -> Room {
        let secret = Invitation::new_secret();
        let terms = terms(guests as u8 + 1, clock);
        let host = Identity::generate();
        let host_key = host.public_key();
        let mut players = vec![ChampionshipPlayer::host(host, secret, terms.clone(), "Ann")];
        let mut keys = vec![host_key];
        for index in 0..guests {
            let identity = Identity::generate();
            keys.push(identity.public_key());
            let name = format!("Guest {index}");
            players.push(ChampionshipPlayer::guest(
                identity,
                secret,
                terms.clone(),
                &name,
                host_key,
            ));
        }
        Room {
            happened: vec![Vec::new(); players.len()],
            away: vec![false; players.len()],
            players,
            keys,
            now: Instant::now(),
        }
    }

    /// Guest `guest`'s line to the host goes down.
    fn leave(&mut self, guest: usize) {
        self.away[guest] = true;
        self.players[0].disconnected(self.keys[guest], self.now);
        self.players[guest].disconnected(self.keys[0], self.now);
    }

    /// Guest `guest`'s line to the host comes up.
    fn connect(&mut self, guest: usize) {
        self.away[guest] = false;
        let (host_key, guest_key) = (self.keys[0], self.keys[guest]);
        let name = self.players[guest].name().to_string();
        let now = self.now;
        let happened = self.players[0].connected(guest_key, &name, now);
        self.happened[0].extend(happened);
        let happened = self.players[guest].connected(host_key, "Ann", now);
        self.happened[guest].extend(happened);
    }

    /// Carries every message to where it goes, until none is left.
    fn deliver(&mut self) {
        loop {
            let mut carried = false;
            for from in 0..self.players.len() {
                for outgoing in self.players[from].take_outbox() {
                    carried = true;
                    let to: Vec<usize> = match (outgoing.to, from) {
                        (Some(key), _) => self.index_of(key).into_iter().collect(),
                        (None, 0) => (1..self.players.len()).collect(),
                        (None, _) => vec![0],
                    };
                    let lost = |index: usize| self.away[index] || self.away[from];
                    for index in to.into_iter().filter(|index| !lost(*index)) {
                        let happened = self.players[index].receive(
                            self.keys[from],
                            outgoing.message.clone(),
                            self.now,
                        );
                        self.happened[index].extend(happened);
                    }
                }
            }
            if !carried {
                return;
            }
        }
    }

    fn index_of(&self, key: [u8; 32]) -> Option<usize> {
        self.keys.iter().position(|k| *k == key)
    }

    /// Each program whose turn it is in its current game plays one move.
    fn play_round(&mut self, seed: usize) {
        let present: Vec<usize> = (0..self.players.len())
            .filter(|index| !self.away[*index])
            .collect();
        for index in present {
            let player = &self.players[index];
            let Some(id) = player.current_game() else {
                continue;
            };
            let Some(game) = player.games().get(&id).filter(|game| game.is_my_turn()) else {
                continue;
            };
            let mv = some_move(game.game(), seed + index);
            let happened = self.players[index].play(id, mv, self.now).unwrap();
            self.happened[index].extend(happened);
            self.deliver();
        }
    }

    /// The games not over that program `index` has.
    fn unfinished(&self, index: usize) -> Vec<GameId> {
        self.players[index]
            .games()
            .iter()
            .filter(|(_, game)| !game.game().is_over())
            .map(|(id, _)| *id)
            .collect()
    }

    fn finished(&self) -> bool {
        self.players.iter().all(|player| {
            player
                .championship()
                .is_some_and(|championship| championship.is_finished())
        })
    }
}

#[test]
fn games_begin_as_players_are_free_and_no_one_plays_two_at_once() {
    let mut room = Room::new(3, None);
    let at_first: Vec<usize> = (0..4).map(|index| room.unfinished(index).len()).collect();
    assert_eq!(
        at_first,
        [1, 1, 1, 1],
        "two games at a time for four players"
    );
    let mut seed = 0;
    while !room.finished() {
        seed += 1;
        assert!(seed < 2_000, "the championship never ended");
        room.play_round(seed);
        for index in 0..4 {
            assert!(
                room.unfinished(index).len() <= 1,
                "player {index} at two games"
            );
        }
    }
    for player in &room.players {
        assert_eq!(player.games().len(), 6);
    }
    let tables: Vec<_> = room
        .players
        .iter()
        .map(|player| player.championship().unwrap().standings())
        .collect();
    assert!(tables.windows(2).all(|pair| pair[0] == pair[1]));
}

#[test]
fn nothing_begins_against_a_player_who_is_away() {
    // Guest 0 joins, then loses the line before the last player joins and the games begin.
    let mut room = Room::gathering(3, None);
    room.connect(1);
    room.connect(2);
    room.leave(1);
    room.connect(3);
    room.deliver();
    for seed in 0..400 {
        room.play_round(seed);
    }
    let championship = room.players[0].championship().unwrap().clone();
    let away = championship.player_with_key(&room.keys[1]).unwrap();
    for index in [0, 2, 3] {
        let games = room.players[index].games();
        assert_eq!(
            games.len(),
            4,
            "the three others play each other, both legs"
        );
        for id in games.keys() {
            assert!(!championship.pairing(*id).unwrap().plays(away));
        }
    }
    // Back, Guest 0 is given games, and the championship is played to the end.
    room.connect(1);
    room.deliver();
    assert_eq!(room.unfinished(1).len(), 1);
    let mut seed = 1_000;
    while !room.finished() {
        seed += 1;
        assert!(seed < 5_000, "the championship never ended");
        room.play_round(seed);
    }
}

#[test]
fn only_the_host_begins_a_game() {
    let mut room = Room::new(2, None);
    // Guest 0 tells Guest 1 (through the host) to begin a game: the host refuses it...
    let guest_game = room.players[1].current_game().unwrap();
    let happened = room.players[0].receive(
        room.keys[1],
        Message::Begin {
            game: guest_game.0,
            attempt: 5,
        },
        room.now,
    );
    assert_eq!(happened, [Happening::Refused(Refused::OutOfPlace)]);
    // ...and a guest refuses it from anyone but the host.
    let happened = room.players[2].receive(
        room.keys[1],
        Message::Begin {
            game: 0,
            attempt: 0,
        },
        room.now,
    );
    assert_eq!(happened, [Happening::Refused(Refused::OutOfPlace)]);
    // A game the guest does not play is refused even from the host.
    let not_theirs = room.players[0]
        .championship()
        .unwrap()
        .schedule()
        .iter()
        .find(|pairing| {
            let them = room.players[0]
                .championship()
                .unwrap()
                .player_with_key(&room.keys[2])
                .unwrap();
            !pairing.plays(them)
        })
        .unwrap()
        .game;
    let happened = room.players[2].receive(
        room.keys[0],
        Message::Begin {
            game: not_theirs.0,
            attempt: 0,
        },
        room.now,
    );
    assert_eq!(happened, [Happening::Refused(Refused::NotYourGame)]);
}

#[test]
fn a_player_waiting_for_an_opponent_has_no_clock_running() {
    let clock = ClockTerms {
        minutes: 5,
        increment_seconds: 0,
    };
    let room = Room::new(2, Some(clock));
    let later = room.now + Duration::from_secs(60);
    // Player 3 waits for a free opponent: no game, no clock.
    let waiting = (0..3)
        .find(|index| room.players[*index].current_game().is_none())
        .unwrap();
    assert!(room.players[waiting].games().is_empty());
    // The two at a game: the side to move loses time, and only there.
    let playing = (0..3)
        .find(|index| room.players[*index].current_game().is_some())
        .unwrap();
    let id = room.players[playing].current_game().unwrap();
    let game = &room.players[playing].games()[&id];
    let to_move = game.game().to_move();
    assert_eq!(
        game.time_left(to_move, later),
        Some(Duration::from_secs(240))
    );
}

#[test]
fn a_program_closed_halfway_takes_its_championship_up_again() {
    let mut room = Room::new(3, None);
    for seed in 0..20 {
        room.play_round(seed);
    }
    let moves_before: Vec<usize> = room.players[1]
        .games()
        .values()
        .map(|game| game.game().moves().len())
        .collect();
    // Guest 0's program closes and starts again from its save.
    let saved = room.players[1].saved(room.now);
    let text = ron::to_string(&saved).unwrap();
    let read = ron::from_str(&text).unwrap();
    room.players[1] = ChampionshipPlayer::restore(read, room.now);
    let moves_after: Vec<usize> = room.players[1]
        .games()
        .values()
        .map(|game| game.game().moves().len())
        .collect();
    assert_eq!(moves_before, moves_after);
    room.players[0].disconnected(room.keys[1], room.now);
    room.connect(1);
    room.deliver();
    let mut seed = 100;
    while !room.finished() {
        seed += 1;
        assert!(
            seed < 2_000,
            "the championship never ended after the restart"
        );
        room.play_round(seed);
    }
    let refused: Vec<&Happening> = room
        .happened
        .iter()
        .flatten()
        .filter(|happening| matches!(happening, Happening::Refused(_)))
        .collect();
    assert!(refused.is_empty(), "{refused:?}");
}
