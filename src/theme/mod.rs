//! Themes: the look of the board, its frame, the table and the room as one choice in Options.
//! Each theme also brings its own board and marker colours, which the player can still change
//! one by one afterwards.

use bevy::color::Color;
use bevy::prelude::{App, Resource};
use serde::{Deserialize, Serialize};

use crate::board::{BoardColors, SceneColors};
use crate::locale::Text;

/// The default theme's colours until the settings say otherwise.
pub fn plugin(app: &mut App) {
    let theme = Theme::default();
    app.insert_resource(theme.board_colors())
        .insert_resource(theme.scene())
        .insert_resource(theme.room());
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum Theme {
    /// Green felt in a dark walnut frame: Othello as it is sold today.
    #[default]
    Classic,
    /// A red-brown board in light oak, as 19th-century Reversi boards were.
    RedBrown,
    /// A white board with black lines, like the other old Reversi boards.
    White,
    /// The green board under one low lamp in a dark room.
    DarkRoom,
    /// A deep blue board, white lines, yellow and orange marks: easy to read for every kind of
    /// colour vision (no red against green), the marks told apart by shape as well.
    HighContrast,
}

impl Theme {
    pub const ALL: [Theme; 5] = [
        Theme::Classic,
        Theme::RedBrown,
        Theme::White,
        Theme::DarkRoom,
        Theme::HighContrast,
    ];

    pub fn name(self) -> Text {
        Text::new(match self {
            Theme::Classic => "theme-classic",
            Theme::RedBrown => "theme-red-brown",
            Theme::White => "theme-white",
            Theme::DarkRoom => "theme-dark-room",
            Theme::HighContrast => "theme-high-contrast",
        })
    }

    /// The board and marker colours the theme starts with.
    pub fn board_colors(self) -> BoardColors {
        let (board, valid_move, active_square, last_move) = match self {
            Theme::Classic | Theme::DarkRoom => (
                Color::srgb(0.0, 0.40, 0.17),
                Color::srgba(0.95, 0.85, 0.25, 0.75),
                Color::srgb(0.18, 0.62, 0.30),
                Color::srgb(1.0, 0.35, 0.15),
            ),
            Theme::RedBrown => (
                Color::srgb(0.45, 0.13, 0.08),
                Color::srgba(0.98, 0.80, 0.35, 0.8),
                Color::srgb(0.62, 0.24, 0.14),
                Color::srgb(0.30, 0.85, 1.0),
            ),
            // Ivory rather than paper white, so that white discs still stand out.
            Theme::White => (
                Color::srgb(0.74, 0.70, 0.58),
                Color::srgba(0.15, 0.45, 0.85, 0.8),
                Color::srgb(0.95, 0.93, 0.82),
                Color::srgb(0.90, 0.25, 0.10),
            ),
            Theme::HighContrast => (
                Color::srgb(0.05, 0.20, 0.55),
                Color::srgba(0.94, 0.89, 0.26, 0.95),
                Color::srgb(0.20, 0.42, 0.85),
                Color::srgb(0.90, 0.62, 0.0),
            ),
        };
        BoardColors {
            board,
            valid_move,
            active_square,
            last_move,
        }
    }

    /// The grid, the frame and the table.
    pub fn scene(self) -> SceneColors {
        let (grid, frame, table) = match self {
            Theme::Classic => (
                Color::srgb(0.02, 0.06, 0.03),
                Color::srgb(0.36, 0.19, 0.08),
                Color::srgb(0.16, 0.12, 0.10),
            ),
            Theme::RedBrown => (
                Color::srgb(0.10, 0.04, 0.02),
                Color::srgb(0.78, 0.58, 0.34),
                Color::srgb(0.22, 0.20, 0.18),
            ),
            Theme::White => (
                Color::srgb(0.08, 0.08, 0.08),
                Color::srgb(0.52, 0.30, 0.14),
                Color::srgb(0.30, 0.33, 0.30),
            ),
            Theme::DarkRoom => (
                Color::srgb(0.01, 0.04, 0.02),
                Color::srgb(0.20, 0.10, 0.05),
                Color::srgb(0.05, 0.04, 0.04),
            ),
            Theme::HighContrast => (
                Color::srgb(0.92, 0.92, 0.92),
                Color::srgb(0.12, 0.12, 0.14),
                Color::srgb(0.02, 0.02, 0.02),
            ),
        };
        SceneColors { grid, frame, table }
    }

    /// The room around the table: its background and how much light it has besides the lamp.
    pub fn room(self) -> Room {
        match self {
            Theme::DarkRoom => Room {
                background: Color::srgb(0.01, 0.01, 0.015),
                lamp: 1.15,
                fill: 0.15,
                ambient: 0.2,
            },
            Theme::HighContrast => Room {
                background: Color::srgb(0.0, 0.0, 0.0),
                lamp: 0.8,
                fill: 1.6,
                ambient: 3.0,
            },
            Theme::White => Room {
                background: Color::srgb(0.16, 0.17, 0.19),
                lamp: 0.85,
                fill: 1.0,
                ambient: 1.0,
            },
            Theme::Classic | Theme::RedBrown => Room {
                background: Color::srgb(0.07, 0.09, 0.13),
                lamp: 1.0,
                fill: 1.0,
                ambient: 1.0,
            },
        }
    }
}

/// The room around the table, set by the theme: the background colour and the strength of the
/// lamp, the fill light and the ambient light (1 = the classic room).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Room {
    pub background: bevy::color::Color,
    pub lamp: f32,
    pub fill: f32,
    pub ambient: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance (WCAG), for the contrast of discs against the board.
    fn luminance(color: Color) -> f32 {
        let linear = color.to_linear();
        0.2126 * linear.red + 0.7152 * linear.green + 0.0722 * linear.blue
    }

    fn contrast(a: Color, b: Color) -> f32 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn both_disc_colours_stand_out_on_every_theme_s_board() {
        let black = Color::srgb(0.03, 0.03, 0.035);
        let white = Color::srgb(0.93, 0.92, 0.88);
        for theme in Theme::ALL {
            let board = theme.board_colors().board;
            let lowest = contrast(board, black).min(contrast(board, white));
            assert!(lowest >= 1.4, "{theme:?}: disc contrast {lowest:.2}");
        }
    }

    #[test]
    fn the_high_contrast_theme_has_the_strongest_contrasts() {
        let colors = Theme::HighContrast.board_colors();
        let scene = Theme::HighContrast.scene();
        assert!(contrast(scene.grid, colors.board) > 4.5);
        assert!(contrast(colors.valid_move, colors.board) > 4.5);
        assert!(contrast(colors.last_move, colors.board) > 3.0);
    }
}
