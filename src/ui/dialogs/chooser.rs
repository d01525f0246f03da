//! The platform's file chooser for Open game, Save game and Save picture: the native dialogs on
//! Windows and macOS, the XDG desktop portal on Linux (zenity where no portal answers), through
//! `rfd`. Where none can open, the in-game file window (`files.rs`, a path to type) stands in.
//!
//! The chooser blocks whoever waits for it, so it is opened on the main thread (macOS requires
//! it) and awaited on a thread of its own: the window goes on drawing, and is woken when the
//! answer comes. The chosen path then goes where the in-game window's would.

use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;

use super::Dialogs;
use super::files::{FilePurpose, FileTargets, start_in_game_window};
use crate::database::GameDatabase;
use crate::game::Notice;
use crate::locale::{Locale, Text};
use crate::persistence::{GamesDir, suggested_save_path};
use crate::wake::wake_window;

/// A file window asked for (a menu, a shortcut): the system's chooser when one can open, else
/// the in-game window.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChooseFile(pub FilePurpose);

/// A chooser open on the screen, and the thread waiting for its answer.
pub struct NativeChooser {
    purpose: FilePurpose,
    /// In a mutex only so that the resource holding it may be shared.
    answer: Mutex<Receiver<Option<PathBuf>>>,
    opened: Instant,
}

/// A chooser that answers "nothing" sooner than this did not open: no person cancels a file
/// dialog that fast, but rfd answers so when neither the portal nor zenity is there.
const TOO_QUICK_TO_BE_A_PERSON: Duration = Duration::from_millis(400);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ChooseFile>()
        .add_systems(Update, (open_chooser, collect_choice).chain());
}

/// Whether a system file chooser can be shown at all. Windows and macOS always have one. On
/// Linux and the BSDs the portal needs a session bus, and rfd's fallback needs zenity: with
/// neither (a bare X server, a minimal window manager) the in-game window is used at once.
fn system_chooser_exists() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    let session_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty())
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| PathBuf::from(dir).join("bus").exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    session_bus || zenity
}

/// Opens the chooser asked for. Runs on the main thread, where macOS wants dialogs opened.
fn open_chooser(
    mut requests: MessageReader<ChooseFile>,
    mut dialogs: ResMut<Dialogs>,
    games: Res<GamesDir>,
    database: Res<GameDatabase>,
    locale: Res<Locale>,
    _main_thread: NonSendMarker,
) {
    let Some(ChooseFile(purpose)) = requests.read().last().copied() else {
        return;
    };
    // One file window at a time: a second request while one is open is the same wish.
    if dialogs.chooser.is_some() || dialogs.file.is_some() {
        return;
    }
    if !system_chooser_exists() {
        start_in_game_window(&mut dialogs, &games, &database, purpose);
        return;
    }
    let dialog = chooser_for(purpose, &games, &database, &locale);
    let chosen: Pin<Box<dyn Future<Output = Option<rfd::FileHandle>> + Send>> = match purpose {
        FilePurpose::Open => Box::pin(dialog.pick_file()),
        FilePurpose::Save | FilePurpose::Picture(_) => Box::pin(dialog.save_file()),
        FilePurpose::Database => Box::pin(dialog.pick_folder()),
    };
    let (sender, answer) = mpsc::sync_channel(1);
    std::thread::spawn(move || {
        let path = bevy::tasks::block_on(chosen).map(|file| file.path().to_path_buf());
        let _ = sender.send(path);
        wake_window();
    });
    dialogs.chooser = Some(NativeChooser {
        purpose,
        answer: Mutex::new(answer),
        opened: Instant::now(),
    });
}

