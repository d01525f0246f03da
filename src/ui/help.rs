//! The Help window: the rules with small board diagrams, how to play with mouse and keyboard, the
//! menus, the options, a strategy guide, the keyboard shortcuts, an index and the About page, one
//! tab each. Every word comes from the translation files (`help-*` messages).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::with_keys;
use crate::input::{Action, KEY_BINDINGS, OpenDialog};
use crate::locale::{Locale, Text};

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
                        HelpTopic::Rules => rules(ui, l),
                        HelpTopic::Playing => playing(ui, l),
                        HelpTopic::Menus => menus(ui, l),
                        HelpTopic::Options => options(ui, l),
                        HelpTopic::Strategy => strategy(ui, l),
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

fn heading(ui: &mut egui::Ui, l: &Locale, key: &'static str) {
    ui.add_space(6.0);
    ui.label(egui::RichText::new(l.text(key)).strong().size(16.0));
}

fn paragraph(ui: &mut egui::Ui, l: &Locale, key: &'static str) {
    ui.label(l.text(key));
}

fn bullets(ui: &mut egui::Ui, items: &[String]) {
    for item in items {
        ui.horizontal_wrapped(|ui| {
            ui.label("•");
            ui.label(item);
        });
    }
}

/// A paragraph that names an action's keys (the shortcut table is their one source).
fn with_action_keys(l: &Locale, key: &'static str, action: Action) -> String {
    l.render(&Text::new(key).with("keys", action.keys(l)))
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
// Pages

fn rules(ui: &mut egui::Ui, l: &Locale) {
    heading(ui, l, "help-rules-board-heading");
    paragraph(ui, l, "help-rules-board");
    paragraph(ui, l, "help-rules-start");
    diagram(ui, l, &START, "help-rules-start-caption");

    heading(ui, l, "help-rules-moving-heading");
    paragraph(ui, l, "help-rules-moving");
    paragraph(ui, l, "help-rules-moving-only");
    ui.horizontal_wrapped(|ui| {
        diagram(ui, l, &OUTFLANK_BEFORE, "help-rules-outflank-before");
        diagram(ui, l, &OUTFLANK_AFTER, "help-rules-outflank-after");
    });

    heading(ui, l, "help-rules-passing-heading");
    paragraph(ui, l, "help-rules-passing");
    diagram(ui, l, &PASS, "help-rules-pass-caption");

    heading(ui, l, "help-rules-end-heading");
    paragraph(ui, l, "help-rules-end");
    paragraph(ui, l, "help-rules-scoring");
    paragraph(ui, l, "help-rules-resign");

    heading(ui, l, "help-rules-variants-heading");
    paragraph(ui, l, "help-rules-variants");
    bullets(
        ui,
        &[
            l.text("help-rules-variant-sizes"),
            l.text("help-rules-variant-reversi"),
            l.text("help-rules-variant-eight-star"),
            l.text("help-rules-variant-1876"),
        ],
    );
}

fn playing(ui: &mut egui::Ui, l: &Locale) {
    heading(ui, l, "help-playing-mouse-heading");
    bullets(
        ui,
        &[
            l.text("help-playing-mouse-click"),
            l.text("help-playing-mouse-markers"),
            with_action_keys(l, "help-playing-mouse-view", Action::ResetView),
        ],
    );
    heading(ui, l, "help-playing-keyboard-heading");
    paragraph(ui, l, "help-playing-keyboard");
    heading(ui, l, "help-playing-computer-heading");
    paragraph(ui, l, "help-playing-computer");
    paragraph(ui, l, "help-playing-computer-search");
    heading(ui, l, "help-playing-undo-heading");
    bullets(
        ui,
        &[
            l.render(
                &Text::new("help-playing-undo")
                    .with("undo", Action::Undo.keys(l))
                    .with("redo", Action::Redo.keys(l))
                    .with("undo_all", Action::UndoAll.keys(l))
                    .with("redo_all", Action::RedoAll.keys(l)),
            ),
            l.text("help-playing-suspended"),
            with_action_keys(l, "help-playing-resume", Action::ResumePlay),
            l.text("help-playing-move-list"),
            l.text("help-playing-replace"),
        ],
    );
    heading(ui, l, "help-playing-files-heading");
    paragraph(ui, l, "help-playing-options");
    paragraph(ui, l, "help-playing-ggf");
    paragraph(ui, l, "help-playing-autosave");
    heading(ui, l, "help-playing-graph-heading");
    paragraph(ui, l, "help-playing-graph");
    heading(ui, l, "help-playing-review-heading");
    paragraph(ui, l, "help-playing-review");
    heading(ui, l, "help-playing-setup-heading");
    paragraph(ui, l, "help-playing-setup");
    heading(ui, l, "help-playing-record-heading");
    paragraph(ui, l, "help-playing-record");
    heading(ui, l, "help-playing-best-line-heading");
    ui.label(with_action_keys(
        l,
        "help-playing-best-line",
        Action::ToggleBestLine,
    ));
    heading(ui, l, "help-playing-openings-heading");
    paragraph(ui, l, "help-playing-openings");
}

fn strategy(ui: &mut egui::Ui, l: &Locale) {
    paragraph(ui, l, "help-strategy-intro");

    heading(ui, l, "help-strategy-corners-heading");
    paragraph(ui, l, "help-strategy-corners");
    paragraph(ui, l, "help-strategy-corners-cost");
    diagram(ui, l, &STABLE, "help-strategy-stable-caption");

    heading(ui, l, "help-strategy-xc-heading");
    paragraph(ui, l, "help-strategy-xc");
    paragraph(ui, l, "help-strategy-xc-avoid");
    diagram(ui, l, &X_AND_C_SQUARES, "help-strategy-xc-caption");

    heading(ui, l, "help-strategy-mobility-heading");
    paragraph(ui, l, "help-strategy-mobility");
    paragraph(ui, l, "help-strategy-mobility-few-discs");
    diagram(ui, l, &MOBILITY, "help-strategy-mobility-caption");

    heading(ui, l, "help-strategy-frontier-heading");
    paragraph(ui, l, "help-strategy-frontier");
    paragraph(ui, l, "help-strategy-quiet");
    ui.horizontal_wrapped(|ui| {
        diagram(ui, l, &QUIET_BEFORE, "help-strategy-quiet-before");
        diagram(ui, l, &QUIET_AFTER, "help-strategy-quiet-after");
    });

    heading(ui, l, "help-strategy-edges-heading");
    paragraph(ui, l, "help-strategy-edges");
    paragraph(ui, l, "help-strategy-wedges");

    heading(ui, l, "help-strategy-parity-heading");
    paragraph(ui, l, "help-strategy-parity");
    paragraph(ui, l, "help-strategy-parity-passes");
    diagram(ui, l, &PARITY, "help-strategy-parity-caption");

    heading(ui, l, "help-strategy-tempo-heading");
    paragraph(ui, l, "help-strategy-tempo");
    paragraph(ui, l, "help-strategy-reserve");
    ui.horizontal_wrapped(|ui| {
        diagram(ui, l, &RESERVE_BEFORE, "help-strategy-reserve-before");
        diagram(ui, l, &RESERVE_AFTER, "help-strategy-reserve-after");
    });
}

/// Every menu entry and what it does, with its keys.
fn menus(ui: &mut egui::Ui, l: &Locale) {
    let entry = |name: String, what: &'static str| {
        l.render(
            &Text::new("help-menu-entry")
                .with("entry", name)
                .with("what", Text::new(what)),
        )
    };
    let action = |action: Action, what: &'static str| entry(with_keys(l, action), what);
    let named = |name: &'static str, what: &'static str| entry(l.text(name), what);
    heading(ui, l, "menu-game");
    bullets(
        ui,
        &[
            action(Action::NewGame, "help-menus-new-game"),
            action(Action::Resign, "help-menus-resign"),
            named("menu-save-game", "help-menus-save"),
            named("menu-open-game", "help-menus-open"),
            named("menu-copy-transcript", "help-menus-copy"),
            named("menu-paste", "help-menus-paste"),
            named("menu-review-game", "help-menus-review"),
            named("menu-set-up", "help-menus-set-up"),
            named("menu-save-picture", "help-menus-save-picture"),
            named("menu-game-record", "help-menus-game-record"),
            action(Action::Open(OpenDialog::Options), "help-menus-options"),
            action(
                Action::Open(OpenDialog::Statistics),
                "help-menus-statistics",
            ),
            action(Action::Exit, "help-menus-exit"),
        ],
    );
    heading(ui, l, "menu-move");
    bullets(
        ui,
        &[
            action(Action::Undo, "help-menus-undo"),
            action(Action::Redo, "help-menus-redo"),
            action(Action::UndoAll, "help-menus-undo-all"),
            action(Action::RedoAll, "help-menus-redo-all"),
            action(Action::ResumePlay, "help-menus-resume"),
            named("menu-show-hints", "help-menus-hints"),
            action(Action::ToggleBestLine, "help-menus-best-line"),
            named("menu-evaluation-graph", "help-menus-graph"),
        ],
    );
    heading(ui, l, "menu-view");
    bullets(
        ui,
        &[
            action(Action::ResetView, "help-menus-reset-view"),
            action(Action::ToggleFullscreen, "help-menus-full-screen"),
        ],
    );
    heading(ui, l, "menu-help");
    bullets(ui, &[l.text("help-menus-help")]);
    heading(ui, l, "help-menus-toolbar-heading");
    paragraph(ui, l, "help-menus-toolbar");
}

