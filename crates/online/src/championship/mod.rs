//! A championship among friends, as every participant's program keeps it, with no I/O: the
//! roster and the terms from the host's invitation, the schedule they make, each game's reports
//! and what they agree, the table, and the games as GGF.
//!
//! No program is the referee. Each game's two players sign reports of it (its moves and how it
//! ended); every program checks them against the roster's keys and the engine's rules, and
//! programs that hold the same reports keep the same table (each sends the others every report
//! it holds, see [`Championship::reports`]). A peer is a stranger's
//! program: a report it forged, changed or made up is refused with a [`ReportError`], never a
//! panic, and changes nothing.
//!
//! | module | holds |
//! |---|---|
//! | [`schedule`] | the double round robin: who plays whom, with which colour, in which round |
//! | [`report`] | a player's signed report of a game, and its checks |
//! | [`ledger`] | each game's reports and their agreement; how a dispute is settled |
//! | [`standings`] | the table and its tie-breaks |
//! | `export` | the table as text and the games as GGF |
//! | [`play`] | the programs at play: the host seating the players and passing the games' messages, each program's own games and reports |
//! | `begin` | the host beginning each game when its two players are free |
//! | `resume` | a program's championship saved, and taken up again after a restart |

mod begin;
mod export;
pub mod ledger;
pub mod play;
pub mod report;
mod resume;
pub mod schedule;
pub mod standings;

use std::collections::HashSet;

use reversi_engine::{Game, GameResult};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use ledger::{Equivocation, Status, StatusChange};
pub use play::{ChampionshipPlayer, Happening, Outgoing, Refused};
pub use report::{CheckedReport, Report, ReportError, SignedReport};
pub use resume::SavedChampionshipPlayer;
pub use schedule::{GameId, Pairing, PlayerId, double_round_robin};
pub use standings::{Outcome, Row};

use crate::invitation::{ChampionshipTerms, MAX_NAME_CHARS, Secret};
use crate::link::Identity;
use export::Names;
use ledger::Ledger;

/// A player of the championship: the key their program signs with, and their name.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entrant {
    pub key: [u8; 32],
    pub name: String,
}

/// Why a championship cannot be made, or read back from a save.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ChampionshipError {
    #[error("a championship has from 2 to {max} players, and at most as many as invited; this one has {players}", max = ChampionshipTerms::MAX_PLAYERS)]
    RosterSize { players: usize },
    #[error("the championship's title is too long")]
    TitleTooLong,
    #[error("{0}'s name is too long")]
    NameTooLong(PlayerId),
    #[error("{0}'s key is not a valid key")]
    BadKey(PlayerId),
    #[error("{0} has the same key as another player")]
    SameKey(PlayerId),
    #[error("the saved championship holds a report that does not check out: {0}")]
    SavedReport(ReportError),
    #[error("the saved championship holds evidence of an equivocation that does not check out")]
    SavedEquivocation,
}

/// A championship as one participant's program keeps it. Saved with serde as the evidence (the
/// invitation's secret, the terms, the roster, every report held and every equivocation), which
/// is checked again when read back, so a changed file cannot make a result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SavedChampionship", into = "SavedChampionship")]
pub struct Championship {
    /// The invitation's secret: it names the championship in every report's signature.
    secret: Secret,
    terms: ChampionshipTerms,
    roster: Vec<Entrant>,
    schedule: Vec<Pairing>,
    ledger: Ledger,
}

impl Championship {
    /// The championship of the invitation with `secret` and `terms`, among `roster` in the
    /// order the host seated them (the host first): from 2 players to as many as invited.
    pub fn new(
        secret: Secret,
        terms: ChampionshipTerms,
        roster: Vec<Entrant>,
    ) -> Result<Championship, ChampionshipError> {
        let players = roster.len();
        let most = terms.players.min(ChampionshipTerms::MAX_PLAYERS);
        let Some(count) = u8::try_from(players)
            .ok()
            .filter(|count| (2..=most).contains(count))
        else {
            return Err(ChampionshipError::RosterSize { players });
        };
        if terms.title.chars().count() > MAX_NAME_CHARS {
            return Err(ChampionshipError::TitleTooLong);
        }
        let mut keys = HashSet::new();
        for (entrant, id) in roster
            .iter()
            .zip(0..)
            .map(|(entrant, id)| (entrant, PlayerId(id)))
        {
            if entrant.name.chars().count() > MAX_NAME_CHARS {
                return Err(ChampionshipError::NameTooLong(id));
            }
            if iroh::PublicKey::from_bytes(&entrant.key).is_err() {
                return Err(ChampionshipError::BadKey(id));
            }
            if !keys.insert(entrant.key) {
                return Err(ChampionshipError::SameKey(id));
            }
        }
        let schedule = double_round_robin(count);
        Ok(Championship {
            secret,
            terms,
            roster,
            ledger: Ledger::new(schedule.len()),
            schedule,
        })
    }

