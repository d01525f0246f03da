//! The side panel: each player with their disc count, clock and whether they are to move; the
//! status line and the opening's name; the main buttons; the evaluation graph; the list of moves.

use bevy::prelude::Resource;
use bevy_egui::egui;
use reversi_engine::search::Progress;
use reversi_engine::variant::Variant;
use reversi_engine::{Color, MAX_COMMENT_CHARS, Move, move_number_in};

use super::dialogs::variant_name;
use super::{PanelContext, with_keys};
use crate::game::format_time;
use crate::input::Action;
use crate::locale::{Locale, Text};

pub(super) fn side_panel(ui: &mut egui::Ui, p: &mut PanelContext) {
    let state = &*p.state;
    let board = state.board();
    ui.add_space(8.0);
    ui.heading(p.locale.text("side-panel-title"));
    // Any other board or rules is named, so that a player always knows who wins how.
    let variant = board.variant();
    if !variant.same_rules_as(&Variant::OTHELLO) {
        ui.label(egui::RichText::new(p.locale.render(&variant_name(&variant))).strong());
    }
    ui.add_space(6.0);
    let mut asked = None;
    for color in [Color::Black, Color::White] {
        let to_move = state.side_to_move() == Some(color);
        let frame = egui::Frame::group(ui.style()).fill(if to_move {
            ui.visuals().selection.bg_fill.gamma_multiply(0.35)
        } else {
            ui.visuals().panel_fill
        });
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                disc_icon(ui, color, 22.0);
                ui.vertical(|ui| {
                    ui.label(
                        egui::RichText::new(
                            p.locale.render(
                                &Text::new("side-panel-count")
                                    .with("color", color)
                                    .with("count", board.count(color)),
                            ),
                        )
                        .strong()
                        .size(17.0),
                    );
                    let player = state.players.of(color);
                    let scripted = p.scripted.0 == Some(color);
                    let name = if scripted {
                        p.locale.render(&Text::new("side-panel-study-side"))
                    } else if let Some(person) = p.names.of(state.players, color) {
                        person.to_string()
                    } else {
                        p.locale.render(&player.name())
                    };
                    ui.label(name);
                    if !to_move && !player.is_human() && p.computer.is_pondering() {
                        let pondering = p.locale.text("side-panel-pondering");
                        ui.label(egui::RichText::new(pondering).weak());
                    }
                    // With a fixed supply (the 1876 rules) a player with none left passes.
                    if let Some(left) = board.discs_left(color) {
                        let left = Text::new("side-panel-discs-left").with("count", left);
                        ui.label(egui::RichText::new(p.locale.render(&left)).weak());
                    }
                    if let Some(limit) = player
                        .time_limit_text(*p.computer_time)
                        .filter(|_| !scripted)
                    {
                        ui.label(egui::RichText::new(p.locale.render(&limit)).weak());
                    }
                    if p.clock.settings.is_some() {
                        ui.monospace(format_time(p.clock.remaining(color)));
                    } else {
                        // No clock: the time spent so far, in whole minutes, so a window
                        // waiting for the player redraws once a minute, not every second.
                        let minutes = p.clock.used(color).as_secs() / 60;
                        let used = Text::new("side-panel-time-spent").with("minutes", minutes);
                        ui.label(egui::RichText::new(p.locale.render(&used)).weak());
                    }
                });
                if to_move {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if p.computer.is_thinking() {
                            ui.spinner();
                            ui.label(p.locale.text("side-panel-thinking"));
                        } else {
                            ui.label(p.locale.text("side-panel-to-move"));
                        }
                    });
                }
            });
            if to_move && let Some(progress) = p.computer.progress() {
                live_search(ui, &p.locale, &progress, None);
            } else if to_move && let Some(progress) = p.hints.progress() {
                live_search(ui, &p.locale, &progress, Some("search-hints"));
            }
            if to_move {
                asked = asked.or(engine_buttons(ui, p));
            }
        });
        ui.add_space(4.0);
    }
    ui.add_space(6.0);
    let status = if p.notice.is_empty() {
        p.locale.render(&state.describe())
    } else {
        p.notice.words(&p.locale)
    };
    ui.label(egui::RichText::new(status).size(15.0));
    if let Some(opening) = state.opening_name() {
        let opening = Text::new("side-panel-opening").with("name", opening);
        ui.label(egui::RichText::new(p.locale.render(&opening)).italics());
    }
    ui.add_space(8.0);
    if let Some(action) = asked {
        p.actions.send(action);
    }
    toolbar(ui, p);
    if p.analysis.enabled {
        ui.separator();
        analysis_lines(ui, p);
    }
    if p.graph.enabled {
        ui.separator();
        ui.label(egui::RichText::new(p.locale.text("side-panel-evaluation")).strong());
        super::graph::evaluation_graph(ui, p);
    }
    ui.separator();
    ui.label(egui::RichText::new(p.locale.text("side-panel-moves")).strong());
    move_comment(ui, p);
    move_list(ui, p);
}

