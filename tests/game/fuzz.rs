//! Bounded fuzzing of every file the game reads (saved games, GGF files, settings, statistics,
//! practice): thousands of
//! mutations of real files, each of which must be read or refused with a message, never a panic.
//! The crash cases found by hand are kept as regression inputs.

use std::path::Path;

use super::common::*;
use reversi::game::{Clock, ClockSettings};
use reversi::locale::{Language, Locale, Text};
use reversi::persistence::{
    AUTOSAVE_FILE, ConfigDir, OpenedFile, STATISTICS_FILE, Statistics, UnfinishedGame,
    load_or_default, read_game_file, save,
};
use reversi::settings::{self, Settings};
use reversi::study::{STUDY_FILE, StudyRecord};
use reversi_engine::Rules;
use reversi_engine::study::drill::{DrillChoice, Line};
use reversi_engine::study::repetition::Card;

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
        read_game_file(&original, Rules::default()),
        Ok(OpenedFile::Saved(_))
    ));

    let mut random = Random(0x5EED_0001);
    let path = dir.join("mutated.ron");
    let mut refused = 0;
    for _ in 0..MUTATIONS {
        write(&path, &mutate(&text, &mut random));
        match read_game_file(&path, Rules::default()) {
            Ok(OpenedFile::Ggf(_)) => panic!("a mutated saved game was read as GGF"),
            // A mutation that cuts the opening parenthesis may leave a legal transcript.
            Ok(OpenedFile::Transcript(game)) => {
                assert!(game.board().count(reversi_engine::Color::Black) <= 64)
            }
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
    if let Ok(OpenedFile::Saved(saved)) = read_game_file(&path, Rules::default()) {
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
    let mut statistics = Statistics::default();
    statistics.black_vs_white.first_wins = 7;
    statistics.computer_vs_user.draws = 2;
    let path = dir.join(STATISTICS_FILE);
    save(&path, &statistics).expect("saved");
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

/// The practice file: a damaged one falls back to none, and whatever it reads, the trainer and
/// the puzzles can choose what comes next from it.
#[test]
fn mutated_study_files_load_or_fall_back_to_no_practice() {
    let dir = scratch_dir("fuzz_study");
    let path = dir.join(STUDY_FILE);
    let built_in = reversi_engine::study::puzzles::built_in();
    let mut record = StudyRecord::default();
    record.puzzles.push(built_in[3].clone());
    record.drills.push(DrillChoice {
        line: Line::Named("Tiger".into()),
        player: reversi_engine::Color::White,
        seed: 9,
    });
    record.cards.push(Card::new("opening:Tiger:White", 1));
    record.cards.push(Card::new(built_in[0].key(), 2));
    let text = ron::ser::to_string_pretty(&record, Default::default()).expect("written");
    let mut random = Random(0x5EED_0007);
    for _ in 0..MUTATIONS {
        write(&path, &mutate(&text, &mut random));
        let loaded = load_or_default::<StudyRecord>(&path);
        if loaded.notice.is_some() {
            assert_eq!(loaded.value, StudyRecord::default());
        }
        let _ = loaded.value.next_puzzle(&built_in);
        let _ = loaded.value.due_drills();
    }
}

#[test]
fn mutated_ggf_files_are_read_or_refused_with_a_message() {
    let dir = scratch_dir("fuzz_ggf");
    let original = dir.join("two.ggf");
    write(&original, TWO_GGF_GAMES);
    match read_game_file(&original, Rules::default()) {
        Ok(OpenedFile::Ggf(games)) => assert_eq!(games.len(), 2),
        _ => panic!("the original GGF file is read"),
    }
    let mut random = Random(0x5EED_0004);
    let path = dir.join("mutated.ggf");
    let mut refused = 0;
    for _ in 0..MUTATIONS {
        write(&path, &mutate(TWO_GGF_GAMES, &mut random));
        match read_game_file(&path, Rules::default()) {
            Ok(OpenedFile::Ggf(games)) => assert!(!games.is_empty()),
            Ok(OpenedFile::Saved(_)) => panic!("mutated GGF was read as a saved game"),
            Ok(OpenedFile::Transcript(game)) => {
                assert!(game.board().count(reversi_engine::Color::Black) <= 64)
            }
            Err(message) => {
                assert_said_in_both_languages(&message);
                refused += 1;
            }
        }
    }
    assert!(refused > MUTATIONS / 4, "the mutations reach the parser");
}

/// Saved games that are valid RON with hostile values in the fields a file controls: board
/// sizes 0-255 with start strings to match, shapes, supplies, start squares beyond the board,
/// moves off the board, cursors and clocks at their limits, levels 0-255, later formats. Each
/// field is hostile one time in four, so that some files are valid and the checks of the others
/// are reached one at a time.
struct HostileSavedGame<'a>(&'a mut Random);

impl HostileSavedGame<'_> {
    fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.0.below(choices.len())]
    }

    fn hostile(&mut self) -> bool {
        self.0.below(4) == 0
    }

    fn size(&mut self) -> u32 {
        if self.hostile() {
            match self.0.below(2) {
                0 => self.pick(&[0, 1, 2, 3, 5, 9, 17, 18, 34, 200, 255]),
                _ => self.0.below(256) as u32,
            }
        } else {
            self.pick(&[4, 6, 8, 10, 16])
        }
    }

    /// A square, sometimes beyond any board.
    fn square(&mut self) -> String {
        let (columns, rows) = if self.hostile() { (26, 30) } else { (8, 9) };
        let column = char::from(b'a' + self.0.below(columns) as u8);
        format!("\"{column}{}\"", self.0.below(rows))
    }

    /// A board string of `size` x `size` squares (sometimes one too many or too few, or with a
    /// character that is no disc), mostly empty, with the side to move.
    fn start(&mut self, size: u32) -> String {
        let squares = (size * size) as usize;
        let length = match self.hostile() {
            true => self.pick(&[squares + 1, squares.saturating_sub(1)]),
            false => squares,
        };
        let odd = if self.hostile() { '?' } else { '-' };
        let discs: String = (0..length)
            .map(|_| self.pick(&['-', '-', '-', '-', '-', '-', 'X', 'O', odd]))
            .collect();
        format!("\"{discs} {}\"", self.pick(&["X", "O"]))
    }

    fn player(&mut self) -> String {
        if self.hostile() {
            return format!("Computer(Custom({}))", self.0.below(256));
        }
        self.pick(&["Human", "Computer(Beginner)", "Computer(Custom(7))"])
            .to_string()
    }

    fn supply(&mut self, size: u32) -> String {
        match (self.hostile(), self.0.below(2)) {
            (true, _) => format!("Fixed({})", self.0.below(256)),
            (false, 0) => "Shared".to_string(),
            (false, _) => format!("Fixed({})", (size * size).div_ceil(2)),
        }
    }

    fn text(&mut self) -> String {
        let size = self.size();
        let supply = self.supply(size);
        let start = self.start(size);
        let moves: Vec<String> = (0..self.pick(&[0, 0, 1, 3, 12]))
            .map(|_| match self.0.below(6) {
                0 => "Pass".to_string(),
                _ => format!("Play({})", self.square()),
            })
            .collect();
        let cursor = match self.hostile() {
            true => self.pick(&[moves.len() + 1, usize::MAX]),
            false => self.0.below(moves.len() + 1),
        };
        let ending = match self.hostile() {
            true => self.pick(&[
                "Some(NoMoves)",
                "Some(Resigned(White))",
                "Some(OutOfTime(Black))",
            ]),
            false => "None",
        };
        let seconds = match self.hostile() {
            true => self.pick(&[86_401, u64::MAX]),
            false => self.pick(&[0, 1, 300]),
        };
        let clock = match self.hostile() {
            true => "Some((minutes: 4294967295, increment_seconds: 4294967295))",
            false => self.pick(&["None", "Some((minutes: 5, increment_seconds: 3))"]),
        };
        let format = match self.hostile() {
            true => self.pick(&[0, 2, u32::MAX]),
            false => 1,
        };
        format!(
            "(format: {format}, date: \"2026-11-25 18:00:00\", \
             players: (black: {black}, white: {white}), \
             game: (rules: (variant: Some((size: {size}, shape: {shape}, start: {start_rule}, \
             first_to_move: {first}, supply: {supply}, adjacent_placement: {adjacent})), \
             scoring: DiscCount), start: {start}, moves: [{moves}], cursor: {cursor}, \
             ending: {ending}), \
             clock: (settings: {clock}, black: (secs: {seconds}, nanos: 0), \
             white: (secs: 1, nanos: 999999999)), result: None)",
            black = self.player(),
            white = self.player(),
            shape = self.pick(&["Square", "Square", "EightStar"]),
            start_rule = self.pick(&["Diagonal", "SideBySide", "EmptyCentre"]),
            first = self.pick(&["Black", "White"]),
            adjacent = self.pick(&["false", "true"]),
            moves = moves.join(", "),
        )
    }
}

