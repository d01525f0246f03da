//! Playing a friend over the internet, with no account and no server of ours
//! (`reversi-online`): the invitation made or pasted, the line to the friend's program, and the
//! online game kept in step with the board.
//!
//! While the online game is on the board, its friend's side is a [`PlayerKind::Online`] player:
//! the friend's moves, already checked by the online game, arrive as
//! [`MoveOrigin::Online`](crate::game::MoveOrigin) moves; the player's moves and resignation are
//! sent as they are played; an agreed undo puts the online game's record back on the board, and
//! an ending off the board (the friend resigned, a draw agreed, a time loss) comes as
//! [`GameCommand::End`]. The game's own clock is off: the online game keeps both players' time.
//! `online.ron` keeps the game, the keys and the invitation, so either program resumes the game
//! when it starts again. A championship (`championship/`) plays each of its games the same way,
//! one at a time as the host begins them, and `championship.ron` keeps it. Something else put on the board (a study session, an opened file) sets
//! the online game aside; it goes on in the background, and the Online window brings it back.

mod board;
mod championship;
mod commands;
mod play;
mod saved;
mod session;
mod talk;
mod texts;

pub use championship::{ChampionshipSession, OnlineChampionship};
pub use reversi_online::invitation::{ClockTerms, LINK_PREFIX, MAX_NAME_CHARS};
pub use reversi_online::wire::Offer;
pub use session::{LineState, OnlineSession};
pub use talk::{ChatLine, Talk};

use std::time::{Duration, Instant};

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_online::link::{LinkSettings, Relays};
use serde::{Deserialize, Serialize};

use crate::schedule::GameSystems;

/// What the line calls when it has news: the window wakes to show it (both kinds of session).
fn wake_on_news() -> reversi_online::link::Wake {
    std::sync::Arc::new(crate::wake::wake_window)
}

/// What the player asks of the online game.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineCommand {
    /// Make an invitation and wait for the friend.
    Invite(InviteChoice),
    /// Make a championship's invitation and wait for the players.
    InviteChampionship(ChampionshipChoice),
    /// Join the game or the championship of a pasted invitation (its text).
    Join(String),
    /// Save the championship's table and every game that counts, as GGF in the games folder.
    SaveChampionship,
    OfferDraw,
    /// Ask to take back the player's last move.
    AskUndo,
    /// Answer the friend's offer.
    Answer(bool),
    Chat(String),
    /// Put the online game back on the board after something else took it.
    ShowGame,
    /// Leave the online game or the championship (resigning the game under way); the line
    /// closes and the saved game or championship is forgotten.
    Leave,
}

/// The terms of a championship the inviting player chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChampionshipChoice {
    pub title: String,
    /// From 2 to 8, the host included.
    pub players: u8,
    pub clock: Option<ClockTerms>,
    pub engine_help: bool,
    pub pause_limit_minutes: u16,
}

/// The terms the inviting player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InviteChoice {
    /// The inviting player's colour; `None` draws it.
    pub color: Option<Color>,
    pub clock: Option<ClockTerms>,
    /// Whether the hints, the best line and the evaluation graph may be used.
    pub engine_help: bool,
    /// How long, in all, the clocks stop while the line is down.
    pub pause_limit_minutes: u16,
}

/// Which relays carry the line when a direct path cannot be made, as the Options choose.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RelayChoice {
    /// The public relays of iroh's makers: no account.
    #[default]
    Public,
    /// A relay the player runs, by its `https://` address.
    Own(String),
    /// None: direct connections only (the same network, or open ports).
    Off,
    /// This computer only (127.0.0.1, no relay): two windows on one computer, and the tests.
    Loopback,
}

impl RelayChoice {
    /// How the link reaches the network, listening on `port` (0: any); an own relay whose
    /// address does not read falls back on the public ones.
    fn link_settings(&self, port: u16) -> LinkSettings {
        let relays = match self {
            RelayChoice::Public => Relays::Public,
            RelayChoice::Own(url) => url.parse().map_or(Relays::Public, Relays::Own),
            RelayChoice::Off | RelayChoice::Loopback => Relays::Off,
        };
        LinkSettings {
            relays,
            loopback_only: *self == RelayChoice::Loopback,
            port,
        }
    }
}

/// The player's name and relay for online games; the settings push them here.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct OnlinePreferences {
    pub name: String,
    pub relay: RelayChoice,
}

impl Default for OnlinePreferences {
    fn default() -> OnlinePreferences {
        OnlinePreferences {
            name: default_name(),
            relay: RelayChoice::default(),
        }
    }
}

/// The account's name, as a first name to be known by.
pub fn default_name() -> String {
    ["USER", "USERNAME", "LOGNAME"]
        .iter()
        .find_map(|variable| std::env::var(variable).ok())
        .filter(|name| !name.trim().is_empty() && name != "root")
        .map_or_else(
            || "Player".to_string(),
            |name| name.chars().take(MAX_NAME_CHARS).collect(),
        )
}

/// Present when the invitation is to be printed on the standard output once made (`--invite`).
#[derive(Resource)]
pub struct PrintInvitation;

/// The online game, while there is one.
#[derive(Resource, Default)]
pub struct Online(pub Option<OnlineSession>);

/// The online clocks that run now: the friend's game's, or the championship game's.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OnlineClocks<'w> {
    online: Res<'w, Online>,
    championship: Res<'w, OnlineChampionship>,
}

impl OnlineClocks<'_> {
    /// The time left of the side to move, while an online clock runs.
    pub fn running(&self, now: Instant) -> Option<Duration> {
        if let Some(session) = &self.online.0 {
            return running_clock(session.game(), &session.line, now);
        }
        let session = self.championship.0.as_ref()?;
        running_clock(session.current_game()?.1, &session.line, now)
    }
}

fn running_clock(
    game: &reversi_online::session::OnlineGame,
    line: &LineState,
    now: Instant,
) -> Option<Duration> {
    if game.game().is_over() || *line != LineState::Connected {
        return None;
    }
    game.time_left(game.game().to_move(), now)
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .init_resource::<OnlineChampionship>()
        .init_resource::<OnlinePreferences>()
        .add_message::<OnlineCommand>()
        .add_systems(
            Startup,
            (
                saved::resume_saved_game,
                championship::resume_saved_championship,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (
                commands::run_commands,
                play::follow_the_line,
                championship::follow_the_championship,
                board::watch_the_board,
                play::keep_in_step,
                championship::keep_championship_in_step,
            )
                .chain()
                .in_set(GameSystems::View),
        );
}
