//! The Opening trainer window: choose a named opening (or any book line) and a colour, then play
//! the book's moves against the book's replies; the verdict on each move that is not the book's
//! (its cost in discs, the book's move and the line to remember), the drills due again, and how
//! each opening has gone.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use reversi_engine::Color;
use reversi_engine::openings::openings;
use reversi_engine::study::drill::{DrillChoice, Line, Verdict};
use reversi_engine::study::repetition::TOP_BOX;

use super::squares_text;
use crate::app_actions::{AppWindow, OwnWindow, Shown, own_window};
use crate::locale::{Locale, Text};
use crate::study::{DrillSession, StudyCommand, StudyRecord, Studying, today};

/// The choice being set up in the window.
pub(super) struct TrainerDraft {
    line: Line,
    player: Color,
}

impl Default for TrainerDraft {
    fn default() -> TrainerDraft {
        TrainerDraft {
            line: Line::AnyBook,
            player: Color::Black,
        }
    }
}

/// The opening trainer's window.
pub(in crate::ui) struct TrainerWindow;

impl OwnWindow for TrainerWindow {
    const WINDOW: AppWindow = AppWindow::Trainer;
}

/// The window: its open state, opened when asked for, and drawn while open.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(own_window::<TrainerWindow>)
        .add_systems(EguiPrimaryContextPass, trainer_window);
}

fn trainer_window(
    mut contexts: EguiContexts,
    mut shown: ResMut<Shown<TrainerWindow>>,
    studying: Res<Studying>,
    record: Res<StudyRecord>,
    mut draft: Local<TrainerDraft>,
    mut seed: Local<u64>,
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
    // Each drill started from the window differs from the last in the book's choices.
    let mut next_choice = |line: Line, player: Color| {
        *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        DrillChoice {
            line,
            player,
            seed: *seed,
        }
    };
    egui::Window::new(l.text("trainer-title"))
        .id(egui::Id::new("opening trainer"))
        .open(&mut open)
        .collapsible(false)
        // Below the menu bar, on the board's left, where the side panel stays in view.
        .default_pos([24.0, 48.0])
        .default_width(460.0)
        .show(ctx, |ui| {
            if let Some(session) = studying.drill() {
                asked = drill_status(ui, l, session);
                ui.separator();
            }
            ui.label(egui::RichText::new(l.text("trainer-choose")).strong());
            egui::Grid::new("trainer choice")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label(l.text("trainer-opening"));
                    let shown = match &draft.line {
                        Line::AnyBook => l.text("trainer-any-line"),
                        Line::Named(name) => name.clone(),
                    };
                    egui::ComboBox::from_id_salt("trainer opening")
                        .selected_text(shown)
                        .width(260.0)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(
                                &mut draft.line,
                                Line::AnyBook,
                                l.text("trainer-any-line"),
                            );
                            for opening in openings() {
                                let line = Line::Named(opening.name.to_string());
                                ui.selectable_value(&mut draft.line, line, opening.name);
                            }
                        });
                    ui.end_row();
                    ui.label(l.text("trainer-colour"));
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut draft.player, Color::Black, l.text("statistics-black"));
                        ui.radio_value(&mut draft.player, Color::White, l.text("statistics-white"));
                    });
                    ui.end_row();
                });
            if ui.button(l.text("trainer-start")).clicked() {
                asked = Some(StudyCommand::StartDrill(next_choice(
                    draft.line.clone(),
                    draft.player,
                )));
            }
            let due = record.due_drills();
            if !due.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new(l.text("trainer-due")).strong());
                for choice in due.iter().take(5) {
                    if ui.button(drill_name(l, choice)).clicked() {
                        asked = Some(StudyCommand::StartDrill(next_choice(
                            choice.line.clone(),
                            choice.player,
                        )));
                    }
                }
            }
            if !record.drills.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new(l.text("trainer-summary")).strong());
                summary(ui, l, &record);
            }
        });
    if let Some(command) = asked {
        commands.write(command);
    }
    shown.open = open;
    Ok(())
}

/// The drill on the board: whose move, the last verdict, and the buttons it calls for.
fn drill_status(ui: &mut egui::Ui, l: &Locale, session: &DrillSession) -> Option<StudyCommand> {
    let mut asked = None;
    ui.label(egui::RichText::new(drill_name(l, session.drill.choice())).strong());
    if let Some(verdict) = &session.last {
        ui.label(verdict_text(l, verdict));
    }
    if session.finished {
        let said = if session.mistakes == 0 {
            Text::new("trainer-passed")
        } else {
            Text::new("trainer-failed").with("mistakes", session.mistakes)
        };
        ui.label(egui::RichText::new(l.render(&said)).strong());
    } else if session.waiting {
        ui.horizontal(|ui| {
            if ui.button(l.text("trainer-try-again")).clicked() {
                asked = Some(StudyCommand::TryAgain);
            }
            if ui.button(l.text("trainer-go-on")).clicked() {
                asked = Some(StudyCommand::GoOn);
            }
        });
    } else {
        ui.label(egui::RichText::new(l.text("trainer-play")).weak());
    }
    if ui.button(l.text("trainer-stop")).clicked() {
        asked = Some(StudyCommand::Stop);
    }
    asked
}

/// A verdict in words: a book move, or what the move costs and what to remember.
fn verdict_text(l: &Locale, verdict: &Verdict) -> String {
    let text = if verdict.accepted {
        Text::new("trainer-book-move").with("score", format!("{:+}", verdict.played_score))
    } else {
        Text::new("trainer-not-book")
            .with("cost", verdict.cost)
            .with("best", squares_text(&verdict.best))
            .with("line", squares_text(&verdict.line))
    };
    l.render(&text)
}

/// A drill's name: the opening (or any line) and the player's colour.
fn drill_name(l: &Locale, choice: &DrillChoice) -> String {
    let line = match &choice.line {
        Line::AnyBook => l.text("trainer-any-line"),
        Line::Named(name) => name.clone(),
    };
    l.render(
        &Text::new("trainer-drill")
            .with("line", line)
            .with("color", choice.player),
    )
}

/// Each drill practised: its box, its tries and when it is due.
fn summary(ui: &mut egui::Ui, l: &Locale, record: &StudyRecord) {
    let today = today();
    egui::ScrollArea::vertical()
        .max_height(180.0)
        .show(ui, |ui| {
            egui::Grid::new("trainer summary")
                .num_columns(5)
                .striped(true)
                .show(ui, |ui| {
                    for key in [
                        "trainer-summary-drill",
                        "trainer-summary-box",
                        "trainer-summary-right",
                        "trainer-summary-wrong",
                        "trainer-summary-due",
                    ] {
                        ui.strong(l.text(key));
                    }
                    ui.end_row();
                    for choice in &record.drills {
                        let Ok(drill) = reversi_engine::study::drill::Drill::new(choice.clone())
                        else {
                            continue;
                        };
                        ui.label(drill_name(l, choice));
                        match record.card(&drill.key()) {
                            Some(card) => {
                                ui.label(format!("{}/{TOP_BOX}", card.leitner_box.min(TOP_BOX)));
                                ui.label(card.successes.to_string());
                                ui.label(card.failures.to_string());
                                ui.label(due_text(l, card.due, today));
                            }
                            None => {
                                ui.label("–");
                                ui.label("0");
                                ui.label("0");
                                ui.label(l.text("study-due-now"));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}

/// When a card is due, in words.
pub(super) fn due_text(l: &Locale, due: u64, today: u64) -> String {
    if due <= today {
        l.text("study-due-now")
    } else {
        l.render(&Text::new("study-due-in").with("days", due - today))
    }
}
