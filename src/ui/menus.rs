//! The classic menu bar: Game, Move and Help, and View for the 3D board. Entries that have a shortcut show the keys from the
//! shortcut table and do what the key does.

use bevy_egui::egui;
use reversi_engine::format::write_game_text;

use super::dialogs::{open_record, start_open, start_picture_export, start_save};
use super::help::HelpTopic;
use super::{PanelContext, with_keys};
use crate::ai::ReviewRequest;
use crate::export::PictureKind;
use crate::game::SetupCommand;
use crate::input::{Action, OpenDialog};
use crate::locale::Text;
use crate::persistence::GameTransfer;

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

pub(super) fn menus(ui: &mut egui::Ui, p: &mut PanelContext) {
    let (can_undo, can_redo) = (p.state.game.can_undo(), p.state.game.can_redo());
    ui.menu_button(p.locale.text("menu-game"), |ui| {
        action_entry(ui, p, true, Action::NewGame);
        action_entry(ui, p, p.state.side_to_move().is_some(), Action::Resign);
        ui.separator();
        if entry(ui, true, &p.locale.text("menu-save-game"), "") {
            start_save(&mut p.dialogs, &p.config_dir);
        }
        if entry(ui, true, &p.locale.text("menu-open-game"), "") {
            start_open(&mut p.dialogs, &p.config_dir);
        }
        if entry(ui, true, &p.locale.text("menu-copy-transcript"), "") {
            let transcript = write_game_text(&p.state.game);
            match p.clipboard.as_mut() {
                Some(clipboard) => {
                    clipboard.set_text(&transcript);
                    p.notice.set(if transcript.is_empty() {
                        Text::new("notice-copied-nothing")
                    } else {
                        Text::new("notice-copied").with("transcript", transcript)
                    });
                }
                None => p.notice.set(Text::new("notice-no-clipboard")),
            }
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
            start_picture_export(&mut p.dialogs, &p.config_dir, PictureKind::Position);
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
        action_entry(ui, p, true, Action::Open(OpenDialog::Options));
        action_entry(ui, p, true, Action::Open(OpenDialog::Statistics));
        ui.separator();
        action_entry(ui, p, true, Action::Exit);
    });
    ui.menu_button(p.locale.text("menu-move"), |ui| {
        action_entry(ui, p, can_undo, Action::Undo);
        action_entry(ui, p, can_redo, Action::Redo);
        action_entry(ui, p, can_undo, Action::UndoAll);
        action_entry(ui, p, can_redo, Action::RedoAll);
        let suspended = p.state.suspended;
        action_entry(ui, p, suspended, Action::ResumePlay);
        ui.separator();
        ui.checkbox(&mut p.hints.enabled, p.locale.text("menu-show-hints"));
        let mut best_line = p.best_line.shown;
        let label = with_keys(&p.locale, Action::ToggleBestLine);
        if ui.checkbox(&mut best_line, label).changed() {
            p.actions.send(Action::ToggleBestLine);
        }
        ui.checkbox(&mut p.graph.enabled, p.locale.text("menu-evaluation-graph"));
    });
    ui.menu_button(p.locale.text("menu-view"), |ui| {
        action_entry(ui, p, true, Action::ResetView);
        action_entry(ui, p, true, Action::ToggleFullscreen);
    });
    ui.menu_button(p.locale.text("menu-help"), |ui| {
        let pages = [
            (HelpTopic::Rules, "menu-help-rules", Some(OpenDialog::Help)),
            (HelpTopic::Playing, "menu-help-playing", None),
            (HelpTopic::Menus, "menu-help-menus", None),
            (HelpTopic::Options, "menu-help-options", None),
            (HelpTopic::Strategy, "menu-help-strategy", None),
            (HelpTopic::Shortcuts, "menu-help-shortcuts", None),
            (HelpTopic::Index, "menu-help-index", None),
            (HelpTopic::About, "menu-help-about", Some(OpenDialog::About)),
        ];
        for (topic, label, dialog) in pages {
            let keys =
                dialog.map_or_else(String::new, |dialog| Action::Open(dialog).keys(&p.locale));
            if entry(ui, true, &p.locale.text(label), &keys) {
                p.help.open = Some(topic);
            }
        }
    });
}
