//! `reversi-engine database show|write`: the games of a WTHOR folder that reached a position,
//! and a WTHOR folder made from transcripts or random games.

mod show;
mod write;

use std::fs;
use std::io::Write;
use std::path::Path;

use clap::{Args, Subcommand};
use reversi_engine::database::{Database, WthorKind};

use crate::Failure;
use crate::input_file::{FileKind, read_bytes};

#[derive(Args)]
pub struct DatabaseArgs {
    #[command(subcommand)]
    command: DatabaseCommand,
}

#[derive(Subcommand)]
enum DatabaseCommand {
    /// The moves played from a position in the games of a WTHOR folder, and the games that
    /// reached it.
    Show(show::ShowArgs),
    /// A WTHOR folder (WTH_YEAR.wtb, WTHOR.JOU, WTHOR.TRN) of transcripts or random games.
    Write(write::WriteArgs),
}

pub fn run(args: DatabaseArgs, out: &mut impl Write) -> Result<(), Failure> {
    match args.command {
        DatabaseCommand::Show(args) => show::run(args, out),
        DatabaseCommand::Write(args) => write::run(args, out),
    }
}

/// The database of the WTHOR files in `folder` (names in any case; other files are not read).
fn read_database(folder: &Path) -> Result<Database, Failure> {
    let entries = fs::read_dir(folder).map_err(|error| {
        Failure::Usage(format!(
            "cannot read the folder {}: {error}",
            folder.display()
        ))
    })?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|error| {
            Failure::Cannot(format!("cannot list {}: {error}", folder.display()))
        })?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if WthorKind::of_file_name(&name).is_some() {
            let bytes = read_bytes(&entry.path(), FileKind::Wthor)?;
            files.push((name, bytes));
        }
    }
    if !files
        .iter()
        .any(|(name, _)| WthorKind::of_file_name(name) == Some(WthorKind::Games))
    {
        return Err(Failure::Usage(format!(
            "{} holds no WTHOR game file (WTH_YEAR.wtb)",
            folder.display()
        )));
    }
    Database::from_files(
        files
            .iter()
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice())),
    )
    .map_err(|error| {
        Failure::Usage(format!(
            "{} is not a usable WTHOR database: {error}",
            folder.display()
        ))
    })
}
