//! The study tools: hints and their strength, the opening's name, the evaluation graph, the best
//! line, the game review, and position setup.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bevy::prelude::*;
use reversi::ai::{
    ComputerPlayer, EvaluationGraph, GraphScore, HintStrength, Hints, Review, ReviewRequest,
    ScoreKind, ShownLine, ToggleBestLine,
};
use reversi::board::ValidMoveMarker;
use reversi::game::{GameCommand, PASS_PAUSE, PlayerKind, Players, SetupCommand};
use reversi::settings::Settings;
use reversi_engine::book::Book;
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::{Level, SearchLimits, Searcher};
use reversi_engine::variant::Bits;
use reversi_engine::{Color, Game, Move, Rules, Square};

use super::common::*;

/// The squares whose legal-move dot is shown.
fn dotted_squares(app: &mut App) -> Bits {
    let mut markers = app.world_mut().query::<(&ValidMoveMarker, &Visibility)>();
    markers
        .iter(app.world())
        .filter(|(_, visibility)| **visibility != Visibility::Hidden)
        .map(|(marker, _)| marker.0)
        .collect()
}

#[test]
fn hints_score_every_legal_move_of_the_human_to_move() {
    let mut app = app_with("hints", game("f5d6c3"), HOT_SEAT);
    app.world_mut().resource_mut::<Hints>().enabled = true;
    run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<Hints>().scores(state(app)).is_some()
    });
    let legal = state(&app).board().legal_moves();
    let hints = app.world().resource::<Hints>();
    let scores = hints.scores(state(&app)).expect("ready");
    let scored: Bits = scores.iter().map(|hint| hint.square).collect();
    assert_eq!(scored, legal, "one score per legal move");
    assert_eq!(
        scores.len() as u32,
        legal.count(),
        "one score per legal move"
    );
    assert!(
        scores.windows(2).all(|pair| pair[0].score >= pair[1].score),
        "best first"
    );
    // The scores stand where the legal-move dots would: no dot sits in the middle of one.
    app.update();
    assert_eq!(dotted_squares(&mut app), Bits::EMPTY);
    app.world_mut().resource_mut::<Hints>().enabled = false;
    app.update();
    app.update();
    assert_eq!(
        dotted_squares(&mut app),
        legal,
        "without hints, a dot per legal move"
    );
    app.world_mut().resource_mut::<Hints>().enabled = true;
    run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<Hints>().scores(state(app)).is_some()
    });
    let scores = app
        .world()
        .resource::<Hints>()
        .scores(state(&app))
        .expect("ready")
        .to_vec();

    // A move makes the old scores stale at once.
    let square = scores[0].square.to_string();
    play(&mut app, &square);
    app.update();
    assert!(
        app.world()
            .resource::<Hints>()
            .scores(state(&app))
            .is_none()
    );
}

/// The hints are as strong as chosen: at 16 empties Beginner's are estimates, "exact when
/// solvable" solves them.
/// Stepping back through a game against the computer is analysis: the hints score the
/// computer's moves too while play is suspended, and Resume gives the computer its turn back.
#[test]
fn hints_analyse_either_side_when_stepping_back_through_a_game() {
    let mut app = app_with("analysis", game("f5d6"), VS_COMPUTER);
    app.world_mut().resource_mut::<Hints>().enabled = true;
    command(&mut app, GameCommand::Undo);
    settle(&mut app);
    assert!(state(&app).suspended && state(&app).computer_to_move());
    run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<Hints>().scores(state(app)).is_some()
    });
    let scores = app.world().resource::<Hints>().scores(state(&app)).unwrap();
    let scored: Bits = scores.iter().map(|hint| hint.square).collect();
    assert_eq!(
        scored,
        state(&app).board().legal_moves(),
        "White's moves scored"
    );
    assert_eq!(state(&app).game.moves().len(), 1, "the computer waits");
}

