//! Sound effects, synthesised at start-up so the game ships no sound files: a woody knock when a
//! disc is placed, a soft tick when discs flip, a low buzz for an illegal click and a short chime
//! when the game ends.
//!
//! Each sound is rendered once into a 16-bit mono WAV in memory and added as an [`AudioSource`]
//! asset. When the app has no audio (headless tests run without `AudioPlugin`, so there is no
//! `Assets<AudioSource>`), the sounds are simply not made and nothing is played.

use std::f32::consts::TAU;
use std::time::Duration;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
use bevy::prelude::*;
use reversi_engine::EndReason;

use crate::game::{BoardChanged, Match, MoveRejected};
use crate::schedule::GameSystems;

const SAMPLE_RATE: u32 = 44_100;

/// The flip tick follows the knock of the placed disc, as the discs start to turn.
const FLIP_DELAY: Duration = Duration::from_millis(110);
/// The chime waits for the last move's knock and tick.
const GAME_OVER_DELAY: Duration = Duration::from_millis(350);
/// How long a sound entity may outlive its sound. Bevy despawns finished sounds itself; this
/// only clears entities that never played (no sound card: Bevy's audio then ignores them).
const LINGER: Duration = Duration::from_secs(2);

/// Whether sound effects play; the Options dialog sets it.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundEnabled(pub bool);

impl Default for SoundEnabled {
    fn default() -> SoundEnabled {
        SoundEnabled(true)
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
    /// The game has ended.
    GameOver,
}

impl Sound {
    pub const ALL: [Sound; 4] = [Sound::Place, Sound::Flip, Sound::Illegal, Sound::GameOver];

    /// The sound's samples at [`SAMPLE_RATE`], normalised to its loudness.
    fn samples(self) -> Vec<i16> {
        let (raw, peak) = match self {
            Sound::Place => (knock(), 0.70),
            Sound::Flip => (tick(), 0.38),
            Sound::Illegal => (buzz(), 0.45),
            Sound::GameOver => (chime(), 0.55),
        };
        to_pcm(raw, peak)
    }

