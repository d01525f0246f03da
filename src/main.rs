//! `reversi`: the game's window, or with `--screenshot` a picture of it.

// A release build on Windows opens no console window beside the game; its log goes to a file.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy_egui::EguiPlugin;
use clap::Parser;
use reversi::ai::{Analysis, Hints};
use reversi::app_actions::{AppWindow, OpenWindow};
use reversi::diagnostics::{FrameReportPlugin, ScreenshotPlugin, log_plugin};
use reversi::game::{Clock, Match, Notice, PlayerKind, Players};
use reversi::locale::Locale;
use reversi::online::{
    ChampionshipChoice, InviteChoice, LINK_PREFIX, MAX_NAME_CHARS, OnlineCommand, PrintInvitation,
    RelayChoice,
};
use reversi::persistence::{AutosaveOff, ConfigDir, GameTransfer, UnfinishedGame};
use reversi::settings::{self, NamesQuestion};
use reversi::theme::Theme;
use reversi::view::{AlwaysDraw, WindowPlacement};
use reversi::{GamePlugin, PresentationPlugin};
use reversi_engine::format::parse_game_text;
use reversi_engine::variant::Variant;
use reversi_engine::{Color, Game};

#[derive(Parser)]
#[command(name = "reversi", version, about = "Reversi (Othello) in 3D")]
struct Options {
    /// A saved game (.ron), a GGF file or a transcript to open, as Open game does.
    #[arg(value_name = "FILE", conflicts_with = "moves")]
    file: Option<PathBuf>,
    /// Who plays Black: human, beginner, intermediate, advanced, expert or a level from 1 to 60
    /// [default: as in Options, at first human].
    #[arg(long, value_name = "PLAYER")]
    black: Option<PlayerKind>,
    /// Who plays White: human, beginner, intermediate, advanced, expert or a level from 1 to 60
    /// [default: as in Options, at first intermediate].
    #[arg(long, value_name = "PLAYER")]
    white: Option<PlayerKind>,
    /// The board and rules of the games: othello (8x8), othello-N or reversi-N (N even, 4 to 16),
    /// eight-star or reversi-1876, each with reverse- before it (reverse-othello) for the fewest
    /// discs to win [default: as in Options].
    #[arg(long, value_name = "VARIANT")]
    variant: Option<Variant>,
    /// Start from these moves (f5d6c3...) or a board string ("<64 of X O -> <X|O>").
    #[arg(long, value_name = "TRANSCRIPT")]
    moves: Option<String>,
    /// Save the window as a PNG once the scene is drawn, then exit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
    /// Open a window at start: a dialog, or a page of the help.
    #[arg(long, value_name = "WINDOW", value_enum, ignore_case = true)]
    dialog: Option<AppWindow>,
    /// Invite a friend to play online at start, as Game > Play a friend online does, playing
    /// black, white or chance; the invitation is printed here once made.
    #[arg(long, value_name = "COLOUR", conflicts_with = "join")]
    invite: Option<InviteColour>,
    /// Invite friends to a championship at start, as the Online window does, with this title;
    /// the invitation is printed here once made.
    #[arg(long, value_name = "TITLE", conflicts_with_all = ["join", "invite"])]
    championship: Option<String>,
    /// The players of `--championship`, you included: 2 to 8.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    players: u8,
    /// Join a friend's online game or championship: the invitation they sent
    /// (reversi3d://join/...).
    #[arg(long, value_name = "INVITATION")]
    join: Option<String>,
    /// Your name in online games [default: your account's name].
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// The relays of online games: public (no account), off (direct connections only, as on one
    /// network), loopback (this computer only: two windows side by side) or the https://
    /// address of your own relay [default: public].
    #[arg(long, value_name = "RELAY", value_parser = parse_relay)]
    relay: Option<RelayChoice>,
    /// Show a score for every legal move (also in the Move menu).
    #[arg(long)]
    hints: bool,
    /// Analyse until stopped from the start, as Move > Analyse until I stop.
    #[arg(long)]
    analyse: bool,
    /// Run this many seconds, then print frame statistics (first drawn frame, median and longest
    /// frame, longest while the computer thinks, resident memory) and exit. At most a day.
    #[arg(long, value_name = "SECONDS", value_parser = parse_report_seconds)]
    frame_report: Option<u64>,
}

