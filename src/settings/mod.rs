//! The player's preferences, kept in `settings.ron`, and the Options dialog's logic. Settings sit
//! above the features they configure: they push each preference into the feature's own resource
//! (and the rules and clock into the game's [`NextGame`]), so no feature reads [`Settings`].

mod names;
mod options;

pub use names::{NamesAnswer, NamesDraft, NamesQuestion};
pub use options::{OptionsAction, OptionsDraft};

use std::time::Duration;

use bevy::prelude::*;
use reversi_engine::search::Level;
use reversi_engine::variant::{Scoring, Variant};
use reversi_engine::{Color, Rules};
use serde::{Deserialize, Serialize};

use crate::ai::{ComputerPace, EngineOptions, HintStrength, Hints, Pondering};
use crate::audio::SoundSettings;
use crate::board::{BoardColors, PreviewMoves, SceneColors, ShowValidMoves};
use crate::discs::AnimationSettings;
use crate::game::{
    ClockSettings, ComputerTime, NextGame, Notice, PlayerKind, PlayerNames, Players,
};
use crate::locale::{LanguageChoice, Locale, Text};
use crate::online::{MAX_NAME_CHARS, OnlinePreferences, RelayChoice, default_name};
use crate::persistence::{self, ConfigDir};
use crate::schedule::GameSystems;
use crate::theme::{Room, Theme};

pub const SETTINGS_FILE: &str = "settings.ron";

/// The smallest and the largest size of the interface (menus, panel, dialogs).
pub const UI_SCALES: (f32, f32) = (0.75, 2.0);

/// The longest time a move the Options offer the computer.
pub const MAX_COMPUTER_SECONDS: u32 = 120;

/// The computer's pace by default: about a second a reply, so a book move can be followed.
pub const DEFAULT_PACE_MS: u32 = 1000;
/// The slowest pace the Options offer.
pub const MAX_PACE_MS: u32 = 2000;

/// An sRGB colour as stored in the file.
pub type Rgb = [u8; 3];

/// Everything the Options dialog sets. Missing fields in an older file take their defaults.
#[derive(Resource, Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub show_valid_moves: bool,
    pub preview_moves: bool,
    pub animate_moves: bool,
    pub animation_speed: f32,
    pub board_color: Rgb,
    pub valid_move_color: Rgb,
    pub active_square_color: Rgb,
    pub move_indicator_color: Rgb,
    pub theme: Theme,
    pub sound: bool,
    /// Sound-effect volume, 0 to 1.
    pub sound_volume: f32,
    /// The size of the menus, the side panel and the dialogs: 1 is normal, 2 twice as large.
    pub ui_scale: f32,
    /// The board and rules of a new game (its first player is `first_to_move`).
    pub variant: Variant,
    pub first_to_move: Color,
    pub black: PlayerKind,
    pub white: PlayerKind,
    pub clock: Option<ClockSettings>,
    /// Seconds the computer may think about a move, whatever its level; `None`: the level's own.
    pub computer_seconds: Option<u32>,
    pub hint_strength: HintStrength,
    /// The computer may think on the player's time.
    pub ponder: bool,
    /// The shortest time the computer takes to answer, in milliseconds (0: at once), so that a
    /// person can follow an instant book move.
    pub computer_pace_ms: u32,
    /// The opening book for the computer's moves; the analysis searches' threads and table.
    pub engine: EngineOptions,
    pub scoring: Scoring,
    pub language: LanguageChoice,
    /// The name of the player at this computer (in saved games, GGF, the game record, the
    /// statistics and online games); empty for the account's name. Written `online_name` by
    /// earlier versions.
    #[serde(alias = "online_name")]
    pub player_name: String,
    /// A second player at this computer, the other side of a game between two people here;
    /// empty: none named.
    pub second_player_name: String,
    /// The relays online games use.
    pub online_relay: RelayChoice,
    /// Whether the players' names were asked (at the first game), so they are asked once.
    pub names_asked: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        let theme = Theme::default();
        let colors = theme.board_colors();
        Settings {
            theme,
            show_valid_moves: true,
            preview_moves: false,
            animate_moves: true,
            animation_speed: 1.0,
            board_color: to_rgb(colors.board),
            valid_move_color: to_rgb(colors.valid_move),
            active_square_color: to_rgb(colors.active_square),
            move_indicator_color: to_rgb(colors.last_move),
            sound: true,
            sound_volume: SoundSettings::default().volume,
            ui_scale: 1.0,
            variant: Variant::OTHELLO,
            first_to_move: Color::Black,
            black: PlayerKind::Human,
            white: PlayerKind::Computer(Level::Intermediate),
            clock: None,
            computer_seconds: None,
            hint_strength: HintStrength::default(),
            ponder: false,
            computer_pace_ms: DEFAULT_PACE_MS,
            engine: EngineOptions::default(),
            scoring: Scoring::DiscCount,
            language: LanguageChoice::System,
            player_name: String::new(),
            second_player_name: String::new(),
            online_relay: RelayChoice::default(),
            names_asked: false,
        }
    }
}

