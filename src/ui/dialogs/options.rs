//! The Options window: it edits the draft of the settings and sends OK, Cancel or Restore
//! defaults; what they do is the settings' business.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::search::Level;
use reversi_engine::{Color, Scoring};

use crate::ai::HintStrength;
use crate::game::{ClockSettings, ComputerTime, PlayerKind};
use crate::settings::Rgb;
use crate::settings::{MAX_COMPUTER_SECONDS, UI_SCALES};
use crate::settings::{OptionsAction, OptionsDraft};
use crate::theme::Theme;

pub(super) fn options_window(
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
            ui.horizontal(|ui| {
                ui.label("Theme");
                let mut theme = draft.theme;
                egui::ComboBox::from_id_salt("theme")
                    .selected_text(theme.name())
                    .show_ui(ui, |ui| {
                        for choice in Theme::ALL {
                            ui.selectable_value(&mut theme, choice, choice.name());
                        }
                    });
                if theme != draft.theme {
                    *draft = draft.clone().with_theme(theme);
                }
            });
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
            ui.horizontal(|ui| {
                ui.checkbox(&mut draft.sound, "Sound");
                ui.add_enabled(
                    draft.sound,
                    egui::Slider::new(&mut draft.sound_volume, 0.0..=1.0)
                        .text("volume")
                        .custom_formatter(|volume, _| format!("{:.0} %", volume * 100.0)),
                );
            });
            ui.add(
                egui::Slider::new(&mut draft.ui_scale, UI_SCALES.0..=UI_SCALES.1)
                    .text("size of menus, panel and windows")
                    .custom_formatter(|scale, _| format!("{:.0} %", scale * 100.0)),
            );
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
                let chosen = draft.computer_time();
                ui.label("Black");
                player_choice(ui, "black", &mut draft.black, chosen);
                ui.end_row();
                ui.label("White");
                player_choice(ui, "white", &mut draft.white, chosen);
                ui.end_row();
                ui.label("Computer's time");
                time_choice(ui, &mut draft.computer_seconds);
                ui.end_row();
                ui.label("Hints");
                egui::ComboBox::from_id_salt("hint strength")
                    .selected_text(draft.hint_strength.name())
                    .show_ui(ui, |ui| {
                        for strength in HintStrength::ALL {
                            ui.selectable_value(
                                &mut draft.hint_strength,
                                strength,
                                strength.name(),
                            );
                        }
                    });
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

/// The most the computer thinks about a move: each level's own limit, or one for every level.
fn time_choice(ui: &mut egui::Ui, seconds: &mut Option<u32>) {
    let name = |choice: Option<u32>| {
        choice.map_or("each level's own".to_string(), |s| {
            format!("at most {s} s a move")
        })
    };
    egui::ComboBox::from_id_salt("computer time")
        .selected_text(name(*seconds))
        .show_ui(ui, |ui| {
            for choice in [
                None,
                Some(1),
                Some(2),
                Some(5),
                Some(10),
                Some(30),
                Some(60),
            ] {
                ui.selectable_value(seconds, choice, name(choice));
            }
            ui.selectable_value(
                seconds,
                Some(MAX_COMPUTER_SECONDS),
                name(Some(MAX_COMPUTER_SECONDS)),
            );
        });
}

fn player_choice(ui: &mut egui::Ui, id: &str, player: &mut PlayerKind, chosen: ComputerTime) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(player.with_time_limit(chosen))
        .show_ui(ui, |ui| {
            ui.selectable_value(player, PlayerKind::Human, "Human");
            for level in Level::ALL {
                ui.selectable_value(
                    player,
                    PlayerKind::Computer(level),
                    PlayerKind::Computer(level).with_time_limit(chosen),
                );
            }
        });
}
