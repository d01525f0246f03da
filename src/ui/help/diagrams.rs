//! The board diagrams of the help pages: eight rows of characters, drawn as a small board with
//! its coordinates and a caption.

use bevy_egui::egui;

use crate::locale::Locale;

/// A board for a diagram: eight rows of eight characters, row 1 first.
/// `B`/`W` discs, `.` empty, `x` a legal move for the side in question, `*` the black disc just
/// played, `f` a disc that has just flipped to black, `s` a stable black disc, `X` and `C` an
/// X-square and a C-square, `o` and `e` an empty square of a region with an odd and an even
/// number of empty squares.
pub(super) type Diagram = [&'static str; 8];

const CELL: f32 = 20.0;
const MARGIN: f32 = 14.0;

pub(super) fn diagram(ui: &mut egui::Ui, l: &Locale, rows: &Diagram, caption: &'static str) {
    let side = MARGIN + CELL * 8.0 + 4.0;
    ui.vertical(|ui| {
        ui.set_width(side.max(200.0));
        let (response, painter) = ui.allocate_painter(egui::vec2(side, side), egui::Sense::hover());
        let origin = response.rect.min + egui::vec2(MARGIN, MARGIN);
        let board = egui::Rect::from_min_size(origin, egui::vec2(CELL * 8.0, CELL * 8.0));
        let label_color = ui.visuals().text_color();
        let font = egui::FontId::proportional(11.0);
        for i in 0..8u8 {
            let along = f32::from(i) * CELL + CELL / 2.0;
            painter.text(
                egui::pos2(origin.x + along, origin.y - MARGIN / 2.0),
                egui::Align2::CENTER_CENTER,
                char::from(b'a' + i),
                font.clone(),
                label_color,
            );
            painter.text(
                egui::pos2(origin.x - MARGIN / 2.0, origin.y + along),
                egui::Align2::CENTER_CENTER,
                i + 1,
                font.clone(),
                label_color,
            );
        }
        painter.rect_filled(board, 2.0, egui::Color32::from_rgb(28, 110, 58));
        let grid = egui::Stroke::new(1.0, egui::Color32::from_rgb(12, 60, 30));
        for i in 0..=8 {
            let offset = i as f32 * CELL;
            painter.line_segment(
                [
                    egui::pos2(board.min.x + offset, board.min.y),
                    egui::pos2(board.min.x + offset, board.max.y),
                ],
                grid,
            );
            painter.line_segment(
                [
                    egui::pos2(board.min.x, board.min.y + offset),
                    egui::pos2(board.max.x, board.min.y + offset),
                ],
                grid,
            );
        }
        let black = egui::Color32::from_gray(18);
        let white = egui::Color32::from_gray(240);
        let edge = egui::Stroke::new(1.0, egui::Color32::from_gray(70));
        let radius = CELL * 0.4;
        for (row, line) in rows.iter().enumerate() {
            for (column, mark) in line.chars().take(8).enumerate() {
                let center = egui::pos2(
                    board.min.x + (column as f32 + 0.5) * CELL,
                    board.min.y + (row as f32 + 0.5) * CELL,
                );
                match mark {
                    'B' => {
                        painter.circle(center, radius, black, edge);
                    }
                    'W' => {
                        painter.circle(center, radius, white, edge);
                    }
                    '*' => {
                        painter.circle(
                            center,
                            radius,
                            black,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 200, 40)),
                        );
                    }
                    'f' => {
                        painter.circle(center, radius, black, edge);
                        painter.circle_filled(
                            center,
                            radius * 0.35,
                            egui::Color32::from_rgb(235, 80, 60),
                        );
                    }
                    'x' => {
                        painter.circle_filled(
                            center,
                            radius * 0.35,
                            egui::Color32::from_rgba_unmultiplied(250, 200, 40, 200),
                        );
                    }
                    's' => {
                        painter.circle(
                            center,
                            radius,
                            black,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(90, 220, 120)),
                        );
                    }
                    'o' | 'e' => {
                        let tint = if mark == 'o' {
                            egui::Color32::from_rgba_unmultiplied(250, 200, 40, 110)
                        } else {
                            egui::Color32::from_rgba_unmultiplied(90, 170, 250, 110)
                        };
                        let cell = egui::Rect::from_center_size(center, egui::vec2(CELL, CELL));
                        painter.rect_filled(cell.shrink(1.0), 0.0, tint);
                    }
                    'X' | 'C' => {
                        painter.text(
                            center,
                            egui::Align2::CENTER_CENTER,
                            mark,
                            egui::FontId::proportional(13.0),
                            egui::Color32::from_rgb(250, 200, 40),
                        );
                    }
                    _ => {}
                }
            }
        }
        ui.add(egui::Label::new(egui::RichText::new(l.text(caption)).size(12.5)).wrap());
    });
}

