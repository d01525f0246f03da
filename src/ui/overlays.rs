//! What is painted over the 3D board: "Preparing the board..." while the first start compiles
//! its shaders, the pass notice and the game-over banner, the coordinates on the frame, the
//! numbers of the line's translucent discs and the hint scores on their squares.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::SIDE_PANEL_WIDTH;
use crate::ai::{Hints, ReviewRequest, ShownLine};
use crate::board::{BoardGeometry, MAX_GHOSTS};
use crate::diagnostics::PipelinesReady;
use crate::game::{Animating, GameCommand, Match, PassAnnouncement};
use crate::locale::{Locale, Text};
use crate::view::BoardCamera;
use reversi_engine::Color;
use reversi_engine::variant::Goal;

/// The game-over banner was closed for the position of this generation (to look at the board);
/// it comes back when the game ends again.
#[derive(Resource, Default)]
pub(super) struct BannerClosed(Option<u64>);

/// While the renderer compiles the scene's shaders (many seconds on a first start with a software
/// renderer), the board cannot be drawn: the player is told why it is empty.
pub(super) fn preparing_the_board(
    mut contexts: EguiContexts,
    ready: Option<Res<PipelinesReady>>,
    locale: Res<Locale>,
) -> Result {
    if ready.is_none_or(|ready| ready.0) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("preparing the board"))
        .anchor(egui::Align2::CENTER_CENTER, [-SIDE_PANEL_WIDTH / 2.0, 0.0])
        .interactable(false)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(locale.text("preparing-board")).size(22.0));
        });
    Ok(())
}

/// The pass notice and the game-over banner, over the board.
pub(super) fn banners(
    mut contexts: EguiContexts,
    state: Res<Match>,
    pass: Res<PassAnnouncement>,
    mut closed: ResMut<BannerClosed>,
    mut commands: MessageWriter<GameCommand>,
    mut review: MessageWriter<ReviewRequest>,
    locale: Res<Locale>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let result = state
        .game
        .result()
        .filter(|_| closed.0 != Some(state.generation) && !state.editing);
    if let Some(result) = result {
        egui::Window::new(locale.text("banner-game-over"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-SIDE_PANEL_WIDTH / 2.0, 60.0])
            .show(ctx, |ui| {
                let headline = match result.winner() {
                    Some(winner) => Text::new("banner-wins").with("color", winner),
                    None => Text::new("banner-draw"),
                };
                ui.vertical_centered(|ui| {
                    ui.heading(locale.render(&headline));
                    let score = Text::new("banner-score")
                        .with("black", result.black)
                        .with("white", result.white);
                    ui.label(egui::RichText::new(locale.render(&score)).size(18.0));
                    if result.goal == Goal::FewestDiscs {
                        ui.label(locale.text("banner-fewest-discs-win"));
                    }
                    ui.add_space(6.0);
                    ui.horizontal(|ui| {
                        if ui.button(locale.text("button-new-game")).clicked() {
                            commands.write(GameCommand::NewGame);
                        }
                        if ui.button(locale.text("button-review")).clicked() {
                            review.write(ReviewRequest::Start);
                            closed.0 = Some(state.generation);
                        }
                        if ui.button(locale.text("button-close")).clicked() {
                            closed.0 = Some(state.generation);
                        }
                    });
                });
            });
    } else if pass.is_showing() {
        let color = state.board().to_move();
        egui::Window::new(locale.text("banner-pass"))
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-SIDE_PANEL_WIDTH / 2.0, 60.0])
            .show(ctx, |ui| {
                ui.heading(locale.render(&Text::new("banner-passes").with("color", color)));
            });
    }
    Ok(())
}

/// Column letters and row numbers on the frame, and hint scores on their squares, placed where
/// the 3D board is on screen.
pub(super) fn board_labels(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    hints: Res<Hints>,
    shown: Res<ShownLine>,
    animating: Res<Animating>,
    state: Res<Match>,
    geometry: Res<BoardGeometry>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, camera_transform) = *camera;
    let Some(viewport) = camera.logical_viewport_rect() else {
        return Ok(());
    };
    // The camera places in logical window pixels (its viewport's offset included), egui in
    // points: a point is `zoom` pixels.
    let zoom = ctx.zoom_factor();
    let to_points = |at: Vec2| egui::pos2(at.x / zoom, at.y / zoom);
    let clip = egui::Rect::from_min_max(to_points(viewport.min), to_points(viewport.max));
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            "coordinates".into(),
        ))
        .with_clip_rect(clip);
    let labels = geometry.coordinate_labels();
    for (text, world) in labels {
        if let Ok(point) = camera.world_to_viewport(camera_transform, world) {
            painter.text(
                to_points(point),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(17.0),
                egui::Color32::from_rgb(245, 228, 190),
            );
        }
    }
    // The numbers of the line's translucent discs, in the colour that shows on each.
    let line = if animating.0 {
        &[][..]
    } else {
        shown.for_state(&state)
    };
    for (number, &(square, color)) in line.iter().take(MAX_GHOSTS).enumerate() {
        let Ok(point) =
            camera.world_to_viewport(camera_transform, geometry.square_center(square, 0.1))
        else {
            continue;
        };
        let ink = match color {
            Color::Black => egui::Color32::from_gray(245),
            Color::White => egui::Color32::from_gray(15),
        };
        painter.text(
            to_points(point),
            egui::Align2::CENTER_CENTER,
            (number + 1).to_string(),
            egui::FontId::proportional(18.0),
            ink,
        );
    }
    // Hint scores on their squares: the best move(s) in green, "=" marks an exact score and "b"
    // a score from the opening book.
    let mark = if hints.from_book(&state) { "b" } else { "" };
    if let Some(scores) = hints.scores(&state) {
        let best = scores.first().map_or(0, |best| best.score);
        for hint in scores {
            let Ok(point) = camera
                .world_to_viewport(camera_transform, geometry.square_center(hint.square, 0.05))
            else {
                continue;
            };
            let color = if hint.score == best {
                egui::Color32::from_rgb(120, 255, 140)
            } else {
                egui::Color32::from_rgb(255, 236, 200)
            };
            let exact = if hint.exact { "=" } else { "" };
            let text = format!("{mark}{exact}{:+}", hint.score);
            painter.text(
                to_points(point),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(18.0),
                color,
            );
        }
    }
    Ok(())
}
