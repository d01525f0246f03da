//! The local player's actions: each one checked, then made a message to send.

use std::time::Instant;

use reversi_engine::Move;

use crate::wire::{MAX_CHAT_CHARS, Message, Offer};

use super::peer::clean_line;
use super::{Event, LocalError, OnlineGame};

impl OnlineGame {
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
}
