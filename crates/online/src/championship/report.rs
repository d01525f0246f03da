//! A game's result as one of its players reports it: not a score, which anybody could type, but
//! the moves and how the game ended, signed with the player's key. Every program that receives
//! a report checks the signature against the roster and replays the moves with the engine from
//! the standard start; the result is what the replay gives, never what the reporter says.
//!
//! The signature covers the championship's secret, so a report cannot be carried into another
//! championship, and the game and the attempt, so it cannot be carried to another game or to a
//! replay of the same one.

use iroh::{PublicKey, Signature};
use reversi_engine::{Color, EndReason, Game, GameError, GameResult, Move, Rules};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::schedule::{GameId, Pairing, PlayerId};
use crate::invitation::Secret;
use crate::link::Identity;
use crate::wire::Ending;

/// Put in front of every signed report, so that no other message the key signs can pass for one.
const SIGNING_CONTEXT: &[u8] = b"reversi3d/championship-report/1";

/// What a player says happened in a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Report {
    pub game: GameId,
    /// Which playing of the game: 0, then one more each time a disputed game is played again.
    pub attempt: u8,
    /// Every move from the standard start, passes included.
    pub moves: Vec<Move>,
    /// How the game ended before its board did; `None` when the moves end it.
    pub ending: Option<Ending>,
}

/// A report and its reporter's signature over it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SignedReport {
    pub reporter: PlayerId,
    pub report: Report,
    #[serde(with = "signature_halves")]
    pub signature: [u8; 64],
}

/// Why a report was refused. None changes anything the program keeps, except
/// [`ReportError::Equivocation`], whose evidence is kept.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReportError {
    #[error("a report of {0}, which the championship does not have")]
    UnknownGame(GameId),
    #[error("a report signed as {0}, who is not in the championship")]
    UnknownPlayer(PlayerId),
    #[error("this program's player is not in the championship")]
    NotEntrant,
    #[error(
        "a report of {game} by {reporter}, who does not play in it: only its two players report a game"
    )]
    NotInTheGame { game: GameId, reporter: PlayerId },
    #[error("a report of {game} whose signature is not {reporter}'s: it was forged or changed")]
    BadSignature { game: GameId, reporter: PlayerId },
    #[error("a report whose move {number} ({mv}) is not legal: {reason}")]
    IllegalMove {
        number: usize,
        mv: Move,
        reason: GameError,
    },
    #[error("a report of a game that is not over")]
    Unfinished,
    #[error("a report that ends a game the moves had already ended")]
    EndingAfterTheEnd,
    #[error("a report that {loser} ran out of time while it was not {loser}'s turn")]
    TimeLossOutOfTurn { loser: Color },
    #[error("a new report of {game}, whose result is already decided")]
    Decided { game: GameId },
    #[error(
        "a report of another playing of {game} than the one being reported (attempt {attempt}, not {expected})"
    )]
    WrongAttempt {
        game: GameId,
        attempt: u8,
        expected: u8,
    },
    #[error(
        "{reporter} signed two different reports of the same playing of {game}; the first is kept"
    )]
    Equivocation {
        game: GameId,
        reporter: PlayerId,
        attempt: u8,
    },
    #[error("{game} was disputed too many times to be played again")]
    NoAttemptLeft { game: GameId },
}

/// A report that passed every check: signed by one of the game's players, its moves legal and
/// its ending possible, with the game and the result its replay gives.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedReport {
    pub pairing: Pairing,
    pub signed: SignedReport,
    pub record: Game,
    pub result: GameResult,
}

impl Report {
    /// The report of `record`, a game this program kept; `None` while the game is not over.
    pub fn of_game(game: GameId, attempt: u8, record: &Game) -> Option<Report> {
        let ending = match record.result()?.reason {
            EndReason::NoMoves => None,
            EndReason::Resigned(loser) => Some(Ending::Resigned(loser)),
            EndReason::OutOfTime(loser) => Some(Ending::OutOfTime(loser)),
            EndReason::DrawAgreed => Some(Ending::DrawAgreed),
        };
        Some(Report {
            game,
            attempt,
            moves: record.moves().to_vec(),
            ending,
        })
    }

    /// The game this report describes, replayed by the engine from the standard start (Black
    /// first), and its result. The moves must all be legal; the ending must come while the game
    /// is still on (a time loss only to the side whose clock runs, the side to move); a report
    /// must end its game one way or the other.
    pub fn replay(&self) -> Result<(Game, GameResult), ReportError> {
        let mut game = Game::new(Rules::othello(Color::Black));
        for (index, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|reason| ReportError::IllegalMove {
                number: index + 1,
                mv,
                reason,
            })?;
        }
        if let Some(ending) = self.ending {
            if game.is_over() {
                return Err(ReportError::EndingAfterTheEnd);
            }
            let ended = match ending {
                Ending::Resigned(loser) => game.resign(loser),
                Ending::OutOfTime(loser) if loser != game.to_move() => {
                    return Err(ReportError::TimeLossOutOfTurn { loser });
                }
                Ending::OutOfTime(loser) => game.lose_on_time(loser),
                Ending::DrawAgreed => game.agree_draw(),
            };
            ended.map_err(|_| ReportError::EndingAfterTheEnd)?;
        }
        let result = game.result().ok_or(ReportError::Unfinished)?;
        Ok((game, result))
    }

    /// Signs the report as `reporter` of the championship named by `secret`.
    pub fn sign(self, secret: &Secret, reporter: PlayerId, identity: &Identity) -> SignedReport {
        let signature = identity
            .secret_key()
            .sign(&self.signed_bytes(secret, reporter))
            .to_bytes();
        SignedReport {
            reporter,
            report: self,
            signature,
        }
    }

    /// What the signature covers: the context, the championship's secret, the reporter and the
    /// report, in postcard (one encoding for one value, so both ends sign the same bytes).
    fn signed_bytes(&self, secret: &Secret, reporter: PlayerId) -> Vec<u8> {
        // Serialising plain data into a vector cannot fail.
        postcard::to_allocvec(&(SIGNING_CONTEXT, secret, reporter, self)).unwrap_or_default()
    }
}

