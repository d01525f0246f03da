//! The Options window: it edits the draft of the settings and sends OK, Cancel or Restore
//! defaults; what they do is the settings' business.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use reversi_engine::Color;
use reversi_engine::search::{Level, Sparring};
use reversi_engine::variant::{Goal, Scoring, Shape, Start, Supply, Variant};

use crate::ai::{HintStrength, TABLE_SIZES_MB};
use crate::game::{ClockSettings, ComputerTime, PlayerKind};
use crate::locale::{LanguageChoice, Locale, Text};
use crate::online::RelayChoice;
use crate::settings::{MAX_COMPUTER_SECONDS, MAX_PACE_MS, UI_SCALES};
use crate::settings::{OptionsAction, OptionsDraft};
use crate::settings::{Rgb, Settings};
use crate::theme::Theme;

pub(super) fn options_window(
    mut contexts: EguiContexts,
    mut draft: ResMut<OptionsDraft>,
    mut actions: MessageWriter<OptionsAction>,
    locale: Res<Locale>,
) -> Result {
    let Some(draft) = draft.0.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(locale.text("options-title"))
        .id(egui::Id::new("options"))
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(locale.text("options-display"));
            display_options(ui, &locale, draft);
            ui.separator();
            ui.heading(locale.text("options-players"));
            egui::Grid::new("players").num_columns(2).show(ui, |ui| {
                player_rows(ui, &locale, draft);
                game_rule_rows(ui, &locale, draft);
                clock_row(ui, &locale, &mut draft.clock);
            });
            ui.label(egui::RichText::new(locale.text("options-when")).small());
            ui.separator();
            ui.heading(locale.text("options-online"));
            egui::Grid::new("online").num_columns(2).show(ui, |ui| {
                online_rows(ui, &locale, draft);
            });
            ui.separator();
            if let Some(action) = buttons(ui, &locale) {
                actions.write(action);
            }
        });
    Ok(())
}

/// Language, theme, what the board shows, animation, sound, the size of the text and the colours.
fn display_options(ui: &mut egui::Ui, locale: &Locale, draft: &mut Settings) {
    let text = |key| locale.text(key);
    let words = |message: &Text| locale.render(message);
    egui::Grid::new("display").num_columns(2).show(ui, |ui| {
        ui.label(text("options-language"));
        egui::ComboBox::from_id_salt("language")
            .selected_text(words(&draft.language.name()))
            .show_ui(ui, |ui| {
                for choice in LanguageChoice::ALL {
                    ui.selectable_value(&mut draft.language, choice, words(&choice.name()));
                }
            });
        ui.end_row();
        ui.label(text("options-theme"));
        let mut theme = draft.theme;
        egui::ComboBox::from_id_salt("theme")
            .selected_text(words(&theme.name()))
            .show_ui(ui, |ui| {
                for choice in Theme::ALL {
                    ui.selectable_value(&mut theme, choice, words(&choice.name()));
                }
            });
        if theme != draft.theme {
            *draft = draft.clone().with_theme(theme);
        }
        ui.end_row();
    });
    ui.checkbox(
        &mut draft.show_valid_moves,
        text("options-show-valid-moves"),
    );
    ui.checkbox(&mut draft.preview_moves, text("options-preview-moves"));
    ui.checkbox(&mut draft.animate_moves, text("options-animate-moves"));
    ui.add_enabled(
        draft.animate_moves,
        egui::Slider::new(&mut draft.animation_speed, 0.25..=4.0)
            .text(text("options-animation-speed")),
    );
    ui.horizontal(|ui| {
        ui.checkbox(&mut draft.sound, text("options-sound"));
        ui.add_enabled(
            draft.sound,
            egui::Slider::new(&mut draft.sound_volume, 0.0..=1.0)
                .text(text("options-volume"))
                .custom_formatter(|volume, _| format!("{:.0} %", volume * 100.0)),
        );
    });
    ui.add(
        egui::Slider::new(&mut draft.ui_scale, UI_SCALES.0..=UI_SCALES.1)
            .text(text("options-ui-scale"))
            .custom_formatter(|scale, _| format!("{:.0} %", scale * 100.0)),
    );
    egui::Grid::new("colours").num_columns(2).show(ui, |ui| {
        for (label, color) in [
            ("options-board-colour", &mut draft.board_color),
            ("options-valid-move-colour", &mut draft.valid_move_color),
            (
                "options-active-square-colour",
                &mut draft.active_square_color,
            ),
            (
                "options-move-indicator-colour",
                &mut draft.move_indicator_color,
            ),
        ] {
            ui.label(text(label));
            color_button(ui, color);
            ui.end_row();
        }
    });
}

