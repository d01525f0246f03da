//! The players' names, asked at the first game: the player's own (the account's name offered)
//! and, for games between two people here, a second player's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::locale::Locale;
use crate::online::{MAX_NAME_CHARS, default_name};
use crate::persistence::UnfinishedGame;
use crate::settings::{NamesAnswer, NamesQuestion};

pub(super) fn names_window(
    mut contexts: EguiContexts,
    mut question: ResMut<NamesQuestion>,
    offered: Res<UnfinishedGame>,
    mut answers: MessageWriter<NamesAnswer>,
    locale: Res<Locale>,
) -> Result {
    // The offer of an unfinished game is answered first: one window at a time over the board.
    if offered.0.is_some() {
        return Ok(());
    }
    let Some(draft) = question.0.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(locale.text("names-title"))
        .id(egui::Id::new("players' names"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.label(locale.text("names-why"));
            ui.add_space(6.0);
            egui::Grid::new("names").num_columns(2).show(ui, |ui| {
                name_rows(ui, &locale, &mut draft.yours, &mut draft.second);
            });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button(locale.text("names-play")).clicked() {
                    answers.write(NamesAnswer::Names(draft.clone()));
                }
                if ui.button(locale.text("names-skip")).clicked() {
                    answers.write(NamesAnswer::Skip);
                }
            });
        });
    Ok(())
}

/// The two names as a grid's rows: the player's own (the account's name when empty) and a
/// second player's; the Options show the same rows.
pub(super) fn name_rows(
    ui: &mut egui::Ui,
    locale: &Locale,
    yours: &mut String,
    second: &mut String,
) {
    ui.label(locale.text("online-your-name"));
    ui.add(
        egui::TextEdit::singleline(yours)
            .char_limit(MAX_NAME_CHARS)
            .hint_text(default_name()),
    );
    ui.end_row();
    ui.label(locale.text("options-second-name"));
    ui.add(
        egui::TextEdit::singleline(second)
            .char_limit(MAX_NAME_CHARS)
            .hint_text(locale.text("options-second-name-hint")),
    );
    ui.end_row();
}