pub(super) const START: Diagram = [
    "........", "........", "...x....", "..xWB...", "...BWx..", "....x...", "........", "........",
];

pub(super) const OUTFLANK_BEFORE: Diagram = [
    "........", "........", "..xW....", "..WWB...", "..WBW...", "..B..B..", "........", "........",
];

pub(super) const OUTFLANK_AFTER: Diagram = [
    "........", "........", "..*W....", "..ffB...", "..fBf...", "..B..B..", "........", "........",
];

pub(super) const STABLE: Diagram = [
    "ssss.W..", "sss.W...", "ss.BW...", "s..WB...", "...B....", "........", "........", "........",
];

pub(super) const X_AND_C_SQUARES: Diagram = [
    ".C....C.", "CX....XC", "........", "...WB...", "...BW...", "........", "CX....XC", ".C....C.",
];

/// Black, with four inner discs, has twenty moves; White, with a wall of twelve, has none.
pub(super) const MOBILITY: Diagram = [
    "........", ".xxxxxx.", ".xWWWWx.", ".xWBBWx.", ".xWBBWx.", ".xWWWWx.", ".xxxxxx.", "........",
];

/// A quiet move: d6 flips only d5, inside Black's discs, and takes two moves from White.
pub(super) const QUIET_BEFORE: Diagram = [
    "........", "........", ".W.B.W..", "..WBW...", ".BBWB...", "..BxB...", "WWWB.B..", "......B.",
];

pub(super) const QUIET_AFTER: Diagram = [
    "........", "........", ".W.B.W..", "..WBW...", ".BBfB...", "..B*B...", "WWWB.B..", "......B.",
];

/// An endgame with Black to move: three regions of one empty square, one of five, one of two.
pub(super) const PARITY: Diagram = [
    "WBBBWWWW", "WBBBoBWW", "BWWBBWWo", "WWBWWBBB", "oWWWWBBB", "BWWWBWBB", "ooBoBBWe", "oBoBBBeW",
];

/// Black's reserve move a8: White cannot play there; Black can save it for later.
pub(super) const RESERVE_BEFORE: Diagram = [
    "W.......", ".WB..B..", "W.BBB...", ".WBWB..B", ".BBBBBBW", "BWBWWWWW", "W..WWWWW", "x.....BW",
];

pub(super) const RESERVE_AFTER: Diagram = [
    "W.......", ".WB..B..", "W.BBB...", ".WBWB..B", ".BBBBBBW", "BWBWWWWW", "f..WWWWW", "*.....BW",
];

pub(super) const PASS: Diagram = [
    "xWBBBBBB", "........", "........", "...BB...", "...BB...", "........", "........", "........",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The diagrams' marks for the side to move are its legal moves, so no picture teaches a
    /// wrong move.
    #[test]
    fn the_diagrams_mark_exactly_the_legal_moves() {
        use reversi_engine::Color;
        use reversi_engine::board::Board;
        let board_of = |rows: &Diagram, to_move: Color| {
            let text: String = rows
                .iter()
                .flat_map(|row| row.chars())
                .map(|mark| match mark {
                    'B' | '*' | 'f' | 's' => 'X',
                    'W' => 'O',
                    _ => '-',
                })
                .collect();
            let side = if to_move == Color::Black { 'X' } else { 'O' };
            reversi_engine::board::parse_board_string(&format!("{text} {side}"))
                .expect("a diagram is a board")
        };
        let marked = |rows: &Diagram| -> u64 {
            let mut bits = 0;
            for (row, line) in rows.iter().enumerate() {
                for (column, mark) in line.chars().enumerate() {
                    if mark == 'x' {
                        bits |= 1u64 << (row * 8 + column);
                    }
                }
            }
            bits
        };
        for rows in [
            START,
            OUTFLANK_BEFORE,
            MOBILITY,
            QUIET_BEFORE,
            RESERVE_BEFORE,
        ] {
            let board: Board = board_of(&rows, Color::Black);
            let legal = board.legal_moves();
            assert_eq!(legal & marked(&rows), marked(&rows), "{rows:?}");
            if rows == MOBILITY {
                assert_eq!(legal, marked(&rows), "every move of Black is shown");
                let white = board_of(&rows, Color::White);
                assert_eq!(white.legal_moves(), 0, "White has no move");
            }
        }
        let reserve = board_of(&RESERVE_BEFORE, Color::White);
        let a8 = 1u64 << 56;
        assert_eq!(reserve.legal_moves() & a8, 0, "White cannot take a8");
    }
}
