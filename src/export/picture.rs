//! Pictures of the board seen from above, as players share them: the position with its
//! coordinates, and the game record (a "kifu") whose discs carry the numbers of the moves that
//! placed them. They are drawn in 2D rather than taken from the 3D scene, so they need no window,
//! look the same on every machine and stay sharp on every board size.

use reversi_engine::variant::VariantBoard;
use reversi_engine::{Color, Game, Move, Square};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use super::lettering::Lettering;

/// The board's colours in the picture (opaque RGB), taken from the player's theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PictureColors {
    pub board: [u8; 3],
    pub grid: [u8; 3],
    pub frame: [u8; 3],
}

const BLACK_DISC: [u8; 3] = [20, 20, 22];
const WHITE_DISC: [u8; 3] = [240, 238, 232];
const DISC_EDGE: [u8; 3] = [60, 60, 60];

/// A disc to draw: its square, colour and move number (none for the discs of the start).
struct Disc {
    square: Square,
    color: Color,
    number: Option<usize>,
}

/// The board of `board` with its discs, the coordinates around it and `caption` below.
pub fn position_picture(board: &VariantBoard, colors: PictureColors, caption: &str) -> Pixmap {
    let discs = board
        .squares()
        .squares()
        .filter_map(|square| {
            board.disc_at(square).map(|color| Disc {
                square,
                color,
                number: None,
            })
        })
        .collect::<Vec<_>>();
    draw(board, &discs, colors, caption)
}

/// The game record up to the current move: the start's discs as they stood, and on every square
/// played the disc of the player who played it, with the move's number (Reversi counts moves one
/// by one; passes have none).
pub fn record_picture(game: &Game, colors: PictureColors, caption: &str) -> Pixmap {
    let start = game.start_board();
    let boards = game.boards();
    let mut discs: Vec<Disc> = start
        .squares()
        .squares()
        .filter_map(|square| {
            start.disc_at(square).map(|color| Disc {
                square,
                color,
                number: None,
            })
        })
        .collect();
    for (index, mv) in game.moves().iter().enumerate() {
        if let (Move::Play(square), Some(before)) = (mv, boards.get(index)) {
            discs.push(Disc {
                square: *square,
                color: before.to_move(),
                number: game.move_number(index),
            });
        }
    }
    draw(&start, &discs, colors, caption)
}

/// `top` above `bottom`, on `top`'s frame colour where their widths differ.
pub fn stacked(top: &Pixmap, bottom: &Pixmap, background: [u8; 3]) -> Pixmap {
    let width = top.width().max(bottom.width());
    let mut pixmap =
        Pixmap::new(width, top.height() + bottom.height()).expect("two pictures of positive size");
    pixmap.fill(rgb(background));
    let paint = tiny_skia::PixmapPaint::default();
    let centred = |picture: &Pixmap| ((width - picture.width()) / 2) as i32;
    pixmap.draw_pixmap(
        centred(top),
        0,
        top.as_ref(),
        &paint,
        Transform::identity(),
        None,
    );
    pixmap.draw_pixmap(
        centred(bottom),
        top.height() as i32,
        bottom.as_ref(),
        &paint,
        Transform::identity(),
        None,
    );
    pixmap
}

/// The picture as a PNG file's bytes.
pub fn png_bytes(pixmap: &Pixmap) -> Result<Vec<u8>, String> {
    use image::ImageEncoder;
    let mut bytes = Vec::new();
    // Every pixel is opaque, so the premultiplied pixels are the plain ones PNG wants.
    image::codecs::png::PngEncoder::new(&mut bytes)
        .write_image(
            pixmap.data(),
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgba8,
        )
        .map_err(|error| error.to_string())?;
    Ok(bytes)
}

/// Where things go in a picture of a board of `size` squares a side.
struct Layout {
    /// A square's side in pixels.
    cell: f32,
    /// The band around the board that holds the coordinates.
    band: f32,
}

impl Layout {
    fn of(size: u8) -> Layout {
        // About 560 pixels of board whatever its size, but no square too small to read a
        // three-digit move number on.
        let cell = (560.0 / f32::from(size)).clamp(34.0, 64.0).round();
        Layout {
            cell,
            band: (cell * 0.6).round(),
        }
    }

    /// The top-left corner of the square in `column`, `row`.
    fn corner(&self, column: u8, row: u8) -> (f32, f32) {
        (
            self.band + f32::from(column) * self.cell,
            self.band + f32::from(row) * self.cell,
        )
    }

