//! The invitation: one line of text that a player sends a friend by any messenger. It names the
//! host's program (its public key and where it can be reached), holds the secret that lets its
//! holders in, and states the terms both programs play by.

use std::fmt;
use std::net::SocketAddr;
use std::str::FromStr;

use data_encoding::BASE32_NOPAD;
use reversi_engine::Color;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The link form's prefix; the plain form is the same text without it.
pub const LINK_PREFIX: &str = "reversi3d://join/";

/// Invitations made by this version. A later version's invitation is refused with a clear word
/// instead of being misread.
const INVITATION_VERSION: u8 = 1;

/// An invitation's text is at most this long: a messenger keeps it on one line, and a pasted
/// novel is refused before it is decoded.
pub const MAX_INVITATION_CHARS: usize = 1200;

/// A player's name as shown to the other programs.
pub const MAX_NAME_CHARS: usize = 32;

/// How many addresses an invitation lists for the host (its local and public ones).
const MAX_DIRECT_ADDRESSES: usize = 8;

/// The secret that only an invitation's holders know.
pub type Secret = [u8; 16];

/// Where the host's program is: its public key (what iroh dials), the relay it is reachable
/// through, and the addresses it listens on. The key alone is enough on the internet (iroh looks
/// the rest up); the addresses let a program on the same network, or the loopback tests, connect
/// with no lookup at all.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct HostAddress {
    pub key: [u8; 32],
    pub relay: Option<String>,
    pub direct: Vec<SocketAddr>,
}

/// A game's clock as agreed: minutes for each side and seconds added after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockTerms {
    pub minutes: u16,
    pub increment_seconds: u16,
}

impl ClockTerms {
    pub const MAX_MINUTES: u16 = 180;
    pub const MAX_INCREMENT_SECONDS: u16 = 60;
}

/// What both programs of a game play by.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameTerms {
    /// The inviting player's colour (drawn when the invitation was made, if the host asked for
    /// chance).
    pub host_color: Color,
    pub clock: Option<ClockTerms>,
    /// Whether hints, the best line and the evaluation graph may be used during the game.
    pub engine_help: bool,
    /// How long, in all, the clocks stay stopped while the line is down; after that the clock
    /// of the side to move runs again.
    pub pause_limit_minutes: u16,
}

impl GameTerms {
    pub const MAX_PAUSE_LIMIT_MINUTES: u16 = 24 * 60;
}

/// A championship among friends: its size, and the terms of every game in it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChampionshipTerms {
    pub title: String,
    pub players: u8,
    pub clock: Option<ClockTerms>,
    pub engine_help: bool,
    pub pause_limit_minutes: u16,
}

impl ChampionshipTerms {
    pub const MAX_PLAYERS: u8 = 8;
}

/// What the invitation is to.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Invited {
    Game(GameTerms),
    Championship(ChampionshipTerms),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Invitation {
    pub host: HostAddress,
    pub secret: Secret,
    pub host_name: String,
    pub invited: Invited,
}

/// Why a text is not an invitation this program can use.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InvitationError {
    #[error("the text is empty")]
    Empty,
    #[error(
        "the text is {chars} characters long; an invitation has at most {MAX_INVITATION_CHARS}"
    )]
    TooLong { chars: usize },
    #[error("this is not a Reversi 3D invitation (it should start with {LINK_PREFIX})")]
    NotAnInvitation,
    #[error("the invitation is damaged: part of it was lost or changed when it was copied")]
    Damaged,
    #[error(
        "the invitation was made by a later version of the game ({found}); update the game to use it"
    )]
    LaterVersion { found: u8 },
    #[error("the invitation is damaged: {what}")]
    BadValue { what: &'static str },
}

/// The encoded form: a version byte, then the invitation in postcard.
#[derive(Serialize, Deserialize)]
struct Encoded {
    version: u8,
    invitation: Invitation,
}

