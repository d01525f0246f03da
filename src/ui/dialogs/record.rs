//! The Game record window: the kifu, a board whose discs carry the numbers of the moves that
//! placed them, as the exported picture draws it; it follows the game while open.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Dialogs;
use super::chooser::ChooseFile;
use super::files::FilePurpose;
use crate::board::{BoardColors, SceneColors};
use crate::export::{PictureColors, PictureKind, picture_colors, record_picture};
use crate::game::{Match, PlayerNames};
use crate::locale::{Language, Locale};

/// The open window's picture and what it was drawn from, so it is drawn again only when the game,
/// the colours or the language change.
#[derive(Default)]
pub struct RecordWindow {
    drawn: Option<(DrawnFrom, egui::TextureHandle)>,
}

/// What a picture was drawn from: the game's generation, the colours, the language and the
/// player's name.
type DrawnFrom = (u64, PictureColors, Language, String);

/// Opens the Game record window.
pub fn open_record(dialogs: &mut Dialogs) {
    dialogs.record.get_or_insert_with(RecordWindow::default);
}

pub(super) fn record_window(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    state: Res<Match>,
    board_colors: Res<BoardColors>,
    scene_colors: Res<SceneColors>,
    locale: Res<Locale>,
    names: Res<PlayerNames>,
    mut choose_file: MessageWriter<ChooseFile>,
) -> Result {
    let Some(window) = dialogs.record.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let colors = picture_colors(&board_colors, &scene_colors);
    let key = (
        state.generation,
        colors,
        locale.language(),
        names.yours.clone(),
    );
    let texture = match &window.drawn {
        Some((drawn_from, texture)) if *drawn_from == key => texture.clone(),
        _ => {
            let pixmap = record_picture(&state, &names, colors, &locale);
            let image = egui::ColorImage::from_rgba_unmultiplied(
                [pixmap.width() as usize, pixmap.height() as usize],
                pixmap.data(),
            );
            let texture = ctx.load_texture("game record", image, egui::TextureOptions::LINEAR);
            window.drawn = Some((key, texture.clone()));
            texture
        }
    };
    let mut open = true;
    let mut export = false;
    let mut close = false;
    egui::Window::new(locale.text("record-title"))
        .id(egui::Id::new("game record"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            // At most about half the window's height, so the board stays in view beside it.
            let side = (ctx.content_rect().height() * 0.6).clamp(240.0, 520.0);
            let [width, height] = texture.size().map(|pixels| pixels as f32);
            let scale = side / height.max(width);
            ui.image((texture.id(), egui::vec2(width * scale, height * scale)));
            ui.horizontal(|ui| {
                export = ui.button(locale.text("record-save-picture")).clicked();
                close = ui.button(locale.text("button-close")).clicked();
            });
        });
    if close || !open {
        dialogs.record = None;
    }
    if export {
        choose_file.write(ChooseFile(FilePurpose::Picture(
            PictureKind::PositionAndRecord,
        )));
    }
    Ok(())
}
