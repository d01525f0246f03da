//! The starts players use: a random start of a chosen number of discs and a handicap of corner
//! discs, each a new game through the game's one command path.

use reversi::game::{GameCommand, GameStart, PlayerKind, Players};
use reversi_engine::{Color, Game, Rules};

use super::common::*;

fn hot_seat(name: &str) -> bevy::prelude::App {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    app_with(name, game("f5d6c3"), players)
}

#[test]
fn a_random_start_puts_the_discs_asked_on_a_new_board() {
    let mut app = hot_seat("random_start");
    command(
        &mut app,
        GameCommand::NewGameFrom(GameStart::RandomDiscs(16)),
    );
    settle(&mut app);
    let board = state(&app).board();
    assert_eq!(board.count(Color::Black) + board.count(Color::White), 16);
    assert_eq!(
        state(&app).game.moves().len(),
        12,
        "the moves stay in the record"
    );
    // Two random starts are not the same game.
    let first = state(&app).game.moves().to_vec();
    command(
        &mut app,
        GameCommand::NewGameFrom(GameStart::RandomDiscs(16)),
    );
    settle(&mut app);
    assert_ne!(state(&app).game.moves(), first.as_slice());
}

#[test]
fn a_handicap_gives_the_weaker_side_its_corners() {
    let mut app = hot_seat("handicap");
    command(
        &mut app,
        GameCommand::NewGameFrom(GameStart::Handicap {
            color: Color::Black,
            corners: 4,
        }),
    );
    settle(&mut app);
    let board = state(&app).board();
    assert_eq!(board.count(Color::Black), 6);
    for corner in ["a1", "h1", "a8", "h8"] {
        assert_eq!(board.disc_at(sq(corner)), Some(Color::Black), "{corner}");
    }
    assert!(state(&app).game.moves().is_empty());
    assert_eq!(board.to_move(), Color::Black);
}

#[test]
fn a_board_without_corners_refuses_a_handicap_and_keeps_the_game() {
    let star = Rules {
        variant: reversi_engine::variant::Variant::EIGHT_STAR,
        ..Rules::default()
    };
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let mut app = app_with("handicap_star", Game::new(star), players);
    // The next game's rules come from the settings; a star board has no corners.
    app.world_mut()
        .resource_mut::<reversi::game::NextGame>()
        .rules = star;
    let before = state(&app).game.clone();
    command(
        &mut app,
        GameCommand::NewGameFrom(GameStart::Handicap {
            color: Color::White,
            corners: 1,
        }),
    );
    settle(&mut app);
    assert!(notice(&app).contains("no corners"), "{}", notice(&app));
    assert_eq!(state(&app).game.moves(), before.moves());
}

#[test]
fn an_xot_start_is_a_near_even_eight_move_opening_of_the_list() {
    let mut app = hot_seat("xot_start");
    command(&mut app, GameCommand::NewGameFrom(GameStart::Xot));
    settle(&mut app);
    let moves = state(&app).game.moves().to_vec();
    assert_eq!(moves.len(), 8);
    let transcript: String = moves.iter().map(ToString::to_string).collect();
    let listed = reversi_engine::openings::xot::openings()
        .iter()
        .any(|opening| opening.transcript() == transcript);
    assert!(listed, "{transcript} is not in the XOT list");
}
