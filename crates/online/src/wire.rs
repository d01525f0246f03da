//! What two programs say to each other, and how it is framed: each message is a 2-byte length
//! and that many bytes of postcard. A peer is a stranger's program, so reading bounds every
//! frame before it allocates and refuses what does not decode.

use reversi_engine::{Color, Move};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::invitation::Secret;

/// The protocol spoken by this version; a program refuses a peer that speaks another.
pub const PROTOCOL_VERSION: u16 = 1;

/// No message of the protocol needs more: a game's whole record is under 200 bytes, a chat line
/// under 1 KiB, a championship's roster or report under 2 KiB.
pub const MAX_FRAME_BYTES: usize = 4096;

/// A chat line is at most this many characters.
pub const MAX_CHAT_CHARS: usize = 200;

/// The offers a player makes and the other answers.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Offer {
    Draw,
    /// Take back the asker's last move (and what followed it), so the game goes back to this
    /// many moves.
    Undo {
        to_moves: u16,
    },
}

/// How a game ended before its board did, as one side's record says.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Ending {
    Resigned(Color),
    OutOfTime(Color),
    DrawAgreed,
}

/// One message between the programs of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Message {
    /// The joining program's first words: the invitation's secret and its player's name.
    Hello {
        protocol: u16,
        secret: Secret,
        name: String,
    },
    /// The host lets the joining program in.
    Welcome {
        protocol: u16,
        name: String,
    },
    /// The host turns the joining program away, and closes.
    Refused(Refusal),
    /// A side's record, sent by both at every (re)connection so a move lost with the line is
    /// found again.
    State {
        moves: Vec<Move>,
        ending: Option<Ending>,
        undos: u16,
        /// The sender's own clock, in milliseconds left.
        clock_ms: Option<u32>,
    },
    /// The sender's move, the game's `number`th (1-based), with the time the sender has left
    /// after it.
    Move {
        number: u16,
        mv: Move,
        clock_ms: Option<u32>,
    },
    Resign,
    Offer(Offer),
    /// The answer to the other side's offer; a draw accepted is agreed with the game at
    /// `at_moves` moves.
    Answer {
        offer: Offer,
        accept: bool,
        at_moves: u16,
    },
    Chat(String),
    /// The sender says the other side's time is up, on the sender's own count.
    TimeUp {
        loser: Color,
    },
    /// A championship's host gives every player the roster (keys and names, the host first),
    /// once all have joined.
    Entrants(Vec<([u8; 32], String)>),
    /// A message of championship game `game`, between its two players through the host.
    ForGame {
        game: u16,
        message: Box<Message>,
    },
    /// A championship game's signed result report, as its postcard bytes (the championship
    /// reads and checks it).
    Report(Vec<u8>),
    /// A championship's host begins game `game` (its `attempt`th playing, counted from 0): both
    /// its players are free, and play it now.
    Begin {
        game: u16,
        attempt: u8,
    },
}

impl Message {
    /// Whether this is a message of one game (what a championship's host passes on).
    pub fn belongs_to_a_game(&self) -> bool {
        matches!(
            self,
            Message::State { .. }
                | Message::Move { .. }
                | Message::Resign
                | Message::Offer(_)
                | Message::Answer { .. }
                | Message::Chat(_)
                | Message::TimeUp { .. }
        )
    }
}

/// Why a host turns a program away.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Refusal {
    /// The secret does not match: the program does not hold the invitation.
    WrongInvitation,
    /// Another program already took the seat, and only it may come back.
    SeatTaken,
    /// The programs speak different versions of the protocol.
    OtherVersion,
}

/// Why a frame from the peer was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FrameError {
    #[error("a message of {bytes} bytes, more than the {MAX_FRAME_BYTES} allowed")]
    Oversized { bytes: usize },
    #[error("a message that could not be read")]
    Malformed,
}

/// The message's frame: its length, then its bytes.
pub fn encode(message: &Message) -> Vec<u8> {
    // Serialising plain data into a vector cannot fail.
    let body = postcard::to_allocvec(message).unwrap_or_default();
    let mut frame = Vec::with_capacity(body.len() + 2);
    frame.extend_from_slice(&(body.len() as u16).to_be_bytes());
    frame.extend_from_slice(&body);
    frame
}

/// Checks a frame's announced length before anything is read into memory.
pub fn check_length(length: usize) -> Result<(), FrameError> {
    if length > MAX_FRAME_BYTES {
        return Err(FrameError::Oversized { bytes: length });
    }
    Ok(())
}

/// Reads a frame's body.
pub fn decode(body: &[u8]) -> Result<Message, FrameError> {
    check_length(body.len())?;
    match postcard::from_bytes::<Message>(body) {
        Ok(Message::Chat(text)) if text.chars().count() > MAX_CHAT_CHARS => {
            Err(FrameError::Oversized { bytes: body.len() })
        }
        Ok(Message::Hello { name, .. } | Message::Welcome { name, .. })
            if name.chars().count() > crate::invitation::MAX_NAME_CHARS =>
        {
            Err(FrameError::Malformed)
        }
        // A game's message is one of a game: never the handshake, a roster, a report or another
        // game's message inside it.
        Ok(Message::ForGame { message, .. }) if !message.belongs_to_a_game() => {
            Err(FrameError::Malformed)
        }
        Ok(message) => Ok(message),
        Err(_) => Err(FrameError::Malformed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_back_from_its_frame() {
        let message = Message::Move {
            number: 3,
            mv: "c4".parse().unwrap(),
            clock_ms: Some(59_000),
        };
        let frame = encode(&message);
        let length = u16::from_be_bytes([frame[0], frame[1]]) as usize;
        assert_eq!(length, frame.len() - 2);
        assert_eq!(decode(&frame[2..]), Ok(message));
    }

    #[test]
    fn garbage_a_long_chat_and_an_oversized_frame_are_refused() {
        assert_eq!(decode(&[0xff, 0xfe, 0x01]), Err(FrameError::Malformed));
        let chat = encode(&Message::Chat("x".repeat(MAX_CHAT_CHARS + 1)));
        assert!(matches!(
            decode(&chat[2..]),
            Err(FrameError::Oversized { .. })
        ));
        assert_eq!(
            check_length(60_000),
            Err(FrameError::Oversized { bytes: 60_000 })
        );
        // A move to a square that does not exist on any board.
        let mut frame = encode(&Message::Move {
            number: 1,
            mv: "d3".parse().unwrap(),
            clock_ms: None,
        });
        let at = frame.windows(2).position(|pair| pair == b"d3").unwrap();
        frame[at] = b'z';
        assert_eq!(decode(&frame[2..]), Err(FrameError::Malformed));
    }

    #[test]
    fn a_game_message_inside_a_game_message_is_refused_however_deep() {
        let mut nested = Message::Resign;
        for _ in 0..1500 {
            nested = Message::ForGame {
                game: 1,
                message: Box::new(nested),
            };
        }
        let frame = encode(&nested);
        assert!(frame.len() <= MAX_FRAME_BYTES, "{} bytes", frame.len());
        assert_eq!(decode(&frame[2..]), Err(FrameError::Malformed));
        let one = encode(&Message::ForGame {
            game: 1,
            message: Box::new(Message::Resign),
        });
        assert!(decode(&one[2..]).is_ok());
    }
}
