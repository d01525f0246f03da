//! The player's language: every text the player reads comes from the translation files of
//! `assets/i18n/` (Project Fluent), built into the binary. The features below the UI describe
//! what happened as [`Text`]s; the UI turns them into words with the [`Locale`].

mod engine_errors;
mod text;

pub use engine_errors::{format_error, game_error, ggf_error, move_error};
pub use text::{Arg, Text};

use std::borrow::Cow;

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

/// The languages the game speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Language {
    English,
    Russian,
}

/// The language the player chose in the Options: the system's, or one of their own.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum LanguageChoice {
    #[default]
    System,
    English,
    Russian,
}

impl LanguageChoice {
    pub const ALL: [LanguageChoice; 3] = [
        LanguageChoice::System,
        LanguageChoice::English,
        LanguageChoice::Russian,
    ];

    pub fn language(self) -> Language {
        match self {
            LanguageChoice::System => Language::of_locale(sys_locale::get_locale().as_deref()),
            LanguageChoice::English => Language::English,
            LanguageChoice::Russian => Language::Russian,
        }
    }

    /// The choice's name; each language is named in itself, so a player who cannot read the
    /// current one still finds theirs.
    pub fn name(self) -> Text {
        Text::new(match self {
            LanguageChoice::System => "language-system",
            LanguageChoice::English => "language-english",
            LanguageChoice::Russian => "language-russian",
        })
    }
}

impl Language {
    /// Russian for a Russian system locale (`ru`, `ru-RU`, `ru_RU.UTF-8`), English otherwise.
    fn of_locale(tag: Option<&str>) -> Language {
        match tag {
            Some(tag) if tag.to_ascii_lowercase().starts_with("ru") => Language::Russian,
            _ => Language::English,
        }
    }

    fn identifier(self) -> LanguageIdentifier {
        let (language, _) = self.files();
        LanguageIdentifier::from_parts(language.parse().unwrap_or_default(), None, None, &[])
    }

    /// The language's tag and its translation files.
    fn files(self) -> (&'static str, [&'static str; 3]) {
        match self {
            Language::English => (
                "en",
                [
                    include_str!("../../assets/i18n/en/game.ftl"),
                    include_str!("../../assets/i18n/en/help.ftl"),
                    include_str!("../../assets/i18n/en/online.ftl"),
                ],
            ),
            Language::Russian => (
                "ru",
                [
                    include_str!("../../assets/i18n/ru/game.ftl"),
                    include_str!("../../assets/i18n/ru/help.ftl"),
                    include_str!("../../assets/i18n/ru/online.ftl"),
                ],
            ),
        }
    }
}

/// The current language's messages. Settings choose the language; the UI reads it.
#[derive(Resource)]
pub struct Locale {
    language: Language,
    bundle: FluentBundle<FluentResource>,
}

impl Locale {
    pub fn new(language: Language) -> Locale {
        let mut bundle = FluentBundle::new_concurrent(vec![language.identifier()]);
        // egui draws Unicode's direction isolation marks as boxes; both languages run left to right.
        bundle.set_use_isolating(false);
        for source in language.files().1 {
            // The files are built in and tested; a broken message is still skipped, not fatal.
            let resource =
                FluentResource::try_new(source.to_string()).unwrap_or_else(|(resource, errors)| {
                    error!("translation file for {language:?}: {errors:?}");
                    resource
                });
            if let Err(errors) = bundle.add_resource(resource) {
                error!("translation file for {language:?}: {errors:?}");
            }
        }
        Locale { language, bundle }
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// A message without variables.
    pub fn text(&self, key: &'static str) -> String {
        self.format(key, None)
    }

    /// A message with its variables; messages passed as variables are put into words first.
    pub fn render(&self, text: &Text) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in &text.args {
            let value = match value {
                Arg::Plain(words) => FluentValue::from(words.clone()),
                Arg::Number(number) => FluentValue::from(*number),
                Arg::Text(inner) => FluentValue::from(self.render(inner)),
            };
            args.set(*name, value);
        }
        self.format(text.key, Some(&args))
    }

    /// A missing message shows its key, so the game goes on and the gap is visible.
    fn format(&self, key: &str, args: Option<&FluentArgs>) -> String {
        let Some(pattern) = self.bundle.get_message(key).and_then(|m| m.value()) else {
            error!("no message {key} in {:?}", self.language);
            return key.to_string();
        };
        let mut errors = Vec::new();
        let words: Cow<str> = self.bundle.format_pattern(pattern, args, &mut errors);
        if !errors.is_empty() {
            error!("message {key} in {:?}: {errors:?}", self.language);
        }
        words.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    use super::*;

    const LANGUAGES: [Language; 2] = [Language::English, Language::Russian];

    /// Each message of a language's files and the variables it uses.
    fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
        let mut messages = BTreeMap::new();
        for source in language.files().1 {
            let mut current: Option<String> = None;
            for line in source.lines() {
                if line.starts_with(|c: char| c.is_ascii_alphabetic())
                    && let Some((id, _)) = line.split_once('=')
                {
                    let id = id.trim().to_string();
                    let fresh = messages.insert(id.clone(), BTreeSet::new()).is_none();
                    assert!(fresh, "{id} twice in {language:?}");
                    current = Some(id);
                }
                if line.trim_start().starts_with('#') {
                    continue;
                }
                let Some(id) = &current else { continue };
                for (_, rest) in line.match_indices('$').map(|(at, _)| line.split_at(at + 1)) {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                        .collect();
                    messages
                        .get_mut(id)
                        .map(|names: &mut BTreeSet<String>| names.insert(name));
                }
            }
        }
        messages
    }

