//! The host's program begins the championship's games as their players are free, and each
//! program takes up the games begun for it. No player plays two games at once, so a game's
//! clock runs only while its player is at it: the host begins the earliest games whose two
//! players are connected and not playing (see [`Championship::next_games_free`]), and more as
//! games end; a game its two reports leave disputed is begun again, as its next attempt.

use std::collections::BTreeSet;
use std::time::Instant;

use reversi_engine::Color;

use super::ledger::Status;
use super::play::{ChampionshipPlayer, Happening, Refused};
use super::schedule::{GameId, PlayerId};
use crate::invitation::GameTerms;
use crate::session::{OnlineGame, Seats};
use crate::wire::Message;

#[cfg(doc)]
use super::Championship;

impl ChampionshipPlayer {
    /// Whether the host's game `id`, begun as `attempt`, is still being played: not decided,
    /// and not disputed at that attempt.
    pub(super) fn is_under_way(&self, id: GameId, attempt: u8) -> bool {
        self.championship.as_ref().is_some_and(|championship| {
            championship
                .status(id)
                .is_some_and(|status| !status.counts())
                && championship.attempt_to_report(id) == Ok(attempt)
        })
    }

    /// The games under way that `peer` plays, with their attempts (the host's to begin again
    /// for a program that came back).
    pub(super) fn under_way_with(&self, peer: [u8; 32]) -> Vec<(GameId, u8)> {
        let Some(championship) = &self.championship else {
            return Vec::new();
        };
        let Some(them) = championship.player_with_key(&peer) else {
            return Vec::new();
        };
        self.begun
            .iter()
            .filter(|(id, attempt)| self.is_under_way(**id, **attempt))
            .filter(|(id, _)| championship.pairing(**id).is_some_and(|p| p.plays(them)))
            .map(|(id, attempt)| (*id, *attempt))
            .collect()
    }

    /// The host begins every game whose two players are connected and free, earliest first.
    pub(super) fn dispatch(&mut self, now: Instant) -> Vec<Happening> {
        if self.host.is_some() {
            return Vec::new();
        }
        let Some(championship) = &self.championship else {
            return Vec::new();
        };
        let busy: BTreeSet<PlayerId> = self
            .begun
            .iter()
            .filter(|(id, attempt)| self.is_under_way(**id, **attempt))
            .filter_map(|(id, _)| championship.pairing(*id))
            .flat_map(|pairing| [pairing.black, pairing.white])
            .collect();
        let mine = self.identity.public_key();
        let free: Vec<PlayerId> = championship
            .roster()
            .iter()
            .zip(0..)
            .filter(|(entrant, _)| entrant.key == mine || self.present.contains(&entrant.key))
            .map(|(_, index)| PlayerId(index))
            .filter(|player| !busy.contains(player))
            .collect();
        let to_begin: Vec<(GameId, u8, [[u8; 32]; 2])> = championship
            .next_games_free(&free)
            .iter()
            .filter_map(|pairing| {
                let attempt = championship.attempt_to_report(pairing.game).ok()?;
                let black = championship.entrant(pairing.black)?.key;
                let white = championship.entrant(pairing.white)?.key;
                Some((pairing.game, attempt, [black, white]))
            })
            .collect();
        let mut happened = Vec::new();
        for (id, attempt, players) in to_begin {
            self.begun.insert(id, attempt);
            // The guests hear of the game before any of its moves reach them.
            for key in players.into_iter().filter(|key| *key != mine) {
                let message = Message::Begin {
                    game: id.0,
                    attempt,
                };
                self.send(Some(key), message);
            }
            if players.contains(&mine) {
                happened.extend(self.begin(id, attempt, now));
            }
        }
        happened
    }

    /// Game `id` begins, as its `attempt`th playing: the player is at it now, its clock runs,
    /// and its record goes to the opponent. Begun again with the same attempt (the host
    /// repeats itself after a drop), nothing changes.
    pub(super) fn begin(&mut self, id: GameId, attempt: u8, now: Instant) -> Vec<Happening> {
        let refused = |why| vec![Happening::Refused(why)];
        let (Some(championship), Some(me)) = (&self.championship, self.me()) else {
            return refused(Refused::OutOfPlace);
        };
        let Some(pairing) = championship.pairing(id) else {
            return refused(Refused::NotYourGame);
        };
        let Some(color) = pairing.color_of(me) else {
            return refused(Refused::NotYourGame);
        };
        if championship.status(id).is_some_and(Status::counts) {
            return refused(Refused::AlreadyDecided);
        }
        if self
            .attempts
            .get(&id)
            .is_some_and(|&playing| playing >= attempt)
        {
            return Vec::new();
        }
        let their_name = championship
            .entrant(pairing.player(color.opponent()))
            .map(|entrant| entrant.name.clone())
            .unwrap_or_default();
        let terms = GameTerms {
            host_color: Color::Black,
            clock: self.terms.clock,
            engine_help: self.terms.engine_help,
            pause_limit_minutes: self.terms.pause_limit_minutes,
        };
        let seats = Seats {
            me: color,
            my_name: self.name.clone(),
            their_name,
        };
        let mut game = OnlineGame::new(terms, seats);
        game.connected(now);
        self.games.insert(id, game);
        self.attempts.insert(id, attempt);
        self.current = Some(id);
        self.flush(id);
        vec![Happening::Began(id)]
    }
}
