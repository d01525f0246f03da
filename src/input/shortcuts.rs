//! The keyboard shortcuts: one table per platform ([`key_bindings`]) that the key handler, the
//! menus and the help page all read, and the [`Action`]s they stand for. Keys are read as typed
//! (the letter on the key, whatever the layout). Shortcuts never fire while an egui text field
//! has the keyboard.

use bevy::ecs::system::SystemParam;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use super::focus::KeyboardForBoard;
use crate::ai::{EngineControl, ToggleBestLine};
use crate::app_actions::{AppWindow, HelpTopic, OpenWindow, ResetView, ToggleFullscreen};
use crate::game::{GameCommand, GameStart, Match};
use crate::locale::{Locale, Text};
use crate::schedule::GameSystems;

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
    /// The computer plays the best move it has found so far.
    MoveNow,
    /// Every search of the position stops (the computer's turn waits for Resume play).
    Stop,
    Open(AppWindow),
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
            Action::MoveNow => "action-move-now",
            Action::Stop => "action-stop",
            Action::Open(AppWindow::Options) => "action-options",
            Action::Open(AppWindow::Statistics) => "action-statistics",
            Action::Open(AppWindow::Database) => "menu-game-database",
            Action::Open(AppWindow::Trainer) => "menu-opening-trainer",
            Action::Open(AppWindow::Puzzles) => "menu-puzzles",
            Action::Open(AppWindow::Online) => "menu-play-online",
            Action::Open(AppWindow::Help(HelpTopic::About)) => "action-about",
            Action::Open(AppWindow::Help(_)) => "action-help",
            Action::ResetView => "action-reset-view",
            Action::ToggleFullscreen => "action-full-screen",
            Action::ToggleBestLine => "action-best-line",
            Action::Exit => "action-exit",
        })
    }

    /// The keys that do it, e.g. `Ctrl+Shift+Z` or `R or Home`; empty if none.
    pub fn keys(self, locale: &Locale) -> String {
        key_bindings(Platform::CURRENT)
            .filter(|binding| binding.action == self)
            .map(|binding| binding.describe(Platform::CURRENT))
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

/// The platform a key table is for: macOS uses the Command key where the others use Ctrl, and
/// keeps some keys for itself (Cmd+H hides the program, Cmd+Q quits it, F11 shows the desktop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    Mac,
    Other,
}

impl Platform {
    pub const CURRENT: Platform = if cfg!(target_os = "macos") {
        Platform::Mac
    } else {
        Platform::Other
    };
}

/// Modifier keys a binding needs. "Command" is Ctrl, or the Command key on macOS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Modifiers {
    /// No Command (Shift does not matter).
    None,
    /// Command held (Shift does not matter unless a Command+Shift binding claims the key).
    Command,
    CommandShift,
    /// Control and Command together: macOS's full-screen keys.
    ControlCommand,
}

/// A key as the keyboard types it (its character, whatever the layout), or a named key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundKey {
    Letter(char),
    Home,
    F1,
    F11,
}

impl BoundKey {
    fn matches(self, key: &Key) -> bool {
        match (self, key) {
            (BoundKey::Letter(letter), Key::Character(text)) => {
                text.chars().map(|c| c.to_ascii_lowercase()).eq([letter])
            }
            (BoundKey::Home, Key::Home) | (BoundKey::F1, Key::F1) | (BoundKey::F11, Key::F11) => {
                true
            }
            _ => false,
        }
    }

    /// How the key is written for the player ("Z", "Home").
    fn name(self) -> String {
        match self {
            BoundKey::Letter(letter) => letter.to_ascii_uppercase().to_string(),
            BoundKey::Home => "Home".into(),
            BoundKey::F1 => "F1".into(),
            BoundKey::F11 => "F11".into(),
        }
    }
}

/// A key and the modifiers it needs, bound to an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyBinding {
    pub modifiers: Modifiers,
    pub key: BoundKey,
    pub action: Action,
}

impl KeyBinding {
    const fn new(modifiers: Modifiers, key: BoundKey, action: Action) -> Self {
        KeyBinding {
            modifiers,
            key,
            action,
        }
    }

    /// `Ctrl+Shift+Z`, `Home`; on macOS with its symbols, `⇧⌘Z`.
    pub fn describe(&self, platform: Platform) -> String {
        let key = self.key.name();
        match (platform, self.modifiers) {
            (_, Modifiers::None) => key,
            (Platform::Other, Modifiers::Command) => format!("Ctrl+{key}"),
            (Platform::Other, Modifiers::CommandShift) => format!("Ctrl+Shift+{key}"),
            (Platform::Other, Modifiers::ControlCommand) => format!("Ctrl+Super+{key}"),
            (Platform::Mac, Modifiers::Command) => format!("⌘{key}"),
            (Platform::Mac, Modifiers::CommandShift) => format!("⇧⌘{key}"),
            (Platform::Mac, Modifiers::ControlCommand) => format!("⌃⌘{key}"),
        }
    }

