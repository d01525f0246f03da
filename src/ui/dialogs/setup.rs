//! The Set up position window, open while a position is being set up: how to edit, the side to
//! move, Clear and Start position, and Done or Cancel.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::Color;

use crate::game::{Match, SetupCommand};

pub(super) fn setup_window(
    mut contexts: EguiContexts,
    state: Res<Match>,
    mut commands: MessageWriter<SetupCommand>,
) -> Result {
    if !state.editing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let board = state.board();
    let mut open = true;
    egui::Window::new("Set up position")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos([12.0, 420.0])
        .show(ctx, |ui| {
            ui.label("Click a square (or type it) to make it black, then white, then empty.");
            ui.label(format!(
                "Black {}, White {}",
                board.count(Color::Black),
                board.count(Color::White)
            ));
            ui.horizontal(|ui| {
                ui.label("To move:");
                for color in [Color::Black, Color::White] {
                    if ui
                        .radio(board.to_move() == color, color.to_string())
                        .clicked()
                    {
                        commands.write(SetupCommand::SideToMove(color));
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Clear the board").clicked() {
                    commands.write(SetupCommand::Clear);
                }
                if ui.button("Start position").clicked() {
                    commands.write(SetupCommand::Start);
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Done").clicked() {
                    commands.write(SetupCommand::Done);
                }
                if ui.button("Cancel").clicked() {
                    commands.write(SetupCommand::Cancel);
                }
            });
        });
    if !open {
        commands.write(SetupCommand::Cancel);
    }
    Ok(())
}
