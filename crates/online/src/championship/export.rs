//! The championship on paper: the table as plain text, and every game that counts as GGF, the
//! format Othello programs and databases read. GGF has no place for a table, so the table goes in
//! the comment before the first game's moves, where any GGF reader shows it.

use std::fmt::Write;

use reversi_engine::Game;
use reversi_engine::format::GgfGame;

use super::schedule::Pairing;
use super::standings::Row;
use crate::invitation::ClockTerms;

/// What a table or a GGF text needs to know of the championship.
pub(super) struct Names<'a> {
    pub(super) title: &'a str,
    /// The players' names, in roster order.
    pub(super) players: Vec<&'a str>,
}

impl Names<'_> {
    fn player(&self, index: usize) -> &str {
        self.players.get(index).copied().unwrap_or("?")
    }
}

/// The table, one line a player, for the championship's `counted` games out of `scheduled`:
///
/// ```text
/// Club — final table
/// Place  Player  Games  Won  Drawn  Lost  Points  Discs
///     1  Alice       6    4      1     1     4.5    +96
/// ```
pub(super) fn table_text(names: &Names, rows: &[Row], counted: usize, scheduled: usize) -> String {
    let heading = if counted == scheduled {
        "final table".to_string()
    } else {
        format!("table after {counted} of {scheduled} games")
    };
    let width = names
        .players
        .iter()
        .map(|name| name.chars().count())
        .chain(["Player".len()])
        .max()
        .unwrap_or(0);
    let mut text = format!("{} — {heading}\n", names.title);
    let _ = writeln!(
        text,
        "Place  {:<width$}  Games  Won  Drawn  Lost  Points  Discs",
        "Player"
    );
    for (place, row) in rows.iter().enumerate() {
        let points = format!(
            "{}.{}",
            row.points / 2,
            if row.points % 2 == 1 { 5 } else { 0 }
        );
        let _ = writeln!(
            text,
            "{:>5}  {:<width$}  {:>5}  {:>3}  {:>5}  {:>4}  {points:>6}  {:>+5}",
            place + 1,
            names.player(row.player.index()),
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.disc_difference,
        );
    }
    text
}

/// The games, one GGF record after another, in the schedule's order: the players' names, the
/// championship's title as the place, the clock, the result; the round in each game's comment,
/// and the table in the first one's.
pub(super) fn games_ggf(
    names: &Names,
    clock: Option<ClockTerms>,
    games: &[(Pairing, &Game)],
    table: &str,
) -> String {
    let mut text = String::new();
    for (index, (pairing, game)) in games.iter().enumerate() {
        let mut record = GgfGame::from_game(game);
        record.place = Some(names.title.to_string());
        record.black = Some(names.player(pairing.black.index()).to_string());
        record.white = Some(names.player(pairing.white.index()).to_string());
        record.time = clock.map(|clock| {
            format!(
                "{}:00/{:02}:{:02}",
                clock.minutes,
                clock.increment_seconds / 60,
                clock.increment_seconds % 60
            )
        });
        let round = format!("Round {}", pairing.round);
        record.comment = Some(if index == 0 {
            format!("{table}\n{round}")
        } else {
            round
        });
        text.push_str(&record.to_ggf());
        text.push('\n');
    }
    text
}
