//! A championship's programs at play, with no I/O: the host's program seats the players in the
//! order they join, begins each game when both its players are free, and passes each game's
//! messages between its two players; every program plays its own games as online games, signs a
//! report of each when it ends, and keeps every report it receives. Each program's table is made
//! from the reports alone, so all agree once all reports have gone round.
//!
//! Games are played as players are free: no player plays two games at once, so a clock runs
//! only while its player is at that game. The host begins the earliest games whose two players
//! are connected and not playing, and begins more as games end; a game disputed by its two
//! reports is begun again (its next attempt).
//!
//! Everything goes through the host's program: one line a player, one address to reach, and no
//! player's address given to another. Its price: while the host's program is closed, games wait
//! (their clocks stop within the pause limit). The host only passes on what the players sign or
//! what their games check: a move it made up would reach one board and not the other, the two
//! reports would disagree, and the ledger's rule for disputes applies.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use reversi_engine::Move;

use super::report::{ReportError, SignedReport};
use super::schedule::{GameId, PlayerId};
use super::{Championship, ChampionshipError, Entrant};
use crate::invitation::{ChampionshipTerms, Secret};
use crate::link::Identity;
use crate::session::{Event, LocalError, OnlineGame};
use crate::wire::Message;

/// A message for the link to send: to one program, or to every program connected (a guest's one
/// line goes to the host).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub to: Option<[u8; 32]>,
    pub message: Message,
}

/// What the championship's messages did, for the program to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    /// Every player has joined: the schedule is known and the games begin.
    Started,
    /// One of this program's games begins: its player is to play it now.
    Began(GameId),
    /// An event of one of this program's games.
    Game(GameId, Event),
    /// A report was taken in (this program's own or another's).
    Reported(GameId),
    /// A message was refused; nothing changed.
    Refused(Refused),
}

/// Why a championship message was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("a report that does not check out: {0}")]
    Report(ReportError),
    #[error("a report that could not be read")]
    UnreadableReport,
    #[error("a roster that cannot be: {0}")]
    Roster(ChampionshipError),
    #[error("a roster that does not seat this program")]
    NotSeated,
    #[error("a message for a game its sender does not play")]
    NotYourGame,
    #[error("a message out of place in a championship")]
    OutOfPlace,
    #[error("an order to begin a game that was decided")]
    AlreadyDecided,
}

/// One program of a championship.
pub struct ChampionshipPlayer {
    pub(super) identity: Identity,
    pub(super) name: String,
    pub(super) secret: Secret,
    pub(super) terms: ChampionshipTerms,
    /// The host's key, for a guest; `None` on the host.
    pub(super) host: Option<[u8; 32]>,
    /// The players seated so far, the host first (the host's program gathers them).
    pub(super) seated: Vec<Entrant>,
    pub(super) championship: Option<Championship>,
    /// This program's games, each with the attempt being played.
    pub(super) games: BTreeMap<GameId, OnlineGame>,
    pub(super) attempts: BTreeMap<GameId, u8>,
    /// This program's game begun last: the one its player is at.
    pub(super) current: Option<GameId>,
    /// The host's record of the games it began, each with its attempt.
    pub(super) begun: BTreeMap<GameId, u8>,
    /// The games (and attempts) this program reported.
    pub(super) reported: BTreeSet<(GameId, u8)>,
    /// The players' programs connected to the host now.
    pub(super) present: BTreeSet<[u8; 32]>,
    pub(super) outbox: Vec<Outgoing>,
}

impl ChampionshipPlayer {
    /// The host's program: it seats the players as they join.
    pub fn host(
        identity: Identity,
        secret: Secret,
        terms: ChampionshipTerms,
        name: &str,
    ) -> ChampionshipPlayer {
        let me = Entrant {
            key: identity.public_key(),
            name: name.to_string(),
        };
        let mut player = ChampionshipPlayer::new(identity, name, secret, terms, None);
        player.seated.push(me);
        player
    }

    /// A player's program, joining the host whose key is `host`.
    pub fn guest(
        identity: Identity,
        secret: Secret,
        terms: ChampionshipTerms,
        name: &str,
        host: [u8; 32],
    ) -> ChampionshipPlayer {
        ChampionshipPlayer::new(identity, name, secret, terms, Some(host))
    }