#[test]
fn the_hints_are_as_strong_as_chosen() {
    let mut record = Game::new(Rules::default());
    while record.board().empties().count() > 16 {
        let board = record.board();
        let mv = board.legal_moves().first().map_or(Move::Pass, Move::Play);
        record.play(mv).expect("legal");
    }
    if record.board().must_pass() {
        record.play(Move::Pass).expect("a pass");
    }
    let mut app = app_with("hint_strength", record, HOT_SEAT);
    let hints_when_ready = |app: &mut App| {
        run_until(app, Duration::from_secs(60), |app| {
            app.world().resource::<Hints>().scores(state(app)).is_some()
        });
        app.world()
            .resource::<Hints>()
            .scores(state(app))
            .map(<[_]>::to_vec)
            .unwrap_or_default()
    };
    app.world_mut().resource_mut::<Settings>().hint_strength = HintStrength::Level(Level::Beginner);
    app.world_mut().resource_mut::<Hints>().enabled = true;
    app.update();
    assert!(hints_when_ready(&mut app).iter().all(|hint| !hint.exact));
    app.world_mut().resource_mut::<Settings>().hint_strength = HintStrength::ExactWhenSolvable;
    // One frame to push the setting, one for the hints to drop the scores of the old strength.
    app.update();
    app.update();
    let exact = hints_when_ready(&mut app);
    assert!(
        !exact.is_empty() && exact.iter().all(|hint| hint.exact),
        "{exact:?}"
    );
}

/// The status names the opening on any of the board's symmetries, and only from the standard
/// start (a pasted position has no opening name).
#[test]
fn the_side_panel_names_the_opening_played() {
    let tiger = app_with("opening_tiger", game("f5d6c3d3c4"), HOT_SEAT);
    assert_eq!(state(&tiger).opening_name(), Some("Tiger"));
    // The same line after d3 instead of f5: the board turned over its diagonal.
    let mirrored = app_with("opening_mirrored", game("d3c5f6f5e6"), HOT_SEAT);
    assert_eq!(state(&mirrored).opening_name(), Some("Tiger"));
    let after = app_with("opening_left", game("f5d6c3d3c4f4e6"), HOT_SEAT);
    assert_eq!(state(&after).opening_name(), Some("Leader's Tiger"));
    let text = format!("{}X-- X", "O".repeat(61));
    let position = app_with("opening_none", game(&text), HOT_SEAT);
    assert_eq!(state(&position).opening_name(), None);
}

/// The graph's points once every position of the record is scored.
fn graph_when_complete(app: &mut App) -> Vec<Option<GraphScore>> {
    run_until(app, Duration::from_secs(30), |app| {
        let graph = app.world().resource::<EvaluationGraph>();
        graph.points(state(app)).iter().all(Option::is_some)
    });
    app.world().resource::<EvaluationGraph>().points(state(app))
}

/// The evaluation graph scores every position of the record in the background: the opening
/// from the book, exact near the end, the final position its disc count; it waits while the
/// computer thinks.
#[test]
fn the_evaluation_graph_scores_every_position_of_the_record() {
    let mut app = app_with("graph_opening", game("f5d6c3"), HOT_SEAT);
    let points = graph_when_complete(&mut app);
    assert_eq!(points.len(), 4, "the start and three moves");
    let start = points[0].expect("scored");
    let start_board = state(&app).game.boards()[0];
    let book_best = Book::shipped()
        .lookup(&start_board.to_standard().expect("standard Othello"))
        .and_then(|moves| moves.first().copied())
        .expect("the start is in the book");
    assert_eq!(
        start,
        GraphScore {
            black: book_best.score,
            kind: ScoreKind::Book
        }
    );

    // One empty square: Black plays h8 and the board is full.
    let text = format!("{}{}X{}- X", "X".repeat(32), "O".repeat(24), "O".repeat(6));
    let mut end = app_with("graph_end", game(&text), HOT_SEAT);
    play(&mut end, "h8");
    settle(&mut end);
    let points = graph_when_complete(&mut end);
    let board = state(&end).board();
    let final_score = board.count(Color::Black) as i32 - board.count(Color::White) as i32;
    assert_eq!(points.len(), 2);
    assert!(
        points
            .iter()
            .flatten()
            .all(|point| point.kind == ScoreKind::Exact)
    );
    assert_eq!(
        points[0].map(|p| p.black),
        Some(final_score),
        "h8 was the best move"
    );
    assert_eq!(points[1].map(|p| p.black), Some(final_score));
}

