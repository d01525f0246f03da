//! The championship at work, each frame: what the line brought, each game begun put on the
//! board, the board kept in step with the game under way, time losses, and the championship
//! saved after every change.

use std::time::Instant;

use bevy::prelude::*;
use reversi_online::championship::{Happening, Refused};
use reversi_online::link::LinkEvent;
use reversi_online::session::Event;

use super::super::board::{self, ShownGame};
use super::super::{PrintInvitation, saved::keep_finished_game, texts};
use super::{ChampionshipSession, OnlineChampionship, saved};
use crate::game::{Clock, GameCommand, Match, MoveRequested, Notice};
use crate::locale::Text;
use crate::persistence::{ConfigDir, GamesDir};

/// What the line brought, through the championship's rules, and what came of it.
pub(in crate::online) fn follow_the_championship(
    mut championship: ResMut<OnlineChampionship>,
    state: Res<Match>,
    print: Option<Res<PrintInvitation>>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(session) = championship.0.as_mut() else {
        return;
    };
    let now = Instant::now();
    while let Some(event) = session.link.try_event() {
        let happened = match event {
            LinkEvent::Listening(address) => {
                session.listening(address);
                if print.is_some()
                    && let Some(invitation) = session.invitation()
                {
                    println!("{invitation}");
                }
                Vec::new()
            }
            LinkEvent::Connected { peer, name } => {
                session.line = super::LineState::Connected;
                session.players_connected.insert(peer);
                notice.set(Text::new("online-connected").with("name", name.as_str()));
                session.player.connected(peer, &name, now)
            }
            LinkEvent::Disconnected { peer } => {
                session.players_connected.remove(&peer);
                if !session.player.is_host() {
                    session.line = super::LineState::Down;
                    notice.set(Text::new("championship-line-down"));
                }
                session.player.disconnected(peer, now);
                Vec::new()
            }
            LinkEvent::Message { from, message } => session.player.receive(from, message, now),
            LinkEvent::Refused(refusal) => {
                notice.set(texts::refusal(refusal));
                session.line = super::LineState::Refused(refusal);
                Vec::new()
            }
            LinkEvent::Trouble(trouble) => {
                session.talk.add_notice(texts::trouble(&trouble));
                Vec::new()
            }
            LinkEvent::Failed(error) => {
                notice.set(Text::new("online-failed").with("error", error.as_str()));
                session.line = super::LineState::Failed(error);
                Vec::new()
            }
        };
        session.happened.extend(happened);
    }
    show_what_happened(session, &state, &mut clock, &mut notice, &mut commands);
    send(session);
}

/// What the championship's messages and the player's requests did, on screen and on the board.
fn show_what_happened(
    session: &mut ChampionshipSession,
    state: &Match,
    clock: &mut Clock,
    notice: &mut Notice,
    commands: &mut MessageWriter<GameCommand>,
) {
    for happening in std::mem::take(&mut session.happened) {
        match happening {
            Happening::Started => notice.set(Text::new("championship-started")),
            Happening::Began(id) => {
                session.talk.chat.clear();
                let opponent = session
                    .current_game()
                    .map(|(_, game)| game.seats().their_name.clone())
                    .unwrap_or_default();
                // The game's clock runs from now: it takes the board.
                *clock = Clock::start(None);
                if let Some(command) = board::show(session, state.generation) {
                    commands.write(command);
                }
                session.board_link().say_when_shown(
                    Text::new("championship-game-begins")
                        .with("number", u32::from(id.0) + 1)
                        .with("name", opponent),
                );
            }
            Happening::Game(id, event) => {
                if session.player.current_game() != Some(id) {
                    continue;
                }
                match &event {
                    Event::Chat(text) => session.talk.add_chat(false, text.clone()),
                    Event::Violation(violation) => {
                        session.talk.add_notice(texts::violation(violation));
                    }
                    Event::Offered(offer) => notice.set(texts::offered(*offer)),
                    Event::Declined(offer) => notice.set(texts::declined(*offer)),
                    Event::Moved(_) | Event::Ended(_) | Event::UndoneTo(_) => {
                        board::put_on_board(session, &event, state, commands);
                    }
                }
            }
            Happening::Reported(_) => {
                let finished = session
                    .player
                    .championship()
                    .is_some_and(|championship| championship.is_finished());
                if finished {
                    notice.set(Text::new("championship-finished"));
                }
            }
            Happening::Refused(refused) => session.talk.add_notice(refused_text(&refused)),
        }
    }
}

fn refused_text(refused: &Refused) -> Text {
    let key = match refused {
        Refused::Report(_) | Refused::UnreadableReport => "championship-refused-report",
        Refused::Roster(_) | Refused::NotSeated => "championship-refused-roster",
        Refused::NotYourGame | Refused::OutOfPlace | Refused::AlreadyDecided => {
            "championship-refused-message"
        }
    };
    Text::new(key).with("detail", refused.to_string())
}

/// Sends what the championship has to say.
pub(in crate::online) fn send(session: &mut ChampionshipSession) {
    for outgoing in session.player.take_outbox() {
        match outgoing.to {
            Some(peer) => session.link.send_to(peer, outgoing.message),
            None => session.link.send(outgoing.message),
        }
    }
}

/// Keeps the board in step with the game under way, runs the clocks, saves the championship
/// after every change, and keeps each finished game of this program in the games folder.
#[allow(clippy::too_many_arguments)]
pub(in crate::online) fn keep_championship_in_step(
    mut championship: ResMut<OnlineChampionship>,
    state: Res<Match>,
    dir: Res<ConfigDir>,
    games: Res<GamesDir>,
    mut asked: Local<Option<(u64, usize)>>,
    mut last_saved: Local<String>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut moves: MessageWriter<MoveRequested>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(session) = championship.0.as_mut() else {
        return;
    };
    board::keep_in_step(
        session,
        &state,
        &mut asked,
        &mut notice,
        &mut moves,
        &mut commands,
    );
    let now = Instant::now();
    let happened = session.player.tick(now);
    session.happened.extend(happened);
    show_what_happened(session, &state, &mut clock, &mut notice, &mut commands);
    send(session);
    if let Some(Err(error)) = saved::save_if_changed(&dir, session, now, &mut last_saved) {
        session.talk.add_notice(error);
    }
    let finished: Vec<_> = session
        .player
        .games()
        .iter()
        .filter(|(id, game)| game.game().is_over() && !session.kept.contains(id))
        .map(|(id, _)| *id)
        .collect();
    for id in finished {
        let Some(game) = session.player.games().get(&id) else {
            continue;
        };
        match keep_finished_game(&games, game) {
            Ok(path) => notice.add(Text::new("online-game-kept").with("path", path.as_path())),
            Err(error) => notice.add(error),
        }
        session.kept.insert(id);
    }
}
