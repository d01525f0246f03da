use super::*;
use crate::game::{Game, Rules};

/// The squares of a transcript, passes left out.
fn squares(transcript: &str) -> Vec<Square> {
    Game::from_transcript(transcript, Rules::default())
        .unwrap()
        .moves()
        .iter()
        .filter_map(|mv| match mv {
            Move::Play(square) => Some(*square),
            Move::Pass => None,
        })
        .collect()
}

/// A game of `transcript` between players `black` and `white` of tournament 0 that black ends
/// with `black_discs`.
fn game(transcript: &str, black: u16, white: u16, black_discs: u8) -> WthorGame {
    let mut game = WthorGame::from_moves(&squares(transcript)).unwrap();
    (game.black, game.white, game.black_discs) = (black, white, black_discs);
    game
}

fn board(transcript: &str) -> Board {
    Game::from_transcript(transcript, Rules::default())
        .unwrap()
        .standard_board()
        .unwrap()
}

const PLAYERS: [&str; 3] = ["Anne Dupré", "Bruno", "Chloë"];

/// The files of a database: `games` in WTH_2001.wtb, the players above and one tournament.
fn files(games: &[WthorGame]) -> Vec<(String, Vec<u8>)> {
    vec![
        ("WTH_2001.wtb".to_string(), write_games(2001, games)),
        (
            "wthor.jou".to_string(),
            write_names(2001, &PLAYERS, WthorKind::Players),
        ),
        (
            "WTHOR.TRN".to_string(),
            write_names(2001, &["Open de Paris"], WthorKind::Tournaments),
        ),
        ("notes.txt".to_string(), b"not a WTHOR file".to_vec()),
    ]
}

fn database(files: &[(String, Vec<u8>)]) -> Result<Database, WthorError> {
    Database::from_files(
        files
            .iter()
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice())),
    )
}

/// `f5d6`, and its images under the start's symmetries: `d3c5` (a8-h1 reflection), `c4e3`
/// (half turn), and `f5f6` with another second move.
fn openings() -> Vec<WthorGame> {
    vec![
        game("f5d6c3", 0, 1, 40),
        game("d3c5", 1, 2, 30),
        game("c4e3", 2, 0, 32),
        game("f5f6e6", 0, 2, 50),
    ]
}

#[test]
fn files_read_back_as_written() {
    let games = openings();
    let bytes = write_games(2001, &games);
    assert_eq!(bytes.len(), HEADER_BYTES + games.len() * GAME_BYTES);
    let file = read_games("WTH_2001.wtb", &bytes).unwrap();
    assert_eq!(file.games, games);
    assert_eq!(file.damaged, 0);
    assert_eq!(file.header.games_year, 2001);
    assert_eq!(file.header.records, 4);
    assert_eq!(file.header.created, (2001, 1, 1));
    let moves: Vec<String> = file.games[0].moves().map(|s| s.to_string()).collect();
    assert_eq!(moves, ["f5", "d6", "c3"]);
    // f5 is column 6, row 5: written 65, after the header and the 8 bytes of numbers and scores.
    assert_eq!(bytes[HEADER_BYTES + 8], 65);

    let names = write_names(2001, &PLAYERS, WthorKind::Players);
    assert_eq!(names.len(), HEADER_BYTES + 3 * 20);
    assert_eq!(
        read_names("WTHOR.JOU", &names, WthorKind::Players).unwrap(),
        PLAYERS
    );
    // Latin-1: é is one byte.
    assert_eq!(names[HEADER_BYTES + 9], 0xE9);
}

#[test]
fn a_whole_game_scores_as_its_end_board() {
    let whole = "d3e3f2c4b3g1f4g5g4c5e2b4g6a2g2f3f5h5a4h1g3d1h2c3e6a5c2a3b2b1h4h6a1f6g7d7d2c1h7f1e7f7e1g8c8c7b7f8b6a7d6h8e8c6a8d8a6h3b8b5";
    let game = WthorGame::from_moves(&squares(whole)).unwrap();
    assert_eq!(game.len(), 60);
    assert_eq!(game.black_discs, 27);
    assert_eq!(game.final_difference(Color::White), 10);
    assert_eq!(
        WthorGame::from_moves(&squares("f5d6")[..1]).unwrap().len(),
        1
    );
    assert!(WthorGame::from_moves(&[Square::from_index(0).unwrap()]).is_none());
}

