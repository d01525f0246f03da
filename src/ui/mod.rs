//! What the player reads and clicks, in egui: the menu bar, the side panel (players, disc counts,
//! clocks, status, evaluation graph, moves), the banners and labels over the board, the help and the dialogs. It
//! sits on top and reads every feature below it.

mod dialogs;
mod graph;
mod help;
mod menus;
mod overlays;
mod side_panel;

pub use help::HelpWindow;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::{
    Analysis, BestLine, ComputerPlayer, EvaluationGraph, Hints, Review, ReviewRequest,
};
use crate::app_actions::Shown;
use crate::diagnostics::PipelinesReady;
use crate::game::{Clock, ComputerTime, Match, Notice, PlayerNames, ScriptedSide, SetupCommand};
use crate::input::{ActionSender, KeyboardForBoard, PointerOverPanel};
use crate::locale::{Locale, Text};
use crate::persistence::{GameList, GameTransfer, RecentFiles};
use crate::settings::{OptionsAction, OptionsDraft, Settings};
use crate::view::PanelInsets;
use dialogs::Dialogs;

const SIDE_PANEL_WIDTH: f32 = 270.0;

pub fn plugin(app: &mut App) {
    app.add_plugins((dialogs::plugin, help::plugin))
        .init_resource::<overlays::BannerClosed>()
        .init_resource::<menus::MenuBarFocus>()
        .init_resource::<side_panel::CommentDraft>()
        .add_systems(Update, menus::watch_menu_keys)
        .add_systems(Update, title_window)
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_ui_scale,
                panels,
                overlays::preparing_the_board,
                overlays::banners,
                overlays::board_labels,
                close_on_escape,
                track_egui_focus,
            )
                .chain(),
        );
}

/// The window's title follows the language, and says "Preparing the board..." while the first
/// start compiles its shaders: the title bar shows it even before egui can draw.
fn title_window(
    locale: Res<Locale>,
    ready: Option<Res<PipelinesReady>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    let preparing = ready.is_some_and(|ready| !ready.0);
    let title = if preparing {
        locale
            .render(&Text::new("window-title-preparing").with("title", locale.text("window-title")))
    } else {
        locale.text("window-title")
    };
    for mut window in &mut windows {
        if window.title != title {
            window.title.clone_from(&title);
        }
    }
}

/// What the panels need to read and change, gathered so the system stays readable.
#[derive(bevy::ecs::system::SystemParam)]
struct PanelContext<'w> {
    state: Res<'w, Match>,
    notice: ResMut<'w, Notice>,
    computer: Res<'w, ComputerPlayer>,
    clock: Res<'w, Clock>,
    computer_time: Res<'w, ComputerTime>,
    /// The names of the people playing here.
    names: Res<'w, PlayerNames>,
    /// The side a study session plays (the trainer's book, a puzzle's opponent).
    scripted: Res<'w, ScriptedSide>,
    /// The comment being written on the move on show.
    comment: ResMut<'w, side_panel::CommentDraft>,
    actions: ActionSender<'w>,
    transfers: MessageWriter<'w, GameTransfer>,
    dialogs: ResMut<'w, Dialogs>,
    choose_file: MessageWriter<'w, dialogs::ChooseFile>,
    recent: Res<'w, RecentFiles>,
    menu_focus: ResMut<'w, menus::MenuBarFocus>,
    hints: ResMut<'w, Hints>,
    graph: ResMut<'w, EvaluationGraph>,
    best_line: Res<'w, BestLine>,
    analysis: ResMut<'w, Analysis>,
    review: MessageWriter<'w, ReviewRequest>,
    /// The finished review, whose mistakes the evaluation graph marks.
    reviewed: Res<'w, Review>,
    setup: MessageWriter<'w, SetupCommand>,
    insets: ResMut<'w, PanelInsets>,
    clipboard: Option<ResMut<'w, EguiClipboard>>,
    locale: Res<'w, Locale>,
}

