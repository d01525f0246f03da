//! The rules as a player meets them: legal moves and flips (against a plain array reference),
//! passes, the end of the game and its score, resignation, time loss, who moves first, undo and
//! redo, and saved games.

mod common;

use common::random_game;
use proptest::prelude::*;
use reversi_engine::board::{Board, MoveError, parse_board_string};
use reversi_engine::variant::{Goal, Scoring, VariantBoard};
use reversi_engine::{
    Color, EndReason, Game, GameError, GameRecord, Move, Rules, Square, bitboard,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn board(text: &str) -> Board {
    parse_board_string(text).unwrap()
}

/// A board string from eight rows of eight squares each, and the side to move.
fn rows(rows: [&str; 8], to_move: char) -> Board {
    board(&format!("{} {to_move}", rows.concat()))
}

/// The straightforward reference: an 8x8 grid, walking the eight directions square by square.
mod reference {
    use reversi_engine::board::Board;

    /// 1 for the side to move, -1 for the opponent, 0 for empty; `grid[row][column]`.
    pub fn grid(board: &Board) -> [[i8; 8]; 8] {
        let (player, opponent) = match board.to_move {
            reversi_engine::Color::Black => (board.black, board.white),
            reversi_engine::Color::White => (board.white, board.black),
        };
        let mut grid = [[0i8; 8]; 8];
        for (row, line) in grid.iter_mut().enumerate() {
            for (column, cell) in line.iter_mut().enumerate() {
                let bit = 1u64 << (row * 8 + column);
                if player & bit != 0 {
                    *cell = 1;
                } else if opponent & bit != 0 {
                    *cell = -1;
                }
            }
        }
        grid
    }

    /// The squares (as bit indices) flipped by the side to move playing at (row, column).
    pub fn flips(grid: &[[i8; 8]; 8], row: i32, column: i32) -> Vec<usize> {
        let mut flipped = Vec::new();
        if grid[row as usize][column as usize] != 0 {
            return flipped;
        }
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            let mut line = Vec::new();
            let (mut r, mut c) = (row + dr, column + dc);
            while (0..8).contains(&r) && (0..8).contains(&c) && grid[r as usize][c as usize] == -1 {
                line.push((r * 8 + c) as usize);
                r += dr;
                c += dc;
            }
            if !line.is_empty()
                && (0..8).contains(&r)
                && (0..8).contains(&c)
                && grid[r as usize][c as usize] == 1
            {
                flipped.extend(line);
            }
        }
        flipped
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn bitboard_moves_and_flips_match_the_grid_reference(
        choices in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut game = random_game(&choices, Rules::default());
        // Check every position along the game, not only its last.
        loop {
            let board = game.standard_board().unwrap();
            let grid = reference::grid(&board);
            let position = board.position();
            let mut expected_moves = 0u64;
            for index in 0..64 {
                let flipped = reference::flips(&grid, index / 8, index % 8);
                let expected: u64 = flipped.iter().map(|&i| 1u64 << i).sum();
                let square = Square::from_index(index as u8).unwrap();
                prop_assert_eq!(position.flips(square), expected, "{} on {}", square, board.to_board_string());
                if grid[(index / 8) as usize][(index % 8) as usize] == 0 {
                    prop_assert_eq!(
                        bitboard::flips(position.player, position.opponent, index as usize),
                        expected
                    );
                }
                if expected != 0 {
                    expected_moves |= 1 << index;
                }
            }
            prop_assert_eq!(position.legal_moves(), expected_moves, "{}", board.to_board_string());
            if !game.undo() {
                break;
            }
        }
    }

    #[test]
    fn undo_then_redo_restores_the_exact_game(
        choices in prop::collection::vec(any::<u8>(), 0..70),
        back in 0usize..70,
    ) {
        let original = random_game(&choices, Rules::default());
        let mut game = original.clone();
        for _ in 0..back {
            game.undo();
        }
        prop_assert_eq!(game.cursor(), original.cursor().saturating_sub(back));
        prop_assert_eq!(game.history(), original.history());
        for _ in 0..back {
            game.redo();
        }
        prop_assert_eq!(&game, &original);
        game.undo_all();
        prop_assert_eq!(game.board(), original.start_board());
        game.redo_all();
        prop_assert_eq!(&game, &original);
    }

    #[test]
    fn a_saved_game_loads_back_identical(
        choices in prop::collection::vec(any::<u8>(), 0..70),
        back in 0usize..5,
    ) {
        let mut game = random_game(&choices, Rules { scoring: Scoring::EmptiesToWinner, ..Rules::othello(Color::Black) });
        for _ in 0..back {
            game.undo();
        }
        let text = ron::to_string(&game).unwrap();
        let loaded: Game = ron::from_str(&text).unwrap();
        prop_assert_eq!(loaded, game);
    }
}

#[test]
fn the_standard_start_gives_black_four_moves_and_white_first_is_an_option() {
    let game = Game::default();
    assert_eq!(game.board().to_move(), Color::Black);
    let moves: Vec<String> = game
        .board()
        .legal_moves()
        .squares()
        .map(|square| square.to_string())
        .collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);

    let mut game = Game::new(Rules::othello(Color::White));
    assert_eq!(game.board().to_move(), Color::White);
    let moves: Vec<String> = game
        .board()
        .legal_moves()
        .squares()
        .map(|square| square.to_string())
        .collect();
    assert_eq!(moves, ["e3", "f4", "c5", "d6"]);
    assert_eq!(
        game.play(Move::Play(sq("f5"))),
        Err(GameError::Move(MoveError::FlipsNothing(sq("f5"))))
    );
    game.play(Move::Play(sq("e3"))).unwrap();
    assert_eq!(game.board().count(Color::White), 4);
    assert_eq!(game.board().to_move(), Color::Black);
}