/// The relays that carry online games (the player's name is with the players).
fn online_rows(ui: &mut egui::Ui, locale: &Locale, draft: &mut Settings) {
    ui.label(locale.text("options-relay"));
    ui.vertical(|ui| {
        let own = matches!(draft.online_relay, RelayChoice::Own(_));
        let choices = [
            (RelayChoice::Public, "options-relay-public"),
            (RelayChoice::Off, "options-relay-off"),
        ];
        for (choice, key) in choices {
            ui.radio_value(&mut draft.online_relay, choice, locale.text(key));
        }
        if ui.radio(own, locale.text("options-relay-own")).clicked() && !own {
            draft.online_relay = RelayChoice::Own("https://".to_string());
        }
        if let RelayChoice::Own(url) = &mut draft.online_relay {
            ui.add(egui::TextEdit::singleline(url).hint_text("https://relay.example.org"));
        }
    });
    ui.end_row();
}

/// The players' names, who plays each colour, the computer's time and pace, the hints'
/// strength and pondering.
fn player_rows(ui: &mut egui::Ui, locale: &Locale, draft: &mut Settings) {
    super::names::name_rows(
        ui,
        locale,
        &mut draft.player_name,
        &mut draft.second_player_name,
    );
    let chosen = draft.computer_time();
    ui.label(locale.text("statistics-black"));
    player_choice(ui, locale, "black", &mut draft.black, chosen);
    ui.end_row();
    ui.label(locale.text("statistics-white"));
    player_choice(ui, locale, "white", &mut draft.white, chosen);
    ui.end_row();
    ui.label(locale.text("options-computer-time"));
    time_choice(ui, locale, &mut draft.computer_seconds);
    ui.end_row();
    ui.label(locale.text("options-hints"));
    egui::ComboBox::from_id_salt("hint strength")
        .selected_text(locale.render(&draft.hint_strength.name()))
        .show_ui(ui, |ui| {
            for strength in HintStrength::ALL {
                let name = locale.render(&strength.name());
                ui.selectable_value(&mut draft.hint_strength, strength, name);
            }
        });
    ui.end_row();
    ui.label(locale.text("options-ponder"));
    ui.checkbox(&mut draft.ponder, locale.text("options-ponder-check"));
    ui.end_row();
    ui.label(locale.text("options-pace"));
    pace_choice(ui, locale, &mut draft.computer_pace_ms);
    ui.end_row();
    ui.label(locale.text("options-book"));
    ui.checkbox(&mut draft.engine.book, locale.text("options-book-check"));
    ui.end_row();
    ui.label(locale.text("options-analysis"));
    ui.horizontal(|ui| {
        let threads = draft.engine.analysis_threads;
        let shown = if threads == 0 {
            locale.text("options-threads-all")
        } else {
            locale.render(&Text::new("options-threads").with("count", u32::from(threads)))
        };
        egui::ComboBox::from_id_salt("analysis threads")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                let all = locale.text("options-threads-all");
                ui.selectable_value(&mut draft.engine.analysis_threads, 0, all);
                for count in [1u8, 2, 4, 8, 16] {
                    let name = locale
                        .render(&Text::new("options-threads").with("count", u32::from(count)));
                    ui.selectable_value(&mut draft.engine.analysis_threads, count, name);
                }
            });
        let table = |mb: u16| locale.render(&Text::new("options-table").with("mb", u32::from(mb)));
        egui::ComboBox::from_id_salt("analysis table")
            .selected_text(table(draft.engine.analysis_table_mb))
            .show_ui(ui, |ui| {
                for mb in TABLE_SIZES_MB {
                    ui.selectable_value(&mut draft.engine.analysis_table_mb, mb, table(mb));
                }
            });
    });
    ui.end_row();
}

