//! The classic menu bar: Game, Move and Help, each entry with its shortcut shown.

use bevy::prelude::*;
use bevy_egui::egui;

use super::PanelContext;
use super::dialogs::{start_open, start_save};
use super::help::HelpTopic;
use crate::game::GameCommand;
use crate::input::shortcuts::OpenDialog;
use crate::persistence::saved_games::GameTransfer;

/// A menu entry with its shortcut shown on the right.
fn entry(ui: &mut egui::Ui, enabled: bool, label: &str, shortcut: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(label).shortcut_text(shortcut))
        .clicked()
}

pub(super) fn menus(ui: &mut egui::Ui, p: &mut PanelContext) {
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
