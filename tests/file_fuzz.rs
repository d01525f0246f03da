//! Bounded fuzzing of every file the game reads (saved games, GGF files, settings, statistics): thousands of
//! mutations of real files, each of which must be read or refused with a message, never a panic.
//! The crash cases found by hand are kept as regression inputs.

mod common;

use std::path::Path;

use common::*;
use reversi::game::{Clock, ClockSettings};
use reversi::locale::{Language, Locale, Text};
use reversi::persistence::{
    ConfigDir, OpenedFile, STATISTICS_FILE, Statistics, load_or_default, read_game_file,
    save_statistics,
};
use reversi::settings::{self, Settings};

/// Mutations per file kind: enough to reach every field, small enough for CI.
const MUTATIONS: usize = 1500;

/// Pieces that make interesting RON: numbers at their limits, brackets, names of other fields.
const FRAGMENTS: [&str; 12] = [
    "18446744073709551615",
    "-1",
    "4294967296",
    "1e309",
    "NaN",
    "(",
    ")",
    "[",
    "Some((minutes: 0, increment_seconds: 4294967295))",
    "Computer(Custom(255))",
    "\"",
    "None",
];

fn mutate(text: &str, random: &mut Random) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=random.below(3) {
        let at = random.below(bytes.len() + 1);
        match random.below(4) {
            0 => bytes.truncate(at),
            1 if at < bytes.len() => bytes[at] = random.next() as u8,
            2 => {
                let fragment = FRAGMENTS[random.below(FRAGMENTS.len())];
                bytes.splice(at..at, fragment.bytes());
            }
            _ => {
                let end = (at + random.below(20)).min(bytes.len());
                bytes.drain(at..end);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("scratch file written");
}

#[test]
fn mutated_saved_games_are_read_or_refused_with_a_message() {
    let dir = scratch_dir("fuzz_saved");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6c3d3c4f4f6"), HOT_SEAT);
    let mut clock = Clock::start(Some(ClockSettings {
        minutes: 5,
        increment_seconds: 3,
    }));
    clock.white = std::time::Duration::from_secs(17);
    app.world_mut().insert_resource(clock);
    command(&mut app, reversi::game::GameCommand::Undo);
    settle(&mut app);
    let original = dir.join("original.ron");
    save_game(&mut app, &original, false);
    app.update();
    let text = std::fs::read_to_string(&original).expect("saved");
    assert!(matches!(
        read_game_file(&original),
        Ok(OpenedFile::Saved(_))
    ));

    let mut random = Random(0x5EED_0001);
    let path = dir.join("mutated.ron");
    let mut refused = 0;
    for _ in 0..MUTATIONS {
        write(&path, &mutate(&text, &mut random));
        match read_game_file(&path) {
            Ok(OpenedFile::Ggf(_)) => panic!("a mutated saved game was read as GGF"),
            Ok(OpenedFile::Saved(saved)) => {
                // Whatever was accepted is a playable game with a sane clock.
                let limit = std::time::Duration::from_secs(24 * 3600);
                assert!(saved.clock.black <= limit && saved.clock.white <= limit);
                assert!(saved.game.board().count(reversi_engine::Color::Black) <= 64);
            }
            Err(message) => {
                assert_said_in_both_languages(&message);
                refused += 1;
            }
        }
    }
    assert!(refused > MUTATIONS / 2, "the mutations reach the parser");
    // The saved game that once made the next move panic (a clock near u64::MAX seconds).
    let absurd = text.replacen("secs: 300", &format!("secs: {}", u64::MAX), 1);
    write(&path, &absurd);
    if let Ok(OpenedFile::Saved(saved)) = read_game_file(&path) {
        assert!(saved.clock.black <= std::time::Duration::from_secs(24 * 3600));
    }
}

#[test]
fn mutated_settings_load_as_sane_settings_or_defaults() {
    let dir = scratch_dir("fuzz_settings");
    let text = ron::ser::to_string_pretty(&Settings::default(), Default::default())
        .expect("settings encode");
    let config = ConfigDir(Some(dir.clone()));
    let mut random = Random(0x5EED_0002);
    for _ in 0..MUTATIONS {
        write(&dir.join("settings.ron"), &mutate(&text, &mut random));
        let (loaded, _notice) = settings::load(&config);
        assert!((0.25..=4.0).contains(&loaded.animation_speed));
        if let Some(clock) = loaded.clock {
            assert!((1..=180).contains(&clock.minutes) && clock.increment_seconds <= 600);
        }
    }
}

#[test]
fn mutated_statistics_load_or_fall_back_to_empty() {
    let dir = scratch_dir("fuzz_statistics");
    let config = ConfigDir(Some(dir.clone()));
    let mut statistics = Statistics::default();
    statistics.black_vs_white.first_wins = 7;
    statistics.computer_vs_user.draws = 2;
    save_statistics(&config, &statistics).expect("saved");
    let path = dir.join(STATISTICS_FILE);
    let text = std::fs::read_to_string(&path).expect("written");
    let mut random = Random(0x5EED_0003);
    for _ in 0..MUTATIONS {
        write(&path, &mutate(&text, &mut random));
        let loaded = load_or_default::<Statistics>(&path);
        if loaded.notice.is_some() {
            assert_eq!(loaded.value, Statistics::default());
        }
    }
}

#[test]
fn mutated_ggf_files_are_read_or_refused_with_a_message() {
    let dir = scratch_dir("fuzz_ggf");
    let original = dir.join("two.ggf");
    write(&original, TWO_GGF_GAMES);
    match read_game_file(&original) {
        Ok(OpenedFile::Ggf(games)) => assert_eq!(games.len(), 2),
        _ => panic!("the original GGF file is read"),
    }
    let mut random = Random(0x5EED_0004);
    let path = dir.join("mutated.ggf");
    let mut refused = 0;
    for _ in 0..MUTATIONS {
        write(&path, &mutate(TWO_GGF_GAMES, &mut random));
        match read_game_file(&path) {
            Ok(OpenedFile::Ggf(games)) => assert!(!games.is_empty()),
            Ok(OpenedFile::Saved(_)) => panic!("mutated GGF was read as a saved game"),
            Err(message) => {
                assert_said_in_both_languages(&message);
                refused += 1;
            }
        }
    }
    assert!(refused > MUTATIONS / 4, "the mutations reach the parser");
}

/// A refusal is a sentence in English and in Russian, never an untranslated key.
fn assert_said_in_both_languages(message: &Text) {
    let english = Locale::new(Language::English).render(message);
    let russian = Locale::new(Language::Russian).render(message);
    assert!(english.contains(' '), "{english}");
    assert!(
        russian.chars().any(|c| matches!(c, 'а'..='я' | 'А'..='Я')),
        "{russian}"
    );
}
