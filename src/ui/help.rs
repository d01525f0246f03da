//! The Help window: the rules with small board diagrams, how to play with mouse and keyboard, the
//! menus, the options, a strategy guide, the keyboard shortcuts, an index and the About page, one
//! tab each. Every word comes from the translation files (`help-*` messages).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::with_keys;
use crate::input::{Action, KEY_BINDINGS, OpenDialog};
use crate::locale::{Arg, Locale, Text};

/// A page of the Help window.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HelpTopic {
    Rules,
    Playing,
    Menus,
    Options,
    Strategy,
    Shortcuts,
    Index,
    About,
}

impl HelpTopic {
    pub const ALL: [HelpTopic; 8] = [
        HelpTopic::Rules,
        HelpTopic::Playing,
        HelpTopic::Menus,
        HelpTopic::Options,
        HelpTopic::Strategy,
        HelpTopic::Shortcuts,
        HelpTopic::Index,
        HelpTopic::About,
    ];

    /// The page's tab.
    pub fn title(self) -> &'static str {
        match self {
            HelpTopic::Rules => "help-tab-rules",
            HelpTopic::Playing => "help-tab-playing",
            HelpTopic::Menus => "help-tab-menus",
            HelpTopic::Options => "help-tab-options",
            HelpTopic::Strategy => "help-tab-strategy",
            HelpTopic::Shortcuts => "help-tab-shortcuts",
            HelpTopic::Index => "help-tab-index",
            HelpTopic::About => "help-tab-about",
        }
    }
}

/// Which page the Help window shows; `None` while it is closed.
#[derive(Resource, Default)]
pub struct HelpWindow {
    pub open: Option<HelpTopic>,
}

/// The tallest the window opens, so it never hides the whole board.
const MAX_HEIGHT: f32 = 680.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpWindow>()
        .add_systems(EguiPrimaryContextPass, help_window);
}

