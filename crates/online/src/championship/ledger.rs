//! Agreement on each game's result: the latest valid report of each of its two players, and
//! what they make of the game: not played, reported by one, agreed, settled or disputed.
//!
//! A game counts in the table only once both its players have reported it. One report alone
//! counts for nothing, whatever it says: it could be of a game never played. A player who never
//! reports leaves the game waiting, which everyone's table shows, but cannot make it count for
//! them.
//!
//! # A result the two players report differently
//!
//! The engine replays both reports, and no player is given more than their opponent's signed
//! report grants them: more points, or as many points and more discs. When each report gives its
//! own reporter no more than the other report does, both players concede at least what the other
//! claims (say one reports "I resigned at move 30" and the other "my opponent resigned at move
//! 31"); the game is settled by the longer record, of equal length the black player's. Points
//! always add up to a win and disc differences to zero, so when one report concedes this much
//! the other does too: the rule never weighs one player's word against the other's.
//!
//! Otherwise each report claims more for its reporter than the other grants, and one of them is
//! not true. The game stays disputed and counts in no table, and its two players may play it
//! again: the first report of the next playing (its attempt one higher) supersedes both.
//!
//! A finished board in a player's own record proves nothing against the opponent: any legal game
//! can be made up and signed, so only the opponent's signature binds the opponent. A rule such
//! as "the longer record that ends on the board decides" would reward whoever makes up the
//! longer game, so none is used.
//!
//! # Replays and equivocations
//!
//! A decided game (agreed or settled) stays decided: no later report changes it, so the loser
//! cannot take back a result by starting a new attempt. A report of another attempt than the one
//! being reported is refused; it is harmless (a report of an earlier playing that arrived late).
//! A player who signs two different reports of the same playing equivocates: the first report
//! stays, the second is refused, and both are kept as evidence for everyone to see.

use reversi_engine::Color;
use serde::{Deserialize, Serialize};

use super::report::{CheckedReport, ReportError, SignedReport};
use super::schedule::{GameId, PlayerId};
use super::standings::Outcome;

/// Where a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Status {
    NotPlayed,
    /// This player reported it; the other player's report is awaited.
    ReportedByOne(PlayerId),
    /// Both players reported the same record.
    Agreed,
    /// The players' records differ, and both concede what the kept record says.
    Settled,
    /// The players' records differ, each in its reporter's favour: the game counts in no table
    /// and may be played again.
    Disputed,
}

impl Status {
    /// Whether the game's result is decided and counts in the table.
    pub fn counts(self) -> bool {
        matches!(self, Status::Agreed | Status::Settled)
    }
}

/// What a report accepted did to its game (`before == after` for a report already held).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StatusChange {
    pub game: GameId,
    pub before: Status,
    pub after: Status,
}

/// Two different reports of the same playing of a game, both signed by the same player.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Equivocation {
    pub kept: SignedReport,
    pub refused: SignedReport,
}

/// The reports held for one game: the black player's and the white player's, of `attempt`.
#[derive(Clone, Debug, Default, PartialEq)]
struct Entry {
    attempt: u8,
    reports: [Option<CheckedReport>; 2],
}

impl Entry {
    /// The report whose record counts, if the game is decided.
    fn decided(&self) -> Option<&CheckedReport> {
        match &self.reports {
            [Some(black), Some(white)] if black.signed.report == white.signed.report => Some(black),
            [Some(black), Some(white)] => settle(black, white),
            _ => None,
        }
    }

    fn status(&self) -> Status {
        match &self.reports {
            [None, None] => Status::NotPlayed,
            [Some(one), None] | [None, Some(one)] => Status::ReportedByOne(one.signed.reporter),
            [Some(black), Some(white)] if black.signed.report == white.signed.report => {
                Status::Agreed
            }
            [Some(_), Some(_)] if self.decided().is_some() => Status::Settled,
            [Some(_), Some(_)] => Status::Disputed,
        }
    }

    /// The attempt a new report of the game is for: the next one after a dispute.
    fn attempt_to_report(&self, game: GameId) -> Result<u8, ReportError> {
        if self.status() == Status::Disputed {
            self.attempt
                .checked_add(1)
                .ok_or(ReportError::NoAttemptLeft { game })
        } else {
            Ok(self.attempt)
        }
    }
}

