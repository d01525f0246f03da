//! The game as this side keeps it: who sits where, the record, the offers in flight, the clocks
//! and the messages waiting to go out; the line coming and going, and time passing.

use std::time::{Duration, Instant};

use reversi_engine::{Color, Game, Move, Rules};
use serde::{Deserialize, Serialize};

use crate::clock::{FLAG_GRACE, OnlineClock};
use crate::invitation::GameTerms;
use crate::wire::{Ending, Message, Offer};

use super::Event;

/// Who is who in the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seats {
    pub me: Color,
    pub my_name: String,
    pub their_name: String,
}

#[derive(Clone, Debug)]
pub struct OnlineGame {
    pub(super) game: Game,
    pub(super) seats: Seats,
    pub(super) terms: GameTerms,
    /// Undos agreed so far: after a line drop, each side's count says whether an answer was
    /// lost.
    pub(super) undos: u16,
    pub(super) my_offer: Option<Offer>,
    pub(super) their_offer: Option<Offer>,
    pub(super) clock: Option<OnlineClock>,
    /// Whether the clocks have started (at the first connection).
    pub(super) started: bool,
    pub(super) outbox: Vec<Message>,
}

impl OnlineGame {
    pub fn new(terms: GameTerms, seats: Seats) -> OnlineGame {
        OnlineGame {
            game: Game::new(Rules::othello(Color::Black)),
            seats,
            terms,
            undos: 0,
            my_offer: None,
            their_offer: None,
            clock: terms
                .clock
                .map(|clock| OnlineClock::new(clock, pause_limit(&terms))),
            started: false,
            outbox: Vec::new(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// The friend's name, as their program gave it when the line came up.
    pub fn set_their_name(&mut self, name: &str) {
        self.seats.their_name = name.to_string();
    }

    pub fn terms(&self) -> &GameTerms {
        &self.terms
    }

    pub fn my_offer(&self) -> Option<Offer> {
        self.my_offer
    }

    pub fn their_offer(&self) -> Option<Offer> {
        self.their_offer
    }

    /// `color`'s time left, when the game has a clock.
    pub fn time_left(&self, color: Color, now: Instant) -> Option<Duration> {
        self.clock.as_ref().map(|clock| clock.left(color, now))
    }

    /// Whether the clocks are stopped because the line is down (within the pause limit).
    pub fn clock_paused(&self, now: Instant) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|clock| clock.is_paused(now))
    }

    pub fn is_my_turn(&self) -> bool {
        !self.game.is_over() && self.game.to_move() == self.seats.me
    }

    /// The messages to send, in order.
    pub fn take_outbox(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.outbox)
    }

    pub(super) fn them(&self) -> Color {
        self.seats.me.opponent()
    }

    fn my_clock_ms(&self, now: Instant) -> Option<u32> {
        self.clock.as_ref().map(|clock| {
            clock
                .left(self.seats.me, now)
                .as_millis()
                .min(u128::from(u32::MAX)) as u32
        })
    }

    pub(super) fn state_message(&self, now: Instant) -> Message {
        Message::State {
            moves: self.game.moves().to_vec(),
            ending: self.ending(),
            undos: self.undos,
            clock_ms: self.my_clock_ms(now),
        }
    }

    fn ending(&self) -> Option<Ending> {
        use reversi_engine::EndReason;
        match self.game.result()?.reason {
            EndReason::Resigned(color) => Some(Ending::Resigned(color)),
            EndReason::OutOfTime(color) => Some(Ending::OutOfTime(color)),
            EndReason::DrawAgreed => Some(Ending::DrawAgreed),
            EndReason::NoMoves => None,
        }
    }

    /// The line is up (first connection or again): the clocks run, and this side's record goes
    /// out so a move lost with the line is found again.
    pub fn connected(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.line_up(now);
            if !self.started && !self.game.is_over() {
                clock.start(self.game.to_move(), now);
            }
        }
        self.started = true;
        self.outbox.push(self.state_message(now));
    }

    /// The line is down: the clocks stop, within the invitation's limit.
    pub fn disconnected(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.line_down(now);
        }
    }

    /// The colour that played each move up to the cursor (one replay of the record).
    pub(super) fn movers(&self) -> Vec<Color> {
        let boards = self.game.boards();
        boards[..self.game.cursor()]
            .iter()
            .map(|board| board.to_move())
            .collect()
    }

    /// Where `color`'s last move that is not a pass stands in the record: what an undo asked by
    /// `color` goes back to.
    pub(super) fn last_move_by(&self, color: Color) -> Option<usize> {
        let movers = self.movers();
        let moves = self.game.moves();
        (0..moves.len())
            .rev()
            .find(|&index| moves[index] != Move::Pass && movers[index] == color)
    }

    pub(super) fn after_move(&mut self, mover: Color, now: Instant) -> Option<Duration> {
        let next = (!self.game.is_over()).then(|| self.game.to_move());
        let clock = self.clock.as_mut()?;
        if self.game.is_over() {
            let left = clock.left(mover, now);
            clock.stop(now);
            return Some(left);
        }
        Some(clock.moved(mover, next, now))
    }

    pub(super) fn stop_clock(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
    }

    pub(super) fn undo_to(&mut self, to_moves: u16, now: Instant) {
        while self.game.cursor() > usize::from(to_moves) && self.game.undo() {}
        self.undos = self.undos.saturating_add(1);
        if let Some(clock) = &mut self.clock {
            clock.start(self.game.to_move(), now);
        }
    }

    /// Time passes: a side whose time ran out loses (this side's own at once, the peer's after
    /// a grace, so an honest peer says so first).
    pub fn tick(&mut self, now: Instant) -> Option<Event> {
        let clock = self.clock.as_ref()?;
        if self.game.is_over() || !self.started {
            return None;
        }
        let to_move = self.game.to_move();
        let grace = if to_move == self.seats.me {
            Duration::ZERO
        } else {
            FLAG_GRACE
        };
        if !clock.is_out(to_move, now, grace) {
            return None;
        }
        self.game.lose_on_time(to_move).ok()?;
        self.stop_clock(now);
        self.outbox.push(Message::TimeUp { loser: to_move });
        self.game.result().map(Event::Ended)
    }
}

/// How long, in all, the invitation lets the clocks stop while the line is down.
pub(super) fn pause_limit(terms: &GameTerms) -> Duration {
    Duration::from_secs(u64::from(terms.pause_limit_minutes) * 60)
}
