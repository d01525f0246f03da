//! A championship among friends in the window: the host's invitation for up to 8 players, or a
//! pasted one; the line to the host's program; the games begun as players are free, each put on
//! the board as it begins and played like a friend's game; the table every program keeps from
//! the signed reports; `championship.ron`, so the championship resumes after a restart; and the
//! table with every game saved as GGF.

mod play;
mod saved;

pub(super) use play::{follow_the_championship, keep_championship_in_step, send};
pub(super) use saved::{forget, resume_saved_championship, save_table_and_games};

use std::collections::BTreeSet;
use std::time::Instant;

use bevy::prelude::*;
use reversi_online::championship::{ChampionshipPlayer, GameId, Happening};
use reversi_online::invitation::{
    ChampionshipTerms, HostAddress, Invitation, InvitationError, Invited,
};
use reversi_online::link::{Identity, Link, Role};
use reversi_online::session::OnlineGame;

use super::RelayChoice;
use super::board::{BoardLink, ShownGame};
use super::session::LineState;
use super::talk::Talk;
use crate::game::Players;
use crate::locale::Text;

/// The championship this program plays in, while there is one.
#[derive(Resource, Default)]
pub struct OnlineChampionship(pub Option<ChampionshipSession>);

pub struct ChampionshipSession {
    pub(super) link: Link,
    pub(super) player: ChampionshipPlayer,
    /// The invitation: made by the host once it knows where it listens, pasted by a guest.
    invitation: Option<String>,
    /// The port the host listens on, kept so a restarted host is found where it was.
    port: u16,
    /// The guest's line to the host; the host's lines to the players it has now.
    pub line: LineState,
    pub players_connected: BTreeSet<[u8; 32]>,
    pub talk: Talk,
    pub(super) players_before: Players,
    /// The games of this program written to the player's games folder.
    pub(super) kept: BTreeSet<GameId>,
    board_link: BoardLink,
    /// What the player's own requests did, for the systems to show.
    pub(super) happened: Vec<Happening>,
}

impl ChampionshipSession {
    /// A new championship: the program listens, and the invitation is made once it knows where.
    pub fn host(
        terms: ChampionshipTerms,
        name: &str,
        relay: &RelayChoice,
        players_before: Players,
    ) -> ChampionshipSession {
        let identity = Identity::generate();
        let secret = Invitation::new_secret();
        let role = Role::Host {
            secret,
            name: name.to_string(),
            seats: usize::from(terms.players.saturating_sub(1)),
            admitted: Vec::new(),
        };
        let link = Link::start(
            identity.clone(),
            role,
            relay.link_settings(0),
            super::wake_on_news(),
        );
        let player = ChampionshipPlayer::host(identity, secret, terms, name);
        ChampionshipSession::started(link, player, None, 0, players_before)
    }

    /// Joins the championship of a pasted invitation.
    pub fn join(
        invitation: Invitation,
        text: &str,
        name: &str,
        relay: &RelayChoice,
        players_before: Players,
    ) -> Result<ChampionshipSession, Text> {
        let Invited::Championship(terms) = invitation.invited.clone() else {
            return Err(Text::new("online-not-a-championship"));
        };
        let identity = Identity::generate();
        let host = invitation.host.key;
        let secret = invitation.secret;
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
        let player = ChampionshipPlayer::guest(identity, secret, terms, name, host);
        let text = Some(text.trim().to_string());
        Ok(ChampionshipSession::started(
            link,
            player,
            text,
            0,
            players_before,
        ))
    }

    /// The championship taken up again from its save, its line started again.
    fn resumed(
        player: ChampionshipPlayer,
        invitation: Option<String>,
        port: u16,
        relay: &RelayChoice,
        players_before: Players,
    ) -> Result<ChampionshipSession, Text> {
        let identity = player.identity();
        let role = if player.is_host() {
            let mine = identity.public_key();
            Role::Host {
                secret: player.secret(),
                name: player.name().to_string(),
                seats: usize::from(player.terms().players.saturating_sub(1)),
                admitted: player
                    .seated()
                    .iter()
                    .map(|entrant| entrant.key)
                    .filter(|key| *key != mine)
                    .collect(),
            }
        } else {
            let text = invitation.as_deref().unwrap_or_default();
            let invitation: Invitation = text.parse().map_err(|error: InvitationError| {
                Text::new("online-bad-invitation").with("error", error.to_string())
            })?;
            Role::Guest {
                invitation,
                name: player.name().to_string(),
            }
        };
        let link = Link::start(
            identity,
            role,
            relay.link_settings(port),
            super::wake_on_news(),
        );
        Ok(ChampionshipSession::started(
            link,
            player,
            invitation,
            port,
            players_before,
        ))
    }

    fn started(
        link: Link,
        player: ChampionshipPlayer,
        invitation: Option<String>,
        port: u16,
        players_before: Players,
    ) -> ChampionshipSession {
        ChampionshipSession {
            link,
            player,
            invitation,
            port,
            line: LineState::Waiting,
            players_connected: BTreeSet::new(),
            talk: Talk::default(),
            players_before,
            kept: BTreeSet::new(),
            board_link: BoardLink::default(),
            happened: Vec::new(),
        }
    }

    pub fn player(&self) -> &ChampionshipPlayer {
        &self.player
    }

    /// The invitation to send, on the host once it knows where it listens.
    pub fn invitation(&self) -> Option<&str> {
        if self.player.is_host() {
            self.invitation.as_deref()
        } else {
            None
        }
    }

    /// The game this program's player is at, if one was begun.
    pub fn current_game(&self) -> Option<(GameId, &OnlineGame)> {
        let id = self.player.current_game()?;
        Some((id, self.player.games().get(&id)?))
    }

    /// The host learned where it listens: the invitation is made.
    pub(super) fn listening(&mut self, address: HostAddress) {
        if !self.player.is_host() {
            return;
        }
        self.port = address.direct.first().map_or(0, |direct| direct.port());
        self.invitation = Some(
            Invitation {
                host: address,
                secret: self.player.secret(),
                host_name: self.player.name().to_string(),
                invited: Invited::Championship(self.player.terms().clone()),
            }
            .to_link(),
        );
    }
}

impl ShownGame for ChampionshipSession {
    fn online_game(&self) -> Option<&OnlineGame> {
        self.current_game().map(|(_, game)| game)
    }

    fn act<R>(&mut self, now: Instant, what: impl FnOnce(&mut OnlineGame) -> R) -> Option<R> {
        let id = self.player.current_game()?;
        let (result, happened) = self.player.act(id, now, what)?;
        self.happened.extend(happened);
        Some(result)
    }

    fn board_link(&mut self) -> &mut BoardLink {
        &mut self.board_link
    }

    fn talk(&mut self) -> &mut Talk {
        &mut self.talk
    }
}
