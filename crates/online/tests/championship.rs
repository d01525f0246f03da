//! A championship among four friends, as their programs keep it: reports signed and checked,
//! the table and its tie-breaks, what a forged, misplaced, illegal or self-serving report does
//! (nothing it should not), the save, and the GGF file.

use reversi_engine::format::read_ggf_games;
use reversi_engine::{Color, EndReason, Game, Move, Rules};
use reversi_online::championship::{
    Championship, ChampionshipError, Entrant, GameId, Pairing, PlayerId, Report, ReportError,
    SignedReport, Status, StatusChange,
};
use reversi_online::invitation::{ChampionshipTerms, ClockTerms};
use reversi_online::link::Identity;
use reversi_online::wire::Ending;

const SECRET: [u8; 16] = [42; 16];
const ALICE: PlayerId = PlayerId(0);
const BOB: PlayerId = PlayerId(1);
const CHLOE: PlayerId = PlayerId(2);
const DMITRI: PlayerId = PlayerId(3);

fn identity(player: PlayerId) -> Identity {
    Identity::from_bytes([player.0 + 1; 32])
}

fn championship() -> Championship {
    let terms = ChampionshipTerms {
        title: "Spring club".to_string(),
        players: 4,
        clock: Some(ClockTerms {
            minutes: 10,
            increment_seconds: 5,
        }),
        engine_help: false,
        pause_limit_minutes: 15,
    };
    let roster = ["Alice", "Bob", "Chloé", "Dmitri"]
        .into_iter()
        .zip(0..)
        .map(|(name, id)| Entrant {
            key: identity(PlayerId(id)).public_key(),
            name: name.to_string(),
        })
        .collect();
    Championship::new(SECRET, terms, roster).unwrap()
}

fn new_game() -> Game {
    Game::new(Rules::othello(Color::Black))
}

fn moves(game: &mut Game, line: &str) {
    for mv in line.split_whitespace() {
        game.play(mv.parse().unwrap()).unwrap();
    }
}

/// A game where `loser` resigned after `line`.
fn resigned(line: &str, loser: Color) -> Game {
    let mut game = new_game();
    moves(&mut game, line);
    game.resign(loser).unwrap();
    game
}

fn drawn() -> Game {
    let mut game = new_game();
    moves(&mut game, "f5 d6");
    game.agree_draw().unwrap();
    game
}

/// A game played to its end on the board, with moves picked from `seed`.
fn played_out(seed: u64) -> Game {
    let mut game = new_game();
    let mut state = seed;
    while !game.is_over() {
        let legal: Vec<_> = game.board().legal_moves().squares().collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            Move::Play(legal[(state >> 33) as usize % legal.len()])
        };
        game.play(mv).unwrap();
    }
    game
}

/// The first played-out game that `winner` wins on the board by less than the whole board.
fn won_on_the_board_by(winner: Color) -> Game {
    (0..)
        .map(played_out)
        .find(|game| {
            let result = game.result().unwrap();
            result.winner() == Some(winner) && result.score(winner.opponent()) > 0
        })
        .unwrap()
}

/// `player`'s signed report of `game`, played as `record`.
fn report(
    championship: &Championship,
    player: PlayerId,
    game: GameId,
    record: &Game,
) -> SignedReport {
    championship
        .sign_report(&identity(player), game, record)
        .unwrap()
}

/// Both players of `pairing` report `record`.
fn both_report(championship: &mut Championship, pairing: Pairing, record: &Game) -> Status {
    for player in [pairing.black, pairing.white] {
        let signed = report(championship, player, pairing.game, record);
        championship.accept_report(signed).unwrap();
    }
    championship.status(pairing.game).unwrap()
}

/// The first game between `one` and `other`.
fn first_game(championship: &Championship, one: PlayerId, other: PlayerId) -> Pairing {
    *championship
        .schedule()
        .iter()
        .find(|pairing| pairing.plays(one) && pairing.plays(other))
        .unwrap()
}

