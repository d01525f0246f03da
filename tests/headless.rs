//! The game's real systems, driven headless (no window, no GPU): moves through the one message
//! path, disc entities reconciled with the engine, the computer thinking in the task pool.

mod common;

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use common::*;
use reversi::ai::ComputerPlayer;
use reversi::ai::Hints;
use reversi::ai::ToggleBestLine;
use reversi::ai::{
    EvaluationGraph, GraphScore, HintStrength, Review, ReviewRequest, ScoreKind, ShownLine,
};
use reversi::board::Tile;
use reversi::discs::SupplyDisc;
use reversi::game::{Animating, BoardChanged, GameCommand, SetupCommand};
use reversi::game::{PASS_PAUSE, PassAnnouncement};
use reversi::game::{PlayerKind, Players};
use reversi::settings::Settings;
use reversi_engine::book::Book;
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::Level;
use reversi_engine::search::{SearchLimits, Searcher};
use reversi_engine::variant::{Bits, Variant};
use reversi_engine::{Color, Game, Move, Rules, Square};
use std::sync::atomic::AtomicBool;

fn entity_at(app: &mut App, square: &str) -> Entity {
    let square = sq(square);
    discs_on_screen(app)
        .into_iter()
        .find(|(s, _, _)| *s == square)
        .map(|(_, _, e)| e)
        .expect("a disc on that square")
}

#[test]
fn a_human_move_adds_one_disc_and_turns_exactly_the_outflanked_one() {
    let mut app = app_with("human_move", Game::new(Rules::default()), HOT_SEAT);
    assert_view_matches_board(&mut app);
    let before: Vec<Entity> = ["d4", "d5", "e4", "e5"]
        .map(|s| entity_at(&mut app, s))
        .to_vec();

    play(&mut app, "f5");
    settle(&mut app);

    assert_eq!(state(&app).game.moves(), &[Move::Play(sq("f5"))]);
    assert_view_matches_board(&mut app);
    let after: Vec<Entity> = ["d4", "d5", "e4", "e5"]
        .map(|s| entity_at(&mut app, s))
        .to_vec();
    assert_eq!(
        before, after,
        "existing discs keep their entities; e5 turned over in place"
    );
    assert_eq!(discs_on_screen(&mut app).len(), 5);
}

#[test]
fn an_illegal_click_plays_nothing_and_says_why() {
    let mut app = app_with("illegal_click", Game::new(Rules::default()), HOT_SEAT);
    play(&mut app, "a1");
    app.update();
    assert!(state(&app).game.moves().is_empty());
    let notice = &notice(&app);
    assert!(
        notice.contains("a1") && notice.contains("flips nothing"),
        "{notice}"
    );
}

#[test]
fn a_click_for_the_computer_is_refused() {
    let players = Players {
        black: PlayerKind::Computer(Level::Beginner),
        white: PlayerKind::Human,
    };
    let mut app = app_with("computer_turn_click", Game::new(Rules::default()), players);
    play(&mut app, "f5");
    app.update();
    let notice = notice(&app);
    assert!(notice.contains("computer"), "{notice}");
}

#[test]
fn a_click_during_the_animation_is_queued_and_played_after_it() {
    let mut app = app_with("queued_click", Game::new(Rules::default()), HOT_SEAT);
    play(&mut app, "f5");
    app.update();
    app.update();
    assert!(app.world().resource::<Animating>().0);
    play(&mut app, "f6");
    app.update();
    assert_eq!(
        state(&app).game.moves().len(),
        1,
        "not played while the discs move"
    );
    settle(&mut app);
    settle(&mut app);
    assert_eq!(
        state(&app).game.moves(),
        &[Move::Play(sq("f5")), Move::Play(sq("f6"))]
    );
    assert_view_matches_board(&mut app);
}

#[test]
fn typing_a_column_then_a_row_plays_that_square() {
    let mut app = app_with("typed_move", Game::new(Rules::default()), HOT_SEAT);
    for (key, text) in [(KeyCode::KeyD, "d"), (KeyCode::Digit3, "3")] {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(KeyboardInput {
                key_code: key,
                logical_key: Key::Character(text.into()),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    }
    assert_eq!(state(&app).game.moves(), &[Move::Play(sq("d3"))]);
}

#[test]
fn the_computer_answers_through_the_move_message() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Beginner),
    };
    let mut app = app_with("computer_answers", Game::new(Rules::default()), players);
    play(&mut app, "f5");
    run_until(&mut app, Duration::from_secs(30), |app| {
        state(app).game.moves().len() == 2
    });
    settle(&mut app);
    assert_view_matches_board(&mut app);
    assert!(state(&app).human_to_move());
}