    pub fn terms(&self) -> &ChampionshipTerms {
        &self.terms
    }

    pub fn roster(&self) -> &[Entrant] {
        &self.roster
    }

    pub fn entrant(&self, player: PlayerId) -> Option<&Entrant> {
        self.roster.get(player.index())
    }

    /// The player whose program has this key.
    pub fn player_with_key(&self, key: &[u8; 32]) -> Option<PlayerId> {
        let index = self.roster.iter().position(|entrant| entrant.key == *key)?;
        u8::try_from(index).ok().map(PlayerId)
    }

    /// Every game, in the order they are meant to be played.
    pub fn schedule(&self) -> &[Pairing] {
        &self.schedule
    }

    pub fn pairing(&self, game: GameId) -> Option<&Pairing> {
        self.schedule.get(game.index())
    }

    /// The games `player` plays, in order.
    pub fn pairings_for(&self, player: PlayerId) -> Vec<Pairing> {
        self.schedule
            .iter()
            .filter(|pairing| pairing.plays(player))
            .copied()
            .collect()
    }

    /// The games to start now among the players who are `free` (connected and not playing): games
    /// not yet played or to be played again after a dispute, earliest first, no player in two.
    pub fn next_games_free(&self, free: &[PlayerId]) -> Vec<Pairing> {
        let mut seated = HashSet::new();
        let mut games = Vec::new();
        for pairing in &self.schedule {
            let to_play = matches!(
                self.ledger.status(pairing.game),
                Some(Status::NotPlayed | Status::Disputed)
            );
            let both_free = [pairing.black, pairing.white]
                .iter()
                .all(|player| free.contains(player) && !seated.contains(player));
            if to_play && both_free {
                seated.extend([pairing.black, pairing.white]);
                games.push(*pairing);
            }
        }
        games
    }

    pub fn status(&self, game: GameId) -> Option<Status> {
        self.ledger.status(game)
    }

    /// The attempt a report of `game` is for now: the next after a dispute.
    pub fn attempt_to_report(&self, game: GameId) -> Result<u8, ReportError> {
        self.ledger.attempt_to_report(game)
    }

    /// This program's signed report of `game`, played as `record`, for its own ledger and for
    /// every other program.
    pub fn sign_report(
        &self,
        identity: &Identity,
        game: GameId,
        record: &Game,
    ) -> Result<SignedReport, ReportError> {
        let reporter = self
            .player_with_key(&identity.public_key())
            .ok_or(ReportError::NotEntrant)?;
        let pairing = self.pairing(game).ok_or(ReportError::UnknownGame(game))?;
        if !pairing.plays(reporter) {
            return Err(ReportError::NotInTheGame { game, reporter });
        }
        let attempt = self.attempt_to_report(game)?;
        let report = Report::of_game(game, attempt, record).ok_or(ReportError::Unfinished)?;
        Ok(report.sign(&self.secret, reporter, identity))
    }

    /// Checks a report from anyone (this program's own, its opponent's, or one passed on by
    /// another participant) and takes it in if it belongs; see [`ledger`] for what it does to
    /// its game.
    pub fn accept_report(&mut self, signed: SignedReport) -> Result<StatusChange, ReportError> {
        let checked = self.check(signed)?;
        self.ledger.record(checked)
    }

    /// Whether `signed` is a valid report: of a game of the schedule, signed by one of that
    /// game's players with their key for this championship, its record legal and finished.
    pub fn check(&self, signed: SignedReport) -> Result<CheckedReport, ReportError> {
        let game = signed.report.game;
        let reporter = signed.reporter;
        let pairing = *self.pairing(game).ok_or(ReportError::UnknownGame(game))?;
        let entrant = self
            .entrant(reporter)
            .ok_or(ReportError::UnknownPlayer(reporter))?;
        if !pairing.plays(reporter) {
            return Err(ReportError::NotInTheGame { game, reporter });
        }
        signed.verify_signature(&self.secret, &entrant.key)?;
        let (record, result) = signed.report.replay()?;
        Ok(CheckedReport {
            pairing,
            signed,
            record,
            result,
        })
    }