fn points(championship: &Championship) -> Vec<(PlayerId, u16)> {
    championship
        .standings()
        .iter()
        .map(|row| (row.player, row.points))
        .collect()
}

#[test]
fn a_whole_championship_gives_its_table_and_head_to_head_breaks_a_tie_on_points() {
    let mut championship = championship();
    assert_eq!(championship.schedule().len(), 12);
    let close_win = |pairing: &Pairing| {
        let chloe = pairing.color_of(CHLOE).unwrap();
        won_on_the_board_by(chloe)
    };
    let mut chloe_bob_games = 0;
    for pairing in championship.schedule().to_vec() {
        let pair = |one, other| pairing.plays(one) && pairing.plays(other);
        let loser_of = |winner| pairing.color_of(winner).unwrap().opponent();
        let record = if pair(ALICE, DMITRI) || pair(CHLOE, DMITRI) {
            drawn()
        } else if pair(ALICE, BOB) || pair(ALICE, CHLOE) {
            resigned("f5 d6 c3", loser_of(ALICE))
        } else if pair(BOB, DMITRI) {
            resigned("f5", loser_of(BOB))
        } else {
            chloe_bob_games += 1;
            if chloe_bob_games == 1 {
                close_win(&pairing)
            } else {
                drawn()
            }
        };
        assert_eq!(
            both_report(&mut championship, pairing, &record),
            Status::Agreed
        );
    }
    assert!(championship.is_finished());
    let rows = championship.standings();
    assert_eq!(
        points(&championship),
        [(ALICE, 10), (CHLOE, 5), (BOB, 5), (DMITRI, 4)]
    );
    let row = |player| *rows.iter().find(|row| row.player == player).unwrap();
    assert_eq!(
        (row(ALICE).wins, row(ALICE).draws, row(ALICE).losses),
        (4, 2, 0)
    );
    assert_eq!(row(ALICE).disc_difference, 4 * 64);
    assert_eq!(
        (row(CHLOE).wins, row(CHLOE).draws, row(CHLOE).losses),
        (1, 3, 2)
    );
    assert_eq!((row(BOB).wins, row(BOB).draws, row(BOB).losses), (2, 1, 3));
    assert_eq!(row(DMITRI).disc_difference, -2 * 64);
    // Bob has the better disc difference and the earlier seat: only the head-to-head (Chloé won
    // one of their games and drew the other) puts Chloé ahead.
    assert!(row(BOB).disc_difference > row(CHLOE).disc_difference);
    assert_eq!(
        row(BOB).disc_difference + row(CHLOE).disc_difference,
        -2 * 64
    );

    let table = championship.table_text();
    assert!(table.starts_with("Spring club — final table\n"), "{table}");
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 6, "{table}");
    assert!(
        lines[2].contains("Alice") && lines[2].contains("5.0"),
        "{table}"
    );
    assert!(
        lines[3].contains("Chloé") && lines[3].contains("2.5"),
        "{table}"
    );
    assert!(
        lines[5].contains("Dmitri") && lines[5].contains("-128"),
        "{table}"
    );
}

#[test]
fn the_games_and_the_table_read_back_from_the_ggf_text() {
    let mut championship = championship();
    assert_eq!(championship.to_ggf(), "");
    let schedule = championship.schedule().to_vec();
    let board_win = won_on_the_board_by(Color::White);
    both_report(&mut championship, schedule[0], &board_win);
    both_report(
        &mut championship,
        schedule[3],
        &resigned("f5 f6", Color::White),
    );
    let text = championship.to_ggf();
    let games = read_ggf_games(&text).unwrap();
    assert_eq!(games.len(), 2);
    let names = |player: PlayerId| championship.entrant(player).unwrap().name.clone();
    for (read, pairing) in games.iter().zip([schedule[0], schedule[3]]) {
        assert_eq!(read.black, Some(names(pairing.black)));
        assert_eq!(read.white, Some(names(pairing.white)));
        assert_eq!(read.place.as_deref(), Some("Spring club"));
        assert_eq!(read.time.as_deref(), Some("10:00/00:05"));
    }
    assert_eq!(games[0].game.moves(), board_win.moves());
    assert_eq!(games[0].game.result().unwrap().winner(), Some(Color::White));
    assert_eq!(
        games[1].game.result().unwrap().reason,
        EndReason::Resigned(Color::White)
    );
    let comment = games[0].comment.as_deref().unwrap();
    assert!(
        comment.starts_with("Spring club — table after 2 of 12 games\n"),
        "{comment}"
    );
    assert!(comment.contains(&championship.table_text()), "{comment}");
    assert!(comment.ends_with("Round 1"), "{comment}");
}