/// The comment being written on the move on show, until it is handed to the game.
#[derive(Resource, Default)]
pub(super) struct CommentDraft {
    /// The move it is on: its index in the game's history.
    index: Option<usize>,
    text: String,
}

/// The comment on the move that led to the position on show, above the move list: any text,
/// kept with the game (saved games, GGF) once the field loses the focus.
fn move_comment(ui: &mut egui::Ui, p: &mut PanelContext) {
    let game = &p.state.game;
    let Some(index) = game.cursor().checked_sub(1) else {
        return;
    };
    let stored = game.comment(index).unwrap_or_default();
    let id = egui::Id::new("move comment");
    // While the player writes, the draft is theirs; otherwise it shows the game's comment.
    let writing = ui.memory(|memory| memory.has_focus(id));
    if !writing || p.comment.index != Some(index) {
        p.comment.index = Some(index);
        p.comment.text = stored.to_string();
    }
    let mv = move_text(&p.locale, game.history(), index, game.history()[index]);
    let hint = p
        .locale
        .render(&Text::new("side-panel-comment-hint").with("move", mv));
    let field = egui::TextEdit::multiline(&mut p.comment.text)
        .id(id)
        .hint_text(hint)
        .desired_rows(1)
        .desired_width(f32::INFINITY)
        .char_limit(MAX_COMMENT_CHARS);
    let response = ui.add(field);
    if response.lost_focus() && p.comment.text.trim() != stored {
        p.actions.comment(index, p.comment.text.clone());
    }
}

/// The computer's (or the hints') search so far: depth, score for the side to move, nodes and
/// expected line, after `heading` when there is one.
fn live_search(
    ui: &mut egui::Ui,
    locale: &Locale,
    progress: &Progress,
    heading: Option<&'static str>,
) {
    let depth = if progress.exact {
        Text::new("search-solved").with("empties", progress.depth)
    } else if let Some(certainty) = progress.probable {
        Text::new("search-probable")
            .with("empties", progress.depth)
            .with("percent", certainty.percent())
    } else {
        Text::new("search-depth").with("depth", progress.depth)
    };
    let nodes = progress.nodes as f64;
    let nodes = if nodes >= 1e6 {
        Text::new("search-million-nodes").with("count", format!("{:.1}", nodes / 1e6))
    } else {
        Text::new("search-thousand-nodes").with("count", format!("{:.0}", nodes / 1e3))
    };
    let (depth, nodes) = (locale.render(&depth), locale.render(&nodes));
    let line: Vec<String> = progress
        .pv
        .iter()
        .take(8)
        .map(ToString::to_string)
        .collect();
    let weak = |text: String| egui::RichText::new(text).small().weak();
    let heading = heading.map_or_else(String::new, |key| format!("{}: ", locale.text(key)));
    ui.label(weak(format!(
        "{heading}{depth}, {:+}, {nodes}",
        progress.score
    )));
    ui.label(weak(line.join(" ")).monospace());
}

/// *Analyse until I stop*: the depth reached and the best lines, each with its score for the
/// side to move (`=` when solved to the end) and the moves expected.
fn analysis_lines(ui: &mut egui::Ui, p: &PanelContext) {
    ui.label(egui::RichText::new(p.locale.text("side-panel-analysis")).strong());
    let Some(found) = p.analysis.found(&p.state) else {
        ui.label(egui::RichText::new(p.locale.text("analysis-not-now")).weak());
        return;
    };
    let heading = if found.depth == 0 {
        Text::new("analysis-starting")
    } else if found.solved {
        Text::new("analysis-solved")
    } else if p.analysis.is_thinking() {
        Text::new("analysis-depth").with("depth", found.depth)
    } else {
        Text::new("analysis-stopped").with("depth", found.depth)
    };
    ui.label(egui::RichText::new(p.locale.render(&heading)).weak());
    for line in &found.lines {
        let exact = if line.score.exact { "=" } else { "" };
        let moves: Vec<String> = line.moves.iter().map(ToString::to_string).collect();
        ui.label(
            egui::RichText::new(format!("{exact}{:+} {}", line.score.score, moves.join(" ")))
                .monospace(),
        );
    }
}

