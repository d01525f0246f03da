//! What the online game and its line report, in the player's words: refused invitations, the
//! friend's offers, and everything a hostile or broken program tried.

use reversi_online::invitation::InvitationError;
use reversi_online::link::Trouble;
use reversi_online::session::{LocalError, Violation};
use reversi_online::wire::{FrameError, Offer, Refusal};

use crate::locale::{Text, game_error};

pub(super) fn invitation_error(error: &InvitationError) -> Text {
    let key = match error {
        InvitationError::Empty => "online-invitation-empty",
        InvitationError::TooLong { .. } => "online-invitation-too-long",
        InvitationError::NotAnInvitation => "online-invitation-not-one",
        InvitationError::Damaged | InvitationError::BadValue { .. } => "online-invitation-damaged",
        InvitationError::LaterVersion { .. } => "online-invitation-later",
    };
    Text::new(key)
}

pub(super) fn local_error(error: &LocalError) -> Text {
    match error {
        LocalError::NotYourTurn => Text::new("online-not-your-turn"),
        LocalError::Illegal(error) => game_error(error),
        LocalError::GameOver => Text::new("notice-already-over"),
        LocalError::NothingToUndo => Text::new("online-nothing-to-undo"),
        LocalError::OfferPending => Text::new("online-offer-pending"),
        LocalError::NoOffer => Text::new("online-no-offer"),
    }
}

pub(super) fn offered(offer: Offer) -> Text {
    match offer {
        Offer::Draw => Text::new("online-offered-draw"),
        Offer::Undo { .. } => Text::new("online-offered-undo"),
    }
}

pub(super) fn declined(offer: Offer) -> Text {
    match offer {
        Offer::Draw => Text::new("online-declined-draw"),
        Offer::Undo { .. } => Text::new("online-declined-undo"),
    }
}

pub(super) fn refusal(refusal: Refusal) -> Text {
    Text::new(match refusal {
        Refusal::WrongInvitation => "online-refused-invitation",
        Refusal::SeatTaken => "online-refused-seat",
        Refusal::OtherVersion => "online-refused-version",
    })
}

/// A message of the friend's program that was refused: nothing in the game changed.
pub(super) fn violation(violation: &Violation) -> Text {
    let what = match violation {
        Violation::IllegalMove { number, mv, .. } => Text::new("online-violation-illegal")
            .with("number", u32::from(*number))
            .with("move", mv.to_string()),
        Violation::OutOfTurn { number } => {
            Text::new("online-violation-out-of-turn").with("number", u32::from(*number))
        }
        Violation::AfterTheEnd => Text::new("online-violation-after-end"),
        Violation::ForgedResult { .. } => Text::new("online-violation-forged"),
        Violation::ClockLie {
            claimed_ms,
            seen_ms,
        } => Text::new("online-violation-clock")
            .with("claimed", claimed_ms / 1000)
            .with("seen", seen_ms / 1000),
        Violation::UnexpectedAnswer => Text::new("online-violation-answer"),
        Violation::BadOffer => Text::new("online-violation-offer"),
        Violation::Desync => Text::new("online-violation-desync"),
        Violation::OutOfPlace => Text::new("online-violation-out-of-place"),
    };
    Text::new("online-violation").with("what", what)
}

pub(super) fn trouble(trouble: &Trouble) -> Text {
    match trouble {
        Trouble::BadFrame(FrameError::Oversized { bytes }) => {
            Text::new("online-trouble-oversized").with("bytes", *bytes)
        }
        Trouble::BadFrame(FrameError::Malformed) => Text::new("online-trouble-malformed"),
        Trouble::Flood => Text::new("online-trouble-flood"),
        Trouble::WrongInvitation => Text::new("online-trouble-wrong-invitation"),
        Trouble::SeatTaken => Text::new("online-trouble-seat-taken"),
        Trouble::OtherVersion => Text::new("online-trouble-other-version"),
        Trouble::Silent => Text::new("online-trouble-silent"),
    }
}
