//! The list of a GGF file's games, shown when Open game read a file of many: one line per game
//! (players, result, moves, date), the chosen one opened with Open or a double click.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::locale::{Locale, Text};
use crate::persistence::{GameList, GameTransfer, describe_ggf_game};

/// The row the player has selected, kept while the list is open.
#[derive(Resource, Default)]
pub(super) struct SelectedGame(usize);

pub(super) fn game_list_window(
    mut contexts: EguiContexts,
    mut list: ResMut<GameList>,
    mut selected: ResMut<SelectedGame>,
    mut transfers: MessageWriter<GameTransfer>,
    locale: Res<Locale>,
) -> Result {
    let Some(file) = list.0.as_ref() else {
        selected.0 = 0;
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    let mut chosen = None;
    let mut cancel = false;
    let name = file
        .path
        .file_name()
        .map_or_else(String::new, |name| name.to_string_lossy().into_owned());
    egui::Window::new(locale.render(&Text::new("game-list-title").with("name", name)))
        .id(egui::Id::new("game list"))
        .open(&mut open)
        .collapsible(false)
        .default_width(520.0)
        .show(ctx, |ui| {
            ui.label(locale.render(&Text::new("game-list-count").with("count", file.games.len())));
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .auto_shrink([false, true])
                .show_rows(ui, 18.0, file.games.len(), |ui, rows| {
                    for index in rows {
                        let line = locale.render(&describe_ggf_game(index + 1, &file.games[index]));
                        let row = ui.selectable_label(selected.0 == index, line);
                        if row.clicked() {
                            selected.0 = index;
                        }
                        if row.double_clicked() {
                            chosen = Some(index);
                        }
                    }
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(locale.text("button-open")).clicked() {
                    chosen = Some(selected.0);
                }
                cancel = ui.button(locale.text("button-cancel")).clicked();
            });
        });
    if let Some(index) = chosen {
        transfers.write(GameTransfer::OpenFromList(index));
    } else if cancel || !open {
        list.0 = None;
    }
    Ok(())
}