#[test]
fn a_forged_or_changed_report_is_refused_and_changes_nothing() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let record = resigned("f5", pairing.color_of(BOB).unwrap());
    let honest = report(&championship, ALICE, pairing.game, &record);

    // Somebody else's key, passing for Bob.
    let forged = Report::of_game(pairing.game, 0, &record).unwrap().sign(
        &SECRET,
        BOB,
        &Identity::from_bytes([99; 32]),
    );
    let refused = championship.accept_report(forged).unwrap_err();
    assert_eq!(
        refused,
        ReportError::BadSignature {
            game: pairing.game,
            reporter: BOB
        }
    );
    assert!(refused.to_string().contains("forged"), "{refused}");

    // Alice's report with its result turned round.
    let mut changed = honest.clone();
    changed.report.ending = Some(Ending::Resigned(pairing.color_of(ALICE).unwrap()));
    assert!(matches!(
        championship.accept_report(changed),
        Err(ReportError::BadSignature { .. })
    ));

    // Alice's own signature, from another championship.
    let elsewhere =
        Report::of_game(pairing.game, 0, &record)
            .unwrap()
            .sign(&[7; 16], ALICE, &identity(ALICE));
    assert!(matches!(
        championship.accept_report(elsewhere),
        Err(ReportError::BadSignature { .. })
    ));

    // Alice's honest report, carried to another of her games.
    let mut moved = honest.clone();
    moved.report.game = championship.pairings_for(ALICE)[1].game;
    assert!(matches!(
        championship.accept_report(moved),
        Err(ReportError::BadSignature { .. })
    ));
    assert_eq!(championship.status(pairing.game), Some(Status::NotPlayed));
    assert!(championship.reports().is_empty());

    assert_eq!(
        championship.accept_report(honest),
        Ok(StatusChange {
            game: pairing.game,
            before: Status::NotPlayed,
            after: Status::ReportedByOne(ALICE)
        })
    );
    // One report alone counts for nothing.
    assert!(championship.standings().iter().all(|row| row.played == 0));
}

#[test]
fn only_the_games_two_players_report_it() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let record = resigned("f5", pairing.color_of(ALICE).unwrap());
    // Chloé's genuine signature, on a game she did not play.
    let by_chloe =
        Report::of_game(pairing.game, 0, &record)
            .unwrap()
            .sign(&SECRET, CHLOE, &identity(CHLOE));
    assert_eq!(
        championship.accept_report(by_chloe),
        Err(ReportError::NotInTheGame {
            game: pairing.game,
            reporter: CHLOE
        })
    );
    assert_eq!(
        championship.sign_report(&identity(CHLOE), pairing.game, &record),
        Err(ReportError::NotInTheGame {
            game: pairing.game,
            reporter: CHLOE
        })
    );
    assert_eq!(
        championship.sign_report(&Identity::from_bytes([99; 32]), pairing.game, &record),
        Err(ReportError::NotEntrant)
    );
    let stranger = Report::of_game(pairing.game, 0, &record).unwrap().sign(
        &SECRET,
        PlayerId(7),
        &identity(PlayerId(7)),
    );
    assert_eq!(
        championship.accept_report(stranger),
        Err(ReportError::UnknownPlayer(PlayerId(7)))
    );
    let nowhere =
        Report::of_game(GameId(500), 0, &record)
            .unwrap()
            .sign(&SECRET, ALICE, &identity(ALICE));
    assert_eq!(
        championship.accept_report(nowhere),
        Err(ReportError::UnknownGame(GameId(500)))
    );
    assert_eq!(championship.status(pairing.game), Some(Status::NotPlayed));
}

