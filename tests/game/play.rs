//! Playing a game in the real systems, headless: moves through the one message path (clicks,
//! keys, the pointer), disc entities reconciled with the engine, passes, the end, undo and redo,
//! the move list, resignation, and the boards of the variants.
use bevy::input::keyboard::Key;
use bevy::prelude::*;
use reversi::board::Tile;
use reversi::discs::SupplyDisc;
use reversi::game::{
    Animating, BoardChanged, GameCommand, MoveRequested, PASS_PAUSE, PassAnnouncement, PlayerKind,
    Players,
};
use reversi::input::BoardCursor;
use reversi::persistence::Statistics;
use reversi::schedule::GameSystems;
use reversi_engine::search::Level;
use reversi_engine::variant::Variant;
use reversi_engine::{Color, EndReason, Game, Move, Rules};

use super::common::*;

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
    type_text(&mut app, "d3");
    assert_eq!(state(&app).game.moves(), &[Move::Play(sq("d3"))]);
}

/// The character typed is read, not the key: on AZERTY the key where QWERTY has Q types "a".
#[test]
fn moves_and_shortcuts_follow_the_keyboard_layout() {
    let mut app = app_with("typed_azerty", Game::new(Rules::default()), HOT_SEAT);
    press_key(&mut app, KeyCode::KeyQ, Key::Character("f".into()));
    press_key(&mut app, KeyCode::Digit5, Key::Character("5".into()));
    assert_eq!(state(&app).game.moves(), &[Move::Play(sq("f5"))]);
    // Ctrl with the key that types "z" on AZERTY (QWERTY's W) takes the move back.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ControlLeft);
    press_key(&mut app, KeyCode::KeyW, Key::Character("z".into()));
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(KeyCode::ControlLeft);
    settle(&mut app);
    assert!(state(&app).game.moves().is_empty(), "Ctrl+Z undid f5");
}

/// The moves asked for, whether or not the game accepts them.
#[derive(Resource, Default)]
struct Requested(Vec<Move>);

fn record_requests(mut requests: MessageReader<MoveRequested>, mut seen: ResMut<Requested>) {
    seen.0.extend(requests.read().map(|request| request.mv));
}

/// On Grand Othello (10x10) rows go to 10: "j" "1" "0" asks for j10 at once, "j" "1" waits (it
/// could still become j10) until Enter; a row the board does not have is refused with a word.
#[test]
fn squares_beyond_h8_are_typed_on_the_larger_boards() {
    let rules = Rules {
        variant: Variant::othello(10),
        ..Rules::default()
    };
    let mut app = unstarted_app_in(scratch_dir("typed_large"), Game::new(rules), HOT_SEAT);
    app.init_resource::<Requested>()
        .add_systems(Update, record_requests.after(GameSystems::Input));
    app.update();
    let asked = |app: &App| app.world().resource::<Requested>().0.clone();
    type_text(&mut app, "j10");
    assert_eq!(asked(&app), [Move::Play(sq("j10"))]);
    type_text(&mut app, "j1");
    assert_eq!(asked(&app).len(), 1, "j1 could still become j10");
    assert!(notice(&app).contains("j1"), "{}", notice(&app));
    press_key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!(asked(&app)[1], Move::Play(sq("j1")));
    type_text(&mut app, "b11");
    assert_eq!(asked(&app).len(), 2);
    assert!(notice(&app).contains("no row 11"), "{}", notice(&app));
}

/// The arrow keys bring a cursor onto the board (on a legal square first) and move it; Enter
/// plays the square under it.
#[test]
fn the_board_can_be_played_with_the_arrow_keys() {
    let mut app = app_with("board_cursor", Game::new(Rules::default()), HOT_SEAT);
    press_key(&mut app, KeyCode::ArrowDown, Key::ArrowDown);
    let first = app.world().resource::<BoardCursor>().0.expect("a cursor");
    assert!(state(&app).board().legal_moves().contains(first), "{first}");
    assert_eq!(first, sq("d3"), "the first legal square in reading order");
    press_key(&mut app, KeyCode::Enter, Key::Enter);
    assert_eq!(state(&app).game.moves(), &[Move::Play(sq("d3"))]);
    settle(&mut app);
    // White may answer c3, e3 or c5: from d3 the cursor goes right to e3, then to c5.
    press_key(&mut app, KeyCode::ArrowRight, Key::ArrowRight);
    assert_eq!(app.world().resource::<BoardCursor>().0, Some(sq("e3")));
    for (code, key) in [
        (KeyCode::ArrowLeft, Key::ArrowLeft),
        (KeyCode::ArrowLeft, Key::ArrowLeft),
        (KeyCode::ArrowDown, Key::ArrowDown),
        (KeyCode::ArrowDown, Key::ArrowDown),
    ] {
        press_key(&mut app, code, key);
    }
    assert_eq!(app.world().resource::<BoardCursor>().0, Some(sq("c5")));
    press_key(&mut app, KeyCode::Space, Key::Space);
    assert_eq!(state(&app).game.moves().len(), 2, "{}", notice(&app));
    assert_eq!(state(&app).game.moves()[1], Move::Play(sq("c5")));
    press_key(&mut app, KeyCode::Escape, Key::Escape);
    assert_eq!(app.world().resource::<BoardCursor>().0, None);
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

#[test]
fn undo_is_possible_after_the_game_ended() {
    let text = format!("{}{}X{}- X", "X".repeat(32), "O".repeat(24), "O".repeat(6));
    let mut app = app_with("undo_after_end", game(&text), HOT_SEAT);
    play(&mut app, "h8");
    settle(&mut app);
    assert!(state(&app).game.is_over());
    command(&mut app, GameCommand::Undo);
    settle(&mut app);
    assert!(!state(&app).game.is_over());
    assert_view_matches_board(&mut app);
}

#[test]
fn resigning_against_the_computer_scores_64_0_and_counts_in_both_statistics() {
    let dir = scratch_dir("resign");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), VS_COMPUTER);
    command(&mut app, GameCommand::Resign);
    settle(&mut app);

    let result = state(&app).game.result().expect("the game is over");
    assert_eq!((result.black, result.white), (0, 64));
    assert_eq!(result.reason, EndReason::Resigned(Color::Black));
    let statistics = app.world().resource::<Statistics>().clone();
    assert_eq!(statistics.black_vs_white.second_wins, 1, "White won");
    assert_eq!(statistics.black_vs_white.second_discs, 64);
    assert_eq!(
        statistics.computer_vs_user.first_wins, 1,
        "the computer won"
    );
    assert_eq!(statistics.computer_vs_user.second_wins, 0);

    // The statistics were saved: a new session reads them back.
    let again = app_in(dir, Game::new(Rules::default()), VS_COMPUTER);
    assert_eq!(*again.world().resource::<Statistics>(), statistics);
}

