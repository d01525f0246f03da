//! The Help window: the rules with small board diagrams, how to play with mouse and keyboard, the
//! menus, the options, a strategy guide, the game's history, the keyboard shortcuts, an index and
//! the About page, one tab each. Every word comes from the translation files (`help-*` messages);
//! a page names another as a link that opens it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

mod diagrams;
mod index;
mod pages;
mod strategy;

use pages::{HISTORY, MENUS, OPTIONS, PLAYING, RULES, about, draw, shortcuts};
use strategy::STRATEGY;

use crate::app_actions::{AppWindow, HelpTopic, OpenWindow};
use crate::locale::Locale;

impl HelpTopic {
    /// The page's tab.
    pub fn title(self) -> &'static str {
        match self {
            HelpTopic::Rules => "help-tab-rules",
            HelpTopic::Playing => "help-tab-playing",
            HelpTopic::Menus => "help-tab-menus",
            HelpTopic::Options => "help-tab-options",
            HelpTopic::Strategy => "help-tab-strategy",
            HelpTopic::History => "help-tab-history",
            HelpTopic::Shortcuts => "help-tab-shortcuts",
            HelpTopic::Index => "help-tab-index",
            HelpTopic::About => "help-tab-about",
        }
    }

    /// The variable through which a help text names the page: `{ $page_options }` shows the
    /// page's title as a link that opens it.
    fn link_variable(self) -> &'static str {
        match self {
            HelpTopic::Rules => "page_rules",
            HelpTopic::Playing => "page_playing",
            HelpTopic::Menus => "page_menus",
            HelpTopic::Options => "page_options",
            HelpTopic::Strategy => "page_strategy",
            HelpTopic::History => "page_history",
            HelpTopic::Shortcuts => "page_shortcuts",
            HelpTopic::Index => "page_index",
            HelpTopic::About => "page_about",
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
        .add_systems(Update, open_on_request)
        .add_systems(EguiPrimaryContextPass, help_window);
}

/// Help opens at the page asked for.
fn open_on_request(mut requests: MessageReader<OpenWindow>, mut help: ResMut<HelpWindow>) {
    for OpenWindow(window) in requests.read() {
        if let AppWindow::Help(topic) = window {
            help.open = Some(*topic);
        }
    }
}

fn help_window(
    mut contexts: EguiContexts,
    mut help: ResMut<HelpWindow>,
    mut search: Local<String>,
    locale: Res<Locale>,
) -> Result {
    if help.open.is_none() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let next = help.show(ctx, &locale, &mut search);
    if help.open != next {
        help.open = next;
    }
    Ok(())
}

impl HelpWindow {
    /// Draws the window, if it is open, with the page it shows; returns the page to show next:
    /// another one when a tab or a link has been clicked, `None` once the window is closed.
    /// `search` is what the index's search field holds.
    pub fn show(&self, ctx: &egui::Context, l: &Locale, search: &mut String) -> Option<HelpTopic> {
        let mut topic = self.open?;
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
                        let link = match topic {
                            HelpTopic::Rules => draw(ui, l, RULES),
                            HelpTopic::Playing => draw(ui, l, PLAYING),
                            HelpTopic::Menus => draw(ui, l, MENUS),
                            HelpTopic::Options => draw(ui, l, OPTIONS),
                            HelpTopic::Strategy => draw(ui, l, STRATEGY),
                            HelpTopic::History => draw(ui, l, HISTORY),
                            HelpTopic::Shortcuts => {
                                shortcuts(ui, l);
                                None
                            }
                            HelpTopic::Index => index::index(ui, l, search),
                            HelpTopic::About => about(ui, l),
                        };
                        if let Some(page) = link {
                            topic = page;
                        }
                    });
            });
        (open && !close).then_some(topic)
    }
}
