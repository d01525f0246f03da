//! Position setup: an edit mode in which a press on a square cycles it (empty, black, white), the
//! board can be cleared or set to the start, and the side to move chosen; Done accepts a position
//! that can be played and starts a game from it, Cancel brings the game back as it was. While
//! editing, nobody is to move: no computer, no clock, no forced pass.

use bevy::prelude::*;
use reversi_engine::variant::{Bits, CentreError, VariantBoard};
use reversi_engine::{Color, Game, Square};

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
        let board = state.board();
        let edited = match *command {
            SetupCommand::Begin if state.editing => continue,
            SetupCommand::Begin => {
                before.0 = Some(state.game.clone());
                state.editing = true;
                notice.set(Text::new("notice-setup-begin"));
                Some(board)
            }
            SetupCommand::Cycle(square) => cycle(&board, square),
            SetupCommand::Clear => with_discs(&board, Bits::EMPTY, Bits::EMPTY, board.to_move()),
            SetupCommand::Start => {
                let start = VariantBoard::start(board.variant());
                let (black, white) = (start.discs(Color::Black), start.discs(Color::White));
                with_discs(&board, black, white, board.to_move())
            }
            SetupCommand::SideToMove(color) => with_discs(
                &board,
                board.discs(Color::Black),
                board.discs(Color::White),
                color,
            ),
            SetupCommand::Done => match playable(&board) {
                Err(reason) => {
                    notice.set(Text::new("notice-setup-unplayable").with("reason", reason));
                    continue;
                }
                Ok(()) => {
                    state.editing = false;
                    before.0 = None;
                    *clock = Clock::start(next_game.clock);
                    notice.set(Text::new("notice-setup-done").with("color", board.to_move()));
                    Some(board)
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
        // A square off the board, or more discs than a fixed supply holds, changes nothing.
        let Some(edited) = edited else {
            continue;
        };
        state.game = Game::from_board(edited, state.game.rules().scoring);
        state.suspended = state.computer_to_move();
        // A position set up is not a game played: its end is not counted in the statistics.
        state.ended = state.game.is_over();
        state.touch();
        changed.write(BoardChanged::Jumped);
    }
}

/// The next state of a square: empty, black, white, empty.
fn cycle(board: &VariantBoard, square: Square) -> Option<VariantBoard> {
    let (mut black, mut white) = (board.discs(Color::Black), board.discs(Color::White));
    let only = Bits::single(square);
    match board.disc_at(square) {
        Some(Color::Black) => {
            black &= !only;
            white |= only;
        }
        Some(Color::White) => white &= !only,
        None => black |= only,
    }
    with_discs(board, black, white, board.to_move())
}

/// `board`'s variant with these discs and side to move, if the variant allows them.
fn with_discs(
    board: &VariantBoard,
    black: Bits,
    white: Bits,
    to_move: Color,
) -> Option<VariantBoard> {
    VariantBoard::from_discs(board.variant(), black, white, to_move)
}

/// Whether a game can be played from `board`: a centre its variant's start can lead to, both
/// colours on it (unless the first discs of an empty-centre start are still to be placed), and
/// a move for someone.
fn playable(board: &VariantBoard) -> Result<(), Text> {
    if let Some(error) = board.centre_error() {
        return Err(match error {
            CentreError::Empty => Text::new("setup-centre-empty"),
            CentreError::OutsideFirst => Text::new("setup-centre-first"),
            CentreError::Order { first } => Text::new("setup-centre-order").with("color", first),
            CentreError::Turn { turn } => Text::new("setup-centre-turn").with("color", turn),
        });
    }
    // While the first discs go in the centre, one colour may have none yet.
    if !board.is_placing_centre() {
        for color in [Color::Black, Color::White] {
            if board.count(color) == 0 {
                return Err(Text::new("setup-no-discs").with("color", color));
            }
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
    use reversi_engine::variant::Variant;

    #[test]
    fn a_square_cycles_through_empty_black_and_white() {
        let d3: Square = "d3".parse().expect("a square");
        let start = VariantBoard::start(Variant::OTHELLO);
        let once = cycle(&start, d3).expect("on the board");
        assert_eq!(once.disc_at(d3), Some(Color::Black));
        let twice = cycle(&once, d3).expect("on the board");
        assert_eq!(twice.disc_at(d3), Some(Color::White));
        assert_eq!(cycle(&twice, d3), Some(start));
        // Eight-star's a1 is not a square of its board.
        let star = VariantBoard::start(Variant::EIGHT_STAR);
        assert_eq!(cycle(&star, "a1".parse().expect("a square")), None);
    }

    #[test]
    fn positions_that_cannot_be_played_are_refused_with_the_reason() {
        let square = |name: &str| name.parse::<Square>().expect("a square");
        let start = VariantBoard::start(Variant::othello(10));
        assert_eq!(playable(&start), Ok(()));
        let centre = start.discs(Color::Black) | start.discs(Color::White);
        let no_white = with_discs(&start, centre, Bits::EMPTY, Color::Black).expect("a board");
        let no_white_discs = Text::new("setup-no-discs").with("color", Color::White);
        assert_eq!(playable(&no_white), Err(no_white_discs));
        // A black centre and a white corner far from it: nobody can move.
        let stuck =
            with_discs(&start, centre, Bits::single(square("a1")), Color::Black).expect("a board");
        assert_eq!(playable(&stuck), Err(Text::new("setup-no-moves")));
        // The old rules start empty, and their first discs go in the centre.
        let old = VariantBoard::start(Variant::REVERSI_1876);
        assert_eq!(playable(&old), Ok(()));
        let outside = with_discs(&old, Bits::single(square("a1")), Bits::EMPTY, Color::White)
            .expect("a board");
        assert_eq!(playable(&outside), Err(Text::new("setup-centre-first")));
    }

    #[test]
    fn the_centre_must_be_as_a_game_could_have_left_it() {
        let square = |name: &str| Bits::single(name.parse::<Square>().expect("a square"));
        // Othello starts with the centre full: no disc ever leaves it.
        let start = VariantBoard::start(Variant::OTHELLO);
        let black = start.discs(Color::Black) & !square("e4");
        let white = start.discs(Color::White) | square("c3");
        let hole = with_discs(&start, black, white, Color::Black).expect("a board");
        assert_eq!(playable(&hole), Err(Text::new("setup-centre-empty")));

        // The old rules: white places first, then black, one disc each in turn.
        let old = VariantBoard::start(Variant::REVERSI_1876);
        let order = |color| Text::new("setup-centre-order").with("color", color);
        let turn = |color| Text::new("setup-centre-turn").with("color", color);
        let three_black = with_discs(
            &old,
            square("d4") | square("e4") | square("d5"),
            Bits::EMPTY,
            Color::White,
        )
        .expect("a board");
        assert_eq!(playable(&three_black), Err(order(Color::White)));
        let one_white = with_discs(&old, Bits::EMPTY, square("d4"), Color::White).expect("a board");
        assert_eq!(playable(&one_white), Err(turn(Color::Black)));
        let white_then_black =
            with_discs(&old, square("e4"), square("d4"), Color::White).expect("a board");
        assert_eq!(playable(&white_then_black), Ok(()));
        let empty_for_black =
            with_discs(&old, Bits::EMPTY, Bits::EMPTY, Color::Black).expect("a board");
        assert_eq!(playable(&empty_for_black), Err(turn(Color::White)));
    }
}