fn help_window(
    mut contexts: EguiContexts,
    mut help: ResMut<HelpWindow>,
    mut search: Local<String>,
    locale: Res<Locale>,
) -> Result {
    let Some(mut topic) = help.open else {
        return Ok(());
    };
    let l = &*locale;
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let mut open = true;
    let mut close = false;
    egui::Window::new(l.text("help-title"))
        .id(egui::Id::new("help"))
        .open(&mut open)
        .collapsible(false)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(screen.center())
        .default_size([620.0, (screen.height() - 120.0).clamp(300.0, MAX_HEIGHT)])
        .min_width(420.0)
        .min_height(260.0)
        .show(ctx, |ui| {
            ui.horizontal_wrapped(|ui| {
                for candidate in HelpTopic::ALL {
                    ui.selectable_value(&mut topic, candidate, l.text(candidate.title()));
                }
            });
            ui.separator();
            egui::Panel::bottom("help buttons").show(ui, |ui| {
                ui.add_space(4.0);
                close = ui.button(l.text("button-close")).clicked();
            });
            // One scroll position per page, so each page opens at its top.
            egui::ScrollArea::vertical()
                .id_salt(("help page", topic.title()))
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.spacing_mut().item_spacing.y = 6.0;
                    match topic {
                        HelpTopic::Rules => draw(ui, l, RULES),
                        HelpTopic::Playing => draw(ui, l, PLAYING),
                        HelpTopic::Menus => draw(ui, l, MENUS),
                        HelpTopic::Options => draw(ui, l, OPTIONS),
                        HelpTopic::Strategy => draw(ui, l, STRATEGY),
                        HelpTopic::Shortcuts => shortcuts(ui, l),
                        HelpTopic::Index => {
                            if let Some(found) = index(ui, l, &mut search) {
                                topic = found;
                            }
                        }
                        HelpTopic::About => about(ui, l),
                    }
                });
        });
    let next = (open && !close).then_some(topic);
    if help.open != next {
        help.open = next;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Board diagrams

/// A board for a diagram: eight rows of eight characters, row 1 first.
/// `B`/`W` discs, `.` empty, `x` a legal move for the side in question, `*` the black disc just
/// played, `f` a disc that has just flipped to black, `s` a stable black disc, `X` and `C` an
/// X-square and a C-square, `o` and `e` an empty square of a region with an odd and an even
/// number of empty squares.
type Diagram = [&'static str; 8];

const CELL: f32 = 20.0;
const MARGIN: f32 = 14.0;

fn diagram(ui: &mut egui::Ui, l: &Locale, rows: &Diagram, caption: &'static str) {
    let side = MARGIN + CELL * 8.0 + 4.0;
    ui.vertical(|ui| {
        ui.set_width(side.max(200.0));
        let (response, painter) = ui.allocate_painter(egui::vec2(side, side), egui::Sense::hover());
        let origin = response.rect.min + egui::vec2(MARGIN, MARGIN);
        let board = egui::Rect::from_min_size(origin, egui::vec2(CELL * 8.0, CELL * 8.0));
        let label_color = ui.visuals().text_color();
        let font = egui::FontId::proportional(11.0);
        for i in 0..8u8 {
            let along = f32::from(i) * CELL + CELL / 2.0;
            painter.text(
                egui::pos2(origin.x + along, origin.y - MARGIN / 2.0),
                egui::Align2::CENTER_CENTER,
                char::from(b'a' + i),
                font.clone(),
                label_color,
            );
            painter.text(
                egui::pos2(origin.x - MARGIN / 2.0, origin.y + along),
                egui::Align2::CENTER_CENTER,
                i + 1,
                font.clone(),
                label_color,
            );
        }
        painter.rect_filled(board, 2.0, egui::Color32::from_rgb(28, 110, 58));
        let grid = egui::Stroke::new(1.0, egui::Color32::from_rgb(12, 60, 30));
        for i in 0..=8 {
            let offset = i as f32 * CELL;
            painter.line_segment(
                [
                    egui::pos2(board.min.x + offset, board.min.y),
                    egui::pos2(board.min.x + offset, board.max.y),
                ],
                grid,
            );
            painter.line_segment(
                [
                    egui::pos2(board.min.x, board.min.y + offset),
                    egui::pos2(board.max.x, board.min.y + offset),
                ],
                grid,
            );
        }
        let black = egui::Color32::from_gray(18);
        let white = egui::Color32::from_gray(240);
        let edge = egui::Stroke::new(1.0, egui::Color32::from_gray(70));
        let radius = CELL * 0.4;
        for (row, line) in rows.iter().enumerate() {
            for (column, mark) in line.chars().take(8).enumerate() {
                let center = egui::pos2(
                    board.min.x + (column as f32 + 0.5) * CELL,
                    board.min.y + (row as f32 + 0.5) * CELL,
                );
                match mark {
                    'B' => {
                        painter.circle(center, radius, black, edge);
                    }
                    'W' => {
                        painter.circle(center, radius, white, edge);
                    }
                    '*' => {
                        painter.circle(
                            center,
                            radius,
                            black,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 200, 40)),
                        );
                    }
                    'f' => {
                        painter.circle(center, radius, black, edge);
                        painter.circle_filled(
                            center,
                            radius * 0.35,
                            egui::Color32::from_rgb(235, 80, 60),
                        );
                    }
                    'x' => {
                        painter.circle_filled(
                            center,
                            radius * 0.35,
                            egui::Color32::from_rgba_unmultiplied(250, 200, 40, 200),
                        );
                    }
                    's' => {
                        painter.circle(
                            center,
                            radius,
                            black,
                            egui::Stroke::new(2.0, egui::Color32::from_rgb(90, 220, 120)),
                        );
                    }
                    'o' | 'e' => {
                        let tint = if mark == 'o' {
                            egui::Color32::from_rgba_unmultiplied(250, 200, 40, 110)
                        } else {
                            egui::Color32::from_rgba_unmultiplied(90, 170, 250, 110)
                        };
                        let cell = egui::Rect::from_center_size(center, egui::vec2(CELL, CELL));
                        painter.rect_filled(cell.shrink(1.0), 0.0, tint);
                    }
                    'X' | 'C' => {
                        painter.text(
                            center,
                            egui::Align2::CENTER_CENTER,
                            mark,
                            egui::FontId::proportional(13.0),
                            egui::Color32::from_rgb(250, 200, 40),
                        );
                    }
                    _ => {}
                }
            }
        }
        ui.add(egui::Label::new(egui::RichText::new(l.text(caption)).size(12.5)).wrap());
    });
}

const START: Diagram = [
    "........", "........", "...x....", "..xWB...", "...BWx..", "....x...", "........", "........",
];

