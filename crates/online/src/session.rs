//! One online game as one program keeps it, with no I/O: the local player's actions make the
//! messages to send, and the peer's messages are checked against the engine's rules before they
//! change anything. Nothing from the peer changes the game but a legal move of its own colour, its
//! own resignation or time loss, or an answer to an offer this side made.

use std::time::{Duration, Instant};

use reversi_engine::{Color, Game, GameError, GameResult, Move, Rules};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::clock::{ClockLie, FLAG_GRACE, LATENCY_ALLOWANCE, OnlineClock, SavedClock};
use crate::invitation::GameTerms;
use crate::wire::{Ending, MAX_CHAT_CHARS, Message, Offer};

/// What the peer's messages did, for the game to show.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// The peer's move, applied (also a move found again after the line came back).
    Moved(Move),
    /// The game ended: the peer resigned, a draw was agreed, or a side's time ran out.
    Ended(GameResult),
    Offered(Offer),
    Declined(Offer),
    /// An undo was agreed: the game went back to this many moves.
    UndoneTo(u16),
    Chat(String),
    /// The peer broke the rules of the protocol; nothing was changed by it.
    Violation(Violation),
}

/// A message from the peer that was refused, and why. None changes the game.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum Violation {
    #[error("move {number} ({mv}) is not legal: {reason}")]
    IllegalMove {
        number: u16,
        mv: Move,
        reason: GameError,
    },
    #[error("a move out of turn (move {number})")]
    OutOfTurn { number: u16 },
    #[error("a move or an offer after the game ended")]
    AfterTheEnd,
    #[error("a result the game does not have ({claimed})")]
    ForgedResult { claimed: &'static str },
    #[error("a clock claiming {claimed_ms} ms left when this side saw {seen_ms} ms")]
    ClockLie { claimed_ms: u64, seen_ms: u64 },
    #[error("an answer to an offer that was not made")]
    UnexpectedAnswer,
    #[error("an undo offer that does not take back the asker's last move")]
    BadOffer,
    #[error("the two records of the game disagree")]
    Desync,
    #[error("a message out of place in a game")]
    OutOfPlace,
}

/// Why the local player's action was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum LocalError {
    #[error("it is not your turn")]
    NotYourTurn,
    #[error(transparent)]
    Illegal(#[from] GameError),
    #[error("the game is over")]
    GameOver,
    #[error("you have no move to take back")]
    NothingToUndo,
    #[error("your offer waits for an answer")]
    OfferPending,
    #[error("there is no offer to answer")]
    NoOffer,
}

/// Who is who in the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seats {
    pub me: Color,
    pub my_name: String,
    pub their_name: String,
}

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

#[derive(Clone, Debug)]
pub struct OnlineGame {
    game: Game,
    seats: Seats,
    terms: GameTerms,
    /// Undos agreed so far: after a line drop, each side's count says whether an answer was
    /// lost.
    undos: u16,
    my_offer: Option<Offer>,
    their_offer: Option<Offer>,
    clock: Option<OnlineClock>,
    /// Whether the clocks have started (at the first connection).
    started: bool,
    outbox: Vec<Message>,
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

