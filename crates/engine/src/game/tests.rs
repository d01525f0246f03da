use super::*;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn played(moves: &str) -> Vec<Move> {
    moves
        .split_whitespace()
        .map(|name| Move::Play(sq(name)))
        .collect()
}

#[test]
fn a_different_move_after_an_undo_keeps_the_moves_undone_as_a_side_line() {
    let mut game = Game::default();
    for mv in played("f5 d6 c3 d3") {
        game.play(mv).unwrap();
    }
    game.undo();
    game.undo();
    // The move the record goes on with is a redo: nothing is put aside.
    game.play(Move::Play(sq("c3"))).unwrap();
    assert_eq!(game.history(), played("f5 d6 c3 d3").as_slice());
    assert!(game.side_lines().is_empty());
    game.undo();
    game.play(Move::Play(sq("c5"))).unwrap();
    assert_eq!(game.history(), played("f5 d6 c5").as_slice());
    assert_eq!(game.side_lines(), [played("f5 d6 c3 d3")]);
    assert_eq!(
        game.branches(),
        [Branch {
            line: 0,
            at: 2,
            mv: Move::Play(sq("c3"))
        }]
    );
    // Going back and playing the side line's move goes on along it, its moves kept.
    game.undo();
    game.play(Move::Play(sq("c3"))).unwrap();
    assert_eq!(game.history(), played("f5 d6 c3 d3").as_slice());
    assert_eq!(game.cursor(), 3);
    assert_eq!(game.side_lines(), [played("f5 d6 c5")]);
    // Switching lines shows the other one at the asked position.
    assert!(game.switch_to_line(0, 3));
    assert_eq!(game.moves(), played("f5 d6 c5").as_slice());
    assert_eq!(game.side_lines(), [played("f5 d6 c3 d3")]);
    assert!(!game.switch_to_line(5, 1));
}

#[test]
fn side_lines_are_saved_and_a_tampered_one_is_refused() {
    let mut game = Game::default();
    for mv in played("f5 d6 c3") {
        game.play(mv).unwrap();
    }
    game.undo_all();
    game.play(Move::Play(sq("d3"))).unwrap();
    let text = ron::to_string(&game).unwrap();
    let read: Game = ron::from_str(&text).unwrap();
    assert_eq!(read, game);
    assert_eq!(read.side_lines(), [played("f5 d6 c3")]);
    let mut record = GameRecord::from(game);
    record.side_lines = vec![played("f5 a1")];
    let error = Game::try_from(record).unwrap_err();
    assert!(
        error.to_string().starts_with("side line 1: move 2 (a1)"),
        "{error}"
    );
    // Files from before side lines have none.
    let old = "(rules: (variant: Some((size: 8, shape: Square, start: Diagonal, \
               first_to_move: Black, supply: Shared, adjacent_placement: false)), \
               scoring: DiscCount), \
               start: \"---------------------------OX------XO--------------------------- X\", \
               moves: [Play(\"f5\")], cursor: 1)";
    let old: Game = ron::from_str(old).unwrap();
    assert!(old.side_lines().is_empty());
}

#[test]
fn resigning_after_an_undo_keeps_the_moves_undone() {
    let mut game = Game::default();
    for mv in played("f5 d6") {
        game.play(mv).unwrap();
    }
    game.undo();
    game.resign(Color::White).unwrap();
    assert_eq!(game.side_lines(), [played("f5 d6")]);
}

#[test]
fn undo_redo_walks_the_history() {
    let mut game = Game::default();
    for name in ["f5", "d6", "c3"] {
        game.play(Move::Play(sq(name))).unwrap();
    }
    let end = game.board();
    assert!(game.undo());
    assert!(game.undo());
    assert_eq!(game.moves(), &[Move::Play(sq("f5"))]);
    assert_eq!(game.history().len(), 3);
    game.redo_all();
    assert_eq!(game.board(), end);
    game.undo_all();
    assert_eq!(game.board(), VariantBoard::start(Variant::OTHELLO));
    assert!(!game.undo());
    game.redo();
    game.play(Move::Play(sq("f4"))).unwrap();
    assert_eq!(
        game.history().len(),
        2,
        "a new move leaves the redo tail to a side line"
    );
    assert!(!game.can_redo());
}

#[test]
fn the_boards_of_a_record_include_the_moves_to_redo() {
    let mut game = Game::default();
    for name in ["f5", "d6", "c3"] {
        game.play(Move::Play(sq(name))).unwrap();
    }
    let end = game.board();
    game.undo_all();
    let boards = game.boards();
    assert_eq!(boards.len(), 4);
    assert_eq!(boards[0], VariantBoard::start(Variant::OTHELLO));
    assert_eq!(boards[3], end);
    assert_eq!(game.move_number(2), Some(3));
    assert_eq!(game.move_number(3), None);
}

#[test]
fn resignation_is_undoable() {
    let mut game = Game::default();
    game.play(Move::Play(sq("f5"))).unwrap();
    game.resign(Color::White).unwrap();
    assert_eq!(game.result().unwrap().winner(), Some(Color::Black));
    assert_eq!(
        game.play(Move::Play(sq("d6"))),
        Err(GameError::GameOver),
        "no move after a resignation"
    );
    assert!(game.undo());
    assert!(game.result().is_none());
    assert_eq!(game.cursor(), 1);
    game.play(Move::Play(sq("d6"))).unwrap();
}

/// A comment stays on its move: through undo and redo, while another line is on show, and
/// back when that line is chosen again.
#[test]
fn a_comment_follows_its_move_through_undo_and_side_lines() {
    let mut game = Game::default();
    for mv in played("f5 d6 c3 d3") {
        game.play(mv).unwrap();
    }
    game.set_comment(2, "  the tiger  ").unwrap();
    assert_eq!(game.comment(2), Some("the tiger"), "trimmed");
    game.undo();
    game.undo();
    assert_eq!(
        game.comment(2),
        Some("the tiger"),
        "an undone move keeps it"
    );
    game.play(Move::Play(sq("c5"))).unwrap();
    assert_eq!(game.comment(2), None, "c5 is another move");
    game.set_comment(2, "the buffalo").unwrap();
    game.switch_to_line(0, 3);
    assert_eq!(game.history()[2], Move::Play(sq("c3")));
    assert_eq!(game.comment(2), Some("the tiger"));
    assert_eq!(game.comments().len(), 2);
    game.set_comment(2, "").unwrap();
    assert_eq!(game.comment(2), None, "an empty text removes it");
    assert!(game.set_comment(9, "beyond the moves").is_err());
}

/// Comments are saved with the game and read back; a file whose comment is on moves the game
/// does not have, or too long, is refused with the reason.
#[test]
fn comments_are_saved_and_a_bad_one_is_refused() {
    let mut game = Game::default();
    for mv in played("f5 d6 c3") {
        game.play(mv).unwrap();
    }
    game.set_comment(0, "a standard opening").unwrap();
    let record = GameRecord::from(game.clone());
    let text = ron::to_string(&record).unwrap();
    let again = Game::try_from(ron::from_str::<GameRecord>(&text).unwrap()).unwrap();
    assert_eq!(again.comment(0), Some("a standard opening"));

    let mut elsewhere = record.clone();
    elsewhere.comments[0].line = played("d3");
    assert_eq!(
        Game::try_from(elsewhere).unwrap_err(),
        RecordError::CommentOffTheGame { number: 1 }
    );
    let mut long = record;
    long.comments[0].text = "x".repeat(MAX_COMMENT_CHARS + 1);
    let error = Game::try_from(long).unwrap_err();
    assert!(error.to_string().contains("at most 2000"), "{error}");
}