#[test]
fn the_evaluation_graph_waits_while_the_computer_thinks() {
    let players = Players {
        black: PlayerKind::Computer(Level::Expert),
        white: PlayerKind::Human,
    };
    let mut app = app_with("graph_waits", Game::new(Rules::default()), players);
    for _ in 0..50 {
        app.update();
        let thinking = app.world().resource::<ComputerPlayer>().is_thinking();
        let graph = app.world().resource::<EvaluationGraph>().is_thinking();
        assert!(
            !(thinking && graph),
            "the graph searched beside the computer"
        );
    }
}

/// L shows the engine's best line from the position on the board (legal, colours alternating
/// from the side to move), and L again hides it.
#[test]
fn the_best_line_is_shown_on_request_and_hidden_again() {
    let mut app = app_with("best_line", game("f5d6c3"), HOT_SEAT);
    command(&mut app, ToggleBestLine);
    run_until(&mut app, Duration::from_secs(30), |app| {
        !app.world()
            .resource::<ShownLine>()
            .for_state(state(app))
            .is_empty()
    });
    let line = app
        .world()
        .resource::<ShownLine>()
        .for_state(state(&app))
        .to_vec();
    let mut board = state(&app).board();
    for (square, color) in &line {
        assert_eq!(*color, board.to_move(), "{line:?}");
        board = board
            .play(*square)
            .expect("every move of the line is legal");
    }
    command(&mut app, ToggleBestLine);
    app.update();
    assert!(
        app.world()
            .resource::<ShownLine>()
            .for_state(state(&app))
            .is_empty()
    );
}

/// The best line is searched at the hints' strength: in a position where Beginner's shallow
/// search prefers a move that loses against the exact best, the line starts with a losing move,
/// and with "exact when solvable" chosen it starts with an exactly best move instead.
#[test]
fn the_best_line_follows_the_hints_strength() {
    let stop = AtomicBool::new(false);
    // A new table for every search, as the game's line has: a table that holds the exact
    // scores would answer a shallow search with them.
    let searcher = || Searcher::learned(16).expect("the shipped weights");
    let shallow_choice = |position, depth| {
        let limits = SearchLimits::depth(depth);
        searcher().best_move(position, &limits, &stop).best
    };
    // Seeded games down to 14 empties (beyond Beginner's exact solves), until one reaches a
    // position where the shallow searches (2 plies, and the 3 that a helper thread may add) both
    // choose a move that is not among the exact best.
    let mut rng = SplitMix64::new(9);
    let (record, exact_best) = loop {
        let mut record = Game::new(Rules::default());
        while record.board().empties().count() > 14 && !record.is_over() {
            let moves: Vec<Square> = record.board().legal_moves().squares().collect();
            let mv = match moves.len() {
                0 => Move::Pass,
                count => Move::Play(moves[rng.below(count)]),
            };
            record.play(mv).expect("legal");
        }
        let board = record.board();
        if record.is_over() || board.must_pass() {
            continue;
        }
        let position = board.to_standard().expect("standard Othello").position();
        let scores = searcher().analyze(position, &SearchLimits::exact(), &stop);
        let best: Vec<Square> = scores
            .iter()
            .filter(|m| m.score == scores[0].score)
            .map(|m| m.square)
            .collect();
        let shallow = [2, 3].map(|depth| shallow_choice(position, depth));
        if shallow
            .iter()
            .all(|choice| choice.is_some_and(|square| !best.contains(&square)))
        {
            break (record, best);
        }
    };
    let mut app = app_with("best_line_strength", record, HOT_SEAT);
    let first_of_line = |app: &mut App| {
        run_until(app, Duration::from_secs(60), |app| {
            !app.world()
                .resource::<ShownLine>()
                .for_state(state(app))
                .is_empty()
        });
        app.world().resource::<ShownLine>().for_state(state(app))[0].0
    };
    app.world_mut().resource_mut::<Settings>().hint_strength = HintStrength::Level(Level::Beginner);
    app.update();
    command(&mut app, ToggleBestLine);
    let first = first_of_line(&mut app);
    assert!(!exact_best.contains(&first), "{first} in {exact_best:?}");
    app.world_mut().resource_mut::<Settings>().hint_strength = HintStrength::ExactWhenSolvable;
    // One frame to push the setting, one for the line of the old strength to go.
    app.update();
    app.update();
    let first = first_of_line(&mut app);
    assert!(exact_best.contains(&first), "{first} not in {exact_best:?}");
}

