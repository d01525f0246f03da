//! Learning with the game: an opening drill against the book, a puzzle answered on the board,
//! and the puzzles a review makes of a game's costly moves; what was practised is kept.

use std::time::Duration;

use bevy::prelude::*;
use reversi::ai::{Review, ReviewRequest};
use reversi::study::{StudyCommand, StudyRecord, Studying};
use reversi_engine::book::Book;
use reversi_engine::study::drill::{Drill, DrillChoice, Line};
use reversi_engine::study::puzzles::{Source, built_in};
use reversi_engine::{Color, Game, Move, Rules, Square};

use super::common::*;

fn record(app: &App) -> &StudyRecord {
    app.world().resource::<StudyRecord>()
}

fn drill_finished(app: &App) -> bool {
    app.world()
        .resource::<Studying>()
        .drill()
        .is_some_and(|drill| drill.finished)
}

/// Training the Tiger as Black: the book plays White's moves, a move off the line is shown with
/// its cost and the line's move, Try again takes it back, and the drill's card remembers the
/// mistake after a restart.
#[test]
fn an_opening_drill_plays_the_book_and_judges_the_player_s_moves() {
    let dir = scratch_dir("drill");
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    let choice = DrillChoice {
        line: Line::Named("Tiger".into()),
        player: Color::Black,
        seed: 1,
    };
    command(&mut app, StudyCommand::StartDrill(choice.clone()));
    settle(&mut app);
    assert!(state(&app).players.black.is_human());
    assert!(!state(&app).players.white.is_human());
    play(&mut app, "f5");
    await_moves(&mut app, 2);
    play(&mut app, "c3");
    await_moves(&mut app, 4);
    assert_eq!(state(&app).game.transcript(), "f5d6c3d3");

    let drill = Drill::new(choice.clone()).unwrap();
    let moves = state(&app).game.moves().to_vec();
    let wrong = state(&app)
        .board()
        .legal_moves()
        .squares()
        .find(|&square| !drill.judge(&moves, square).unwrap().accepted)
        .expect("a move off the Tiger");
    play(&mut app, &wrong.to_string());
    settle(&mut app);
    let session = app.world().resource::<Studying>().drill().unwrap();
    let verdict = session.last.clone().unwrap();
    assert!(!verdict.accepted && session.waiting);
    assert_eq!(
        verdict.named.map(|square| square.to_string()),
        Some("c4".into())
    );
    assert_eq!(state(&app).game.moves().len(), 5, "the book waits");

    command(&mut app, StudyCommand::TryAgain);
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 4);
    play(&mut app, "c4");
    settle(&mut app);
    for _ in 0..20 {
        if drill_finished(&app) {
            break;
        }
        if state(&app).human_to_move() {
            let board = state(&app).board().to_standard().unwrap();
            let best = Book::shipped().lookup(&board).unwrap()[0].square;
            play(&mut app, &best.to_string());
            settle(&mut app);
        } else {
            let replied = state(&app).game.moves().len() + 1;
            await_moves(&mut app, replied);
        }
    }
    assert!(drill_finished(&app));
    let card = record(&app).card(&drill.key()).cloned().expect("counted");
    assert_eq!((card.successes, card.failures), (0, 1));

    let again = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    assert_eq!(record(&again).card(&drill.key()), Some(&card));
    assert_eq!(record(&again).drills, [choice]);
}

/// FFO #40 on the board: a wrong answer is checked by the solver and refuted, Try again puts the
/// position back, and the best move is right; nobody answers the player's move.
#[test]
fn a_puzzle_is_answered_on_the_board_and_checked() {
    let dir = scratch_dir("puzzle");
    let mut app = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    let puzzle = built_in()
        .into_iter()
        .find(|puzzle| puzzle.source == Source::Ffo(40))
        .unwrap();
    command(
        &mut app,
        StudyCommand::StartPuzzle(Box::new(puzzle.clone())),
    );
    settle(&mut app);
    assert_eq!(state(&app).board().to_standard(), Some(puzzle.board));
    let wrong = (0..64)
        .filter_map(Square::from_index)
        .find(|&square| puzzle.board.is_legal(square) && !puzzle.best.contains(&square))
        .expect("a move that is not the best");
    play(&mut app, &wrong.to_string());
    let checked = |app: &App| {
        app.world()
            .resource::<Studying>()
            .puzzle()
            .and_then(|session| match &session.check {
                reversi::study::PuzzleCheck::Checked { checked, .. } => Some(checked.clone()),
                _ => None,
            })
    };
    run_until(&mut app, Duration::from_secs(60), |app| {
        checked(app).is_some()
    });
    let verdict = checked(&app).unwrap();
    assert!(!verdict.correct && verdict.exact);
    assert!(verdict.score_of_answer < puzzle.score);
    assert!(!verdict.refutation.is_empty());
    assert_eq!(state(&app).game.moves().len(), 1, "nobody answered");

    command(&mut app, StudyCommand::RetryPuzzle);
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 0);
    play(&mut app, &puzzle.best[0].to_string());
    run_until(&mut app, Duration::from_secs(60), |app| {
        checked(app).is_some()
    });
    assert!(checked(&app).unwrap().correct);
    let card = record(&app).card(&puzzle.key()).unwrap();
    assert_eq!((card.successes, card.failures), (1, 1));
}

/// A game whose move lost 4 discs or more by the book's values, and the position and the book's
/// best move there.
fn game_with_a_costly_move() -> (Game, reversi_engine::board::Board, Square) {
    let mut record_game = Game::new(Rules::default());
    let (position, best) = loop {
        let board = record_game.board().to_standard().unwrap();
        let moves = Book::shipped().lookup(&board).expect("in the book");
        let (best, worst) = (moves[0], moves[moves.len() - 1]);
        if best.score - worst.score >= 4 {
            record_game.play(Move::Play(worst.square)).unwrap();
            break (board, best.square);
        }
        record_game.play(Move::Play(best.square)).unwrap();
    };
    (record_game, position, best)
}

/// A reviewed game whose move lost 4 discs or more by the book's values gives a puzzle of that
/// position, whose answer is the book's best move.
#[test]
fn a_review_makes_puzzles_of_the_costly_moves() {
    let (record_game, position, best) = game_with_a_costly_move();
    let mut app = app_with("review_puzzles", record_game, HOT_SEAT);
    command(&mut app, ReviewRequest::Start);
    run_until(&mut app, Duration::from_secs(120), |app| {
        app.world().resource::<Review>().mistakes().is_some()
    });
    settle(&mut app);
    let puzzles = &record(&app).puzzles;
    assert_eq!(puzzles.len(), 1, "{puzzles:?}");
    assert_eq!(
        (puzzles[0].board, puzzles[0].best.clone()),
        (position, vec![best])
    );
    assert!(notice(&app).contains("puzzle"), "{}", notice(&app));
}

/// After a game a human played, its costly moves become puzzles without asking for a review.
#[test]
fn a_finished_game_s_costly_moves_become_puzzles() {
    let (record_game, position, best) = game_with_a_costly_move();
    let mut app = app_with("game_puzzles", record_game, HOT_SEAT);
    command(&mut app, reversi::game::GameCommand::Resign);
    run_until(&mut app, Duration::from_secs(120), |app| {
        !record(app).puzzles.is_empty()
    });
    let puzzles = &record(&app).puzzles;
    assert_eq!(
        (puzzles[0].board, puzzles[0].best.clone()),
        (position, vec![best])
    );
}
