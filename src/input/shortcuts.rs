//! The keyboard shortcuts: one table, [`KEY_BINDINGS`], that the key handler, the menus and the
//! help page all read, and the [`Action`]s they stand for. Shortcuts never fire while an egui text
//! field has the keyboard.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::focus::KeyboardForBoard;
use crate::ai::ToggleBestLine;
use crate::game::GameCommand;
use crate::locale::{Locale, Text};
use crate::schedule::GameSystems;

/// Windows the shortcuts and menus open; the UI shows them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenDialog {
    Options,
    Statistics,
    Help,
    About,
}

/// Back to the default view of the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResetView;

/// Full screen on, or back to the window.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleFullscreen;

/// Something the player can do from the keyboard, and from a menu or a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    NewGame,
    Resign,
    Undo,
    Redo,
    UndoAll,
    RedoAll,
    ResumePlay,
    Open(OpenDialog),
    ResetView,
    ToggleFullscreen,
    ToggleBestLine,
    Exit,
}

impl Action {
    /// The action's name, as menus and the help show it.
    pub fn label(self) -> Text {
        Text::new(match self {
            Action::NewGame => "action-new-game",
            Action::Resign => "action-resign",
            Action::Undo => "action-undo",
            Action::Redo => "action-redo",
            Action::UndoAll => "action-undo-all",
            Action::RedoAll => "action-redo-all",
            Action::ResumePlay => "action-resume",
            Action::Open(OpenDialog::Options) => "action-options",
            Action::Open(OpenDialog::Statistics) => "action-statistics",
            Action::Open(OpenDialog::Help) => "action-help",
            Action::Open(OpenDialog::About) => "action-about",
            Action::ResetView => "action-reset-view",
            Action::ToggleFullscreen => "action-full-screen",
            Action::ToggleBestLine => "action-best-line",
            Action::Exit => "action-exit",
        })
    }

    /// The keys that do it, e.g. `Ctrl+Shift+Z` or `R or Home`; empty if none.
    pub fn keys(self, locale: &Locale) -> String {
        KEY_BINDINGS
            .iter()
            .filter(|binding| binding.action == self)
            .map(KeyBinding::describe)
            .reduce(|first, second| {
                locale.render(
                    &Text::new("keys-either")
                        .with("first", first)
                        .with("second", second),
                )
            })
            .unwrap_or_default()
    }
}

/// Modifier keys a binding needs. Ctrl also means the Command key on macOS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Modifiers {
    /// No Ctrl (Shift does not matter).
    None,
    /// Ctrl held (Shift does not matter unless a Ctrl+Shift binding claims the key).
    Ctrl,
    CtrlShift,
}

/// A key and the modifiers it needs, bound to an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyBinding {
    pub modifiers: Modifiers,
    pub key: KeyCode,
    /// How the key is written for the player ("Z", "Home").
    pub key_name: &'static str,
    pub action: Action,
}

impl KeyBinding {
    const fn new(
        modifiers: Modifiers,
        key: KeyCode,
        key_name: &'static str,
        action: Action,
    ) -> Self {
        KeyBinding {
            modifiers,
            key,
            key_name,
            action,
        }
    }

    /// `Ctrl+N`, `Ctrl+Shift+Z`, `Home`.
    pub fn describe(&self) -> String {
        match self.modifiers {
            Modifiers::None => self.key_name.to_string(),
            Modifiers::Ctrl => format!("Ctrl+{}", self.key_name),
            Modifiers::CtrlShift => format!("Ctrl+Shift+{}", self.key_name),
        }
    }

    fn held(&self, ctrl: bool, shift: bool) -> bool {
        match self.modifiers {
            Modifiers::None => !ctrl,
            Modifiers::Ctrl => ctrl,
            Modifiers::CtrlShift => ctrl && shift,
        }
    }
}

/// Every keyboard shortcut of the game, in the order the help lists them: the classic Windows
/// Reversi set, the view's reset, full screen and the best line.
pub const KEY_BINDINGS: [KeyBinding; 16] = {
    use Modifiers::{Ctrl, CtrlShift};
    [
        KeyBinding::new(Ctrl, KeyCode::KeyN, "N", Action::NewGame),
        KeyBinding::new(Ctrl, KeyCode::KeyR, "R", Action::Resign),
        KeyBinding::new(Ctrl, KeyCode::KeyO, "O", Action::Open(OpenDialog::Options)),
        KeyBinding::new(
            Ctrl,
            KeyCode::KeyS,
            "S",
            Action::Open(OpenDialog::Statistics),
        ),
        KeyBinding::new(Ctrl, KeyCode::KeyX, "X", Action::Exit),
        KeyBinding::new(Ctrl, KeyCode::KeyZ, "Z", Action::Undo),
        KeyBinding::new(Ctrl, KeyCode::KeyY, "Y", Action::Redo),
        KeyBinding::new(CtrlShift, KeyCode::KeyZ, "Z", Action::UndoAll),
        KeyBinding::new(CtrlShift, KeyCode::KeyY, "Y", Action::RedoAll),
        KeyBinding::new(Ctrl, KeyCode::KeyP, "P", Action::ResumePlay),
        KeyBinding::new(Ctrl, KeyCode::KeyH, "H", Action::Open(OpenDialog::Help)),
        KeyBinding::new(Ctrl, KeyCode::KeyA, "A", Action::Open(OpenDialog::About)),
        KeyBinding::new(Modifiers::None, KeyCode::KeyR, "R", Action::ResetView),
        KeyBinding::new(Modifiers::None, KeyCode::Home, "Home", Action::ResetView),
        KeyBinding::new(
            Modifiers::None,
            KeyCode::F11,
            "F11",
            Action::ToggleFullscreen,
        ),
        // L for line: not a column letter, so it never starts a typed move.
        KeyBinding::new(Modifiers::None, KeyCode::KeyL, "L", Action::ToggleBestLine),
    ]
};