impl Settings {
    pub fn players(&self) -> Players {
        Players {
            black: self.black,
            white: self.white,
        }
    }

    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant.with_first_to_move(self.first_to_move),
            scoring: self.scoring,
        }
    }

    /// The time limit the player gave every computer player, if any.
    pub fn computer_time(&self) -> ComputerTime {
        ComputerTime(
            self.computer_seconds
                .map(|seconds| std::time::Duration::from_secs(u64::from(seconds))),
        )
    }

    /// The settings with another theme, and the board and marker colours it comes with.
    pub fn with_theme(mut self, theme: Theme) -> Settings {
        let colors = theme.board_colors();
        self.theme = theme;
        self.board_color = to_rgb(colors.board);
        self.valid_move_color = to_rgb(colors.valid_move);
        self.active_square_color = to_rgb(colors.active_square);
        self.move_indicator_color = to_rgb(colors.last_move);
        self
    }

    /// Values a hand-edited file could make unusable are brought back into range.
    fn sanitized(mut self) -> Settings {
        if !self.animation_speed.is_finite() {
            self.animation_speed = 1.0;
        }
        self.animation_speed = self.animation_speed.clamp(0.25, 4.0);
        if !self.sound_volume.is_finite() {
            self.sound_volume = SoundSettings::default().volume;
        }
        self.sound_volume = self.sound_volume.clamp(0.0, 1.0);
        if !self.ui_scale.is_finite() {
            self.ui_scale = 1.0;
        }
        self.ui_scale = self.ui_scale.clamp(UI_SCALES.0, UI_SCALES.1);
        self.clock = self.clock.map(ClockSettings::sanitized);
        self.computer_seconds = self
            .computer_seconds
            .map(|seconds| seconds.clamp(1, MAX_COMPUTER_SECONDS));
        self.computer_pace_ms = self.computer_pace_ms.min(MAX_PACE_MS);
        // A friend online plays only in an online game, never as a default player.
        let players = self.players().without_friend();
        (self.black, self.white) = (players.black, players.white);
        for name in [&mut self.player_name, &mut self.second_player_name] {
            *name = name.trim().chars().take(MAX_NAME_CHARS).collect();
        }
        // A board the game does not offer (an odd size, say) falls back to the standard one.
        self.variant = self.variant.validated().unwrap_or(Variant::OTHELLO);
        self
    }
}

pub fn to_rgb(color: bevy::color::Color) -> Rgb {
    let srgba = color.to_srgba();
    [srgba.red, srgba.green, srgba.blue]
        .map(|channel| (channel.clamp(0.0, 1.0) * 255.0).round() as u8)
}

pub fn from_rgb([red, green, blue]: Rgb, alpha: f32) -> bevy::color::Color {
    bevy::color::Color::srgba_u8(red, green, blue, (alpha * 255.0) as u8)
}

/// Reads the settings file (a bad one is moved aside with a notice).
pub fn load(dir: &ConfigDir) -> (Settings, Option<Text>) {
    let Ok(path) = dir.file(SETTINGS_FILE) else {
        return (Settings::default(), None);
    };
    let loaded = persistence::load_or_default::<Settings>(&path);
    (loaded.value.sanitized(), loaded.notice)
}

pub fn save(dir: &ConfigDir, settings: &Settings) -> Result<(), Text> {
    persistence::save(&dir.file(SETTINGS_FILE)?, settings)
}