    fn held(&self, held: Held) -> bool {
        match self.modifiers {
            Modifiers::None => !held.command,
            Modifiers::Command => held.command,
            Modifiers::CommandShift => held.command && held.shift,
            Modifiers::ControlCommand => held.command && held.control,
        }
    }
}

/// The modifier keys held, as the bindings read them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    pub command: bool,
    pub shift: bool,
    /// Control beside Command (macOS only: elsewhere Control is the Command key).
    pub control: bool,
}

impl Held {
    fn of(keys: &ButtonInput<KeyCode>, platform: Platform) -> Held {
        let control = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
        let super_key = keys.any_pressed([KeyCode::SuperLeft, KeyCode::SuperRight]);
        let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        match platform {
            Platform::Mac => Held {
                command: super_key,
                shift,
                control,
            },
            Platform::Other => Held {
                command: control,
                shift,
                control: false,
            },
        }
    }
}

/// The shortcuts every platform shares: the classic Windows Reversi set (Command being Ctrl or
/// the Command key), the view's reset, the best line and Help on F1.
const SHARED_BINDINGS: [KeyBinding; 16] = {
    use BoundKey::{Home, Letter};
    use Modifiers::{Command, CommandShift};
    [
        KeyBinding::new(Command, Letter('n'), Action::NewGame),
        KeyBinding::new(Command, Letter('r'), Action::Resign),
        KeyBinding::new(Command, Letter('o'), Action::Open(AppWindow::Options)),
        KeyBinding::new(Command, Letter('s'), Action::Open(AppWindow::Statistics)),
        KeyBinding::new(Command, Letter('z'), Action::Undo),
        KeyBinding::new(Command, Letter('y'), Action::Redo),
        KeyBinding::new(CommandShift, Letter('z'), Action::UndoAll),
        KeyBinding::new(CommandShift, Letter('y'), Action::RedoAll),
        KeyBinding::new(Command, Letter('p'), Action::ResumePlay),
        KeyBinding::new(
            Command,
            Letter('a'),
            Action::Open(AppWindow::Help(HelpTopic::About)),
        ),
        KeyBinding::new(
            Modifiers::None,
            BoundKey::F1,
            Action::Open(AppWindow::Help(HelpTopic::Rules)),
        ),
        KeyBinding::new(Modifiers::None, Letter('r'), Action::ResetView),
        KeyBinding::new(Modifiers::None, Home, Action::ResetView),
        // L for line: not a column letter on the usual boards, so it rarely starts a typed move.
        KeyBinding::new(Modifiers::None, Letter('l'), Action::ToggleBestLine),
        // G for go; the period stops, as Command+. cancels in every Mac program.
        KeyBinding::new(Command, Letter('g'), Action::MoveNow),
        KeyBinding::new(Command, Letter('.'), Action::Stop),
    ]
};

/// Windows and Linux: the classic Exit and Help keys, and F11 for full screen.
const OTHER_BINDINGS: [KeyBinding; 3] = [
    KeyBinding::new(Modifiers::Command, BoundKey::Letter('x'), Action::Exit),
    KeyBinding::new(
        Modifiers::Command,
        BoundKey::Letter('h'),
        Action::Open(AppWindow::Help(HelpTopic::Rules)),
    ),
    KeyBinding::new(Modifiers::None, BoundKey::F11, Action::ToggleFullscreen),
];

/// macOS: Cmd+Q quits and Ctrl+Cmd+F is full screen, as in every Mac program.
const MAC_BINDINGS: [KeyBinding; 2] = [
    KeyBinding::new(Modifiers::Command, BoundKey::Letter('q'), Action::Exit),
    KeyBinding::new(
        Modifiers::ControlCommand,
        BoundKey::Letter('f'),
        Action::ToggleFullscreen,
    ),
];

/// Every keyboard shortcut of the game on `platform`, in the order the help lists them.
pub fn key_bindings(platform: Platform) -> impl Iterator<Item = &'static KeyBinding> {
    let own: &'static [KeyBinding] = match platform {
        Platform::Mac => &MAC_BINDINGS,
        Platform::Other => &OTHER_BINDINGS,
    };
    SHARED_BINDINGS.iter().chain(own)
}

/// The binding a key press triggers with these modifiers held: the most specific one, so
/// Command+Shift+Z is Undo all, not Undo.
pub fn binding_for(key: &Key, held: Held, platform: Platform) -> Option<&'static KeyBinding> {
    key_bindings(platform)
        .filter(|binding| binding.key.matches(key) && binding.held(held))
        .max_by_key(|binding| binding.modifiers)
}