#[test]
fn a_move_flips_every_outflanked_line_and_nothing_else() {
    // Black on d4 outflanks white along the row (e4), the column (d5) and a diagonal (e5), but
    // not c4-b4 (no black disc behind) nor the chain past d6 (no chain reactions).
    let before = rows(
        [
            "--------", "--------", "--------", "-OO-OX--", "---OO---", "---O-X--", "---X----",
            "--------",
        ],
        'X',
    );
    let after = before.play(sq("d4")).unwrap();
    let expected = rows(
        [
            "--------", "--------", "--------", "-OOXXX--", "---XX---", "---X-X--", "---X----",
            "--------",
        ],
        'O',
    );
    assert_eq!(after, expected);
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut game = Game::default();
    assert_eq!(
        game.play(Move::Play(sq("d4"))),
        Err(GameError::Move(MoveError::Occupied(sq("d4"))))
    );
    assert_eq!(
        game.play(Move::Play(sq("a1"))),
        Err(GameError::Move(MoveError::FlipsNothing(sq("a1"))))
    );
    assert_eq!(
        game.play(Move::Pass),
        Err(GameError::Move(MoveError::PassNotAllowed)),
        "a pass is never allowed while a legal move exists"
    );
    assert_eq!(game.cursor(), 0, "a refused move changes nothing");
}

#[test]
fn a_player_without_moves_must_pass_and_the_pass_is_recorded() {
    // White to move has no move (b1 cannot outflank a1), black can play c1.
    let start = board(&format!("XO{} O", "-".repeat(62)));
    let mut game = Game::from_board(VariantBoard::standard(&start), Scoring::DiscCount);
    assert!(game.board().must_pass());
    assert!(!game.is_over());
    assert_eq!(
        game.play(Move::Play(sq("c1"))),
        Err(GameError::Move(MoveError::FlipsNothing(sq("c1")))),
        "a pass is never implicit"
    );
    game.play(Move::Pass).unwrap();
    assert_eq!(game.board().to_move(), Color::Black);
    assert_eq!(
        game.play(Move::Pass),
        Err(GameError::Move(MoveError::PassNotAllowed))
    );
    assert_eq!(game.last_move(), Some(Move::Pass));
    game.play(Move::Play(sq("c1"))).unwrap();
    assert_eq!(game.moves(), &[Move::Pass, Move::Play(sq("c1"))]);
    assert_eq!(game.last_move(), Some(Move::Play(sq("c1"))));
    assert_eq!(
        game.transcript(),
        "c1",
        "passes are left out of transcripts"
    );
    // White is wiped out: the game is over.
    assert!(game.is_over());
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white), (3, 0));
    assert_eq!(result.reason, EndReason::NoMoves);
    assert_eq!(
        game.play(Move::Pass),
        Err(GameError::GameOver),
        "nothing is played after the end"
    );
}

#[test]
fn a_wipeout_ends_the_game() {
    let game = Game::from_transcript("d3c3b3d2e1d6d7e3f4", Rules::default()).unwrap();
    assert!(game.is_over());
    assert_eq!(game.board().count(Color::White), 0);
    let result = game.result().unwrap();
    assert_eq!(result.winner(), Some(Color::Black));
    assert_eq!(result.white, 0);

    let federation = Rules {
        scoring: Scoring::EmptiesToWinner,
        ..Rules::default()
    };
    let game = Game::from_transcript("d3c3b3d2e1d6d7e3f4", federation).unwrap();
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white), (64, 0));
}

