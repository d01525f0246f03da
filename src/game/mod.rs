//! The game: the one authoritative state, [`Match`], and the one path every move takes; the
//! players, the clock and the forced pass. It knows the engine and nothing above it.
//!
//! A click, a typed `d3`, the computer's answer and a forced pass all arrive as
//! [`MoveRequested`]; `apply_moves` validates each against the engine and announces what changed
//! with [`BoardChanged`]. Other changes arrive as [`GameCommand`]s, and the position setup's as
//! [`SetupCommand`]s. Everything on screen is drawn from [`Match`].

mod apply;
mod clock;
mod pass;
mod players;
mod setup;
mod starts;

pub use clock::{Clock, ClockSettings, format_time};
pub use pass::{PASS_PAUSE, PassAnnouncement};
pub use players::{ComputerTime, PlayerKind, PlayerNames, Players, ScriptedSide, level_name};
pub use setup::SetupCommand;
pub use starts::{GameStart, RANDOM_DISCS};

use bevy::prelude::*;
use reversi_engine::variant::{Bits, Goal, Variant, VariantBoard};
use reversi_engine::{Color, EndReason, Game, GameResult, Move, Rules, Square};

use crate::locale::{Locale, Text};
use crate::schedule::GameSystems;

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
    /// A position is being set up: nobody is to move until it is done.
    pub editing: bool,
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
            editing: false,
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

    pub fn board(&self) -> VariantBoard {
        self.game.board()
    }

    /// The side to move, if the game is still on (nobody while a position is set up).
    pub fn side_to_move(&self) -> Option<Color> {
        (!self.game.is_over() && !self.editing).then(|| self.board().to_move())
    }

    pub fn human_to_move(&self) -> bool {
        self.side_to_move()
            .is_some_and(|color| self.players.of(color).is_human())
    }

    /// Whether the position on the board is open to study: a human's turn, or either side's
    /// while play is suspended (stepping back through a game against the computer). The hints
    /// are worked out for it.
    pub fn analysing(&self) -> bool {
        self.human_to_move() || (self.suspended && self.side_to_move().is_some())
    }

    pub fn computer_to_move(&self) -> bool {
        self.side_to_move()
            .is_some_and(|color| self.players.of(color).is_computer())
    }

    /// Whether an online game is on the board: one side is a friend's program over the internet.
    pub fn is_online(&self) -> bool {
        [Color::Black, Color::White]
            .into_iter()
            .any(|color| self.players.of(color) == PlayerKind::Online)
    }

    /// Whether a friend's program over the internet is to move.
    pub fn friend_to_move(&self) -> bool {
        self.side_to_move()
            .is_some_and(|color| self.players.of(color) == PlayerKind::Online)
    }

    /// The status line: whose turn it is, or the result.
    pub fn describe(&self) -> Text {
        let board = self.board();
        if self.editing {
            return Text::new("status-setting-up").with("color", board.to_move());
        }
        match self.game.result() {
            Some(result) => result_text(&result),
            None if board.must_pass() => Text::new("status-passes").with("color", board.to_move()),
            None if self.suspended => Text::new("status-suspended"),
            None if self.human_to_move() => {
                Text::new("status-to-move").with("color", board.to_move())
            }
            None if self.friend_to_move() => {
                Text::new("status-friend-to-move").with("color", board.to_move())
            }
            None => Text::new("status-computer-thinking").with("color", board.to_move()),
        }
    }

    /// The name of the opening played, while the game follows (or has left) a named line; only
    /// for games from the standard start with Black first, the start the names are given from.
    pub fn opening_name(&self) -> Option<&'static str> {
        reversi_engine::openings::opening_of(&self.game)
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
    /// The move of a friend's program over the internet, already checked by the online game.
    Online,
}

#[derive(Message, Clone, Copy, Debug)]
pub struct MoveRequested {
    pub mv: Move,
    pub origin: MoveOrigin,
}