/// While the engine searches the position: *Move now* for the computer's search, *Stop* for
/// any, each with its shortcut in the tooltip.
fn engine_buttons(ui: &mut egui::Ui, p: &PanelContext) -> Option<Action> {
    let buttons = [
        (Action::MoveNow, p.computer.is_thinking()),
        (Action::Stop, p.searching()),
    ];
    let mut asked = None;
    if buttons.iter().any(|(_, shown)| *shown) {
        ui.horizontal(|ui| {
            for (action, _) in buttons.iter().filter(|(_, shown)| *shown) {
                let label = p.locale.render(&action.label());
                let hover = with_keys(&p.locale, *action);
                if ui.small_button(label).on_hover_text(hover).clicked() {
                    asked = Some(*action);
                }
            }
        });
    }
    asked
}

/// The main buttons: each action with its shortcut in the tooltip, greyed when it cannot be done.
fn toolbar(ui: &mut egui::Ui, p: &mut PanelContext) {
    let game = &p.state.game;
    // An online game's board is the friend's too: undo is asked of them in the Online window.
    let own = !p.state.is_online();
    let buttons = [
        ("toolbar-new-game", Action::NewGame, own),
        ("toolbar-undo-all", Action::UndoAll, own && game.can_undo()),
        ("toolbar-undo", Action::Undo, own && game.can_undo()),
        ("toolbar-redo", Action::Redo, own && game.can_redo()),
        ("toolbar-redo-all", Action::RedoAll, own && game.can_redo()),
        (
            "toolbar-resign",
            Action::Resign,
            p.state.side_to_move().is_some(),
        ),
        ("toolbar-resume", Action::ResumePlay, p.state.suspended),
        ("toolbar-reset-view", Action::ResetView, true),
    ];
    ui.horizontal_wrapped(|ui| {
        for (label, action, enabled) in buttons {
            let hover = with_keys(&p.locale, action);
            if ui
                .add_enabled(enabled, egui::Button::new(p.locale.text(label)))
                .on_hover_text(hover)
                .clicked()
            {
                p.actions.send(action);
            }
        }
    });
}

/// The game record, numbered move by move as Reversi counts them (1 to 60; passes are not
/// numbered), four to a row; undone moves greyed; a click goes to the position after that move.
/// A move with side lines is marked, and the side lines are listed below: a click on one goes
/// to the position after its own move.
fn move_list(ui: &mut egui::Ui, p: &mut PanelContext) {
    let game = &p.state.game;
    let cursor = game.cursor();
    let branches = game.branches();
    let mut color = game.start_board().to_move();
    let mut chosen = None;
    let mut chosen_line = None;
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let start = p.locale.text("move-list-start");
            if move_cell(ui, None, &start, cursor == 0, true).clicked() {
                chosen = Some(0);
            }
            egui::Grid::new("moves")
                .num_columns(MOVES_PER_ROW)
                .spacing([2.0, 2.0])
                .show(ui, |ui| {
                    for (index, mv) in game.history().iter().enumerate() {
                        let text = move_text(&p.locale, game.history(), index, *mv);
                        let played = index < cursor;
                        let mut cell =
                            move_cell(ui, Some(color), &text, index + 1 == cursor, played);
                        if branches.iter().any(|branch| branch.at == index) {
                            mark_branch(ui, cell.rect);
                        }
                        if let Some(comment) = game.comment(index) {
                            mark_comment(ui, cell.rect);
                            cell = cell.on_hover_text(comment);
                        }
                        if cell.clicked() {
                            chosen = Some(index + 1);
                        }
                        if (index + 1) % MOVES_PER_ROW == 0 {
                            ui.end_row();
                        }
                        color = color.opponent();
                    }
                });
            if !branches.is_empty() {
                ui.add_space(4.0);
                ui.label(egui::RichText::new(p.locale.text("move-list-side-lines")).weak());
            }
            for branch in &branches {
                let line = &game.side_lines()[branch.line];
                let text = side_line_text(&p.locale, line, branch.at);
                let instead = game
                    .history()
                    .get(branch.at)
                    .map(|mv| move_text(&p.locale, game.history(), branch.at, *mv));
                let hover = match instead {
                    Some(instead) => Text::new("move-list-side-line-instead").with("move", instead),
                    None => Text::new("move-list-side-line-after"),
                };
                let row = ui.add(
                    egui::Label::new(egui::RichText::new(text).monospace())
                        .sense(egui::Sense::click()),
                );
                if row
                    .on_hover_text(p.locale.render(&hover))
                    .on_hover_cursor(egui::CursorIcon::PointingHand)
                    .clicked()
                {
                    chosen_line = Some((branch.line, branch.at + 1));
                }
            }
        });
    if let Some(moves) = chosen {
        p.actions.go_to(moves);
    }
    if let Some((line, moves)) = chosen_line {
        p.actions.go_to_line(line, moves);
    }
}