#[test]
fn the_start_counts_each_first_move_once() {
    let database = database(&files(&openings())).unwrap();
    assert_eq!(database.len(), 4);
    let moves = database.moves(&Board::default());
    let seen: Vec<(String, usize)> = moves
        .iter()
        .map(|each| (each.square.to_string(), each.games))
        .collect();
    // The start is its own image under four symmetries: f5, d3 and c4 stay apart.
    assert_eq!(seen, [("f5".into(), 2), ("d3".into(), 1), ("c4".into(), 1)]);
    let f5 = &moves[0];
    // Black ends with 40 and 50 discs: +16 and +36.
    assert_eq!(f5.total_difference, 52);
    assert_eq!(f5.average_difference(), 26.0);
    assert_eq!((f5.wins, f5.draws, f5.losses), (2, 0, 0));
    assert_eq!(f5.win_share(), 1.0);
    let c4 = &moves[2];
    assert_eq!(
        (c4.wins, c4.draws, c4.losses, c4.win_share()),
        (0, 1, 0, 0.5)
    );

    let page = database.games(&Board::default(), 0, 10);
    assert_eq!(page.total, 4);
    let first = &page.games[0];
    assert_eq!(
        (first.year, first.tournament.as_str(), first.black.as_str()),
        (2001, "Open de Paris", "Anne Dupré")
    );
    assert_eq!((first.white.as_str(), first.black_discs), ("Bruno", 40));
    assert_eq!((first.ply, first.symmetry), (0, Symmetry::Identity));
}

#[test]
fn images_of_a_position_count_with_their_moves_mapped_back() {
    let database = database(&files(&openings())).unwrap();
    let after_f5 = board("f5");
    let moves = database.moves(&after_f5);
    let seen: Vec<(String, usize)> = moves
        .iter()
        .map(|each| (each.square.to_string(), each.games))
        .collect();
    // d3c5 and c4e3 reach images of f5 and answer as f5d6 does.
    assert_eq!(seen, [("d6".into(), 3), ("f6".into(), 1)]);
    // White's view: black's 40, 30 and 32 discs are -16, +4 and 0 for white.
    assert_eq!(moves[0].total_difference, -12);
    assert_eq!((moves[0].wins, moves[0].draws, moves[0].losses), (1, 1, 1));

    // The same question asked on an image gets the answers on that image.
    let after_d3 = database.moves(&board("d3"));
    assert_eq!(after_d3[0].square.to_string(), "c5");
    assert_eq!(after_d3[0].games, 3);

    let page = database.games(&board("f5d6"), 1, 1);
    assert_eq!(page.total, 3);
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].black, "Bruno");
    assert_eq!(page.games[0].ply, 2);
    assert_eq!(page.games[0].symmetry, Symmetry::AntiTranspose);
    let moves: Vec<String> = database
        .game_moves(page.games[0].id)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["d3", "c5"]);
    assert_eq!(database.games(&board("f5d6c3d3"), 0, 10).total, 0);
}

#[test]
fn a_mirror_image_that_does_not_keep_the_start_is_found() {
    // Two games whose seventh moves reach boards that are each other's left-right mirror image,
    // a symmetry that maps the start onto its colour-swapped image.
    let games = [
        game("c4c5d6c3f4e6b4", 0, 1, 33),
        game("f5d6c4f3e6f4g4", 1, 0, 31),
    ];
    let database = database(&files(&games)).unwrap();
    let page = database.games(&board("c4c5d6c3f4e6b4"), 0, 10);
    assert_eq!(page.total, 2);
    assert_eq!(page.games[1].symmetry, Symmetry::MirrorColumns);
    let moves = database.games(&board("f5d6c4f3e6f4g4"), 0, 10);
    assert_eq!(moves.games[0].symmetry, Symmetry::MirrorColumns);
    assert_eq!(moves.games[1].symmetry, Symmetry::Identity);
}

#[test]
fn a_pass_is_found_before_and_after_it_is_made() {
    // Black has no move after the eighth disc; white plays c1 after the pass.
    let mut played = Game::from_transcript("c4c3f5b4a4a5b2a3", Rules::default()).unwrap();
    let before = played.standard_board().unwrap();
    assert!(before.must_pass());
    let database = database(&files(&[game("c4c3f5b4a4a5b2a3c1", 0, 1, 40)])).unwrap();
    let moves = database.moves(&before);
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (moves[0].square.to_string(), moves[0].losses),
        ("c1".into(), 1)
    );
    played.play(Move::Pass).unwrap();
    let after = played.standard_board().unwrap();
    assert_eq!(database.games(&after, 0, 1).total, 1);
    let replayed = database.game_moves(database.games(&after, 0, 1).games[0].id);
    assert_eq!(replayed.unwrap()[8], Move::Pass);
}