/// The next game's board and rules, who moves first and how it is scored.
fn game_rule_rows(ui: &mut egui::Ui, locale: &Locale, draft: &mut Settings) {
    let text = |key| locale.text(key);
    ui.label(text("options-variant"));
    variant_choice(ui, locale, draft);
    ui.end_row();
    rule_options(ui, locale, &mut draft.variant);
    ui.label(text("options-first-move"));
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut draft.first_to_move,
            Color::Black,
            text("statistics-black"),
        );
        ui.radio_value(
            &mut draft.first_to_move,
            Color::White,
            text("statistics-white"),
        );
    });
    ui.end_row();
    ui.label(text("options-scoring"));
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut draft.scoring,
            Scoring::DiscCount,
            text("options-disc-count"),
        );
        ui.radio_value(
            &mut draft.scoring,
            Scoring::EmptiesToWinner,
            text("options-empties-to-winner"),
        );
    });
    ui.end_row();
}

/// The clock: off, or minutes per player and seconds added after each move.
fn clock_row(ui: &mut egui::Ui, locale: &Locale, clock: &mut Option<ClockSettings>) {
    ui.label(locale.text("options-clock"));
    ui.horizontal(|ui| {
        let mut on = clock.is_some();
        ui.checkbox(&mut on, "");
        match (on, clock.as_mut()) {
            (true, Some(settings)) => {
                ui.add(
                    egui::DragValue::new(&mut settings.minutes)
                        .range(1..=180)
                        .suffix(locale.text("options-minutes")),
                );
                ui.label("+");
                ui.add(
                    egui::DragValue::new(&mut settings.increment_seconds)
                        .range(0..=600)
                        .suffix(locale.text("options-seconds-a-move")),
                );
            }
            (true, None) => {
                *clock = Some(ClockSettings {
                    minutes: 10,
                    increment_seconds: 0,
                })
            }
            (false, _) => {
                *clock = None;
                ui.label(locale.text("options-clock-off"));
            }
        }
    });
    ui.end_row();
}

/// OK, Cancel and Restore defaults: the one the player pressed.
fn buttons(ui: &mut egui::Ui, locale: &Locale) -> Option<OptionsAction> {
    let mut pressed = None;
    ui.horizontal(|ui| {
        for (label, action) in [
            ("button-ok", OptionsAction::Ok),
            ("button-cancel", OptionsAction::Cancel),
            ("options-restore-defaults", OptionsAction::RestoreDefaults),
        ] {
            if ui.button(locale.text(label)).clicked() {
                pressed = Some(action);
            }
        }
    });
    pressed
}

fn color_button(ui: &mut egui::Ui, color: &mut Rgb) {
    let mut rgb = *color;
    ui.color_edit_button_srgb(&mut rgb);
    *color = rgb;
}

/// The most the computer thinks about a move: each level's own limit, or one for every level.
/// The shortest time the computer takes to answer: at once, or half a second to two.
fn pace_choice(ui: &mut egui::Ui, locale: &Locale, pace_ms: &mut u32) {
    let name = |ms: u32| match ms {
        0 => locale.text("options-pace-instant"),
        ms => locale.render(
            &Text::new("options-pace-seconds")
                .with("seconds", (f64::from(ms) / 1000.0).to_string()),
        ),
    };
    egui::ComboBox::from_id_salt("computer pace")
        .selected_text(name(*pace_ms))
        .show_ui(ui, |ui| {
            for choice in [0, 500, 1000, MAX_PACE_MS] {
                ui.selectable_value(pace_ms, choice, name(choice));
            }
        });
}