impl SignedReport {
    /// Whether the signature is the one `key` (the reporter's, from the roster) makes over this
    /// report in the championship named by `secret`.
    pub fn verify_signature(&self, secret: &Secret, key: &[u8; 32]) -> Result<(), ReportError> {
        let forged = ReportError::BadSignature {
            game: self.report.game,
            reporter: self.reporter,
        };
        let key = PublicKey::from_bytes(key).map_err(|_| forged.clone())?;
        key.verify(
            &self.report.signed_bytes(secret, self.reporter),
            &Signature::from_bytes(&self.signature),
        )
        .map_err(|_| forged)
    }
}

/// serde has no arrays longer than 32: the signature is saved as its two halves.
mod signature_halves {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    type Halves = ([u8; 32], [u8; 32]);

    pub fn serialize<S: Serializer>(
        signature: &[u8; 64],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let halves: Halves = (
            std::array::from_fn(|at| signature[at]),
            std::array::from_fn(|at| signature[at + 32]),
        );
        halves.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[u8; 64], D::Error> {
        let (first, second) = Halves::deserialize(deserializer)?;
        Ok(std::array::from_fn(|at| {
            if at < 32 { first[at] } else { second[at - 32] }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(moves: &str, ending: Option<Ending>) -> Report {
        Report {
            game: GameId(3),
            attempt: 0,
            moves: moves
                .split_whitespace()
                .map(|mv| mv.parse().unwrap())
                .collect(),
            ending,
        }
    }

    #[test]
    fn a_signed_report_verifies_only_with_its_key_its_championship_and_its_content() {
        let alice = Identity::from_bytes([1; 32]);
        let bob = Identity::from_bytes([2; 32]);
        let signed = report("f5 d6", Some(Ending::Resigned(Color::White))).sign(
            &[7; 16],
            PlayerId(0),
            &alice,
        );
        assert_eq!(
            signed.verify_signature(&[7; 16], &alice.public_key()),
            Ok(())
        );
        let forged = Err(ReportError::BadSignature {
            game: GameId(3),
            reporter: PlayerId(0),
        });
        assert_eq!(signed.verify_signature(&[7; 16], &bob.public_key()), forged);
        assert_eq!(
            signed.verify_signature(&[8; 16], &alice.public_key()),
            forged
        );
        let mut changed = signed.clone();
        changed.report.ending = Some(Ending::Resigned(Color::Black));
        assert_eq!(
            changed.verify_signature(&[7; 16], &alice.public_key()),
            forged
        );
        let mut moved = signed.clone();
        moved.report.attempt = 1;
        assert_eq!(
            moved.verify_signature(&[7; 16], &alice.public_key()),
            forged
        );
        let mut garbage = signed;
        garbage.signature = [0xff; 64];
        assert_eq!(
            garbage.verify_signature(&[7; 16], &alice.public_key()),
            forged
        );
        // Bytes that are not a key at all.
        assert!(garbage.verify_signature(&[7; 16], &[0xff; 32]).is_err());
    }

    #[test]
    fn a_signed_report_reads_back_from_postcard() {
        let signed = report("f5", Some(Ending::DrawAgreed)).sign(
            &[7; 16],
            PlayerId(2),
            &Identity::from_bytes([3; 32]),
        );
        let bytes = postcard::to_allocvec(&signed).unwrap();
        assert_eq!(postcard::from_bytes::<SignedReport>(&bytes), Ok(signed));
    }

    #[test]
    fn the_result_is_the_replays_and_impossible_records_are_refused() {
        let (_, result) = report("f5 d6", Some(Ending::Resigned(Color::White)))
            .replay()
            .unwrap();
        assert_eq!((result.black, result.white), (64, 0));
        assert!(matches!(
            report("f5 f5", None).replay(),
            Err(ReportError::IllegalMove { number: 2, .. })
        ));
        assert_eq!(report("f5 d6", None).replay(), Err(ReportError::Unfinished));
        // After f5 it is White's turn: Black's clock was not running.
        assert_eq!(
            report("f5", Some(Ending::OutOfTime(Color::Black))).replay(),
            Err(ReportError::TimeLossOutOfTurn {
                loser: Color::Black
            })
        );
        let (_, timed_out) = report("f5", Some(Ending::OutOfTime(Color::White)))
            .replay()
            .unwrap();
        assert_eq!(timed_out.winner(), Some(Color::Black));
    }

    #[test]
    fn a_report_of_a_game_kept_here_replays_to_the_same_game() {
        let mut game = Game::new(Rules::othello(Color::Black));
        game.play("f5".parse().unwrap()).unwrap();
        assert_eq!(Report::of_game(GameId(0), 0, &game), None);
        game.agree_draw().unwrap();
        let report = Report::of_game(GameId(0), 0, &game).unwrap();
        assert_eq!(report.ending, Some(Ending::DrawAgreed));
        assert_eq!(
            report.replay().unwrap(),
            (game.clone(), game.result().unwrap())
        );
    }
}
