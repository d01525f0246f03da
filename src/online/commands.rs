//! The player's requests of the online game or the championship: invite, join, the requests of
//! the game on the board (offers, answers, chat, show it again), save the championship, leave.
//! One online thing at a time: a friend's game or a championship.

use std::time::Instant;

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_online::invitation::{ChampionshipTerms, GameTerms, Invitation, Invited};

use super::board::{self, ShownGame};
use super::championship::{self, ChampionshipSession};
use super::session::OnlineSession;
use super::{
    ChampionshipChoice, InviteChoice, Online, OnlineChampionship, OnlineCommand, OnlinePreferences,
    saved, texts,
};
use crate::game::{Clock, GameCommand, Match, Notice};
use crate::locale::Text;
use crate::persistence::{ConfigDir, GamesDir};

/// The resources a request may change, together.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Places<'w> {
    online: ResMut<'w, Online>,
    championship: ResMut<'w, OnlineChampionship>,
    preferences: Res<'w, OnlinePreferences>,
    state: Res<'w, Match>,
    dir: Res<'w, ConfigDir>,
    games: Res<'w, GamesDir>,
    clock: ResMut<'w, Clock>,
    notice: ResMut<'w, Notice>,
}

pub(super) fn run_commands(
    mut requests: MessageReader<OnlineCommand>,
    mut places: Places,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        let busy = places.online.0.is_some() || places.championship.0.is_some();
        match request {
            OnlineCommand::Invite(_)
            | OnlineCommand::InviteChampionship(_)
            | OnlineCommand::Join(_)
                if busy =>
            {
                places.notice.set(Text::new("online-one-game-at-a-time"));
            }
            OnlineCommand::Invite(choice) => {
                let session = OnlineSession::host(
                    terms_of(*choice),
                    &places.preferences.name,
                    &places.preferences.relay,
                    places.state.players,
                );
                start_game(&mut places, session, &mut commands);
                places.notice.set(Text::new("online-inviting"));
            }
            OnlineCommand::InviteChampionship(choice) => {
                let session = ChampionshipSession::host(
                    championship_terms(choice),
                    &places.preferences.name,
                    &places.preferences.relay,
                    places.state.players,
                );
                places.championship.0 = Some(session);
                places.notice.set(Text::new("championship-inviting"));
            }
            OnlineCommand::Join(text) => join(&mut places, text, &mut commands),
            OnlineCommand::SaveChampionship => match places.championship.0.as_ref() {
                Some(session) => match championship::save_table_and_games(&places.games, session) {
                    Ok(path) => places
                        .notice
                        .set(Text::new("championship-saved").with("path", path.as_path())),
                    Err(error) => places.notice.set(error),
                },
                None => places.notice.set(Text::new("online-no-game")),
            },
            OnlineCommand::Leave => leave(&mut places, &mut commands),
            request => {
                let Places {
                    online,
                    championship,
                    state,
                    clock,
                    notice,
                    ..
                } = &mut places;
                if let Some(session) = online.0.as_mut() {
                    game_request(session, request, state, clock, notice, &mut commands);
                } else if let Some(session) = championship.0.as_mut() {
                    game_request(session, request, state, clock, notice, &mut commands);
                } else {
                    notice.set(Text::new("online-no-game"));
                }
            }
        }
    }
}

fn terms_of(choice: InviteChoice) -> GameTerms {
    let drawn = if Invitation::new_secret()[0] & 1 == 0 {
        Color::Black
    } else {
        Color::White
    };
    GameTerms {
        host_color: choice.color.unwrap_or(drawn),
        clock: choice.clock,
        engine_help: choice.engine_help,
        pause_limit_minutes: choice.pause_limit_minutes,
    }
}

fn championship_terms(choice: &ChampionshipChoice) -> ChampionshipTerms {
    ChampionshipTerms {
        title: choice.title.trim().to_string(),
        players: choice.players.clamp(2, ChampionshipTerms::MAX_PLAYERS),
        clock: choice.clock,
        engine_help: choice.engine_help,
        pause_limit_minutes: choice.pause_limit_minutes,
    }
}

