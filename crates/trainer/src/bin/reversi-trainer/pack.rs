//! `reversi-trainer pack`: a run's games packed as moves.

use std::path::{Path, PathBuf};

use crate::Failure;

#[derive(clap::Args)]
pub struct PackArgs {
    /// A run's games file (its DIR/games.bin).
    #[arg(long)]
    games: PathBuf,
    /// Where to write the packed games; split into OUT-1, OUT-2... (before the extension) when
    /// there are more than --games-per-file.
    #[arg(long)]
    out: PathBuf,
    /// Games in each file at most: files small enough for the repository (100,000 games are
    /// about 7 MB). A multiple of ten keeps the same games held out as in one file.
    #[arg(long, default_value_t = 100_000)]
    games_per_file: usize,
}

pub fn run(args: PackArgs) -> Result<String, Failure> {
    let bytes = std::fs::read(&args.games).map_err(|error| Failure::file(&args.games, error))?;
    if reversi_trainer::packed::is_packed(&bytes) {
        return Err(Failure::file(&args.games, "packed already"));
    }
    let games = reversi_trainer::dataset::decode_games(&bytes);
    if games.is_empty() {
        return Err(Failure::file(&args.games, "no whole game in it"));
    }
    let per_file = args.games_per_file.max(1);
    let chunks: Vec<_> = games.chunks(per_file).collect();
    let mut written = String::new();
    for (index, chunk) in chunks.iter().enumerate() {
        let path = match chunks.len() {
            1 => args.out.clone(),
            _ => numbered(&args.out, index + 1),
        };
        let packed = reversi_trainer::packed::pack(chunk).map_err(|error| {
            Failure::file(
                &args.games,
                format!("from game {}: {error}", index * per_file),
            )
        })?;
        std::fs::write(&path, &packed).map_err(|error| Failure::file(&path, error))?;
        let positions: usize = chunk.iter().map(Vec::len).sum();
        written.push_str(&format!(
            "wrote {}: {} games, {positions} positions, {} bytes (checksum {:08x})\n",
            path.display(),
            chunk.len(),
            packed.len(),
            reversi_engine::data_file::fnv1a(&packed)
        ));
    }
    Ok(written)
}

/// `path` with `-number` before its extension: run15.pack, 2 gives run15-2.pack.
fn numbered(path: &Path, number: usize) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{number}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    path.with_file_name(name)
}