impl Invitation {
    /// A new secret for an invitation, from the system's random source.
    pub fn new_secret() -> Secret {
        let mut secret = [0; 16];
        // The system's source does not fail on the systems the game runs on; a zero secret
        // would still be refused by nobody, so fall back on the clock's bits rather than panic.
        if getrandom::fill(&mut secret).is_err() {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| elapsed.as_nanos());
            secret = nanos.to_le_bytes();
        }
        secret
    }

    /// The invitation as a link (`reversi3d://join/...`), which is also the text to paste.
    pub fn to_link(&self) -> String {
        let encoded = Encoded {
            version: INVITATION_VERSION,
            invitation: self.clone(),
        };
        // Serialising plain data into a vector cannot fail.
        let bytes = postcard::to_allocvec(&encoded).unwrap_or_default();
        format!(
            "{LINK_PREFIX}{}",
            BASE32_NOPAD.encode(&bytes).to_ascii_lowercase()
        )
    }

    /// Checks what a decoded invitation claims, so nothing out of range reaches the game.
    fn validate(&self) -> Result<(), InvitationError> {
        let bad = |what| Err(InvitationError::BadValue { what });
        if self.host_name.chars().count() > MAX_NAME_CHARS {
            return bad("the host's name is too long");
        }
        if self.host.direct.len() > MAX_DIRECT_ADDRESSES {
            return bad("it lists too many addresses");
        }
        if let Some(relay) = &self.host.relay
            && relay.parse::<iroh::RelayUrl>().is_err()
        {
            return bad("the relay's address is not a web address");
        }
        if iroh::PublicKey::from_bytes(&self.host.key).is_err() {
            return bad("the host's key is not a valid key");
        }
        let (clock, pause) = match &self.invited {
            Invited::Game(terms) => (terms.clock, terms.pause_limit_minutes),
            Invited::Championship(terms) => {
                if !(2..=ChampionshipTerms::MAX_PLAYERS).contains(&terms.players) {
                    return bad("a championship has from 2 to 8 players");
                }
                if terms.title.chars().count() > MAX_NAME_CHARS {
                    return bad("the championship's title is too long");
                }
                (terms.clock, terms.pause_limit_minutes)
            }
        };
        if let Some(clock) = clock
            && (clock.minutes == 0
                || clock.minutes > ClockTerms::MAX_MINUTES
                || clock.increment_seconds > ClockTerms::MAX_INCREMENT_SECONDS)
        {
            return bad("the clock's settings are out of range");
        }
        if pause > GameTerms::MAX_PAUSE_LIMIT_MINUTES {
            return bad("the pause limit is out of range");
        }
        Ok(())
    }
}

impl fmt::Display for Invitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_link())
    }
}

impl FromStr for Invitation {
    type Err = InvitationError;

