//! The one authoritative game state and the one path every move takes.
//!
//! A click, a typed `d3`, the computer's answer and a pasted transcript all arrive as
//! [`MoveRequested`]; `apply_moves` validates each against the engine and announces what changed
//! with [`BoardChanged`]. Everything on screen is drawn from [`Match`].

pub mod clock;
pub mod players;

use bevy::prelude::*;
use reversi_engine::{Board, Color, Game, GameResult, Move, Square};

use crate::game::players::Players;
use crate::schedule::GameSystems;
use crate::settings::Settings;

/// The game being played and its players: the single source of truth.
#[derive(Resource, Clone, Debug, Default)]
pub struct Match {
    pub game: Game,
    pub players: Players,
    /// Set by undo/redo when they stop on the computer's turn: the computer waits for
    /// Resume play (or a human move) instead of answering at once.
    pub suspended: bool,
    /// Bumped by every change of position or players, so a computer answer computed for an older
    /// state can be recognised and dropped.
    pub generation: u64,
    /// The end of this game has been announced (statistics count each game once).
    ended: bool,
}

impl Match {
    pub fn new(game: Game, players: Players) -> Match {
        let ended = game.is_over();
        Match {
            game,
            players,
            suspended: false,
            generation: 0,
            ended,
        }
    }

    /// Who gives up on Resign: the human when one human plays the computer, else the side to move.
    pub fn resigning_side(&self) -> Option<Color> {
        let to_move = self.side_to_move()?;
        let humans: Vec<Color> = [Color::Black, Color::White]
            .into_iter()
            .filter(|c| self.players.of(*c).is_human())
            .collect();
        Some(match humans.as_slice() {
            [human] => *human,
            _ => to_move,
        })
    }

    pub fn board(&self) -> Board {
        self.game.board()
    }

    /// The side to move, if the game is still on.
    pub fn side_to_move(&self) -> Option<Color> {
        (!self.game.is_over()).then(|| self.board().to_move)
    }

    pub fn human_to_move(&self) -> bool {
        self.side_to_move()
            .is_some_and(|color| self.players.of(color).is_human())
    }

    pub fn computer_to_move(&self) -> bool {
        self.side_to_move()
            .is_some_and(|color| !self.players.of(color).is_human())
    }

    /// The status line: whose turn it is, or the result.
    pub fn describe(&self) -> String {
        let board = self.board();
        match self.game.result() {
            Some(result) => {
                let (high, low) = (
                    result.black.max(result.white),
                    result.black.min(result.white),
                );
                match result.winner() {
                    Some(winner) => format!("{winner} wins {high}-{low}."),
                    None => format!("Draw, {high}-{low}."),
                }
            }
            None if board.must_pass() => format!("{} has no legal move and passes.", board.to_move),
            None if self.suspended => {
                "Play is suspended: Resume play (Ctrl+P) lets the computer move.".into()
            }
            None if self.human_to_move() => format!("{} to move.", board.to_move),
            None => format!("{} (computer) is thinking.", board.to_move),
        }
    }

    fn touch(&mut self) {
        self.generation += 1;
    }
}

/// Where a move came from: the rules for accepting it differ (a human may not move for the
/// computer, and a computer answer must belong to the current position).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveOrigin {
    Human,
    Computer {
        generation: u64,
    },
    /// The automatic pass of a side without legal moves.
    ForcedPass {
        generation: u64,
    },
}

#[derive(Message, Clone, Copy, Debug)]
pub struct MoveRequested {
    pub mv: Move,
    pub origin: MoveOrigin,
}

/// Commands that change the game other than by playing a move.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    NewGame,
    Undo,
    Redo,
    UndoAll,
    RedoAll,
    ResumePlay,
    SetPlayers(Players),
    /// Replace the game (opened file, pasted transcript or position), and the players if given.
    Load(Box<Game>, Option<Players>),
    /// The player gives up (see [`Match::resigning_side`]); the opponent is credited 64-0.
    Resign,
    /// `Color`'s clock ran out.
    LoseOnTime(Color),
}

/// A game has just ended, by its last move, resignation or time: sent once per game.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameEnded {
    pub result: GameResult,
    pub players: Players,
}

/// What changed on the board, for the view to animate or reconcile.
#[derive(Message, Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardChanged {
    /// `color` played `square` and flipped `flipped`.
    Played {
        square: Square,
        color: Color,
        flipped: u64,
    },
    Passed {
        color: Color,
    },
    /// The board jumped to another position (new game, undo, redo, load): no move to animate.
    Jumped,
}

/// A human move that was refused, with the reason shown to the player (sound and status react).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    pub reason: String,
}

/// A sentence for the player about the last thing they tried (an illegal click, a queued move);
/// cleared by the next change of position. When empty the status line describes the position.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice(pub String);

/// Moves requested while the board was still animating, applied once it is still.
#[derive(Resource, Default)]
struct DeferredMoves(Vec<MoveRequested>);

/// True while any disc or marker is still moving; the view maintains it.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Animating(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<Match>()
        .init_resource::<Notice>()
        .init_resource::<DeferredMoves>()
        .init_resource::<Animating>()
        .add_message::<MoveRequested>()
        .add_message::<GameCommand>()
        .add_message::<BoardChanged>()
        .add_message::<MoveRejected>()
        .add_message::<GameEnded>()
        .add_systems(
            Update,
            (apply_commands, apply_moves, announce_game_end)
                .chain()
                .in_set(GameSystems::Apply),
        );
}

fn apply_commands(
    mut commands: MessageReader<GameCommand>,
    settings: Option<Res<Settings>>,
    mut state: ResMut<Match>,
    mut changed: MessageWriter<BoardChanged>,
    mut notice: ResMut<Notice>,
    mut deferred: ResMut<DeferredMoves>,
) {
    for command in commands.read() {
        let before = (state.game.cursor(), state.game.is_over());
        match command {
            GameCommand::NewGame => {
                // First move and scoring chosen in Options take effect with a new game.
                let rules = settings
                    .as_ref()
                    .map_or_else(|| state.game.rules(), |s| s.rules());
                state.game = Game::new(rules);
                state.suspended = false;
                state.ended = false;
            }
            GameCommand::Undo => step_back(&mut state, false),
            GameCommand::UndoAll => step_back(&mut state, true),
            GameCommand::Redo => step_forward(&mut state, false),
            GameCommand::RedoAll => step_forward(&mut state, true),
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
            GameCommand::Undo | GameCommand::Redo | GameCommand::UndoAll | GameCommand::RedoAll
        ) && before == (state.game.cursor(), state.game.is_over())
        {
            notice.0 = "Nothing to undo or redo there.".into();
        }
        changed.write(BoardChanged::Jumped);
    }
}

/// Sends [`GameEnded`] the first time this game is over.
fn announce_game_end(mut state: ResMut<Match>, mut ended: MessageWriter<GameEnded>) {
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
        while state.board().must_pass() && state.game.can_redo() {
            state.game.redo();
        }
    }
    state.suspended = state.computer_to_move();
}

fn apply_moves(
    mut requests: MessageReader<MoveRequested>,
    mut deferred: ResMut<DeferredMoves>,
    animating: Res<Animating>,
    mut state: ResMut<Match>,
    mut changed: MessageWriter<BoardChanged>,
    mut rejected: MessageWriter<MoveRejected>,
    mut notice: ResMut<Notice>,
) {
    let incoming: Vec<MoveRequested> = requests.read().copied().collect();
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
    let to_move = board.to_move;
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
