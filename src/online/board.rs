//! The board and the online game it shows, kept in step: the player's new moves and
//! resignation go to the online game, the other player's moves come onto the board one a frame,
//! and a board that went astray is given the online game's record again. The same for a friend's
//! game and for a championship's game under way.

use std::time::Instant;

use bevy::prelude::*;
use reversi_engine::{Color, EndReason, Game};
use reversi_online::session::{Event, LocalError, OnlineGame};

use super::talk::Talk;
use super::texts;
use super::{Online, OnlineChampionship};
use crate::ai::EngineHelp;
use crate::game::{GameCommand, Match, MoveOrigin, MoveRequested, Notice, PlayerKind, Players};
use crate::locale::Text;

/// An online game the board can show.
pub(super) trait ShownGame {
    /// The online game the board is to show, if any.
    fn online_game(&self) -> Option<&OnlineGame>;
    /// Does what the player asks of that game; `None` when there is none.
    fn act<R>(&mut self, now: Instant, what: impl FnOnce(&mut OnlineGame) -> R) -> Option<R>;
    fn board_link(&mut self) -> &mut BoardLink;
    /// Where the chat and the notices of the game go.
    fn talk(&mut self) -> &mut Talk;
}

/// When the board was last asked to show the online game: until it does, the two are not
/// compared.
#[derive(Default)]
pub(super) struct BoardLink {
    asked_at: Option<u64>,
    /// What to tell the player once the board shows the game (showing it clears the status
    /// line).
    held: Option<Text>,
}

impl BoardLink {
    /// The command that puts `record`, played by `me` here, on the board, asked when `Match`
    /// is at `generation`.
    pub(super) fn command(&mut self, generation: u64, record: Game, me: Color) -> GameCommand {
        self.asked_at = Some(generation);
        GameCommand::Load(Box::new(record), Some(players(me)))
    }

    /// Says `notice` once the board shows the game it was last asked to show.
    pub(super) fn say_when_shown(&mut self, notice: Text) {
        self.held = Some(notice);
    }

    /// Whether the board still shows what it showed when it was last asked to show the online
    /// game (the command waits for the next frame).
    fn pending(&mut self, generation: u64) -> bool {
        let pending = self.asked_at == Some(generation);
        if !pending {
            self.asked_at = None;
        }
        pending
    }
}

/// The board's players for an online game: the player here as `me`, the other one there.
pub(super) fn players(me: Color) -> Players {
    let mut players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    players.set(me.opponent(), PlayerKind::Online);
    players
}

/// The command that puts the shown game on the board.
pub(super) fn show(shown: &mut impl ShownGame, generation: u64) -> Option<GameCommand> {
    let game = shown.online_game()?;
    let (record, me) = (game.game().clone(), game.seats().me);
    Some(shown.board_link().command(generation, record, me))
}

fn show_again(
    shown: &mut impl ShownGame,
    generation: u64,
    commands: &mut MessageWriter<GameCommand>,
) {
    if let Some(command) = show(shown, generation) {
        commands.write(command);
    }
}

/// An event of the shown game that changes the board: an agreed undo puts the online game's
/// record on it; an ending off the board ends the board's game the same way. The other
/// player's moves are played by [`keep_in_step`], one a frame.
pub(super) fn put_on_board(
    shown: &mut impl ShownGame,
    event: &Event,
    state: &Match,
    commands: &mut MessageWriter<GameCommand>,
) {
    if !state.is_online() {
        return;
    }
    match event {
        Event::UndoneTo(_) => show_again(shown, state.generation, commands),
        Event::Ended(result) if result.reason != EndReason::NoMoves => {
            commands.write(GameCommand::End(result.reason));
        }
        _ => {}
    }
}

/// Keeps the board and the shown game in step, while the board shows it.
pub(super) fn keep_in_step(
    shown: &mut impl ShownGame,
    state: &Match,
    asked: &mut Option<(u64, usize)>,
    notice: &mut Notice,
    moves: &mut MessageWriter<MoveRequested>,
    commands: &mut MessageWriter<GameCommand>,
) {
    let link = shown.board_link();
    if link.pending(state.generation) {
        return;
    }
    if let Some(held) = link.held.take() {
        notice.add(held);
    }
    if !state.is_online() {
        return;
    }
    let Some(game) = shown.online_game() else {
        return;
    };
    let now = Instant::now();
    let board = state.game.moves().to_vec();
    let online_moves = game.game().moves().to_vec();
    let my_color = game.seats().me;
    let online_over = game.game().is_over();
    if board.len() > online_moves.len() && board.starts_with(&online_moves) {
        for &mv in &board[online_moves.len()..] {
            let played = shown.act(now, |game| game.play(mv, now));
            if let Some(Err(error)) = played {
                notice.set(texts::local_error(&error));
                show_again(shown, state.generation, commands);
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
        show_again(shown, state.generation, commands);
    }
    let board_ending = state.game.result().map(|result| result.reason);
    if board_ending == Some(EndReason::Resigned(my_color)) && !online_over {
        let _: Option<Result<(), LocalError>> = shown.act(now, |game| game.resign(now));
    }
}

/// What the board may do while it shows an online game: the engine's help as its invitation
/// says; and a board with a friend online but no online game behind it (a saved game opened,
/// say) is the player's alone.
pub(super) fn watch_the_board(
    online: Res<Online>,
    championship: Res<OnlineChampionship>,
    state: Res<Match>,
    mut help: ResMut<EngineHelp>,
    mut commands: MessageWriter<GameCommand>,
) {
    let shown = match (&online.0, &championship.0) {
        (Some(session), _) => Some(session.game()),
        (None, Some(session)) => session.current_game().map(|(_, game)| game),
        (None, None) => None,
    };
    let forbidden = state.is_online() && shown.is_some_and(|game| !game.terms().engine_help);
    help.set_if_neq(EngineHelp {
        allowed: !forbidden,
    });
    if state.is_online() && shown.is_none() {
        commands.write(GameCommand::Load(
            Box::new(state.game.clone()),
            Some(state.players.without_friend()),
        ));
    }
}
