//! The Online window: invite a friend (name, colour, clock, whether the engine may help) or up to
//! seven friends to a championship (title, players), or join with a pasted invitation; then the
//! game's line, both clocks, the offers to answer, the chat and what was refused from the other
//! program; in a championship, the players, the table and the game under way too.

use std::time::Instant;

use bevy::prelude::*;
use bevy_egui::{EguiClipboard, EguiContexts, EguiPrimaryContextPass, egui};
use reversi_engine::Color;

use crate::app_actions::{AppWindow, OwnWindow, Shown, own_window};
use crate::game::{Match, format_time};
use crate::locale::{Locale, Text};
use crate::online::{
    ChampionshipChoice, ChampionshipSession, ClockTerms, InviteChoice, LineState, MAX_NAME_CHARS,
    Offer, Online, OnlineChampionship, OnlineCommand, OnlinePreferences, OnlineSession, Talk,
};
use reversi_online::championship::Championship;
use reversi_online::session::OnlineGame;

/// How long the clocks may stop, in all, while the line is down: the minutes offered.
const PAUSE_LIMITS: [u16; 4] = [5, 15, 60, 24 * 60];

/// The clocks offered: none, or minutes and seconds added a move.
const CLOCKS: [Option<(u16, u16)>; 5] = [
    None,
    Some((5, 3)),
    Some((10, 5)),
    Some((15, 10)),
    Some((30, 0)),
];

/// What the player is filling in, kept while the window is closed.
#[derive(Resource)]
pub(super) struct OnlineDraft {
    /// Inviting to a championship rather than to one game.
    championship: bool,
    title: String,
    players: u8,
    color: Option<Color>,
    clock: usize,
    pause_limit: usize,
    engine_help: bool,
    pasted: String,
    chat: String,
}

impl Default for OnlineDraft {
    fn default() -> OnlineDraft {
        OnlineDraft {
            championship: false,
            title: String::new(),
            players: 4,
            color: Some(Color::Black),
            clock: 2,
            pause_limit: 1,
            engine_help: false,
            pasted: String::new(),
            chat: String::new(),
        }
    }
}

/// The window of online games: a friend's game or a championship.
pub(in crate::ui) struct OnlineWindow;

impl OwnWindow for OnlineWindow {
    const WINDOW: AppWindow = AppWindow::Online;
}

/// The window: its open state, opened when asked for, and drawn while open.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(own_window::<OnlineWindow>)
        .init_resource::<OnlineDraft>()
        .add_systems(EguiPrimaryContextPass, online_window);
}

fn online_window(
    mut contexts: EguiContexts,
    mut shown: ResMut<Shown<OnlineWindow>>,
    online: Res<Online>,
    championship: Res<OnlineChampionship>,
    state: Res<Match>,
    mut preferences: ResMut<OnlinePreferences>,
    mut draft: ResMut<OnlineDraft>,
    mut clipboard: Option<ResMut<EguiClipboard>>,
    mut commands: MessageWriter<OnlineCommand>,
    locale: Res<Locale>,
) -> Result {
    if !shown.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let l = &*locale;
    let mut open = true;
    egui::Window::new(l.text("online-title"))
        .id(egui::Id::new("online"))
        .open(&mut open)
        .collapsible(false)
        .default_pos([24.0, 48.0])
        .default_width(440.0)
        .show(ctx, |ui| {
            let clipboard = clipboard.as_deref_mut();
            let (asked, clock_shown) = match (&online.0, &championship.0) {
                (Some(session), _) => (
                    friend_panel(ui, l, session, &state, &mut draft, clipboard),
                    session.game().terms().clock.is_some(),
                ),
                (None, Some(session)) => (
                    championship_panel(ui, l, session, &state, &mut draft, clipboard),
                    session.player().terms().clock.is_some(),
                ),
                (None, None) => (start_form(ui, l, &mut preferences, &mut draft), false),
            };
            if let Some(asked) = asked {
                commands.write(asked);
            }
            // The clocks count down on screen.
            if clock_shown {
                ctx.request_repaint_after(std::time::Duration::from_millis(500));
            }
        });
    if !open {
        shown.open = false;
    }
    Ok(())
}