/// The longest `--frame-report` run: a day is more than any measurement needs, and far from the
/// clock's limits.
const MAX_FRAME_REPORT_SECONDS: u64 = 24 * 3600;

/// Plain digits (no sign, no exponent) from 1 to a day.
fn parse_report_seconds(text: &str) -> Result<u64, String> {
    let refusal =
        || format!("expected a whole number of seconds from 1 to {MAX_FRAME_REPORT_SECONDS}");
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(refusal());
    }
    text.parse()
        .ok()
        .filter(|seconds| (1..=MAX_FRAME_REPORT_SECONDS).contains(seconds))
        .ok_or_else(refusal)
}

/// Whether a file given to open is an invitation's link (`reversi3d://join/...`), as the system
/// passes it when the player opens one (the desktop's URL handler, Windows' URL protocol).
fn is_invitation_link(path: &std::path::Path) -> bool {
    path.to_str().is_some_and(|text| {
        text.get(..LINK_PREFIX.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(LINK_PREFIX))
    })
}

impl Options {
    /// The invitation to join: `--join`'s, or a link given as the file to open.
    fn invitation(&self) -> Option<String> {
        self.join.clone().or_else(|| {
            self.file
                .as_deref()
                .filter(|path| is_invitation_link(path))
                .and_then(|path| path.to_str())
                .map(str::to_string)
        })
    }
}

/// The inviting player's colour on the command line.
#[derive(Clone, Copy, clap::ValueEnum)]
enum InviteColour {
    Black,
    White,
    Chance,
}

impl InviteColour {
    fn color(self) -> Option<Color> {
        match self {
            InviteColour::Black => Some(Color::Black),
            InviteColour::White => Some(Color::White),
            InviteColour::Chance => None,
        }
    }
}

fn parse_relay(text: &str) -> Result<RelayChoice, String> {
    match text.to_ascii_lowercase().as_str() {
        "public" => Ok(RelayChoice::Public),
        "off" => Ok(RelayChoice::Off),
        "loopback" => Ok(RelayChoice::Loopback),
        _ if text.starts_with("https://") || text.starts_with("http://") => {
            Ok(RelayChoice::Own(text.to_string()))
        }
        _ => Err(format!(
            "'{text}' is not a relay: use public, off, loopback or a relay's https:// address"
        )),
    }
}

