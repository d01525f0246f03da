//! Applying what was asked: commands (new game, undo, redo, load, resign, time loss) and moves,
//! each validated against the engine, with what changed announced as [`BoardChanged`].

use bevy::prelude::*;
use reversi_engine::{EndReason, Game, Move};

use crate::locale::{Text, game_error, move_error};

use super::starts;
use super::{
    Animating, BoardChanged, GameCommand, GameEnded, Match, MoveOrigin, MoveRejected,
    MoveRequested, NextGame, Notice, PlayerKind, SetupCommand,
};

/// Moves requested while the board was still animating, applied once it is still.
#[derive(Resource, Default)]
pub(super) struct DeferredMoves(Vec<MoveRequested>);

pub(super) fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    next_game: Res<NextGame>,
    mut state: ResMut<Match>,
    mut changed: MessageWriter<BoardChanged>,
    mut notice: ResMut<Notice>,
    mut deferred: ResMut<DeferredMoves>,
) {
    for command in commands.read() {
        if state.is_online() && !allowed_online(command, state.game.is_over()) {
            notice.set(Text::new("notice-online-board"));
            continue;
        }
        // Any other change of the game ends a position setup (Cancel in the setup restores).
        state.editing = false;
        let before = (state.game.cursor(), state.game.is_over());
        match command {
            GameCommand::NewGame | GameCommand::NewGameFrom(_) => {
                // First move and scoring chosen in Options take effect with a new game.
                state.game = match command {
                    GameCommand::NewGameFrom(start) => {
                        match starts::game_from(*start, next_game.rules, fresh_seed()) {
                            Ok(game) => game,
                            Err(problem) => {
                                notice.set(problem);
                                continue;
                            }
                        }
                    }
                    _ => Game::new(next_game.rules),
                };
                state.players = state.players.without_friend();
                state.suspended = false;
                state.ended = false;
            }
            GameCommand::Undo => step_back(&mut state, false),
            GameCommand::UndoAll => step_back(&mut state, true),
            GameCommand::Redo => step_forward(&mut state, false),
            GameCommand::RedoAll => step_forward(&mut state, true),
            GameCommand::GoTo(moves) => go_to(&mut state, *moves),
            GameCommand::GoToLine { line, moves } => {
                if !state.game.switch_to_line(*line, *moves) {
                    continue;
                }
                redo_forced_passes(&mut state);
                state.suspended = state.computer_to_move();
            }
            GameCommand::ResumePlay => {
                state.suspended = false;
                state.touch();
                continue;
            }
            // The same position: what was found of it stays, and nothing searches it again.
            GameCommand::Suspend => {
                state.suspended = state.computer_to_move();
                continue;
            }
            // Not a change of position: nothing is searched again or redrawn as a jump.
            GameCommand::Comment { index, text } => {
                if state.game.set_comment(*index, text).is_err() {
                    notice.set(Text::new("notice-comment-no-move"));
                }
                continue;
            }
            GameCommand::SetPlayers(players) => {
                state.players = *players;
                state.suspended = false;
                state.touch();
                continue;
            }
            GameCommand::Load(game, players) => {
                state.game = (**game).clone();
                state.players = match players {
                    Some(players) => *players,
                    None => state.players.without_friend(),
                };
                state.suspended = state.computer_to_move();
                state.ended = state.game.is_over();
            }
            GameCommand::End(reason) => {
                let outcome = match *reason {
                    EndReason::Resigned(color) => state.game.resign(color),
                    EndReason::OutOfTime(color) => state.game.lose_on_time(color),
                    EndReason::DrawAgreed => state.game.agree_draw(),
                    EndReason::NoMoves => Ok(()),
                };
                if let Err(error) = outcome {
                    notice.set(game_error(&error));
                    continue;
                }
            }
            GameCommand::Resign | GameCommand::LoseOnTime(_) => {
                let loser = match command {
                    GameCommand::LoseOnTime(color) => Some(*color),
                    _ => state.resigning_side(),
                };
                let outcome = match (loser, command) {
                    (None, _) => Err(Text::new("notice-already-over")),
                    (Some(color), GameCommand::LoseOnTime(_)) => {
                        state.game.lose_on_time(color).map_err(|e| game_error(&e))
                    }
                    (Some(color), _) => state.game.resign(color).map_err(|e| game_error(&e)),
                };
                if let Err(reason) = outcome {
                    notice.set(reason);
                    continue;
                }
            }
        }
        deferred.0.clear();
        notice.clear();
        state.touch();
        if matches!(
            command,
            GameCommand::Undo
                | GameCommand::Redo
                | GameCommand::UndoAll
                | GameCommand::RedoAll
                | GameCommand::GoTo(_)
        ) && before == (state.game.cursor(), state.game.is_over())
        {
            notice.set(Text::new("notice-nothing-to-undo"));
        }
        changed.write(BoardChanged::Jumped);
    }
}

/// Whether `command` may change an online game's board: its endings, and a replacement that
/// names its players (the online game's own, or a study session setting it aside); once the
/// game is over, a new game or an opened file too. Undo, or a new game while it is on, would
/// leave the friend's board behind.
fn allowed_online(command: &GameCommand, over: bool) -> bool {
    match command {
        GameCommand::Resign
        | GameCommand::LoseOnTime(_)
        | GameCommand::End(_)
        | GameCommand::ResumePlay
        | GameCommand::Suspend
        | GameCommand::Comment { .. }
        | GameCommand::Load(_, Some(_)) => true,
        GameCommand::NewGame | GameCommand::NewGameFrom(_) | GameCommand::Load(_, None) => over,
        _ => false,
    }
}

