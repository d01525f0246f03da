//! The pages of the Help window. The text pages are data, lists of blocks that one renderer
//! draws; the shortcuts page is the shortcut table itself, and the About page adds the version.
//! A text may name another page through a variable, `{ $page_options }`: the page's title,
//! shown as a link that opens it.

use bevy_egui::egui;

use super::HelpTopic;
use super::diagrams::*;
use crate::app_actions::AppWindow;
use crate::input::{Action, Platform, key_bindings};
use crate::locale::{Arg, Locale, Text};
use crate::ui::with_keys;

/// A piece of a help page. The text pages are lists of blocks that one renderer, [`draw`], shows.
pub(super) enum Block {
    Heading(&'static str),
    Paragraph(Words),
    Bullets(&'static [Words]),
    /// Diagrams, each with its caption: whole boards side by side, edges one under the other.
    Diagrams(&'static [(&'static [&'static str], &'static str)]),
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

/// A stretch of a rendered text: words, or a link that opens another page.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum Span {
    Words(String),
    Link(String, HelpTopic),
}

use Block::{Bullets, Diagrams, Heading, Paragraph};

pub(super) const fn text(key: &'static str) -> Block {
    Paragraph(Words::Message(key))
}

/// The character that holds a page's place in a rendered text until it becomes a link: one of
/// Unicode's private use characters, which no translation writes.
fn link_mark(topic: HelpTopic) -> char {
    let index = HelpTopic::ALL.iter().position(|page| *page == topic);
    char::from_u32(0xE000 + index.unwrap_or_default() as u32).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The page whose link `mark` holds the place of.
fn linked_page(mark: char) -> Option<HelpTopic> {
    let index = (mark as u32).checked_sub(0xE000)?;
    HelpTopic::ALL.get(index as usize).copied()
}

/// `text` with every page's variable set, so that any message may name any page.
fn with_links(text: Text) -> Text {
    HelpTopic::ALL.into_iter().fold(text, |text, topic| {
        text.with(topic.link_variable(), link_mark(topic).to_string())
    })
}

/// A rendered text cut into words and links, each link showing its page's title.
fn spans(l: &Locale, rendered: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut words = String::new();
    for c in rendered.chars() {
        match linked_page(c) {
            Some(topic) => {
                if !words.is_empty() {
                    spans.push(Span::Words(std::mem::take(&mut words)));
                }
                spans.push(Span::Link(l.text(topic.title()), topic));
            }
            None => words.push(c),
        }
    }
    if !words.is_empty() {
        spans.push(Span::Words(words));
    }
    spans
}

impl Words {
    fn spans(&self, l: &Locale) -> Vec<Span> {
        let entry = |name: Arg, what: &'static str| {
            l.render(
                &Text::new("help-menu-entry")
                    .with("entry", name)
                    .with("what", with_links(Text::new(what))),
            )
        };
        let rendered = match *self {
            Words::Message(key) => l.render(&with_links(Text::new(key))),
            Words::Keys(key, actions) => l.render(
                &actions
                    .iter()
                    .fold(with_links(Text::new(key)), |text, &(name, action)| {
                        text.with(name, action.keys(l))
                    }),
            ),
            Words::Action(action, what) => entry(with_keys(l, action).into(), what),
            Words::Entry(name, what) => entry(Text::new(name).into(), what),
        };
        spans(l, &rendered)
    }
}

/// Words and links in a line that wraps, after a bullet if asked; returns the page of the link
/// clicked.
fn paragraph(ui: &mut egui::Ui, spans: &[Span], bullet: bool) -> Option<HelpTopic> {
    if let (false, [Span::Words(words)]) = (bullet, spans) {
        ui.label(words.as_str());
        return None;
    }
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        if bullet {
            ui.label("•");
        }
        ui.spacing_mut().item_spacing.x = 0.0;
        for span in spans {
            match span {
                Span::Words(words) => {
                    ui.label(words.as_str());
                }
                Span::Link(title, topic) => {
                    if ui.link(title.as_str()).clicked() {
                        chosen = Some(*topic);
                    }
                }
            }
        }
    });
    chosen
}

