//! The Statistics window: both records, Black vs White and Computer vs User, and Reset.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Dialogs;
use crate::game::Notice;
use crate::persistence::ConfigDir;
use crate::persistence::{Record, Statistics, save_statistics};

pub(super) fn statistics_window(
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
    let mut close = false;
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
            ui.horizontal(|ui| {
                reset = ui.button("Reset").clicked();
                if ui.button("Close").clicked() {
                    close = true;
                }
            });
        });
    if reset {
        *statistics = Statistics::default();
        if let Err(error) = save_statistics(&dir, &statistics) {
            notice.0 = format!("Statistics reset but not saved: {error}");
        }
    }
    dialogs.statistics = open && !close;
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