#[test]
fn a_side_without_moves_passes_after_the_notice() {
    // Black to move has no legal move; White does.
    // Black's only disc on f8, White everywhere else but g8 and h8: Black cannot move, White can.
    let text = format!("{}X-- X", "O".repeat(61));
    let mut app = app_with("forced_pass", game(&text), HOT_SEAT);
    assert!(state(&app).board().must_pass());
    app.update();
    assert!(app.world().resource::<PassAnnouncement>().is_showing());
    let frames = (PASS_PAUSE.as_millis() / FRAME.as_millis()) as usize + 10;
    for _ in 0..frames {
        app.update();
    }
    assert_eq!(state(&app).game.moves(), &[Move::Pass]);
    assert_eq!(state(&app).board().to_move(), Color::White);
}

#[test]
fn the_last_move_ends_the_game_with_the_result() {
    // One empty square left: Black plays h8, outflanking b8..g8 from a8, and the board is full.
    let text = format!("{}{}X{}- X", "X".repeat(32), "O".repeat(24), "O".repeat(6));
    let mut app = app_with("game_over", game(&text), HOT_SEAT);
    let mut changes = Vec::new();
    play(&mut app, "h8");
    app.update();
    changes.extend(
        app.world()
            .resource::<Messages<BoardChanged>>()
            .iter_current_update_messages()
            .copied(),
    );
    settle(&mut app);
    assert!(state(&app).game.is_over());
    assert!(status(&app).contains("wins"), "{}", status(&app));
    assert!(matches!(changes.as_slice(), [BoardChanged::Played { .. }]));
    assert_view_matches_board(&mut app);
}

#[test]
fn a_new_game_while_the_computer_thinks_drops_its_answer() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    // Out of the opening book after a4, so that the Expert searches a while rather than
    // answering from the book within a frame.
    let mut app = app_with(
        "stale_answer",
        game("f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6"),
        players,
    );
    play(&mut app, "a4");
    settle(&mut app);
    run_until(&mut app, Duration::from_secs(10), |app| {
        app.world().resource::<ComputerPlayer>().is_thinking()
    });
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    // Give a stale answer every chance to arrive.
    run_for(&mut app, Duration::from_secs(3));
    assert!(
        state(&app).game.moves().is_empty(),
        "the old game's answer was played"
    );
    assert!(!app.world().resource::<ComputerPlayer>().is_thinking());
    assert_view_matches_board(&mut app);
}

#[test]
fn undo_and_redo_restore_the_disc_entities() {
    let mut app = app_with("undo_redo", Game::new(Rules::default()), HOT_SEAT);
    play(&mut app, "f5");
    settle(&mut app);
    play(&mut app, "d6");
    settle(&mut app);
    app.world_mut().write_message(GameCommand::Undo);
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 1);
    assert_view_matches_board(&mut app);
    app.world_mut().write_message(GameCommand::UndoAll);
    settle(&mut app);
    assert_eq!(discs_on_screen(&mut app).len(), 4);
    assert_view_matches_board(&mut app);
    app.world_mut().write_message(GameCommand::RedoAll);
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 2);
    assert_view_matches_board(&mut app);
}