#[test]
fn in_hot_seat_the_side_to_move_resigns_and_the_user_record_is_untouched() {
    let mut app = app_with("resign_hot_seat", game("f5"), HOT_SEAT);
    command(&mut app, GameCommand::Resign);
    settle(&mut app);
    let result = state(&app).game.result().expect("over");
    assert_eq!(result.reason, EndReason::Resigned(Color::White));
    assert_eq!((result.black, result.white), (64, 0));
    let statistics = app.world().resource::<Statistics>();
    assert_eq!(statistics.black_vs_white.first_wins, 1);
    assert_eq!(statistics.computer_vs_user.games(), 0);
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
    await_moves(&mut app, 2);
    assert_view_matches_board(&mut app);
    assert!(state(&app).human_to_move());
}

/// Reverse Othello played to the end by two computers on 6x6: the side with fewer discs wins,
/// and the status line gives its count first; the game counts in the statistics of Reverse
/// Othello, not of Othello.
#[test]
fn in_reverse_othello_the_side_with_fewer_discs_wins() {
    let players = Players {
        black: PlayerKind::Computer(Level::Beginner),
        white: PlayerKind::Computer(Level::Advanced),
    };
    let rules = Rules {
        variant: Variant::reverse(6),
        ..Rules::default()
    };
    let mut app = app_with("reverse_othello", Game::new(rules), players);
    run_until(&mut app, std::time::Duration::from_secs(90), |app| {
        state(app).game.is_over()
    });
    let board = state(&app).board();
    let (black, white) = (board.count(Color::Black), board.count(Color::White));
    let expected = match black.cmp(&white) {
        std::cmp::Ordering::Less => format!("Black wins {black}-{white}"),
        std::cmp::Ordering::Greater => format!("White wins {white}-{black}"),
        std::cmp::Ordering::Equal => format!("Draw, {black}-{white}"),
    };
    assert!(status(&app).starts_with(&expected), "{}", status(&app));
    let statistics = app.world().resource::<Statistics>();
    assert_eq!(
        statistics.of(&Variant::reverse(6)).black_vs_white.games(),
        1
    );
    assert_eq!(
        statistics.of(&Variant::othello(6)).black_vs_white.games(),
        0
    );
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
        (30, 30)
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
        (30, 29)
    );
    assert_view_matches_board(&mut app);
}

/// A different move after an undo keeps the moves undone as a side line: the game goes to it on
/// request, and a saved game keeps it.
#[test]
fn a_move_after_an_undo_keeps_the_old_moves_as_a_side_line() {
    let dir = scratch_dir("side_lines");
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    for square in ["f5", "d6", "c3"] {
        play(&mut app, square);
        settle(&mut app);
    }
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Undo);
    settle(&mut app);
    play(&mut app, "f4");
    settle(&mut app);
    let moves = |line: &[Move]| line.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(moves(state(&app).game.history()), ["f5", "f4"]);
    assert_eq!(moves(&state(&app).game.side_lines()[0]), ["f5", "d6", "c3"]);
    command(&mut app, GameCommand::GoToLine { line: 0, moves: 2 });
    settle(&mut app);
    assert_eq!(moves(state(&app).game.moves()), ["f5", "d6"]);
    assert_view_matches_board(&mut app);
    let path = dir.join("lines.ron");
    save_game(&mut app, &path, false);
    settle(&mut app);
    let mut other = app_in(
        scratch_dir("side_lines_opened"),
        Game::new(Rules::default()),
        HOT_SEAT,
    );
    open_game(&mut other, &path);
    settle(&mut other);
    assert_eq!(moves(state(&other).game.history()), ["f5", "d6", "c3"]);
    assert_eq!(moves(&state(&other).game.side_lines()[0]), ["f5", "f4"]);
}
