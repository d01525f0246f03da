//! The online game at work, each frame: what the line brought, and the board kept in step with the online game (the friend's moves onto the board, the player's
//! moves onto the line).

use std::time::Instant;

use bevy::prelude::*;
use reversi_online::link::LinkEvent;
use reversi_online::session::Event;

use super::board;
use super::session::LineState;
use super::{Online, PrintInvitation, saved, texts};
use crate::game::{GameCommand, Match, MoveRequested, Notice};
use crate::locale::Text;
use crate::persistence::{ConfigDir, GamesDir};

/// What the line brought: the line's state, the friend's messages checked by the online game,
/// the notices.
pub(super) fn follow_the_line(
    mut online: ResMut<Online>,
    state: Res<Match>,
    print: Option<Res<PrintInvitation>>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(session) = online.0.as_mut() else {
        return;
    };
    let now = Instant::now();
    while let Some(event) = session.link.try_event() {
        match event {
            LinkEvent::Listening(address) => {
                session.listening(address);
                if print.is_some()
                    && let Some(invitation) = session.invitation()
                {
                    println!("{invitation}");
                }
            }
            LinkEvent::Connected { peer, name } => {
                session.line = LineState::Connected;
                session.joined(peer, &name);
                session.game.connected(now);
                notice.set(Text::new("online-connected").with("name", name));
            }
            LinkEvent::Disconnected { .. } => {
                session.line = LineState::Down;
                session.game.disconnected(now);
                notice.set(Text::new("online-line-down"));
            }
            LinkEvent::Message { message, .. } => {
                for event in session.game.receive(message, now) {
                    match &event {
                        Event::Chat(text) => session.talk.add_chat(false, text.clone()),
                        Event::Violation(violation) => {
                            session.talk.add_notice(texts::violation(violation));
                        }
                        Event::Offered(offer) => notice.set(texts::offered(*offer)),
                        Event::Declined(offer) => notice.set(texts::declined(*offer)),
                        Event::Moved(_) | Event::Ended(_) | Event::UndoneTo(_) => {
                            board::put_on_board(session, &event, &state, &mut commands);
                        }
                    }
                }
            }
            LinkEvent::Refused(refusal) => {
                notice.set(texts::refusal(refusal));
                session.line = LineState::Refused(refusal);
            }
            LinkEvent::Trouble(trouble) => session.talk.add_notice(texts::trouble(&trouble)),
            LinkEvent::Failed(error) => {
                notice.set(Text::new("online-failed").with("error", error.as_str()));
                session.line = LineState::Failed(error);
            }
        }
    }
    for message in session.game.take_outbox() {
        session.link.send(message);
    }
}

/// Keeps the board and the online game in step: the player's new moves and resignation go to
/// the friend, the friend's moves come onto the board; time runs out on the online clock; the
/// game is saved after every change, and kept in the games folder when it ends.
pub(super) fn keep_in_step(
    mut online: ResMut<Online>,
    state: Res<Match>,
    dir: Res<ConfigDir>,
    games: Res<GamesDir>,
    mut asked: Local<Option<(u64, usize)>>,
    mut last_saved: Local<String>,
    mut notice: ResMut<Notice>,
    mut moves: MessageWriter<MoveRequested>,
    mut commands: MessageWriter<GameCommand>,
) {
    let Some(session) = online.0.as_mut() else {
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
    if let Some(Event::Ended(result)) = session.game.tick(now) {
        board::put_on_board(session, &Event::Ended(result), &state, &mut commands);
    }
    for message in session.game.take_outbox() {
        session.link.send(message);
    }
    let saved = session.saved(now);
    if let Some(text) = saved::save_if_changed(&dir, &saved, &mut last_saved)
        && let Err(error) = text
    {
        session.talk.add_notice(error);
    }
    if session.game.game().is_over() && !session.kept {
        session.kept = true;
        match saved::keep_finished_game(&games, session.game()) {
            Ok(path) => notice.add(Text::new("online-game-kept").with("path", path.as_path())),
            Err(error) => notice.add(error),
        }
    }
}