fn time_choice(ui: &mut egui::Ui, locale: &Locale, seconds: &mut Option<u32>) {
    let name = |choice: Option<u32>| match choice {
        None => locale.text("options-time-of-level"),
        Some(s) => locale.render(&Text::new("player-time-limit").with("seconds", s.to_string())),
    };
    egui::ComboBox::from_id_salt("computer time")
        .selected_text(name(*seconds))
        .show_ui(ui, |ui| {
            for choice in [
                None,
                Some(1),
                Some(2),
                Some(5),
                Some(10),
                Some(30),
                Some(60),
            ] {
                ui.selectable_value(seconds, choice, name(choice));
            }
            ui.selectable_value(
                seconds,
                Some(MAX_COMPUTER_SECONDS),
                name(Some(MAX_COMPUTER_SECONDS)),
            );
        });
}

fn player_choice(
    ui: &mut egui::Ui,
    locale: &Locale,
    id: &str,
    player: &mut PlayerKind,
    chosen: ComputerTime,
) {
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(id)
            .selected_text(locale.render(&player.with_time_limit(chosen)))
            .show_ui(ui, |ui| {
                let human = locale.render(&PlayerKind::Human.name());
                ui.selectable_value(player, PlayerKind::Human, human);
                for level in Level::ALL {
                    let computer = PlayerKind::Computer(level);
                    let name = locale.render(&computer.with_time_limit(chosen));
                    ui.selectable_value(player, computer, name);
                }
                for sparring in Sparring::ALL {
                    let partner = PlayerKind::Sparring(sparring);
                    let name = locale.render(&partner.with_time_limit(chosen));
                    ui.selectable_value(player, partner, name);
                }
                let numbered = PlayerKind::Computer(Level::Custom(NUMBERED_LEVEL_FIRST));
                let is_numbered = matches!(player, PlayerKind::Computer(Level::Custom(_)));
                if ui
                    .selectable_label(is_numbered, locale.text("options-level-numbered"))
                    .clicked()
                    && !is_numbered
                {
                    *player = numbered;
                }
            });
        // A numbered level: its number, 1 to 60, the plies the computer searches.
        if let PlayerKind::Computer(Level::Custom(number)) = player {
            ui.add(egui::DragValue::new(number).range(1..=60))
                .on_hover_text(locale.text("options-level-number-hint"));
        }
    });
}

/// The numbered level first offered: about Advanced's depth.
const NUMBERED_LEVEL_FIRST: u8 = 10;

/// The boards and rules offered for a new game, as presets; choosing one also sets who moves
/// first, and the 1876 rules bring the red-brown board that old Reversi was played on.
fn variant_choice(ui: &mut egui::Ui, locale: &Locale, draft: &mut Settings) {
    egui::ComboBox::from_id_salt("variant")
        .selected_text(locale.render(&variant_name(&draft.variant)))
        .show_ui(ui, |ui| {
            for preset in VARIANT_PRESETS {
                let chosen = draft.variant.same_rules_as(&preset);
                let label = locale.render(&variant_name(&preset));
                if ui.selectable_label(chosen, label).clicked() {
                    draft.variant = preset;
                    draft.first_to_move = preset.first_to_move;
                    if preset == Variant::REVERSI_1876 {
                        *draft = draft.clone().with_theme(Theme::RedBrown);
                    }
                }
            }
        });
}

/// The presets, in the order the list shows them.
const VARIANT_PRESETS: [Variant; 12] = [
    Variant::OTHELLO,
    Variant::othello(10),
    Variant::othello(6),
    Variant::othello(4),
    Variant::othello(12),
    Variant::othello(14),
    Variant::othello(16),
    Variant::reversi(8),
    Variant::reversi(10),
    Variant::EIGHT_STAR,
    Variant::REVERSI_1876,
    Variant::reverse(8),
];

