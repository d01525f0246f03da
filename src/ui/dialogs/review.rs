//! The Game review window: a progress bar and Cancel while the engine reviews the game, then how
//! each player played (average disc loss a move, mistakes, blunders) and the mistakes, each a
//! click away from its position with the better line on the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use reversi_engine::Color;

use crate::ai::{Mistake, PlayerReview, Review, ReviewRequest, ScoreKind};
use crate::game::Match;
use crate::locale::{Locale, Text};

pub(super) fn review_window(
    mut contexts: EguiContexts,
    review: Res<Review>,
    state: Res<Match>,
    mut requests: MessageWriter<ReviewRequest>,
    mut selected: Local<Option<usize>>,
    locale: Res<Locale>,
) -> Result {
    let progress = review.progress();
    if progress.is_none() && review.mistakes().is_none() {
        *selected = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(locale.text("review-title"))
        .id(egui::Id::new("game review"))
        .open(&mut open)
        .collapsible(false)
        // Below the menu bar, on the board's left, where the side panel stays in view.
        .default_pos([24.0, 48.0])
        .default_width(380.0)
        .show(ctx, |ui| {
            if let Some((done, total)) = progress {
                ui.label(locale.text("review-working"));
                if review.is_waiting() {
                    ui.label(egui::RichText::new(locale.text("engine-busy-waiting")).weak());
                }
                let step = Text::new("review-progress")
                    .with("done", done)
                    .with("total", total);
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .text(locale.render(&step)),
                );
                if ui.button(locale.text("button-cancel")).clicked() {
                    requests.write(ReviewRequest::Close);
                }
                return;
            }
            let mistakes = review.mistakes().unwrap_or_default();
            if !review.is_of(&state) {
                ui.label(egui::RichText::new(locale.text("review-game-changed")).italics());
            }
            if let Some((black, white)) = review.players() {
                players_table(ui, &locale, [(Color::Black, black), (Color::White, white)]);
                ui.separator();
            }
            if mistakes.is_empty() {
                ui.label(locale.text("review-no-mistakes"));
            } else {
                let count = Text::new("review-mistakes").with("count", mistakes.len());
                ui.label(locale.render(&count));
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        for (place, mistake) in mistakes.iter().enumerate() {
                            let row = ui.selectable_label(
                                *selected == Some(place),
                                locale.render(&describe(mistake)),
                            );
                            if row.clicked() {
                                *selected = Some(place);
                                requests.write(ReviewRequest::Show(place));
                            }
                        }
                    });
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(locale.text("review-again")).clicked() {
                    requests.write(ReviewRequest::Start);
                }
                if ui.button(locale.text("button-close")).clicked() {
                    requests.write(ReviewRequest::Close);
                }
            });
        });
    if !open {
        requests.write(ReviewRequest::Close);
    }
    Ok(())
}

/// Each player's account: moves, average loss a move, mistakes and blunders.
fn players_table(ui: &mut egui::Ui, locale: &Locale, players: [(Color, PlayerReview); 2]) {
    egui::Grid::new("review players")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            for key in [
                "review-player",
                "review-moves",
                "review-average-loss",
                "review-mistake-count",
                "review-blunder-count",
            ] {
                ui.strong(locale.text(key));
            }
            ui.end_row();
            for (color, player) in players {
                ui.label(locale.render(&Text::new("review-color").with("color", color)));
                ui.label(player.moves.to_string());
                ui.label(format!("{:.1}", player.average_loss()));
                ui.label(player.mistakes.to_string());
                ui.label(player.blunders.to_string());
                ui.end_row();
            }
        });
}

/// "12. Black c4 loses 6: d3 was best (+2 against -4), exact".
fn describe(mistake: &Mistake) -> Text {
    let kind = Text::new(match mistake.kind {
        ScoreKind::Exact => "review-exact",
        ScoreKind::Estimate => "review-estimated",
        ScoreKind::Book => "review-book",
    });
    Text::new("review-mistake")
        .with("number", mistake.number)
        .with("color", mistake.color)
        .with("played", mistake.played)
        .with("loss", mistake.loss())
        .with("best", mistake.best)
        .with("best_score", format!("{:+}", mistake.best_score))
        .with("played_score", format!("{:+}", mistake.played_score))
        .with("kind", kind)
}
