//! The Options, Statistics, Save game and Open game windows.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::search::Level;
use reversi_engine::{Color, Scoring};

use crate::persistence::saved_games::{GameTransfer, games_dir, suggested_save_path};
use crate::settings::options::{OptionsAction, OptionsDraft};
use crate::persistence::ConfigDir;
use crate::game::players::PlayerKind;
use crate::settings::{ClockSettings, Rgb};
use crate::input::shortcuts::OpenDialog;
use crate::game::Notice;
use crate::persistence::statistics::{Record, Statistics};

/// Which windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    pub statistics: bool,
    pub file: Option<FileDialog>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FilePurpose {
    Save,
    Open,
}

/// The Save game or Open game window: the path being edited and, to open, the saved games.
pub struct FileDialog {
    purpose: FilePurpose,
    path: String,
    choices: Vec<std::path::PathBuf>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>()
        .add_systems(Update, open_requested_dialogs)
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (options_window, statistics_window, file_window),
        );
}

fn open_requested_dialogs(mut requests: MessageReader<OpenDialog>, mut dialogs: ResMut<Dialogs>) {
    if requests
        .read()
        .any(|request| *request == OpenDialog::Statistics)
    {
        dialogs.statistics = true;
    }
}

fn options_window(
    mut contexts: EguiContexts,
    mut draft: ResMut<OptionsDraft>,
    mut actions: MessageWriter<OptionsAction>,
) -> Result {
    let Some(draft) = draft.0.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Options")
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading("Display");
            ui.checkbox(&mut draft.show_valid_moves, "Show valid moves");
            ui.checkbox(
                &mut draft.preview_moves,
                "Preview moves (show the disc and the flips under the pointer)",
            );
            ui.checkbox(&mut draft.animate_moves, "Animate moves");
            ui.add_enabled(
                draft.animate_moves,
                egui::Slider::new(&mut draft.animation_speed, 0.25..=4.0).text("animation speed"),
            );
            ui.checkbox(&mut draft.sound, "Sound");
            egui::Grid::new("colours").num_columns(2).show(ui, |ui| {
                for (label, color) in [
                    ("Board colour", &mut draft.board_color),
                    ("Valid-move colour", &mut draft.valid_move_color),
                    ("Active-square colour", &mut draft.active_square_color),
                    ("Move-indicator colour", &mut draft.move_indicator_color),
                ] {
                    ui.label(label);
                    color_button(ui, color);
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("Players");
            egui::Grid::new("players").num_columns(2).show(ui, |ui| {
                ui.label("Black");
                player_choice(ui, "black", &mut draft.black);
                ui.end_row();
                ui.label("White");
                player_choice(ui, "white", &mut draft.white);
                ui.end_row();
                ui.label("First move");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut draft.first_to_move, Color::Black, "Black");
                    ui.radio_value(&mut draft.first_to_move, Color::White, "White");
                });
                ui.end_row();
                ui.label("Scoring");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut draft.scoring, Scoring::DiscCount, "Disc count");
                    ui.radio_value(
                        &mut draft.scoring,
                        Scoring::EmptiesToWinner,
                        "Empty squares to the winner",
                    );
                });
                ui.end_row();
                ui.label("Clock");
                ui.horizontal(|ui| {
                    let mut on = draft.clock.is_some();
                    ui.checkbox(&mut on, "");
                    match (on, draft.clock.as_mut()) {
                        (true, Some(clock)) => {
                            ui.add(
                                egui::DragValue::new(&mut clock.minutes)
                                    .range(1..=180)
                                    .suffix(" min"),
                            );
                            ui.label("+");
                            ui.add(
                                egui::DragValue::new(&mut clock.increment_seconds)
                                    .range(0..=600)
                                    .suffix(" s/move"),
                            );
                        }
                        (true, None) => {
                            draft.clock = Some(ClockSettings {
                                minutes: 10,
                                increment_seconds: 0,
                            })
                        }
                        (false, _) => {
                            draft.clock = None;
                            ui.label("off");
                        }
                    }
                });
                ui.end_row();
            });
            ui.label(
                egui::RichText::new(
                    "Players change at once; first move, scoring and clock from the next new game.",
                )
                .small(),
            );
            ui.separator();
            ui.horizontal(|ui| {
                for (label, action) in [
                    ("OK", OptionsAction::Ok),
                    ("Cancel", OptionsAction::Cancel),
                    ("Restore defaults", OptionsAction::RestoreDefaults),
                ] {
                    if ui.button(label).clicked() {
                        actions.write(action);
                    }
                }
            });
        });
    Ok(())
}

