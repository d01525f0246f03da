//! The Game review window: a progress bar and Cancel while the engine reviews the game, then the
//! mistakes, each a click away from its position with the better line on the board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ai::{Mistake, Review, ReviewRequest};
use crate::game::Match;

pub(super) fn review_window(
    mut contexts: EguiContexts,
    review: Res<Review>,
    state: Res<Match>,
    mut requests: MessageWriter<ReviewRequest>,
    mut selected: Local<Option<usize>>,
) -> Result {
    let progress = review.progress();
    if progress.is_none() && review.mistakes.is_none() {
        *selected = None;
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("Game review")
        .open(&mut open)
        .collapsible(false)
        .default_width(380.0)
        .show(ctx, |ui| {
            if let Some((done, total)) = progress {
                ui.label("The engine is going through the game…");
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .text(format!("move {done} of {total}")),
                );
                if ui.button("Cancel").clicked() {
                    requests.write(ReviewRequest::Close);
                }
                return;
            }
            let mistakes = review.mistakes.as_deref().unwrap_or_default();
            if !review.is_of(&state) {
                ui.label(egui::RichText::new("The game has changed since this review.").italics());
            }
            if mistakes.is_empty() {
                ui.label("No mistakes: every move was as good as the engine's best.");
            } else {
                ui.label(format!(
                    "{} moves lost discs against the best move. Click one to see its position \
                     and the better line.",
                    mistakes.len()
                ));
                egui::ScrollArea::vertical()
                    .max_height(320.0)
                    .show(ui, |ui| {
                        for (place, mistake) in mistakes.iter().enumerate() {
                            let row =
                                ui.selectable_label(*selected == Some(place), describe(mistake));
                            if row.clicked() {
                                *selected = Some(place);
                                requests.write(ReviewRequest::Show(place));
                            }
                        }
                    });
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Review again").clicked() {
                    requests.write(ReviewRequest::Start);
                }
                if ui.button("Close").clicked() {
                    requests.write(ReviewRequest::Close);
                }
            });
        });
    if !open {
        requests.write(ReviewRequest::Close);
    }
    Ok(())
}

/// "12. Black c4 loses 6: d3 was best (+2 against -4), exact".
fn describe(mistake: &Mistake) -> String {
    let kind = if mistake.exact { "exact" } else { "estimated" };
    format!(
        "{}. {} {} loses {}: {} was best ({:+} against {:+}), {kind}",
        mistake.number,
        mistake.color,
        mistake.played,
        mistake.loss(),
        mistake.best,
        mistake.best_score,
        mistake.played_score
    )
}
