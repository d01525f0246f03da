//! Text on the pictures: coordinates, move numbers and captions, drawn from the outlines of the
//! font egui already ships (Ubuntu Light), so the pictures need no font file at run time.

use ab_glyph::{Font, FontRef, OutlinedGlyph, PxScale, Rect, ScaleFont, point};
use tiny_skia::{Pixmap, PremultipliedColorU8};

/// Draws text in one font.
pub struct Lettering {
    font: FontRef<'static>,
}

impl Lettering {
    pub fn new() -> Lettering {
        let font = FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT)
            .expect("egui's built-in font is a valid TrueType font");
        Lettering { font }
    }

    /// Draws `text` `size` pixels high, the middle of its ink at `centre` across and its
    /// letters' middle at `centre` down, in `color` (opaque RGB) over what is already there.
    pub fn draw_centred(
        &self,
        pixmap: &mut Pixmap,
        text: &str,
        centre: (f32, f32),
        size: f32,
        color: [u8; 3],
    ) {
        let outlines = self.outlines(text, size);
        let Some(ink) = ink_box(&outlines) else {
            return;
        };
        // Down the page, centre the height of a plain letter ("x" for lowercase, "0" for the
        // rest) rather than this text's own ink, so that the letters of a row of coordinates
        // (a, d, f, g...) share one baseline however they rise or descend.
        let reference = if text.chars().all(|c| c.is_ascii_lowercase()) {
            "x"
        } else {
            "0"
        };
        let height = ink_box(&self.outlines(reference, size)).unwrap_or(ink);
        let dx = (centre.0 - (ink.min.x + ink.max.x) / 2.0).round() as i32;
        let dy = (centre.1 - (height.min.y + height.max.y) / 2.0).round() as i32;
        let (width, rows) = (pixmap.width() as i32, pixmap.height() as i32);
        let pixels = pixmap.pixels_mut();
        for outline in &outlines {
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i32 + gx as i32 + dx;
                let py = bounds.min.y as i32 + gy as i32 + dy;
                if (0..width).contains(&px) && (0..rows).contains(&py) {
                    let pixel = &mut pixels[(py * width + px) as usize];
                    *pixel = blend(*pixel, color, coverage.clamp(0.0, 1.0));
                }
            });
        }
    }

    /// The outlines of `text`'s glyphs `size` pixels high, laid out on a baseline at 0.
    fn outlines(&self, text: &str, size: f32) -> Vec<OutlinedGlyph> {
        let scale = PxScale::from(size);
        let scaled = self.font.as_scaled(scale);
        let mut x = 0.0;
        let mut previous = None;
        let mut outlines = Vec::new();
        for character in text.chars() {
            let id = scaled.glyph_id(character);
            if let Some(previous) = previous {
                x += scaled.kern(previous, id);
            }
            let glyph = id.with_scale_and_position(scale, point(x, 0.0));
            x += scaled.h_advance(id);
            previous = Some(id);
            outlines.extend(self.font.outline_glyph(glyph));
        }
        outlines
    }
}

/// The box around all the glyphs' ink.
fn ink_box(outlines: &[OutlinedGlyph]) -> Option<Rect> {
    outlines
        .iter()
        .map(|outline| outline.px_bounds())
        .reduce(|a, b| Rect {
            min: point(a.min.x.min(b.min.x), a.min.y.min(b.min.y)),
            max: point(a.max.x.max(b.max.x), a.max.y.max(b.max.y)),
        })
}

/// `color` laid over an opaque pixel with `coverage` (0 to 1).
fn blend(under: PremultipliedColorU8, color: [u8; 3], coverage: f32) -> PremultipliedColorU8 {
    let mix = |over: u8, under: u8| {
        (f32::from(over) * coverage + f32::from(under) * (1.0 - coverage)).round() as u8
    };
    PremultipliedColorU8::from_rgba(
        mix(color[0], under.red()),
        mix(color[1], under.green()),
        mix(color[2], under.blue()),
        255,
    )
    .unwrap_or(under)
}
