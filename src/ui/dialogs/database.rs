//! The Game database window: the WTHOR folder open (or a button to choose one), then for the
//! position on the board every move the games played from it, with how many games, the average
//! final score and the share won, and the games that reached it, a page at a time, each of which
//! opens on the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use reversi_engine::database::{GameSummary, MoveStats};

use super::ChooseFile;
use super::files::FilePurpose;
use crate::app_actions::{AppWindow, OwnWindow, Shown, own_window};
use crate::database::{
    DatabaseShown, GAMES_PER_PAGE, GameDatabase, OpenDatabaseGame, ShowGamesFrom,
};
use crate::locale::{Locale, Text};

/// What the player asked for in the window this frame.
enum Request {
    ChooseFolder,
    Open(GameSummary),
    Page(usize),
}

/// The game database window.
pub(in crate::ui) struct DatabaseWindow;

impl OwnWindow for DatabaseWindow {
    const WINDOW: AppWindow = AppWindow::Database;
}

/// The window: its open state, opened when asked for, and drawn while open.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(own_window::<DatabaseWindow>)
        .add_systems(EguiPrimaryContextPass, database_window);
}

fn database_window(
    mut contexts: EguiContexts,
    mut window: ResMut<Shown<DatabaseWindow>>,
    database: Res<GameDatabase>,
    mut choose: MessageWriter<ChooseFile>,
    mut open_game: MessageWriter<OpenDatabaseGame>,
    mut pages: MessageWriter<ShowGamesFrom>,
    mut shown: ResMut<DatabaseShown>,
    locale: Res<Locale>,
) -> Result {
    shown.set_if_neq(DatabaseShown(window.open));
    if !window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let l = &*locale;
    let mut open = true;
    let mut request = None;
    egui::Window::new(l.text("database-title"))
        .id(egui::Id::new("game database"))
        .open(&mut open)
        .collapsible(false)
        // Below the menu bar, on the board's left, where the side panel stays in view.
        .default_pos([24.0, 48.0])
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                let said = match (database.loading(), database.folder(), database.games()) {
                    (Some(folder), ..) => Text::new("database-reading").with("folder", folder),
                    (None, Some(folder), Some(games)) => Text::new("database-folder")
                        .with("folder", folder)
                        .with("games", games),
                    _ => Text::new("database-none"),
                };
                ui.label(l.render(&said));
                if database.loading().is_some() {
                    ui.spinner();
                }
                if ui.button(l.text("database-choose")).clicked() {
                    request = Some(Request::ChooseFolder);
                }
            });
            if database.games().is_none() {
                ui.label(egui::RichText::new(l.text("database-where")).weak());
                return;
            }
            let Some(view) = database.view() else {
                ui.label(l.text("database-standard-only"));
                return;
            };
            ui.separator();
            move_table(ui, l, &view.moves);
            ui.separator();
            let total = view.games.total;
            let shown = Text::new("database-games-shown")
                .with("from", (view.first + 1).min(total))
                .with("to", view.first + view.games.games.len())
                .with("total", total);
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(l.render(&shown)).strong());
                let earlier = view.first > 0;
                if ui
                    .add_enabled(earlier, egui::Button::new(l.text("database-earlier")))
                    .clicked()
                {
                    request = Some(Request::Page(view.first.saturating_sub(GAMES_PER_PAGE)));
                }
                let later = view.first + GAMES_PER_PAGE < total;
                if ui
                    .add_enabled(later, egui::Button::new(l.text("database-later")))
                    .clicked()
                {
                    request = Some(Request::Page(view.first + GAMES_PER_PAGE));
                }
            });
            if let Some(summary) = game_table(ui, l, &view.games.games) {
                request = Some(Request::Open(summary));
            }
        });
    match request {
        Some(Request::ChooseFolder) => {
            choose.write(ChooseFile(FilePurpose::Database));
        }
        Some(Request::Open(summary)) => {
            open_game.write(OpenDatabaseGame(summary));
        }
        Some(Request::Page(first)) => {
            pages.write(ShowGamesFrom(first));
        }
        None => {}
    }
    window.open = open;
    Ok(())
}

/// The moves played from the position, most played first.
fn move_table(ui: &mut egui::Ui, l: &Locale, moves: &[MoveStats]) {
    if moves.is_empty() {
        ui.label(l.text("database-no-moves"));
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("database moves")
        .max_height(170.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("database move table")
                .num_columns(4)
                .striped(true)
                .spacing([24.0, 4.0])
                .show(ui, |ui| {
                    for key in [
                        "database-move",
                        "database-games",
                        "database-score",
                        "database-won",
                    ] {
                        ui.strong(l.text(key));
                    }
                    ui.end_row();
                    for stats in moves {
                        ui.monospace(stats.square.to_string());
                        ui.label(stats.games.to_string());
                        ui.label(format!("{:+.1}", stats.average_difference()));
                        ui.label(format!("{:.0} %", stats.win_share() * 100.0));
                        ui.end_row();
                    }
                });
        });
}

/// A page of the games that reached the position; returns the one to open.
fn game_table(ui: &mut egui::Ui, l: &Locale, games: &[GameSummary]) -> Option<GameSummary> {
    let mut chosen = None;
    egui::ScrollArea::vertical()
        .id_salt("database games")
        .max_height(260.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("database game table")
                .num_columns(6)
                .striped(true)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for key in [
                        "database-year",
                        "database-black",
                        "database-white",
                        "database-result",
                        "database-tournament",
                    ] {
                        ui.strong(l.text(key));
                    }
                    ui.label("");
                    ui.end_row();
                    for game in games {
                        ui.label(game.year.to_string());
                        ui.label(&game.black);
                        ui.label(&game.white);
                        let white = 64u8.saturating_sub(game.black_discs);
                        ui.monospace(format!("{}-{white}", game.black_discs));
                        ui.label(&game.tournament);
                        if ui.button(l.text("database-replay")).clicked() {
                            chosen = Some(game.clone());
                        }
                        ui.end_row();
                    }
                });
        });
    chosen
}
