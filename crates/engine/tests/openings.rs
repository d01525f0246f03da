//! The named openings shipped with the engine: legal, unique on every symmetry of the board, and
//! found from any of the equivalent first moves.

use std::collections::HashMap;

use reversi_engine::openings::{
    Opening, OpeningError, Symmetry, name_of, openings, parse_openings,
};
use reversi_engine::{Game, Move, Rules, Square};

/// The symmetries that keep the standard start: a game's image under one is a game too.
const START_SYMMETRIES: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Transpose,
    Symmetry::HalfTurn,
    Symmetry::AntiTranspose,
];

fn moves(transcript: &str) -> Vec<Move> {
    Game::from_transcript(transcript, Rules::default())
        .unwrap()
        .moves()
        .to_vec()
}

fn image(opening: &Opening, symmetry: Symmetry) -> Vec<Square> {
    opening.moves.iter().map(|&s| symmetry.apply(s)).collect()
}

#[test]
fn the_shipped_list_is_read_whole_and_every_line_is_legal() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/openings.txt")).unwrap();
    let parsed = parse_openings(&text).expect("every line reads");
    assert_eq!(parsed.len(), openings().len());
    assert!(openings().len() >= 60, "{} openings", openings().len());
    for opening in openings() {
        let transcript: String = opening.moves.iter().map(Square::to_string).collect();
        let game = Game::from_transcript(&transcript, Rules::default()).unwrap();
        assert_eq!(game.moves().len(), opening.moves.len(), "{}", opening.name);
        assert!(!opening.name.is_empty());
    }
}

#[test]
fn no_two_names_share_a_line_on_any_symmetry() {
    let mut names = HashMap::new();
    let mut lines = HashMap::new();
    for opening in openings() {
        let canonical = Symmetry::ALL
            .iter()
            .map(|&symmetry| image(opening, symmetry))
            .min()
            .unwrap();
        if let Some(other) = lines.insert(canonical, opening.name) {
            panic!("{} and {other} are the same line", opening.name);
        }
        assert!(
            names.insert(opening.name, ()).is_none(),
            "{} twice",
            opening.name
        );
    }
}

#[test]
fn every_opening_is_named_from_each_equivalent_first_move() {
    for opening in openings() {
        for symmetry in START_SYMMETRIES {
            let transcript: String = image(opening, symmetry)
                .iter()
                .map(Square::to_string)
                .collect();
            let game = Game::from_transcript(&transcript, Rules::default())
                .unwrap_or_else(|error| panic!("{} as {transcript}: {error}", opening.name));
            assert_eq!(name_of(game.moves()), Some(opening.name), "{transcript}");
        }
    }
}

#[test]
fn the_longest_named_line_wins_and_a_game_keeps_its_name() {
    assert_eq!(name_of(&[]), None);
    assert_eq!(name_of(&moves("f5")), None);
    assert_eq!(name_of(&moves("f5d6")), Some("Perpendicular Opening"));
    assert_eq!(name_of(&moves("f5d6c3d3c4")), Some("Tiger"));
    assert_eq!(name_of(&moves("c4e3f6e6f5")), Some("Tiger"));
    assert_eq!(name_of(&moves("e6f4c3c4d3")), Some("Tiger"));
    assert_eq!(name_of(&moves("d3c5f6f5e6")), Some("Tiger"));
    // Past the Tiger without reaching another name: still the Tiger.
    assert_eq!(name_of(&moves("f5d6c3d3c4f4")), Some("Tiger"));
    assert_eq!(name_of(&moves("f5d6c3d3c4f4e6")), Some("Leader's Tiger"));
    assert_eq!(name_of(&moves("f5d6c3d3c4f4f6")), Some("Stephenson"));
    assert_eq!(name_of(&moves("f5d6c3d3c4f4f6g5")), Some("No-Kung"));
    assert_eq!(name_of(&moves("f5d6c3d3c4f4c5b3c2")), Some("Rose-Bill"));
    assert_eq!(name_of(&moves("f5d6c3d3c4f4c5b3c2e6")), Some("Tamenori"));
    assert_eq!(name_of(&moves("f5f6e6f4e3")), Some("Cow"));
    assert_eq!(
        name_of(&moves("f5f6e6f4c3")),
        Some("Buffalo / Kenichi Variation")
    );
    assert_eq!(name_of(&moves("f5d6c5f4e3c6d3f6e6d7")), Some("Rose"));
    assert_eq!(
        name_of(&moves("f5d6c5f4e3c6d3f6e6d7e7")),
        Some("Greenberg / Dawg")
    );
}

#[test]
fn a_bad_list_is_refused_naming_the_line() {
    assert_eq!(
        parse_openings("# comment\n\nf5d6c3\n"),
        Err(OpeningError::MissingName { line: 3 })
    );
    assert_eq!(
        parse_openings("f5 Start\nf5a1 Nonsense")
            .unwrap_err()
            .to_string(),
        "line 2: move 2 (a1): flips nothing"
    );
}
