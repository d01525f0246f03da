//! The peer's messages: each one checked against the engine's rules and the game as this side
//! keeps it before it changes anything.

use std::time::{Duration, Instant};

use reversi_engine::{Color, Move};

use crate::clock::{ClockLie, LATENCY_ALLOWANCE};
use crate::wire::{Ending, Message, Offer};

use super::{Event, OnlineGame, Violation};

impl OnlineGame {
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

/// A line of text from the peer as it may be shown: control characters (line breaks, escapes,
/// the bidirectional overrides that make text read backwards) become spaces.
pub(super) fn clean_line(text: &str) -> String {
    let bidi =
        |c: char| ('\u{202a}'..='\u{202e}').contains(&c) || ('\u{2066}'..='\u{2069}').contains(&c);
    let spaced: String = text
        .chars()
        .map(|c| if c.is_control() || bidi(c) { ' ' } else { c })
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}
