//! The classic menu bar: Game, Move and Help, and View for the 3D board. Entries that have a shortcut show the keys from the
//! shortcut table and do what the key does.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::egui;
use reversi_engine::Color;
use reversi_engine::format::{write_game_text, write_position_text};

use super::dialogs::{ChooseFile, FilePurpose, open_record};
use super::{PanelContext, with_keys};
use crate::ai::ReviewRequest;
use crate::app_actions::{AppWindow, HelpTopic};
use crate::export::PictureKind;
use crate::game::{GameStart, RANDOM_DISCS, SetupCommand};
use crate::input::Action;
use crate::locale::Text;
use crate::persistence::GameTransfer;

/// The keyboard's way to the menu bar: F10, or Alt pressed and let go on its own, puts the focus
/// on the first menu; Tab and the arrows then move along the bar and Enter or Space opens a menu.
#[derive(Resource, Default)]
pub(super) struct MenuBarFocus {
    requested: bool,
    /// Alt is down and nothing else has been pressed since.
    alt_alone: bool,
}

pub(super) fn watch_menu_keys(
    mut keys: MessageReader<KeyboardInput>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut focus: ResMut<MenuBarFocus>,
) {
    if mouse.get_just_pressed().next().is_some() {
        focus.alt_alone = false;
    }
    for key in keys.read() {
        let alt = matches!(key.key_code, KeyCode::AltLeft | KeyCode::AltRight);
        match key.state {
            ButtonState::Pressed if key.key_code == KeyCode::F10 => focus.requested = true,
            ButtonState::Pressed if alt => focus.alt_alone |= !key.repeat,
            ButtonState::Pressed => focus.alt_alone = false,
            ButtonState::Released if alt && std::mem::take(&mut focus.alt_alone) => {
                focus.requested = true;
            }
            ButtonState::Released => {}
        }
    }
}

/// A menu entry with its shortcut shown on the right.
fn entry(ui: &mut egui::Ui, enabled: bool, label: &str, shortcut: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(label).shortcut_text(shortcut))
        .clicked()
}

/// An entry for an action: its name (with "…" when it opens a window) and its keys.
fn action_entry(ui: &mut egui::Ui, p: &mut PanelContext, enabled: bool, action: Action) {
    let label = p.locale.render(&action.label());
    let label = match action {
        Action::Open(_) => format!("{label}…"),
        _ => label,
    };
    if entry(ui, enabled, &label, &action.keys(&p.locale)) {
        p.actions.send(action);
    }
}

/// *New game from*: an XOT opening, a random start of so many discs, or a handicap of corners for either side.
fn new_game_from(ui: &mut egui::Ui, p: &mut PanelContext) {
    ui.menu_button(p.locale.text("menu-new-game-from"), |ui| {
        if ui.button(p.locale.text("menu-xot")).clicked() {
            p.actions.new_game_from(GameStart::Xot);
        }
        ui.menu_button(p.locale.text("menu-random-start"), |ui| {
            for discs in RANDOM_DISCS {
                let label = Text::new("menu-random-discs").with("discs", discs);
                if ui.button(p.locale.render(&label)).clicked() {
                    p.actions.new_game_from(GameStart::RandomDiscs(discs));
                }
            }
        });
        for color in [Color::Black, Color::White] {
            let heading = Text::new("menu-handicap-for").with("color", color);
            ui.menu_button(p.locale.render(&heading), |ui| {
                for corners in 1..=4u8 {
                    let label = Text::new("menu-handicap-corners").with("corners", corners);
                    if ui.button(p.locale.render(&label)).clicked() {
                        p.actions
                            .new_game_from(GameStart::Handicap { color, corners });
                    }
                }
            });
        }
    });
}

/// The games last opened or saved, newest first; one that is gone says so when chosen.
fn recent_games(ui: &mut egui::Ui, p: &mut PanelContext) {
    ui.menu_button(p.locale.text("file-recent"), |ui| {
        if p.recent.paths().is_empty() {
            ui.add_enabled(false, egui::Button::new(p.locale.text("file-recent-none")));
        }
        for path in p.recent.paths() {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |name| name.to_string_lossy().into_owned(),
            );
            let button = ui.button(name).on_hover_text(path.display().to_string());
            if button.clicked() {
                p.transfers.write(GameTransfer::Open(path.clone()));
            }
        }
    });
}

/// Puts `text` on the clipboard and says so with `copied`.
fn copy(p: &mut PanelContext, text: &str, copied: Text) {
    match p.clipboard.as_mut() {
        Some(clipboard) => {
            clipboard.set_text(text);
            p.notice.set(copied);
        }
        None => p.notice.set(Text::new("notice-no-clipboard")),
    }
}

