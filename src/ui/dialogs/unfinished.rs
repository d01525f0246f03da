//! The offer of the game that was in progress when the game last closed: continue it, or start
//! afresh.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::Color;

use crate::locale::{Locale, Text};
use crate::persistence::{UnfinishedGame, UnfinishedGameAnswer};

pub(super) fn unfinished_game_window(
    mut contexts: EguiContexts,
    offered: Res<UnfinishedGame>,
    mut answers: MessageWriter<UnfinishedGameAnswer>,
    locale: Res<Locale>,
) -> Result {
    let Some(saved) = offered.0.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let board = saved.game.board();
    egui::Window::new(locale.text("unfinished-title"))
        .id(egui::Id::new("unfinished game"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            let offer = Text::new("unfinished-offer")
                .with("date", saved.date.as_str())
                .with("moves", saved.game.moves().len())
                .with("black_player", saved.players.black.name())
                .with("black", board.count(Color::Black))
                .with("white_player", saved.players.white.name())
                .with("white", board.count(Color::White))
                .with("color", board.to_move());
            ui.label(locale.render(&offer));
            ui.horizontal(|ui| {
                if ui.button(locale.text("unfinished-continue")).clicked() {
                    answers.write(UnfinishedGameAnswer::Continue);
                }
                if ui.button(locale.text("button-new-game")).clicked() {
                    answers.write(UnfinishedGameAnswer::Decline);
                }
            });
        });
    Ok(())
}
