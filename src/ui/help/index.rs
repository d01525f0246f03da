//! The Help index: the subjects a player looks for, each with the page that explains it, found
//! by the words a player types in their language ("end game" finds "end of the game").

use bevy_egui::egui;

use super::HelpTopic;
use crate::locale::{Locale, Text};

/// Subjects and the page that explains them, for the index.
const INDEX: [(&str, HelpTopic); 55] = [
    ("help-index-rules", HelpTopic::Rules),
    ("help-index-board", HelpTopic::Rules),
    ("help-index-turn", HelpTopic::Rules),
    ("help-index-flipping", HelpTopic::Rules),
    ("help-index-pass", HelpTopic::Rules),
    ("help-index-forfeit", HelpTopic::Rules),
    ("help-index-end", HelpTopic::Rules),
    ("help-index-winning", HelpTopic::Rules),
    ("help-index-empties", HelpTopic::Rules),
    ("help-index-mouse", HelpTopic::Playing),
    ("help-index-keyboard", HelpTopic::Playing),
    ("help-index-camera", HelpTopic::Playing),
    ("help-index-computer", HelpTopic::Playing),
    ("help-index-book", HelpTopic::Playing),
    ("help-index-hints", HelpTopic::Playing),
    ("help-index-undo", HelpTopic::Playing),
    ("help-index-move-list", HelpTopic::Playing),
    ("help-index-autosave", HelpTopic::Playing),
    ("help-index-graph", HelpTopic::Playing),
    ("help-index-review", HelpTopic::Playing),
    ("help-index-record", HelpTopic::Playing),
    ("help-index-setup", HelpTopic::Playing),
    ("help-index-best-line", HelpTopic::Playing),
    ("help-index-openings", HelpTopic::Playing),
    ("help-index-ggf", HelpTopic::Playing),
    ("help-index-new-game", HelpTopic::Menus),
    ("help-index-database", HelpTopic::Menus),
    ("help-index-files", HelpTopic::Menus),
    ("help-index-statistics", HelpTopic::Menus),
    ("help-index-resign", HelpTopic::Menus),
    ("help-index-full-screen", HelpTopic::Menus),
    ("help-index-options", HelpTopic::Options),
    ("help-index-language", HelpTopic::Options),
    ("help-index-themes", HelpTopic::Options),
    ("help-index-sound", HelpTopic::Options),
    ("help-index-levels", HelpTopic::Options),
    ("help-index-skill", HelpTopic::Options),
    ("help-index-clock", HelpTopic::Options),
    ("help-index-corners", HelpTopic::Strategy),
    ("help-index-xc", HelpTopic::Strategy),
    ("help-index-mobility", HelpTopic::Strategy),
    ("help-index-frontier", HelpTopic::Strategy),
    ("help-index-edges", HelpTopic::Strategy),
    ("help-index-parity", HelpTopic::Strategy),
    ("help-index-tempo", HelpTopic::Strategy),
    ("help-index-ending", HelpTopic::Strategy),
    ("help-index-reading", HelpTopic::Strategy),
    ("help-index-holes", HelpTopic::Strategy),
    ("help-index-edge-attacks", HelpTopic::Strategy),
    ("help-index-centre", HelpTopic::Strategy),
    ("help-index-phases", HelpTopic::Strategy),
    ("help-index-history", HelpTopic::History),
    ("help-index-shortcuts", HelpTopic::Shortcuts),
    ("help-index-engine", HelpTopic::About),
    ("help-index-version", HelpTopic::About),
];

/// The subjects, in the player's language, that contain every word of `search` (any case, in
/// any order, each word possibly inside a longer one), in index order.
fn index_entries<'a>(
    l: &'a Locale,
    search: &str,
) -> impl Iterator<Item = (String, HelpTopic)> + 'a {
    let words: Vec<String> = search.split_whitespace().map(str::to_lowercase).collect();
    INDEX
        .into_iter()
        .map(|(subject, topic)| (l.text(subject), topic))
        .filter(move |(subject, _)| {
            let subject = subject.to_lowercase();
            words.iter().all(|word| subject.contains(word.as_str()))
        })
}

/// The index with its search field; returns the page chosen.
pub(super) fn index(ui: &mut egui::Ui, l: &Locale, search: &mut String) -> Option<HelpTopic> {
    ui.horizontal(|ui| {
        ui.label(l.text("help-index-find"));
        ui.text_edit_singleline(search);
    });
    let mut chosen = None;
    let mut found = false;
    for (subject, topic) in index_entries(l, search) {
        found = true;
        ui.horizontal(|ui| {
            if ui.link(subject).clicked() {
                chosen = Some(topic);
            }
            let page =
                l.render(&Text::new("help-index-page").with("page", Text::new(topic.title())));
            ui.label(egui::RichText::new(page).weak());
        });
    }
    if !found {
        ui.label(l.text("help-index-nothing"));
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;

    #[test]
    fn the_index_finds_subjects_by_any_word_in_any_case_in_the_player_s_language() {
        let english = Locale::new(Language::English);
        let found: Vec<_> = index_entries(&english, "UNDO").collect();
        assert_eq!(
            found,
            vec![("undo, redo, resume".to_string(), HelpTopic::Playing)]
        );
        assert_eq!(index_entries(&english, "").count(), INDEX.len());
        assert_eq!(index_entries(&english, "zzz").count(), 0);
        let russian = Locale::new(Language::Russian);
        let found: Vec<_> = index_entries(&russian, "ЧЁТНОСТЬ")
            .map(|(_, page)| page)
            .collect();
        assert_eq!(found, vec![HelpTopic::Strategy]);
        assert_eq!(index_entries(&russian, "undo").count(), 0);
        // What a player of the classic game types finds its page.
        let pages = |search| {
            index_entries(&english, search)
                .map(|(_, page)| page)
                .collect::<Vec<_>>()
        };
        for (search, page) in [
            ("end game", HelpTopic::Rules),
            ("forfeit", HelpTopic::Rules),
            ("rules", HelpTopic::Rules),
            ("start game", HelpTopic::Menus),
            ("turn", HelpTopic::Rules),
            ("skill", HelpTopic::Options),
            ("Logistello", HelpTopic::History),
        ] {
            assert!(
                pages(search).contains(&page),
                "{search}: {:?}",
                pages(search)
            );
        }
        // Every page but the index itself has subjects in the index.
        for topic in HelpTopic::ALL {
            let listed = INDEX.iter().any(|(_, page)| *page == topic);
            assert_eq!(listed, topic != HelpTopic::Index, "{topic:?}");
        }
    }
}