    /// The sound as a complete WAV file.
    pub fn wav(self) -> Vec<u8> {
        wav_bytes(&self.samples(), SAMPLE_RATE)
    }
}

/// Marks an entity that plays (or is about to play) one of the game's sounds.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundEffect(pub Sound);

/// A sound waiting for its moment; the player is added when the timer finishes.
#[derive(Component)]
struct Delayed(Timer);

/// Despawns a sound entity some time after its sound has surely finished.
#[derive(Component)]
struct Lifetime(Timer);

/// The rendered sounds, in the order of [`Sound::ALL`].
#[derive(Resource)]
struct Sounds {
    handles: [Handle<AudioSource>; 4],
    lengths: [Duration; 4],
}

impl Sounds {
    fn index(sound: Sound) -> usize {
        match sound {
            Sound::Place => 0,
            Sound::Flip => 1,
            Sound::Illegal => 2,
            Sound::GameOver => 3,
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SoundEnabled>()
        .add_systems(Startup, create_sounds)
        .add_systems(
            Update,
            (play_sounds, start_delayed_sounds, expire_sounds)
                .chain()
                .in_set(GameSystems::View),
        );
}

fn create_sounds(mut commands: Commands, assets: Option<ResMut<Assets<AudioSource>>>) {
    // No audio in this app (headless): nothing to play through.
    let Some(mut assets) = assets else { return };
    let rendered = Sound::ALL.map(|sound| sound.samples());
    let lengths = rendered
        .each_ref()
        .map(|samples| Duration::from_secs_f64(samples.len() as f64 / f64::from(SAMPLE_RATE)));
    let handles = rendered.map(|samples| {
        assets.add(AudioSource {
            bytes: wav_bytes(&samples, SAMPLE_RATE).into(),
        })
    });
    commands.insert_resource(Sounds { handles, lengths });
}

/// What the last frame saw, to notice the moment the game ends.
#[derive(Clone, Copy)]
struct Seen {
    over: bool,
    cursor: usize,
}

/// Turns this frame's moves, refusals and game end into sounds.
fn play_sounds(
    mut commands: Commands,
    mut changed: MessageReader<BoardChanged>,
    mut rejected: MessageReader<MoveRejected>,
    state: Res<Match>,
    enabled: Res<SoundEnabled>,
    sounds: Option<Res<Sounds>>,
    mut last: Local<Option<Seen>>,
) {
    let mut wanted: Vec<(Sound, Duration)> = Vec::new();
    let mut moved = false;
    for change in changed.read() {
        match *change {
            BoardChanged::Played { flipped, .. } => {
                moved = true;
                wanted.push((Sound::Place, Duration::ZERO));
                if flipped != 0 {
                    wanted.push((Sound::Flip, FLIP_DELAY));
                }
            }
            BoardChanged::Passed { .. } => moved = true,
            BoardChanged::Jumped => {}
        }
    }
    // Several refusals in one frame still make one buzz.
    if rejected.read().count() > 0 {
        wanted.push((Sound::Illegal, Duration::ZERO));
    }

    // The chime marks a game ending now, by a move or a resignation or time loss. Jumping to an
    // ended position (redo, opening a finished game) is not an ending.
    let now = Seen {
        over: state.game.is_over(),
        cursor: state.game.cursor(),
    };
    let before = last.replace(now).unwrap_or(now);
    if now.over && !before.over {
        let forfeit = state.game.result().is_some_and(|result| {
            matches!(
                result.reason,
                EndReason::Resigned(_) | EndReason::OutOfTime(_)
            )
        });
        if moved || (forfeit && now.cursor == before.cursor) {
            let delay = if moved {
                GAME_OVER_DELAY
            } else {
                Duration::ZERO
            };
            wanted.push((Sound::GameOver, delay));
        }
    }

    if !enabled.0 {
        return;
    }
    let Some(sounds) = sounds else { return };
    for (sound, delay) in wanted {
        let index = Sounds::index(sound);
        let lifetime = Lifetime(Timer::new(
            delay + sounds.lengths[index] + LINGER,
            TimerMode::Once,
        ));
        if delay.is_zero() {
            commands.spawn((
                SoundEffect(sound),
                lifetime,
                AudioPlayer::new(sounds.handles[index].clone()),
                PlaybackSettings::DESPAWN,
            ));
        } else {
            commands.spawn((
                SoundEffect(sound),
                lifetime,
                Delayed(Timer::new(delay, TimerMode::Once)),
            ));
        }
    }
}

fn start_delayed_sounds(
    mut commands: Commands,
    time: Res<Time>,
    sounds: Option<Res<Sounds>>,
    mut waiting: Query<(Entity, &SoundEffect, &mut Delayed)>,
) {
    let Some(sounds) = sounds else { return };
    for (entity, effect, mut delayed) in &mut waiting {
        if delayed.0.tick(time.delta()).is_finished() {
            commands.entity(entity).remove::<Delayed>().insert((
                AudioPlayer::new(sounds.handles[Sounds::index(effect.0)].clone()),
                PlaybackSettings::DESPAWN,
            ));
        }
    }
}

fn expire_sounds(
    mut commands: Commands,
    time: Res<Time>,
    mut playing: Query<(Entity, &mut Lifetime)>,
) {
    for (entity, mut lifetime) in &mut playing {
        if lifetime.0.tick(time.delta()).is_finished() {
            // Bevy's audio may have despawned it in the same frame.
            commands.entity(entity).try_despawn();
        }
    }
}

/// A complete WAV file: RIFF header, `fmt ` chunk (16-bit PCM mono) and `data` chunk.
fn wav_bytes(samples: &[i16], sample_rate: u32) -> Vec<u8> {
    const CHANNELS: u16 = 1;
    const BITS: u16 = 16;
    let block_align = CHANNELS * BITS / 8;
    let data_len = u32::try_from(samples.len() * usize::from(block_align)).unwrap_or(u32::MAX);
    let mut bytes = Vec::with_capacity(44 + samples.len() * 2);
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVE");
    bytes.extend_from_slice(b"fmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes()); // PCM
    bytes.extend_from_slice(&CHANNELS.to_le_bytes());
    bytes.extend_from_slice(&sample_rate.to_le_bytes());
    bytes.extend_from_slice(&(sample_rate * u32::from(block_align)).to_le_bytes());
    bytes.extend_from_slice(&block_align.to_le_bytes());
    bytes.extend_from_slice(&BITS.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        bytes.extend_from_slice(&sample.to_le_bytes());
    }
    bytes
}

/// Fades the ends (so playback starts and stops without a click) and scales the loudest sample
/// to `peak` of full scale, which also rules out clipping.
fn to_pcm(mut raw: Vec<f32>, peak: f32) -> Vec<i16> {
    let fade_in = seconds(0.002).min(raw.len());
    let fade_out = seconds(0.012).min(raw.len());
    for (i, sample) in raw.iter_mut().take(fade_in).enumerate() {
        *sample *= i as f32 / fade_in as f32;
    }
    let len = raw.len();
    for (i, sample) in raw.iter_mut().skip(len - fade_out).enumerate() {
        *sample *= 1.0 - (i + 1) as f32 / fade_out as f32;
    }
    let loudest = raw.iter().fold(0.0f32, |max, sample| max.max(sample.abs()));
    let scale = if loudest > 0.0 { peak / loudest } else { 0.0 };
    raw.iter()
        .map(|sample| (sample * scale * f32::from(i16::MAX)).round() as i16)
        .collect()
}

fn seconds(duration: f32) -> usize {
    (duration * SAMPLE_RATE as f32) as usize
}

fn time_of(index: usize) -> f32 {
    index as f32 / SAMPLE_RATE as f32
}

/// A small deterministic noise source (xorshift), so every run makes the same sounds.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A disc put down on wood: a low body whose pitch falls quickly, a short hollow resonance and
/// a burst of dull noise for the contact.
fn knock() -> Vec<f32> {
    let mut noise = Noise(0x2545_f491);
    let mut dull = 0.0f32;
    let mut body_phase = 0.0f32;
    (0..seconds(0.14))
        .map(|i| {
            let t = time_of(i);
            let body_freq = 170.0 + 230.0 * (-t * 55.0).exp();
            body_phase += TAU * body_freq / SAMPLE_RATE as f32;
            let body = body_phase.sin() * (-t * 36.0).exp();
            let hollow = (TAU * 760.0 * t).sin() * (-t * 85.0).exp() * 0.45;
            // One-pole low-pass: the contact noise of wood is dull, not hissy.
            dull += (noise.next() - dull) * 0.18;
            let contact = dull * (-t * 320.0).exp() * 1.6;
            body + hollow + contact
        })
        .collect()
}

/// Discs turning: a short, bright tick with a touch of high noise.
fn tick() -> Vec<f32> {
    let mut noise = Noise(0x9e37_79b9);
    let mut previous = 0.0f32;
    (0..seconds(0.07))
        .map(|i| {
            let t = time_of(i);
            let tone = (TAU * 2300.0 * t).sin() * (-t * 100.0).exp()
                + (TAU * 3450.0 * t).sin() * (-t * 150.0).exp() * 0.35;
            // A first difference keeps only the noise's high end.
            let white = noise.next();
            let bright = (white - previous) * 0.5;
            previous = white;
            tone + bright * (-t * 700.0).exp() * 0.4
        })
        .collect()
}

/// A refused click: two low, falling blips of a soft square wave.
fn buzz() -> Vec<f32> {
    let blips = [(0.0f32, 150.0f32), (0.14, 112.0)];
    let blip_length = 0.11f32;
    (0..seconds(0.27))
        .map(|i| {
            let t = time_of(i);
            blips
                .iter()
                .filter(|(start, _)| t >= *start && t < start + blip_length)
                .map(|&(start, freq)| {
                    let local = t - start;
                    let envelope =
                        (local / 0.006).min(1.0) * ((blip_length - local) / 0.03).min(1.0);
                    // The odd harmonics of a square wave, only the first few: a buzz, not a rasp.
                    let square: f32 = [1.0f32, 3.0, 5.0, 7.0]
                        .iter()
                        .map(|k| (TAU * freq * k * local).sin() / k)
                        .sum();
                    square * envelope
                })
                .sum()
        })
        .collect()
}

/// The end of the game: a rising major arpeggio of bell-like notes (C, E, G, high C).
fn chime() -> Vec<f32> {
    let notes = [
        (0.0f32, 523.25f32),
        (0.11, 659.25),
        (0.22, 783.99),
        (0.33, 1046.50),
    ];
    (0..seconds(0.95))
        .map(|i| {
            let t = time_of(i);
            notes
                .iter()
                .filter(|(start, _)| t >= *start)
                .map(|&(start, freq)| {
                    let local = t - start;
                    let envelope = (local / 0.004).min(1.0) * (-local * 4.5).exp();
                    let bell = (TAU * freq * local).sin()
                        + (TAU * 2.0 * freq * local).sin() * 0.22 * (-local * 6.0).exp()
                        + (TAU * 3.0 * freq * local).sin() * 0.07 * (-local * 9.0).exp();
                    bell * envelope
                })
                .sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::audio::{Decodable, Source};
    use bevy::time::TimeUpdateStrategy;
    use reversi_engine::format::parse_board_string;
    use reversi_engine::{Color, Game, Move, Rules, Square};

    fn u16_at(bytes: &[u8], at: usize) -> u16 {
        u16::from_le_bytes([bytes[at], bytes[at + 1]])
    }

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
    }

    #[test]
    fn every_sound_is_a_valid_pcm_wav() {
        for sound in Sound::ALL {
            let samples = sound.samples();
            let bytes = sound.wav();
            assert_eq!(&bytes[0..4], b"RIFF", "{sound:?}");
            assert_eq!(
                u32_at(&bytes, 4) as usize,
                bytes.len() - 8,
                "{sound:?} RIFF size"
            );
            assert_eq!(&bytes[8..12], b"WAVE");
            assert_eq!(&bytes[12..16], b"fmt ");
            assert_eq!(u32_at(&bytes, 16), 16, "fmt chunk size");
            assert_eq!(u16_at(&bytes, 20), 1, "PCM");
            assert_eq!(u16_at(&bytes, 22), 1, "mono");
            assert_eq!(u32_at(&bytes, 24), SAMPLE_RATE);
            assert_eq!(u32_at(&bytes, 28), SAMPLE_RATE * 2, "byte rate");
            assert_eq!(u16_at(&bytes, 32), 2, "block align");
            assert_eq!(u16_at(&bytes, 34), 16, "bits per sample");
            assert_eq!(&bytes[36..40], b"data");
            assert_eq!(
                u32_at(&bytes, 40) as usize,
                samples.len() * 2,
                "{sound:?} data size"
            );
            assert_eq!(bytes.len(), 44 + samples.len() * 2);
        }
    }

    #[test]
    fn bevy_decodes_every_sound() {
        for sound in Sound::ALL {
            let expected = sound.samples().len();
            let source = AudioSource {
                bytes: sound.wav().into(),
            };
            let decoder = source.decoder();
            assert_eq!(decoder.channels().get(), 1, "{sound:?}");
            assert_eq!(decoder.sample_rate().get(), SAMPLE_RATE, "{sound:?}");
            assert_eq!(decoder.count(), expected, "{sound:?}");
        }
    }

    #[test]
    fn sounds_are_short_audible_and_never_clip() {
        for sound in Sound::ALL {
            let samples = sound.samples();
            let seconds = samples.len() as f32 / SAMPLE_RATE as f32;
            assert!(
                seconds > 0.03 && seconds < 1.0,
                "{sound:?} lasts {seconds} s"
            );
            let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
            assert!(peak < i16::MAX as u16, "{sound:?} clips");
            assert!(
                peak > i16::MAX as u16 / 4,
                "{sound:?} is too quiet: peak {peak}"
            );
            let rms = (samples.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>()
                / samples.len() as f64)
                .sqrt();
            assert!(rms > 300.0, "{sound:?} is nearly silent: rms {rms}");
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
    fn the_tick_is_quieter_than_the_knock_and_the_chime_rings_to_its_last_note() {
        let peak = |sound: Sound| sound.samples().iter().map(|s| s.unsigned_abs()).max();
        assert!(peak(Sound::Flip) < peak(Sound::Place));
        let chime = Sound::GameOver.samples();
        let last_note = &chime[seconds(0.40)..seconds(0.60)];
        assert!(
            last_note.iter().any(|s| s.unsigned_abs() > 1000),
            "the last note sounds"
        );
    }

    /// An app with the messages and state this module reads, with or without audio assets.
    fn app(with_audio_assets: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                20,
            )))
            .init_resource::<Match>()
            .add_message::<BoardChanged>()
            .add_message::<MoveRejected>()
            .add_plugins((crate::schedule::plugin, plugin));
        if with_audio_assets {
            app.init_asset::<AudioSource>();
        }
        app.update();
        app
    }

    fn effects(app: &mut App) -> Vec<(Sound, bool)> {
        let mut query = app.world_mut().query::<(&SoundEffect, Has<AudioPlayer>)>();
        let mut found: Vec<(Sound, bool)> = query
            .iter(app.world())
            .map(|(effect, playing)| (effect.0, playing))
            .collect();
        found.sort_by_key(|(sound, _)| Sounds::index(*sound));
        found
    }

    fn updates(app: &mut App, frames: usize) {
        for _ in 0..frames {
            app.update();
        }
    }

    fn square(name: &str) -> Square {
        name.parse().expect("a square name")
    }

    #[test]
    fn a_move_knocks_then_ticks_and_the_entities_go_away() {
        let mut app = app(true);
        app.world_mut().write_message(BoardChanged::Played {
            square: square("d3"),
            color: Color::Black,
            flipped: square("d4").bit(),
        });
        app.update();
        assert_eq!(
            effects(&mut app),
            [(Sound::Place, true), (Sound::Flip, false)]
        );
        updates(&mut app, 8);
        assert_eq!(
            effects(&mut app),
            [(Sound::Place, true), (Sound::Flip, true)]
        );
        // No sound card here, so nothing plays to the end: the lifetime clears them.
        updates(&mut app, 200);
        assert!(effects(&mut app).is_empty());
    }

    #[test]
    fn a_pass_is_silent_and_a_refused_click_buzzes_once() {
        let mut app = app(true);
        app.world_mut().write_message(BoardChanged::Passed {
            color: Color::White,
        });
        app.update();
        assert!(effects(&mut app).is_empty());
        for _ in 0..2 {
            app.world_mut().write_message(MoveRejected {
                reason: "not there".into(),
            });
        }
        app.update();
        assert_eq!(effects(&mut app), [(Sound::Illegal, true)]);
    }

    /// Black to move, a1 black, b1 white: c1 wipes White out and ends the game.
    fn one_move_from_the_end() -> Game {
        let board = parse_board_string(&format!("XO{} X", "-".repeat(62))).expect("a board");
        Game::from_board(board, Rules::default())
    }

    #[test]
    fn the_last_move_chimes_after_its_knock() {
        let mut app = app(true);
        app.world_mut().resource_mut::<Match>().game = one_move_from_the_end();
        app.update();
        let mut state = app.world_mut().resource_mut::<Match>();
        state.game.play(Move::Play(square("c1"))).expect("legal");
        assert!(state.game.is_over());
        app.world_mut().write_message(BoardChanged::Played {
            square: square("c1"),
            color: Color::Black,
            flipped: square("b1").bit(),
        });
        app.update();
        assert_eq!(
            effects(&mut app),
            [
                (Sound::Place, true),
                (Sound::Flip, false),
                (Sound::GameOver, false)
            ]
        );
        updates(&mut app, 20);
        assert_eq!(
            effects(&mut app),
            [
                (Sound::Place, true),
                (Sound::Flip, true),
                (Sound::GameOver, true)
            ]
        );
    }

    #[test]
    fn resigning_chimes_but_jumping_to_a_finished_game_does_not() {
        let mut app = app(true);
        app.world_mut()
            .resource_mut::<Match>()
            .game
            .resign(Color::White)
            .expect("the game is on");
        app.update();
        assert_eq!(effects(&mut app), [(Sound::GameOver, true)]);

        let mut app = app_with_finished_game_loaded();
        assert!(effects(&mut app).is_empty());
    }

    fn app_with_finished_game_loaded() -> App {
        let mut app = app(true);
        let mut finished = one_move_from_the_end();
        finished.play(Move::Play(square("c1"))).expect("legal");
        app.world_mut().resource_mut::<Match>().game = finished;
        app.world_mut().write_message(BoardChanged::Jumped);
        app.update();
        app
    }

    #[test]
    fn nothing_plays_when_sound_is_off_or_the_app_has_no_audio() {
        for with_audio_assets in [true, false] {
            let mut app = app(with_audio_assets);
            if with_audio_assets {
                app.insert_resource(SoundEnabled(false));
            }
            app.world_mut().write_message(BoardChanged::Played {
                square: square("d3"),
                color: Color::Black,
                flipped: square("d4").bit(),
            });
            app.world_mut().write_message(MoveRejected {
                reason: "no".into(),
            });
            updates(&mut app, 10);
            assert!(
                effects(&mut app).is_empty(),
                "audio assets: {with_audio_assets}"
            );
        }
    }
}
