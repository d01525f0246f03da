//! Applying what was asked: commands (new game, undo, redo, load, resign, time loss) and moves,
//! each validated against the engine, with what changed announced as [`BoardChanged`].

use bevy::prelude::*;
use reversi_engine::{Game, Move};

use super::{
    Animating, BoardChanged, GameCommand, GameEnded, Match, MoveOrigin, MoveRejected,
    MoveRequested, NextGame, Notice, SetupCommand,
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
        // Any other change of the game ends a position setup (Cancel in the setup restores).
        state.editing = false;
        let before = (state.game.cursor(), state.game.is_over());
        match command {
            GameCommand::NewGame => {
                // First move and scoring chosen in Options take effect with a new game.
                state.game = Game::new(next_game.rules);
                state.suspended = false;
                state.ended = false;
            }
            GameCommand::Undo => step_back(&mut state, false),
            GameCommand::UndoAll => step_back(&mut state, true),
            GameCommand::Redo => step_forward(&mut state, false),
            GameCommand::RedoAll => step_forward(&mut state, true),
            GameCommand::GoTo(moves) => go_to(&mut state, *moves),
            GameCommand::ResumePlay => {
                state.suspended = false;
                state.touch();
                continue;
            }
            GameCommand::SetPlayers(players) => {
                state.players = *players;
                state.suspended = false;
                state.touch();
                continue;
            }
            GameCommand::Load(game, players) => {
                // The 3D board is the standard 8x8 one: a game of another variant (a 10x10 GGF
                // game, say) is refused whole rather than shown wrong.
                if game.standard_board().is_none() {
                    notice.0 = format!(
                        "This game is {}, which the board here cannot show: it was not opened.",
                        game.rules().variant
                    );
                    continue;
                }
                state.game = (**game).clone();
                if let Some(players) = players {
                    state.players = *players;
                }
                state.suspended = state.computer_to_move();
                state.ended = state.game.is_over();
            }
            GameCommand::Resign | GameCommand::LoseOnTime(_) => {
                let loser = match command {
                    GameCommand::LoseOnTime(color) => Some(*color),
                    _ => state.resigning_side(),
                };
                let outcome = match (loser, command) {
                    (None, _) => Err("The game is already over.".to_string()),
                    (Some(color), GameCommand::LoseOnTime(_)) => {
                        state.game.lose_on_time(color).map_err(|e| e.to_string())
                    }
                    (Some(color), _) => state.game.resign(color).map_err(|e| e.to_string()),
                };
                if let Err(reason) = outcome {
                    notice.0 = reason;
                    continue;
                }
            }
        }
        deferred.0.clear();
        notice.0.clear();
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
            notice.0 = "Nothing to undo or redo there.".into();
        }
        changed.write(BoardChanged::Jumped);
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
        });
    }
}

/// Undo one move (or all), stepping over passes so play never stops on a forced pass, and
/// suspending the computer if it is now its turn.
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

/// A position where the side to move must pass is stepped over when the pass is recorded:
/// stopping on it would let the automatic pass drop the rest of the record.
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
                notice.0 = format!(
                    "{} queued: it is played when the discs settle.",
                    describe(request.mv)
                );
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
                    notice.0 = reason.clone();
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
                        notice.0.clear();
                        changed.write(change);
                    }
                    Err(error) => notice.0 = error.to_string(),
                }
                // One move per frame: the next request must be judged against the new position
                // and wait for this move's animation.
                break;
            }
        }
    }
}

/// What `request` changes if it may be played now; the error is the sentence shown to the player.
fn accept(state: &Match, request: MoveRequested) -> Result<BoardChanged, String> {
    let board = state.board();
    if state.game.is_over() {
        return Err("The game is over: start a new game or undo.".into());
    }
    let to_move = board.to_move();
    match request.origin {
        MoveOrigin::Human if !state.players.of(to_move).is_human() => {
            return Err(format!("It is the computer's turn ({to_move})."));
        }
        MoveOrigin::Computer { generation } | MoveOrigin::ForcedPass { generation }
            if generation != state.generation =>
        {
            return Err("stale answer".into());
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
            .map_err(|error| format!("{to_move} cannot play {square}: {error}.")),
        Move::Pass => board
            .pass()
            .map(|_| BoardChanged::Passed { color: to_move })
            .map_err(|error| format!("{to_move} cannot pass: {error}.")),
    }
}

fn describe(mv: Move) -> String {
    match mv {
        Move::Play(square) => square.to_string(),
        Move::Pass => "Pass".into(),
    }
}