    fn new(
        identity: Identity,
        name: &str,
        secret: Secret,
        terms: ChampionshipTerms,
        host: Option<[u8; 32]>,
    ) -> ChampionshipPlayer {
        ChampionshipPlayer {
            identity,
            name: name.to_string(),
            secret,
            terms,
            host,
            seated: Vec::new(),
            championship: None,
            games: BTreeMap::new(),
            attempts: BTreeMap::new(),
            current: None,
            begun: BTreeMap::new(),
            reported: BTreeSet::new(),
            present: BTreeSet::new(),
            outbox: Vec::new(),
        }
    }

    pub fn championship(&self) -> Option<&Championship> {
        self.championship.as_ref()
    }

    /// This program's games, under way or played.
    pub fn games(&self) -> &BTreeMap<GameId, OnlineGame> {
        &self.games
    }

    /// The game this program's player is at: the one begun last (over, until the next begins).
    pub fn current_game(&self) -> Option<GameId> {
        self.current
    }

    /// The player's name, as the roster has it.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn terms(&self) -> &ChampionshipTerms {
        &self.terms
    }

    /// The key this program signs and dials with.
    pub fn identity(&self) -> Identity {
        self.identity.clone()
    }

    /// The invitation's secret, which only its holders know.
    pub fn secret(&self) -> Secret {
        self.secret
    }

    pub fn is_host(&self) -> bool {
        self.host.is_none()
    }

    /// The players seated so far (all of them once the championship began).
    pub fn seated(&self) -> &[Entrant] {
        self.championship
            .as_ref()
            .map_or(&self.seated[..], Championship::roster)
    }

    pub fn take_outbox(&mut self) -> Vec<Outgoing> {
        std::mem::take(&mut self.outbox)
    }

    pub(super) fn me(&self) -> Option<PlayerId> {
        self.championship
            .as_ref()?
            .player_with_key(&self.identity.public_key())
    }

    /// A program's line came up. The host seats a newcomer (once all are seated, everyone gets
    /// the roster and the games begin) and brings a returning one up to date with every report;
    /// a guest sends the host every report it holds; both send the records of their games with
    /// it, so moves and reports lost with the line are found again.
    pub fn connected(&mut self, peer: [u8; 32], name: &str, now: Instant) -> Vec<Happening> {
        let mut happened = Vec::new();
        if self.host.is_none() {
            self.present.insert(peer);
            let seats = usize::from(self.terms.players.min(ChampionshipTerms::MAX_PLAYERS));
            if !self.seated.iter().any(|entrant| entrant.key == peer) && self.seated.len() < seats {
                self.seated.push(Entrant {
                    key: peer,
                    name: name.to_string(),
                });
            }
            match &self.championship {
                None if self.seated.len() == seats => {
                    match Championship::new(self.secret, self.terms.clone(), self.seated.clone()) {
                        Ok(championship) => {
                            self.championship = Some(championship);
                            self.send(None, self.roster_message());
                            happened.push(Happening::Started);
                            happened.extend(self.dispatch(now));
                        }
                        Err(error) => happened.push(Happening::Refused(Refused::Roster(error))),
                    }
                    return happened;
                }
                None => return happened,
                Some(championship) => {
                    let reports = championship.reports();
                    let theirs = self.under_way_with(peer);
                    self.send(Some(peer), self.roster_message());
                    for report in reports {
                        self.send(Some(peer), report_message(&report));
                    }
                    for (game, attempt) in theirs {
                        self.send(
                            Some(peer),
                            Message::Begin {
                                game: game.0,
                                attempt,
                            },
                        );
                    }
                }
            }
        }
        if self.host == Some(peer)
            && let Some(championship) = &self.championship
        {
            // Reports sent while the line was down reach the host now, and through it everyone.
            for report in championship.reports() {
                self.send(None, report_message(&report));
            }
        }
        let ids: Vec<GameId> = self.games_with(peer);
        for id in ids {
            if let Some(game) = self.games.get_mut(&id) {
                game.connected(now);
            }
            self.flush(id);
        }
        happened.extend(self.dispatch(now));
        happened
    }

    /// A program's line went down: the clocks of the games that went through it stop.
    pub fn disconnected(&mut self, peer: [u8; 32], now: Instant) {
        self.present.remove(&peer);
        for id in self.games_with(peer) {
            if let Some(game) = self.games.get_mut(&id) {
                game.disconnected(now);
            }
        }
    }

    /// This program's games whose messages go through `peer`: on a guest, all of them (the
    /// host passes them on); on the host, those against `peer`.
    fn games_with(&self, peer: [u8; 32]) -> Vec<GameId> {
        if self.host == Some(peer) {
            return self.games.keys().copied().collect();
        }
        let Some(championship) = &self.championship else {
            return Vec::new();
        };
        let Some(them) = championship.player_with_key(&peer) else {
            return Vec::new();
        };
        self.games
            .keys()
            .copied()
            .filter(|id| championship.pairing(*id).is_some_and(|p| p.plays(them)))
            .collect()
    }

    /// A message from `from`.
    pub fn receive(&mut self, from: [u8; 32], message: Message, now: Instant) -> Vec<Happening> {
        let refused = |why| vec![Happening::Refused(why)];
        match message {
            Message::Entrants(entrants) if self.host == Some(from) => self.take_roster(entrants),
            Message::ForGame { game, message } if message.belongs_to_a_game() => {
                self.game_message(from, GameId(game), *message, now)
            }
            Message::Report(bytes) => {
                let mut happened = self.take_report(from, &bytes);
                happened.extend(self.dispatch(now));
                happened
            }
            Message::Begin { game, attempt } if self.host == Some(from) => {
                self.begin(GameId(game), attempt, now)
            }
            _ => refused(Refused::OutOfPlace),
        }
    }

    /// The roster from the host: the championship begins here.
    fn take_roster(&mut self, entrants: Vec<([u8; 32], String)>) -> Vec<Happening> {
        if self.championship.is_some() {
            return Vec::new();
        }
        let roster: Vec<Entrant> = entrants
            .into_iter()
            .map(|(key, name)| Entrant { key, name })
            .collect();
        if !roster
            .iter()
            .any(|entrant| entrant.key == self.identity.public_key())
        {
            return vec![Happening::Refused(Refused::NotSeated)];
        }
        match Championship::new(self.secret, self.terms.clone(), roster) {
            Ok(championship) => {
                self.championship = Some(championship);
                vec![Happening::Started]
            }
            Err(error) => vec![Happening::Refused(Refused::Roster(error))],
        }
    }

    /// A message of game `id` from `from`: the host passes on what is not its own game's.
    fn game_message(
        &mut self,
        from: [u8; 32],
        id: GameId,
        message: Message,
        now: Instant,
    ) -> Vec<Happening> {
        let Some(championship) = &self.championship else {
            return vec![Happening::Refused(Refused::OutOfPlace)];
        };
        let Some(pairing) = championship.pairing(id).copied() else {
            return vec![Happening::Refused(Refused::NotYourGame)];
        };
        if self.host.is_none() {
            let sender = championship.player_with_key(&from);
            let Some(sender) = sender.filter(|sender| pairing.plays(*sender)) else {
                return vec![Happening::Refused(Refused::NotYourGame)];
            };
            let other = if pairing.black == sender {
                pairing.white
            } else {
                pairing.black
            };
            if Some(other) != self.me() {
                if let Some(entrant) = championship.entrant(other) {
                    let to = Some(entrant.key);
                    self.send(to, for_game(id, message));
                }
                return Vec::new();
            }
        } else if self.host != Some(from) {
            return vec![Happening::Refused(Refused::OutOfPlace)];
        }
        let Some(game) = self.games.get_mut(&id) else {
            return vec![Happening::Refused(Refused::NotYourGame)];
        };
        let events = game.receive(message, now);
        let mut happened: Vec<Happening> = events
            .into_iter()
            .map(|event| Happening::Game(id, event))
            .collect();
        happened.extend(self.after_change(id, now));
        happened
    }

    fn take_report(&mut self, from: [u8; 32], bytes: &[u8]) -> Vec<Happening> {
        let Ok(signed) = postcard::from_bytes::<SignedReport>(bytes) else {
            return vec![Happening::Refused(Refused::UnreadableReport)];
        };
        let Some(championship) = &mut self.championship else {
            return vec![Happening::Refused(Refused::OutOfPlace)];
        };
        let game = signed.report.game;
        match championship.accept_report(signed.clone()) {
            Ok(_) => {
                if self.host.is_none() {
                    // Passed on to everyone else, so every table has it.
                    let others: Vec<[u8; 32]> = championship
                        .roster()
                        .iter()
                        .map(|entrant| entrant.key)
                        .filter(|key| *key != from && *key != self.identity.public_key())
                        .collect();
                    for key in others {
                        self.send(Some(key), report_message(&signed));
                    }
                }
                vec![Happening::Reported(game)]
            }
            Err(error) => vec![Happening::Refused(Refused::Report(error))],
        }
    }

    /// This program's player plays `mv` in game `id`.
    pub fn play(
        &mut self,
        id: GameId,
        mv: Move,
        now: Instant,
    ) -> Result<Vec<Happening>, LocalError> {
        // A game that is not this program's is never its turn.
        let (played, happened) = self
            .act(id, now, |game| game.play(mv, now))
            .ok_or(LocalError::NotYourTurn)?;
        played.map(|()| happened)
    }

    /// Does what the player asks of game `id` (a move, resigning, an offer, an answer, a chat
    /// line), sends what the game has to say, and reports the game if that ended it; `None`
    /// when the game is not this program's.
    pub fn act<R>(
        &mut self,
        id: GameId,
        now: Instant,
        what: impl FnOnce(&mut OnlineGame) -> R,
    ) -> Option<(R, Vec<Happening>)> {
        let result = what(self.games.get_mut(&id)?);
        Some((result, self.after_change(id, now)))
    }

    /// Time passes in this program's games: one whose side to move ran out of time ends.
    pub fn tick(&mut self, now: Instant) -> Vec<Happening> {
        let ids: Vec<GameId> = self.games.keys().copied().collect();
        let mut happened = Vec::new();
        for id in ids {
            let Some(event) = self.games.get_mut(&id).and_then(|game| game.tick(now)) else {
                continue;
            };
            happened.push(Happening::Game(id, event));
            happened.extend(self.after_change(id, now));
        }
        happened
    }

    /// After game `id` changed: its messages go out, it is reported if it ended, and the host
    /// begins the games its end frees.
    fn after_change(&mut self, id: GameId, now: Instant) -> Vec<Happening> {
        self.flush(id);
        let mut happened: Vec<Happening> = self.report_if_over(id).into_iter().collect();
        happened.extend(self.dispatch(now));
        happened
    }

    /// Sends what game `id` has to say, to its opponent (a guest's through the host).
    pub(super) fn flush(&mut self, id: GameId) {
        let Some(game) = self.games.get_mut(&id) else {
            return;
        };
        let messages = game.take_outbox();
        let to = match self.host {
            Some(_) => None,
            None => self.opponent_key(id),
        };
        for message in messages {
            self.send(to, for_game(id, message));
        }
    }

    fn opponent_key(&self, id: GameId) -> Option<[u8; 32]> {
        let championship = self.championship.as_ref()?;
        let pairing = championship.pairing(id)?;
        let me = self.me()?;
        let color = pairing.color_of(me)?;
        Some(championship.entrant(pairing.player(color.opponent()))?.key)
    }

    /// Once game `id` is over, this program signs its report, keeps it and sends it round.
    fn report_if_over(&mut self, id: GameId) -> Option<Happening> {
        let game = self.games.get(&id)?;
        let playing = (id, self.attempts.get(&id).copied().unwrap_or(0));
        if !game.game().is_over() || self.reported.contains(&playing) {
            return None;
        }
        let championship = self.championship.as_mut()?;
        let signed = championship
            .sign_report(&self.identity, id, game.game())
            .ok()?;
        let taken = championship.accept_report(signed.clone());
        self.reported.insert(playing);
        self.send(None, report_message(&signed));
        Some(match taken {
            Ok(_) => Happening::Reported(id),
            Err(error) => Happening::Refused(Refused::Report(error)),
        })
    }

    pub(super) fn send(&mut self, to: Option<[u8; 32]>, message: Message) {
        self.outbox.push(Outgoing { to, message });
    }

    fn roster_message(&self) -> Message {
        Message::Entrants(
            self.seated()
                .iter()
                .map(|entrant| (entrant.key, entrant.name.clone()))
                .collect(),
        )
    }
}

fn for_game(id: GameId, message: Message) -> Message {
    Message::ForGame {
        game: id.0,
        message: Box::new(message),
    }
}

fn report_message(report: &SignedReport) -> Message {
    // Serialising plain data into a vector cannot fail.
    Message::Report(postcard::to_allocvec(report).unwrap_or_default())
}
