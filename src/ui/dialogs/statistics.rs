//! The Statistics window: the records of the variant being played, Black vs White and the
//! computer (and friends online) against the player by name, and Reset, which clears that variant's records once the player confirms it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::options::variant_name;
use crate::app_actions::{AppWindow, OwnWindow, Shown, own_window};
use crate::game::{Match, PlayerNames};
use crate::locale::{Locale, Text};
use crate::persistence::{Record, ResetStatistics, Statistics};

/// Whether the window asks "reset these records?" instead of showing its buttons.
#[derive(Default)]
pub(super) struct AskingToReset(bool);

/// The statistics window.
pub(in crate::ui) struct StatisticsWindow;

impl OwnWindow for StatisticsWindow {
    const WINDOW: AppWindow = AppWindow::Statistics;
}

/// The window: its open state, opened when asked for, and drawn while open.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(own_window::<StatisticsWindow>)
        .add_systems(EguiPrimaryContextPass, statistics_window);
}

fn statistics_window(
    mut contexts: EguiContexts,
    mut shown: ResMut<Shown<StatisticsWindow>>,
    statistics: Res<Statistics>,
    mut resets: MessageWriter<ResetStatistics>,
    mut asking: Local<AskingToReset>,
    locale: Res<Locale>,
    state: Res<Match>,
    names: Res<PlayerNames>,
) -> Result {
    if !shown.open {
        asking.0 = false;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let variant = state.game.rules().variant;
    let mut open = true;
    let mut close = false;
    egui::Window::new(locale.text("statistics-title"))
        .id(egui::Id::new("statistics"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            let records = statistics.of(&variant);
            let title = Text::new("statistics-variant").with("variant", variant_name(&variant));
            ui.label(egui::RichText::new(locale.render(&title)).strong());
            ui.add_space(4.0);
            let l = &*locale;
            let you = names.yours.as_str();
            let black_vs_white = [
                l.text("statistics-black-vs-white"),
                l.text("statistics-black"),
                l.text("statistics-white"),
            ];
            record_table(ui, l, black_vs_white, &records.black_vs_white);
            ui.add_space(8.0);
            let computer_vs_user = [
                l.render(&Text::new("statistics-computer-vs-user").with("name", you)),
                l.text("statistics-computer"),
                you.to_string(),
            ];
            record_table(ui, l, computer_vs_user, &records.computer_vs_user);
            ui.add_space(8.0);
            if records.friend_vs_user.games() > 0 {
                let friend_vs_user = [
                    l.render(&Text::new("statistics-friend-vs-user").with("name", you)),
                    l.text("statistics-friend"),
                    you.to_string(),
                ];
                record_table(ui, l, friend_vs_user, &records.friend_vs_user);
                ui.add_space(8.0);
            }
            if asking.0 {
                let question =
                    Text::new("statistics-reset-question").with("variant", variant_name(&variant));
                ui.label(locale.render(&question));
                ui.horizontal(|ui| {
                    if ui.button(locale.text("statistics-reset-confirm")).clicked() {
                        resets.write(ResetStatistics(variant));
                        asking.0 = false;
                    }
                    if ui.button(locale.text("button-cancel")).clicked() {
                        asking.0 = false;
                    }
                });
            } else {
                ui.horizontal(|ui| {
                    let has_games = records.black_vs_white.games() > 0
                        || records.computer_vs_user.games() > 0
                        || records.friend_vs_user.games() > 0;
                    let reset = ui.add_enabled(
                        has_games,
                        egui::Button::new(locale.text("statistics-reset")),
                    );
                    asking.0 = reset.clicked();
                    if ui.button(locale.text("button-close")).clicked() {
                        close = true;
                    }
                });
            }
        });
    shown.open = open && !close;
    Ok(())
}

/// A record's table: its title and the two sides' names.
fn record_table(
    ui: &mut egui::Ui,
    locale: &Locale,
    [title, first, second]: [String; 3],
    record: &Record,
) {
    ui.label(egui::RichText::new(&title).strong());
    egui::Grid::new(&title)
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(first);
            ui.label(second);
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