    fn centre(&self, square: Square) -> (f32, f32) {
        let (x, y) = self.corner(square.column(), square.row());
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
}

fn draw(board: &VariantBoard, discs: &[Disc], colors: PictureColors, caption: &str) -> Pixmap {
    let size = board.variant().size;
    let layout = Layout::of(size);
    let board_side = f32::from(size) * layout.cell;
    let caption_band = if caption.is_empty() {
        0.0
    } else {
        layout.cell * 0.8
    };
    let width = (board_side + 2.0 * layout.band) as u32;
    let height = (board_side + 2.0 * layout.band + caption_band) as u32;
    let mut pixmap = Pixmap::new(width, height).expect("a board is at least four squares wide");
    pixmap.fill(rgb(colors.frame));
    let lettering = Lettering::new();
    let label_color = readable_on(colors.frame);

    // The squares of the board (eight-star's missing corners stay frame), then the grid.
    let line = Stroke {
        width: (layout.cell / 28.0).max(1.0),
        ..Stroke::default()
    };
    for square in board.squares().squares() {
        let (x, y) = layout.corner(square.column(), square.row());
        if let Some(rect) = Rect::from_xywh(x, y, layout.cell, layout.cell) {
            pixmap.fill_rect(rect, &paint(colors.board), Transform::identity(), None);
            let outline = PathBuilder::from_rect(rect);
            pixmap.stroke_path(
                &outline,
                &paint(colors.grid),
                &line,
                Transform::identity(),
                None,
            );
        }
    }
    // Star points where the 3D board has them: the grid corners two squares in from each side.
    if size >= 8 {
        for (column, row) in [(2, 2), (size - 2, 2), (2, size - 2), (size - 2, size - 2)] {
            let (x, y) = layout.corner(column, row);
            fill_circle(&mut pixmap, (x, y), layout.cell * 0.07, colors.grid);
        }
    }

    for disc in discs {
        let centre = layout.centre(disc.square);
        let (face, ink) = match disc.color {
            Color::Black => (BLACK_DISC, WHITE_DISC),
            Color::White => (WHITE_DISC, BLACK_DISC),
        };
        fill_circle(&mut pixmap, centre, layout.cell * 0.42, face);
        stroke_circle(
            &mut pixmap,
            centre,
            layout.cell * 0.42,
            DISC_EDGE,
            line.width,
        );
        if let Some(number) = disc.number {
            let text = number.to_string();
            let size = layout.cell * if text.len() > 2 { 0.34 } else { 0.42 };
            lettering.draw_centred(&mut pixmap, &text, centre, size, ink);
        }
    }

    // Coordinates on all four sides, as on the 3D board's frame.
    let label_size = layout.band * 0.55;
    let far = layout.band + board_side + layout.band / 2.0;
    for i in 0..size {
        let along = layout.band + (f32::from(i) + 0.5) * layout.cell;
        let letter = char::from(b'a' + i).to_string();
        let number = (i + 1).to_string();
        for (text, centre) in [
            (&letter, (along, layout.band / 2.0)),
            (&letter, (along, far)),
            (&number, (layout.band / 2.0, along)),
            (&number, (far, along)),
        ] {
            lettering.draw_centred(&mut pixmap, text, centre, label_size, label_color);
        }
    }
    if !caption.is_empty() {
        let centre = (
            width as f32 / 2.0,
            board_side + 2.0 * layout.band + caption_band / 2.0 - layout.band / 2.0,
        );
        lettering.draw_centred(
            &mut pixmap,
            caption,
            centre,
            layout.cell * 0.36,
            label_color,
        );
    }
    pixmap
}

/// Black or a light ivory, whichever reads better on `background`.
fn readable_on(background: [u8; 3]) -> [u8; 3] {
    let [r, g, b] = background.map(f32::from);
    if 0.2126 * r + 0.7152 * g + 0.0722 * b > 128.0 {
        [25, 25, 25]
    } else {
        [236, 228, 212]
    }
}

fn rgb(color: [u8; 3]) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(color[0], color[1], color[2], 255)
}

fn paint(color: [u8; 3]) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(rgb(color));
    paint.anti_alias = true;
    paint
}

