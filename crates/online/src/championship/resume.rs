//! A program's championship as it outlives the program: its key, the roster and every report
//! (the championship's own evidence, checked again when read), its games with their clocks, and
//! the host's record of the games it began. Taken up again, the games wait for the line.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use super::play::ChampionshipPlayer;
use super::schedule::GameId;
use super::{Championship, Entrant};
use crate::invitation::{ChampionshipTerms, Secret};
use crate::link::Identity;
use crate::session::{OnlineGame, SavedOnlineGame};

/// What a championship's program keeps between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedChampionshipPlayer {
    identity: [u8; 32],
    name: String,
    secret: Secret,
    terms: ChampionshipTerms,
    host: Option<[u8; 32]>,
    seated: Vec<Entrant>,
    championship: Option<Championship>,
    /// This program's games: each with the attempt being played.
    games: Vec<(GameId, u8, SavedOnlineGame)>,
    current: Option<GameId>,
    begun: Vec<(GameId, u8)>,
    reported: Vec<(GameId, u8)>,
}

impl SavedChampionshipPlayer {
    /// The same without the clocks' times, which change every millisecond: what tells whether
    /// anything else changed.
    pub fn without_clocks(mut self) -> SavedChampionshipPlayer {
        for (_, _, game) in &mut self.games {
            game.clock = None;
        }
        self
    }
}

impl ChampionshipPlayer {
    pub fn saved(&self, now: Instant) -> SavedChampionshipPlayer {
        SavedChampionshipPlayer {
            identity: self.identity.to_bytes(),
            name: self.name.clone(),
            secret: self.secret,
            terms: self.terms.clone(),
            host: self.host,
            seated: self.seated.clone(),
            championship: self.championship.clone(),
            games: self
                .games
                .iter()
                .map(|(id, game)| {
                    let attempt = self.attempts.get(id).copied().unwrap_or(0);
                    (*id, attempt, game.saved(now))
                })
                .collect(),
            current: self.current,
            begun: self.begun.iter().map(|(id, at)| (*id, *at)).collect(),
            reported: self.reported.iter().copied().collect(),
        }
    }

    /// The program saved by [`ChampionshipPlayer::saved`], its lines down until they come back.
    /// Games that are not in the championship's schedule are left out.
    pub fn restore(saved: SavedChampionshipPlayer, now: Instant) -> ChampionshipPlayer {
        let in_schedule = |id: &GameId| {
            saved
                .championship
                .as_ref()
                .is_some_and(|championship| championship.pairing(*id).is_some())
        };
        let mut games = BTreeMap::new();
        let mut attempts = BTreeMap::new();
        for (id, attempt, game) in saved.games {
            if in_schedule(&id) {
                games.insert(id, OnlineGame::restore(game, now));
                attempts.insert(id, attempt);
            }
        }
        ChampionshipPlayer {
            identity: Identity::from_bytes(saved.identity),
            name: saved.name,
            secret: saved.secret,
            terms: saved.terms,
            host: saved.host,
            seated: saved.seated,
            current: saved.current.filter(|id| games.contains_key(id)),
            games,
            attempts,
            begun: saved
                .begun
                .into_iter()
                .filter(|(id, _)| in_schedule(id))
                .collect(),
            reported: saved.reported.into_iter().collect::<BTreeSet<_>>(),
            championship: saved.championship,
            present: BTreeSet::new(),
            outbox: Vec::new(),
        }
    }
}
