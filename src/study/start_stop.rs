//! Starting and stopping a study session: on the player's request, and when the player starts
//! or loads another game; the players from before the session play again after it.

use bevy::prelude::*;
use reversi_engine::study::drill::Drill;

use super::drill;
use super::puzzles;
use super::record::{StudyRecord, save};
use super::session::{DrillSession, PuzzleCheck, PuzzleSession, Session, StudyCommand, Studying};
use crate::game::{GameCommand, Notice, Players, ScriptedSide};
use crate::locale::Text;
use crate::persistence::ConfigDir;

/// Ends the session when the player starts a new game (the players from before the session play
/// again) or loads another game.
pub(super) fn leave_for_other_games(
    mut game_commands: MessageReader<GameCommand>,
    mut studying: ResMut<Studying>,
    mut scripted: ResMut<ScriptedSide>,
) {
    let own_load = std::mem::take(&mut studying.own_load);
    for command in game_commands.read() {
        let restore = match command {
            GameCommand::NewGame | GameCommand::NewGameFrom(_) => true,
            GameCommand::Load(_, players) if !own_load => players.is_none(),
            _ => continue,
        };
        if studying.session.is_some() {
            end_session(&mut studying, &mut scripted, restore);
        }
    }
}

/// Starts and stops sessions on the player's request, and gives the players from before a
/// session back when it ended.
pub(super) fn start_and_stop(
    mut requests: MessageReader<StudyCommand>,
    mut studying: ResMut<Studying>,
    mut scripted: ResMut<ScriptedSide>,
    mut record: ResMut<StudyRecord>,
    state: Res<crate::game::Match>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    for request in requests.read() {
        match request {
            StudyCommand::StartDrill(choice) => match Drill::new(choice.clone()) {
                Ok(drill) => {
                    record.remember_drill(choice);
                    save(&record, &dir, &mut notice);
                    let session = Session::Drill(DrillSession {
                        drill,
                        mistakes: 0,
                        last: None,
                        waiting: false,
                        finished: false,
                        judged: Vec::new(),
                        taking_back: None,
                        replied_to: None,
                    });
                    begin(
                        &mut studying,
                        &mut scripted,
                        &mut commands,
                        &state,
                        session,
                        drill::start_game(choice.player),
                    );
                }
                Err(error) => {
                    notice.set(Text::new("notice-drill-refused").with("error", error.to_string()))
                }
            },
            StudyCommand::StartPuzzle(puzzle) => {
                let Some(start) = puzzles::start_game(puzzle) else {
                    notice.set(Text::new("notice-puzzle-refused"));
                    continue;
                };
                let session = Session::Puzzle(PuzzleSession {
                    puzzle: (**puzzle).clone(),
                    check: PuzzleCheck::Waiting,
                    retrying: false,
                });
                begin(
                    &mut studying,
                    &mut scripted,
                    &mut commands,
                    &state,
                    session,
                    start,
                );
            }
            StudyCommand::TryAgain | StudyCommand::GoOn => {
                if let Some(Session::Drill(drill)) = studying.session.as_mut()
                    && drill.waiting
                {
                    drill.waiting = false;
                    if matches!(request, StudyCommand::TryAgain) {
                        drill.taking_back = Some(state.game.moves().len());
                        commands.write(GameCommand::Undo);
                    }
                }
            }
            StudyCommand::RetryPuzzle => {
                if let Some(Session::Puzzle(session)) = studying.session.as_mut()
                    && matches!(session.check, PuzzleCheck::Checked { .. })
                {
                    session.check = PuzzleCheck::Waiting;
                    session.retrying = true;
                    commands.write(GameCommand::UndoAll);
                }
            }
            StudyCommand::Stop => {
                if studying.session.is_some() {
                    end_session(&mut studying, &mut scripted, true);
                }
            }
        }
    }
    if let Some(players) = studying.restore_players.take() {
        commands.write(GameCommand::SetPlayers(players));
    }
}

/// Puts a session's game on the board, with its players and scripted side.
fn begin(
    studying: &mut Studying,
    scripted: &mut ScriptedSide,
    commands: &mut MessageWriter<GameCommand>,
    state: &crate::game::Match,
    session: Session,
    (game, players, script): (reversi_engine::Game, Players, reversi_engine::Color),
) {
    if studying.session.is_none() {
        studying.players_before = Some(state.players);
    }
    studying.session = Some(session);
    studying.own_load = true;
    scripted.0 = Some(script);
    commands.write(GameCommand::Load(Box::new(game), Some(players)));
}

/// Ends the session; the players from before it play again when `restore` says so.
fn end_session(studying: &mut Studying, scripted: &mut ScriptedSide, restore: bool) {
    studying.session = None;
    scripted.0 = None;
    let before = studying.players_before.take();
    if restore {
        studying.restore_players = before;
    }
}
