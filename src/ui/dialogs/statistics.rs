//! The Statistics window: both records of the variant being played, Black vs White and Computer
//! vs User, and Reset.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Dialogs;
use super::options::variant_name;
use crate::game::{Match, Notice};
use crate::locale::{Locale, Text};
use crate::persistence::ConfigDir;
use crate::persistence::{Record, Statistics, save_statistics};

pub(super) fn statistics_window(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut statistics: ResMut<Statistics>,
    dir: Res<ConfigDir>,
    mut notice: ResMut<Notice>,
    locale: Res<Locale>,
    state: Res<Match>,
) -> Result {
    if !dialogs.statistics {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut reset = false;
    let mut close = false;
    egui::Window::new(locale.text("statistics-title"))
        .id(egui::Id::new("statistics"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let variant = state.game.rules().variant;
            let records = statistics.of(&variant);
            let title = Text::new("statistics-variant").with("variant", variant_name(&variant));
            ui.label(egui::RichText::new(locale.render(&title)).strong());
            ui.add_space(4.0);
            let black_vs_white = [
                "statistics-black-vs-white",
                "statistics-black",
                "statistics-white",
            ];
            record_table(ui, &locale, black_vs_white, &records.black_vs_white);
            ui.add_space(8.0);
            let computer_vs_user = [
                "statistics-computer-vs-user",
                "statistics-computer",
                "statistics-user",
            ];
            record_table(ui, &locale, computer_vs_user, &records.computer_vs_user);
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                reset = ui.button(locale.text("statistics-reset")).clicked();
                if ui.button(locale.text("button-close")).clicked() {
                    close = true;
                }
            });
        });
    if reset {
        *statistics = Statistics::default();
        if let Err(error) = save_statistics(&dir, &statistics) {
            notice.set(Text::new("notice-statistics-reset-not-saved").with("error", error));
        }
    }
    dialogs.statistics = open && !close;
    Ok(())
}

/// A record's table: its title and the two sides' names, as message keys.
fn record_table(
    ui: &mut egui::Ui,
    locale: &Locale,
    [title, first, second]: [&'static str; 3],
    record: &Record,
) {
    ui.label(egui::RichText::new(locale.text(title)).strong());
    egui::Grid::new(title)
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(locale.text(first));
            ui.label(locale.text(second));
            ui.end_row();
            ui.label(locale.text("statistics-wins"));
            ui.label(record.first_wins.to_string());
            ui.label(record.second_wins.to_string());
            ui.end_row();
            ui.label(locale.text("statistics-draws"));
            ui.label(record.draws.to_string());
            ui.label(record.draws.to_string());
            ui.end_row();
            ui.label(locale.text("statistics-discs"));
            ui.label(record.first_discs.to_string());
            ui.label(record.second_discs.to_string());
            ui.end_row();
            ui.label(locale.text("statistics-games"));
            ui.label(record.games().to_string());
            ui.label("");
            ui.end_row();
        });
}