/// Loads the settings at start-up unless the app was given some (tests and the command line do);
/// needs the persistence plugin's [`ConfigDir`].
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Settings>() {
        let (settings, notice) = load(app.world().resource::<ConfigDir>());
        if let Some(notice) = notice {
            app.world_mut().resource_mut::<Notice>().add(notice);
        }
        app.insert_resource(settings);
    }
    let language = app.world().resource::<Settings>().language.language();
    app.insert_resource(Locale::new(language));
    // The computer may start thinking in the first frame, before the settings are pushed.
    let computer_time = app.world().resource::<Settings>().computer_time();
    app.insert_resource(computer_time);
    // After the game has applied this frame's commands, so an OK in Options is pushed at once.
    app.add_systems(
        Update,
        (
            push_settings,
            push_engine_settings,
            push_language,
            push_online_preferences,
        )
            .run_if(resource_changed::<Settings>)
            .in_set(GameSystems::View),
    )
    .add_plugins((options::plugin, names::plugin));
}

/// The players' names take effect at once; the name and relay of online games with the next
/// invitation.
fn push_online_preferences(
    settings: Res<Settings>,
    mut online: ResMut<OnlinePreferences>,
    mut names: ResMut<PlayerNames>,
) {
    let yours = if settings.player_name.is_empty() {
        default_name()
    } else {
        settings.player_name.clone()
    };
    names.set_if_neq(PlayerNames {
        yours: yours.clone(),
        second: Some(settings.second_player_name.clone()).filter(|name| !name.is_empty()),
    });
    online.set_if_neq(OnlinePreferences {
        name: yours,
        relay: settings.online_relay.clone(),
    });
}

/// The hints' strength, pondering and the engine's options take effect at once.
fn push_engine_settings(
    settings: Res<Settings>,
    mut hints: ResMut<Hints>,
    mut pondering: ResMut<Pondering>,
    mut pace: ResMut<ComputerPace>,
    mut engine: ResMut<EngineOptions>,
) {
    if hints.strength != settings.hint_strength {
        hints.strength = settings.hint_strength;
    }
    pondering.set_if_neq(Pondering(settings.ponder));
    pace.set_if_neq(ComputerPace(Duration::from_millis(u64::from(
        settings.computer_pace_ms,
    ))));
    engine.set_if_neq(settings.engine);
}

/// The language chosen applies at once: the next frame is drawn in it.
fn push_language(settings: Res<Settings>, mut locale: ResMut<Locale>) {
    let language = settings.language.language();
    if locale.language() != language {
        *locale = Locale::new(language);
    }
}

/// Display preferences take effect at once, and first move, scoring and clock with the next new
/// game; the players are applied by the Options dialog, since they change the game in progress.
fn push_settings(
    settings: Res<Settings>,
    mut next_game: ResMut<NextGame>,
    mut computer_time: ResMut<ComputerTime>,
    mut show: ResMut<ShowValidMoves>,
    mut preview: ResMut<PreviewMoves>,
    mut animation: ResMut<AnimationSettings>,
    mut colors: ResMut<BoardColors>,
    mut scene: ResMut<SceneColors>,
    room: Option<ResMut<Room>>,
    sound: Option<ResMut<SoundSettings>>,
) {
    next_game.set_if_neq(NextGame {
        rules: settings.rules(),
        clock: settings.clock,
    });
    computer_time.set_if_neq(settings.computer_time());
    show.set_if_neq(ShowValidMoves(settings.show_valid_moves));
    preview.set_if_neq(PreviewMoves(settings.preview_moves));
    animation.set_if_neq(AnimationSettings {
        enabled: settings.animate_moves,
        speed: settings.animation_speed,
    });
    colors.set_if_neq(BoardColors {
        board: from_rgb(settings.board_color, 1.0),
        valid_move: from_rgb(settings.valid_move_color, 0.75),
        active_square: from_rgb(settings.active_square_color, 1.0),
        last_move: from_rgb(settings.move_indicator_color, 1.0),
    });
    scene.set_if_neq(settings.theme.scene());
    if let Some(mut room) = room {
        room.set_if_neq(settings.theme.room());
    }
    if let Some(mut sound) = sound {
        sound.set_if_neq(SoundSettings {
            on: settings.sound,
            volume: settings.sound_volume,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settings_file_from_before_the_language_option_loads_with_the_system_language() {
        let old: Settings =
            ron::from_str("(sound: false, ui_scale: 1.5)").expect("an old file reads");
        assert_eq!(old.language, LanguageChoice::System);
        assert!(!old.sound);
        let chosen: Settings = ron::from_str("(language: Russian)").expect("a new file reads");
        assert_eq!(chosen.language, LanguageChoice::Russian);
    }
}
