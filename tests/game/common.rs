//! Shared set-up for the headless App tests: the game's real plugins on `MinimalPlugins`, with
//! deterministic frame time and a private configuration directory.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::{ButtonState, InputPlugin};
use bevy::mesh::MeshPlugin;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::transform::TransformPlugin;
use reversi::GamePlugin;
use reversi::board::BoardGeometry;
use reversi::discs::Disc;
use reversi::game::{Animating, Clock, ClockSettings, Match, MoveOrigin, MoveRequested, Notice};
use reversi::game::{PlayerKind, Players};
use reversi::locale::{Language, Locale};
use reversi::persistence::{ConfigDir, GameTransfer, GamesDir, OpeningGame};
use reversi::settings::Settings;
use reversi_engine::format::parse_game_text;
use reversi_engine::{Color, Game, Move, Rules, Square};

pub const FRAME: Duration = Duration::from_millis(16);

pub const HOT_SEAT: Players = Players {
    black: PlayerKind::Human,
    white: PlayerKind::Human,
};

/// A fresh, empty configuration directory for one test.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

/// The app with the given configuration directory; settings and statistics are read from it.
pub fn app_in(dir: PathBuf, game: Game, players: Players) -> App {
    let mut app = unstarted_app_in(dir, game, players);
    app.update();
    app
}

/// The app before its first update, so that a test can add plugins of its own.
pub fn unstarted_app_in(dir: PathBuf, game: Game, players: Players) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin::default(),
        TransformPlugin,
        MeshPlugin,
        InputPlugin,
    ))
    .init_asset::<StandardMaterial>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(FRAME))
    .insert_resource(GamesDir(Some(dir.join("games"))))
    .insert_resource(ConfigDir(Some(dir)))
    .insert_resource(Match::new(game, players))
    .add_plugins(GamePlugin);
    app
}

/// The app with default settings in a private directory named after the test.
pub fn app_with(name: &str, game: Game, players: Players) -> App {
    let dir = scratch_dir(name);
    write_default_settings(&dir);
    app_in(dir, game, players)
}

pub fn write_default_settings(dir: &std::path::Path) {
    write_settings(dir, &Settings::default());
}

pub fn write_settings(dir: &std::path::Path, settings: &Settings) {
    let text = ron::ser::to_string(settings).expect("settings encode");
    std::fs::write(dir.join("settings.ron"), text).expect("settings written");
}

/// Saves the game to `path`; an existing file is replaced only with `replace`.
pub fn save_game(app: &mut App, path: &std::path::Path, replace: bool) {
    let path = path.to_path_buf();
    command(app, GameTransfer::Save { path, replace });
}

/// Opens a saved game as the Open dialog does, waits for the background read, and settles.
pub fn open_game(app: &mut App, path: &std::path::Path) {
    command(app, GameTransfer::Open(path.to_path_buf()));
    app.update();
    run_until(app, Duration::from_secs(10), |app| {
        !app.world().resource::<OpeningGame>().is_reading()
    });
    settle(app);
}

/// A small deterministic generator (xorshift), so a failure repeats.
pub struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

pub fn game(text: &str) -> Game {
    parse_game_text(text, Rules::default()).expect("test position parses")
}

pub fn sq(name: &str) -> Square {
    name.parse().expect("test square")
}

/// The notice under the board, in English whatever the system's language.
pub fn notice(app: &App) -> String {
    let english = Locale::new(Language::English);
    app.world().resource::<Notice>().words(&english)
}

/// The status line, in English.
pub fn status(app: &App) -> String {
    Locale::new(Language::English).render(&state(app).describe())
}

pub fn state(app: &App) -> &Match {
    app.world().resource::<Match>()
}

pub fn play(app: &mut App, square: &str) {
    app.world_mut().write_message(MoveRequested {
        mv: Move::Play(sq(square)),
        origin: MoveOrigin::Human,
    });
}

pub fn command<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
}

/// Updates until no disc moves any more (bounded, so a stuck animation fails the test).
pub fn settle(app: &mut App) {
    for _ in 0..600 {
        app.update();
        if !app.world().resource::<Animating>().0 {
            app.update();
            if !app.world().resource::<Animating>().0 {
                return;
            }
        }
    }
    panic!("the discs never settled");
}

/// Updates in real time (the search runs on a real thread) until `done`, at most `limit`;
/// returns the number of frames run.
pub fn run_until(app: &mut App, limit: Duration, mut done: impl FnMut(&App) -> bool) -> usize {
    let started = Instant::now();
    let mut frames = 0;
    while !done(app) {
        assert!(started.elapsed() < limit, "gave up after {frames} frames");
        app.update();
        frames += 1;
        std::thread::sleep(Duration::from_millis(2));
    }
    frames
}