/// A saved game the game accepted is one it can show and play: its board is the size it says,
/// its levels are offered ones and its clock is sane.
fn assert_playable(saved: &reversi::persistence::SavedGame) {
    let board = saved.game.board();
    let variant = board.variant();
    assert!((4..=16).contains(&variant.size) && variant.size.is_multiple_of(2));
    let _ = reversi_engine::variant::variant_board_string(&board);
    let _ = board.legal_moves();
    for kind in [saved.players.black, saved.players.white] {
        if let reversi::game::PlayerKind::Computer(reversi_engine::search::Level::Custom(n)) = kind
        {
            assert!((1..=60).contains(&n), "level {n}");
        }
    }
    let day = std::time::Duration::from_secs(24 * 3600);
    assert!(saved.clock.black <= day && saved.clock.white <= day);
}

#[test]
fn hostile_values_in_saved_games_are_read_as_playable_games_or_refused() {
    let dir = scratch_dir("fuzz_hostile");
    let path = dir.join("hostile.ron");
    let mut random = Random(0x5EED_0005);
    let (mut read, mut refused) = (0, 0);
    for _ in 0..MUTATIONS {
        write(&path, &HostileSavedGame(&mut random).text());
        match read_game_file(&path, Rules::default()) {
            Ok(OpenedFile::Saved(saved)) => {
                assert_playable(&saved);
                read += 1;
            }
            Ok(OpenedFile::Ggf(_)) => panic!("a saved game was read as GGF"),
            Ok(OpenedFile::Transcript(_)) => panic!("a saved game was read as a transcript"),
            Err(message) => {
                assert_said_in_both_languages(&message);
                refused += 1;
            }
        }
    }
    println!("hostile saved games: {MUTATIONS} tried, {read} read, {refused} refused");
    assert!(
        read > 0 && refused > MUTATIONS / 2,
        "{read} read, {refused} refused"
    );
}

