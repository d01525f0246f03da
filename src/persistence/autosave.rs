//! The game in progress, kept in `autosave.ron` after every change (written in the background,
//! one write at a time), so a crash or a closed window loses nothing: at the next start the
//! unfinished game is offered again. A finished or empty game leaves no autosave.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::saved_games::{SavedGame, read_saved_game};
use crate::game::{Clock, GameCommand, Match, Notice, PlayerNames};
use crate::jobs::Job;
use crate::locale::Text;
use crate::persistence::{self, ConfigDir, Fallback, Loaded};
use crate::schedule::GameSystems;

pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// The unfinished game found at start-up, until the player continues it or declines.
#[derive(Resource, Default)]
pub struct UnfinishedGame(pub Option<SavedGame>);

/// The player's answer to the offer.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnfinishedGameAnswer {
    Continue,
    Decline,
}

/// Present when this run must not touch the autosave: a `--screenshot` run (the player's
/// unfinished game is neither offered nor overwritten), or one that found an autosave it could
/// not read and keeps as it is for the player.
#[derive(Resource)]
pub struct AutosaveOff;

/// What the autosave is doing: one write in flight, and whether the game changed since it
/// began (then it is written again when that write is done).
#[derive(Resource, Default)]
struct Autosave {
    writing: Option<Job<Result<(), Text>>>,
    stale: bool,
}

/// Reads the autosave at start-up, unless the run was told to leave it alone (the resource
/// [`AutosaveOff`] is already there).
pub(super) fn plugin(app: &mut App) {
    let path = app
        .world()
        .resource::<ConfigDir>()
        .file(AUTOSAVE_FILE)
        .ok()
        .filter(|_| !app.world().contains_resource::<AutosaveOff>());
    let (offered, notice) = path
        .as_deref()
        .map(unfinished_game_in)
        .map_or((None, None), |found| (found.value, found.notice));
    if let Some(notice) = notice {
        app.world_mut().resource_mut::<Notice>().add(notice);
    }
    if path.as_deref().is_some_and(persistence::is_kept_untouched) {
        app.insert_resource(AutosaveOff);
    }
    app.insert_resource(UnfinishedGame(offered))
        .init_resource::<Autosave>()
        .add_message::<UnfinishedGameAnswer>()
        .add_systems(Update, answer_offer.in_set(GameSystems::Input))
        .add_systems(Update, keep_autosave.in_set(GameSystems::View));
}

/// The game in progress saved in `path`: nothing for a missing or finished one. One that cannot
/// be used follows the policy for every file (moved aside when damaged, else kept as it is) and
/// the player is told, so a bad autosave is never silently replaced by the next one.
fn unfinished_game_in(path: &Path) -> Loaded<Option<SavedGame>> {
    match read_saved_game(path) {
        Ok(saved) => Loaded {
            value: (!saved.game.is_over()).then_some(saved),
            notice: None,
        },
        Err(error) => Loaded {
            value: None,
            notice: error.unusable().map(|unusable| {
                persistence::put_aside_or_keep(path, unusable, Fallback::NoUnfinishedGame)
            }),
        },
    }
}

fn answer_offer(
    mut answers: MessageReader<UnfinishedGameAnswer>,
    mut offered: ResMut<UnfinishedGame>,
    mut autosave: ResMut<Autosave>,
    mut clock: ResMut<Clock>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<GameCommand>,
) {
    for answer in answers.read() {
        let Some(saved) = offered.0.take() else {
            continue;
        };
        if *answer == UnfinishedGameAnswer::Continue {
            *clock = saved.clock;
            commands.write(GameCommand::Load(Box::new(saved.game), Some(saved.players)));
            notice.set(Text::new("notice-unfinished-goes-on"));
        }
        // Declined, the old game is not offered again: the autosave becomes this game's.
        autosave.stale = true;
    }
}

/// Writes the game after every change while it is in progress, and removes the autosave once
/// it is finished or empty; never while the offer of the last one is still open.
fn keep_autosave(
    state: Res<Match>,
    clock: Res<Clock>,
    names: Res<PlayerNames>,
    dir: Res<ConfigDir>,
    offered: Res<UnfinishedGame>,
    off: Option<Res<AutosaveOff>>,
    mut autosave: ResMut<Autosave>,
    mut notice: ResMut<Notice>,
) {
    if off.is_some() {
        return;
    }
    if let Some(job) = autosave.writing.as_mut()
        && let Some(written) = job.poll()
    {
        autosave.writing = None;
        if let Err(error) = written {
            notice.add(Text::new("notice-autosave-failed").with("error", error));
        }
    }
    // An online game keeps its own file (the online feature's), and resumes from it.
    if offered.0.is_some() || state.editing || state.is_online() {
        return;
    }
    if state.is_changed() {
        autosave.stale = true;
    }
    if !autosave.stale || autosave.writing.is_some() {
        return;
    }
    let Ok(path) = dir.file(AUTOSAVE_FILE) else {
        autosave.stale = false;
        return;
    };
    autosave.stale = false;
    let in_progress = !state.game.is_over() && !state.game.history().is_empty();
    let saved = in_progress.then(|| SavedGame::of(&state, &clock, &names));
    // Its end wakes the window: a failure is said at once, not at the next input.
    autosave.writing = Some(Job::run(move || write(path, saved)));
}

fn write(path: PathBuf, saved: Option<SavedGame>) -> Result<(), Text> {
    match saved {
        Some(saved) => persistence::save(&path, &saved),
        None => match std::fs::remove_file(&path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                Err(Text::new("error-cannot-remove")
                    .with("path", path.as_path())
                    .with("detail", error.to_string()))
            }
            _ => Ok(()),
        },
    }
}