/// A finished game's result in words: who won and the score, the winner's count first.
pub fn result_text(result: &GameResult) -> Text {
    let (high, low) = result.winner_first();
    match (result.winner(), result.goal) {
        (Some(winner), Goal::MostDiscs) => Text::new("status-wins").with("color", winner),
        (Some(winner), Goal::FewestDiscs) => Text::new("status-wins-fewest").with("color", winner),
        (None, _) => Text::new("status-draw"),
    }
    .with("high", high)
    .with("low", low)
}

/// Commands that change the game other than by playing a move.
#[derive(Message, Clone, Debug)]
pub enum GameCommand {
    NewGame,
    /// A new game from one of the starts players use (a random start, a handicap).
    NewGameFrom(GameStart),
    Undo,
    Redo,
    UndoAll,
    RedoAll,
    /// Undo or redo to the position after the first `n` moves of the game record (the move list).
    GoTo(usize),
    /// Show side line `line` (an index of `Game::side_lines`) at the position after its first
    /// `moves` moves; the line shown until then becomes a side line.
    GoToLine {
        line: usize,
        moves: usize,
    },
    ResumePlay,
    /// The computer's turn waits (the player stopped it) until play is resumed.
    Suspend,
    SetPlayers(Players),
    /// Replace the game (opened file, pasted transcript or position), and the players if given.
    Load(Box<Game>, Option<Players>),
    /// The player gives up (see [`Match::resigning_side`]); the opponent is credited 64-0.
    Resign,
    /// `Color`'s clock ran out.
    LoseOnTime(Color),
    /// An online game ended otherwise than on the board: the friend resigned, a draw was
    /// agreed, or a side's time ran out on the online game's clock.
    End(EndReason),
    /// The player's comment on the move at `index` of the game's history; an empty text removes
    /// it. The position stays as it is.
    Comment {
        index: usize,
        text: String,
    },
}

/// A game has just ended, by its last move, resignation or time: sent once per game.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameEnded {
    pub result: GameResult,
    pub players: Players,
    /// The board and rules it was played by: each variant has its own statistics.
    pub variant: Variant,
}

/// What changed on the board, for the view to animate or reconcile.
#[derive(Message, Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardChanged {
    /// `color` played `square` and flipped `flipped`.
    Played {
        square: Square,
        color: Color,
        flipped: Bits,
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
    pub reason: Text,
}

/// A sentence for the player about the last thing they tried (an illegal click, a queued move);
/// cleared by the next change of position. When empty the status line describes the position.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Notice(Vec<Text>);

impl Notice {
    /// Says `sentence` instead of what was there.
    pub fn set(&mut self, sentence: Text) {
        self.0 = vec![sentence];
    }

    /// Adds a sentence after what is already there (start-up may have several things to say).
    pub fn add(&mut self, sentence: Text) {
        self.0.push(sentence);
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The sentences in the player's language.
    pub fn words(&self, locale: &Locale) -> String {
        let sentences: Vec<String> = self.0.iter().map(|text| locale.render(text)).collect();
        sentences.join(" ")
    }
}

/// The rules and the clock the next new game starts with. The settings write it; the game never
/// reads the settings themselves.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NextGame {
    pub rules: Rules,
    pub clock: Option<ClockSettings>,
}

/// True while any disc or marker is still moving; the view maintains it.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct Animating(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<Match>()
        .init_resource::<Notice>()
        .init_resource::<apply::DeferredMoves>()
        .init_resource::<Animating>()
        .init_resource::<NextGame>()
        .init_resource::<ComputerTime>()
        .init_resource::<PlayerNames>()
        .init_resource::<ScriptedSide>()
        .add_message::<MoveRequested>()
        .add_message::<GameCommand>()
        .add_message::<BoardChanged>()
        .add_message::<MoveRejected>()
        .add_message::<GameEnded>()
        .add_message::<SetupCommand>()
        .init_resource::<setup::BeforeSetup>()
        .add_systems(
            Update,
            (
                apply::apply_commands,
                apply::apply_moves,
                // After the moves: a click while editing becomes a setup command in the same
                // frame (an idle window may draw no next frame to pick it up).
                setup::apply_setup,
                apply::announce_game_end,
            )
                .chain()
                .in_set(GameSystems::Apply),
        )
        .add_plugins((clock::plugin, pass::plugin));
}