#[test]
fn an_illegal_or_impossible_record_is_refused_even_when_signed() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let signed = |moves: &str, ending| {
        Report {
            game: pairing.game,
            attempt: 0,
            moves: moves
                .split_whitespace()
                .map(|mv| mv.parse().unwrap())
                .collect(),
            ending,
        }
        .sign(&SECRET, ALICE, &identity(ALICE))
    };
    assert!(matches!(
        championship.accept_report(signed("f5 d6 a1", Some(Ending::DrawAgreed))),
        Err(ReportError::IllegalMove {
            number: 3,
            mv: Move::Play(_),
            ..
        })
    ));
    assert!(matches!(
        championship.accept_report(signed("f5 pass", Some(Ending::DrawAgreed))),
        Err(ReportError::IllegalMove { number: 2, .. })
    ));
    assert_eq!(
        championship.accept_report(signed("f5 d6", None)),
        Err(ReportError::Unfinished)
    );
    let finished = won_on_the_board_by(Color::Black);
    let line: Vec<String> = finished.moves().iter().map(Move::to_string).collect();
    let line = line.join(" ");
    assert_eq!(
        championship.accept_report(signed(&line, Some(Ending::Resigned(Color::Black)))),
        Err(ReportError::EndingAfterTheEnd)
    );
    assert!(matches!(
        championship.accept_report(signed(&format!("{line} c4"), None)),
        Err(ReportError::IllegalMove { .. })
    ));
    assert_eq!(championship.status(pairing.game), Some(Status::NotPlayed));
}

#[test]
fn a_self_serving_report_leaves_the_game_disputed_until_it_is_played_again() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let alice = pairing.color_of(ALICE).unwrap();
    let bob = alice.opponent();
    // Alice resigned; her program says Bob did.
    let truth = resigned("f5 d6 c3", alice);
    let lie = resigned("f5 d6 c3", bob);
    championship
        .accept_report(report(&championship, BOB, pairing.game, &truth))
        .unwrap();
    let change = championship
        .accept_report(report(&championship, ALICE, pairing.game, &lie))
        .unwrap();
    assert_eq!(change.after, Status::Disputed);
    assert!(championship.decided(pairing.game).is_none());
    assert!(championship.standings().iter().all(|row| row.played == 0));

    // A made-up game she wins on the board does no better.
    let mut other = self::championship();
    let made_up = won_on_the_board_by(alice);
    other
        .accept_report(report(&other, BOB, pairing.game, &truth))
        .unwrap();
    let change = other
        .accept_report(report(&other, ALICE, pairing.game, &made_up))
        .unwrap();
    assert_eq!(change.after, Status::Disputed);

    // The game is to be played again, as attempt 1.
    assert!(
        championship
            .next_games_free(&[ALICE, BOB])
            .contains(&pairing)
    );
    assert_eq!(championship.attempt_to_report(pairing.game), Ok(1));
    let replay = resigned("f5 f6", alice);
    let bobs = report(&championship, BOB, pairing.game, &replay);
    assert_eq!(bobs.report.attempt, 1);
    assert_eq!(
        championship.accept_report(bobs).unwrap().after,
        Status::ReportedByOne(BOB)
    );
    // Alice's report of the first playing, arriving late, is outdated.
    let stale =
        Report::of_game(pairing.game, 0, &lie)
            .unwrap()
            .sign(&SECRET, ALICE, &identity(ALICE));
    assert_eq!(
        championship.accept_report(stale),
        Err(ReportError::WrongAttempt {
            game: pairing.game,
            attempt: 0,
            expected: 1
        })
    );
    let alices = report(&championship, ALICE, pairing.game, &replay);
    assert_eq!(
        championship.accept_report(alices).unwrap().after,
        Status::Agreed
    );
    assert_eq!(
        points(&championship)[0],
        (BOB, 2),
        "the replay counts: Bob won"
    );
    // Decided for good: the loser cannot start a new attempt.
    let retry =
        Report::of_game(pairing.game, 2, &lie)
            .unwrap()
            .sign(&SECRET, ALICE, &identity(ALICE));
    assert_eq!(
        championship.accept_report(retry),
        Err(ReportError::Decided { game: pairing.game })
    );
}