/// The chooser for `purpose`: its title, its filters, starting in the saved-games folder with a
/// fresh name to save under (a database's folder starts where the last one was).
fn chooser_for(
    purpose: FilePurpose,
    games: &GamesDir,
    database: &GameDatabase,
    locale: &Locale,
) -> rfd::AsyncFileDialog {
    let mut dialog = rfd::AsyncFileDialog::new();
    if let Some(dir) = &games.0 {
        // The folder may not exist yet; if it cannot be made, the chooser starts elsewhere.
        let _ = std::fs::create_dir_all(dir);
        dialog = dialog.set_directory(dir);
    }
    let suggested = |extension| {
        suggested_save_path(games, extension)
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    match purpose {
        FilePurpose::Open => dialog
            .set_title(locale.text("file-open-title"))
            .add_filter(locale.text("file-filter-games"), &["ron", "ggf", "txt"]),
        FilePurpose::Save => dialog
            .set_title(locale.text("file-save-title"))
            .set_file_name(suggested("ron"))
            .add_filter(locale.text("file-filter-saved"), &["ron"])
            .add_filter(locale.text("file-filter-ggf"), &["ggf"]),
        FilePurpose::Picture(_) => dialog
            .set_title(locale.text("file-picture-title"))
            .set_file_name(suggested("png"))
            .add_filter(locale.text("file-filter-picture"), &["png"]),
        FilePurpose::Database => {
            let dialog = dialog.set_title(locale.text("file-database-title"));
            match database.folder() {
                Some(folder) => dialog.set_directory(folder),
                None => dialog,
            }
        }
    }
}

/// Takes the chooser's answer: a path goes where the in-game window's would; an answer of
/// nothing that came too fast to be a person's means the chooser never opened, and the in-game
/// window takes over.
fn collect_choice(
    mut dialogs: ResMut<Dialogs>,
    games: Res<GamesDir>,
    database: Res<GameDatabase>,
    mut notice: ResMut<Notice>,
    mut targets: FileTargets,
) {
    let Some(chooser) = dialogs.chooser.as_mut() else {
        return;
    };
    let receiver = chooser
        .answer
        .get_mut()
        .unwrap_or_else(PoisonError::into_inner);
    let answer = match receiver.try_recv() {
        Ok(answer) => answer,
        Err(TryRecvError::Empty) => return,
        // The waiting thread is gone without a word: as if the chooser never opened.
        Err(TryRecvError::Disconnected) => None,
    };
    let (purpose, opened) = (chooser.purpose, chooser.opened);
    dialogs.chooser = None;
    match answer {
        Some(path) => {
            // The system's chooser asks before replacing a file itself.
            let path = with_extension_for(purpose, path);
            targets.deliver(purpose, path, true);
        }
        None if opened.elapsed() < TOO_QUICK_TO_BE_A_PERSON => {
            notice.set(Text::new("notice-chooser-failed"));
            start_in_game_window(&mut dialogs, &games, &database, purpose);
        }
        None => {}
    }
}

/// A name typed without an extension gets the one its kind of file has, so the game can tell
/// it again when it is opened.
fn with_extension_for(purpose: FilePurpose, path: PathBuf) -> PathBuf {
    let extension = match purpose {
        FilePurpose::Open | FilePurpose::Database => return path,
        FilePurpose::Save => "ron",
        FilePurpose::Picture(_) => "png",
    };
    if path.extension().is_some() {
        path
    } else {
        path.with_extension(extension)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::PictureKind;

    #[test]
    fn a_name_without_an_extension_gets_its_kind_s() {
        let save = with_extension_for(FilePurpose::Save, PathBuf::from("/g/game"));
        assert_eq!(save, PathBuf::from("/g/game.ron"));
        let ggf = with_extension_for(FilePurpose::Save, PathBuf::from("/g/game.ggf"));
        assert_eq!(ggf, PathBuf::from("/g/game.ggf"));
        let picture = with_extension_for(
            FilePurpose::Picture(PictureKind::Position),
            PathBuf::from("/g/board"),
        );
        assert_eq!(picture, PathBuf::from("/g/board.png"));
        let open = with_extension_for(FilePurpose::Open, PathBuf::from("/g/moves"));
        assert_eq!(open, PathBuf::from("/g/moves"));
    }
}
