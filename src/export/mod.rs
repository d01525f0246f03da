//! Pictures for sharing: the current position as a PNG of the board from above with its
//! coordinates, and the game record (kifu) below it. The Game record window shows the same
//! picture.

mod lettering;
mod picture;

use std::path::PathBuf;

use bevy::prelude::*;
use reversi_engine::{Color, Game};
use tiny_skia::Pixmap;

use crate::board::{BoardColors, SceneColors};
use crate::game::{Match, Notice, PlayerNames, result_text};
use crate::locale::{Locale, Text};
use crate::persistence::write_atomically;

pub use picture::PictureColors;

/// What a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureKind {
    /// The current position.
    Position,
    /// The current position above the game record that led to it.
    PositionAndRecord,
}

/// Save a picture of the game as a PNG file; an existing file is replaced only when the player
/// has confirmed it.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct PictureExport {
    pub path: PathBuf,
    pub kind: PictureKind,
    pub replace: bool,
}

pub fn plugin(app: &mut App) {
    app.add_message::<PictureExport>()
        .add_systems(Update, export_pictures);
}

/// The picture colours of the player's board.
pub fn picture_colors(board: &BoardColors, scene: &SceneColors) -> PictureColors {
    let rgb = |color: bevy::color::Color| {
        let [r, g, b, _] = color.to_srgba().to_u8_array();
        [r, g, b]
    };
    PictureColors {
        board: rgb(board.board),
        grid: rgb(scene.grid),
        frame: rgb(scene.frame),
    }
}

/// The game record of the game on the board as a picture, with its players (a person by name)
/// and its number of moves below it.
pub fn record_picture(
    state: &Match,
    names: &PlayerNames,
    colors: PictureColors,
    locale: &Locale,
) -> Pixmap {
    let game = &state.game;
    let moves = game.moves().len();
    let player = |color: Color| match names.of(state.players, color) {
        Some(name) => name.to_string(),
        None => locale.render(&state.players.of(color).name()),
    };
    let caption = Text::new("picture-record-players")
        .with("black", player(Color::Black))
        .with("white", player(Color::White))
        .with("record", Text::new("picture-record").with("moves", moves));
    picture::record_picture(game, colors, &locale.render(&caption))
}

/// The current position as a picture: the disc count and whose turn it is (or the result) below.
pub fn position_picture(game: &Game, colors: PictureColors, locale: &Locale) -> Pixmap {
    let board = game.board();
    let state = match game.result() {
        Some(result) => result_text(&result),
        None => Text::new("status-to-move").with("color", board.to_move()),
    };
    let discs = Text::new("picture-discs")
        .with("black", board.count(reversi_engine::Color::Black))
        .with("white", board.count(reversi_engine::Color::White));
    let caption = format!("{} {}", locale.render(&discs), locale.render(&state));
    picture::position_picture(&board, colors, &caption)
}

fn export_pictures(
    mut requests: MessageReader<PictureExport>,
    state: Res<Match>,
    board_colors: Res<BoardColors>,
    scene_colors: Res<SceneColors>,
    locale: Res<Locale>,
    names: Res<PlayerNames>,
    mut notice: ResMut<Notice>,
) {
    for request in requests.read() {
        let path = request.path.as_path();
        if !request.replace && path.exists() {
            notice.set(Text::new("notice-picture-exists").with("path", path));
            continue;
        }
        let colors = picture_colors(&board_colors, &scene_colors);
        let position = position_picture(&state.game, colors, &locale);
        let pixmap = match request.kind {
            PictureKind::Position => position,
            PictureKind::PositionAndRecord => picture::stacked(
                &position,
                &record_picture(&state, &names, colors, &locale),
                colors.frame,
            ),
        };
        let written = picture::png_bytes(&pixmap)
            .map_err(|detail| Text::new("error-detail").with("detail", detail))
            .and_then(|bytes| write_atomically(path, &bytes));
        notice.set(match written {
            Ok(()) => Text::new("notice-picture-saved").with("path", path),
            Err(error) => Text::new("notice-picture-not-saved").with("error", error),
        });
    }
}
