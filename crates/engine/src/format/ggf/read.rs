//! Reading GGF games: each game's properties given their meaning, its moves replayed.

use crate::board::without_byte_order_mark;
use crate::color::Color;
use crate::format::transcript::IllegalMoveReason;
use crate::game::{Game, Move};
use crate::variant::{Goal, Variant, VariantBoard};

use super::lexer::{Lexer, RawGame, RawProperty};
use super::properties::{check_type, parse_move, parse_result, parse_start};
use super::record::{empty_game, end_by_forfeit, is_anti};
use super::{GgfError, GgfErrorKind, GgfGame, GgfResult, MoveNote};

/// Reads a text holding exactly one GGF game (what NBoard sends, or a file of one game).
pub fn parse_ggf(text: &str) -> Result<GgfGame, GgfError> {
    let mut games = read_ggf_games(text)?;
    match games.len() {
        0 => Err(GgfError {
            game: 1,
            kind: GgfErrorKind::NoGame,
        }),
        1 => Ok(games.remove(0)),
        count => Err(GgfError {
            game: 2,
            kind: GgfErrorKind::ManyGames { count },
        }),
    }
}

/// Reads every game of a GGF text (a file of many games, one after the other; whitespace
/// between them). The first error ends the reading, naming its game.
pub fn read_ggf_games(text: &str) -> Result<Vec<GgfGame>, GgfError> {
    let mut lexer = Lexer::new(without_byte_order_mark(text));
    let mut games = Vec::new();
    loop {
        let number = games.len() + 1;
        let at = |kind| GgfError { game: number, kind };
        match lexer.next_game().map_err(at)? {
            Some(raw) => games.push(build(raw).map_err(at)?),
            None if games.is_empty() => return Err(at(GgfErrorKind::NoGame)),
            None => return Ok(games),
        }
    }
}

/// Interprets the properties of one game and replays its moves.
fn build(raw: RawGame) -> Result<GgfGame, GgfErrorKind> {
    let mut record = GgfGame::from_game(&Game::default());
    record.result = None;
    let mut start = None;
    let mut type_given = None;
    let mut moves = Vec::new();
    for property in raw.properties {
        let value = || Some(property.value.clone());
        match property.name.as_str() {
            "GM" if !property.value.trim().eq_ignore_ascii_case("othello") => {
                return Err(GgfErrorKind::NotOthello {
                    found: property.value,
                });
            }
            "GM" => {}
            "PC" => record.place = value(),
            "DT" => record.date = value(),
            "PB" => record.black = value(),
            "PW" => record.white = value(),
            "RB" => record.black_rating = value(),
            "RW" => record.white_rating = value(),
            "TI" => record.time = value(),
            "TB" => record.black_time = value(),
            "TW" => record.white_time = value(),
            "KM" => record.komi = value(),
            "TY" => type_given = Some(property),
            "RE" => record.result = Some(parse_result(&property)?),
            "BO" => start = Some(property),
            "B" | "W" => moves.push((property, Vec::new())),
            "C" => match moves.last_mut() {
                Some((_, comments)) => comments.push(property.value),
                None => record.comment = Some(property.value),
            },
            _ => record.extra.push((property.name, property.value)),
        }
    }
    let mut size = 8;
    if let Some(property) = type_given {
        size = check_type(&property)?;
        record.game_type = property.value.trim().to_string();
    }
    // After TY, so that a board of a size that cannot be played is refused for its type first.
    let start = match start {
        Some(property) => parse_start(&property)?,
        None => VariantBoard::start(Variant::othello(size)),
    };
    let start = match is_anti(&record.game_type) {
        true => start.with_goal(Goal::FewestDiscs),
        false => start,
    };
    let size = start.variant().size;
    record.game = empty_game(start);
    record.notes.clear();
    for (index, (property, comments)) in moves.into_iter().enumerate() {
        let number = index + 1;
        let (mv, mut note) = parse_move(number, &property, size)?;
        note.comment = (!comments.is_empty()).then(|| comments.join("\n"));
        play(&mut record, number, &property, mv, note)?;
    }
    if let Some(GgfResult::Score {
        black_margin,
        ending,
    }) = record.result
    {
        end_by_forfeit(&mut record.game, black_margin, ending);
    }
    Ok(record)
}

/// Plays one move of the file, first inferring a pass when the other colour is written and the
/// side to move has no legal move (files differ on whether they write passes).
fn play(
    record: &mut GgfGame,
    number: usize,
    property: &RawProperty,
    mv: Move,
    note: MoveNote,
) -> Result<(), GgfErrorKind> {
    let color = if property.name == "B" {
        Color::Black
    } else {
        Color::White
    };
    let illegal = |reason| GgfErrorKind::IllegalMove {
        number,
        position: property.position,
        mv,
        reason,
    };
    let board = record.game.board();
    if record.game.is_over() {
        return Err(illegal(IllegalMoveReason::GameOver));
    }
    if color != board.to_move() {
        if !board.must_pass() {
            return Err(GgfErrorKind::BadMove {
                number,
                position: property.position,
                text: format!("{}[{}]", property.name, property.value),
                reason: format!("{} is to move", board.to_move()),
            });
        }
        record
            .game
            .play(Move::Pass)
            .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
        record.notes.push(MoveNote::default());
    }
    let board = record.game.board();
    match mv {
        Move::Pass => {
            if let Some(legal) = board.legal_moves().first() {
                return Err(illegal(IllegalMoveReason::PassNotAllowed { legal }));
            }
        }
        Move::Play(square) => {
            if board.disc_at(square).is_some() {
                return Err(illegal(IllegalMoveReason::Occupied));
            }
            if let Err(error) = board.play(square) {
                return Err(illegal(IllegalMoveReason::from(error)));
            }
        }
    }
    record
        .game
        .play(mv)
        .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
    if let Some(comment) = &note.comment {
        let last = record.game.history().len() - 1;
        record
            .game
            .set_comment(last, comment)
            .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
    }
    record.notes.push(note);
    Ok(())
}