/// Joins the game or the championship of a pasted invitation.
fn join(places: &mut Places, text: &str, commands: &mut MessageWriter<GameCommand>) {
    let invitation = match text.parse::<Invitation>() {
        Ok(invitation) => invitation,
        Err(error) => return places.notice.set(texts::invitation_error(&error)),
    };
    let (name, relay, players) = (
        &places.preferences.name,
        &places.preferences.relay,
        places.state.players,
    );
    match invitation.invited {
        Invited::Game(_) => match OnlineSession::join(invitation, text, name, relay, players) {
            Ok(session) => {
                start_game(places, session, commands);
                places.notice.set(Text::new("online-joining"));
            }
            Err(refused) => places.notice.set(refused),
        },
        Invited::Championship(_) => {
            match ChampionshipSession::join(invitation, text, name, relay, players) {
                Ok(session) => {
                    places.championship.0 = Some(session);
                    places.notice.set(Text::new("championship-joining"));
                }
                Err(refused) => places.notice.set(refused),
            }
        }
    }
}

/// The new online game takes the board, with the game's own clock off.
fn start_game(
    places: &mut Places,
    mut session: OnlineSession,
    commands: &mut MessageWriter<GameCommand>,
) {
    *places.clock = Clock::start(None);
    commands.write(session.board_command(places.state.generation));
    places.online.0 = Some(session);
}

/// A request of the game on the board: an offer, an answer, a chat line, or to show it again.
fn game_request(
    shown: &mut impl ShownGame,
    request: &OnlineCommand,
    state: &Match,
    clock: &mut Clock,
    notice: &mut Notice,
    commands: &mut MessageWriter<GameCommand>,
) {
    if shown.online_game().is_none() {
        return notice.set(Text::new("championship-no-game-now"));
    }
    let now = Instant::now();
    match request {
        OnlineCommand::OfferDraw => {
            if let Some(Err(error)) = shown.act(now, |game| game.offer_draw()) {
                notice.set(texts::local_error(&error));
            }
        }
        OnlineCommand::AskUndo => {
            if let Some(Err(error)) = shown.act(now, |game| game.ask_undo()) {
                notice.set(texts::local_error(&error));
            }
        }
        OnlineCommand::Answer(accept) => match shown.act(now, |game| game.answer(*accept, now)) {
            Some(Ok(Some(event))) => board::put_on_board(shown, &event, state, commands),
            Some(Err(error)) => notice.set(texts::local_error(&error)),
            _ => {}
        },
        OnlineCommand::Chat(line) => {
            if let Some(Some(sent)) = shown.act(now, |game| game.chat(line)) {
                shown.talk().add_chat(true, sent);
            }
        }
        OnlineCommand::ShowGame => {
            *clock = Clock::start(None);
            if let Some(command) = board::show(shown, state.generation) {
                commands.write(command);
            }
        }
        OnlineCommand::Invite(_)
        | OnlineCommand::InviteChampionship(_)
        | OnlineCommand::Join(_)
        | OnlineCommand::SaveChampionship
        | OnlineCommand::Leave => {}
    }
}

/// Leaves the friend's game or the championship: the game under way is resigned, the line
/// closes, the save is forgotten, and the board keeps the last game with the players from
/// before.
fn leave(places: &mut Places, commands: &mut MessageWriter<GameCommand>) {
    let now = Instant::now();
    let left = if let Some(mut session) = places.online.0.take() {
        resign_if_on(&mut session, now);
        for message in session.game.take_outbox() {
            session.link.send(message);
        }
        saved::forget(&places.dir);
        Some((
            session.game().game().clone(),
            session.players_before,
            "online-left",
        ))
    } else if let Some(mut session) = places.championship.0.take() {
        resign_if_on(&mut session, now);
        championship::send(&mut session);
        championship::forget(&places.dir);
        match session.online_game() {
            Some(game) => Some((
                game.game().clone(),
                session.players_before,
                "championship-left",
            )),
            None => {
                places.notice.set(Text::new("championship-left"));
                None
            }
        }
    } else {
        places.notice.set(Text::new("online-no-game"));
        None
    };
    if let Some((game, players, key)) = left {
        commands.write(GameCommand::Load(Box::new(game), Some(players)));
        places.notice.set(Text::new(key));
    }
}

fn resign_if_on(shown: &mut impl ShownGame, now: Instant) {
    let on = shown
        .online_game()
        .is_some_and(|game| !game.game().is_over());
    if on {
        let _ = shown.act(now, |game| game.resign(now));
    }
}
