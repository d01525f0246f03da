//! The evaluation graph in the side panel: a bar per position of the record, up for Black's
//! advantage and down for White's, ending in a green dot when the score is exact, an amber one
//! when it is the opening book's and a ring when it is an estimate; after a review, a triangle
//! over each position a mistake (orange) or a blunder (red) made; the position shown is marked,
//! and a click goes to the position under the pointer.

use bevy_egui::egui;
use reversi_engine::{Color, Move};

use super::PanelContext;
use crate::ai::{GraphScore, Mistake, ScoreKind};
use crate::locale::Text;

const HEIGHT: f32 = 86.0;
/// The scale shows at least ±8 discs, so small estimates do not look like landslides.
const MIN_SCALE: i32 = 8;

pub(super) fn evaluation_graph(ui: &mut egui::Ui, p: &mut PanelContext) {
    let points = p.graph.points(&p.state);
    let cursor = p.state.game.cursor();
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), HEIGHT),
        egui::Sense::click(),
    );
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    // A mid-grey ground, on which both Black's dark bars and White's light ones show.
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(78, 82, 88));
    let scale = points
        .iter()
        .flatten()
        .map(|point| point.black.abs())
        .max()
        .unwrap_or(0)
        .clamp(MIN_SCALE, 64) as f32;
    let zero = rect.center().y;
    let half = HEIGHT / 2.0 - 4.0;
    // At least 20 slots, so the first moves of a game do not fill the panel with wide bars.
    let slots = points.len().max(20) as f32;
    let slot = rect.width() / slots;
    let x_of = |index: usize| rect.left() + slot * (index as f32 + 0.5);
    for (index, point) in points.iter().enumerate() {
        let Some(GraphScore { black, kind }) = *point else {
            continue;
        };
        let height = black as f32 / scale * half;
        let bar = egui::Rect::from_x_y_ranges(
            x_of(index) - slot * 0.4..=x_of(index) + slot * 0.4,
            zero.min(zero - height)..=zero.max(zero - height),
        );
        let base = if black >= 0 {
            egui::Color32::from_gray(12)
        } else {
            egui::Color32::from_gray(235)
        };
        let fill = match kind {
            ScoreKind::Exact | ScoreKind::Book => base,
            ScoreKind::Estimate => base.gamma_multiply(0.55),
        };
        painter.rect_filled(bar, 0.0, fill);
        // A mark at the end of every bar, so even an even score shows it has been worked out:
        // filled green when solved exactly, amber from the book, an outline when estimated.
        let end = egui::pos2(x_of(index), zero - height);
        let radius = (slot * 0.3).clamp(1.5, 3.0);
        match kind {
            ScoreKind::Exact => {
                painter.circle_filled(end, radius, egui::Color32::from_rgb(90, 220, 120));
            }
            ScoreKind::Book => {
                painter.circle_filled(end, radius, egui::Color32::from_rgb(235, 175, 60));
            }
            ScoreKind::Estimate => {
                painter.circle_stroke(
                    end,
                    radius,
                    egui::Stroke::new(1.0, egui::Color32::from_gray(200)),
                );
            }
        }
    }
    painter.hline(
        rect.x_range(),
        zero,
        egui::Stroke::new(1.0, egui::Color32::from_gray(170)),
    );
    for mistake in reviewed_mistakes(p) {
        let x = x_of(mistake.index + 1);
        let size = (slot * 0.45).clamp(3.0, 5.0);
        let top = rect.top() + 1.0;
        let color = if mistake.is_blunder() {
            egui::Color32::from_rgb(230, 60, 50)
        } else {
            egui::Color32::from_rgb(240, 150, 40)
        };
        painter.add(egui::Shape::convex_polygon(
            vec![
                egui::pos2(x - size, top),
                egui::pos2(x + size, top),
                egui::pos2(x, top + size * 1.4),
            ],
            color,
            egui::Stroke::NONE,
        ));
    }
    if cursor < points.len() {
        painter.vline(
            x_of(cursor),
            rect.y_range(),
            egui::Stroke::new(1.5, visuals.selection.bg_fill),
        );
    }
    let small = egui::FontId::proportional(10.0);
    let weak = egui::Color32::from_gray(215);
    painter.text(
        rect.left_top() + egui::vec2(3.0, 2.0),
        egui::Align2::LEFT_TOP,
        p.locale.render(
            &Text::new("graph-ahead")
                .with("color", Color::Black)
                .with("margin", scale.round() as i64),
        ),
        small.clone(),
        weak,
    );
    painter.text(
        rect.left_bottom() + egui::vec2(3.0, -2.0),
        egui::Align2::LEFT_BOTTOM,
        p.locale.render(
            &Text::new("graph-ahead")
                .with("color", Color::White)
                .with("margin", scale.round() as i64),
        ),
        small,
        weak,
    );
    let under_pointer = response.hover_pos().map(|pointer| {
        (((pointer.x - rect.left()) / slot).floor().max(0.0) as usize).min(points.len() - 1)
    });
    if let Some(index) = under_pointer {
        let text = describe_point(p, index, points[index]);
        if response.clicked() {
            p.actions.go_to(index);
        }
        response.on_hover_text_at_pointer(text);
    }
}

/// The mistakes of the finished review of the game shown, if there is one.
fn reviewed_mistakes<'a>(p: &'a PanelContext) -> &'a [Mistake] {
    match p.reviewed.mistakes() {
        Some(mistakes) if p.reviewed.is_of(&p.state) => mistakes,
        _ => &[],
    }
}

/// "After 12. c4: Black +6 (exact)" for the tooltip, and what the review said of that move.
fn describe_point(p: &PanelContext, index: usize, point: Option<GraphScore>) -> String {
    let game = &p.state.game;
    let last = index.checked_sub(1);
    let position = match last.map(|last| (game.history()[last], game.move_number(last))) {
        None => Text::new("graph-start"),
        Some((Move::Play(square), Some(number))) => Text::new("graph-after-move")
            .with("number", number)
            .with("square", square),
        Some(_) => Text::new("graph-after-pass"),
    };
    let described = match point {
        None => Text::new("graph-not-scored").with("position", position),
        Some(GraphScore { black, kind }) => {
            let score = match black {
                0 => Text::new("graph-even"),
                ahead if ahead > 0 => Text::new("graph-ahead")
                    .with("color", Color::Black)
                    .with("margin", ahead),
                behind => Text::new("graph-ahead")
                    .with("color", Color::White)
                    .with("margin", -behind),
            };
            let kind = Text::new(match kind {
                ScoreKind::Exact => "graph-exact",
                ScoreKind::Estimate => "graph-estimate",
                ScoreKind::Book => "graph-book",
            });
            Text::new("graph-point")
                .with("position", position)
                .with("score", score)
                .with("kind", kind)
        }
    };
    let mut text = p.locale.render(&described);
    let made_here = reviewed_mistakes(p)
        .iter()
        .find(|mistake| mistake.index + 1 == index);
    if let Some(mistake) = made_here {
        let key = if mistake.is_blunder() {
            "graph-blunder"
        } else {
            "graph-mistake"
        };
        let said = Text::new(key)
            .with("loss", mistake.loss())
            .with("best", mistake.best);
        text.push('\n');
        text.push_str(&p.locale.render(&said));
    }
    text
}