/// Sends [`GameEnded`] the first time this game is over.
pub(super) fn announce_game_end(mut state: ResMut<Match>, mut ended: MessageWriter<GameEnded>) {
    if state.ended {
        return;
    }
    if let Some(result) = state.game.result() {
        state.ended = true;
        ended.write(GameEnded {
            result,
            players: state.players,
            variant: state.game.rules().variant,
        });
    }
}

/// Undo one move (or all), stepping over passes so play never stops on a forced pass, and
/// suspending the computer if it is now its turn.
/// A seed for a new game's random start: different every time.
fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    now.as_nanos() as u64
}

fn step_back(state: &mut Match, all: bool) {
    if all {
        state.game.undo_all();
    } else if state.game.undo() {
        while state.board().must_pass() && state.game.undo() {}
    }
    state.suspended = state.computer_to_move();
}

fn step_forward(state: &mut Match, all: bool) {
    if all {
        state.game.redo_all();
    } else if state.game.redo() {
        redo_forced_passes(state);
    }
    state.suspended = state.computer_to_move();
}

/// Undo or redo until `moves` moves of the record are played, and the forced pass after them.
fn go_to(state: &mut Match, moves: usize) {
    let target = moves.min(state.game.history().len());
    while state.game.cursor() > target && state.game.undo() {}
    while state.game.cursor() < target && state.game.redo() {}
    redo_forced_passes(state);
    state.suspended = state.computer_to_move();
}

/// A position where the side to move must pass is stepped over when the pass is recorded: there
/// is nothing to choose there, and the player lands where a move can be made.
fn redo_forced_passes(state: &mut Match) {
    while state.board().must_pass() && state.game.can_redo() {
        state.game.redo();
    }
}

pub(super) fn apply_moves(
    mut requests: MessageReader<MoveRequested>,
    mut deferred: ResMut<DeferredMoves>,
    animating: Res<Animating>,
    mut state: ResMut<Match>,
    mut changed: MessageWriter<BoardChanged>,
    mut rejected: MessageWriter<MoveRejected>,
    mut setup: MessageWriter<SetupCommand>,
    mut notice: ResMut<Notice>,
) {
    let incoming: Vec<MoveRequested> = requests.read().copied().collect();
    if state.editing {
        // Setting up a position: a click or a typed square changes that square.
        for request in incoming {
            if let (MoveOrigin::Human, Move::Play(square)) = (request.origin, request.mv) {
                setup.write(SetupCommand::Cycle(square));
            }
        }
        return;
    }
    if animating.0 {
        // Keep only the latest human request: a click during an animation is queued, not lost.
        for request in incoming {
            if request.origin == MoveOrigin::Human {
                deferred
                    .0
                    .retain(|queued| queued.origin != MoveOrigin::Human);
                notice.set(Text::new("notice-move-queued").with("move", describe(request.mv)));
            }
            deferred.0.push(request);
        }
        return;
    }
    let pending: Vec<MoveRequested> = deferred.0.drain(..).chain(incoming).collect();
    for request in pending {
        match accept(&state, request) {
            Err(reason) => {
                if request.origin == MoveOrigin::Human {
                    notice.set(reason.clone());
                    rejected.write(MoveRejected { reason });
                }
            }
            Ok(change) => {
                match state.game.play(request.mv) {
                    Ok(()) => {
                        if request.origin == MoveOrigin::Human {
                            state.suspended = false;
                        }
                        state.touch();
                        notice.clear();
                        changed.write(change);
                    }
                    Err(error) => notice.set(game_error(&error)),
                }
                // One move per frame: the next request must be judged against the new position
                // and wait for this move's animation.
                break;
            }
        }
    }
}

/// What `request` changes if it may be played now; the error is the sentence shown to the player.
fn accept(state: &Match, request: MoveRequested) -> Result<BoardChanged, Text> {
    let board = state.board();
    if state.game.is_over() {
        return Err(Text::new("notice-game-over"));
    }
    let to_move = board.to_move();
    let player = state.players.of(to_move);
    match request.origin {
        MoveOrigin::Human if player == PlayerKind::Online => {
            return Err(Text::new("notice-friend-turn").with("color", to_move));
        }
        MoveOrigin::Human if !player.is_human() => {
            return Err(Text::new("notice-computer-turn").with("color", to_move));
        }
        MoveOrigin::Online if player != PlayerKind::Online => {
            // Never shown: the online game checks its friend's moves before they come here.
            return Err(Text::new("notice-stale-answer"));
        }
        MoveOrigin::Computer { generation } | MoveOrigin::ForcedPass { generation }
            if generation != state.generation =>
        {
            // Never shown: only human requests are reported to the player.
            return Err(Text::new("notice-stale-answer"));
        }
        _ => {}
    }
    match request.mv {
        Move::Play(square) => board
            .flips(square)
            .map(|flipped| BoardChanged::Played {
                square,
                color: to_move,
                flipped,
            })
            .map_err(|error| {
                Text::new("notice-cannot-play")
                    .with("color", to_move)
                    .with("square", square)
                    .with("reason", move_error(&error))
            }),
        Move::Pass => board
            .pass()
            .map(|_| BoardChanged::Passed { color: to_move })
            .map_err(|error| {
                Text::new("notice-cannot-pass")
                    .with("color", to_move)
                    .with("reason", move_error(&error))
            }),
    }
}

fn describe(mv: Move) -> Text {
    match mv {
        Move::Play(square) => Text::new("move-square").with("square", square),
        Move::Pass => Text::new("move-pass"),
    }
}