/// Invite or join.
fn start_form(
    ui: &mut egui::Ui,
    l: &Locale,
    preferences: &mut OnlinePreferences,
    draft: &mut OnlineDraft,
) -> Option<OnlineCommand> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.label(l.text("online-your-name"));
        let edit = egui::TextEdit::singleline(&mut preferences.name).char_limit(MAX_NAME_CHARS);
        ui.add(edit);
    });
    ui.add_space(6.0);
    ui.heading(l.text("online-invite-heading"));
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut draft.championship,
            false,
            l.text("online-invite-friend"),
        );
        ui.radio_value(
            &mut draft.championship,
            true,
            l.text("online-invite-championship"),
        );
    });
    if draft.championship {
        championship_form(ui, l, draft);
    } else {
        friend_form(ui, l, draft);
    }
    ui.horizontal(|ui| {
        ui.label(l.text("online-clock"));
        egui::ComboBox::from_id_salt("online clock")
            .selected_text(clock_name(l, CLOCKS[draft.clock]))
            .show_ui(ui, |ui| {
                for (index, clock) in CLOCKS.iter().enumerate() {
                    ui.selectable_value(&mut draft.clock, index, clock_name(l, *clock));
                }
            });
    });
    if CLOCKS[draft.clock].is_some() {
        ui.horizontal(|ui| {
            ui.label(l.text("online-pause-limit"));
            let name = |minutes: u16| {
                l.render(&Text::new("online-pause-minutes").with("minutes", minutes))
            };
            egui::ComboBox::from_id_salt("online pause limit")
                .selected_text(name(PAUSE_LIMITS[draft.pause_limit]))
                .show_ui(ui, |ui| {
                    for (index, minutes) in PAUSE_LIMITS.iter().enumerate() {
                        ui.selectable_value(&mut draft.pause_limit, index, name(*minutes));
                    }
                });
        });
    }
    ui.checkbox(&mut draft.engine_help, l.text("online-engine-help"));
    let clock = CLOCKS[draft.clock].map(|(minutes, increment_seconds)| ClockTerms {
        minutes,
        increment_seconds,
    });
    let pause_limit_minutes = PAUSE_LIMITS[draft.pause_limit];
    if draft.championship {
        let named = !draft.title.trim().is_empty();
        let button = egui::Button::new(l.text("championship-make-invitation"));
        if ui.add_enabled(named, button).clicked() {
            asked = Some(OnlineCommand::InviteChampionship(ChampionshipChoice {
                title: draft.title.clone(),
                players: draft.players,
                clock,
                engine_help: draft.engine_help,
                pause_limit_minutes,
            }));
        }
    } else if ui.button(l.text("online-make-invitation")).clicked() {
        asked = Some(OnlineCommand::Invite(InviteChoice {
            color: draft.color,
            clock,
            engine_help: draft.engine_help,
            pause_limit_minutes,
        }));
    }
    ui.separator();
    ui.heading(l.text("online-join-heading"));
    ui.label(l.text("online-join-explained"));
    ui.add(
        egui::TextEdit::multiline(&mut draft.pasted)
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace),
    );
    if ui.button(l.text("online-join")).clicked() {
        asked = Some(OnlineCommand::Join(draft.pasted.clone()));
    }
    asked
}

/// The colour of the inviting player, for a friend's game.
fn friend_form(ui: &mut egui::Ui, l: &Locale, draft: &mut OnlineDraft) {
    ui.label(l.text("online-invite-explained"));
    ui.horizontal(|ui| {
        ui.label(l.text("online-your-color"));
        ui.radio_value(
            &mut draft.color,
            Some(Color::Black),
            l.text("online-color-black"),
        );
        ui.radio_value(
            &mut draft.color,
            Some(Color::White),
            l.text("online-color-white"),
        );
        ui.radio_value(&mut draft.color, None, l.text("online-color-chance"));
    });
}

/// The title and the number of players, for a championship.
fn championship_form(ui: &mut egui::Ui, l: &Locale, draft: &mut OnlineDraft) {
    ui.label(l.text("championship-explained"));
    ui.horizontal(|ui| {
        ui.label(l.text("championship-title-label"));
        ui.add(egui::TextEdit::singleline(&mut draft.title).char_limit(MAX_NAME_CHARS));
    });
    ui.horizontal(|ui| {
        ui.label(l.text("championship-players"));
        ui.add(egui::Slider::new(&mut draft.players, 2..=8));
    });
}

fn clock_name(l: &Locale, clock: Option<(u16, u16)>) -> String {
    match clock {
        None => l.text("online-clock-none"),
        Some((minutes, increment)) => l.render(
            &Text::new("online-clock-minutes")
                .with("minutes", minutes)
                .with("increment", increment),
        ),
    }
}