/// A variant's name for the player: the preset it is (whoever moves first), or its size with
/// rules of the player's own.
pub(in crate::ui) fn variant_name(variant: &Variant) -> Text {
    let family = match VARIANT_PRESETS
        .iter()
        .find(|preset| variant.same_rules_as(preset))
    {
        Some(&Variant::EIGHT_STAR) => "variant-eight-star",
        Some(&Variant::REVERSI_1876) => "variant-reversi-1876",
        Some(preset) if preset.goal == Goal::FewestDiscs => "variant-reverse",
        Some(preset) if preset.start == Start::SideBySide => "variant-reversi",
        Some(_) => "variant-othello",
        None => "variant-custom",
    };
    Text::new(family).with("size", variant.size)
}

/// Each rule on its own, to combine with any board: the size, the outline, the start, the disc
/// supply, placing next to one's own disc and who wins. Every combination offered is one the game plays.
fn rule_options(ui: &mut egui::Ui, locale: &Locale, variant: &mut Variant) {
    let text = |key| locale.text(key);
    ui.label(text("options-board-size"));
    egui::ComboBox::from_id_salt("board size")
        .selected_text(format!("{0}×{0}", variant.size))
        .show_ui(ui, |ui| {
            for size in (4..=16).step_by(2) {
                ui.selectable_value(&mut variant.size, size, format!("{size}×{size}"));
            }
        });
    ui.end_row();
    // Eight-star's cut corners need at least an 8x8 board.
    if variant.size < 8 {
        variant.shape = Shape::Square;
    }
    ui.label(text("options-board-shape"));
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut variant.shape,
            Shape::Square,
            text("options-shape-square"),
        );
        ui.add_enabled_ui(variant.size >= 8, |ui| {
            ui.radio_value(
                &mut variant.shape,
                Shape::EightStar,
                text("options-shape-star"),
            );
        });
    });
    ui.end_row();
    ui.label(text("options-start"));
    ui.horizontal(|ui| {
        for (start, key) in [
            (Start::Diagonal, "options-start-diagonal"),
            (Start::SideBySide, "options-start-side-by-side"),
            (Start::EmptyCentre, "options-start-empty"),
        ] {
            ui.radio_value(&mut variant.start, start, text(key));
        }
    });
    ui.end_row();
    // A fixed supply need not fill the board (a player with none left passes), only cover the
    // start; it is first offered at half the board, each side's share of the squares.
    let least = Variant::LEAST_SUPPLY;
    let half = u8::try_from(variant.squares().count().div_ceil(2)).unwrap_or(u8::MAX);
    ui.label(text("options-supply"));
    ui.horizontal(|ui| {
        let mut fixed = matches!(variant.supply, Supply::Fixed(_));
        ui.radio_value(&mut fixed, false, text("options-supply-shared"));
        ui.radio_value(&mut fixed, true, text("options-supply-fixed"));
        let mut each = match variant.supply {
            Supply::Fixed(each) => each.max(least),
            Supply::Shared => half,
        };
        ui.add_enabled(
            fixed,
            egui::DragValue::new(&mut each)
                .range(least..=u8::MAX)
                .suffix(text("options-supply-each")),
        );
        variant.supply = if fixed {
            Supply::Fixed(each)
        } else {
            Supply::Shared
        };
    });
    ui.end_row();
    ui.label(text("options-placement"));
    ui.checkbox(
        &mut variant.adjacent_placement,
        text("options-placement-next-to-own"),
    );
    ui.end_row();
    ui.label(text("options-goal"));
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut variant.goal,
            Goal::MostDiscs,
            text("options-goal-most"),
        );
        ui.radio_value(
            &mut variant.goal,
            Goal::FewestDiscs,
            text("options-goal-fewest"),
        );
    });
    ui.end_row();
}
