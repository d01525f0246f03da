//! The board diagrams of the help pages: rows of characters, drawn as a small board with its
//! coordinates and a caption. A whole board has eight rows and its caption below it; an edge
//! diagram has the top edge and the rows under it, with its caption beside it.

use bevy_egui::egui;

use crate::locale::Locale;

/// A board for a diagram: eight rows of eight characters, row 1 first.
/// `B`/`W` discs, `.` empty, `x` a legal move for the side in question, `*` and `w` the black and
/// the white disc just played, `f` and `t` a disc that has just flipped to black and to white, `s`
/// a stable black disc, `X` and `C` an X-square and a C-square, `o` and `e` an empty square of a
/// region with an odd and an even number of empty squares, `:` an empty square of the area the
/// caption names.
pub(super) type Diagram = [&'static str; 8];

/// An edge diagram: the top edge (row 1) and the two rows under it, marked as a [`Diagram`].
pub(super) type Edge = [&'static str; 3];

const CELL: f32 = 20.0;
const MARGIN: f32 = 14.0;

/// A diagram and its caption: below a whole board, beside an edge.
pub(super) fn diagram(ui: &mut egui::Ui, l: &Locale, rows: &[&str], caption: &'static str) {
    let caption = egui::Label::new(egui::RichText::new(l.text(caption)).size(12.5)).wrap();
    if rows.len() < 8 {
        ui.horizontal_top(|ui| {
            board(ui, rows);
            ui.add(caption);
        });
    } else {
        ui.vertical(|ui| {
            ui.set_width((MARGIN + CELL * 8.0 + 4.0).max(200.0));
            board(ui, rows);
            ui.add(caption);
        });
    }
}

/// The rows as a board of eight columns with its coordinates.
fn board(ui: &mut egui::Ui, rows: &[&str]) {
    let height = rows.len() as f32;
    let size = egui::vec2(MARGIN + CELL * 8.0 + 4.0, MARGIN + CELL * height + 4.0);
    let (response, painter) = ui.allocate_painter(size, egui::Sense::hover());
    let origin = response.rect.min + egui::vec2(MARGIN, MARGIN);
    let board = egui::Rect::from_min_size(origin, egui::vec2(CELL * 8.0, CELL * height));
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
        if usize::from(i) < rows.len() {
            painter.text(
                egui::pos2(origin.x - MARGIN / 2.0, origin.y + along),
                egui::Align2::CENTER_CENTER,
                i + 1,
                font.clone(),
                label_color,
            );
        }
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
    }
    for i in 0..=rows.len() {
        let offset = i as f32 * CELL;
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
    let just_played = egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 200, 40));
    let flipped = egui::Color32::from_rgb(235, 80, 60);
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
                    painter.circle(center, radius, black, just_played);
                }
                'w' => {
                    painter.circle(center, radius, white, just_played);
                }
                'f' | 't' => {
                    let fill = if mark == 'f' { black } else { white };
                    painter.circle(center, radius, fill, edge);
                    painter.circle_filled(center, radius * 0.35, flipped);
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
                'o' | 'e' | ':' => {
                    let tint = match mark {
                        'o' => egui::Color32::from_rgba_unmultiplied(250, 200, 40, 110),
                        'e' => egui::Color32::from_rgba_unmultiplied(90, 170, 250, 110),
                        _ => egui::Color32::from_rgba_unmultiplied(225, 245, 230, 90),
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

/// After f5 d6 c3 d3 c4 (the Tiger) every disc is still inside c3-f6, whose empty squares are
/// tinted.
pub(super) const SWEET_SIXTEEN: Diagram = [
    "........", "........", "..BW::..", "..BBB:..", "..:WBB..", "..:W::..", "........", "........",
];

/// An odd hole at e1 in White's edge: White cannot fill it, Black can (flipping e2 against e3).
pub(super) const ODD_HOLE: Edge = [".WWWxWW.", "...WWW..", "....B..."];

/// Black's wedge at e1 threatens both corners.
pub(super) const WEDGE: Edge = ["xWWW*WWx", "...WfW..", "....B..."];

/// Case A: White b1 makes a balanced edge of six discs.
pub(super) const CASE_A: Edge = [".wttttW.", "...BW...", "...WB..."];

/// Case B: White f1 leaves a hole at e1 that Black can wedge into.
pub(super) const CASE_B: Edge = [".WWWxw..", "...WWt..", "....BW.."];

/// Case C: White g1 makes an edge ending on a C-square, and Black, with b2 in place, plays c1.
pub(super) const CASE_C: Edge = ["..xWttw.", ".BW.....", ".WB....."];

/// Case C continued: White defended with b1, which also flipped b2; a1 is Black's.
pub(super) const CASE_C_DEFENDED: Edge = ["xwtWWWW.", ".tB.....", ".WB....."];

/// Case D: White b1 leaves five discs, b1-f1: an unbalanced edge that Black attacks at g1.
pub(super) const CASE_D: Edge = [".wtttWx.", "......W.", "......B."];

/// White's unbalanced edge b1-f1; Black attacks at g1, threatening a1.
pub(super) const UNBALANCED: Diagram = [
    ".WWWWWx.", "...WWWW.", "..BBBWWW", "..BBWBWW", "..BWBBWW", "..WBBBWW", "...BB..W", "........",
];

/// White has had to take h1, which leaves a hole at h2 that Black wedges into.
pub(super) const UNBALANCED_WEDGE: Diagram = [
    ".WWWWWtw", "...WWBWx", "..BBBWWW", "..BBWBWW", "..BWBBWW", "..WBBBWW", "...BB..W", "........",
];

#[cfg(test)]
mod tests {
    use reversi_engine::board::Board;
    use reversi_engine::{Color, Square};

    use super::*;

    /// The position a diagram shows, its rows under the top edge empty, with `to_move` to move.
    fn board_of(rows: &[&str], to_move: Color) -> Board {
        let mut board = Board {
            black: 0,
            white: 0,
            to_move,
        };
        for (row, line) in rows.iter().enumerate() {
            for (column, mark) in line.chars().enumerate() {
                let bit = 1u64 << (row * 8 + column);
                match mark {
                    'B' | '*' | 'f' | 's' => board.black |= bit,
                    'W' | 'w' | 't' => board.white |= bit,
                    _ => {}
                }
            }
        }
        board
    }

    /// The squares of a diagram marked with one of `marks`.
    fn marked(rows: &[&str], marks: &str) -> u64 {
        let mut bits = 0;
        for (row, line) in rows.iter().enumerate() {
            for (column, mark) in line.chars().enumerate() {
                if marks.contains(mark) {
                    bits |= 1u64 << (row * 8 + column);
                }
            }
        }
        bits
    }

    fn square(name: &str) -> Square {
        name.parse().expect("a square")
    }

    /// `board` after `moves`, each of which must be legal.
    fn after(mut board: Board, moves: &[&str]) -> Board {
        for name in moves {
            board = board
                .play(square(name))
                .unwrap_or_else(|error| panic!("{name}: {error}"));
        }
        board
    }

    fn can_play(board: Board, color: Color, name: &str) -> bool {
        Board {
            to_move: color,
            ..board
        }
        .is_legal(square(name))
    }

    /// The diagrams' marks for the side to move are its legal moves, so no picture teaches a
    /// wrong move.
    #[test]
    fn the_diagrams_mark_exactly_the_legal_moves() {
        for rows in [
            START,
            OUTFLANK_BEFORE,
            MOBILITY,
            QUIET_BEFORE,
            RESERVE_BEFORE,
        ] {
            let board = board_of(&rows, Color::Black);
            let legal = board.legal_moves();
            assert_eq!(legal & marked(&rows, "x"), marked(&rows, "x"), "{rows:?}");
            if rows == MOBILITY {
                assert_eq!(legal, marked(&rows, "x"), "every move of Black is shown");
                let white = board_of(&rows, Color::White);
                assert_eq!(white.legal_moves(), 0, "White has no move");
            }
        }
        let reserve = board_of(&RESERVE_BEFORE, Color::White);
        assert!(
            !can_play(reserve, Color::White, "a8"),
            "White cannot take a8"
        );
    }

    /// Every ringed disc is a legal move that flips exactly the discs marked as flipped, and
    /// every dot of the strategy page's new diagrams is a legal move of Black.
    #[test]
    fn each_ringed_move_flips_the_marked_discs_and_each_dot_is_black_s_move() {
        let diagrams: [(&[&str], Color); 9] = [
            (&WEDGE, Color::Black),
            (&CASE_A, Color::White),
            (&CASE_B, Color::White),
            (&CASE_C, Color::White),
            (&CASE_C_DEFENDED, Color::White),
            (&CASE_D, Color::White),
            (&UNBALANCED_WEDGE, Color::White),
            (&ODD_HOLE, Color::Black),
            (&UNBALANCED, Color::Black),
        ];
        for (rows, mover) in diagrams {
            let played = marked(rows, "*w");
            let flipped = marked(rows, "ft");
            if played != 0 {
                let shown = board_of(rows, mover.opponent());
                let mut before = board_of(rows, mover);
                let (own, other) = match mover {
                    Color::Black => (&mut before.black, &mut before.white),
                    Color::White => (&mut before.white, &mut before.black),
                };
                *own &= !(played | flipped);
                *other |= flipped;
                let square = Square::from_index(played.trailing_zeros() as u8).unwrap();
                assert_eq!(played.count_ones(), 1, "{rows:?}");
                assert_eq!(before.flips(square), Ok(flipped), "{rows:?}");
                assert_eq!(before.play(square), Ok(shown), "{rows:?}");
            }
            let black = board_of(rows, Color::Black);
            let dots = marked(rows, "x");
            assert_eq!(black.legal_moves() & dots, dots, "{rows:?}");
        }
    }

    /// What the captions of the odd hole and the four cases say happens, happens.
    #[test]
    fn the_edge_diagrams_show_what_their_captions_say() {
        // The odd hole: White cannot fill e1; Black's wedge there is the next diagram, and it
        // threatens both corners, which White cannot both save.
        let hole = board_of(&ODD_HOLE, Color::Black);
        assert!(!can_play(hole, Color::White, "e1"));
        let wedged = after(hole, &["e1"]);
        assert_eq!(wedged, board_of(&WEDGE, Color::White));
        assert!(can_play(wedged, Color::Black, "a1") && can_play(wedged, Color::Black, "h1"));
        // Case A: neither corner can be taken, and no square of the edge is left but them.
        let balanced = board_of(&CASE_A, Color::Black);
        assert!(!can_play(balanced, Color::Black, "a1"));
        assert!(!can_play(balanced, Color::Black, "h1"));
        assert_eq!(balanced.white & 0xff, 0b0111_1110);
        // Case B: White cannot fill e1; Black can, and then threatens a1.
        let holed = board_of(&CASE_B, Color::Black);
        assert!(!can_play(holed, Color::White, "e1"));
        assert!(can_play(after(holed, &["e1"]), Color::Black, "a1"));
        // Case C: after Black c1 threatens h1, White's b1 is the next diagram, and Black then
        // takes a1 and has h1 to follow.
        let trapped = board_of(&CASE_C, Color::Black);
        assert!(can_play(after(trapped, &["c1"]), Color::Black, "h1"));
        let defended = after(trapped, &["c1", "b1"]);
        assert_eq!(defended, board_of(&CASE_C_DEFENDED, Color::Black));
        assert!(can_play(after(defended, &["a1"]), Color::Black, "h1"));
        // Case D: after Black g1 threatens a1, White can take h1.
        let attacked = after(board_of(&CASE_D, Color::Black), &["g1"]);
        assert!(can_play(attacked, Color::Black, "a1"));
        assert!(attacked.is_legal(square("h1")));
    }

    /// The unbalanced edge: after g1 only h1 saves a1; h1 leaves the hole h2 that White cannot
    /// fill, and Black's wedge there takes h8, which White cannot prevent.
    #[test]
    fn the_attack_on_the_unbalanced_edge_wins_a_corner_for_the_one_it_gives() {
        let attacked = after(board_of(&UNBALANCED, Color::Black), &["g1"]);
        let saving: Vec<Square> = Square::all()
            .filter(|&reply| attacked.is_legal(reply))
            .filter(|&reply| !attacked.play(reply).unwrap().is_legal(square("a1")))
            .collect();
        assert_eq!(saving, vec![square("h1")]);
        let taken = after(attacked, &["h1"]);
        assert_eq!(taken, board_of(&UNBALANCED_WEDGE, Color::Black));
        assert!(!can_play(taken, Color::White, "h2"));
        let wedged = after(taken, &["h2"]);
        assert!(!wedged.is_legal(square("h8")), "White cannot take h8 first");
        assert!(can_play(wedged, Color::Black, "h8"));
    }

    /// The sweet sixteen is the Tiger's position, tinted on the empty squares of c3-f6.
    #[test]
    fn the_sweet_sixteen_diagram_is_the_tiger_with_c3_to_f6_tinted() {
        let tiger = after(Board::start(Color::Black), &["f5", "d6", "c3", "d3", "c4"]);
        assert_eq!(board_of(&SWEET_SIXTEEN, Color::White), tiger);
        let centre = (2..6).flat_map(|row| (2..6).map(move |column| 1u64 << (row * 8 + column)));
        let empty_centre = centre
            .filter(|bit| (tiger.black | tiger.white) & bit == 0)
            .fold(0, |all, bit| all | bit);
        assert_eq!(marked(&SWEET_SIXTEEN, ":"), empty_centre);
        let c3_to_f6 = 0x3c3c_3c3c_0000;
        assert_eq!(
            (tiger.black | tiger.white) & !c3_to_f6,
            0,
            "every disc is inside"
        );
    }
}