#[test]
fn a_move_that_cannot_be_played_ends_its_game_there() {
    let mut bytes = write_games(2001, &openings());
    // Game 2's second move (c5) becomes a1, which flips nothing.
    bytes[HEADER_BYTES + GAME_BYTES + 9] = 11;
    // Game 3's first move becomes 90, which is no square.
    bytes[HEADER_BYTES + 2 * GAME_BYTES + 8] = 90;
    let file = read_games("WTH_2001.wtb", &bytes).unwrap();
    assert_eq!(file.damaged, 2);
    assert_eq!(file.games[1].len(), 1);
    assert_eq!(file.games[2].len(), 0);
    let mut files = files(&[]);
    files[0].1 = bytes;
    let database = database(&files).unwrap();
    assert_eq!(database.damaged_games(), 2);
    assert_eq!(database.len(), 4);
    assert_eq!(database.games(&board("f5"), 0, 10).total, 3);
    // The cut game still reached d3, where it has no next move.
    assert_eq!(database.games(&board("d3"), 0, 10).total, 3);
    assert_eq!(database.moves(&board("d3")).len(), 2);
}

#[test]
fn a_truncated_or_inconsistent_file_is_refused_with_its_name() {
    let bytes = write_games(2001, &openings());
    let error = read_games("WTH_2001.wtb", &bytes[..bytes.len() - 1]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "WTH_2001.wtb: the header announces 4 records of 68 bytes, but the file has 271 bytes after the header instead of 272"
    );
    let error = read_games("WTH_2001.wtb", &bytes[..10]).unwrap_err();
    assert_eq!(
        error.problem,
        WthorProblem::NoHeader { length: 10 },
        "{error}"
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(read_games("x.wtb", &longer).is_err());
    let mut score = bytes.clone();
    score[HEADER_BYTES + 6] = 65;
    assert_eq!(
        read_games("x.wtb", &score).unwrap_err().to_string(),
        "x.wtb: game 1 gives black 65 discs, more than the board's 64"
    );
    let names = write_names(2001, &PLAYERS, WthorKind::Players);
    let mut files = files(&openings());
    files[1].1 = names[..names.len() - 5].to_vec();
    let error = database(&files).unwrap_err();
    assert_eq!(error.file, "wthor.jou");
}

#[test]
fn a_ten_by_ten_file_is_refused() {
    let mut bytes = write_games(2001, &[]);
    bytes[12] = 10;
    let error = read_games("WTH_2001.wtb", &bytes).unwrap_err();
    assert_eq!(error.problem, WthorProblem::TenByTen);
    assert!(error.to_string().contains("10x10"), "{error}");
    bytes[12] = 6;
    assert_eq!(
        read_games("WTH_2001.wtb", &bytes).unwrap_err().problem,
        WthorProblem::BoardSize { size: 6 }
    );
}

#[test]
fn numbers_past_the_lists_are_unknown_names() {
    let mut games = openings();
    games[0].black = 7;
    games[0].tournament = 1;
    let database = database(&files(&games)).unwrap();
    let first = &database.games(&Board::default(), 0, 1).games[0];
    assert_eq!(first.black, UNKNOWN_NAME);
    assert_eq!(first.tournament, UNKNOWN_NAME);
    assert_eq!(first.white, "Bruno");
    let alone = [("wth_2001.WTB".to_string(), write_games(2001, &openings()))];
    let page = self::database(&alone)
        .unwrap()
        .games(&Board::default(), 0, 1);
    assert_eq!(page.games[0].black, UNKNOWN_NAME);
}

#[test]
fn file_kinds_are_told_by_name_in_any_case() {
    assert_eq!(
        WthorKind::of_file_name("WTH_1999.WTB"),
        Some(WthorKind::Games)
    );
    assert_eq!(
        WthorKind::of_file_name("Wthor.Jou"),
        Some(WthorKind::Players)
    );
    assert_eq!(
        WthorKind::of_file_name("wthor.trn"),
        Some(WthorKind::Tournaments)
    );
    assert_eq!(WthorKind::of_file_name(".wtb"), None);
    assert_eq!(WthorKind::of_file_name("wthor.jou.bak"), None);
}

#[test]
fn random_damage_is_an_error_or_a_database_never_a_panic() {
    let mut rng = crate::rng::SplitMix64::new(27);
    let boards = [
        Board::default(),
        board("f5"),
        board("d3c5"),
        board("c4c3f5b4a4a5b2a3"),
    ];
    for _ in 0..2000 {
        let mut files = files(&openings());
        let (_, bytes) = &mut files[rng.below(3)];
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next_u64() as u8;
        }
        if rng.below(4) == 0 {
            bytes.truncate(rng.below(bytes.len() + 1));
        }
        let Ok(database) = database(&files) else {
            continue;
        };
        for board in &boards {
            let page = database.games(board, 0, 10);
            for game in &page.games {
                let moves = database.game_moves(game.id).unwrap();
                assert!(moves.len() >= game.ply, "{game:?}");
            }
            let counted: usize = database.moves(board).iter().map(|each| each.games).sum();
            assert!(counted <= page.total);
        }
    }
}