const OUTFLANK_BEFORE: Diagram = [
    "........", "........", "..xW....", "..WWB...", "..WBW...", "..B..B..", "........", "........",
];

const OUTFLANK_AFTER: Diagram = [
    "........", "........", "..*W....", "..ffB...", "..fBf...", "..B..B..", "........", "........",
];

const STABLE: Diagram = [
    "ssss.W..", "sss.W...", "ss.BW...", "s..WB...", "...B....", "........", "........", "........",
];

const X_AND_C_SQUARES: Diagram = [
    ".C....C.", "CX....XC", "........", "...WB...", "...BW...", "........", "CX....XC", ".C....C.",
];

/// Black, with four inner discs, has twenty moves; White, with a wall of twelve, has none.
const MOBILITY: Diagram = [
    "........", ".xxxxxx.", ".xWWWWx.", ".xWBBWx.", ".xWBBWx.", ".xWWWWx.", ".xxxxxx.", "........",
];

/// A quiet move: d6 flips only d5, inside Black's discs, and takes two moves from White.
const QUIET_BEFORE: Diagram = [
    "........", "........", ".W.B.W..", "..WBW...", ".BBWB...", "..BxB...", "WWWB.B..", "......B.",
];

const QUIET_AFTER: Diagram = [
    "........", "........", ".W.B.W..", "..WBW...", ".BBfB...", "..B*B...", "WWWB.B..", "......B.",
];

/// An endgame with Black to move: three regions of one empty square, one of five, one of two.
const PARITY: Diagram = [
    "WBBBWWWW", "WBBBoBWW", "BWWBBWWo", "WWBWWBBB", "oWWWWBBB", "BWWWBWBB", "ooBoBBWe", "oBoBBBeW",
];

/// Black's reserve move a8: White cannot play there; Black can save it for later.
const RESERVE_BEFORE: Diagram = [
    "W.......", ".WB..B..", "W.BBB...", ".WBWB..B", ".BBBBBBW", "BWBWWWWW", "W..WWWWW", "x.....BW",
];

const RESERVE_AFTER: Diagram = [
    "W.......", ".WB..B..", "W.BBB...", ".WBWB..B", ".BBBBBBW", "BWBWWWWW", "f..WWWWW", "*.....BW",
];

const PASS: Diagram = [
    "xWBBBBBB", "........", "........", "...BB...", "...BB...", "........", "........", "........",
];

// ---------------------------------------------------------------------------------------------
// Pages as data