fn color_button(ui: &mut egui::Ui, color: &mut Rgb) {
    let mut rgb = *color;
    ui.color_edit_button_srgb(&mut rgb);
    *color = rgb;
}

fn player_choice(ui: &mut egui::Ui, id: &str, player: &mut PlayerKind) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(player.to_string())
        .show_ui(ui, |ui| {
            ui.selectable_value(player, PlayerKind::Human, "Human");
            for level in Level::ALL {
                ui.selectable_value(
                    player,
                    PlayerKind::Computer(level),
                    format!("Computer ({level})"),
                );
            }
        });
}

fn statistics_window(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut statistics: ResMut<Statistics>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
) -> Result {
    if !dialogs.statistics {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut reset = false;
    egui::Window::new("Statistics")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            record_table(
                ui,
                "Black vs White",
                ("Black", "White"),
                &statistics.black_vs_white,
            );
            ui.add_space(8.0);
            record_table(
                ui,
                "Computer vs User",
                ("Computer", "User"),
                &statistics.computer_vs_user,
            );
            ui.add_space(8.0);
            reset = ui.button("Reset").clicked();
        });
    if reset {
        *statistics = Statistics::default();
        if let Err(error) = crate::persistence::statistics::save(&dir, &statistics) {
            notice.0 = format!("Statistics reset but not saved: {error}");
        }
    }
    dialogs.statistics = open;
    Ok(())
}

fn record_table(ui: &mut egui::Ui, title: &str, (first, second): (&str, &str), record: &Record) {
    ui.label(egui::RichText::new(title).strong());
    egui::Grid::new(title)
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(first);
            ui.label(second);
            ui.end_row();
            ui.label("Wins");
            ui.label(record.first_wins.to_string());
            ui.label(record.second_wins.to_string());
            ui.end_row();
            ui.label("Draws");
            ui.label(record.draws.to_string());
            ui.label(record.draws.to_string());
            ui.end_row();
            ui.label("Total discs");
            ui.label(record.first_discs.to_string());
            ui.label(record.second_discs.to_string());
            ui.end_row();
            ui.label("Games");
            ui.label(record.games().to_string());
            ui.label("");
            ui.end_row();
        });
}

fn file_window(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut transfers: MessageWriter<GameTransfer>,
) -> Result {
    let Some(file) = dialogs.file.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (title, action) = match file.purpose {
        FilePurpose::Save => ("Save game", "Save"),
        FilePurpose::Open => ("Open game", "Open"),
    };
    let mut decision = None;
    egui::Window::new(title).collapsible(false).show(ctx, |ui| {
        if !file.choices.is_empty() {
            ui.label("Saved games:");
            egui::ScrollArea::vertical()
                .max_height(180.0)
                .show(ui, |ui| {
                    for choice in &file.choices {
                        let shown = choice.display().to_string();
                        let name = choice
                            .file_name()
                            .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
                        if ui.selectable_label(file.path == shown, name).clicked() {
                            file.path = shown;
                        }
                    }
                });
        }
        ui.label("File:");
        ui.add(egui::TextEdit::singleline(&mut file.path).desired_width(420.0));
        ui.horizontal(|ui| {
            if ui.button(action).clicked() {
                decision = Some(true);
            }
            if ui.button("Cancel").clicked() {
                decision = Some(false);
            }
        });
    });
    if let Some(confirmed) = decision {
        if confirmed {
            let path = file.path.trim().into();
            transfers.write(match file.purpose {
                FilePurpose::Save => GameTransfer::Save(path),
                FilePurpose::Open => GameTransfer::Open(path),
            });
        }
        dialogs.file = None;
    }
    Ok(())
}

/// `.ron` files in the saved-games folder, newest name first.
fn saved_games(dir: &ConfigDir) -> Vec<std::path::PathBuf> {
    let Some(dir) = games_dir(dir) else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
        .collect();
    files.sort();
    files.reverse();
    files
}

/// Opens the Save game window with a fresh file name.
pub fn start_save(dialogs: &mut Dialogs, dir: &ConfigDir) {
    let path = suggested_save_path(dir).display().to_string();
    dialogs.file = Some(FileDialog {
        purpose: FilePurpose::Save,
        path,
        choices: Vec::new(),
    });
}

/// Opens the Open game window on the saved-games folder.
pub fn start_open(dialogs: &mut Dialogs, dir: &ConfigDir) {
    let path = games_dir(dir)
        .map(|games| format!("{}/", games.display()))
        .unwrap_or_default();
    dialogs.file = Some(FileDialog {
        purpose: FilePurpose::Open,
        path,
        choices: saved_games(dir),
    });
}