/// Updates for `duration` of real time.
/// Waits (at most 30 s of frames) until the record holds `count` moves, the computer's answers
/// included, then lets the board settle.
pub fn await_moves(app: &mut App, count: usize) {
    run_until(app, Duration::from_secs(30), |app| {
        state(app).game.moves().len() == count
    });
    settle(app);
}

pub fn run_for(app: &mut App, duration: Duration) {
    let until = Instant::now() + duration;
    while Instant::now() < until {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The disc entities by square, with the face each shows up (from its orientation).
pub fn discs_on_screen(app: &mut App) -> Vec<(Square, Color, Entity)> {
    let mut query = app.world_mut().query::<(Entity, &Disc, &Transform)>();
    let mut discs: Vec<(Square, Color, Entity)> = query
        .iter(app.world())
        .map(|(entity, disc, transform)| {
            let up = transform.rotation * Vec3::Y;
            let face = if up.y > 0.9 {
                Color::White
            } else {
                assert!(up.y < -0.9, "disc on {} is not lying flat", disc.square);
                Color::Black
            };
            assert_eq!(
                face, disc.color,
                "disc on {} shows the wrong face",
                disc.square
            );
            (disc.square, face, entity)
        })
        .collect();
    discs.sort_by_key(|(square, _, _)| *square);
    discs
}

/// Every square's disc on screen matches the engine's board, one entity per disc, each over its
/// square of the board being shown.
pub fn assert_view_matches_board(app: &mut App) {
    let board = state(app).board();
    let shown: Vec<(Square, Color)> = discs_on_screen(app)
        .iter()
        .map(|(s, c, _)| (*s, *c))
        .collect();
    let expected: Vec<(Square, Color)> = board
        .squares()
        .squares()
        .filter_map(|s| board.disc_at(s).map(|c| (s, c)))
        .collect();
    assert_eq!(shown, expected);
    let geometry = *app.world().resource::<BoardGeometry>();
    assert_eq!(geometry, BoardGeometry::of(&board.variant()));
    let mut query = app.world_mut().query::<(&Disc, &Transform)>();
    for (disc, transform) in query.iter(app.world()) {
        let centre = geometry.square_center(disc.square, 0.0);
        let off = (transform.translation.xz() - centre.xz()).length();
        assert!(
            off < 1e-3,
            "the disc on {} is {off} away from it",
            disc.square
        );
    }
}

/// A GGF file of two games as a server writes them: players, ratings, times, results.
pub const TWO_GGF_GAMES: &str = "(;GM[Othello]PC[GGS/os]DT[2025.03.01_19:30:00.CET]PB[ann]PW[bob]\
RB[1650.5]RW[1702]TI[05:00//02:00]TY[8]RE[+4.00]\
BO[8 ---------------------------O*------*O--------------------------- *]\
B[f5//1.2]W[d6/0.50/3]B[c3]W[d3]B[c4];)
(;GM[Othello]PC[GGS/os]PB[carol]PW[dan]TY[8]RE[-2.00:r]\
BO[8 ---------------------------O*------*O--------------------------- *]\
B[f5]W[f6]B[e6]W[f4];)
";

/// The player plays Black against the weakest named level.
pub const VS_COMPUTER: Players = Players {
    black: PlayerKind::Human,
    white: PlayerKind::Computer(reversi_engine::search::Level::Beginner),
};

/// Black has `black` left on a clock of one minute and two seconds a move.
pub fn with_clock(app: &mut App, black: Duration) {
    let mut clock = Clock::start(Some(ClockSettings {
        minutes: 1,
        increment_seconds: 2,
    }));
    clock.black = black;
    app.world_mut().insert_resource(clock);
}

/// A key pressed and let go: `code` is the physical key, `typed` what the layout types with it.
pub fn press_key(app: &mut App, code: KeyCode, typed: Key) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: code,
            logical_key: typed.clone(),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// Characters typed on a QWERTY keyboard (letters and digits).
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = match c {
            'a'..='z' => KEY_CODES_A_TO_Z[(c as u8 - b'a') as usize],
            '0'..='9' => DIGIT_CODES[(c as u8 - b'0') as usize],
            _ => panic!("no key for {c:?}"),
        };
        press_key(app, code, Key::Character(c.to_string().into()));
    }
}

const KEY_CODES_A_TO_Z: [KeyCode; 26] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
    KeyCode::KeyI,
    KeyCode::KeyJ,
    KeyCode::KeyK,
    KeyCode::KeyL,
    KeyCode::KeyM,
    KeyCode::KeyN,
    KeyCode::KeyO,
    KeyCode::KeyP,
    KeyCode::KeyQ,
    KeyCode::KeyR,
    KeyCode::KeyS,
    KeyCode::KeyT,
    KeyCode::KeyU,
    KeyCode::KeyV,
    KeyCode::KeyW,
    KeyCode::KeyX,
    KeyCode::KeyY,
    KeyCode::KeyZ,
];

const DIGIT_CODES: [KeyCode; 10] = [
    KeyCode::Digit0,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];