/// The mistakes of the review once it has finished.
fn review_when_done(app: &mut App) -> Vec<reversi::ai::Mistake> {
    run_until(app, Duration::from_secs(120), |app| {
        app.world().resource::<Review>().mistakes().is_some()
    });
    app.world()
        .resource::<Review>()
        .mistakes()
        .expect("done")
        .to_vec()
}

/// A move the opening book values well below the best is a mistake by the book's own values,
/// found without a search and marked as the book's.
#[test]
fn a_review_judges_the_opening_by_the_book() {
    let mut record = game("f5");
    let board = record.board();
    let book_moves = Book::shipped()
        .lookup(&board.to_standard().expect("standard Othello"))
        .expect("after f5 is in the book");
    let (best, worst) = (book_moves[0], book_moves[book_moves.len() - 1]);
    assert!(best.score - worst.score >= 3, "{book_moves:?}");
    record.play(Move::Play(worst.square)).expect("legal");
    let mut app = app_with("review_book", record, HOT_SEAT);
    command(&mut app, ReviewRequest::Start);
    let mistakes = review_when_done(&mut app);
    let [mistake] = mistakes.as_slice() else {
        panic!("one mistake: {mistakes:?}");
    };
    assert_eq!(
        (mistake.played, mistake.best, mistake.loss(), mistake.kind),
        (
            worst.square,
            best.square,
            best.score - worst.score,
            ScoreKind::Book
        )
    );
    // Each player's account: Black's f5 lost nothing, White's one move lost the difference.
    let (black, white) = app.world().resource::<Review>().players().expect("counted");
    assert_eq!(
        (black.moves, black.lost, black.mistakes + black.blunders),
        (1, 0, 0)
    );
    let loss = u32::try_from(best.score - worst.score).unwrap();
    assert_eq!((white.moves, white.lost), (1, loss));
    assert_eq!(white.mistakes + white.blunders, 1);
    assert_eq!(white.blunders, u32::from(mistake.is_blunder()));
}

/// A game that ends with a move losing discs in a solvable position: the review names it, with
/// the exact loss and the better move, and choosing it shows its position and the better line.
#[test]
fn a_review_finds_the_move_that_lost_discs_and_shows_the_better_line() {
    let mut searcher = Searcher::learned(16).expect("the shipped weights");
    let stop = AtomicBool::new(false);
    let mut record = Game::new(Rules::default());
    let (played, best, loss) = loop {
        let board = record.board();
        assert!(!record.is_over(), "some position lets a move lose discs");
        if board.must_pass() {
            record.play(Move::Pass).expect("a pass");
            continue;
        }
        if board.empties().count() <= 12 {
            let position = board.to_standard().expect("standard Othello").position();
            let scores = searcher.analyze(position, &SearchLimits::exact(), &stop);
            let (best, worst) = (scores[0], scores[scores.len() - 1]);
            if best.score - worst.score >= 2 {
                record.play(Move::Play(worst.square)).expect("legal");
                break (worst.square, best, best.score - worst.score);
            }
        }
        let first = board.legal_moves().first().expect("a move");
        record.play(Move::Play(first)).expect("legal");
    };
    let mut app = app_with("review", record.clone(), HOT_SEAT);
    command(&mut app, ReviewRequest::Start);
    app.update();
    assert!(app.world().resource::<Review>().progress().is_some());
    let mistakes = review_when_done(&mut app);
    let last = mistakes.last().expect("the last move is a mistake");
    assert_eq!(last.index, record.history().len() - 1);
    assert_eq!(
        (last.played, last.loss(), last.kind),
        (played, loss, ScoreKind::Exact)
    );
    assert_eq!(last.best_score, best.score);

    let place = mistakes.len() - 1;
    command(&mut app, ReviewRequest::Show(place));
    settle(&mut app);
    assert_eq!(
        state(&app).game.cursor(),
        last.index,
        "the mistake's position"
    );
    let line = app
        .world()
        .resource::<ShownLine>()
        .for_state(state(&app))
        .to_vec();
    assert_eq!(line.first().map(|(square, _)| *square), Some(last.best));
}

