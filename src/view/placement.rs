//! The window's size and place on the desktop, maximized or full screen, remembered in
//! `window.ron` from one game to the next (a file of its own, so the Options dialog's draft of
//! the settings never overwrites it) and written a moment after each change, so a crash keeps
//! it too; a place on no monitor present is forgotten. Full screen on the platform's key.

use std::time::Duration;

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{
    Monitor, PrimaryWindow, WindowMode, WindowMoved, WindowResizeConstraints, WindowResized,
    WindowResolution,
};
use bevy::winit::WINIT_WINDOWS;
use serde::{Deserialize, Serialize};

use crate::app_actions::ToggleFullscreen;
use crate::locale::{Language, Locale, Text};
use crate::persistence::{self, ConfigDir};

pub const WINDOW_FILE: &str = "window.ron";

/// The smallest window the menus, the side panel and a board beside it still fit in, and a bound
/// no screen reaches.
const MIN_SIZE: (u32, u32) = (720, 480);
const MAX_SIZE: (u32, u32) = (16_384, 16_384);
/// Desktops span a few screens; anything farther is a corrupt file, not a place.
const MAX_OFFSET: u32 = 65_536;

/// How long the placement waits after a change before it is written: a drag or a resize sends
/// many changes, and one write at its end is enough.
const SAVE_AFTER: Duration = Duration::from_secs(1);

/// Where the window was when the game last closed: its logical size and, when the desktop
/// reported one, the physical position of its top-left corner, both as it was last windowed;
/// and whether it was maximized or full screen.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WindowPlacement {
    pub width: u32,
    pub height: u32,
    pub position: Option<(i32, i32)>,
    pub maximized: bool,
    pub fullscreen: bool,
}

