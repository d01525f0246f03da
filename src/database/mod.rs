//! The game database: a folder of WTHOR files (the French federation's tournament games) that the
//! player opens, read on a thread of its own, remembered across restarts (`database.ron`), and
//! asked about the position on the board: the moves played from it with their results, and the
//! games that reached it, any of which opens on the board to be replayed.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use reversi_engine::board::Board;
use reversi_engine::database::{
    Database, GameId, GamePage, GameSummary, MoveStats, WthorError, WthorKind, WthorProblem,
};
use reversi_engine::openings::Symmetry;
use reversi_engine::{Game, Move, Rules};
use serde::{Deserialize, Serialize};

use crate::game::{GameCommand, Match, Notice};
use crate::jobs::Job;
use crate::locale::Text;
use crate::persistence::{self, ConfigDir};
use crate::schedule::GameSystems;

/// The folder last opened, beside the settings.
pub const DATABASE_FILE: &str = "database.ron";

/// The largest WTHOR file read: a year of games is a few hundred kilobytes, the whole history
/// of the federation some tens of megabytes.
const MAX_WTHOR_FILE_BYTES: u64 = 64 << 20;

/// How many of the games that reached a position the window lists at a time.
pub const GAMES_PER_PAGE: usize = 40;

/// Open the WTHOR files of a folder as the game database.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenDatabase(pub PathBuf);

/// Replay a game of the database on the board, at the position where it reached the board's.
#[derive(Message, Clone, Debug)]
pub struct OpenDatabaseGame(pub GameSummary);

/// Show another page of the games that reached the position.
#[derive(Message, Clone, Copy, Debug)]
pub struct ShowGamesFrom(pub usize);

/// Whether the database's window is open, so that the position on the board is looked up.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct DatabaseShown(pub bool);

/// The database open, the one being read, and what it says of the position on the board.
#[derive(Resource, Default)]
pub struct GameDatabase {
    folder: Option<PathBuf>,
    database: Option<Arc<Database>>,
    loading: Option<Loading>,
    view: Option<PositionView>,
}

/// A folder being read on its own thread (the engine's background helper: a database is read
/// once, like a long search, and wakes the window when done).
struct Loading {
    folder: PathBuf,
    reading: Job<Result<Database, Text>>,
}

/// What the database says of one position: the moves played from it, most played first, and a
/// page of the games that reached it.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionView {
    board: Board,
    pub moves: Vec<MoveStats>,
    pub games: GamePage,
    /// The first game of the page, counted from 0.
    pub first: usize,
}

impl GameDatabase {
    /// The folder of the database open.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// How many games the open database holds.
    pub fn games(&self) -> Option<usize> {
        self.database.as_ref().map(|database| database.len())
    }

    /// The folder being read, while it is.
    pub fn loading(&self) -> Option<&Path> {
        self.loading
            .as_ref()
            .map(|loading| loading.folder.as_path())
    }

    /// What the database says of the position on the board; none off the standard board.
    pub fn view(&self) -> Option<&PositionView> {
        self.view.as_ref()
    }
}

/// The database folder kept across restarts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
struct RememberedFolder {
    folder: Option<PathBuf>,
}

pub fn plugin(app: &mut App) {
    app.add_message::<OpenDatabase>()
        .add_message::<OpenDatabaseGame>()
        .add_message::<ShowGamesFrom>()
        .init_resource::<GameDatabase>()
        .init_resource::<DatabaseShown>()
        .add_systems(Startup, reopen_remembered_folder)
        .add_systems(
            Update,
            (start_loading, collect_loaded, open_database_game)
                .chain()
                .in_set(GameSystems::Input),
        )
        .add_systems(Update, follow_the_board.in_set(GameSystems::View));
}

/// Reads the folder opened last time, if there was one. A folder gone since (an unplugged
/// drive) is said in a notice and stays remembered.
fn reopen_remembered_folder(
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
    mut open: MessageWriter<OpenDatabase>,
) {
    let Ok(path) = dir.file(DATABASE_FILE) else {
        return;
    };
    let loaded = persistence::load_or_default::<RememberedFolder>(&path);
    if let Some(text) = loaded.notice {
        notice.add(text);
    }
    if let Some(folder) = loaded.value.folder {
        open.write(OpenDatabase(folder));
    }
}

fn start_loading(mut requests: MessageReader<OpenDatabase>, mut database: ResMut<GameDatabase>) {
    let Some(OpenDatabase(folder)) = requests.read().last().cloned() else {
        return;
    };
    let read = folder.clone();
    // A folder still being read is forgotten: its answer goes nowhere.
    database.loading = Some(Loading {
        folder,
        reading: Job::run(move || read_folder(&read)),
    });
}

/// Takes a folder read: it becomes the database (remembered for the next start), or the notice
/// says why it could not, and the database open before stays.
fn collect_loaded(
    mut database: ResMut<GameDatabase>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) {
    let Some(loading) = database.loading.as_mut() else {
        return;
    };
    let Some(answer) = loading.reading.poll() else {
        return;
    };
    let folder = loading.folder.clone();
    database.loading = None;
    match answer {
        Ok(opened) => {
            let mut said = Text::new("notice-database-opened")
                .with("games", opened.len())
                .with("folder", folder.as_path());
            if opened.damaged_games() > 0 {
                said = Text::new("notice-database-opened-damaged")
                    .with("games", opened.len())
                    .with("damaged", opened.damaged_games())
                    .with("folder", folder.as_path());
            }
            notice.set(said);
            database.database = Some(Arc::new(opened));
            database.folder = Some(folder.clone());
            database.view = None;
            let remembered = RememberedFolder {
                folder: Some(folder),
            };
            if let Err(error) = dir
                .file(DATABASE_FILE)
                .and_then(|path| persistence::save(&path, &remembered))
            {
                notice.add(Text::new("notice-database-not-remembered").with("error", error));
            }
        }
        Err(error) => notice.set(
            Text::new("notice-database-failed")
                .with("folder", folder.as_path())
                .with("error", error),
        ),
    }
}