/// A friend's game: the invitation while the friend has not joined, the line, the game.
fn friend_panel(
    ui: &mut egui::Ui,
    l: &Locale,
    session: &OnlineSession,
    state: &Match,
    draft: &mut OnlineDraft,
    clipboard: Option<&mut EguiClipboard>,
) -> Option<OnlineCommand> {
    if let Some(invitation) = session.invitation()
        && session.line == LineState::Waiting
    {
        ui.label(l.text("online-invitation-to-send"));
        invitation_to_send(ui, l, invitation, clipboard);
        ui.label(l.text("online-waiting"));
        ui.separator();
    }
    ui.label(l.render(&session.line.text()));
    let mut asked = game_panel(ui, l, session.game(), &session.talk, state, draft);
    notices(ui, l, &session.talk);
    ui.separator();
    if ui.button(l.text("online-leave")).clicked() {
        asked = Some(OnlineCommand::Leave);
    }
    asked
}

/// A championship: the players gathered or the table, the game under way, saving and leaving.
fn championship_panel(
    ui: &mut egui::Ui,
    l: &Locale,
    session: &ChampionshipSession,
    state: &Match,
    draft: &mut OnlineDraft,
    clipboard: Option<&mut EguiClipboard>,
) -> Option<OnlineCommand> {
    let mut asked = None;
    let player = session.player();
    let terms = player.terms();
    ui.heading(&terms.title);
    match player.championship() {
        None => {
            if let Some(invitation) = session.invitation() {
                ui.label(l.text("championship-invitation-to-send"));
                invitation_to_send(ui, l, invitation, clipboard);
            }
            ui.label(
                l.render(
                    &Text::new("championship-gathering")
                        .with("joined", player.seated().len())
                        .with("players", terms.players),
                ),
            );
            for entrant in player.seated() {
                ui.label(format!("• {}", entrant.name));
            }
            if !player.is_host() {
                ui.label(l.render(&session.line.text()));
            }
        }
        Some(championship) => {
            if !player.is_host() {
                ui.label(l.render(&session.line.text()));
            }
            // The host knows which players' lines are down.
            let away = |key: &[u8; 32]| {
                player.is_host()
                    && *key != session.player().identity().public_key()
                    && !session.players_connected.contains(key)
            };
            standings(ui, l, championship, &away);
            ui.separator();
            match session.current_game() {
                Some((id, game)) => {
                    ui.label(
                        egui::RichText::new(
                            l.render(
                                &Text::new("championship-your-game")
                                    .with("number", u32::from(id.0) + 1),
                            ),
                        )
                        .strong(),
                    );
                    asked = game_panel(ui, l, game, &session.talk, state, draft);
                }
                None => {
                    ui.label(l.text("championship-waiting-for-opponent"));
                }
            }
            ui.separator();
            let save = egui::Button::new(l.text("championship-save"));
            if ui
                .add_enabled(decided_games(championship) > 0, save)
                .clicked()
            {
                asked = Some(OnlineCommand::SaveChampionship);
            }
        }
    }
    notices(ui, l, &session.talk);
    ui.separator();
    if ui.button(l.text("championship-leave")).clicked() {
        asked = Some(OnlineCommand::Leave);
    }
    asked
}

/// The invitation as text to copy.
fn invitation_to_send(
    ui: &mut egui::Ui,
    l: &Locale,
    invitation: &str,
    clipboard: Option<&mut EguiClipboard>,
) {
    let mut shown = invitation.to_string();
    ui.add(
        egui::TextEdit::multiline(&mut shown)
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace),
    );
    if let Some(clipboard) = clipboard
        && ui.button(l.text("online-copy")).clicked()
    {
        clipboard.set_text(invitation);
    }
}

/// The table so far: place, player, games, won, drawn, lost, points, discs.
fn standings(
    ui: &mut egui::Ui,
    l: &Locale,
    championship: &Championship,
    away: &dyn Fn(&[u8; 32]) -> bool,
) {
    let decided = decided_games(championship);
    ui.label(
        l.render(
            &Text::new("championship-table-heading")
                .with("decided", decided)
                .with("games", championship.schedule().len()),
        ),
    );
    egui::Grid::new("championship table")
        .striped(true)
        .show(ui, |ui| {
            for key in [
                "championship-place",
                "championship-player",
                "championship-games",
                "championship-won",
                "championship-drawn",
                "championship-lost",
                "championship-points",
                "championship-discs",
            ] {
                ui.label(egui::RichText::new(l.text(key)).strong());
            }
            ui.end_row();
            for (place, row) in championship.standings().iter().enumerate() {
                let name = match championship.entrant(row.player) {
                    Some(entrant) if away(&entrant.key) => {
                        format!("{} ({})", entrant.name, l.text("championship-away"))
                    }
                    Some(entrant) => entrant.name.clone(),
                    None => "?".to_string(),
                };
                ui.label((place + 1).to_string());
                ui.label(name);
                ui.label(row.played.to_string());
                ui.label(row.wins.to_string());
                ui.label(row.draws.to_string());
                ui.label(row.losses.to_string());
                ui.label(half_points(row.points));
                ui.label(format!("{:+}", row.disc_difference));
                ui.end_row();
            }
        });
}

