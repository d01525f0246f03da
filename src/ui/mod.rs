//! The egui panels: the menu bar, the side panel (current player, disc counts, status, moves),
//! the pass and game-over banners, the board's coordinates and hint scores.

pub mod dialogs;
pub mod help;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use reversi_engine::{Color, Move};

use crate::view::camera::{BoardCamera, CameraView, PanelInsets, PointerOverPanel};
use crate::game::clock::{Clock, format_time};
use crate::ai::computer::ComputerPlayer;
use crate::ui::dialogs::{Dialogs, start_open, start_save};
use crate::persistence::saved_games::GameTransfer;
use crate::ui::help::{HelpTopic, HelpWindow};
use crate::ai::hints::Hints;
use crate::input::KeyboardForBoard;
use crate::persistence::ConfigDir;
use crate::board::square_center;
use crate::input::shortcuts::OpenDialog;
use crate::game::{GameCommand, Match, Notice};

const SIDE_PANEL_WIDTH: f32 = 270.0;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, open_help_on_shortcut).add_systems(
        EguiPrimaryContextPass,
        (panels, banners, board_labels, track_egui_focus).chain(),
    );
}

fn open_help_on_shortcut(mut requests: MessageReader<OpenDialog>, mut help: ResMut<HelpWindow>) {
    for request in requests.read() {
        match request {
            OpenDialog::Help => help.open = Some(HelpTopic::Rules),
            OpenDialog::About => help.open = Some(HelpTopic::About),
            OpenDialog::Options | OpenDialog::Statistics => {}
        }
    }
}

/// A menu entry with its shortcut shown on the right.
fn entry(ui: &mut egui::Ui, enabled: bool, label: &str, shortcut: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(label).shortcut_text(shortcut))
        .clicked()
}

/// What the panels need to read and change, gathered so the system stays readable.
#[derive(bevy::ecs::system::SystemParam)]
struct PanelContext<'w> {
    state: Res<'w, Match>,
    notice: ResMut<'w, Notice>,
    computer: Res<'w, ComputerPlayer>,
    clock: Res<'w, Clock>,
    open_dialogs: MessageWriter<'w, OpenDialog>,
    commands: MessageWriter<'w, GameCommand>,
    transfers: MessageWriter<'w, GameTransfer>,
    dialogs: ResMut<'w, Dialogs>,
    config_dir: Res<'w, ConfigDir>,
    hints: ResMut<'w, Hints>,
    help: ResMut<'w, HelpWindow>,
    view: ResMut<'w, CameraView>,
    insets: ResMut<'w, PanelInsets>,
    exit: MessageWriter<'w, AppExit>,
    clipboard: Option<ResMut<'w, EguiClipboard>>,
}

/// The classic menus, then the side panel; the space they take is handed to the camera.
fn panels(mut contexts: EguiContexts, mut p: PanelContext) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let top = egui::Panel::top("menu_bar")
        .show(&mut root, |ui| {
            egui::MenuBar::new().ui(ui, |ui| menus(ui, &mut p));
        })
        .response
        .rect
        .height();
    let right = egui::Panel::right("side_panel")
        .exact_size(SIDE_PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| side_panel(ui, &mut p))
        .response
        .rect
        .width();
    p.insets.set_if_neq(PanelInsets {
        left: 0.0,
        right,
        top,
        bottom: 0.0,
    });
    Ok(())
}

fn menus(ui: &mut egui::Ui, p: &mut PanelContext) {
    let game = &p.state.game;
    ui.menu_button("Game", |ui| {
        if entry(ui, true, "New game", "Ctrl+N") {
            p.commands.write(GameCommand::NewGame);
        }
        if entry(ui, !game.is_over(), "Resign game", "Ctrl+R") {
            p.commands.write(GameCommand::Resign);
        }
        ui.separator();
        if entry(ui, true, "Save game…", "") {
            start_save(&mut p.dialogs, &p.config_dir);
        }
        if entry(ui, true, "Open game…", "") {
            start_open(&mut p.dialogs, &p.config_dir);
        }
        if entry(ui, true, "Copy transcript", "") {
            let transcript = game.transcript();
            match p.clipboard.as_mut() {
                Some(clipboard) => {
                    clipboard.set_text(&transcript);
                    p.notice.0 = format!(
                        "Copied: {}",
                        if transcript.is_empty() {
                            "(no moves yet)"
                        } else {
                            &transcript
                        }
                    );
                }
                None => p.notice.0 = "No clipboard on this system.".into(),
            }
        }
        if entry(ui, true, "Paste transcript or position", "") {
            match p
                .clipboard
                .as_mut()
                .and_then(|clipboard| clipboard.get_text())
            {
                Some(text) => {
                    p.transfers.write(GameTransfer::Paste(text));
                }
                None => p.notice.0 = "The clipboard holds no text.".into(),
            }
        }
        ui.separator();
        if entry(ui, true, "Options…", "Ctrl+O") {
            p.open_dialogs.write(OpenDialog::Options);
        }
        if entry(ui, true, "Statistics…", "Ctrl+S") {
            p.dialogs.statistics = true;
        }
        ui.separator();
        if entry(ui, true, "Exit", "Ctrl+X") {
            p.exit.write(AppExit::Success);
        }
    });
    ui.menu_button("Move", |ui| {
        if entry(ui, game.can_undo(), "Undo move", "Ctrl+Z") {
            p.commands.write(GameCommand::Undo);
        }
        if entry(ui, game.can_redo(), "Redo move", "Ctrl+Y") {
            p.commands.write(GameCommand::Redo);
        }
        if entry(ui, game.can_undo(), "Undo all moves", "Ctrl+Shift+Z") {
            p.commands.write(GameCommand::UndoAll);
        }
        if entry(ui, game.can_redo(), "Redo all moves", "Ctrl+Shift+Y") {
            p.commands.write(GameCommand::RedoAll);
        }
        if entry(ui, p.state.suspended, "Resume play", "Ctrl+P") {
            p.commands.write(GameCommand::ResumePlay);
        }
        ui.separator();
        ui.checkbox(&mut p.hints.enabled, "Show hints (a score for every move)");
    });
    ui.menu_button("Help", |ui| {
        for (topic, label, shortcut) in [
            (HelpTopic::Rules, "Rules", "Ctrl+H"),
            (HelpTopic::Playing, "Playing", ""),
            (HelpTopic::Strategy, "Strategy guide", ""),
            (HelpTopic::Shortcuts, "Keyboard shortcuts", ""),
            (HelpTopic::About, "About", "Ctrl+A"),
        ] {
            if entry(ui, true, label, shortcut) {
                p.help.open = Some(topic);
            }
        }
    });
}

