//! The app's own vocabulary, on the ground floor so that the keys, the menus, the help pages and
//! the command line name the same things: the windows the player opens and the view's actions.
//! Each window reacts to its own [`OpenWindow`] message.

use std::marker::PhantomData;

use bevy::prelude::*;

/// A window the player can open: a dialog, or the help at one of its pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppWindow {
    Options,
    Statistics,
    /// Playing a friend online, and championships.
    Online,
    /// The WTHOR game database.
    Database,
    /// The opening trainer.
    Trainer,
    Puzzles,
    Help(HelpTopic),
}

/// A page of the Help window.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HelpTopic {
    Rules,
    Playing,
    Menus,
    Options,
    Strategy,
    History,
    Shortcuts,
    Index,
    About,
}

impl HelpTopic {
    pub const ALL: [HelpTopic; 9] = [
        HelpTopic::Rules,
        HelpTopic::Playing,
        HelpTopic::Menus,
        HelpTopic::Options,
        HelpTopic::Strategy,
        HelpTopic::History,
        HelpTopic::Shortcuts,
        HelpTopic::Index,
        HelpTopic::About,
    ];
}

/// Opens a window: sent by a key, a menu entry, a button or the command line.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenWindow(pub AppWindow);

/// Back to the default view of the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResetView;

/// Full screen on, or back to the window.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleFullscreen;

impl AppWindow {
    /// Every window, in the order the command line's help lists them.
    pub const ALL: [AppWindow; 15] = [
        AppWindow::Options,
        AppWindow::Statistics,
        AppWindow::Online,
        AppWindow::Database,
        AppWindow::Trainer,
        AppWindow::Puzzles,
        AppWindow::Help(HelpTopic::Rules),
        AppWindow::Help(HelpTopic::Playing),
        AppWindow::Help(HelpTopic::Menus),
        AppWindow::Help(HelpTopic::Options),
        AppWindow::Help(HelpTopic::Strategy),
        AppWindow::Help(HelpTopic::History),
        AppWindow::Help(HelpTopic::Shortcuts),
        AppWindow::Help(HelpTopic::Index),
        AppWindow::Help(HelpTopic::About),
    ];

    /// Its name on the command line: `--dialog options`, `--dialog strategy`.
    pub fn name(self) -> &'static str {
        match self {
            AppWindow::Options => "options",
            AppWindow::Statistics => "statistics",
            AppWindow::Online => "online",
            AppWindow::Database => "database",
            AppWindow::Trainer => "trainer",
            AppWindow::Puzzles => "puzzles",
            AppWindow::Help(HelpTopic::Rules) => "rules",
            AppWindow::Help(HelpTopic::Playing) => "playing",
            AppWindow::Help(HelpTopic::Menus) => "menus",
            AppWindow::Help(HelpTopic::Options) => "game-options",
            AppWindow::Help(HelpTopic::Strategy) => "strategy",
            AppWindow::Help(HelpTopic::History) => "history",
            AppWindow::Help(HelpTopic::Shortcuts) => "shortcuts",
            AppWindow::Help(HelpTopic::Index) => "index",
            AppWindow::Help(HelpTopic::About) => "about",
        }
    }
}

/// `--dialog`'s values and their help come from [`AppWindow::ALL`] and [`AppWindow::name`].
impl clap::ValueEnum for AppWindow {
    fn value_variants<'a>() -> &'a [AppWindow] {
        &AppWindow::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}

/// A window that keeps its own open state ([`Shown`]) and opens on its own [`OpenWindow`]:
/// adding one takes its variant of [`AppWindow`], its file and its strings. A window whose open
/// state carries more than open or closed keeps it in a resource of its own and reacts to
/// [`OpenWindow`] itself, as these do: Options its draft of the settings
/// (`settings/options.rs`), Help the page it shows (`ui/help/mod.rs`).
pub trait OwnWindow: Send + Sync + 'static {
    const WINDOW: AppWindow;
}

/// Whether window `W` is open; the window's own, so that no list of windows is kept elsewhere.
#[derive(Resource)]
pub struct Shown<W: OwnWindow> {
    pub open: bool,
    window: PhantomData<W>,
}

impl<W: OwnWindow> Default for Shown<W> {
    fn default() -> Shown<W> {
        Shown {
            open: false,
            window: PhantomData,
        }
    }
}

/// Window `W`'s plugin part: its open state, set when the window is asked for.
pub fn own_window<W: OwnWindow>(app: &mut App) {
    app.init_resource::<Shown<W>>()
        .add_systems(Update, open_when_asked::<W>);
}

fn open_when_asked<W: OwnWindow>(
    mut requests: MessageReader<OpenWindow>,
    mut shown: ResMut<Shown<W>>,
) {
    if requests
        .read()
        .any(|OpenWindow(window)| *window == W::WINDOW)
    {
        shown.open = true;
    }
}

pub fn plugin(app: &mut App) {
    app.add_message::<OpenWindow>()
        .add_message::<ResetView>()
        .add_message::<ToggleFullscreen>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    /// Every window has a name of its own, and the command line reads each name back to it.
    #[test]
    fn each_window_is_named_once_and_read_back() {
        let mut names: Vec<&str> = AppWindow::ALL.iter().map(|window| window.name()).collect();
        for window in AppWindow::ALL {
            assert_eq!(AppWindow::from_str(window.name(), true), Ok(window));
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), AppWindow::ALL.len());
        assert!(AppWindow::from_str("chess", true).is_err());
    }

    struct Statistics;

    impl OwnWindow for Statistics {
        const WINDOW: AppWindow = AppWindow::Statistics;
    }

    /// A window opens on its own request and on no other window's.
    #[test]
    fn a_window_opens_when_asked_for_and_only_then() {
        let mut app = App::new();
        app.add_plugins((plugin, own_window::<Statistics>));
        app.world_mut()
            .write_message(OpenWindow(AppWindow::Options));
        app.update();
        assert!(!app.world().resource::<Shown<Statistics>>().open);
        app.world_mut()
            .write_message(OpenWindow(AppWindow::Statistics));
        app.update();
        assert!(app.world().resource::<Shown<Statistics>>().open);
    }
}
