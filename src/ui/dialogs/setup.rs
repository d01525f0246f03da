//! The Set up position window, open while a position is being set up: how to edit, the side to
//! move, Clear and Start position, and Done or Cancel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::Color;

use crate::game::{Match, SetupCommand};
use crate::locale::{Locale, Text};

pub(super) fn setup_window(
    mut contexts: EguiContexts,
    state: Res<Match>,
    mut commands: MessageWriter<SetupCommand>,
    locale: Res<Locale>,
) -> Result {
    if !state.editing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let board = state.board();
    let mut open = true;
    egui::Window::new(locale.text("setup-title"))
        .id(egui::Id::new("set up position"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos([12.0, 420.0])
        .show(ctx, |ui| {
            ui.label(locale.text("setup-how"));
            let counts = Text::new("setup-counts")
                .with("black", board.count(Color::Black))
                .with("white", board.count(Color::White));
            ui.label(locale.render(&counts));
            ui.horizontal(|ui| {
                ui.label(locale.text("setup-to-move"));
                for color in [Color::Black, Color::White] {
                    let name = locale.render(&Text::new("color-name").with("color", color));
                    if ui.radio(board.to_move() == color, name).clicked() {
                        commands.write(SetupCommand::SideToMove(color));
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button(locale.text("setup-clear")).clicked() {
                    commands.write(SetupCommand::Clear);
                }
                if ui.button(locale.text("setup-start")).clicked() {
                    commands.write(SetupCommand::Start);
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(locale.text("setup-done")).clicked() {
                    commands.write(SetupCommand::Done);
                }
                if ui.button(locale.text("button-cancel")).clicked() {
                    commands.write(SetupCommand::Cancel);
                }
            });
        });
    if !open {
        commands.write(SetupCommand::Cancel);
    }
    Ok(())
}