fn fill_circle(pixmap: &mut Pixmap, (x, y): (f32, f32), radius: f32, color: [u8; 3]) {
    if let Some(circle) = PathBuilder::from_circle(x, y, radius) {
        pixmap.fill_path(
            &circle,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn stroke_circle(pixmap: &mut Pixmap, (x, y): (f32, f32), radius: f32, color: [u8; 3], width: f32) {
    if let Some(circle) = PathBuilder::from_circle(x, y, radius) {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pixmap.stroke_path(&circle, &paint(color), &stroke, Transform::identity(), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Rules;
    use reversi_engine::variant::Variant;

    const COLORS: PictureColors = PictureColors {
        board: [0, 100, 40],
        grid: [5, 15, 8],
        frame: [90, 50, 20],
    };

    fn pixel(pixmap: &Pixmap, (x, y): (f32, f32)) -> [u8; 3] {
        let pixel = pixmap.pixel(x as u32, y as u32).unwrap();
        [pixel.red(), pixel.green(), pixel.blue()]
    }

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// How many pixels of `color` the square's disc has within a quarter of a square of its
    /// centre: where a move number is written.
    fn ink_near_centre(pixmap: &Pixmap, size: u8, square: Square, color: [u8; 3]) -> usize {
        let layout = Layout::of(size);
        let (cx, cy) = layout.centre(square);
        let reach = (layout.cell / 4.0) as i32;
        (-reach..=reach)
            .flat_map(|dx| (-reach..=reach).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| pixel(pixmap, (cx + dx as f32, cy + dy as f32)) == color)
            .count()
    }

    #[test]
    fn the_position_shows_each_disc_on_its_square_and_the_empty_board_between() {
        let board = VariantBoard::start(Variant::OTHELLO)
            .play(square("f5"))
            .unwrap();
        let picture = position_picture(&board, COLORS, "Black 4 – White 1");
        let layout = Layout::of(8);
        assert_eq!(pixel(&picture, layout.centre(square("f5"))), BLACK_DISC);
        assert_eq!(pixel(&picture, layout.centre(square("e5"))), BLACK_DISC);
        assert_eq!(pixel(&picture, layout.centre(square("d4"))), WHITE_DISC);
        assert_eq!(pixel(&picture, layout.centre(square("a1"))), COLORS.board);
        // The coordinates' band is frame, and the caption makes the picture taller than wide.
        assert_eq!(pixel(&picture, (2.0, 2.0)), COLORS.frame);
        assert!(picture.height() > picture.width());
        // No numbers on a position: a disc's middle is all disc.
        assert_eq!(ink_near_centre(&picture, 8, square("f5"), WHITE_DISC), 0);
    }

    #[test]
    fn the_record_numbers_the_moves_on_the_mover_s_discs_and_leaves_the_start_plain() {
        let mut game = Game::new(Rules::default());
        for name in ["f5", "d6", "c3"] {
            game.play(Move::Play(square(name))).unwrap();
        }
        let picture = record_picture(&game, COLORS, "");
        let layout = Layout::of(8);
        // f5 and c3 were Black's moves, d6 White's, whatever colour they have now: the disc's
        // colour beside its number.
        let face = |name| {
            let (x, y) = layout.centre(square(name));
            pixel(&picture, (x - layout.cell * 0.35, y))
        };
        assert_eq!(face("f5"), BLACK_DISC);
        assert_eq!(face("d6"), WHITE_DISC);
        assert!(
            ink_near_centre(&picture, 8, square("f5"), WHITE_DISC) > 10,
            "a number on f5"
        );
        assert!(
            ink_near_centre(&picture, 8, square("d6"), BLACK_DISC) > 10,
            "a number on d6"
        );
        assert_eq!(
            ink_near_centre(&picture, 8, square("e4"), WHITE_DISC),
            0,
            "e4 is a start disc"
        );
        // Undone moves are not part of the record shown.
        game.undo();
        let picture = record_picture(&game, COLORS, "");
        assert_eq!(pixel(&picture, layout.centre(square("c3"))), COLORS.board);
    }

    #[test]
    fn eight_star_s_cut_corners_are_frame_and_large_boards_fit() {
        let board = VariantBoard::start(Variant::EIGHT_STAR);
        let picture = position_picture(&board, COLORS, "");
        let layout = Layout::of(10);
        assert_eq!(pixel(&picture, layout.centre(square("a1"))), COLORS.frame);
        assert_eq!(pixel(&picture, layout.centre(square("c1"))), COLORS.board);
        let big = position_picture(&VariantBoard::start(Variant::othello(16)), COLORS, "");
        assert!(big.width() <= 16 * 64 + 2 * 40);
    }

    #[test]
    fn a_picture_encodes_as_a_png_of_its_size_and_stacks_above_another() {
        let board = VariantBoard::start(Variant::OTHELLO);
        let position = position_picture(&board, COLORS, "caption");
        let record = record_picture(&Game::new(Rules::default()), COLORS, "");
        let both = stacked(&position, &record, COLORS.frame);
        assert_eq!(both.height(), position.height() + record.height());
        let png = png_bytes(&both).unwrap();
        let decoded = image::load_from_memory(&png).unwrap();
        assert_eq!(
            (decoded.width(), decoded.height()),
            (both.width(), both.height())
        );
    }
}