    /// Reads an invitation as pasted: the link, or the text after its prefix; spaces, line
    /// breaks and angle brackets that messengers add are ignored, and case does not matter.
    fn from_str(text: &str) -> Result<Invitation, InvitationError> {
        let chars = text.chars().count();
        if chars > MAX_INVITATION_CHARS {
            return Err(InvitationError::TooLong { chars });
        }
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '<' | '>' | '"'))
            .collect();
        if compact.is_empty() {
            return Err(InvitationError::Empty);
        }
        let lower = compact.to_ascii_lowercase();
        let body = lower.strip_prefix(LINK_PREFIX).unwrap_or(&lower);
        if body.contains(':') || body.contains('/') {
            return Err(InvitationError::NotAnInvitation);
        }
        let linked = body.len() < lower.len();
        let bytes = BASE32_NOPAD
            .decode(body.to_ascii_uppercase().as_bytes())
            .map_err(|_| {
                // A link whose text was cut or changed, or text that never was one.
                if linked {
                    InvitationError::Damaged
                } else {
                    InvitationError::NotAnInvitation
                }
            })?;
        // Without the link's prefix, text that does not read whole was never an invitation.
        let damaged = if linked {
            InvitationError::Damaged
        } else {
            InvitationError::NotAnInvitation
        };
        let version = *bytes.first().ok_or(damaged.clone())?;
        if version > INVITATION_VERSION && linked {
            return Err(InvitationError::LaterVersion { found: version });
        }
        let encoded: Encoded = postcard::from_bytes(&bytes).map_err(|_| damaged)?;
        encoded.invitation.validate()?;
        Ok(encoded.invitation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invitation() -> Invitation {
        Invitation {
            host: HostAddress {
                key: iroh::SecretKey::from_bytes(&[7; 32])
                    .public()
                    .as_bytes()
                    .to_owned(),
                relay: Some("https://relay.example.org./".to_string()),
                direct: vec!["127.0.0.1:4040".parse().unwrap()],
            },
            secret: [9; 16],
            host_name: "Алиса".to_string(),
            invited: Invited::Game(GameTerms {
                host_color: Color::White,
                clock: Some(ClockTerms {
                    minutes: 10,
                    increment_seconds: 5,
                }),
                engine_help: false,
                pause_limit_minutes: 15,
            }),
        }
    }

    #[test]
    fn an_invitation_reads_back_from_its_link_and_from_the_text_a_messenger_mangled() {
        let link = invitation().to_link();
        assert!(link.starts_with(LINK_PREFIX), "{link}");
        assert!(link.len() < MAX_INVITATION_CHARS, "{} chars", link.len());
        assert_eq!(link.parse::<Invitation>(), Ok(invitation()));
        let body = &link[LINK_PREFIX.len()..];
        let mangled = format!("  <{}\n{}>  ", body[..20].to_ascii_uppercase(), &body[20..]);
        assert_eq!(mangled.parse::<Invitation>(), Ok(invitation()));
    }

    #[test]
    fn texts_that_are_not_invitations_say_what_is_wrong() {
        assert_eq!("".parse::<Invitation>(), Err(InvitationError::Empty));
        assert_eq!(
            "https://example.org/join".parse::<Invitation>(),
            Err(InvitationError::NotAnInvitation)
        );
        let link = invitation().to_link();
        for cut in 1..12 {
            let cut = &link[..link.len() - cut];
            assert_eq!(cut.parse::<Invitation>(), Err(InvitationError::Damaged));
        }
        for text in ["hello friend", "hello", "abcdefgh"] {
            assert_eq!(
                text.parse::<Invitation>(),
                Err(InvitationError::NotAnInvitation),
                "{text}"
            );
        }
        let long = "a".repeat(MAX_INVITATION_CHARS + 1);
        assert!(matches!(
            long.parse::<Invitation>(),
            Err(InvitationError::TooLong { .. })
        ));
        let later = format!(
            "{LINK_PREFIX}{}",
            BASE32_NOPAD.encode(&[2, 0, 0]).to_ascii_lowercase()
        );
        assert_eq!(
            later.parse::<Invitation>(),
            Err(InvitationError::LaterVersion { found: 2 })
        );
    }

    #[test]
    fn an_invitation_with_values_out_of_range_is_refused() {
        let mut wild = invitation();
        wild.invited = Invited::Game(GameTerms {
            host_color: Color::Black,
            clock: Some(ClockTerms {
                minutes: 9000,
                increment_seconds: 0,
            }),
            engine_help: true,
            pause_limit_minutes: 0,
        });
        assert!(matches!(
            wild.to_link().parse::<Invitation>(),
            Err(InvitationError::BadValue { .. })
        ));
        let mut crowded = invitation();
        crowded.invited = Invited::Championship(ChampionshipTerms {
            title: "Club".to_string(),
            players: 40,
            clock: None,
            engine_help: false,
            pause_limit_minutes: 0,
        });
        assert!(matches!(
            crowded.to_link().parse::<Invitation>(),
            Err(InvitationError::BadValue { .. })
        ));
    }
}