#[test]
fn frames_keep_coming_while_the_computer_searches() {
    let players = Players {
        black: PlayerKind::Computer(Level::Expert),
        white: PlayerKind::Human,
    };
    let mut app = app_with(
        "frames_while_thinking",
        game("f5d6c3d3c4f4f6f3e6e7d7c6"),
        players,
    );
    run_until(&mut app, Duration::from_secs(10), |app| {
        app.world().resource::<ComputerPlayer>().is_thinking()
    });
    let frames = run_until(&mut app, Duration::from_secs(60), |app| {
        !app.world().resource::<ComputerPlayer>().is_thinking()
    });
    assert!(
        frames >= 20,
        "only {frames} frames ran while the computer searched"
    );
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

/// Hit testing for the test: the pointer's x coordinate is the index of the square it is over.
/// Everything after hit testing (hover, press, release, the board's observers) is Bevy's and
/// the game's own.
fn square_under_pointer(
    pointers: Query<(
        &bevy::picking::pointer::PointerId,
        &bevy::picking::pointer::PointerLocation,
    )>,
    tiles: Query<(Entity, &reversi::board::Tile)>,
    mut hits: MessageWriter<bevy::picking::backend::PointerHits>,
) {
    use bevy::picking::backend::{HitData, PointerHits};
    for (pointer, location) in &pointers {
        let Some(location) = location.location() else {
            continue;
        };
        let picked: Vec<_> = tiles
            .iter()
            .filter(|(_, tile)| tile.0.index() == location.position.x as usize)
            .map(|(entity, _)| (entity, HitData::new(entity, 1.0, None, None)))
            .collect();
        hits.write(PointerHits::new(*pointer, picked, 0.0));
    }
}

/// A pointer that moves onto a square and presses and releases in the same frame, as a tap on a
/// touch screen or a click on a slow machine delivers them: the move is played.
#[test]
fn a_press_that_arrives_with_the_pointer_s_move_plays_there() {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::pointer::{Location, PointerAction, PointerButton, PointerId, PointerInput};
    use bevy::picking::{DefaultPickingPlugins, PickingSystems};
    use bevy::window::{PrimaryWindow, WindowPlugin, WindowRef};

    let dir = scratch_dir("tap");
    write_default_settings(&dir);
    let mut app = unstarted_app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    app.add_plugins((WindowPlugin::default(), DefaultPickingPlugins))
        .add_systems(
            PreUpdate,
            square_under_pointer.in_set(PickingSystems::Backend),
        );
    for _ in 0..3 {
        app.update();
    }
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("the primary window");
    let location = Location {
        target: NormalizedRenderTarget::Window(
            WindowRef::Entity(window)
                .normalize(None)
                .expect("a window target"),
        ),
        position: Vec2::new(sq("f5").index() as f32, 0.0),
    };
    for action in [
        PointerAction::Move { delta: Vec2::ZERO },
        PointerAction::Press(PointerButton::Primary),
        PointerAction::Release(PointerButton::Primary),
    ] {
        app.world_mut().write_message(PointerInput::new(
            PointerId::Mouse,
            location.clone(),
            action,
        ));
    }
    app.update();
    settle(&mut app);
    assert_eq!(state(&app).game.moves(), &[Move::Play(sq("f5"))]);
}

/// A click in the move list goes to that move; the moves after it stay in the record.
#[test]
fn a_move_of_the_list_shows_its_position_and_keeps_the_rest() {
    let mut app = app_with("go_to", game("f5d6c3d3c4"), HOT_SEAT);
    command(&mut app, GameCommand::GoTo(2));
    settle(&mut app);
    assert_eq!(
        state(&app).game.moves(),
        &[Move::Play(sq("f5")), Move::Play(sq("d6"))]
    );
    assert_eq!(state(&app).game.history().len(), 5);
    assert_view_matches_board(&mut app);
    command(&mut app, GameCommand::GoTo(5));
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 5);
    assert_view_matches_board(&mut app);
}

/// Going back to a position where the side to move must pass lands after the pass: stopping
/// before it, the automatic pass would be played as a new move and drop the rest of the record.
#[test]
fn going_back_to_a_forced_pass_keeps_the_moves_after_it() {
    let text = format!("{}X-- X", "O".repeat(61));
    let mut record = game(&text);
    record.play(Move::Pass).expect("Black must pass");
    record
        .play(Move::Play(sq("g8")))
        .expect("White outflanks f8");
    let mut app = app_with("go_to_pass", record, HOT_SEAT);
    command(&mut app, GameCommand::GoTo(0));
    run_for(&mut app, PASS_PAUSE * 2);
    assert_eq!(state(&app).game.moves(), &[Move::Pass]);
    assert_eq!(
        state(&app).game.history().len(),
        2,
        "g8 is still there to redo"
    );
    assert!(state(&app).game.can_redo());
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

/// The mistakes of the review once it has finished.
fn review_when_done(app: &mut App) -> Vec<reversi::ai::Mistake> {
    run_until(app, Duration::from_secs(120), |app| {
        app.world().resource::<Review>().mistakes.is_some()
    });
    app.world()
        .resource::<Review>()
        .mistakes
        .clone()
        .expect("done")
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
    assert!(review.progress().is_none() && review.mistakes.is_none());
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

/// In the opening the computer plays the book's move (Expert: one of the best) and the hints are
/// the book's scores.
#[test]
fn the_opening_book_gives_the_computer_s_move_and_the_hints() {
    let players = Players {
        black: PlayerKind::Computer(Level::Expert),
        white: PlayerKind::Human,
    };
    let mut app = app_with("book_move", Game::new(Rules::default()), players);
    run_until(&mut app, Duration::from_secs(30), |app| {
        !state(app).game.moves().is_empty()
    });
    let start = Game::new(Rules::default())
        .standard_board()
        .expect("standard Othello");
    let book = Book::shipped()
        .lookup(&start)
        .expect("the start is in the book");
    let best = book[0].score;
    let Move::Play(played) = state(&app).game.moves()[0] else {
        panic!("the computer passed at the start");
    };
    assert!(
        book.iter()
            .any(|candidate| candidate.square == played && candidate.score == best),
        "{played} is not among the book's best moves {book:?}"
    );
    settle(&mut app);
    app.world_mut().resource_mut::<Hints>().enabled = true;
    run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<Hints>().scores(state(app)).is_some()
    });
    let hints = app.world().resource::<Hints>();
    assert!(hints.from_book(state(&app)));
    let scored = hints.scores(state(&app)).map_or(0, <[_]>::len);
    assert_eq!(scored as u32, state(&app).board().legal_moves().count());
}

