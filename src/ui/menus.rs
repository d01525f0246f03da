//! The classic menu bar: Game, Move and Help, and View for the 3D board. Entries that have a shortcut show the keys from the
//! shortcut table and do what the key does.

use bevy_egui::egui;

use super::PanelContext;
use super::dialogs::{start_open, start_save};
use super::help::HelpTopic;
use crate::ai::ReviewRequest;
use crate::game::SetupCommand;
use crate::input::{Action, OpenDialog};
use crate::persistence::GameTransfer;

/// A menu entry with its shortcut shown on the right.
fn entry(ui: &mut egui::Ui, enabled: bool, label: &str, shortcut: &str) -> bool {
    ui.add_enabled(enabled, egui::Button::new(label).shortcut_text(shortcut))
        .clicked()
}

/// An entry for an action: its name (with "…" when it opens a window) and its keys.
fn action_entry(ui: &mut egui::Ui, p: &mut PanelContext, enabled: bool, action: Action) {
    let label = match action {
        Action::Open(_) => format!("{}…", action.label()),
        _ => action.label().to_string(),
    };
    if entry(ui, enabled, &label, &action.keys()) {
        p.actions.send(action);
    }
}

pub(super) fn menus(ui: &mut egui::Ui, p: &mut PanelContext) {
    let (can_undo, can_redo) = (p.state.game.can_undo(), p.state.game.can_redo());
    ui.menu_button("Game", |ui| {
        action_entry(ui, p, true, Action::NewGame);
        action_entry(ui, p, p.state.side_to_move().is_some(), Action::Resign);
        ui.separator();
        if entry(ui, true, "Save game…", "") {
            start_save(&mut p.dialogs, &p.config_dir);
        }
        if entry(ui, true, "Open game…", "") {
            start_open(&mut p.dialogs, &p.config_dir);
        }
        if entry(ui, true, "Copy transcript", "") {
            let transcript = p.state.game.transcript();
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
        if entry(ui, !p.state.game.history().is_empty(), "Review game", "") {
            p.review.write(ReviewRequest::Start);
        }
        if entry(ui, !p.state.editing, "Set up position…", "") {
            p.setup.write(SetupCommand::Begin);
        }
        ui.separator();
        action_entry(ui, p, true, Action::Open(OpenDialog::Options));
        action_entry(ui, p, true, Action::Open(OpenDialog::Statistics));
        ui.separator();
        action_entry(ui, p, true, Action::Exit);
    });
    ui.menu_button("Move", |ui| {
        action_entry(ui, p, can_undo, Action::Undo);
        action_entry(ui, p, can_redo, Action::Redo);
        action_entry(ui, p, can_undo, Action::UndoAll);
        action_entry(ui, p, can_redo, Action::RedoAll);
        let suspended = p.state.suspended;
        action_entry(ui, p, suspended, Action::ResumePlay);
        ui.separator();
        ui.checkbox(&mut p.hints.enabled, "Show hints (a score for every move)");
        let mut best_line = p.best_line.shown;
        let keys = Action::ToggleBestLine.keys();
        if ui
            .checkbox(&mut best_line, format!("Show the best line ({keys})"))
            .changed()
        {
            p.actions.send(Action::ToggleBestLine);
        }
        ui.checkbox(
            &mut p.graph.enabled,
            "Evaluation graph (the engine's score after every move)",
        );
    });
    ui.menu_button("View", |ui| {
        action_entry(ui, p, true, Action::ResetView);
        action_entry(ui, p, true, Action::ToggleFullscreen);
    });
    ui.menu_button("Help", |ui| {
        let pages: [(HelpTopic, &str, String); 7] = [
            (
                HelpTopic::Rules,
                "Rules",
                Action::Open(OpenDialog::Help).keys(),
            ),
            (HelpTopic::Playing, "Playing", String::new()),
            (HelpTopic::Menus, "The menus", String::new()),
            (HelpTopic::Strategy, "Strategy guide", String::new()),
            (HelpTopic::Shortcuts, "Keyboard shortcuts", String::new()),
            (HelpTopic::Index, "Index", String::new()),
            (
                HelpTopic::About,
                "About",
                Action::Open(OpenDialog::About).keys(),
            ),
        ];
        for (topic, label, keys) in pages {
            if entry(ui, true, label, &keys) {
                p.help.open = Some(topic);
            }
        }
    });
}
