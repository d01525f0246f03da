//! Position setup: an edit mode in which a press on a square cycles it (empty, black, white), the
//! board can be cleared or set to the start, and the side to move chosen; Done accepts a position
//! that can be played and starts a game from it, Cancel brings the game back as it was. While
//! editing, nobody is to move: no computer, no clock, no forced pass.

use bevy::prelude::*;
use reversi_engine::variant::VariantBoard;
use reversi_engine::{Board, Color, Game, Square};

use super::{BoardChanged, Clock, Match, NextGame, Notice};
use crate::locale::Text;

/// What the setup window and the board ask of the edit mode.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupCommand {
    /// Start editing from the position on the board.
    Begin,
    /// Empty, then black, then white, then empty again.
    Cycle(Square),
    Clear,
    /// The four centre discs of the standard start.
    Start,
    SideToMove(Color),
    /// Play from the position edited, if it can be played.
    Done,
    /// Back to the game as it was before editing.
    Cancel,
}

/// The game as it was when editing began, for Cancel.
#[derive(Resource, Default)]
pub(super) struct BeforeSetup(Option<Game>);

pub(super) fn apply_setup(
    mut commands: MessageReader<SetupCommand>,
    mut state: ResMut<Match>,
    mut before: ResMut<BeforeSetup>,
    next_game: Res<NextGame>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut changed: MessageWriter<BoardChanged>,
) {
    for command in commands.read() {
        if !state.editing && *command != SetupCommand::Begin {
            continue;
        }
        // Positions are set up on the standard board.
        let Some(board) = state.game.standard_board() else {
            continue;
        };
        let edited = match *command {
            SetupCommand::Begin if state.editing => continue,
            SetupCommand::Begin => {
                before.0 = Some(state.game.clone());
                state.editing = true;
                notice.set(Text::new("notice-setup-begin"));
                board
            }
            SetupCommand::Cycle(square) => cycle(board, square),
            SetupCommand::Clear => Board {
                black: 0,
                white: 0,
                ..board
            },
            SetupCommand::Start => Board::start(board.to_move),
            SetupCommand::SideToMove(color) => Board {
                to_move: color,
                ..board
            },
            SetupCommand::Done => match playable(&board) {
                Err(reason) => {
                    notice.set(Text::new("notice-setup-unplayable").with("reason", reason));
                    continue;
                }
                Ok(()) => {
                    state.editing = false;
                    before.0 = None;
                    *clock = Clock::start(next_game.clock);
                    notice.set(Text::new("notice-setup-done").with("color", board.to_move));
                    board
                }
            },
            SetupCommand::Cancel => {
                state.editing = false;
                let game = before.0.take().unwrap_or_else(|| state.game.clone());
                state.game = game;
                state.suspended = state.computer_to_move();
                state.ended = state.game.is_over();
                notice.clear();
                state.touch();
                changed.write(BoardChanged::Jumped);
                continue;
            }
        };
        state.game = Game::from_board(VariantBoard::standard(&edited), state.game.rules().scoring);
        state.suspended = state.computer_to_move();
        // A position set up is not a game played: its end is not counted in the statistics.
        state.ended = state.game.is_over();
        state.touch();
        changed.write(BoardChanged::Jumped);
    }
}

/// The next state of a square: empty, black, white, empty.
fn cycle(board: Board, square: Square) -> Board {
    let bit = square.bit();
    let (black, white) = if board.black & bit != 0 {
        (board.black & !bit, board.white | bit)
    } else if board.white & bit != 0 {
        (board.black, board.white & !bit)
    } else {
        (board.black | bit, board.white)
    };
    Board {
        black,
        white,
        to_move: board.to_move,
    }
}

/// Whether a game can be played from `board`: both colours on it, and a move for someone.
fn playable(board: &Board) -> Result<(), Text> {
    for color in [Color::Black, Color::White] {
        if board.count(color) == 0 {
            return Err(Text::new("setup-no-discs").with("color", color));
        }
    }
    if board.is_game_over() {
        return Err(Text::new("setup-no-moves"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_cycles_through_empty_black_and_white() {
        let d3: Square = "d3".parse().expect("a square");
        let start = Board::start(Color::Black);
        let once = cycle(start, d3);
        assert_eq!(once.black & d3.bit(), d3.bit());
        let twice = cycle(once, d3);
        assert_eq!(
            (twice.black & d3.bit(), twice.white & d3.bit()),
            (0, d3.bit())
        );
        assert_eq!(cycle(twice, d3), start);
    }

    #[test]
    fn positions_that_cannot_be_played_are_refused_with_the_reason() {
        let start = Board::start(Color::White);
        assert_eq!(playable(&start), Ok(()));
        let no_white = Board { white: 0, ..start };
        let no_white_discs = Text::new("setup-no-discs").with("color", Color::White);
        assert_eq!(playable(&no_white), Err(no_white_discs));
        // Two discs in opposite corners: neither side can outflank anything.
        let stuck = Board {
            black: 1,
            white: 1 << 63,
            to_move: Color::Black,
        };
        assert_eq!(playable(&stuck), Err(Text::new("setup-no-moves")));
    }
}
