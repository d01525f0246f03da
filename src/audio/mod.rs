//! Sound effects from `assets/sounds/` (made by `assets/sounds/generate.py`): a knock when a disc
//! is placed, a cascade of ticks when discs flip, a buzz for an illegal click, a breath for a
//! pass, a chime for a game won, lost or drawn, and two beeps when a clock runs low.
//!
//! When the app has no audio (headless tests run without `AudioPlugin`, so there is no
//! `Assets<AudioSource>`), nothing is loaded and nothing is played.

mod cues;

use bevy::audio::{AudioSource, Volume};
use bevy::prelude::*;

/// Whether sound effects play, and how loud (0 to 1); the Options dialog sets both.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SoundSettings {
    pub on: bool,
    pub volume: f32,
}

impl Default for SoundSettings {
    fn default() -> SoundSettings {
        SoundSettings {
            on: true,
            volume: 0.8,
        }
    }
}

impl SoundSettings {
    /// The playback volume, or `None` when nothing should play.
    fn playback_volume(self) -> Option<Volume> {
        let volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.0
        };
        (self.on && volume > 0.0).then_some(Volume::Linear(volume))
    }
}

/// The game's sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A disc put on the board.
    Place,
    /// Discs turning over.
    Flip,
    /// A click on a square where the move is not allowed.
    Illegal,
    /// A player with no move passes.
    Pass,
    /// The game ended in a win: the human's, or anyone's when no single human plays.
    Won,
    /// The human playing the computer lost.
    Lost,
    Drawn,
    /// The clock of a human to move has little time left.
    ClockLow,
}

/// Each sound with its file in `assets/`, taken into the binary: the one list of sound files.
macro_rules! sound_files {
    ($($sound:ident => $file:literal),* $(,)?) => {
        impl Sound {
            pub const ALL: [Sound; 8] = [$(Sound::$sound),*];

            /// The sound's file, relative to `assets/`.
            pub fn file(self) -> &'static str {
                match self {
                    $(Sound::$sound => $file),*
                }
            }

            fn bytes(self) -> &'static [u8] {
                match self {
                    $(Sound::$sound => include_bytes!(concat!("../../assets/", $file))),*
                }
            }
        }
    };
}

sound_files! {
    Place => "sounds/place.wav",
    Flip => "sounds/flip.wav",
    Illegal => "sounds/illegal.wav",
    Pass => "sounds/pass.wav",
    Won => "sounds/won.wav",
    Lost => "sounds/lost.wav",
    Drawn => "sounds/drawn.wav",
    ClockLow => "sounds/clock-low.wav",
}

/// Marks an entity that plays (or is about to play) one of the game's sounds.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundEffect(pub Sound);

/// The loaded sounds, in the order of [`Sound::ALL`].
#[derive(Resource)]
struct Sounds([Handle<AudioSource>; 8]);

impl Sounds {
    fn handle(&self, sound: Sound) -> Handle<AudioSource> {
        let index = Sound::ALL.iter().position(|s| *s == sound).unwrap_or(0);
        self.0[index].clone()
    }
}

pub fn plugin(app: &mut App) {
    for sound in Sound::ALL {
        crate::assets::embed(app, sound.file(), sound.bytes());
    }
    app.init_resource::<SoundSettings>()
        .add_systems(Startup, load_sounds)
        .add_plugins(cues::plugin);
}

fn load_sounds(
    mut commands: Commands,
    server: Option<Res<AssetServer>>,
    audio: Option<Res<Assets<AudioSource>>>,
) {
    // No audio in this app (headless): nothing to play through.
    let (Some(server), Some(_)) = (server, audio) else {
        return;
    };
    commands.insert_resource(Sounds(
        Sound::ALL.map(|sound| server.load(crate::assets::path(sound.file()))),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::audio::{Decodable, Source};

    /// The 16-bit samples of a WAV as `generate.py` writes it: a 44-byte header, then the data.
    fn pcm(bytes: &[u8]) -> Vec<i16> {
        bytes[44..]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect()
    }

    #[test]
    fn every_sound_file_is_a_short_audible_mono_wav_that_bevy_decodes() {
        for sound in Sound::ALL {
            let bytes = sound.bytes();
            assert_eq!(&bytes[0..4], b"RIFF", "{sound:?}");
            assert_eq!(&bytes[36..40], b"data", "{sound:?}: a plain 44-byte header");
            let samples = pcm(bytes);
            let decoder = AudioSource {
                bytes: bytes.into(),
            }
            .decoder();
            assert_eq!(decoder.channels().get(), 1, "{sound:?}");
            assert_eq!(decoder.sample_rate().get(), 44_100, "{sound:?}");
            assert_eq!(decoder.count(), samples.len(), "{sound:?}");

            let seconds = samples.len() as f32 / 44_100.0;
            assert!(
                seconds > 0.1 && seconds < 1.1,
                "{sound:?} lasts {seconds} s"
            );
            let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
            assert!(peak < i16::MAX as u16, "{sound:?} clips");
            assert!(peak > i16::MAX as u16 / 4, "{sound:?} is too quiet: {peak}");
            // Faded ends: no click when playback starts or stops.
            assert!(
                samples[0].unsigned_abs() < 200,
                "{sound:?} starts with a click"
            );
            assert!(
                samples[samples.len() - 1].unsigned_abs() < 200,
                "{sound:?} ends with a click"
            );
        }
    }

    #[test]
    fn the_flips_are_softer_than_the_knock() {
        let peak = |sound: Sound| pcm(sound.bytes()).iter().map(|s| s.unsigned_abs()).max();
        assert!(peak(Sound::Flip) < peak(Sound::Place));
        assert!(peak(Sound::ClockLow) < peak(Sound::Place));
    }

    #[test]
    fn muted_silent_or_unreadable_volumes_play_nothing() {
        let with = |on, volume| SoundSettings { on, volume }.playback_volume();
        assert_eq!(with(true, 0.5), Some(Volume::Linear(0.5)));
        assert_eq!(with(true, 7.0), Some(Volume::Linear(1.0)));
        assert_eq!(with(false, 0.5), None);
        assert_eq!(with(true, 0.0), None);
        assert_eq!(with(true, f32::NAN), None);
    }
}
