//! The online game at work, each frame: the player's requests, what the line brought, and the
//! board kept in step with the online game (the friend's moves onto the board, the player's
//! moves onto the line).

use std::time::Instant;

use bevy::prelude::*;
use reversi_engine::{Color, EndReason};
use reversi_online::invitation::{GameTerms, Invitation};
use reversi_online::link::LinkEvent;
use reversi_online::session::Event;

use super::session::{LineState, OnlineSession};
use super::{
    InviteChoice, Online, OnlineCommand, OnlinePreferences, PrintInvitation, saved, texts,
};
use crate::ai::EngineHelp;
use crate::game::{Clock, GameCommand, Match, MoveOrigin, MoveRequested, Notice};
use crate::locale::Text;
use crate::persistence::{ConfigDir, GamesDir};

pub(super) fn run_commands(
    mut requests: MessageReader<OnlineCommand>,
    mut online: ResMut<Online>,
    preferences: Res<OnlinePreferences>,
    state: Res<Match>,
    dir: Res<ConfigDir>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    let now = Instant::now();
    for request in requests.read() {
        match (request, online.0.as_mut()) {
            (OnlineCommand::Invite(choice), None) => {
                let session = OnlineSession::host(
                    terms_of(*choice),
                    &preferences.name,
                    &preferences.relay,
                    state.players,
                );
                start(&mut online, session, &state, &mut clock, &mut commands);
                notice.set(Text::new("online-inviting"));
            }
            (OnlineCommand::Join(text), None) => match text.parse::<Invitation>() {
                Ok(invitation) => match OnlineSession::join(
                    invitation,
                    text,
                    &preferences.name,
                    &preferences.relay,
                    state.players,
                ) {
                    Ok(session) => {
                        start(&mut online, session, &state, &mut clock, &mut commands);
                        notice.set(Text::new("online-joining"));
                    }
                    Err(refused) => notice.set(refused),
                },
                Err(error) => notice.set(texts::invitation_error(&error)),
            },
            (OnlineCommand::Invite(_) | OnlineCommand::Join(_), Some(_)) => {
                notice.set(Text::new("online-one-game-at-a-time"));
            }
            (_, None) => notice.set(Text::new("online-no-game")),
            (OnlineCommand::OfferDraw, Some(session)) => {
                if let Err(error) = session.game.offer_draw() {
                    notice.set(texts::local_error(&error));
                }
            }
            (OnlineCommand::AskUndo, Some(session)) => {
                if let Err(error) = session.game.ask_undo() {
                    notice.set(texts::local_error(&error));
                }
            }
            (OnlineCommand::Answer(accept), Some(session)) => {
                match session.game.answer(*accept, now) {
                    Ok(Some(event)) => {
                        put_on_board(session, &event, &state, &mut commands);
                    }
                    Ok(None) => {}
                    Err(error) => notice.set(texts::local_error(&error)),
                }
            }
            (OnlineCommand::Chat(line), Some(session)) => {
                if let Some(sent) = session.game.chat(line) {
                    session.add_chat(true, sent);
                }
            }
            (OnlineCommand::ShowGame, Some(session)) => {
                *clock = Clock::start(None);
                commands.write(session.board_command(state.generation));
            }
            (OnlineCommand::Leave, Some(session)) => {
                if !session.game.game().is_over() {
                    let _ = session.game.resign(now);
                }
                for message in session.game.take_outbox() {
                    session.link.send(message);
                }
                let game = session.game.game().clone();
                let players = session.players_before;
                online.0 = None;
                saved::forget(&dir);
                commands.write(GameCommand::Load(Box::new(game), Some(players)));
                notice.set(Text::new("online-left"));
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

/// The new online game takes the board, with the game's own clock off.
fn start(
    online: &mut Online,
    mut session: OnlineSession,
    state: &Match,
    clock: &mut Clock,
    commands: &mut MessageWriter<GameCommand>,
) {
    *clock = Clock::start(None);
    commands.write(session.board_command(state.generation));
    online.0 = Some(session);
}

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
                        Event::Chat(text) => session.add_chat(false, text.clone()),
                        Event::Violation(violation) => {
                            session.add_notice(texts::violation(violation));
                        }
                        Event::Offered(offer) => notice.set(texts::offered(*offer)),
                        Event::Declined(offer) => notice.set(texts::declined(*offer)),
                        Event::Moved(_) | Event::Ended(_) | Event::UndoneTo(_) => {
                            put_on_board(session, &event, &state, &mut commands);
                        }
                    }
                }
            }
            LinkEvent::Refused(refusal) => {
                notice.set(texts::refusal(refusal));
                session.line = LineState::Refused(refusal);
            }
            LinkEvent::Trouble(trouble) => session.add_notice(texts::trouble(&trouble)),
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

/// An event of the online game that changes the board: an agreed undo puts the online game's
/// record on it; an ending off the board ends the board's game the same way. The friend's moves
/// are played by [`keep_in_step`], one a frame.
fn put_on_board(
    session: &mut OnlineSession,
    event: &Event,
    state: &Match,
    commands: &mut MessageWriter<GameCommand>,
) {
    if !state.is_online() {
        return;
    }
    match event {
        Event::UndoneTo(_) => {
            commands.write(session.board_command(state.generation));
        }
        Event::Ended(result) if result.reason != EndReason::NoMoves => {
            commands.write(GameCommand::End(result.reason));
        }
        _ => {}
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
    mut help: ResMut<EngineHelp>,
    mut moves: MessageWriter<MoveRequested>,
    mut commands: MessageWriter<GameCommand>,
) {
    // The invitation's word on the engine's help holds while its game is on the board.
    let forbidden = state.is_online()
        && online
            .0
            .as_ref()
            .is_some_and(|session| !session.game.terms().engine_help);
    help.set_if_neq(EngineHelp {
        allowed: !forbidden,
    });
    let Some(session) = online.0.as_mut() else {
        if state.is_online() {
            // A friend online with no online game (a saved game opened, say): the player here
            // plays both sides.
            commands.write(GameCommand::Load(
                Box::new(state.game.clone()),
                Some(state.players.without_friend()),
            ));
        }
        return;
    };
    let now = Instant::now();
    if state.is_online() && !session.board_pending(state.generation) {
        let board = state.game.moves().to_vec();
        let online_moves = session.game.game().moves().to_vec();
        if board.len() > online_moves.len() && board.starts_with(&online_moves) {
            for &mv in &board[online_moves.len()..] {
                if let Err(error) = session.game.play(mv, now) {
                    notice.set(texts::local_error(&error));
                    commands.write(session.board_command(state.generation));
                    break;
                }
            }
        } else if online_moves.len() > board.len() && online_moves.starts_with(&board) {
            let next = (state.generation, board.len());
            if !state.game.is_over() && *asked != Some(next) {
                *asked = Some(next);
                moves.write(MoveRequested {
                    mv: online_moves[board.len()],
                    origin: MoveOrigin::Online,
                });
                // The move is played in the next frame, which nothing else may ask for.
                crate::wake::wake_window();
            }
        } else if board != online_moves {
            commands.write(session.board_command(state.generation));
        }
        let board_ending = state.game.result().map(|result| result.reason);
        if board_ending == Some(EndReason::Resigned(session.my_color()))
            && !session.game.game().is_over()
        {
            let _ = session.game.resign(now);
        }
    }
    if let Some(Event::Ended(result)) = session.game.tick(now) {
        put_on_board(session, &Event::Ended(result), &state, &mut commands);
    }
    for message in session.game.take_outbox() {
        session.link.send(message);
    }
    let saved = session.saved(now);
    if let Some(text) = saved::save_if_changed(&dir, &saved, &mut last_saved)
        && let Err(error) = text
    {
        session.add_notice(error);
    }
    if session.game.game().is_over() && !session.kept {
        session.kept = true;
        match saved::keep_finished_game(&games, session.game()) {
            Ok(path) => notice.add(Text::new("online-game-kept").with("path", path.as_path())),
            Err(error) => notice.add(error),
        }
    }
}