/// The same hostile files as the autosave of a game that starts: it starts every time, offers
/// only a playable game, and a file it cannot use is moved aside as it was, never lost.
#[test]
fn hostile_autosaves_never_stop_the_game_from_starting() {
    let mut random = Random(0x5EED_0006);
    const STARTS: usize = 60;
    let mut set_aside = 0;
    for attempt in 0..STARTS {
        let dir = scratch_dir(&format!("fuzz_autosave_{attempt}"));
        write_default_settings(&dir);
        let text = HostileSavedGame(&mut random).text();
        write(&dir.join(AUTOSAVE_FILE), &text);
        let finished = match read_game_file(&dir.join(AUTOSAVE_FILE), Rules::default()) {
            Ok(OpenedFile::Saved(saved)) => Some(saved.game.is_over()),
            _ => None,
        };
        let app = app_in(dir.clone(), reversi_engine::Game::default(), HOT_SEAT);
        let offered = &app.world().resource::<UnfinishedGame>().0;
        match finished {
            Some(false) => assert_playable(offered.as_ref().expect("offered")),
            Some(true) => assert!(offered.is_none(), "a finished game is not offered"),
            None => {
                assert!(offered.is_none());
                let aside = std::fs::read_dir(&dir)
                    .expect("the folder")
                    .flatten()
                    .find(|entry| entry.file_name().to_string_lossy().contains(".bad-"))
                    .expect("the autosave was moved aside");
                assert_eq!(std::fs::read_to_string(aside.path()).unwrap(), text);
                set_aside += 1;
            }
        }
    }
    println!("hostile autosaves: {STARTS} starts, {set_aside} moved aside");
    assert!(set_aside > STARTS / 3);
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
