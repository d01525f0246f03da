//! One online game as the window holds it: the line to the friend's program, the game as
//! `reversi-online` keeps it, and what the player is shown of them (the invitation to send, the
//! line's state, the chat, the notices). Its saved form is what `online.ron` keeps so the game
//! resumes after a restart.

use std::time::Instant;

use reversi_online::invitation::{GameTerms, HostAddress, Invitation, Invited, Secret};
use reversi_online::link::{Identity, Link, Role};
use reversi_online::session::{OnlineGame, SavedOnlineGame, Seats};
use reversi_online::wire::Refusal;
use serde::{Deserialize, Serialize};

use super::RelayChoice;
use super::board::{BoardLink, ShownGame};
use super::talk::Talk;
use crate::game::{GameCommand, Players};
use crate::locale::Text;

/// Where the line stands, for the window and the status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineState {
    /// The host waits for its friend; the guest dials.
    Waiting,
    Connected,
    /// The line dropped; the game waits for it to come back.
    Down,
    /// The host turned this program away: the invitation cannot be used.
    Refused(Refusal),
    /// The network could not be used at all.
    Failed(String),
}

/// Which end of the line this program is, as saved.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SavedRole {
    Host {
        secret: Secret,
        /// The program that joined, once one did: only it may come back.
        guest: Option<[u8; 32]>,
        /// The port listened on, kept so a restarted host is found where it was.
        port: u16,
        /// The invitation as sent, to show again.
        invitation: Option<String>,
    },
    Guest {
        invitation: String,
    },
}

impl LineState {
    /// The line's state in words.
    pub fn text(&self) -> Text {
        match self {
            LineState::Waiting => Text::new("online-line-waiting"),
            LineState::Connected => Text::new("online-line-connected"),
            LineState::Down => Text::new("online-line-down"),
            LineState::Refused(refusal) => super::texts::refusal(*refusal),
            LineState::Failed(error) => {
                Text::new("online-line-failed").with("error", error.as_str())
            }
        }
    }
}

/// What `online.ron` holds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedSession {
    pub format: u32,
    pub identity: [u8; 32],
    pub role: SavedRole,
    pub game: SavedOnlineGame,
    /// The players of the board before the online game took it, given back when it is left.
    pub players_before: Players,
}

pub struct OnlineSession {
    pub(super) link: Link,
    identity: Identity,
    pub(super) role: SavedRole,
    pub(super) game: OnlineGame,
    pub line: LineState,
    pub talk: Talk,
    pub(super) players_before: Players,
    /// The game's end was written to the player's games folder.
    pub(super) kept: bool,
    board_link: BoardLink,
}

impl OnlineSession {
    /// A new game offered: the program listens, and the invitation is made once it knows where.
    pub fn host(
        terms: GameTerms,
        name: &str,
        relay: &RelayChoice,
        players_before: Players,
    ) -> OnlineSession {
        let identity = Identity::generate();
        let secret = Invitation::new_secret();
        let role = Role::Host {
            secret,
            name: name.to_string(),
            seats: 1,
            admitted: Vec::new(),
        };
        let link = Link::start(
            identity.clone(),
            role,
            relay.link_settings(0),
            super::wake_on_news(),
        );
        let seats = Seats {
            me: terms.host_color,
            my_name: name.to_string(),
            their_name: String::new(),
        };
        let role = SavedRole::Host {
            secret,
            guest: None,
            port: 0,
            invitation: None,
        };
        let game = OnlineGame::new(terms, seats);
        OnlineSession::started(link, identity, role, game, players_before)
    }

    /// A session whose line has just started: nothing said or shown yet.
    fn started(
        link: Link,
        identity: Identity,
        role: SavedRole,
        game: OnlineGame,
        players_before: Players,
    ) -> OnlineSession {
        OnlineSession {
            link,
            identity,
            role,
            game,
            line: LineState::Waiting,
            talk: Talk::default(),
            players_before,
            kept: false,
            board_link: BoardLink::default(),
        }
    }

