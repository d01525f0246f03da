//! The session's saved form: what outlives the program, and the game brought back from it.

use std::time::Instant;

use reversi_engine::Game;
use serde::{Deserialize, Serialize};

use crate::clock::{OnlineClock, SavedClock};
use crate::invitation::GameTerms;
use crate::wire::Offer;

use super::state::pause_limit;
use super::{OnlineGame, Seats};

/// What outlives the program: the game so far, the offers in flight and the clocks.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SavedOnlineGame {
    pub game: Game,
    pub seats: Seats,
    pub terms: GameTerms,
    pub undos: u16,
    pub my_offer: Option<Offer>,
    pub their_offer: Option<Offer>,
    pub clock: Option<SavedClock>,
}

impl OnlineGame {
    /// A game saved by [`OnlineGame::saved`], with the line down until it comes back.
    pub fn restore(saved: SavedOnlineGame, now: Instant) -> OnlineGame {
        let clock = saved.terms.clock.map(|terms| match saved.clock {
            Some(clock) => OnlineClock::restore(terms, clock),
            None => OnlineClock::new(terms, pause_limit(&saved.terms)),
        });
        let mut game = OnlineGame {
            game: saved.game,
            seats: saved.seats,
            terms: saved.terms,
            undos: saved.undos,
            my_offer: saved.my_offer,
            their_offer: saved.their_offer,
            clock,
            started: false,
            outbox: Vec::new(),
        };
        if let Some(clock) = &mut game.clock {
            clock.line_down(now);
        }
        game
    }

    pub fn saved(&self, now: Instant) -> SavedOnlineGame {
        SavedOnlineGame {
            game: self.game.clone(),
            seats: self.seats.clone(),
            terms: self.terms,
            undos: self.undos,
            my_offer: self.my_offer,
            their_offer: self.their_offer,
            clock: self.clock.as_ref().map(|clock| clock.saved(now)),
        }
    }
}
