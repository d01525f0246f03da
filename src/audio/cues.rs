//! When each sound plays: turns this frame's moves, refusals, passes, game end and a clock
//! running low into sound entities, some of them delayed to follow the animation.

use std::time::Duration;

use bevy::audio::{AudioPlayer, PlaybackSettings};
use bevy::prelude::*;
use reversi_engine::{Color, EndReason, GameResult};

use super::{Sound, SoundEffect, SoundSettings, Sounds};
use crate::game::{BoardChanged, Clock, Match, MoveRejected, Players};
use crate::schedule::GameSystems;

/// The flip cascade follows the knock of the placed disc, as the discs start to turn.
const FLIP_DELAY: Duration = Duration::from_millis(110);
/// The end-of-game chime waits for the last move's knock and flips.
const GAME_OVER_DELAY: Duration = Duration::from_millis(350);
/// The clock warns once when the time of a human to move falls to this.
pub const CLOCK_LOW: Duration = Duration::from_secs(10);
/// How long a sound entity may live: longer than any sound. Bevy despawns finished sounds
/// itself; this only clears entities that never played (no sound card: Bevy ignores them).
const LIFETIME: Duration = Duration::from_secs(3);

/// A sound waiting for its moment; the player is added when the timer finishes.
#[derive(Component)]
struct Delayed(Timer);

/// Despawns a sound entity some time after its sound has surely finished.
#[derive(Component)]
struct Lifetime(Timer);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (play_sounds, start_delayed_sounds, expire_sounds)
            .chain()
            .in_set(GameSystems::View),
    );
}

/// What the last frame saw, to notice the moment the game ends and a clock runs low.
#[derive(Clone, Copy)]
struct Seen {
    over: bool,
    cursor: usize,
    clock_low: bool,
}

/// Turns this frame's events into sounds.
fn play_sounds(
    mut commands: Commands,
    mut changed: MessageReader<BoardChanged>,
    mut rejected: MessageReader<MoveRejected>,
    state: Res<Match>,
    clock: Option<Res<Clock>>,
    settings: Res<SoundSettings>,
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
                if !flipped.is_empty() {
                    wanted.push((Sound::Flip, FLIP_DELAY));
                }
            }
            BoardChanged::Passed { .. } => {
                moved = true;
                wanted.push((Sound::Pass, Duration::ZERO));
            }
            BoardChanged::Jumped => {}
        }
    }
    // Several refusals in one frame still make one buzz.
    if rejected.read().count() > 0 {
        wanted.push((Sound::Illegal, Duration::ZERO));
    }

    let now = Seen {
        over: state.game.is_over(),
        cursor: state.game.cursor(),
        clock_low: clock.is_some_and(|clock| human_time_is_low(&state, &clock)),
    };
    let before = last.replace(now).unwrap_or(now);
    if now.clock_low && !before.clock_low {
        wanted.push((Sound::ClockLow, Duration::ZERO));
    }
    // The chime marks a game ending now, by a move or a resignation or time loss. Jumping to an
    // ended position (redo, opening a finished game) is not an ending.
    if now.over
        && !before.over
        && let Some(result) = state.game.result()
    {
        let forfeit = matches!(
            result.reason,
            EndReason::Resigned(_) | EndReason::OutOfTime(_)
        );
        if moved || (forfeit && now.cursor == before.cursor) {
            let delay = if moved {
                GAME_OVER_DELAY
            } else {
                Duration::ZERO
            };
            wanted.push((ending_sound(&result, state.players), delay));
        }
    }

    let (Some(volume), Some(sounds)) = (settings.playback_volume(), sounds) else {
        return;
    };
    for (sound, delay) in wanted {
        let lifetime = Lifetime(Timer::new(delay + LIFETIME, TimerMode::Once));
        let mut entity = commands.spawn((SoundEffect(sound), lifetime));
        if delay.is_zero() {
            entity.insert((
                AudioPlayer::new(sounds.handle(sound)),
                PlaybackSettings::DESPAWN.with_volume(volume),
            ));
        } else {
            entity.insert(Delayed(Timer::new(delay, TimerMode::Once)));
        }
    }
}