/// The record that settles a game its players report differently, if one does (the rule is in
/// the module's doc). Comparing the black player's side is enough: what one player gains the
/// other loses.
fn settle<'a>(black: &'a CheckedReport, white: &'a CheckedReport) -> Option<&'a CheckedReport> {
    let claimed = Outcome::of(&black.result, Color::Black);
    let granted = Outcome::of(&white.result, Color::Black);
    if claimed > granted {
        return None;
    }
    if white.signed.report.moves.len() > black.signed.report.moves.len() {
        Some(white)
    } else {
        Some(black)
    }
}

/// Every game's reports, by game id.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Ledger {
    entries: Vec<Entry>,
    equivocations: Vec<Equivocation>,
}

impl Ledger {
    pub(super) fn new(games: usize) -> Ledger {
        Ledger {
            entries: vec![Entry::default(); games],
            equivocations: Vec::new(),
        }
    }

    pub(super) fn status(&self, game: GameId) -> Option<Status> {
        self.entries.get(game.index()).map(Entry::status)
    }

    pub(super) fn attempt_to_report(&self, game: GameId) -> Result<u8, ReportError> {
        self.entries
            .get(game.index())
            .ok_or(ReportError::UnknownGame(game))?
            .attempt_to_report(game)
    }

    /// The report whose record counts for `game`, if it is decided.
    pub(super) fn decided(&self, game: GameId) -> Option<&CheckedReport> {
        self.entries.get(game.index())?.decided()
    }

    /// Takes a checked report in, if it belongs (see the module's doc).
    pub(super) fn record(&mut self, checked: CheckedReport) -> Result<StatusChange, ReportError> {
        let game = checked.signed.report.game;
        let reporter = checked.signed.reporter;
        let attempt = checked.signed.report.attempt;
        let seat = match checked.pairing.color_of(reporter) {
            Some(Color::Black) => 0,
            Some(Color::White) => 1,
            None => return Err(ReportError::NotInTheGame { game, reporter }),
        };
        let entry = self
            .entries
            .get_mut(game.index())
            .ok_or(ReportError::UnknownGame(game))?;
        let before = entry.status();
        if attempt == entry.attempt {
            match &entry.reports[seat] {
                Some(held) if held.signed.report == checked.signed.report => {}
                Some(held) => {
                    let evidence = Equivocation {
                        kept: held.signed.clone(),
                        refused: checked.signed,
                    };
                    self.flag(evidence);
                    return Err(ReportError::Equivocation {
                        game,
                        reporter,
                        attempt,
                    });
                }
                None => entry.reports[seat] = Some(checked),
            }
        } else if before.counts() {
            return Err(ReportError::Decided { game });
        } else {
            let expected = entry.attempt_to_report(game)?;
            if attempt != expected {
                return Err(ReportError::WrongAttempt {
                    game,
                    attempt,
                    expected,
                });
            }
            // The game was disputed: the new playing's first report supersedes both.
            entry.attempt = attempt;
            entry.reports = [None, None];
            entry.reports[seat] = Some(checked);
        }
        Ok(StatusChange {
            game,
            before,
            after: entry.status(),
        })
    }

    /// Takes in a report read back from a save, which may be of any attempt: the first report
    /// of a game sets its attempt.
    pub(super) fn restore(&mut self, checked: CheckedReport) -> Result<StatusChange, ReportError> {
        let game = checked.signed.report.game;
        if let Some(entry) = self.entries.get_mut(game.index())
            && entry.reports.iter().all(Option::is_none)
        {
            entry.attempt = checked.signed.report.attempt;
        }
        self.record(checked)
    }

    /// Keeps the evidence of an equivocation, once for each playing of a game by each player.
    pub(super) fn flag(&mut self, evidence: Equivocation) {
        let same_playing = |other: &Equivocation| {
            other.refused.reporter == evidence.refused.reporter
                && other.refused.report.game == evidence.refused.report.game
                && other.refused.report.attempt == evidence.refused.report.attempt
        };
        if !self.equivocations.iter().any(same_playing) {
            self.equivocations.push(evidence);
        }
    }

    /// Every report held, game by game: what a program sends another so both hold the same.
    pub(super) fn reports(&self) -> impl Iterator<Item = &SignedReport> {
        self.entries
            .iter()
            .flat_map(|entry| entry.reports.iter().flatten())
            .map(|checked| &checked.signed)
    }

    pub(super) fn equivocations(&self) -> &[Equivocation] {
        &self.equivocations
    }
}
