//! The side panel: each player with their disc count, clock and whether they are to move; the
//! status line; the main buttons; the list of moves.

use bevy_egui::egui;
use reversi_engine::{Color, Move};

use super::PanelContext;
use crate::game::{Match, format_time};
use crate::input::Action;

pub(super) fn side_panel(ui: &mut egui::Ui, p: &mut PanelContext) {
    let state = &*p.state;
    let board = state.board();
    ui.add_space(8.0);
    ui.heading("Reversi");
    ui.add_space(6.0);
    for color in [Color::Black, Color::White] {
        let to_move = state.side_to_move() == Some(color);
        let frame = egui::Frame::group(ui.style()).fill(if to_move {
            ui.visuals().selection.bg_fill.gamma_multiply(0.35)
        } else {
            ui.visuals().panel_fill
        });
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                disc_icon(ui, color, 22.0);
                ui.vertical(|ui| {
                    ui.label(
                        egui::RichText::new(format!("{color}: {}", board.count(color)))
                            .strong()
                            .size(17.0),
                    );
                    let player = state.players.of(color);
                    ui.label(player.to_string());
                    if let Some(limit) = player.time_limit_text(*p.computer_time) {
                        ui.label(egui::RichText::new(limit).weak());
                    }
                    if p.clock.settings.is_some() {
                        ui.monospace(format_time(p.clock.remaining(color)));
                    }
                });
                if to_move {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if p.computer.is_thinking() {
                            ui.spinner();
                            ui.label("thinking");
                        } else {
                            ui.label("to move");
                        }
                    });
                }
            });
        });
        ui.add_space(4.0);
    }
    ui.add_space(6.0);
    let status = if p.notice.0.is_empty() {
        state.describe()
    } else {
        p.notice.0.clone()
    };
    ui.label(egui::RichText::new(status).size(15.0));
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        if ui.button("New game").clicked() {
            p.actions.send(Action::NewGame);
        }
        if ui
            .add_enabled(state.game.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            p.actions.send(Action::Undo);
        }
        if ui
            .add_enabled(state.game.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            p.actions.send(Action::Redo);
        }
        if state.suspended && ui.button("Resume").clicked() {
            p.actions.send(Action::ResumePlay);
        }
        if ui
            .button("Reset view")
            .on_hover_text(Action::ResetView.keys())
            .clicked()
        {
            p.actions.send(Action::ResetView);
        }
    });
    ui.separator();
    ui.label(egui::RichText::new("Moves").strong());
    move_list(ui, state);
}

/// The moves in notation, numbered in pairs; passes shown.
fn move_list(ui: &mut egui::Ui, state: &Match) {
    let start = state.game.start_board().to_move;
    let moves = state.game.moves();
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(3)
                .striped(true)
                .spacing([18.0, 2.0])
                .show(ui, |ui| {
                    let mut cells: Vec<String> = Vec::with_capacity(moves.len() + 1);
                    if start == Color::White {
                        cells.push("…".into());
                    }
                    cells.extend(moves.iter().map(|mv| match mv {
                        Move::Play(square) => square.to_string(),
                        Move::Pass => "pass".into(),
                    }));
                    for (number, pair) in cells.chunks(2).enumerate() {
                        ui.label(format!("{}.", number + 1));
                        ui.monospace(&pair[0]);
                        ui.monospace(pair.get(1).map_or("", String::as_str));
                        ui.end_row();
                    }
                });
        });
}

/// A small disc as the current-player indicator.
fn disc_icon(ui: &mut egui::Ui, color: Color, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let (fill, edge) = match color {
        Color::Black => (egui::Color32::from_gray(15), egui::Color32::from_gray(110)),
        Color::White => (egui::Color32::from_gray(238), egui::Color32::from_gray(90)),
    };
    ui.painter().circle(
        rect.center(),
        size / 2.0 - 1.0,
        fill,
        egui::Stroke::new(1.5, edge),
    );
}