/// Black 29, white 34, a1 empty and unplayable for both: row 1, column a and the long diagonal
/// next to a1 are black, so white cannot outflank from a1 and black cannot play next to itself.
fn blocked_29_34() -> Board {
    let mut black = 0u64;
    for index in 1..8 {
        black |= 1 << index; // b1..h1
        black |= 1 << (index * 8); // a2..a8
        black |= 1 << (index * 9); // b2..h8
    }
    let mut extra = 8;
    let mut white = 0u64;
    for index in 1..64 {
        if black & (1 << index) != 0 {
            continue;
        }
        if extra > 0 {
            black |= 1 << index;
            extra -= 1;
        } else {
            white |= 1 << index;
        }
    }
    Board {
        black,
        white,
        to_move: Color::Black,
    }
}

#[test]
fn a_blocked_board_ends_the_game_and_the_scoring_rule_decides_the_empties() {
    let position = blocked_29_34();
    assert_eq!(
        (position.count(Color::Black), position.count(Color::White)),
        (29, 34)
    );
    let game = Game::from_board(VariantBoard::standard(&position), Scoring::DiscCount);
    assert!(game.is_over(), "neither side can play a1");
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white), (29, 34));
    assert_eq!(result.winner(), Some(Color::White));

    let game = Game::from_board(VariantBoard::standard(&position), Scoring::EmptiesToWinner);
    let result = game.result().unwrap();
    assert_eq!(
        (result.black, result.white),
        (29, 35),
        "the empty square goes to the winner"
    );
    let mut game = game;
    game.set_scoring(Scoring::DiscCount);
    assert_eq!(
        game.result().unwrap().white,
        34,
        "a settings change rescoring"
    );
}

/// In Reverse Othello the side with fewer discs wins, the empty square counts against the side
/// with more, and a resignation gives the loser the whole board.
#[test]
fn in_reverse_othello_the_fewest_discs_win() {
    let position = blocked_29_34();
    let reverse = VariantBoard::standard(&position).with_goal(Goal::FewestDiscs);
    let result = Game::from_board(reverse, Scoring::EmptiesToWinner)
        .result()
        .unwrap();
    assert_eq!((result.black, result.white), (29, 35));
    assert_eq!(result.winner(), Some(Color::Black));
    assert_eq!(result.winner_first(), (29, 35));
    assert_eq!(
        result.to_string(),
        "Black wins 29-35, the fewest discs winning"
    );

    let start = VariantBoard::start(reversi_engine::variant::Variant::reverse(8));
    let mut game = Game::from_board(start, Scoring::DiscCount);
    game.resign(Color::Black).unwrap();
    let resigned = game.result().unwrap();
    assert_eq!((resigned.black, resigned.white), (64, 0));
    assert_eq!(resigned.winner(), Some(Color::White));
}

#[test]
fn equal_discs_are_a_draw_under_both_scoring_rules() {
    // A full board, 32 each.
    let full = board(&format!("{} X", "XO".repeat(32)));
    let result = Game::from_board(VariantBoard::standard(&full), Scoring::DiscCount)
        .result()
        .unwrap();
    assert_eq!(
        (result.black, result.white, result.winner()),
        (32, 32, None)
    );

    // 31 each, a1 and h1 empty and unplayable: row 1 between them is black, and every other
    // line from a1 or h1 is white to the edge, so nobody can outflank from either corner.
    let square = |column: u64, row: u64| 1u64 << (row * 8 + column);
    let mut black = 0u64;
    let mut white = 0u64;
    for step in 1..8 {
        if step < 7 {
            black |= square(step, 0); // b1..g1
        }
        white |= square(0, step); // a2..a8
        white |= square(step, step); // b2..h8
        white |= square(7, step); // h2..h8
        white |= square(7 - step, step); // g2..a8
    }
    let (mut more_black, mut more_white) = (31 - black.count_ones(), 31 - white.count_ones());
    for index in 0..64 {
        let bit = 1u64 << index;
        if index == 0 || index == 7 || (black | white) & bit != 0 {
            continue;
        }
        if more_black > 0 {
            black |= bit;
            more_black -= 1;
        } else if more_white > 0 {
            white |= bit;
            more_white -= 1;
        }
    }
    let position = Board {
        black,
        white,
        to_move: Color::White,
    };
    assert_eq!(
        (position.count(Color::Black), position.count(Color::White)),
        (31, 31)
    );
    let game = Game::from_board(VariantBoard::standard(&position), Scoring::DiscCount);
    assert!(game.is_over());
    let result = game.result().unwrap();
    assert_eq!(
        (result.black, result.white, result.winner()),
        (31, 31, None)
    );
    let game = Game::from_board(VariantBoard::standard(&position), Scoring::EmptiesToWinner);
    let result = game.result().unwrap();
    assert_eq!(
        (result.black, result.white, result.winner()),
        (32, 32, None),
        "a draw splits the empties"
    );
}