impl Default for WindowPlacement {
    fn default() -> Self {
        WindowPlacement {
            width: 1280,
            height: 760,
            position: None,
            maximized: false,
            fullscreen: false,
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
            ..self
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

    /// The window to open, placed where it was, maximized or full screen as it was.
    pub fn window(self, title: &str) -> Window {
        let mut window = Window {
            title: title.into(),
            name: Some(super::APP_ID.into()),
            resolution: WindowResolution::new(self.width, self.height),
            resize_constraints: WindowResizeConstraints {
                min_width: MIN_SIZE.0 as f32,
                min_height: MIN_SIZE.1 as f32,
                ..default()
            },
            position: match self.position {
                Some((x, y)) => WindowPosition::At(IVec2::new(x, y)),
                None => WindowPosition::Automatic,
            },
            mode: if self.fullscreen {
                WindowMode::BorderlessFullscreen(MonitorSelection::Current)
            } else {
                WindowMode::Windowed
            },
            ..default()
        };
        if self.maximized {
            window.set_maximized(true);
        }
        window
    }
}

/// The placement changed and is not written yet: when it last changed.
#[derive(Resource, Default)]
struct Unsaved(Option<Duration>);

/// Needs the placement the window was opened with (main inserts it); the default otherwise.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WindowPlacement>()
        .init_resource::<Unsaved>()
        .add_systems(
            Update,
            (
                bring_back_onto_a_monitor,
                follow_the_window,
                toggle_fullscreen,
            ),
        )
        .add_systems(Last, save_when_settled);
}

/// A window placed where no monitor is now (a screen unplugged since) opens centred on the
/// primary monitor instead, once the monitors are known.
fn bring_back_onto_a_monitor(
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    monitors: Query<&Monitor>,
    mut checked: Local<bool>,
) {
    if *checked || monitors.is_empty() {
        return;
    }
    *checked = true;
    let WindowPosition::At(corner) = window.position else {
        return;
    };
    let screens: Vec<(IVec2, IVec2)> = monitors
        .iter()
        .map(|monitor| {
            let size = IVec2::new(
                monitor.physical_width as i32,
                monitor.physical_height as i32,
            );
            (monitor.physical_position, size)
        })
        .collect();
    if !is_on_a_screen(corner, &screens) {
        window.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
}

/// Whether a window's top-left corner lies on one of the screens (top left and size, in physical
/// pixels) with room to grab the window by its title bar.
fn is_on_a_screen(corner: IVec2, screens: &[(IVec2, IVec2)]) -> bool {
    const GRIP: i32 = 40;
    screens.iter().any(|&(top_left, size)| {
        (corner.cmpge(top_left) & corner.cmplt(top_left + size - IVec2::splat(GRIP))).all()
    })
}

/// Keeps the placement up to date while the player moves, resizes, maximizes the window or
/// makes it full screen; the size and place are the windowed ones, which come back on restore.
fn follow_the_window(
    window: Single<(Entity, &Window), With<PrimaryWindow>>,
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    mut placement: ResMut<WindowPlacement>,
    mut unsaved: ResMut<Unsaved>,
    time: Res<Time<Real>>,
    _main_thread: NonSendMarker,
) {
    let (entity, window) = *window;
    let mut next = *placement;
    let fullscreen = window.mode != WindowMode::Windowed;
    // Bevy does not say whether the window is maximized: winit's window does.
    let maximized = WINIT_WINDOWS.with_borrow(|windows| {
        windows
            .get_window(entity)
            .is_some_and(|winit_window| winit_window.is_maximized())
    });
    let windowed = !fullscreen && !maximized;
    for event in resized.read() {
        if event.window == entity && windowed {
            next.width = event.width.round() as u32;
            next.height = event.height.round() as u32;
        }
    }
    for event in moved.read() {
        if event.window == entity && windowed {
            next.position = Some((event.position.x, event.position.y));
        }
    }
    next.fullscreen = fullscreen;
    // Full screen hides whether the window under it is maximized: that is kept as it was.
    if !fullscreen {
        next.maximized = maximized;
    }
    // Written only when something changed, so the placement is not "changed" every frame.
    if placement.set_if_neq(next) {
        unsaved.0 = Some(time.elapsed());
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

/// Writes the placement a moment after the last change, and at once when the game closes.
fn save_when_settled(
    mut exits: MessageReader<AppExit>,
    placement: Res<WindowPlacement>,
    mut unsaved: ResMut<Unsaved>,
    time: Res<Time<Real>>,
    dir: Res<ConfigDir>,
) {
    let exiting = exits.read().last().is_some();
    let Some(changed) = unsaved.0 else {
        return;
    };
    if !exiting && time.elapsed() < changed + SAVE_AFTER {
        return;
    }
    unsaved.0 = None;
    let saved = dir
        .file(WINDOW_FILE)
        .and_then(|path| persistence::save(&path, &*placement));
    if let Err(error) = saved {
        // Nothing the player does depends on it: the log says it.
        let error = Locale::new(Language::English).render(&error);
        error!("the window's size and place were not saved: {error}");
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
            ..WindowPlacement::default()
        };
        assert_eq!(
            wild.sanitized(),
            WindowPlacement {
                width: 720,
                height: 16_384,
                position: None,
                ..WindowPlacement::default()
            }
        );
        let usual = WindowPlacement {
            width: 1600,
            height: 900,
            position: Some((-1900, 40)),
            maximized: true,
            fullscreen: false,
        };
        assert_eq!(usual.sanitized(), usual);
    }

    #[test]
    fn a_place_on_no_screen_present_is_not_used() {
        let laptop = (IVec2::ZERO, IVec2::new(1920, 1080));
        let left_monitor = (IVec2::new(-2560, 0), IVec2::new(2560, 1440));
        assert!(is_on_a_screen(IVec2::new(100, 60), &[laptop]));
        assert!(is_on_a_screen(
            IVec2::new(-1900, 40),
            &[laptop, left_monitor]
        ));
        // The monitor on the left was unplugged since.
        assert!(!is_on_a_screen(IVec2::new(-1900, 40), &[laptop]));
        // A corner at the very right edge leaves nothing to grab.
        assert!(!is_on_a_screen(IVec2::new(1910, 100), &[laptop]));
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
            maximized: false,
            fullscreen: true,
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