    fn them(&self) -> Color {
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

    fn state_message(&self, now: Instant) -> Message {
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
    fn movers(&self) -> Vec<Color> {
        let boards = self.game.boards();
        boards[..self.game.cursor()]
            .iter()
            .map(|board| board.to_move())
            .collect()
    }

    /// Where `color`'s last move that is not a pass stands in the record: what an undo asked by
    /// `color` goes back to.
    fn last_move_by(&self, color: Color) -> Option<usize> {
        let movers = self.movers();
        let moves = self.game.moves();
        (0..moves.len())
            .rev()
            .find(|&index| moves[index] != Move::Pass && movers[index] == color)
    }

    fn after_move(&mut self, mover: Color, now: Instant) -> Option<Duration> {
        let next = (!self.game.is_over()).then(|| self.game.to_move());
        let clock = self.clock.as_mut()?;
        if self.game.is_over() {
            let left = clock.left(mover, now);
            clock.stop(now);
            return Some(left);
        }
        Some(clock.moved(mover, next, now))
    }

    /// The local player plays `mv`.
    pub fn play(&mut self, mv: Move, now: Instant) -> Result<(), LocalError> {
        if self.game.is_over() {
            return Err(LocalError::GameOver);
        }
        if self.game.to_move() != self.seats.me {
            return Err(LocalError::NotYourTurn);
        }
        self.game.play(mv)?;
        let left = self.after_move(self.seats.me, now);
        self.outbox.push(Message::Move {
            number: self.game.cursor() as u16,
            mv,
            clock_ms: left.map(|left| left.as_millis().min(u128::from(u32::MAX)) as u32),
        });
        Ok(())
    }

    pub fn resign(&mut self, now: Instant) -> Result<(), LocalError> {
        self.game
            .resign(self.seats.me)
            .map_err(|_| LocalError::GameOver)?;
        self.stop_clock(now);
        self.my_offer = None;
        self.their_offer = None;
        self.outbox.push(Message::Resign);
        Ok(())
    }

    fn stop_clock(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.stop(now);
        }
    }

    /// The local player offers a draw.
    pub fn offer_draw(&mut self) -> Result<(), LocalError> {
        self.make_offer(Offer::Draw)
    }

    /// The local player asks to take back their last move (and the reply to it).
    pub fn ask_undo(&mut self) -> Result<(), LocalError> {
        let last_mine = self
            .last_move_by(self.seats.me)
            .ok_or(LocalError::NothingToUndo)?;
        self.make_offer(Offer::Undo {
            to_moves: last_mine as u16,
        })
    }

    fn make_offer(&mut self, offer: Offer) -> Result<(), LocalError> {
        if self.game.is_over() {
            return Err(LocalError::GameOver);
        }
        if self.my_offer.is_some() {
            return Err(LocalError::OfferPending);
        }
        self.my_offer = Some(offer);
        self.outbox.push(Message::Offer(offer));
        Ok(())
    }

    /// The local player answers the peer's offer.
    pub fn answer(&mut self, accept: bool, now: Instant) -> Result<Option<Event>, LocalError> {
        let offer = self.their_offer.take().ok_or(LocalError::NoOffer)?;
        let at_moves = self.game.cursor() as u16;
        let mut event = None;
        let mut accept = accept && !self.game.is_over();
        if accept {
            match offer {
                Offer::Draw => {
                    self.game.agree_draw().map_err(|_| LocalError::GameOver)?;
                    self.stop_clock(now);
                    event = self.game.result().map(Event::Ended);
                }
                Offer::Undo { to_moves } if usize::from(to_moves) < self.game.cursor() => {
                    self.undo_to(to_moves, now);
                    event = Some(Event::UndoneTo(to_moves));
                }
                Offer::Undo { .. } => accept = false,
            }
        }
        self.outbox.push(Message::Answer {
            offer,
            accept,
            at_moves,
        });
        Ok(event)
    }

    fn undo_to(&mut self, to_moves: u16, now: Instant) {
        while self.game.cursor() > usize::from(to_moves) && self.game.undo() {}
        self.undos = self.undos.saturating_add(1);
        if let Some(clock) = &mut self.clock {
            clock.start(self.game.to_move(), now);
        }
    }

    /// The local player writes a chat line: cleaned and cut to the protocol's length, it is what
    /// is sent and returned (nothing for an empty line).
    pub fn chat(&mut self, text: &str) -> Option<String> {
        let line: String = clean_line(text).chars().take(MAX_CHAT_CHARS).collect();
        if line.is_empty() {
            return None;
        }
        self.outbox.push(Message::Chat(line.clone()));
        Some(line)
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

    /// A message from the peer. What it changes comes back as events; what breaks the rules
    /// comes back as a violation and changes nothing.
    pub fn receive(&mut self, message: Message, now: Instant) -> Vec<Event> {
        let result = match message {
            Message::Move {
                number,
                mv,
                clock_ms,
            } => self.their_move(number, mv, clock_ms, now),
            Message::Resign => self.their_resignation(now),
            Message::Offer(offer) => self.their_new_offer(offer),
            Message::Answer {
                offer,
                accept,
                at_moves,
            } => self.their_answer(offer, accept, at_moves, now),
            Message::Chat(text) => Ok(vec![Event::Chat(clean_line(&text))]),
            Message::TimeUp { loser } => self.their_time_claim(loser, now),
            Message::State {
                moves,
                ending,
                undos,
                clock_ms,
            } => self.their_state(&moves, ending, undos, clock_ms, now),
            Message::Hello { .. }
            | Message::Welcome { .. }
            | Message::Refused(_)
            | Message::Entrants(_)
            | Message::ForGame { .. }
            | Message::Report(_)
            | Message::Begin { .. } => Err(Violation::OutOfPlace),
        };
        result.unwrap_or_else(|violation| vec![Event::Violation(violation)])
    }

    fn their_move(
        &mut self,
        number: u16,
        mv: Move,
        clock_ms: Option<u32>,
        now: Instant,
    ) -> Result<Vec<Event>, Violation> {
        let cursor = self.game.cursor();
        let index = usize::from(number).wrapping_sub(1);
        if index < cursor && self.game.moves().get(index) == Some(&mv) {
            // Already had it (sent again after the line came back).
            return Ok(Vec::new());
        }
        if self.game.is_over() {
            return Err(Violation::AfterTheEnd);
        }
        if index != cursor || self.game.to_move() != self.them() {
            return Err(Violation::OutOfTurn { number });
        }
        self.game
            .play(mv)
            .map_err(|reason| Violation::IllegalMove { number, mv, reason })?;
        self.after_move(self.them(), now);
        let mut events = vec![Event::Moved(mv)];
        if let Some(claimed) = clock_ms
            && let Err(lie) = self.check_claim(claimed)
        {
            events.push(Event::Violation(lie));
        }
        if let Some(result) = self.game.result() {
            events.push(Event::Ended(result));
        }
        Ok(events)
    }

    fn check_claim(&mut self, claimed_ms: u32) -> Result<(), Violation> {
        let them = self.them();
        let Some(clock) = &mut self.clock else {
            return Ok(());
        };
        clock
            .check_claim(them, Duration::from_millis(u64::from(claimed_ms)))
            .map_err(|ClockLie { claimed, seen }| Violation::ClockLie {
                claimed_ms: claimed.as_millis() as u64,
                seen_ms: seen.as_millis() as u64,
            })
    }

    fn their_resignation(&mut self, now: Instant) -> Result<Vec<Event>, Violation> {
        self.game
            .resign(self.them())
            .map_err(|_| Violation::AfterTheEnd)?;
        self.stop_clock(now);
        self.my_offer = None;
        self.their_offer = None;
        Ok(self.game.result().map(Event::Ended).into_iter().collect())
    }

    fn their_new_offer(&mut self, offer: Offer) -> Result<Vec<Event>, Violation> {
        if self.game.is_over() {
            return Err(Violation::AfterTheEnd);
        }
        if let Offer::Undo { to_moves } = offer
            && self.last_move_by(self.them()) != Some(usize::from(to_moves))
        {
            return Err(Violation::BadOffer);
        }
        self.their_offer = Some(offer);
        Ok(vec![Event::Offered(offer)])
    }

    fn their_answer(
        &mut self,
        offer: Offer,
        accept: bool,
        at_moves: u16,
        now: Instant,
    ) -> Result<Vec<Event>, Violation> {
        if self.my_offer != Some(offer) {
            return Err(Violation::UnexpectedAnswer);
        }
        self.my_offer = None;
        if !accept {
            return Ok(vec![Event::Declined(offer)]);
        }
        match offer {
            Offer::Draw => {
                // The peer agreed at `at_moves`; moves of this side's after it never reached
                // the peer, and are taken back.
                let at = usize::from(at_moves);
                let movers = self.movers();
                let mine_after = movers
                    .get(at..)
                    .is_some_and(|after| after.iter().all(|mover| *mover == self.seats.me));
                if !mine_after {
                    return Err(Violation::Desync);
                }
                while self.game.cursor() > at && self.game.undo() {}
                self.game.agree_draw().map_err(|_| Violation::AfterTheEnd)?;
                self.stop_clock(now);
                Ok(self.game.result().map(Event::Ended).into_iter().collect())
            }
            Offer::Undo { to_moves } => {
                if usize::from(to_moves) >= self.game.cursor() {
                    return Err(Violation::Desync);
                }
                self.undo_to(to_moves, now);
                Ok(vec![Event::UndoneTo(to_moves)])
            }
        }
    }

    fn their_time_claim(&mut self, loser: Color, now: Instant) -> Result<Vec<Event>, Violation> {
        if self.game.is_over() {
            // Both sides saw the time run out: nothing to change.
            return Ok(Vec::new());
        }
        if loser == self.seats.me {
            let mine = self.time_left(self.seats.me, now);
            let out = mine.is_some_and(|left| left <= LATENCY_ALLOWANCE)
                && self.game.to_move() == self.seats.me;
            if !out {
                return Err(Violation::ForgedResult {
                    claimed: "your time ran out",
                });
            }
        }
        self.game
            .lose_on_time(loser)
            .map_err(|_| Violation::AfterTheEnd)?;
        self.stop_clock(now);
        Ok(self.game.result().map(Event::Ended).into_iter().collect())
    }

    fn their_state(
        &mut self,
        moves: &[Move],
        ending: Option<Ending>,
        undos: u16,
        clock_ms: Option<u32>,
        now: Instant,
    ) -> Result<Vec<Event>, Violation> {
        let mut events = Vec::new();
        if undos == self.undos.wrapping_add(1)
            && let Some(Offer::Undo { to_moves }) = self.my_offer
            && usize::from(to_moves) < self.game.cursor()
        {
            // The peer accepted this side's undo and the answer was lost with the line.
            self.my_offer = None;
            self.undo_to(to_moves, now);
            events.push(Event::UndoneTo(to_moves));
        }
        if undos.wrapping_add(1) == self.undos {
            // This side accepted the peer's undo and the answer was lost: the peer will take
            // its moves back when it reads this side's record.
            return Ok(events);
        }
        if undos != self.undos {
            return Err(Violation::Desync);
        }
        let mine = self.game.moves().to_vec();
        if moves.len() > mine.len() {
            if moves[..mine.len()] != mine[..] {
                return Err(Violation::Desync);
            }
            // Checked whole on a copy first: a record that goes wrong halfway changes nothing.
            let mut caught_up = self.game.clone();
            for (index, &mv) in moves.iter().enumerate().skip(mine.len()) {
                if caught_up.is_over() || caught_up.to_move() != self.them() {
                    return Err(Violation::Desync);
                }
                let number = (index + 1) as u16;
                caught_up
                    .play(mv)
                    .map_err(|reason| Violation::IllegalMove { number, mv, reason })?;
            }
            for &mv in &moves[mine.len()..] {
                let _ = self.game.play(mv);
                self.after_move(self.them(), now);
                events.push(Event::Moved(mv));
            }
        } else if mine[..moves.len()] != moves[..] {
            return Err(Violation::Desync);
        } else if moves.len() < mine.len() {
            // The peer lacks moves of this side's (lost with the line, or dropped by whoever
            // passed them on): this side's record answers, and the peer catches up.
            self.outbox.push(self.state_message(now));
        }
        if moves.len() == self.game.cursor()
            && let Some(ending) = ending
            && !self.game.is_over()
        {
            self.take_their_ending(ending, now)?;
            events.extend(self.game.result().map(Event::Ended));
        } else if let Some(claimed) = clock_ms
            && !self.game.is_over()
            && let Err(lie) = self.check_claim(claimed)
        {
            events.push(Event::Violation(lie));
        }
        if let Some(result) = self.game.result()
            && events.iter().any(|event| matches!(event, Event::Moved(_)))
            && !events.iter().any(|event| matches!(event, Event::Ended(_)))
        {
            events.push(Event::Ended(result));
        }
        Ok(events)
    }

    /// An ending found in the peer's record that this side does not have.
    fn take_their_ending(&mut self, ending: Ending, now: Instant) -> Result<(), Violation> {
        let them = self.them();
        match ending {
            Ending::Resigned(color) if color == them => {
                let _ = self.game.resign(them);
            }
            Ending::OutOfTime(color) if color == them => {
                let _ = self.game.lose_on_time(them);
            }
            Ending::OutOfTime(_) => {
                self.their_time_claim(self.seats.me, now)?;
            }
            Ending::DrawAgreed if self.my_offer == Some(Offer::Draw) => {
                self.my_offer = None;
                let _ = self.game.agree_draw();
            }
            Ending::Resigned(_) => {
                return Err(Violation::ForgedResult {
                    claimed: "you resigned",
                });
            }
            Ending::DrawAgreed => {
                return Err(Violation::ForgedResult {
                    claimed: "a draw was agreed",
                });
            }
        }
        self.stop_clock(now);
        Ok(())
    }
}

/// How long, in all, the invitation lets the clocks stop while the line is down.
fn pause_limit(terms: &GameTerms) -> Duration {
    Duration::from_secs(u64::from(terms.pause_limit_minutes) * 60)
}

/// A line of text from the peer as it may be shown: control characters (line breaks, escapes,
/// the bidirectional overrides that make text read backwards) become spaces.
fn clean_line(text: &str) -> String {
    let bidi =
        |c: char| ('\u{202a}'..='\u{202e}').contains(&c) || ('\u{2066}'..='\u{2069}').contains(&c);
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() || bidi(c) { ' ' } else { c })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}