    /// Every report held: what this program sends another when they connect, so that both keep
    /// the same table whichever reports each missed.
    pub fn reports(&self) -> Vec<SignedReport> {
        self.ledger.reports().cloned().collect()
    }

    /// The reports refused because their player had signed a different one of the same playing.
    pub fn equivocations(&self) -> &[Equivocation] {
        self.ledger.equivocations()
    }

    /// The record that counts for `game` (agreed or settled) and its result.
    pub fn decided(&self, game: GameId) -> Option<(&Game, GameResult)> {
        self.ledger
            .decided(game)
            .map(|checked| (&checked.record, checked.result))
    }

    /// The games that count, in the schedule's order.
    fn counted(&self) -> Vec<(Pairing, &Game, GameResult)> {
        self.schedule
            .iter()
            .filter_map(|pairing| {
                let (record, result) = self.decided(pairing.game)?;
                Some((*pairing, record, result))
            })
            .collect()
    }

    /// Whether every game counts.
    pub fn is_finished(&self) -> bool {
        self.counted().len() == self.schedule.len()
    }

    /// The table, best first (see [`standings`] for the order).
    pub fn standings(&self) -> Vec<Row> {
        let results: Vec<(Pairing, GameResult)> = self
            .counted()
            .into_iter()
            .map(|(pairing, _, result)| (pairing, result))
            .collect();
        // The roster has from 2 to 8 players.
        standings::standings(self.roster.len() as u8, &results)
    }

    fn names(&self) -> Names<'_> {
        Names {
            title: &self.terms.title,
            players: self
                .roster
                .iter()
                .map(|entrant| entrant.name.as_str())
                .collect(),
        }
    }

    /// The table as plain text, with its heading: the final table, or the table so far.
    pub fn table_text(&self) -> String {
        export::table_text(
            &self.names(),
            &self.standings(),
            self.counted().len(),
            self.schedule.len(),
        )
    }

    /// Every game that counts as GGF, one record after another, the table in the first one's
    /// comment; an empty text while no game counts.
    pub fn to_ggf(&self) -> String {
        let games: Vec<(Pairing, &Game)> = self
            .counted()
            .into_iter()
            .map(|(pairing, record, _)| (pairing, record))
            .collect();
        export::games_ggf(&self.names(), self.terms.clock, &games, &self.table_text())
    }
}

/// The championship as saved: the evidence it is rebuilt from.
#[derive(Serialize, Deserialize)]
struct SavedChampionship {
    secret: Secret,
    terms: ChampionshipTerms,
    roster: Vec<Entrant>,
    reports: Vec<SignedReport>,
    equivocations: Vec<Equivocation>,
}

impl From<Championship> for SavedChampionship {
    fn from(championship: Championship) -> SavedChampionship {
        SavedChampionship {
            reports: championship.reports(),
            equivocations: championship.equivocations().to_vec(),
            secret: championship.secret,
            terms: championship.terms,
            roster: championship.roster,
        }
    }
}

impl TryFrom<SavedChampionship> for Championship {
    type Error = ChampionshipError;

    fn try_from(saved: SavedChampionship) -> Result<Championship, ChampionshipError> {
        let mut championship = Championship::new(saved.secret, saved.terms, saved.roster)?;
        for signed in saved.reports {
            let checked = championship
                .check(signed)
                .map_err(ChampionshipError::SavedReport)?;
            championship
                .ledger
                .restore(checked)
                .map_err(ChampionshipError::SavedReport)?;
        }
        for evidence in saved.equivocations {
            let (kept, refused) = (&evidence.kept, &evidence.refused);
            let same_playing = kept.reporter == refused.reporter
                && kept.report.game == refused.report.game
                && kept.report.attempt == refused.report.attempt
                && kept.report != refused.report;
            let both_signed = championship.check(kept.clone()).is_ok()
                && championship.check(refused.clone()).is_ok();
            if !(same_playing && both_signed) {
                return Err(ChampionshipError::SavedEquivocation);
            }
            championship.ledger.flag(evidence);
        }
        Ok(championship)
    }
}