fn main() -> ExitCode {
    let launched = Instant::now();
    let options = Options::parse();
    let invitation = options.invitation();
    let config_dir = ConfigDir::from_environment();
    let (mut settings, settings_notice) = settings::load(&config_dir);
    // A variant asked for on the command line is the session's: its first player moves first,
    // and the 1876 rules come with the red-brown board of their time, as when chosen in Options.
    if let Some(variant) = options.variant {
        settings.variant = variant;
        settings.first_to_move = variant.first_to_move;
        if variant == Variant::REVERSI_1876 {
            settings = settings.with_theme(Theme::RedBrown);
        }
    }
    // Online games' name and relay asked for on the command line are the session's.
    if let Some(name) = &options.name {
        settings.player_name = name.chars().take(MAX_NAME_CHARS).collect();
    }
    if let Some(relay) = &options.relay {
        settings.online_relay = relay.clone();
    }
    let game = match &options.moves {
        None => Game::new(settings.rules()),
        Some(text) => match parse_game_text(text, settings.rules()) {
            Ok(game) => game,
            Err(error) => {
                eprintln!("reversi: --moves: {error}");
                return ExitCode::from(2);
            }
        },
    };
    let players = Players {
        black: options.black.unwrap_or(settings.black),
        white: options.white.unwrap_or(settings.white),
    };
    let mut state = Match::new(game, players);
    // A screenshot shows exactly the position given: the computer does not move.
    state.suspended = options.screenshot.is_some() && state.computer_to_move();

    let mut app = App::new();
    let (placement, placement_notice) = WindowPlacement::load(&config_dir);
    let mut notice = Notice::default();
    for sentence in [settings_notice, placement_notice].into_iter().flatten() {
        notice.add(sentence);
    }
    let locale = Locale::new(settings.language.language());
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(placement.window(&locale.text("window-title"))),
                ..default()
            })
            .set(log_plugin()),
    )
    .insert_resource(placement)
    .insert_resource(Clock::start(settings.clock))
    .insert_resource(notice)
    .insert_resource(config_dir)
    .insert_resource(NamesQuestion::at_start(
        &settings,
        options.screenshot.is_some() || options.frame_report.is_some(),
    ))
    .insert_resource(settings)
    .insert_resource(state);
    if options.screenshot.is_some() {
        // A picture of a given position: the player's autosave is neither read nor written.
        app.insert_resource(AutosaveOff);
    }
    app.add_plugins((
        MeshPickingPlugin,
        EguiPlugin::default(),
        GamePlugin,
        PresentationPlugin,
    ));
    if options.moves.is_some() || options.screenshot.is_some() {
        // The position asked for is shown and played instead of the unfinished game.
        app.world_mut().resource_mut::<UnfinishedGame>().0 = None;
    }
    if let Some(path) = options.screenshot {
        // The picture is awaited even though nothing moves: draw continuously, focused or not.
        app.add_plugins(ScreenshotPlugin { path })
            .insert_resource(AlwaysDraw);
    }
    if let Some(window) = options.dialog {
        app.world_mut().write_message(OpenWindow(window));
    }
    app.world_mut().resource_mut::<Hints>().enabled = options.hints;
    app.world_mut().resource_mut::<Analysis>().enabled = options.analyse;
    if let Some(colour) = options.invite {
        app.insert_resource(PrintInvitation);
        app.world_mut()
            .write_message(OnlineCommand::Invite(InviteChoice {
                color: colour.color(),
                clock: None,
                engine_help: true,
                pause_limit_minutes: 15,
            }));
        app.world_mut().write_message(OpenWindow(AppWindow::Online));
    }
    if let Some(title) = options.championship {
        app.insert_resource(PrintInvitation);
        app.world_mut()
            .write_message(OnlineCommand::InviteChampionship(ChampionshipChoice {
                title,
                players: options.players,
                clock: None,
                engine_help: true,
                pause_limit_minutes: 15,
            }));
        app.world_mut().write_message(OpenWindow(AppWindow::Online));
    }
    if let Some(invitation) = invitation {
        app.world_mut()
            .write_message(OnlineCommand::Join(invitation));
        app.world_mut().write_message(OpenWindow(AppWindow::Online));
    }
    // Opened as the menu would: a file that cannot be read is said in the status line, and the
    // unfinished game, if any, is still offered.
    if let Some(path) = options.file.filter(|path| !is_invitation_link(path)) {
        app.world_mut().write_message(GameTransfer::Open(path));
    }
    if let Some(seconds) = options.frame_report {
        app.add_plugins(FrameReportPlugin {
            launched,
            run_for: Duration::from_secs(seconds),
        });
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_online_options_read_from_the_command_line() {
        let options =
            Options::try_parse_from(["reversi", "--invite", "white", "--relay", "loopback"])
                .expect("the options read");
        assert_eq!(
            options.invite.and_then(InviteColour::color),
            Some(Color::White)
        );
        assert_eq!(options.relay, Some(RelayChoice::Loopback));
        let chance = Options::try_parse_from(["reversi", "--invite", "chance"]).expect("chance");
        assert_eq!(chance.invite.map(InviteColour::color), Some(None));
        assert!(Options::try_parse_from(["reversi", "--invite", "red"]).is_err());
        assert!(Options::try_parse_from(["reversi", "--relay", "ftp://x"]).is_err());
        let both = [
            "reversi",
            "--invite",
            "black",
            "--join",
            "reversi3d://join/x",
        ];
        assert!(
            Options::try_parse_from(both).is_err(),
            "one online game at a time"
        );
        // A link the system opens with the game arrives as the file to open.
        let linked = Options::try_parse_from(["reversi", "REVERSI3D://join/abc"]).expect("a link");
        assert_eq!(linked.invitation().as_deref(), Some("REVERSI3D://join/abc"));
        let file = Options::try_parse_from(["reversi", "games/reversi3d.ggf"]).expect("a file");
        assert_eq!(file.invitation(), None);
    }
}