/// Each control of the Options window, named as the window names it.
fn options(ui: &mut egui::Ui, l: &Locale) {
    paragraph(ui, l, "help-options-intro");
    let option = |name: &'static str, what: &'static str| {
        l.render(
            &Text::new("help-menu-entry")
                .with("entry", Text::new(name))
                .with("what", Text::new(what)),
        )
    };
    heading(ui, l, "options-display");
    bullets(
        ui,
        &[
            option("options-language", "help-options-language"),
            option("options-theme", "help-options-theme"),
            option("options-show-valid-moves", "help-options-valid-moves"),
            option("options-preview-moves", "help-options-preview"),
            option("options-animate-moves", "help-options-animate"),
            option("options-sound", "help-options-sound"),
            option("options-ui-scale", "help-options-ui-scale"),
            option("options-board-colour", "help-options-colours"),
        ],
    );
    heading(ui, l, "options-players");
    bullets(
        ui,
        &[
            option("help-options-black-white", "help-options-players"),
            option("options-computer-time", "help-options-computer-time"),
            option("options-hints", "help-options-hints"),
            option("options-ponder", "help-options-ponder"),
            option("options-variant", "help-options-variant"),
            option("options-first-move", "help-options-first-move"),
            option("options-scoring", "help-options-scoring"),
            option("options-clock", "help-options-clock"),
        ],
    );
    heading(ui, l, "help-options-buttons-heading");
    bullets(
        ui,
        &[
            option("button-ok", "help-options-ok"),
            option("button-cancel", "help-options-cancel"),
            option("options-restore-defaults", "help-options-restore"),
        ],
    );
    paragraph(ui, l, "help-options-saved");
}

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
    paragraph(ui, l, "help-keys-text-fields");
}

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
    heading(ui, l, "help-about-engine-heading");
    bullets(
        ui,
        &[
            l.text("help-about-search"),
            l.text("help-about-evaluation"),
            l.text("help-about-book"),
            l.text("help-about-solver"),
            l.text("help-about-levels"),
            l.text("help-about-background"),
        ],
    );
    heading(ui, l, "help-about-made-heading");
    paragraph(ui, l, "help-about-made");
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