    #[test]
    fn every_message_is_in_both_languages_with_the_same_variables() {
        let english = messages(Language::English);
        let russian = messages(Language::Russian);
        let only_english: Vec<_> = english
            .keys()
            .filter(|k| !russian.contains_key(*k))
            .collect();
        let only_russian: Vec<_> = russian
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        assert!(
            only_english.is_empty(),
            "missing in Russian: {only_english:?}"
        );
        assert!(
            only_russian.is_empty(),
            "missing in English: {only_russian:?}"
        );
        for (key, variables) in &english {
            assert_eq!(Some(variables), russian.get(key), "variables of {key}");
        }
    }

    #[test]
    fn every_message_parses_and_formats_without_errors() {
        for language in LANGUAGES {
            for source in language.files().1 {
                if let Err((_, errors)) = FluentResource::try_new(source.to_string()) {
                    panic!("{language:?}: {errors:?}");
                }
            }
            let locale = Locale::new(language);
            for (key, variables) in messages(language) {
                let mut args = FluentArgs::new();
                for name in &variables {
                    args.set(name.clone(), FluentValue::from(2));
                }
                let pattern = locale.bundle.get_message(&key).and_then(|m| m.value());
                let pattern = pattern.unwrap_or_else(|| panic!("{key} has no value"));
                let mut errors = Vec::new();
                let words = locale
                    .bundle
                    .format_pattern(pattern, Some(&args), &mut errors);
                assert!(errors.is_empty(), "{language:?} {key}: {errors:?}");
                assert!(!words.trim().is_empty(), "{language:?} {key} is empty");
            }
        }
    }

    /// Strings of the source written like keys that are not messages: command-line words.
    const NOT_KEYS: [&str; 1] = ["game-options"];

    /// Every string in the game's source written like a key (`word-word`).
    fn keys_in_source(dir: &Path, found: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                keys_in_source(&path, found);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                for literal in source.split('"').skip(1).step_by(2) {
                    let is_key = literal.contains('-')
                        && literal.starts_with(|c: char| c.is_ascii_lowercase())
                        && literal
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                    if is_key && !NOT_KEYS.contains(&literal) {
                        found.insert(literal.to_string());
                    }
                }
            }
        }
    }

    #[test]
    fn the_code_asks_only_for_messages_that_exist_and_every_message_is_asked_for() {
        let mut used = BTreeSet::new();
        keys_in_source(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut used,
        );
        let english: BTreeSet<String> = messages(Language::English).into_keys().collect();
        let unknown: Vec<_> = used.difference(&english).collect();
        let unused: Vec<_> = english.difference(&used).collect();
        assert!(
            unknown.is_empty(),
            "asked for but not translated: {unknown:?}"
        );
        assert!(
            unused.is_empty(),
            "translated but never asked for: {unused:?}"
        );
    }

    #[test]
    fn a_russian_system_picks_russian_and_any_other_english() {
        assert_eq!(Language::of_locale(Some("ru-RU")), Language::Russian);
        assert_eq!(Language::of_locale(Some("ru_RU.UTF-8")), Language::Russian);
        assert_eq!(Language::of_locale(Some("en-US")), Language::English);
        assert_eq!(Language::of_locale(Some("de")), Language::English);
        assert_eq!(Language::of_locale(None), Language::English);
    }

    #[test]
    fn messages_take_numbers_colours_and_other_messages() {
        let english = Locale::new(Language::English);
        let russian = Locale::new(Language::Russian);
        let wins = Text::new("status-wins")
            .with("color", reversi_engine::Color::White)
            .with("high", 40)
            .with("low", 24);
        assert_eq!(english.render(&wins), "White wins 40-24.");
        assert_eq!(russian.render(&wins), "Победили белые, 40:24.");
        let failed = Text::new("notice-statistics-not-saved")
            .with("error", Text::new("error-no-config-dir"));
        assert!(russian.render(&failed).contains("нет папки для настроек"));
        let holds = |games: usize| {
            russian.render(
                &Text::new("notice-ggf-holds-games")
                    .with("path", "a.ggf")
                    .with("count", games),
            )
        };
        assert!(holds(3).contains("3 партии"), "{}", holds(3));
        assert!(holds(5).contains("5 партий"), "{}", holds(5));
        assert!(holds(21).contains("21 партия"), "{}", holds(21));
    }
}
