//! The Puzzles window: the puzzle on the board (play the answer on the board; the check, then
//! right or wrong with the scores and the opponent's best reply line), the next one due, and the
//! list of every puzzle, the built-in endgame problems and those from the player's games, with
//! how each went.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use reversi_engine::study::puzzles::{Puzzle, Source};

use super::squares_text;
use super::trainer::due_text;
use crate::app_actions::{AppWindow, OwnWindow, Shown, own_window};
use crate::locale::{Locale, Text};
use crate::study::{
    BuiltInPuzzles, PuzzleCheck, PuzzleSession, StudyCommand, StudyRecord, Studying, today,
};

/// The puzzles window.
pub(in crate::ui) struct PuzzlesWindow;

impl OwnWindow for PuzzlesWindow {
    const WINDOW: AppWindow = AppWindow::Puzzles;
}

/// The window: its open state, opened when asked for, and drawn while open.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(own_window::<PuzzlesWindow>)
        .add_systems(EguiPrimaryContextPass, puzzles_window);
}

fn puzzles_window(
    mut contexts: EguiContexts,
    mut shown: ResMut<Shown<PuzzlesWindow>>,
    studying: Res<Studying>,
    record: Res<StudyRecord>,
    built_in: Res<BuiltInPuzzles>,
    mut commands: MessageWriter<StudyCommand>,
    locale: Res<Locale>,
) -> Result {
    if !shown.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let l = &*locale;
    let mut open = true;
    let mut asked = None;
    egui::Window::new(l.text("puzzles-title"))
        .id(egui::Id::new("puzzles"))
        .open(&mut open)
        .collapsible(false)
        // Below the menu bar, on the board's left, where the side panel stays in view.
        .default_pos([24.0, 48.0])
        .default_width(480.0)
        .show(ctx, |ui| {
            if let Some(session) = studying.puzzle() {
                asked = puzzle_status(ui, l, session);
                ui.separator();
            }
            let next = record.next_puzzle(&built_in.0);
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(next.is_some(), egui::Button::new(l.text("puzzles-next")))
                    .clicked()
                    && let Some(next) = next
                {
                    asked = Some(StudyCommand::StartPuzzle(Box::new(next)));
                }
                let own = Text::new("puzzles-own-count").with("count", record.puzzles.len());
                ui.label(egui::RichText::new(l.render(&own)).weak());
            });
            let today = today();
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    egui::Grid::new("puzzle list")
                        .num_columns(4)
                        .striped(true)
                        .show(ui, |ui| {
                            for puzzle in built_in.0.iter().chain(&record.puzzles) {
                                ui.label(puzzle_name(l, puzzle));
                                let empties =
                                    Text::new("puzzles-empties").with("count", puzzle.empties());
                                ui.label(l.render(&empties));
                                let state = match record.card(&puzzle.key()) {
                                    None => l.text("puzzles-new"),
                                    Some(card) => l.render(
                                        &Text::new("puzzles-tried")
                                            .with("right", card.successes)
                                            .with("wrong", card.failures)
                                            .with("due", due_text(l, card.due, today)),
                                    ),
                                };
                                ui.label(state);
                                if ui.button(l.text("puzzles-play")).clicked() {
                                    asked =
                                        Some(StudyCommand::StartPuzzle(Box::new(puzzle.clone())));
                                }
                                ui.end_row();
                            }
                        });
                });
        });
    if let Some(command) = asked {
        commands.write(command);
    }
    shown.open = open;
    Ok(())
}

/// Where a puzzle comes from, in words.
fn puzzle_name(l: &Locale, puzzle: &Puzzle) -> String {
    let text = match &puzzle.source {
        Source::Ffo(number) => Text::new("puzzles-ffo").with("number", *number),
        Source::OwnGame { game, move_number } => Text::new("puzzles-own")
            .with("game", game.as_str())
            .with("number", *move_number),
    };
    l.render(&text)
}

/// The puzzle on the board: what to do, the check under way, or its result.
fn puzzle_status(ui: &mut egui::Ui, l: &Locale, session: &PuzzleSession) -> Option<StudyCommand> {
    let mut asked = None;
    let puzzle = &session.puzzle;
    let task = Text::new("puzzles-find")
        .with("color", puzzle.board.to_move)
        .with("name", puzzle_name(l, puzzle));
    ui.label(egui::RichText::new(l.render(&task)).strong());
    match &session.check {
        PuzzleCheck::Waiting => {
            ui.label(egui::RichText::new(l.text("puzzles-play-answer")).weak());
        }
        PuzzleCheck::Checking { answer, search } => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(l.render(&Text::new("puzzles-checking").with("answer", *answer)));
            });
            if search.is_none() {
                ui.label(egui::RichText::new(l.text("engine-busy-waiting")).weak());
            }
        }
        PuzzleCheck::Checked { answer, checked } => {
            let kind = if checked.exact {
                "puzzles-exact"
            } else {
                "puzzles-estimated"
            };
            let said = if checked.correct {
                Text::new("puzzles-right")
                    .with("answer", *answer)
                    .with("score", checked.score_of_answer)
                    .with("kind", Text::new(kind))
            } else {
                Text::new("puzzles-wrong")
                    .with("answer", *answer)
                    .with("score", checked.score_of_answer)
                    .with("best", squares_text(&checked.best))
                    .with("best_score", checked.best_score)
                    .with("reply", squares_text(&checked.refutation))
                    .with("kind", Text::new(kind))
            };
            ui.label(l.render(&said));
            ui.horizontal(|ui| {
                if !checked.correct && ui.button(l.text("puzzles-try-again")).clicked() {
                    asked = Some(StudyCommand::RetryPuzzle);
                }
            });
        }
    }
    if ui.button(l.text("trainer-stop")).clicked() {
        asked = Some(StudyCommand::Stop);
    }
    asked
}