#[test]
fn resignation_scores_64_0_and_can_be_undone() {
    let mut game = Game::from_transcript("f5d6c3", Rules::default()).unwrap();
    game.resign(Color::Black).unwrap();
    assert!(game.is_over());
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white), (0, 64));
    assert_eq!(result.reason, EndReason::Resigned(Color::Black));
    assert_eq!(result.winner(), Some(Color::White));
    assert_eq!(game.resign(Color::White), Err(GameError::GameOver));
    assert_eq!(game.play(Move::Play(sq("d3"))), Err(GameError::GameOver));

    assert!(game.can_undo());
    assert!(game.undo(), "undo first takes back the resignation");
    assert!(!game.is_over());
    assert_eq!(game.cursor(), 3, "the moves stay");
    game.play(Move::Play(sq("d3"))).unwrap();
}

#[test]
fn an_agreed_draw_splits_the_board_and_is_kept_in_the_saved_record() {
    let mut game = Game::from_transcript("f5d6c3", Rules::default()).unwrap();
    game.agree_draw().unwrap();
    let result = game.result().unwrap();
    assert_eq!(
        (result.black, result.white, result.winner()),
        (32, 32, None)
    );
    assert_eq!(result.reason, EndReason::DrawAgreed);
    assert_eq!(game.agree_draw(), Err(GameError::GameOver));
    let text = ron::to_string(&game).unwrap();
    let read: Game = ron::from_str(&text).unwrap();
    assert_eq!(read.result(), game.result());
}

#[test]
fn resigning_after_an_undo_drops_the_redo_tail() {
    let mut game = Game::from_transcript("f5d6c3d3", Rules::default()).unwrap();
    game.undo();
    game.undo();
    game.resign(Color::White).unwrap();
    assert_eq!(game.history().len(), 2);
    assert!(!game.can_redo());
    assert_eq!(game.result().unwrap().score(Color::Black), 64);
}

#[test]
fn running_out_of_time_loses_64_0() {
    let mut game = Game::default();
    game.lose_on_time(Color::Black).unwrap();
    let result = game.result().unwrap();
    assert_eq!((result.black, result.white), (0, 64));
    assert_eq!(result.reason, EndReason::OutOfTime(Color::Black));
    assert_eq!(game.lose_on_time(Color::White), Err(GameError::GameOver));
    game.undo();
    assert!(game.result().is_none());
}

#[test]
fn a_finished_game_cannot_be_resigned() {
    let mut game = Game::from_board(VariantBoard::standard(&blocked_29_34()), Scoring::DiscCount);
    assert_eq!(game.resign(Color::White), Err(GameError::GameOver));
    assert_eq!(game.lose_on_time(Color::White), Err(GameError::GameOver));
    assert_eq!(game.result().unwrap().reason, EndReason::NoMoves);
}

#[test]
fn a_new_move_after_undo_drops_the_redo_tail() {
    let mut game = Game::from_transcript("f5d6c3d3c4", Rules::default()).unwrap();
    game.undo();
    game.undo();
    assert!(game.can_redo());
    assert_eq!(game.history().len(), 5);
    game.play(Move::Play(sq("f4"))).unwrap();
    assert_eq!(game.history().len(), 4);
    assert!(!game.can_redo());
    assert!(!game.redo());
    assert_eq!(game.transcript(), "f5d6c3f4");
}

#[test]
fn a_tampered_saved_game_is_refused() {
    let game = Game::from_transcript("f5d6c3", Rules::default()).unwrap();
    let record: GameRecord = game.clone().into();

    let mut bad = record.clone();
    bad.moves.push(Move::Play(sq("a1")));
    bad.cursor = 4;
    let error = Game::try_from(bad).unwrap_err();
    assert!(error.to_string().contains("move 4 (a1)"), "{error}");

    let mut bad = record.clone();
    bad.cursor = 9;
    assert!(Game::try_from(bad).is_err(), "cursor past the moves");

    let mut bad = record.clone();
    bad.start = "not a board".into();
    assert!(Game::try_from(bad).is_err());

    let mut bad = record.clone();
    bad.cursor = 1;
    bad.ending = Some(EndReason::Resigned(Color::White));
    assert!(
        Game::try_from(bad).is_err(),
        "an ending before the last move"
    );

    let mut bad = record.clone();
    bad.ending = Some(EndReason::NoMoves);
    assert!(Game::try_from(bad).is_err(), "the game is not over");

    // The same through RON text, as a saved file would be edited.
    let text = ron::to_string(&game).unwrap();
    let tampered = text.replace("\"c3\"", "\"h8\"");
    assert_ne!(text, tampered);
    assert!(ron::from_str::<Game>(&tampered).is_err());
    let tampered = text.replace("\"c3\"", "\"z9\"");
    assert!(ron::from_str::<Game>(&tampered).is_err());

    let mut good = record;
    good.cursor = 1;
    let loaded = Game::try_from(good).unwrap();
    assert_eq!(loaded.cursor(), 1);
    assert_eq!(loaded.history().len(), 3);
}