/// Where actions go: the game's commands, the windows to open, the view, the app's exit.
#[derive(SystemParam)]
pub struct ActionSender<'w> {
    commands: MessageWriter<'w, GameCommand>,
    windows: MessageWriter<'w, OpenWindow>,
    reset_view: MessageWriter<'w, ResetView>,
    fullscreen: MessageWriter<'w, ToggleFullscreen>,
    best_line: MessageWriter<'w, ToggleBestLine>,
    engine: MessageWriter<'w, EngineControl>,
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
            Action::MoveNow => {
                self.engine.write(EngineControl::MoveNow);
                return;
            }
            Action::Stop => {
                self.engine.write(EngineControl::Stop);
                return;
            }
            Action::Open(window) => {
                self.windows.write(OpenWindow(window));
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

    /// A new game from one of the starts players use.
    pub fn new_game_from(&mut self, start: GameStart) {
        self.commands.write(GameCommand::NewGameFrom(start));
    }

    /// Undo or redo to the position after the first `moves` moves of the record.
    pub fn go_to(&mut self, moves: usize) {
        self.commands.write(GameCommand::GoTo(moves));
    }

    /// Show side line `line` at the position after its first `moves` moves.
    pub fn go_to_line(&mut self, line: usize, moves: usize) {
        self.commands.write(GameCommand::GoToLine { line, moves });
    }

    /// Comment the move at `index` of the game on show (an empty text removes the comment).
    pub fn comment(&mut self, index: usize, text: String) {
        self.commands.write(GameCommand::Comment { index, text });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_shortcuts.in_set(GameSystems::Input));
}

/// Letters the board uses as columns are moves there, not shortcuts (L and R on the larger
/// boards): a shortcut without Command yields to a typed move.
fn read_shortcuts(
    mut presses: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    listening: Res<KeyboardForBoard>,
    state: Res<Match>,
    mut actions: ActionSender,
) {
    let presses: Vec<&KeyboardInput> = presses
        .read()
        .filter(|press| press.state.is_pressed() && !press.repeat)
        .collect();
    if !listening.0 {
        return;
    }
    let held = Held::of(&keys, Platform::CURRENT);
    let columns = state.game.rules().variant.size;
    for press in presses {
        let Some(binding) = binding_for(&press.logical_key, held, Platform::CURRENT) else {
            continue;
        };
        let is_column = |letter: char| (letter as u32) < u32::from(b'a' + columns);
        if let (Modifiers::None, BoundKey::Letter(letter)) = (binding.modifiers, binding.key)
            && is_column(letter)
        {
            continue;
        }
        actions.send(binding.action);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    fn letter(c: char) -> Key {
        Key::Character(c.to_string().into())
    }

    #[test]
    fn shift_picks_the_all_variant_and_plain_letters_are_not_shortcuts() {
        let command = Held {
            command: true,
            ..Held::default()
        };
        let command_shift = Held {
            shift: true,
            ..command
        };
        let action = |key: Key, held| binding_for(&key, held, Platform::Other).map(|b| b.action);
        assert_eq!(action(letter('z'), command), Some(Action::Undo));
        assert_eq!(action(letter('Z'), command_shift), Some(Action::UndoAll));
        assert_eq!(action(letter('n'), command_shift), Some(Action::NewGame));
        assert_eq!(action(letter('r'), command), Some(Action::Resign));
        assert_eq!(
            action(letter('r'), Held::default()),
            Some(Action::ResetView)
        );
        assert_eq!(action(letter('z'), Held::default()), None);
        assert_eq!(
            action(Key::F1, Held::default()),
            Some(Action::Open(AppWindow::Help(HelpTopic::Rules)))
        );
    }

    #[test]
    fn no_two_bindings_claim_the_same_keys_on_any_platform() {
        for platform in [Platform::Mac, Platform::Other] {
            let bindings: Vec<_> = key_bindings(platform).collect();
            for (i, a) in bindings.iter().enumerate() {
                for b in &bindings[i + 1..] {
                    assert!(
                        (a.key, a.modifiers) != (b.key, b.modifiers),
                        "{} is bound twice",
                        a.describe(platform)
                    );
                }
            }
        }
        let english = Locale::new(Language::English);
        assert_eq!(Action::UndoAll.keys(&english), "Ctrl+Shift+Z");
        assert_eq!(Action::ResetView.keys(&english), "R or Home");
        let russian = Locale::new(Language::Russian);
        assert_eq!(Action::ResetView.keys(&russian), "R или Home");
        assert_eq!(Action::Open(AppWindow::Statistics).keys(&english), "Ctrl+S");
    }

    /// Cmd+H hides a Mac program and F11 shows the desktop: the Mac table leaves them to the
    /// system, quits with Cmd+Q and goes full screen with Ctrl+Cmd+F.
    #[test]
    fn the_mac_keys_leave_the_system_its_own() {
        let command = Held {
            command: true,
            ..Held::default()
        };
        let on_mac = |key: Key, held| binding_for(&key, held, Platform::Mac).map(|b| b.action);
        assert_eq!(on_mac(letter('h'), command), None);
        assert_eq!(on_mac(Key::F11, Held::default()), None);
        assert_eq!(on_mac(letter('q'), command), Some(Action::Exit));
        let control_command = Held {
            control: true,
            ..command
        };
        assert_eq!(
            on_mac(letter('f'), control_command),
            Some(Action::ToggleFullscreen)
        );
        let undo_all = key_bindings(Platform::Mac)
            .find(|binding| binding.action == Action::UndoAll)
            .expect("a binding");
        assert_eq!(undo_all.describe(Platform::Mac), "⇧⌘Z");
    }
}