/// Draws a text page; returns the page of the link clicked, if any.
pub(super) fn draw(ui: &mut egui::Ui, l: &Locale, page: &[Block]) -> Option<HelpTopic> {
    let mut chosen = None;
    for block in page {
        match block {
            Heading(key) => {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(l.text(key)).strong().size(16.0));
            }
            Paragraph(words) => {
                chosen = paragraph(ui, &words.spans(l), false).or(chosen);
            }
            Bullets(items) => {
                for item in *items {
                    chosen = paragraph(ui, &item.spans(l), true).or(chosen);
                }
            }
            Diagrams(diagrams) if diagrams.iter().all(|(rows, _)| rows.len() == 8) => {
                ui.horizontal_wrapped(|ui| {
                    for (rows, caption) in *diagrams {
                        diagram(ui, l, rows, caption);
                    }
                });
            }
            Diagrams(diagrams) => {
                for (rows, caption) in *diagrams {
                    diagram(ui, l, rows, caption);
                }
            }
        }
    }
    chosen
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
        Words::Message("help-rules-variant-reverse"),
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
        Words::Entry("menu-new-game-from", "help-menus-new-game-from"),
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
        Words::Action(Action::Open(AppWindow::Online), "help-menus-online"),
        Words::Action(Action::Open(AppWindow::Options), "help-menus-options"),
        Words::Action(Action::Open(AppWindow::Statistics), "help-menus-statistics"),
        Words::Action(Action::Exit, "help-menus-exit"),
    ]),
    Heading("menu-move"),
    Bullets(&[
        Words::Action(Action::Undo, "help-menus-undo"),
        Words::Action(Action::Redo, "help-menus-redo"),
        Words::Action(Action::UndoAll, "help-menus-undo-all"),
        Words::Action(Action::RedoAll, "help-menus-redo-all"),
        Words::Action(Action::ResumePlay, "help-menus-resume"),
        Words::Action(Action::MoveNow, "help-menus-move-now"),
        Words::Action(Action::Stop, "help-menus-stop"),
        Words::Entry("menu-show-hints", "help-menus-hints"),
        Words::Action(Action::ToggleBestLine, "help-menus-best-line"),
        Words::Entry("menu-evaluation-graph", "help-menus-graph"),
        Words::Entry("menu-analyse", "help-menus-analyse"),
    ]),
    Heading("menu-view"),
    Bullets(&[
        Words::Action(Action::ResetView, "help-menus-reset-view"),
        Words::Action(Action::ToggleFullscreen, "help-menus-full-screen"),
    ]),
    Heading("menu-study"),
    Bullets(&[
        Words::Action(Action::Open(AppWindow::Trainer), "help-menus-trainer"),
        Words::Action(Action::Open(AppWindow::Puzzles), "help-menus-puzzles"),
        Words::Action(
            Action::Open(AppWindow::Database),
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
pub(super) fn about(ui: &mut egui::Ui, l: &Locale) -> Option<HelpTopic> {
    ui.add_space(8.0);
    ui.vertical_centered(|ui| {
        ui.heading(l.text("window-title"));
        ui.label(
            l.render(&Text::new("help-about-version").with("version", env!("CARGO_PKG_VERSION"))),
        );
        ui.add_space(6.0);
        ui.label(l.text("help-about-tagline"));
    });
    draw(ui, l, ABOUT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::Language;
    use crate::ui::help::strategy::STRATEGY;

    const LANGUAGES: [Language; 2] = [Language::English, Language::Russian];

    /// Every text page, as the window's tabs name them.
    const PAGES: [(HelpTopic, &[Block]); 7] = [
        (HelpTopic::Rules, RULES),
        (HelpTopic::Playing, PLAYING),
        (HelpTopic::Menus, MENUS),
        (HelpTopic::Options, OPTIONS),
        (HelpTopic::Strategy, STRATEGY),
        (HelpTopic::History, HISTORY),
        (HelpTopic::About, ABOUT),
    ];

    /// The words and links of a page, in order.
    fn page_spans(l: &Locale, page: &[Block]) -> Vec<Span> {
        let mut spans = Vec::new();
        for block in page {
            match block {
                Paragraph(words) => spans.extend(words.spans(l)),
                Bullets(items) => spans.extend(items.iter().flat_map(|item| item.spans(l))),
                Heading(_) | Diagrams(_) => {}
            }
        }
        spans
    }

    fn links(spans: &[Span]) -> Vec<HelpTopic> {
        let linked = spans.iter().filter_map(|span| match span {
            Span::Link(_, topic) => Some(*topic),
            Span::Words(_) => None,
        });
        linked.collect()
    }

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
    fn the_menus_page_links_every_page_of_the_help_window_in_both_languages() {
        for language in LANGUAGES {
            let l = Locale::new(language);
            let spans = Words::Message("help-menus-help").spans(&l);
            for topic in HelpTopic::ALL {
                let link = Span::Link(l.text(topic.title()), topic);
                assert!(spans.contains(&link), "{language:?}: {link:?} in {spans:?}");
            }
        }
    }

    #[test]
    fn a_page_s_mark_stands_for_that_page_alone() {
        for topic in HelpTopic::ALL {
            assert_eq!(linked_page(link_mark(topic)), Some(topic));
        }
        assert_eq!(linked_page('a'), None);
        assert_eq!(linked_page('\u{E000}'), Some(HelpTopic::ALL[0]));
        assert_eq!(linked_page('\u{E009}'), None);
    }

    /// The references to other pages are links to them, titled as the tabs are, in both
    /// languages; no page names another in plain words, and no mark is left in the text.
    #[test]
    fn every_reference_to_another_page_is_a_link_to_it() {
        let expected = [
            (
                HelpTopic::Playing,
                vec![HelpTopic::Shortcuts, HelpTopic::Options],
            ),
            (HelpTopic::Menus, vec![HelpTopic::Options]),
            (
                HelpTopic::Strategy,
                vec![HelpTopic::Playing, HelpTopic::Menus],
            ),
        ];
        for language in LANGUAGES {
            let l = Locale::new(language);
            for (topic, page) in PAGES {
                let spans = page_spans(&l, page);
                let linked = links(&spans);
                for (page_with_links, targets) in &expected {
                    if *page_with_links == topic {
                        for target in targets {
                            assert!(
                                linked.contains(target),
                                "{language:?} {topic:?}: {target:?}"
                            );
                        }
                    }
                }
                for span in &spans {
                    let Span::Words(words) = span else { continue };
                    assert!(!words.chars().any(|c| linked_page(c).is_some()), "{words}");
                    assert!(!words.contains('{'), "a variable left unset: {words}");
                    for other in HelpTopic::ALL {
                        let title = l.text(other.title());
                        for plain in [
                            format!("the {title} page"),
                            format!("see {title}"),
                            format!("странице «{title}»"),
                            format!("страницу «{title}»"),
                        ] {
                            assert!(!words.contains(&plain), "{language:?}: {plain} in {words}");
                        }
                    }
                }
            }
        }
    }
}