/// Whether a human is to move with a running clock at or below [`CLOCK_LOW`].
fn human_time_is_low(state: &Match, clock: &Clock) -> bool {
    let Some(color) = state.side_to_move() else {
        return false;
    };
    clock.settings.is_some()
        && !state.suspended
        && state.players.of(color).is_human()
        && clock.remaining(color) <= CLOCK_LOW
}

/// Won, lost or drawn, as heard by the one human playing the computer; a win by either side
/// when two humans or two computers play.
fn ending_sound(result: &GameResult, players: Players) -> Sound {
    let Some(winner) = result.winner() else {
        return Sound::Drawn;
    };
    let humans: Vec<Color> = [Color::Black, Color::White]
        .into_iter()
        .filter(|color| players.of(*color).is_human())
        .collect();
    match humans.as_slice() {
        [human] if *human != winner => Sound::Lost,
        _ => Sound::Won,
    }
}

fn start_delayed_sounds(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<SoundSettings>,
    sounds: Option<Res<Sounds>>,
    mut waiting: Query<(Entity, &SoundEffect, &mut Delayed)>,
) {
    let Some(sounds) = sounds else { return };
    let volume = settings.playback_volume();
    for (entity, effect, mut delayed) in &mut waiting {
        if delayed.0.tick(time.delta()).is_finished() {
            let mut entity = commands.entity(entity);
            entity.remove::<Delayed>();
            // Sound switched off meanwhile: the entity just waits for its lifetime to end.
            if let Some(volume) = volume {
                entity.insert((
                    AudioPlayer::new(sounds.handle(effect.0)),
                    PlaybackSettings::DESPAWN.with_volume(volume),
                ));
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ClockSettings, PlayerKind};
    use bevy::audio::AudioSource;
    use bevy::time::TimeUpdateStrategy;
    use reversi_engine::board::parse_board_string;
    use reversi_engine::search::Level;
    use reversi_engine::variant::Scoring;
    use reversi_engine::variant::{Bits, VariantBoard};
    use reversi_engine::{Game, Move, Square};

    /// An app with the messages and state this module reads, with or without audio assets.
    fn app(with_audio_assets: bool) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                20,
            )))
            .init_resource::<Match>()
            .add_message::<BoardChanged>()
            .add_message::<MoveRejected>();
        if with_audio_assets {
            app.init_asset::<AudioSource>();
        }
        app.add_plugins((crate::schedule::plugin, super::super::plugin));
        app.update();
        app
    }

    fn effects(app: &mut App) -> Vec<(Sound, bool)> {
        let mut query = app.world_mut().query::<(&SoundEffect, Has<AudioPlayer>)>();
        let mut found: Vec<(Sound, bool)> = query
            .iter(app.world())
            .map(|(effect, playing)| (effect.0, playing))
            .collect();
        found.sort_by_key(|(sound, _)| Sound::ALL.iter().position(|s| s == sound));
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

    fn played_d3(app: &mut App) {
        app.world_mut().write_message(BoardChanged::Played {
            square: square("d3"),
            color: Color::Black,
            flipped: Bits::single(square("d4")),
        });
    }

    #[test]
    fn a_move_knocks_then_the_discs_flip_and_the_entities_go_away() {
        let mut app = app(true);
        played_d3(&mut app);
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
    fn a_pass_is_heard_and_refused_clicks_in_one_frame_buzz_once() {
        let mut app = app(true);
        app.world_mut().write_message(BoardChanged::Passed {
            color: Color::White,
        });
        app.update();
        assert_eq!(effects(&mut app), [(Sound::Pass, true)]);
        updates(&mut app, 200);
        for _ in 0..2 {
            app.world_mut().write_message(MoveRejected {
                reason: crate::locale::Text::new("notice-game-over"),
            });
        }
        app.update();
        assert_eq!(effects(&mut app), [(Sound::Illegal, true)]);
    }

    /// Black to move, a1 black, b1 white: c1 wipes White out and ends the game.
    fn one_move_from_the_end() -> Game {
        let board = parse_board_string(&format!("XO{} X", "-".repeat(62))).expect("a board");
        Game::from_board(VariantBoard::standard(&board), Scoring::DiscCount)
    }

    #[test]
    fn the_human_s_winning_move_chimes_after_its_knock() {
        let mut app = app(true);
        app.world_mut().resource_mut::<Match>().game = one_move_from_the_end();
        app.update();
        let mut state = app.world_mut().resource_mut::<Match>();
        assert!(state.players.black.is_human());
        state.game.play(Move::Play(square("c1"))).expect("legal");
        app.world_mut().write_message(BoardChanged::Played {
            square: square("c1"),
            color: Color::Black,
            flipped: Bits::single(square("b1")),
        });
        app.update();
        assert_eq!(
            effects(&mut app),
            [
                (Sound::Place, true),
                (Sound::Flip, false),
                (Sound::Won, false)
            ]
        );
        updates(&mut app, 20);
        assert_eq!(
            effects(&mut app),
            [
                (Sound::Place, true),
                (Sound::Flip, true),
                (Sound::Won, true)
            ]
        );
    }

    #[test]
    fn the_ending_is_heard_from_the_one_human_s_side() {
        let result = |black, white| GameResult {
            black,
            white,
            reason: EndReason::NoMoves,
            goal: reversi_engine::variant::Goal::MostDiscs,
        };
        let computer = PlayerKind::Computer(Level::Beginner);
        let human_black = Players {
            black: PlayerKind::Human,
            white: computer,
        };
        let hot_seat = Players {
            black: PlayerKind::Human,
            white: PlayerKind::Human,
        };
        assert_eq!(ending_sound(&result(40, 24), human_black), Sound::Won);
        assert_eq!(ending_sound(&result(24, 40), human_black), Sound::Lost);
        assert_eq!(ending_sound(&result(32, 32), human_black), Sound::Drawn);
        assert_eq!(ending_sound(&result(24, 40), hot_seat), Sound::Won);
    }

    #[test]
    fn resigning_chimes_but_jumping_to_a_finished_game_does_not() {
        let mut resigned = app(true);
        resigned
            .world_mut()
            .resource_mut::<Match>()
            .game
            .resign(Color::Black)
            .expect("the game is on");
        resigned.update();
        assert_eq!(effects(&mut resigned), [(Sound::Lost, true)]);

        let mut jumped = app(true);
        let mut finished = one_move_from_the_end();
        finished.play(Move::Play(square("c1"))).expect("legal");
        jumped.world_mut().resource_mut::<Match>().game = finished;
        jumped.world_mut().write_message(BoardChanged::Jumped);
        jumped.update();
        assert!(effects(&mut jumped).is_empty());
    }

    #[test]
    fn the_clock_beeps_once_when_the_human_s_time_runs_low() {
        let mut app = app(true);
        let mut clock = Clock::start(Some(ClockSettings {
            minutes: 1,
            increment_seconds: 0,
        }));
        clock.black = CLOCK_LOW + Duration::from_secs(1);
        app.insert_resource(clock);
        updates(&mut app, 2);
        assert!(effects(&mut app).is_empty());
        app.world_mut().resource_mut::<Clock>().black = CLOCK_LOW - Duration::from_secs(1);
        app.update();
        assert_eq!(effects(&mut app), [(Sound::ClockLow, true)]);
        app.world_mut().resource_mut::<Clock>().black = CLOCK_LOW - Duration::from_secs(2);
        updates(&mut app, 5);
        assert_eq!(effects(&mut app), [(Sound::ClockLow, true)], "only once");
    }

    #[test]
    fn nothing_plays_when_sound_is_off_silent_or_the_app_has_no_audio() {
        for (with_audio_assets, settings) in [
            (
                true,
                SoundSettings {
                    on: false,
                    volume: 1.0,
                },
            ),
            (
                true,
                SoundSettings {
                    on: true,
                    volume: 0.0,
                },
            ),
            (false, SoundSettings::default()),
        ] {
            let mut app = app(with_audio_assets);
            app.insert_resource(settings);
            played_d3(&mut app);
            app.world_mut().write_message(MoveRejected {
                reason: crate::locale::Text::new("notice-game-over"),
            });
            updates(&mut app, 10);
            assert!(
                effects(&mut app).is_empty(),
                "audio assets: {with_audio_assets}, {settings:?}"
            );
        }
    }
}