/// The hints are as strong as chosen: at 16 empties Beginner's are estimates, "exact when
/// solvable" solves them.
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

/// On a board of another variant too, the computer's search can be watched while it thinks.
#[test]
fn the_computer_s_search_on_a_variant_board_can_be_watched() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    let rules = Rules {
        variant: Variant::othello(10),
        ..Rules::default()
    };
    let mut record = Game::new(rules);
    record.play(Move::Play(sq("e4"))).expect("legal");
    let mut app = app_with("live_search_variant", record, players);
    assert_search_watched(&mut app);
}

/// While the computer thinks, its search so far can be read: depth, score, nodes and a line
/// that starts with a legal move.
#[test]
fn the_computer_s_search_can_be_watched_while_it_thinks() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    let record = game("f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6a4");
    assert!(
        Book::shipped()
            .lookup(&record.standard_board().expect("standard Othello"))
            .is_none(),
        "out of the book"
    );
    let mut app = app_with("live_search", record, players);
    assert_search_watched(&mut app);
}

/// The computer's search reports, while it thinks, a depth, nodes and a line that starts with a
/// legal move.
fn assert_search_watched(app: &mut App) {
    run_until(app, Duration::from_secs(20), |app| {
        app.world()
            .resource::<ComputerPlayer>()
            .progress()
            .is_some()
    });
    let progress = app
        .world()
        .resource::<ComputerPlayer>()
        .progress()
        .expect("reported");
    let first = *progress.pv.first().expect("a line");
    assert!(state(app).board().is_legal(first));
    assert!(progress.depth >= 1 && progress.nodes > 0);
}

/// A game of another variant is played on its own board: Grand Othello's 10x10 squares, the
/// computer answering on them.
#[test]
fn a_grand_othello_game_is_played_on_a_ten_by_ten_board() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Beginner),
    };
    let rules = Rules {
        variant: Variant::othello(10),
        ..Rules::default()
    };
    let mut app = app_with("grand_othello", Game::new(rules), players);
    settle(&mut app);
    assert_view_matches_board(&mut app);
    let mut tiles = app.world_mut().query::<&Tile>();
    assert_eq!(tiles.iter(app.world()).count(), 100);
    play(&mut app, "e4");
    run_until(&mut app, Duration::from_secs(30), |app| {
        state(app).game.moves().len() == 2
    });
    settle(&mut app);
    assert_view_matches_board(&mut app);
    assert!(state(&app).human_to_move());
}

/// A saved eight-star game opens on the eight-star board, whatever board was shown before.
#[test]
fn a_saved_eight_star_game_opens_on_its_own_board() {
    let dir = scratch_dir("eight_star_saved");
    let rules = Rules {
        variant: Variant::EIGHT_STAR,
        ..Rules::default()
    };
    let star = Game::from_transcript("e4 f4 g5", rules).expect("a legal game");
    let mut app = app_in(dir.clone(), star, HOT_SEAT);
    settle(&mut app);
    let path = dir.join("star.ron");
    save_game(&mut app, &path, false);
    settle(&mut app);
    let mut other = app_in(
        scratch_dir("eight_star_opened"),
        Game::new(Rules::default()),
        HOT_SEAT,
    );
    settle(&mut other);
    open_game(&mut other, &path);
    assert_eq!(state(&other).game.rules().variant, Variant::EIGHT_STAR);
    assert_eq!(state(&other).game.moves().len(), 3);
    assert_view_matches_board(&mut other);
    let mut tiles = other.world_mut().query::<&Tile>();
    assert_eq!(tiles.iter(other.world()).count(), 88);
}

/// Under the 1876 rules each player's supply stands beside the board and shrinks with each disc
/// placed.
#[test]
fn the_discs_left_to_place_stand_beside_the_board() {
    let rules = Rules {
        variant: Variant::REVERSI_1876,
        ..Rules::default()
    };
    let mut app = app_with("supply", Game::new(rules), HOT_SEAT);
    settle(&mut app);
    let supply = |app: &mut App, color: Color| {
        let mut query = app.world_mut().query::<&SupplyDisc>();
        query
            .iter(app.world())
            .filter(|disc| disc.0 == color)
            .count()
    };
    assert_eq!(
        (
            supply(&mut app, Color::Black),
            supply(&mut app, Color::White)
        ),
        (32, 32)
    );
    play(&mut app, "d4");
    settle(&mut app);
    assert_eq!(
        state(&app).game.moves().len(),
        1,
        "White places first, in the centre"
    );
    assert_eq!(
        (
            supply(&mut app, Color::Black),
            supply(&mut app, Color::White)
        ),
        (32, 31)
    );
    assert_view_matches_board(&mut app);
}