/// The database of the WTHOR files in `folder`: its `*.wtb` games and the `WTHOR.JOU` and
/// `WTHOR.TRN` name lists (names in any case; other files are not read).
fn read_folder(folder: &Path) -> Result<Database, Text> {
    let cannot_read = |error: std::io::Error| {
        Text::new("error-cannot-read")
            .with("path", folder)
            .with("error", error.to_string())
    };
    let mut files = Vec::new();
    for entry in fs::read_dir(folder).map_err(cannot_read)? {
        let entry = entry.map_err(cannot_read)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if WthorKind::of_file_name(&name).is_none() {
            continue;
        }
        let path = entry.path();
        let size = entry.metadata().map_err(cannot_read)?.len();
        if size > MAX_WTHOR_FILE_BYTES {
            return Err(Text::new("error-database-file-too-large").with("path", path.as_path()));
        }
        let bytes = fs::read(&path).map_err(|error| {
            Text::new("error-cannot-read")
                .with("path", path.as_path())
                .with("error", error.to_string())
        })?;
        files.push((name, bytes));
    }
    let has_games = files
        .iter()
        .any(|(name, _)| WthorKind::of_file_name(name) == Some(WthorKind::Games));
    if !has_games {
        return Err(Text::new("error-database-no-games"));
    }
    Database::from_files(
        files
            .iter()
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice())),
    )
    .map_err(|error| wthor_error(&error))
}

/// A WTHOR file's fault in the player's words.
fn wthor_error(error: &WthorError) -> Text {
    let file = error.file.as_str();
    match error.problem {
        WthorProblem::NoHeader { length } => Text::new("error-wthor-no-header")
            .with("file", file)
            .with("length", length),
        WthorProblem::TenByTen => Text::new("error-wthor-ten-by-ten").with("file", file),
        WthorProblem::BoardSize { size } => Text::new("error-wthor-board-size")
            .with("file", file)
            .with("size", u32::from(size)),
        WthorProblem::Length {
            records,
            expected,
            found,
            ..
        } => Text::new("error-wthor-length")
            .with("file", file)
            .with("records", records)
            .with("expected", expected)
            .with("found", found),
        WthorProblem::TooManyGames { most } => Text::new("error-wthor-too-many-games")
            .with("file", file)
            .with("most", most),
        WthorProblem::DiscCount { number, discs } => Text::new("error-wthor-disc-count")
            .with("file", file)
            .with("number", number)
            .with("discs", u32::from(discs)),
    }
}

/// Keeps the view on the position on the board (and on the page asked for) while the database
/// window shows it: a lookup replays the games that reached the position.
fn follow_the_board(
    state: Res<Match>,
    shown: Res<DatabaseShown>,
    mut database: ResMut<GameDatabase>,
    mut pages: MessageReader<ShowGamesFrom>,
) {
    let page = pages.read().last().map(|ShowGamesFrom(first)| *first);
    let Some(opened) = database.database.clone().filter(|_| shown.0) else {
        return;
    };
    let board = state.game.standard_board();
    let same_board = database.view.as_ref().map(|view| view.board) == board;
    if same_board && page.is_none() {
        return;
    }
    database.view = board.map(|board| {
        let first = page.unwrap_or(0);
        PositionView {
            board,
            moves: opened.moves(&board),
            games: opened.games(&board, first, GAMES_PER_PAGE),
            first,
        }
    });
}

/// Opens a game of the database on the board, at the position where it reached the one the
/// player was looking at. A game that reached a rotated or mirrored image is turned to match
/// when its whole game can be (the start must stay the start); else it is shown as played.
fn open_database_game(
    mut requests: MessageReader<OpenDatabaseGame>,
    database: Res<GameDatabase>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
) {
    for OpenDatabaseGame(summary) in requests.read() {
        let game = database
            .database
            .as_ref()
            .and_then(|opened| replay(opened, summary.id, summary.ply, summary.symmetry));
        match game {
            Some(game) => {
                commands.write(GameCommand::Load(Box::new(game), None));
            }
            None => notice.set(Text::new("notice-database-game-gone")),
        }
    }
}

/// The symmetries that leave the standard start as it is: a whole game turned by one of them is
/// still a game from the start.
const START_KEEPING: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Transpose,
    Symmetry::HalfTurn,
    Symmetry::AntiTranspose,
];

/// Game `id` with its moves turned by `symmetry` where that keeps the start, stepped back to the
/// position after its first `ply` discs.
fn replay(database: &Database, id: GameId, ply: usize, symmetry: Symmetry) -> Option<Game> {
    let turn = if START_KEEPING.contains(&symmetry) {
        symmetry
    } else {
        Symmetry::Identity
    };
    let mut game = Game::new(Rules::default());
    let (mut discs, mut cursor) = (0, None);
    for mv in database.game_moves(id)? {
        if discs == ply {
            cursor.get_or_insert(game.cursor());
        }
        let mv = match mv {
            Move::Play(square) => {
                discs += 1;
                Move::Play(turn.apply(square))
            }
            Move::Pass => Move::Pass,
        };
        game.play(mv).ok()?;
    }
    let cursor = cursor.unwrap_or(game.history().len());
    while game.cursor() > cursor && game.undo() {}
    Some(game)
}