/// The games whose result counts.
fn decided_games(championship: &Championship) -> usize {
    championship
        .schedule()
        .iter()
        .filter(|pairing| {
            championship
                .status(pairing.game)
                .is_some_and(|status| status.counts())
        })
        .count()
}

/// Points kept in halves, as players write them: 3, 3.5.
fn half_points(halves: u16) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

fn notices(ui: &mut egui::Ui, l: &Locale, talk: &Talk) {
    if !talk.notices.is_empty() {
        ui.separator();
        ui.label(egui::RichText::new(l.text("online-notices")).strong());
        for notice in &talk.notices {
            ui.label(egui::RichText::new(l.render(notice)).weak());
        }
    }
}

/// The game under way: what the player may do comes back as a command.
fn game_panel(
    ui: &mut egui::Ui,
    l: &Locale,
    game: &OnlineGame,
    talk: &Talk,
    state: &Match,
    draft: &mut OnlineDraft,
) -> Option<OnlineCommand> {
    let mut asked = None;
    let seats = game.seats();
    for color in [Color::Black, Color::White] {
        let name = if color == seats.me {
            format!("{} ({})", seats.my_name, l.text("online-you"))
        } else {
            seats.their_name.clone()
        };
        let mut line = l.render(
            &Text::new("online-opponent")
                .with("color", color)
                .with("name", name),
        );
        let now = Instant::now();
        if let Some(left) = game.time_left(color, now) {
            line = format!("{line} — {}", format_time(left));
            if game.clock_paused(now) {
                line = format!("{line} ({})", l.text("online-clock-stopped"));
            }
        }
        ui.label(line);
    }
    let help = if game.terms().engine_help {
        "online-help-allowed"
    } else {
        "online-help-forbidden"
    };
    ui.label(egui::RichText::new(l.text(help)).weak());
    let on = !game.game().is_over();
    if let Some(offer) = game.their_offer() {
        let key = match offer {
            Offer::Draw => "online-their-offer-draw",
            Offer::Undo { .. } => "online-their-offer-undo",
        };
        ui.label(
            egui::RichText::new(l.render(&Text::new(key).with("name", seats.their_name.as_str())))
                .strong(),
        );
        ui.horizontal(|ui| {
            if ui.button(l.text("online-accept")).clicked() {
                asked = Some(OnlineCommand::Answer(true));
            }
            if ui.button(l.text("online-decline")).clicked() {
                asked = Some(OnlineCommand::Answer(false));
            }
        });
    }
    if game.my_offer().is_some() {
        ui.label(l.text("online-your-offer"));
    }
    ui.horizontal(|ui| {
        let free = on && game.my_offer().is_none();
        if ui
            .add_enabled(free, egui::Button::new(l.text("online-offer-draw")))
            .clicked()
        {
            asked = Some(OnlineCommand::OfferDraw);
        }
        if ui
            .add_enabled(free, egui::Button::new(l.text("online-ask-undo")))
            .clicked()
        {
            asked = Some(OnlineCommand::AskUndo);
        }
    });
    if !state.is_online() {
        ui.label(l.text("online-set-aside"));
        if ui.button(l.text("online-show-game")).clicked() {
            asked = Some(OnlineCommand::ShowGame);
        }
    }
    ui.separator();
    ui.label(egui::RichText::new(l.text("online-chat")).strong());
    egui::ScrollArea::vertical()
        .max_height(120.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for line in &talk.chat {
                let who = if line.mine {
                    &seats.my_name
                } else {
                    &seats.their_name
                };
                ui.label(format!("{who}: {}", line.text));
            }
        });
    ui.horizontal(|ui| {
        let edit = ui.add(egui::TextEdit::singleline(&mut draft.chat).char_limit(200));
        let entered = edit.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
        if (ui.button(l.text("online-send")).clicked() || entered) && !draft.chat.trim().is_empty()
        {
            asked = Some(OnlineCommand::Chat(std::mem::take(&mut draft.chat)));
        }
    });
    asked
}