pub(super) fn menus(ui: &mut egui::Ui, p: &mut PanelContext) {
    // An online game's board is the friend's too: undo is asked of them in the Online window.
    let own = !p.state.is_online();
    let (can_undo, can_redo) = (
        own && p.state.game.can_undo(),
        own && p.state.game.can_redo(),
    );
    let game_menu = ui.menu_button(p.locale.text("menu-game"), |ui| {
        action_entry(ui, p, own, Action::NewGame);
        if own {
            new_game_from(ui, p);
        }
        action_entry(ui, p, p.state.side_to_move().is_some(), Action::Resign);
        ui.separator();
        if entry(ui, true, &p.locale.text("menu-save-game"), "") {
            p.choose_file.write(ChooseFile(FilePurpose::Save));
        }
        if entry(ui, true, &p.locale.text("menu-open-game"), "") {
            p.choose_file.write(ChooseFile(FilePurpose::Open));
        }
        recent_games(ui, p);
        if entry(ui, true, &p.locale.text("menu-copy-transcript"), "") {
            let transcript = write_game_text(&p.state.game);
            let copied = if transcript.is_empty() {
                Text::new("notice-copied-nothing")
            } else {
                Text::new("notice-copied").with("transcript", transcript.clone())
            };
            copy(p, &transcript, copied);
        }
        if entry(ui, true, &p.locale.text("menu-copy-position"), "") {
            let position = write_position_text(&p.state.game);
            let copied = Text::new("notice-copied").with("transcript", position.clone());
            copy(p, &position, copied);
        }
        if entry(ui, true, &p.locale.text("menu-paste"), "") {
            match p
                .clipboard
                .as_mut()
                .and_then(|clipboard| clipboard.get_text())
            {
                Some(text) => {
                    p.transfers.write(GameTransfer::Paste(text));
                }
                None => p.notice.set(Text::new("notice-clipboard-empty")),
            }
        }
        if entry(ui, true, &p.locale.text("menu-save-picture"), "") {
            p.choose_file
                .write(ChooseFile(FilePurpose::Picture(PictureKind::Position)));
        }
        if entry(ui, true, &p.locale.text("menu-game-record"), "") {
            open_record(&mut p.dialogs);
        }
        let has_moves = !p.state.game.history().is_empty();
        if entry(ui, has_moves, &p.locale.text("menu-review-game"), "") {
            p.review.write(ReviewRequest::Start);
        }
        if entry(ui, !p.state.editing, &p.locale.text("menu-set-up"), "") {
            p.setup.write(SetupCommand::Begin);
        }
        ui.separator();
        action_entry(ui, p, true, Action::Open(AppWindow::Online));
        ui.separator();
        action_entry(ui, p, true, Action::Open(AppWindow::Options));
        action_entry(ui, p, true, Action::Open(AppWindow::Statistics));
        ui.separator();
        action_entry(ui, p, true, Action::Exit);
    });
    if std::mem::take(&mut p.menu_focus.requested) {
        game_menu.response.request_focus();
    }
    ui.menu_button(p.locale.text("menu-move"), |ui| {
        action_entry(ui, p, can_undo, Action::Undo);
        action_entry(ui, p, can_redo, Action::Redo);
        action_entry(ui, p, can_undo, Action::UndoAll);
        action_entry(ui, p, can_redo, Action::RedoAll);
        let suspended = p.state.suspended;
        action_entry(ui, p, suspended, Action::ResumePlay);
        let thinking = p.computer.is_thinking();
        action_entry(ui, p, thinking, Action::MoveNow);
        let searching = p.searching();
        action_entry(ui, p, searching, Action::Stop);
        ui.separator();
        ui.checkbox(&mut p.hints.enabled, p.locale.text("menu-show-hints"));
        let mut best_line = p.best_line.shown;
        let label = with_keys(&p.locale, Action::ToggleBestLine);
        if ui.checkbox(&mut best_line, label).changed() {
            p.actions.send(Action::ToggleBestLine);
        }
        ui.checkbox(&mut p.graph.enabled, p.locale.text("menu-evaluation-graph"));
        ui.checkbox(&mut p.analysis.enabled, p.locale.text("menu-analyse"));
    });
    ui.menu_button(p.locale.text("menu-view"), |ui| {
        action_entry(ui, p, true, Action::ResetView);
        action_entry(ui, p, true, Action::ToggleFullscreen);
    });
    ui.menu_button(p.locale.text("menu-study"), |ui| {
        action_entry(ui, p, true, Action::Open(AppWindow::Trainer));
        action_entry(ui, p, true, Action::Open(AppWindow::Puzzles));
        action_entry(ui, p, true, Action::Open(AppWindow::Database));
    });
    ui.menu_button(p.locale.text("menu-help"), |ui| {
        let pages = [
            (HelpTopic::Rules, "menu-help-rules"),
            (HelpTopic::Playing, "menu-help-playing"),
            (HelpTopic::Menus, "menu-help-menus"),
            (HelpTopic::Options, "menu-help-options"),
            (HelpTopic::Strategy, "menu-help-strategy"),
            (HelpTopic::History, "menu-help-history"),
            (HelpTopic::Shortcuts, "menu-help-shortcuts"),
            (HelpTopic::Index, "menu-help-index"),
            (HelpTopic::About, "menu-help-about"),
        ];
        for (topic, label) in pages {
            let action = Action::Open(AppWindow::Help(topic));
            if entry(ui, true, &p.locale.text(label), &action.keys(&p.locale)) {
                p.actions.send(action);
            }
        }
    });
}