    /// Joins the game of a pasted invitation. A championship's invitation is not a game's.
    pub fn join(
        invitation: Invitation,
        text: &str,
        name: &str,
        relay: &RelayChoice,
        players_before: Players,
    ) -> Result<OnlineSession, Text> {
        let Invited::Game(terms) = invitation.invited else {
            return Err(Text::new("online-not-a-game"));
        };
        let identity = Identity::generate();
        let seats = Seats {
            me: terms.host_color.opponent(),
            my_name: name.to_string(),
            their_name: invitation.host_name.clone(),
        };
        let role = Role::Guest {
            invitation,
            name: name.to_string(),
        };
        let link = Link::start(
            identity.clone(),
            role,
            relay.link_settings(0),
            super::wake_on_news(),
        );
        let role = SavedRole::Guest {
            invitation: text.trim().to_string(),
        };
        let game = OnlineGame::new(terms, seats);
        Ok(OnlineSession::started(
            link,
            identity,
            role,
            game,
            players_before,
        ))
    }

    /// The game saved in `online.ron`, with its line started again.
    pub fn restore(
        saved: SavedSession,
        relay: &RelayChoice,
        now: Instant,
    ) -> Result<OnlineSession, Text> {
        let identity = Identity::from_bytes(saved.identity);
        let name = saved.game.seats.my_name.clone();
        let (role, port) = match &saved.role {
            SavedRole::Host {
                secret,
                guest,
                port,
                ..
            } => (
                Role::Host {
                    secret: *secret,
                    name,
                    seats: 1,
                    admitted: guest.iter().copied().collect(),
                },
                *port,
            ),
            SavedRole::Guest { invitation } => {
                let invitation: Invitation = invitation.parse().map_err(
                    |error: reversi_online::invitation::InvitationError| {
                        Text::new("online-bad-invitation").with("error", error.to_string())
                    },
                )?;
                (Role::Guest { invitation, name }, 0)
            }
        };
        let link = Link::start(
            identity.clone(),
            role,
            relay.link_settings(port),
            super::wake_on_news(),
        );
        let game = OnlineGame::restore(saved.game, now);
        Ok(OnlineSession::started(
            link,
            identity,
            saved.role,
            game,
            saved.players_before,
        ))
    }

    pub fn saved(&self, now: Instant) -> SavedSession {
        SavedSession {
            format: 1,
            identity: self.identity.to_bytes(),
            role: self.role.clone(),
            game: self.game.saved(now),
            players_before: self.players_before,
        }
    }

    pub fn game(&self) -> &OnlineGame {
        &self.game
    }

    /// The invitation to send, once the host knows where it listens.
    pub fn invitation(&self) -> Option<&str> {
        match &self.role {
            SavedRole::Host { invitation, .. } => invitation.as_deref(),
            SavedRole::Guest { .. } => None,
        }
    }

    /// The host learned where it listens: the invitation is made.
    pub(super) fn listening(&mut self, address: HostAddress) {
        let terms = *self.game.terms();
        let my_name = self.game.seats().my_name.clone();
        if let SavedRole::Host {
            secret,
            port,
            invitation,
            ..
        } = &mut self.role
        {
            *port = address.direct.first().map_or(0, |direct| direct.port());
            *invitation = Some(
                Invitation {
                    host: address,
                    secret: *secret,
                    host_name: my_name,
                    invited: Invited::Game(terms),
                }
                .to_link(),
            );
        }
    }

    /// The friend's program joined: the host keeps its key, so only it may come back.
    pub(super) fn joined(&mut self, peer: [u8; 32], name: &str) {
        if let SavedRole::Host { guest, .. } = &mut self.role {
            *guest = Some(peer);
        }
        self.game.set_their_name(name);
    }

    /// The command that puts the online game on the board, asked when `Match` is at
    /// `generation`.
    pub(super) fn board_command(&mut self, generation: u64) -> GameCommand {
        let (record, me) = (self.game.game().clone(), self.game.seats().me);
        self.board_link.command(generation, record, me)
    }
}

impl ShownGame for OnlineSession {
    fn online_game(&self) -> Option<&OnlineGame> {
        Some(&self.game)
    }

    fn act<R>(&mut self, _now: Instant, what: impl FnOnce(&mut OnlineGame) -> R) -> Option<R> {
        Some(what(&mut self.game))
    }

    fn board_link(&mut self) -> &mut BoardLink {
        &mut self.board_link
    }

    fn talk(&mut self) -> &mut Talk {
        &mut self.talk
    }
}