#[test]
fn a_player_cannot_take_back_a_report_by_starting_another_attempt() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let alice = pairing.color_of(ALICE).unwrap();
    championship
        .accept_report(report(
            &championship,
            ALICE,
            pairing.game,
            &resigned("f5", alice),
        ))
        .unwrap();
    let retry = Report::of_game(pairing.game, 1, &resigned("f5", alice.opponent()))
        .unwrap()
        .sign(&SECRET, ALICE, &identity(ALICE));
    assert_eq!(
        championship.accept_report(retry),
        Err(ReportError::WrongAttempt {
            game: pairing.game,
            attempt: 1,
            expected: 0
        })
    );
    assert_eq!(
        championship.status(pairing.game),
        Some(Status::ReportedByOne(ALICE))
    );
}

#[test]
fn records_that_differ_but_concede_the_same_result_settle_the_game() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let alice = pairing.color_of(ALICE).unwrap();
    // Alice's program lost her last move with the line: both say she resigned.
    let hers = resigned("f5 d6", alice);
    let his = resigned("f5 d6 c3", alice);
    championship
        .accept_report(report(&championship, ALICE, pairing.game, &hers))
        .unwrap();
    let change = championship
        .accept_report(report(&championship, BOB, pairing.game, &his))
        .unwrap();
    assert_eq!(change.after, Status::Settled);
    let (kept, result) = championship.decided(pairing.game).unwrap();
    assert_eq!(kept.moves().len(), 3, "the longer record is kept");
    assert_eq!(result.winner(), Some(alice.opponent()));

    // Her opponent says they won on the board; Alice says she resigned, which gives them more:
    // both concede that Alice lost, and the longer record is kept.
    let game = championship.pairings_for(ALICE)[1];
    let alice = game.color_of(ALICE).unwrap();
    let board = won_on_the_board_by(alice.opponent());
    let opponent = game.player(alice.opponent());
    championship
        .accept_report(report(&championship, opponent, game.game, &board))
        .unwrap();
    let change = championship
        .accept_report(report(
            &championship,
            ALICE,
            game.game,
            &resigned("f5", alice),
        ))
        .unwrap();
    assert_eq!(change.after, Status::Settled);
    assert_eq!(championship.decided(game.game).unwrap().0, &board);
}

#[test]
fn a_second_different_report_of_the_same_playing_is_flagged_and_the_first_kept() {
    let mut championship = championship();
    let pairing = first_game(&championship, ALICE, BOB);
    let alice = pairing.color_of(ALICE).unwrap();
    let first = report(&championship, ALICE, pairing.game, &resigned("f5", alice));
    championship.accept_report(first.clone()).unwrap();
    // The same report again is no news.
    let again = championship.accept_report(first.clone()).unwrap();
    assert_eq!(again.before, again.after);
    let second = report(&championship, ALICE, pairing.game, &drawn());
    assert_eq!(
        championship.accept_report(second.clone()),
        Err(ReportError::Equivocation {
            game: pairing.game,
            reporter: ALICE,
            attempt: 0
        })
    );
    assert_eq!(championship.equivocations().len(), 1);
    assert_eq!(championship.equivocations()[0].kept, first);
    assert_eq!(championship.equivocations()[0].refused, second);
    assert_eq!(championship.reports(), [first]);
}

