//! The opening drill on the board: the book's side plays its replies through the move path, the
//! player's moves are judged against the book as they are played, a move that is not the book's
//! stops the drill until the player tries again or goes on, and the drill's card is counted when
//! it ends: a success only when every move was the book's.

use bevy::prelude::*;
use reversi_engine::study::repetition::Outcome;
use reversi_engine::{Color, Game, Move, Rules};

use super::record::{StudyRecord, save, today};
use super::session::{Session, Studying, session_players};
use crate::game::{Animating, Match, MoveOrigin, MoveRequested, Notice, Players};
use crate::locale::Text;
use crate::persistence::ConfigDir;

/// The drill's game: the standard start, the player on `player`'s side and the book on the other.
pub(super) fn start_game(player: Color) -> (Game, Players, Color) {
    let (players, script) = session_players(player);
    (Game::new(Rules::default()), players, script)
}

/// Judges the player's new moves, plays the book's replies, and ends the drill.
pub(super) fn steer_drill(
    mut studying: ResMut<Studying>,
    mut record: ResMut<StudyRecord>,
    state: Res<Match>,
    animating: Res<Animating>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
    mut moves_out: MessageWriter<MoveRequested>,
) {
    if studying.own_load {
        return;
    }
    let Some(Session::Drill(session)) = studying.session.as_mut() else {
        return;
    };
    if session.finished {
        return;
    }
    let moves = state.game.moves();
    if let Some(before) = session.taking_back {
        if moves.len() >= before {
            return;
        }
        session.taking_back = None;
    }
    let common = session
        .judged
        .iter()
        .zip(moves)
        .take_while(|(judged, played)| judged == played)
        .count();
    session.judged.truncate(common);
    for (index, &mv) in moves.iter().enumerate().skip(common) {
        let before = &moves[..index];
        if let (true, Move::Play(square)) = (session.drill.is_players_turn(before), mv) {
            let verdict = session.drill.judge(before, square).ok();
            if verdict.as_ref().is_none_or(|verdict| !verdict.accepted) {
                session.mistakes += 1;
                session.waiting = true;
            }
            session.last = verdict;
        }
        session.judged.push(mv);
    }
    if session.waiting || animating.0 {
        return;
    }
    if session.drill.is_complete(moves) {
        session.finished = true;
        let outcome = if session.mistakes == 0 {
            Outcome::Success
        } else {
            Outcome::Failure
        };
        let key = session.drill.key();
        let said = match outcome {
            Outcome::Success => Text::new("notice-drill-passed"),
            Outcome::Failure => Text::new("notice-drill-failed").with("mistakes", session.mistakes),
        };
        record.review(key, outcome, today());
        notice.set(said);
        save(&record, &dir, &mut notice);
        return;
    }
    if state.suspended || session.replied_to == Some(state.generation) {
        return;
    }
    if let Some(square) = session.drill.computer_move(moves) {
        session.replied_to = Some(state.generation);
        moves_out.write(MoveRequested {
            mv: Move::Play(square),
            origin: MoveOrigin::Computer {
                generation: state.generation,
            },
        });
    }
}
