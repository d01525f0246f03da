//! The pages of the Help window. The text pages are data, lists of blocks that one renderer
//! draws; the shortcuts page is the shortcut table itself, and the About page adds the version.

use bevy_egui::egui;

use super::diagrams::*;
use crate::input::{Action, OpenDialog, Platform, key_bindings};
use crate::locale::{Arg, Locale, Text};
use crate::ui::with_keys;

/// A piece of a help page. The text pages are lists of blocks that one renderer, [`draw`], shows.
pub(super) enum Block {
    Heading(&'static str),
    Paragraph(Words),
    Bullets(&'static [Words]),
    /// Board diagrams side by side, each with its caption.
    Diagrams(&'static [(&'static Diagram, &'static str)]),
}

/// Words of a page, from the translation files.
pub(super) enum Words {
    Message(&'static str),
    /// A message that names the keys of actions (the shortcut table is their one source): each
    /// variable is set to its action's keys.
    Keys(&'static str, &'static [(&'static str, Action)]),
    /// A menu entry named by its action (with its keys), and what it does.
    Action(Action, &'static str),
    /// A menu entry or an option named by its message, and what it does.
    Entry(&'static str, &'static str),
}

use Block::{Bullets, Diagrams, Heading, Paragraph};

const fn text(key: &'static str) -> Block {
    Paragraph(Words::Message(key))
}

impl Words {
    fn render(&self, l: &Locale) -> String {
        let entry = |name: Arg, what: &'static str| {
            l.render(
                &Text::new("help-menu-entry")
                    .with("entry", name)
                    .with("what", Text::new(what)),
            )
        };
        match *self {
            Words::Message(key) => l.text(key),
            Words::Keys(key, actions) => l.render(
                &actions
                    .iter()
                    .fold(Text::new(key), |text, &(name, action)| {
                        text.with(name, action.keys(l))
                    }),
            ),
            Words::Action(action, what) => entry(with_keys(l, action).into(), what),
            Words::Entry(name, what) => entry(Text::new(name).into(), what),
        }
    }
}

/// Draws a text page.
pub(super) fn draw(ui: &mut egui::Ui, l: &Locale, page: &[Block]) {
    for block in page {
        match block {
            Heading(key) => {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(l.text(key)).strong().size(16.0));
            }
            Paragraph(words) => {
                ui.label(words.render(l));
            }
            Bullets(items) => {
                for item in *items {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("•");
                        ui.label(item.render(l));
                    });
                }
            }
            Diagrams(diagrams) => {
                ui.horizontal_wrapped(|ui| {
                    for (rows, caption) in *diagrams {
                        diagram(ui, l, rows, caption);
                    }
                });
            }
        }
    }
}

pub(super) const RULES: &[Block] = &[
    Heading("help-rules-board-heading"),
    text("help-rules-board"),
    text("help-rules-start"),
    Diagrams(&[(&START, "help-rules-start-caption")]),
    Heading("help-rules-moving-heading"),
    text("help-rules-moving"),
    text("help-rules-moving-only"),
    Diagrams(&[
        (&OUTFLANK_BEFORE, "help-rules-outflank-before"),
        (&OUTFLANK_AFTER, "help-rules-outflank-after"),
    ]),
    Heading("help-rules-passing-heading"),
    text("help-rules-passing"),
    Diagrams(&[(&PASS, "help-rules-pass-caption")]),
    Heading("help-rules-end-heading"),
    text("help-rules-end"),
    text("help-rules-scoring"),
    text("help-rules-resign"),
    Heading("help-rules-variants-heading"),
    text("help-rules-variants"),
    Bullets(&[
        Words::Message("help-rules-variant-sizes"),
        Words::Message("help-rules-variant-reversi"),
        Words::Message("help-rules-variant-eight-star"),
        Words::Message("help-rules-variant-1876"),
    ]),
];

pub(super) const PLAYING: &[Block] = &[
    Heading("help-playing-mouse-heading"),
    Bullets(&[
        Words::Message("help-playing-mouse-click"),
        Words::Message("help-playing-mouse-markers"),
        Words::Keys("help-playing-mouse-view", &[("keys", Action::ResetView)]),
    ]),
    Heading("help-playing-keyboard-heading"),
    text("help-playing-keyboard"),
    Heading("help-playing-computer-heading"),
    text("help-playing-computer"),
    text("help-playing-computer-search"),
    Heading("help-playing-undo-heading"),
    Bullets(&[
        Words::Keys(
            "help-playing-undo",
            &[
                ("undo", Action::Undo),
                ("redo", Action::Redo),
                ("undo_all", Action::UndoAll),
                ("redo_all", Action::RedoAll),
            ],
        ),
        Words::Message("help-playing-suspended"),
        Words::Keys("help-playing-resume", &[("keys", Action::ResumePlay)]),
        Words::Message("help-playing-move-list"),
        Words::Message("help-playing-replace"),
    ]),
    Heading("help-playing-files-heading"),
    text("help-playing-options"),
    text("help-playing-ggf"),
    text("help-playing-autosave"),
    Heading("help-playing-graph-heading"),
    text("help-playing-graph"),
    Heading("help-playing-review-heading"),
    text("help-playing-review"),
    Heading("help-playing-setup-heading"),
    text("help-playing-setup"),
    Heading("help-playing-record-heading"),
    text("help-playing-record"),
    Heading("help-playing-best-line-heading"),
    Paragraph(Words::Keys(
        "help-playing-best-line",
        &[("keys", Action::ToggleBestLine)],
    )),
    Heading("help-playing-openings-heading"),
    text("help-playing-openings"),
];

pub(super) const STRATEGY: &[Block] = &[
    text("help-strategy-intro"),
    Heading("help-strategy-corners-heading"),
    text("help-strategy-corners"),
    text("help-strategy-corners-cost"),
    Diagrams(&[(&STABLE, "help-strategy-stable-caption")]),
    Heading("help-strategy-xc-heading"),
    text("help-strategy-xc"),
    text("help-strategy-xc-avoid"),
    Diagrams(&[(&X_AND_C_SQUARES, "help-strategy-xc-caption")]),
    Heading("help-strategy-mobility-heading"),
    text("help-strategy-mobility"),
    text("help-strategy-mobility-few-discs"),
    Diagrams(&[(&MOBILITY, "help-strategy-mobility-caption")]),
    Heading("help-strategy-frontier-heading"),
    text("help-strategy-frontier"),
    text("help-strategy-quiet"),
    Diagrams(&[
        (&QUIET_BEFORE, "help-strategy-quiet-before"),
        (&QUIET_AFTER, "help-strategy-quiet-after"),
    ]),
    Heading("help-strategy-edges-heading"),
    text("help-strategy-edges"),
    text("help-strategy-wedges"),
    Heading("help-strategy-parity-heading"),
    text("help-strategy-parity"),
    text("help-strategy-parity-passes"),
    Diagrams(&[(&PARITY, "help-strategy-parity-caption")]),
    Heading("help-strategy-tempo-heading"),
    text("help-strategy-tempo"),
    text("help-strategy-reserve"),
    Diagrams(&[
        (&RESERVE_BEFORE, "help-strategy-reserve-before"),
        (&RESERVE_AFTER, "help-strategy-reserve-after"),
    ]),
    Heading("help-strategy-openings-heading"),
    text("help-strategy-openings"),
    Heading("help-strategy-ending-heading"),
    text("help-strategy-ending"),
    Heading("help-strategy-reading-heading"),
    text("help-strategy-reading"),
];

/// The game's history, from Reversi in Victorian Britain to the programs of today.
pub(super) const HISTORY: &[Block] = &[
    Heading("help-history-reversi-heading"),
    text("help-history-reversi"),
    Heading("help-history-1876-heading"),
    text("help-history-1876"),
    Heading("help-history-othello-heading"),
    text("help-history-othello"),
    Heading("help-history-computers-heading"),
    text("help-history-computers"),
    Heading("help-history-names-heading"),
    text("help-history-names"),
];

/// Every menu entry and what it does, with its keys.
pub(super) const MENUS: &[Block] = &[
    Heading("menu-game"),
    Bullets(&[
        Words::Action(Action::NewGame, "help-menus-new-game"),
        Words::Action(Action::Resign, "help-menus-resign"),
        Words::Entry("menu-save-game", "help-menus-save"),
        Words::Entry("menu-open-game", "help-menus-open"),
        Words::Entry("file-recent", "help-menus-recent"),
        Words::Entry("menu-copy-transcript", "help-menus-copy"),
        Words::Entry("menu-copy-position", "help-menus-copy-position"),
        Words::Entry("menu-paste", "help-menus-paste"),
        Words::Entry("menu-review-game", "help-menus-review"),
        Words::Entry("menu-set-up", "help-menus-set-up"),
        Words::Entry("menu-save-picture", "help-menus-save-picture"),
        Words::Entry("menu-game-record", "help-menus-game-record"),
        Words::Action(Action::Open(OpenDialog::Online), "help-menus-online"),
        Words::Action(Action::Open(OpenDialog::Options), "help-menus-options"),
        Words::Action(
            Action::Open(OpenDialog::Statistics),
            "help-menus-statistics",
        ),
        Words::Action(Action::Exit, "help-menus-exit"),
    ]),
    Heading("menu-move"),
    Bullets(&[
        Words::Action(Action::Undo, "help-menus-undo"),
        Words::Action(Action::Redo, "help-menus-redo"),
        Words::Action(Action::UndoAll, "help-menus-undo-all"),
        Words::Action(Action::RedoAll, "help-menus-redo-all"),
        Words::Action(Action::ResumePlay, "help-menus-resume"),
        Words::Entry("menu-show-hints", "help-menus-hints"),
        Words::Action(Action::ToggleBestLine, "help-menus-best-line"),
        Words::Entry("menu-evaluation-graph", "help-menus-graph"),
    ]),
    Heading("menu-view"),
    Bullets(&[
        Words::Action(Action::ResetView, "help-menus-reset-view"),
        Words::Action(Action::ToggleFullscreen, "help-menus-full-screen"),
    ]),
    Heading("menu-study"),
    Bullets(&[
        Words::Action(Action::Open(OpenDialog::Trainer), "help-menus-trainer"),
        Words::Action(Action::Open(OpenDialog::Puzzles), "help-menus-puzzles"),
        Words::Action(
            Action::Open(OpenDialog::Database),
            "help-menus-game-database",
        ),
    ]),
    Heading("menu-help"),
    Bullets(&[Words::Message("help-menus-help")]),
    Heading("help-menus-toolbar-heading"),
    text("help-menus-toolbar"),
];

/// Each control of the Options window, named as the window names it.
pub(super) const OPTIONS: &[Block] = &[
    text("help-options-intro"),
    Heading("options-display"),
    Bullets(&[
        Words::Entry("options-language", "help-options-language"),
        Words::Entry("options-theme", "help-options-theme"),
        Words::Entry("options-show-valid-moves", "help-options-valid-moves"),
        Words::Entry("options-preview-moves", "help-options-preview"),
        Words::Entry("options-animate-moves", "help-options-animate"),
        Words::Entry("options-sound", "help-options-sound"),
        Words::Entry("options-ui-scale", "help-options-ui-scale"),
        Words::Entry("options-board-colour", "help-options-colours"),
    ]),
    Heading("options-players"),
    Bullets(&[
        Words::Entry("help-options-black-white", "help-options-players"),
        Words::Entry("options-computer-time", "help-options-computer-time"),
        Words::Entry("options-hints", "help-options-hints"),
        Words::Entry("options-ponder", "help-options-ponder"),
        Words::Entry("options-book", "help-options-book"),
        Words::Entry("options-analysis", "help-options-analysis"),
        Words::Entry("options-variant", "help-options-variant"),
        Words::Entry("options-first-move", "help-options-first-move"),
        Words::Entry("options-scoring", "help-options-scoring"),
        Words::Entry("options-clock", "help-options-clock"),
    ]),
    Heading("help-options-buttons-heading"),
    Bullets(&[
        Words::Entry("button-ok", "help-options-ok"),
        Words::Entry("button-cancel", "help-options-cancel"),
        Words::Entry("options-restore-defaults", "help-options-restore"),
    ]),
    text("help-options-saved"),
];

/// The About page below its title and version.
const ABOUT: &[Block] = &[
    Heading("help-about-engine-heading"),
    Bullets(&[
        Words::Message("help-about-search"),
        Words::Message("help-about-evaluation"),
        Words::Message("help-about-book"),
        Words::Message("help-about-solver"),
        Words::Message("help-about-levels"),
        Words::Message("help-about-background"),
    ]),
    Heading("help-about-made-heading"),
    text("help-about-made"),
];

pub(super) fn shortcuts(ui: &mut egui::Ui, l: &Locale) {
    let keys = key_bindings(Platform::CURRENT).map(|binding| {
        (
            binding.describe(Platform::CURRENT),
            l.render(&binding.action.label()),
        )
    });
    let pointer_and_typing = [
        ("help-keys-typing", "help-keys-typing-what"),
        ("help-keys-cursor", "help-keys-cursor-what"),
        ("help-keys-menu", "help-keys-menu-what"),
        ("help-keys-escape", "help-keys-escape-what"),
        ("help-keys-pointer", "help-keys-pointer-what"),
    ]
    .map(|(keys, action)| (l.text(keys), l.text(action)));
    egui::Grid::new("help shortcuts")
        .num_columns(2)
        .striped(true)
        .spacing([24.0, 6.0])
        .show(ui, |ui| {
            ui.strong(l.text("help-keys-keys"));
            ui.strong(l.text("help-keys-action"));
            ui.end_row();
            for (keys, action) in keys.chain(pointer_and_typing) {
                ui.monospace(keys);
                ui.label(action);
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    ui.label(l.text("help-keys-text-fields"));
}

/// The About page: the title and version, then its text.
pub(super) fn about(ui: &mut egui::Ui, l: &Locale) {
    ui.add_space(8.0);
    ui.vertical_centered(|ui| {
        ui.heading(l.text("window-title"));
        ui.label(
            l.render(&Text::new("help-about-version").with("version", env!("CARGO_PKG_VERSION"))),
        );
        ui.add_space(6.0);
        ui.label(l.text("help-about-tagline"));
    });
    draw(ui, l, ABOUT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;
    use crate::ui::HelpTopic;

    /// What an entry says it does: each is described once, under the one menu that has it.
    fn descriptions(page: &[Block]) -> Vec<&'static str> {
        let mut keys = Vec::new();
        for block in page {
            if let Bullets(items) = block {
                for item in *items {
                    match item {
                        Words::Action(_, what) | Words::Entry(_, what) => keys.push(*what),
                        Words::Message(_) | Words::Keys(..) => {}
                    }
                }
            }
        }
        keys
    }

    #[test]
    fn the_menus_page_describes_each_entry_once() {
        let keys = descriptions(MENUS);
        for key in &keys {
            assert_eq!(keys.iter().filter(|k| *k == key).count(), 1, "{key}");
        }
    }

    #[test]
    fn the_menus_page_names_every_page_of_the_help_window_in_both_languages() {
        for language in [Language::English, Language::Russian] {
            let l = Locale::new(language);
            let pages = l.text("help-menus-help");
            for topic in HelpTopic::ALL {
                let title = l.text(topic.title());
                assert!(pages.contains(&title), "{language:?}: {title} in {pages}");
            }
        }
    }
}
