//! The in-game Save game, Open game and Save picture window, for systems where the platform's
//! file chooser (`chooser.rs`) cannot open: a file name to edit and, to open, the saved games to
//! pick from. Either way a chosen path goes to the same place ([`FileTargets`]).

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Dialogs;
use crate::database::{GameDatabase, OpenDatabase};
use crate::export::{PictureExport, PictureKind};
use crate::locale::{Locale, Text};
use crate::persistence::{GameTransfer, GamesDir, saved_games, suggested_save_path};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FilePurpose {
    Save,
    Open,
    /// Save a picture of the game as PNG.
    Picture(PictureKind),
    /// Choose the folder of WTHOR files to open as the game database.
    Database,
}

impl FilePurpose {
    /// Whether the chosen path is written (and so a file there is replaced only when asked).
    fn saves(self) -> bool {
        matches!(self, FilePurpose::Save | FilePurpose::Picture(_))
    }
}

/// The file window: the path being edited and, to open, the saved games.
pub struct FileDialog {
    purpose: FilePurpose,
    path: String,
    choices: Vec<std::path::PathBuf>,
    /// Save was pressed on a file that exists: the window asks before replacing it.
    asking_to_replace: bool,
}

/// Where a chosen file goes: a game to save or open, a picture to write.
#[derive(SystemParam)]
pub struct FileTargets<'w> {
    transfers: MessageWriter<'w, GameTransfer>,
    pictures: MessageWriter<'w, PictureExport>,
    databases: MessageWriter<'w, OpenDatabase>,
}

impl FileTargets<'_> {
    /// Does what `purpose` asked with `path`; an existing file is replaced only when `replace`
    /// says the player agreed.
    pub fn deliver(&mut self, purpose: FilePurpose, path: PathBuf, replace: bool) {
        match purpose {
            FilePurpose::Save => {
                self.transfers.write(GameTransfer::Save { path, replace });
            }
            FilePurpose::Open => {
                self.transfers.write(GameTransfer::Open(path));
            }
            FilePurpose::Picture(kind) => {
                self.pictures.write(PictureExport {
                    path,
                    kind,
                    replace,
                });
            }
            FilePurpose::Database => {
                self.databases.write(OpenDatabase(path));
            }
        }
    }
}

/// What the player decided in the window.
enum Decision {
    Go,
    Replace,
    Cancel,
}

pub(super) fn file_window(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut targets: FileTargets,
    locale: Res<Locale>,
) -> Result {
    let Some(file) = dialogs.file.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (title, action, hint) = match file.purpose {
        FilePurpose::Save => ("file-save-title", "file-save", "file-save-hint"),
        FilePurpose::Open => ("file-open-title", "button-open", "file-open-hint"),
        FilePurpose::Picture(_) => ("file-picture-title", "file-save", "file-picture-hint"),
        FilePurpose::Database => ("file-database-title", "button-open", "file-database-hint"),
    };
    let mut decision = None;
    egui::Window::new(locale.text(title))
        .id(egui::Id::new("file dialog"))
        .collapsible(false)
        .show(ctx, |ui| {
            if !file.choices.is_empty() {
                ui.label(locale.text("file-saved-games"));
                egui::ScrollArea::vertical()
                    .max_height(180.0)
                    .show(ui, |ui| {
                        for choice in &file.choices {
                            let shown = choice.display().to_string();
                            let name = choice.file_name().map_or_else(
                                || shown.clone(),
                                |n| n.to_string_lossy().into_owned(),
                            );
                            if ui.selectable_label(file.path == shown, name).clicked() {
                                file.path = shown;
                            }
                        }
                    });
            }
            ui.label(locale.text("file-name"));
            let edit = ui.add(egui::TextEdit::singleline(&mut file.path).desired_width(420.0));
            if edit.changed() {
                file.asking_to_replace = false;
            }
            ui.label(egui::RichText::new(locale.text(hint)).small());
            // Enter in the name field saves or opens, as the button does.
            if edit.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter)) {
                decision = Some(Decision::Go);
            }
            if file.asking_to_replace {
                let question = Text::new("file-replace-question").with("path", file.path.trim());
                ui.label(locale.render(&question));
                ui.horizontal(|ui| {
                    if ui.button(locale.text("file-replace")).clicked() {
                        decision = Some(Decision::Replace);
                    }
                    if ui.button(locale.text("button-cancel")).clicked() {
                        decision = Some(Decision::Cancel);
                    }
                });
            } else {
                ui.horizontal(|ui| {
                    if ui.button(locale.text(action)).clicked() {
                        decision = Some(Decision::Go);
                    }
                    if ui.button(locale.text("button-cancel")).clicked() {
                        decision = Some(Decision::Cancel);
                    }
                });
            }
        });
    let path: PathBuf = file.path.trim().into();
    let replace = match decision {
        None => return Ok(()),
        Some(Decision::Cancel) => None,
        // Saving over a file asks first; opening reads it.
        Some(Decision::Go) if file.purpose.saves() && path.exists() => {
            file.asking_to_replace = true;
            return Ok(());
        }
        Some(Decision::Go) => Some(false),
        Some(Decision::Replace) => Some(true),
    };
    if let Some(replace) = replace {
        targets.deliver(file.purpose, path, replace);
    }
    dialogs.file = None;
    Ok(())
}

/// Opens the in-game window for `purpose`: to save, with a fresh file name in the saved-games
/// folder; to open, on that folder with its games listed; for the database, on its folder.
pub(super) fn start_in_game_window(
    dialogs: &mut Dialogs,
    games: &GamesDir,
    database: &GameDatabase,
    purpose: FilePurpose,
) {
    let (path, choices) = match purpose {
        FilePurpose::Save => (suggested_save_path(games, "ron"), Vec::new()),
        FilePurpose::Picture(_) => (suggested_save_path(games, "png"), Vec::new()),
        FilePurpose::Open => (
            games.0.as_ref().map(|dir| dir.join("")).unwrap_or_default(),
            saved_games(games),
        ),
        FilePurpose::Database => (
            database.folder().map(PathBuf::from).unwrap_or_default(),
            Vec::new(),
        ),
    };
    dialogs.file = Some(FileDialog {
        purpose,
        path: path.display().to_string(),
        choices,
        asking_to_replace: false,
    });
}