fn side_panel(ui: &mut egui::Ui, p: &mut PanelContext) {
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
                    ui.label(state.players.of(color).to_string());
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
            p.commands.write(GameCommand::NewGame);
        }
        if ui
            .add_enabled(state.game.can_undo(), egui::Button::new("Undo"))
            .clicked()
        {
            p.commands.write(GameCommand::Undo);
        }
        if ui
            .add_enabled(state.game.can_redo(), egui::Button::new("Redo"))
            .clicked()
        {
            p.commands.write(GameCommand::Redo);
        }
        if state.suspended && ui.button("Resume").clicked() {
            p.commands.write(GameCommand::ResumePlay);
        }
        if ui.button("Reset view").on_hover_text("R or Home").clicked() {
            *p.view = CameraView::default();
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

/// The pass notice and the game-over banner, over the board.
fn banners(
    mut contexts: EguiContexts,
    state: Res<Match>,
    computer: Res<ComputerPlayer>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(result) = state.game.result() {
        egui::Window::new("Game over")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-SIDE_PANEL_WIDTH / 2.0, 60.0])
            .show(ctx, |ui| {
                let headline = match result.winner() {
                    Some(winner) => format!("{winner} wins!"),
                    None => "It's a draw.".to_string(),
                };
                ui.vertical_centered(|ui| {
                    ui.heading(headline);
                    ui.label(
                        egui::RichText::new(format!(
                            "Black {}  –  White {}",
                            result.black, result.white
                        ))
                        .size(18.0),
                    );
                    ui.add_space(6.0);
                    if ui.button("New game").clicked() {
                        commands.write(GameCommand::NewGame);
                    }
                });
            });
    } else if computer.is_announcing_pass() {
        let color = state.board().to_move;
        egui::Window::new("Pass")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-SIDE_PANEL_WIDTH / 2.0, 60.0])
            .show(ctx, |ui| {
                ui.heading(format!("{color} has no legal move and passes"));
            });
    }
    Ok(())
}

/// Column letters and row numbers on the frame, and hint scores on their squares, placed where
/// the 3D board is on screen.
fn board_labels(
    mut contexts: EguiContexts,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    hints: Res<Hints>,
    state: Res<Match>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (camera, camera_transform) = *camera;
    let Some(viewport) = camera.logical_viewport_rect() else {
        return Ok(());
    };
    let offset = viewport.min;
    let clip = egui::Rect::from_min_max(
        egui::pos2(viewport.min.x, viewport.min.y),
        egui::pos2(viewport.max.x, viewport.max.y),
    );
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            "coordinates".into(),
        ))
        .with_clip_rect(clip);
    let labels = (0u8..8).flat_map(|i| {
        let column = ((b'a' + i) as char).to_string();
        let row = (i + 1).to_string();
        let along = f32::from(i) - 3.5;
        [
            (column.clone(), Vec3::new(along, 0.2, -4.38)),
            (column, Vec3::new(along, 0.2, 4.38)),
            (row.clone(), Vec3::new(-4.38, 0.2, along)),
            (row, Vec3::new(4.38, 0.2, along)),
        ]
    });
    for (text, world) in labels {
        if let Ok(point) = camera.world_to_viewport(camera_transform, world) {
            let at = point + offset;
            painter.text(
                egui::pos2(at.x, at.y),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(17.0),
                egui::Color32::from_rgb(245, 228, 190),
            );
        }
    }
    // Hint scores on their squares: the best move(s) in green, "=" marks an exact score.
    if let Some(scores) = hints.scores(&state) {
        let best = scores.first().map_or(0, |best| best.score);
        for hint in scores {
            let Ok(point) =
                camera.world_to_viewport(camera_transform, square_center(hint.square, 0.05))
            else {
                continue;
            };
            let at = point + offset;
            let color = if hint.score == best {
                egui::Color32::from_rgb(120, 255, 140)
            } else {
                egui::Color32::from_rgb(255, 236, 200)
            };
            let text = format!("{}{:+}", if hint.exact { "=" } else { "" }, hint.score);
            painter.text(
                egui::pos2(at.x, at.y),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(18.0),
                color,
            );
        }
    }
    Ok(())
}

/// Board input listens only when egui does not want the pointer or the keyboard.
fn track_egui_focus(
    wants: Option<Res<EguiWantsInput>>,
    mut over_panel: ResMut<PointerOverPanel>,
    mut keyboard: ResMut<KeyboardForBoard>,
) {
    let Some(wants) = wants else { return };
    over_panel.set_if_neq(PointerOverPanel(wants.wants_any_pointer_input()));
    keyboard.set_if_neq(KeyboardForBoard(!wants.wants_any_keyboard_input()));
}