#[test]
fn a_review_can_be_cancelled() {
    let mut app = app_with("review_cancel", game("f5d6c3d3c4f4f6f3e6e7"), HOT_SEAT);
    command(&mut app, ReviewRequest::Start);
    app.update();
    command(&mut app, ReviewRequest::Close);
    app.update();
    let review = app.world().resource::<Review>();
    assert!(review.progress().is_none() && review.mistakes().is_none());
}

/// Setting up a position: clicks cycle squares, the side to move is chosen, Done plays from it;
/// nobody moves and nothing passes while editing.
#[test]
fn a_position_set_up_by_clicks_is_played_from() {
    let dir = scratch_dir("setup");
    let mut app = app_in(dir.clone(), game("f5d6"), HOT_SEAT);
    command(&mut app, SetupCommand::Begin);
    app.update();
    command(&mut app, SetupCommand::Clear);
    app.update();
    // Black on a1, white on h8 (a second click turns black to white): the centre is empty and
    // nobody can move.
    for square in ["a1", "h8", "h8"] {
        play(&mut app, square);
        app.update();
    }
    command(&mut app, SetupCommand::Done);
    app.update();
    assert!(
        state(&app).editing,
        "a position nobody can move in is refused"
    );
    let notice = notice(&app);
    assert!(notice.contains("cannot be played"), "{notice}");
    // h8 emptied again (white turns to empty), white on b1, the centre black, White to move:
    // White has no move, Black can take b1 from c1.
    for square in ["h8", "b1", "b1", "d4", "e4", "d5", "e5"] {
        play(&mut app, square);
        app.update();
    }
    command(&mut app, SetupCommand::SideToMove(Color::White));
    app.update();
    run_for(&mut app, PASS_PAUSE * 2);
    assert!(state(&app).game.moves().is_empty(), "no pass while editing");
    command(&mut app, SetupCommand::Done);
    settle(&mut app);
    assert!(!state(&app).editing);
    let board = state(&app)
        .game
        .start_board()
        .to_standard()
        .expect("a standard position");
    assert_eq!(board.to_move, Color::White);
    let centre = ["d4", "e4", "d5", "e5"].map(|square| sq(square).bit());
    assert_eq!(
        board.black,
        sq("a1").bit() | centre.iter().fold(0, |all, bit| all | bit)
    );
    assert_eq!(board.white, sq("b1").bit());
    assert_view_matches_board(&mut app);
    // Now White passes by itself, and Black plays.
    run_until(&mut app, Duration::from_secs(10), |app| {
        !state(app).game.moves().is_empty()
    });
    play(&mut app, "c1");
    settle(&mut app);
    assert_eq!(
        state(&app).game.moves(),
        &[Move::Pass, Move::Play(sq("c1"))]
    );

    // Saved and opened again: the same start position, the same moves.
    let path = dir.join("set-up.ron");
    save_game(&mut app, &path, false);
    settle(&mut app);
    let mut other = app_in(scratch_dir("setup_opened"), game("f5"), HOT_SEAT);
    settle(&mut other);
    open_game(&mut other, &path);
    assert_eq!(
        state(&other).game.start_board(),
        state(&app).game.start_board()
    );
    assert_eq!(state(&other).game.moves(), state(&app).game.moves());
    assert_view_matches_board(&mut other);
}

#[test]
fn cancelling_a_setup_brings_the_game_back() {
    let mut app = app_with("setup_cancel", game("f5d6c3"), HOT_SEAT);
    let before = state(&app).game.clone();
    command(&mut app, SetupCommand::Begin);
    app.update();
    command(&mut app, SetupCommand::Clear);
    app.update();
    command(&mut app, SetupCommand::Cancel);
    settle(&mut app);
    assert!(!state(&app).editing);
    assert_eq!(state(&app).game, before);
    assert_view_matches_board(&mut app);
}