#[test]
fn the_championship_reads_back_from_its_save_and_a_changed_save_is_refused() {
    let mut championship = championship();
    let schedule = championship.schedule().to_vec();
    let alice_first = first_game(&championship, ALICE, BOB);
    let alice = alice_first.color_of(ALICE).unwrap();
    // A disputed game played again, an agreed one, one reported by one, an equivocation.
    championship
        .accept_report(report(
            &championship,
            ALICE,
            alice_first.game,
            &resigned("f5", alice.opponent()),
        ))
        .unwrap();
    championship
        .accept_report(report(
            &championship,
            BOB,
            alice_first.game,
            &resigned("f5", alice),
        ))
        .unwrap();
    assert_eq!(
        championship.status(alice_first.game),
        Some(Status::Disputed)
    );
    let replay = drawn();
    championship
        .accept_report(report(&championship, BOB, alice_first.game, &replay))
        .unwrap();
    let other = schedule[1];
    both_report(&mut championship, other, &won_on_the_board_by(Color::Black));
    let lone = schedule[2];
    let lone_record = resigned("f5 d6", Color::White);
    championship
        .accept_report(report(&championship, lone.black, lone.game, &lone_record))
        .unwrap();
    let _ = championship.accept_report(report(&championship, lone.black, lone.game, &drawn()));
    assert_eq!(championship.equivocations().len(), 1);

    let bytes = postcard::to_allocvec(&championship).unwrap();
    let back: Championship = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(back, championship);
    assert_eq!(back.attempt_to_report(alice_first.game), Ok(1));
    assert_eq!(
        back.status(alice_first.game),
        Some(Status::ReportedByOne(BOB))
    );

    // One byte of a signature changed: the save no longer holds.
    let signature = championship.reports()[0].signature;
    let at = bytes
        .windows(32)
        .position(|window| window == &signature[32..])
        .unwrap();
    let mut changed = bytes.clone();
    changed[at] ^= 1;
    assert!(postcard::from_bytes::<Championship>(&changed).is_err());
}

#[test]
fn a_roster_that_cannot_play_is_refused() {
    let terms = championship().terms().clone();
    let entrant = |seed: u8| Entrant {
        key: Identity::from_bytes([seed; 32]).public_key(),
        name: format!("P{seed}"),
    };
    assert_eq!(
        Championship::new(SECRET, terms.clone(), vec![entrant(1)]),
        Err(ChampionshipError::RosterSize { players: 1 })
    );
    assert_eq!(
        Championship::new(SECRET, terms.clone(), (1..=5).map(entrant).collect()),
        Err(ChampionshipError::RosterSize { players: 5 })
    );
    assert_eq!(
        Championship::new(SECRET, terms.clone(), vec![entrant(1), entrant(1)]),
        Err(ChampionshipError::SameKey(PlayerId(1)))
    );
    let mut long = entrant(2);
    long.name = "x".repeat(40);
    assert_eq!(
        Championship::new(SECRET, terms.clone(), vec![entrant(1), long]),
        Err(ChampionshipError::NameTooLong(PlayerId(1)))
    );
    let three = Championship::new(SECRET, terms, (1..=3).map(entrant).collect()).unwrap();
    assert_eq!(three.schedule().len(), 6);
}

#[test]
fn free_players_are_given_the_earliest_games_they_can_play_and_no_one_two() {
    let mut championship = championship();
    let everyone = [ALICE, BOB, CHLOE, DMITRI];
    let now = championship.next_games_free(&everyone);
    assert_eq!(now.len(), 2);
    assert!(now.iter().all(|pairing| pairing.round == 1));
    let two = championship.next_games_free(&[ALICE, BOB]);
    assert_eq!(two, [first_game(&championship, ALICE, BOB)]);
    assert!(championship.next_games_free(&[ALICE]).is_empty());
    // A game played (reported by one) is no longer to play.
    let pairing = two[0];
    championship
        .accept_report(report(&championship, ALICE, pairing.game, &drawn()))
        .unwrap();
    let next = championship.next_games_free(&[ALICE, BOB]);
    assert!(next.iter().all(|game| game.game != pairing.game));
    assert_eq!(next.len(), 1);
    assert!(next[0].round > pairing.round);
    assert_eq!(championship.pairings_for(ALICE).len(), 6);
}
