//! The offer of the game that was in progress when the game last closed: continue it, or start
//! afresh.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::Color;

use crate::persistence::{UnfinishedGame, UnfinishedGameAnswer};

pub(super) fn unfinished_game_window(
    mut contexts: EguiContexts,
    offered: Res<UnfinishedGame>,
    mut answers: MessageWriter<UnfinishedGameAnswer>,
) -> Result {
    let Some(saved) = offered.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board = saved.game.board();
    egui::Window::new("Unfinished game")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            let moves = saved.game.moves().len();
            ui.label(format!(
                "A game was in progress when Reversi last closed (saved {} UTC): after {moves} \
                 {}, Black ({}) has {} discs and White ({}) {}, {} to move.",
                saved.date,
                if moves == 1 { "move" } else { "moves" },
                saved.players.black,
                board.count(Color::Black),
                saved.players.white,
                board.count(Color::White),
                board.to_move()
            ));
            ui.horizontal(|ui| {
                if ui.button("Continue it").clicked() {
                    answers.write(UnfinishedGameAnswer::Continue);
                }
                if ui.button("New game").clicked() {
                    answers.write(UnfinishedGameAnswer::Decline);
                }
            });
        });
    Ok(())
}