/// The binding a key press triggers with these modifiers held: the most specific one, so
/// Ctrl+Shift+Z is Undo all, not Undo.
pub fn binding_for(key: KeyCode, ctrl: bool, shift: bool) -> Option<&'static KeyBinding> {
    KEY_BINDINGS
        .iter()
        .filter(|binding| binding.key == key && binding.held(ctrl, shift))
        .max_by_key(|binding| binding.modifiers)
}

/// Where actions go: the game's commands, the windows to open, the view, the app's exit.
#[derive(SystemParam)]
pub struct ActionSender<'w> {
    commands: MessageWriter<'w, GameCommand>,
    dialogs: MessageWriter<'w, OpenDialog>,
    reset_view: MessageWriter<'w, ResetView>,
    fullscreen: MessageWriter<'w, ToggleFullscreen>,
    best_line: MessageWriter<'w, ToggleBestLine>,
    exit: MessageWriter<'w, AppExit>,
}

impl ActionSender<'_> {
    pub fn send(&mut self, action: Action) {
        let command = match action {
            Action::NewGame => GameCommand::NewGame,
            Action::Resign => GameCommand::Resign,
            Action::Undo => GameCommand::Undo,
            Action::Redo => GameCommand::Redo,
            Action::UndoAll => GameCommand::UndoAll,
            Action::RedoAll => GameCommand::RedoAll,
            Action::ResumePlay => GameCommand::ResumePlay,
            Action::Open(dialog) => {
                self.dialogs.write(dialog);
                return;
            }
            Action::ResetView => {
                self.reset_view.write(ResetView);
                return;
            }
            Action::ToggleFullscreen => {
                self.fullscreen.write(ToggleFullscreen);
                return;
            }
            Action::ToggleBestLine => {
                self.best_line.write(ToggleBestLine);
                return;
            }
            Action::Exit => {
                self.exit.write(AppExit::Success);
                return;
            }
        };
        self.commands.write(command);
    }

    /// Undo or redo to the position after the first `moves` moves of the record.
    pub fn go_to(&mut self, moves: usize) {
        self.commands.write(GameCommand::GoTo(moves));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenDialog>()
        .add_message::<ResetView>()
        .add_message::<ToggleFullscreen>()
        .add_systems(Update, read_shortcuts.in_set(GameSystems::Input));
}

fn read_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    listening: Res<KeyboardForBoard>,
    mut actions: ActionSender,
) {
    if !listening.0 {
        return;
    }
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for key in keys.get_just_pressed() {
        if let Some(binding) = binding_for(*key, ctrl, shift) {
            actions.send(binding.action);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    #[test]
    fn shift_picks_the_all_variant_and_plain_letters_are_not_shortcuts() {
        let action = |key, ctrl, shift| binding_for(key, ctrl, shift).map(|b| b.action);
        assert_eq!(action(KeyCode::KeyZ, true, false), Some(Action::Undo));
        assert_eq!(action(KeyCode::KeyZ, true, true), Some(Action::UndoAll));
        assert_eq!(action(KeyCode::KeyN, true, true), Some(Action::NewGame));
        assert_eq!(action(KeyCode::KeyR, true, false), Some(Action::Resign));
        assert_eq!(action(KeyCode::KeyR, false, false), Some(Action::ResetView));
        assert_eq!(action(KeyCode::KeyZ, false, false), None);
    }

    #[test]
    fn no_two_bindings_claim_the_same_keys() {
        for (i, a) in KEY_BINDINGS.iter().enumerate() {
            for b in &KEY_BINDINGS[i + 1..] {
                assert!(
                    (a.key, a.modifiers) != (b.key, b.modifiers),
                    "{} is bound twice",
                    a.describe()
                );
            }
        }
        let english = Locale::new(Language::English);
        assert_eq!(Action::UndoAll.keys(&english), "Ctrl+Shift+Z");
        assert_eq!(Action::ResetView.keys(&english), "R or Home");
        let russian = Locale::new(Language::Russian);
        assert_eq!(Action::ResetView.keys(&russian), "R или Home");
        assert_eq!(
            Action::Open(OpenDialog::Statistics).keys(&english),
            "Ctrl+S"
        );
    }
}