/// How many moves of a side line its row shows after the one where it leaves the record.
const SIDE_LINE_PREVIEW: usize = 4;

/// A side line's row: its first own move with its number, a few moves after it, and how many
/// more there are.
fn side_line_text(locale: &Locale, line: &[Move], at: usize) -> String {
    let mut words: Vec<String> = line
        .iter()
        .enumerate()
        .skip(at)
        .take(SIDE_LINE_PREVIEW)
        .map(|(index, mv)| move_text(locale, line, index, *mv))
        .collect();
    let more = line.len().saturating_sub(at + SIDE_LINE_PREVIEW);
    if more > 0 {
        words.push(locale.render(&Text::new("move-list-side-line-more").with("count", more)));
    }
    words.join(" ")
}

/// A move as the list writes it: `12.c4`, numbered as Reversi counts disc moves, or a pass.
fn move_text(locale: &Locale, line: &[Move], index: usize, mv: Move) -> String {
    match (mv, move_number_in(line, index)) {
        (Move::Play(square), Some(number)) => format!("{number}.{square}"),
        _ => locale.text("move-list-pass"),
    }
}

/// A small gold corner on a move where a side line leaves the record.
fn mark_branch(ui: &egui::Ui, cell: egui::Rect) {
    let corner = cell.right_top();
    let size = 6.0;
    ui.painter().add(egui::Shape::convex_polygon(
        vec![
            corner,
            corner + egui::vec2(0.0, size),
            corner + egui::vec2(-size, 0.0),
        ],
        egui::Color32::from_rgb(230, 180, 40),
        egui::Stroke::NONE,
    ));
}

/// A small blue corner on a move with a comment (its text shows on hover).
fn mark_comment(ui: &egui::Ui, cell: egui::Rect) {
    let corner = cell.right_bottom();
    let size = 6.0;
    ui.painter().add(egui::Shape::convex_polygon(
        vec![
            corner,
            corner + egui::vec2(0.0, -size),
            corner + egui::vec2(-size, 0.0),
        ],
        egui::Color32::from_rgb(90, 160, 235),
        egui::Stroke::NONE,
    ));
}

const MOVES_PER_ROW: usize = 4;

/// One move of the list: the mover's disc and the move, highlighted when it is the position
/// shown, greyed when undone.
fn move_cell(
    ui: &mut egui::Ui,
    color: Option<Color>,
    text: &str,
    current: bool,
    played: bool,
) -> egui::Response {
    let size = egui::vec2(58.0, 18.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let visuals = ui.style().interact_selectable(&response, current);
    if current || response.hovered() {
        ui.painter().rect_filled(rect, 3.0, visuals.weak_bg_fill);
    }
    let mut x = rect.left() + 3.0;
    if let Some(color) = color {
        paint_disc(ui, egui::pos2(x + 5.0, rect.center().y), 5.0, color);
        x += 14.0;
    }
    let text_color = if played {
        visuals.text_color()
    } else {
        ui.visuals().weak_text_color()
    };
    ui.painter().text(
        egui::pos2(x, rect.center().y),
        egui::Align2::LEFT_CENTER,
        text,
        egui::FontId::monospace(12.0),
        text_color,
    );
    response.on_hover_cursor(egui::CursorIcon::PointingHand)
}

/// A small disc as the current-player indicator.
fn disc_icon(ui: &mut egui::Ui, color: Color, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    paint_disc(ui, rect.center(), size / 2.0 - 1.0, color);
}

/// A disc drawn flat: black with a light rim so it shows on the dark panel, white with a dark one.
fn paint_disc(ui: &egui::Ui, center: egui::Pos2, radius: f32, color: Color) {
    let (fill, edge) = match color {
        Color::Black => (egui::Color32::from_gray(10), egui::Color32::from_gray(150)),
        Color::White => (egui::Color32::from_gray(240), egui::Color32::from_gray(90)),
    };
    ui.painter()
        .circle(center, radius, fill, egui::Stroke::new(1.0, edge));
}