impl PanelContext<'_> {
    /// Whether the engine searches anything now (what *Stop* halts).
    fn searching(&self) -> bool {
        self.computer.is_thinking()
            || self.hints.is_thinking()
            || self.best_line.is_thinking()
            || self.graph.is_thinking()
            || self.reviewed.is_thinking()
            || self.analysis.is_thinking()
    }
}

/// The classic menus, then the side panel; the space they take is handed to the camera.
fn panels(mut contexts: EguiContexts, mut p: PanelContext) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let top = egui::Panel::top("menu_bar")
        .show(&mut root, |ui| {
            egui::MenuBar::new().ui(ui, |ui| menus::menus(ui, &mut p));
        })
        .response
        .rect
        .height();
    let right = egui::Panel::right("side_panel")
        .exact_size(SIDE_PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| side_panel::side_panel(ui, &mut p))
        .response
        .rect
        .width();
    // egui measures in points, the camera in logical pixels: a point is `zoom` pixels.
    let zoom = ctx.zoom_factor();
    p.insets.set_if_neq(PanelInsets {
        left: 0.0,
        right: right * zoom,
        top: top * zoom,
        bottom: 0.0,
    });
    Ok(())
}

/// An action's name with its keys, "Undo move (Ctrl+Z)", for tooltips and the help.
fn with_keys(locale: &Locale, action: crate::input::Action) -> String {
    let label = locale.render(&action.label());
    match action.keys(locale) {
        keys if keys.is_empty() => label,
        keys => locale.render(
            &Text::new("action-with-keys")
                .with("action", label)
                .with("keys", keys),
        ),
    }
}

/// The interface size chosen in Options (egui's zoom: text, buttons and spacing together).
fn apply_ui_scale(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ctx.zoom_factor() != settings.ui_scale {
        // Options own the size; egui's own Ctrl+plus/minus would be undone the next frame.
        ctx.options_mut(|options| options.zoom_with_keyboard = false);
        ctx.set_zoom_factor(settings.ui_scale);
    }
    Ok(())
}

/// The windows of work on the game rather than of settings: the position setup and the review.
#[derive(bevy::ecs::system::SystemParam)]
struct WorkWindows<'w> {
    state: Res<'w, Match>,
    review: Res<'w, Review>,
    setup: MessageWriter<'w, SetupCommand>,
    review_requests: MessageWriter<'w, ReviewRequest>,
}

/// Escape closes the window on top, one per press: a file dialog or a GGF file's game list,
/// Options (as Cancel), the position setup (as Cancel), the game review, Statistics, then Help. Tab moves between a window's controls and Space or Enter presses them,
/// as egui does everywhere.
fn close_on_escape(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    draft: Res<OptionsDraft>,
    mut options: MessageWriter<OptionsAction>,
    mut help: ResMut<HelpWindow>,
    mut game_list: ResMut<GameList>,
    mut statistics: ResMut<Shown<dialogs::StatisticsWindow>>,
    mut work: WorkWindows,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !ctx.input_mut(|input| input.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
        return Ok(());
    }
    if dialogs.file.is_some() {
        dialogs.file = None;
    } else if game_list.0.is_some() {
        game_list.0 = None;
    } else if draft.0.is_some() {
        options.write(OptionsAction::Cancel);
    } else if work.state.editing {
        work.setup.write(SetupCommand::Cancel);
    } else if work.review.progress().is_some() || work.review.mistakes().is_some() {
        work.review_requests.write(ReviewRequest::Close);
    } else if statistics.open {
        statistics.open = false;
    } else {
        help.open = None;
    }
    Ok(())
}

/// Board input listens only when egui does not want the pointer or the keyboard.
fn track_egui_focus(
    wants: Option<Res<EguiWantsInput>>,
    mut over_panel: ResMut<PointerOverPanel>,
    mut keyboard: ResMut<KeyboardForBoard>,
) {
    let Some(wants) = wants else { return };
    over_panel.set_if_neq(PointerOverPanel(wants.wants_any_pointer_input()));
    keyboard.set_if_neq(KeyboardForBoard(!wants.wants_any_keyboard_input()));
}
