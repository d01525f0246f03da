//! The window's size and place on the desktop, remembered in `window.ron` from one game to the
//! next (a file of its own, so the Options dialog's draft of the settings never overwrites it),
//! and full screen on F11.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowMode, WindowMoved, WindowResized, WindowResolution};
use serde::{Deserialize, Serialize};

use crate::input::ToggleFullscreen;
use crate::locale::{Language, Locale, Text};
use crate::persistence::{self, ConfigDir};

pub const WINDOW_FILE: &str = "window.ron";

/// The smallest window the board and the side panel still fit in, and a bound no screen reaches.
const MIN_SIZE: (u32, u32) = (640, 400);
const MAX_SIZE: (u32, u32) = (16_384, 16_384);
/// Desktops span a few screens; anything farther is a corrupt file, not a place.
const MAX_OFFSET: u32 = 65_536;

/// Where the window was when the game last closed: its logical size and, when the desktop
/// reported one, the physical position of its top-left corner.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WindowPlacement {
    pub width: u32,
    pub height: u32,
    pub position: Option<(i32, i32)>,
}

impl Default for WindowPlacement {
    fn default() -> Self {
        WindowPlacement {
            width: 1280,
            height: 760,
            position: None,
        }
    }
}

impl WindowPlacement {
    /// Sizes clamped to what a screen can show; a position far off every desktop is forgotten.
    pub fn sanitized(self) -> WindowPlacement {
        let on_a_desktop =
            |(x, y): (i32, i32)| x.unsigned_abs() <= MAX_OFFSET && y.unsigned_abs() <= MAX_OFFSET;
        WindowPlacement {
            width: self.width.clamp(MIN_SIZE.0, MAX_SIZE.0),
            height: self.height.clamp(MIN_SIZE.1, MAX_SIZE.1),
            position: self.position.filter(|&position| on_a_desktop(position)),
        }
    }

    /// Reads `window.ron` (a bad one is moved aside, with a sentence for the status line).
    pub fn load(dir: &ConfigDir) -> (WindowPlacement, Option<Text>) {
        let Ok(path) = dir.file(WINDOW_FILE) else {
            return (WindowPlacement::default(), None);
        };
        let loaded = persistence::load_or_default::<WindowPlacement>(&path);
        (loaded.value.sanitized(), loaded.notice)
    }

    /// The window to open, placed where it was.
    pub fn window(self, title: &str) -> Window {
        Window {
            title: title.into(),
            resolution: WindowResolution::new(self.width, self.height),
            position: match self.position {
                Some((x, y)) => WindowPosition::At(IVec2::new(x, y)),
                None => WindowPosition::Automatic,
            },
            ..default()
        }
    }
}

/// Needs the placement the window was opened with (main inserts it); the default otherwise.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WindowPlacement>()
        .add_systems(Update, (follow_the_window, toggle_fullscreen))
        .add_systems(Last, save_on_exit);
}

/// Keeps the placement up to date while the player moves and resizes the window (not while it
/// is full screen: the windowed size is what comes back).
fn follow_the_window(
    window: Single<(Entity, &Window), With<PrimaryWindow>>,
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    mut placement: ResMut<WindowPlacement>,
) {
    let (entity, window) = *window;
    let windowed = window.mode == WindowMode::Windowed;
    for event in resized.read() {
        if event.window == entity && windowed {
            placement.width = event.width.round() as u32;
            placement.height = event.height.round() as u32;
        }
    }
    for event in moved.read() {
        if event.window == entity && windowed {
            placement.position = Some((event.position.x, event.position.y));
        }
    }
}

fn toggle_fullscreen(
    mut requests: MessageReader<ToggleFullscreen>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    for _ in requests.read() {
        window.mode = match window.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
}

/// The game is closing (window closed or Exit): the placement is written once, now.
fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    placement: Res<WindowPlacement>,
    dir: Res<ConfigDir>,
) {
    if exits.read().last().is_none() {
        return;
    }
    let saved = dir
        .file(WINDOW_FILE)
        .and_then(|path| persistence::save(&path, &*placement));
    if let Err(error) = saved {
        // The window is closing: the terminal is the only place left to say it.
        let error = Locale::new(Language::English).render(&error);
        eprintln!("reversi: the window's size and place were not saved: {error}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placement_off_every_screen_is_brought_back() {
        let wild = WindowPlacement {
            width: 5,
            height: 1_000_000,
            position: Some((i32::MIN, 20)),
        };
        assert_eq!(
            wild.sanitized(),
            WindowPlacement {
                width: 640,
                height: 16_384,
                position: None
            }
        );
        let usual = WindowPlacement {
            width: 1600,
            height: 900,
            position: Some((-1900, 40)),
        };
        assert_eq!(usual.sanitized(), usual);
    }

    #[test]
    fn the_placement_survives_a_restart_and_a_bad_file_gives_the_default() {
        let dir = std::env::temp_dir().join(format!("reversi-placement-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let config = ConfigDir(Some(dir.clone()));
        let placement = WindowPlacement {
            width: 1500,
            height: 820,
            position: Some((100, 60)),
        };
        persistence::save(&dir.join(WINDOW_FILE), &placement).expect("saved");
        assert_eq!(WindowPlacement::load(&config), (placement, None));
        std::fs::write(dir.join(WINDOW_FILE), "not ron at all").expect("written");
        let (fallback, notice) = WindowPlacement::load(&config);
        assert_eq!(fallback, WindowPlacement::default());
        let notice = Locale::new(Language::English).render(&notice.expect("a notice"));
        assert!(notice.contains("could not be read"), "{notice}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