/// A piece of a help page. The text pages are lists of blocks that one renderer, [`draw`], shows.
enum Block {
    Heading(&'static str),
    Paragraph(Words),
    Bullets(&'static [Words]),
    /// Board diagrams side by side, each with its caption.
    Diagrams(&'static [(&'static Diagram, &'static str)]),
}

/// Words of a page, from the translation files.
enum Words {
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
fn draw(ui: &mut egui::Ui, l: &Locale, page: &[Block]) {
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

const RULES: &[Block] = &[
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

const PLAYING: &[Block] = &[
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

const STRATEGY: &[Block] = &[
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
];

/// Every menu entry and what it does, with its keys.
const MENUS: &[Block] = &[
    Heading("menu-game"),
    Bullets(&[
        Words::Action(Action::NewGame, "help-menus-new-game"),
        Words::Action(Action::Resign, "help-menus-resign"),
        Words::Entry("menu-save-game", "help-menus-save"),
        Words::Entry("menu-open-game", "help-menus-open"),
        Words::Entry("menu-copy-transcript", "help-menus-copy"),
        Words::Entry("menu-paste", "help-menus-paste"),
        Words::Entry("menu-review-game", "help-menus-review"),
        Words::Entry("menu-set-up", "help-menus-set-up"),
        Words::Entry("menu-save-picture", "help-menus-save-picture"),
        Words::Entry("menu-game-record", "help-menus-game-record"),
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
    Heading("menu-help"),
    Bullets(&[Words::Message("help-menus-help")]),
    Heading("help-menus-toolbar-heading"),
    text("help-menus-toolbar"),
];

/// Each control of the Options window, named as the window names it.
const OPTIONS: &[Block] = &[
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

/// Subjects and the page that explains them, for the index.
const INDEX: [(&str, HelpTopic); 41] = [
    ("help-index-board", HelpTopic::Rules),
    ("help-index-flipping", HelpTopic::Rules),
    ("help-index-pass", HelpTopic::Rules),
    ("help-index-end", HelpTopic::Rules),
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
    ("help-index-files", HelpTopic::Menus),
    ("help-index-statistics", HelpTopic::Menus),
    ("help-index-resign", HelpTopic::Menus),
    ("help-index-full-screen", HelpTopic::Menus),
    ("help-index-options", HelpTopic::Options),
    ("help-index-language", HelpTopic::Options),
    ("help-index-themes", HelpTopic::Options),
    ("help-index-sound", HelpTopic::Options),
    ("help-index-levels", HelpTopic::Options),
    ("help-index-clock", HelpTopic::Options),
    ("help-index-corners", HelpTopic::Strategy),
    ("help-index-xc", HelpTopic::Strategy),
    ("help-index-mobility", HelpTopic::Strategy),
    ("help-index-frontier", HelpTopic::Strategy),
    ("help-index-edges", HelpTopic::Strategy),
    ("help-index-parity", HelpTopic::Strategy),
    ("help-index-tempo", HelpTopic::Strategy),
    ("help-index-shortcuts", HelpTopic::Shortcuts),
    ("help-index-engine", HelpTopic::About),
    ("help-index-version", HelpTopic::About),
];

/// The subjects, in the player's language, whose words contain `search` (any case), in index
/// order.
fn index_entries<'a>(
    l: &'a Locale,
    search: &str,
) -> impl Iterator<Item = (String, HelpTopic)> + 'a {
    let search = search.trim().to_lowercase();
    INDEX
        .into_iter()
        .map(|(subject, topic)| (l.text(subject), topic))
        .filter(move |(subject, _)| subject.to_lowercase().contains(&search))
}

/// The index with its search field; returns the page chosen.
fn index(ui: &mut egui::Ui, l: &Locale, search: &mut String) -> Option<HelpTopic> {
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

fn shortcuts(ui: &mut egui::Ui, l: &Locale) {
    let keys = KEY_BINDINGS
        .iter()
        .map(|binding| (binding.describe(), l.render(&binding.action.label())));
    let pointer_and_typing = [
        ("help-keys-typing", "help-keys-typing-what"),
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
fn about(ui: &mut egui::Ui, l: &Locale) {
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
        // Every page but the index itself has subjects in the index.
        for topic in HelpTopic::ALL {
            let listed = INDEX.iter().any(|(_, page)| *page == topic);
            assert_eq!(listed, topic != HelpTopic::Index, "{topic:?}");
        }
    }

    /// The diagrams' marks for the side to move are its legal moves, so no picture teaches a
    /// wrong move.
    #[test]
    fn the_diagrams_mark_exactly_the_legal_moves() {
        use reversi_engine::{Board, Color};
        let board_of = |rows: &Diagram, to_move: Color| {
            let text: String = rows
                .iter()
                .flat_map(|row| row.chars())
                .map(|mark| match mark {
                    'B' | '*' | 'f' | 's' => 'X',
                    'W' => 'O',
                    _ => '-',
                })
                .collect();
            let side = if to_move == Color::Black { 'X' } else { 'O' };
            reversi_engine::format::parse_board_string(&format!("{text} {side}"))
                .expect("a diagram is a board")
        };
        let marked = |rows: &Diagram| -> u64 {
            let mut bits = 0;
            for (row, line) in rows.iter().enumerate() {
                for (column, mark) in line.chars().enumerate() {
                    if mark == 'x' {
                        bits |= 1u64 << (row * 8 + column);
                    }
                }
            }
            bits
        };
        for rows in [
            START,
            OUTFLANK_BEFORE,
            MOBILITY,
            QUIET_BEFORE,
            RESERVE_BEFORE,
        ] {
            let board: Board = board_of(&rows, Color::Black);
            let legal = board.legal_moves();
            assert_eq!(legal & marked(&rows), marked(&rows), "{rows:?}");
            if rows == MOBILITY {
                assert_eq!(legal, marked(&rows), "every move of Black is shown");
                let white = board_of(&rows, Color::White);
                assert_eq!(white.legal_moves(), 0, "White has no move");
            }
        }
        let reserve = board_of(&RESERVE_BEFORE, Color::White);
        let a8 = 1u64 << 56;
        assert_eq!(reserve.legal_moves() & a8, 0, "White cannot take a8");
    }
}
