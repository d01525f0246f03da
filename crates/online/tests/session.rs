//! Two programs' games talking directly (no network): every move is checked, offers are
//! answered, a move lost with the line is found again, and what a hostile peer sends changes
//! nothing.

mod common;

use std::time::{Duration, Instant};

use common::some_move;
use reversi_engine::{Color, EndReason, Move};
use reversi_online::invitation::{ClockTerms, GameTerms};
use reversi_online::session::{Event, LocalError, OnlineGame, SavedOnlineGame, Seats, Violation};
use reversi_online::wire::{Ending, Message, Offer};

fn terms(clock: Option<ClockTerms>) -> GameTerms {
    GameTerms {
        host_color: Color::Black,
        clock,
        engine_help: false,
        pause_limit_minutes: 5,
    }
}

fn pair(clock: Option<ClockTerms>, now: Instant) -> (OnlineGame, OnlineGame) {
    let host = OnlineGame::new(
        terms(clock),
        Seats {
            me: Color::Black,
            my_name: "Host".into(),
            their_name: "Guest".into(),
        },
    );
    let guest = OnlineGame::new(
        terms(clock),
        Seats {
            me: Color::White,
            my_name: "Guest".into(),
            their_name: "Host".into(),
        },
    );
    let (mut host, mut guest) = (host, guest);
    host.connected(now);
    guest.connected(now);
    exchange(&mut host, &mut guest, now);
    (host, guest)
}

/// Delivers each side's outbox to the other until both are empty; the events each received.
fn exchange(a: &mut OnlineGame, b: &mut OnlineGame, now: Instant) -> (Vec<Event>, Vec<Event>) {
    let (mut to_a, mut to_b) = (Vec::new(), Vec::new());
    loop {
        let from_a = a.take_outbox();
        let from_b = b.take_outbox();
        if from_a.is_empty() && from_b.is_empty() {
            return (to_a, to_b);
        }
        for message in from_a {
            to_b.extend(b.receive(message, now));
        }
        for message in from_b {
            to_a.extend(a.receive(message, now));
        }
    }
}

fn sq(name: &str) -> Move {
    name.parse().unwrap()
}

fn violations(events: &[Event]) -> Vec<Violation> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Violation(violation) => Some(violation.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_whole_game_ends_with_the_same_record_and_result_on_both_sides() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    let mut seed: usize = 7;
    while !host.game().is_over() {
        seed = seed.wrapping_mul(31).wrapping_add(11);
        let (mover, other) = if host.is_my_turn() {
            (&mut host, &mut guest)
        } else {
            (&mut guest, &mut host)
        };
        let mv = some_move(mover.game(), seed);
        mover.play(mv, now).unwrap();
        let (_, received) = exchange(mover, other, now);
        assert!(received.contains(&Event::Moved(mv)), "{received:?}");
        assert!(violations(&received).is_empty(), "{received:?}");
    }
    assert_eq!(host.game().moves(), guest.game().moves());
    assert_eq!(host.game().result(), guest.game().result());
    assert_eq!(host.game().result().unwrap().reason, EndReason::NoMoves);
}

#[test]
fn a_move_out_of_turn_an_illegal_move_and_a_forged_result_change_nothing() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    let before = guest.game().clone();
    let events = guest.receive(
        Message::Move {
            number: 1,
            mv: sq("a1"),
            clock_ms: None,
        },
        now,
    );
    assert!(matches!(
        violations(&events)[..],
        [Violation::IllegalMove { number: 1, .. }]
    ));
    let events = guest.receive(
        Message::Move {
            number: 2,
            mv: sq("f5"),
            clock_ms: None,
        },
        now,
    );
    assert!(matches!(
        violations(&events)[..],
        [Violation::OutOfTurn { .. }]
    ));
    // The host cannot move for the guest either.
    host.play(sq("f5"), now).unwrap();
    exchange(&mut host, &mut guest, now);
    let events = guest.receive(
        Message::Move {
            number: 2,
            mv: sq("d6"),
            clock_ms: None,
        },
        now,
    );
    assert!(matches!(
        violations(&events)[..],
        [Violation::OutOfTurn { .. }]
    ));
    // Nor say that the guest resigned or agreed to a draw.
    let events = guest.receive(
        Message::State {
            moves: host.game().moves().to_vec(),
            ending: Some(Ending::Resigned(Color::White)),
            undos: 0,
            clock_ms: None,
        },
        now,
    );
    assert!(matches!(
        violations(&events)[..],
        [Violation::ForgedResult { .. }]
    ));
    let events = guest.receive(
        Message::Answer {
            offer: Offer::Draw,
            accept: true,
            at_moves: 1,
        },
        now,
    );
    assert_eq!(violations(&events), vec![Violation::UnexpectedAnswer]);
    let events = guest.receive(
        Message::TimeUp {
            loser: Color::White,
        },
        now,
    );
    assert!(matches!(
        violations(&events)[..],
        [Violation::ForgedResult { .. }]
    ));
    assert!(!guest.game().is_over());
    assert_eq!(guest.game().moves().len(), before.moves().len() + 1);
    assert!(
        matches!(guest.play(sq("c3"), now), Err(LocalError::Illegal(_))),
        "only the guest's own legal moves"
    );
}

#[test]
fn a_draw_and_an_undo_are_agreed_only_by_an_answer() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    for mv in ["f5", "d6", "c3"] {
        let (mover, other) = if host.is_my_turn() {
            (&mut host, &mut guest)
        } else {
            (&mut guest, &mut host)
        };
        mover.play(sq(mv), now).unwrap();
        exchange(mover, other, now);
    }
    // The guest asks to take back d6 (and the host's c3 after it).
    guest.ask_undo().unwrap();
    assert_eq!(guest.ask_undo(), Err(LocalError::OfferPending));
    let (to_host, _) = exchange(&mut host, &mut guest, now);
    assert_eq!(to_host, vec![Event::Offered(Offer::Undo { to_moves: 1 })]);
    host.answer(true, now).unwrap();
    let (_, to_guest) = exchange(&mut host, &mut guest, now);
    assert_eq!(to_guest, vec![Event::UndoneTo(1)]);
    assert_eq!(host.game().moves(), &[sq("f5")]);
    assert_eq!(guest.game().moves(), &[sq("f5")]);
    // A draw declined, then accepted.
    guest.offer_draw().unwrap();
    exchange(&mut host, &mut guest, now);
    host.answer(false, now).unwrap();
    let (_, to_guest) = exchange(&mut host, &mut guest, now);
    assert_eq!(to_guest, vec![Event::Declined(Offer::Draw)]);
    host.offer_draw().unwrap();
    exchange(&mut host, &mut guest, now);
    guest.answer(true, now).unwrap();
    exchange(&mut host, &mut guest, now);
    for side in [&host, &guest] {
        let result = side.game().result().unwrap();
        assert_eq!(result.reason, EndReason::DrawAgreed);
        assert_eq!(result.winner(), None);
    }
}

#[test]
fn an_undo_offer_that_takes_back_more_than_the_askers_move_is_refused() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    host.play(sq("f5"), now).unwrap();
    exchange(&mut host, &mut guest, now);
    guest.play(sq("d6"), now).unwrap();
    exchange(&mut host, &mut guest, now);
    // The guest asks to go back to the start: the host's f5 is not the guest's to take back.
    let events = host.receive(Message::Offer(Offer::Undo { to_moves: 0 }), now);
    assert_eq!(violations(&events), vec![Violation::BadOffer]);
    assert_eq!(host.their_offer(), None);
}

#[test]
fn a_move_lost_with_the_line_is_found_again_when_it_comes_back() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    host.disconnected(now);
    guest.disconnected(now);
    host.play(sq("f5"), now).unwrap();
    // The message never arrives.
    host.take_outbox();
    host.connected(now);
    guest.connected(now);
    let (_, to_guest) = exchange(&mut host, &mut guest, now);
    assert_eq!(to_guest, vec![Event::Moved(sq("f5"))]);
    assert_eq!(guest.game().moves(), host.game().moves());
}

#[test]
fn an_accepted_undo_whose_answer_was_lost_is_applied_on_reconnection() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    host.play(sq("f5"), now).unwrap();
    exchange(&mut host, &mut guest, now);
    guest.play(sq("d6"), now).unwrap();
    exchange(&mut host, &mut guest, now);
    guest.ask_undo().unwrap();
    exchange(&mut host, &mut guest, now);
    host.answer(true, now).unwrap();
    host.take_outbox();
    host.connected(now);
    guest.connected(now);
    let (_, to_guest) = exchange(&mut host, &mut guest, now);
    assert!(to_guest.contains(&Event::UndoneTo(1)), "{to_guest:?}");
    assert_eq!(guest.game().moves(), host.game().moves());
    assert_eq!(guest.my_offer(), None);
}

#[test]
fn a_state_that_claims_moves_of_this_side_is_refused() {
    let now = Instant::now();
    let (_, mut guest) = pair(None, now);
    let events = guest.receive(
        Message::State {
            moves: vec![sq("f5"), sq("d6")],
            ending: None,
            undos: 0,
            clock_ms: None,
        },
        now,
    );
    assert_eq!(violations(&events), vec![Violation::Desync]);
    assert!(guest.game().moves().is_empty());
}

#[test]
fn clocks_agree_a_lying_clock_is_caught_and_time_runs_out() {
    let t0 = Instant::now();
    let clock = ClockTerms {
        minutes: 1,
        increment_seconds: 0,
    };
    let (mut host, mut guest) = pair(Some(clock), t0);
    host.play(sq("f5"), t0 + Duration::from_secs(10)).unwrap();
    exchange(&mut host, &mut guest, t0 + Duration::from_secs(10));
    assert_eq!(
        guest.time_left(Color::Black, t0 + Duration::from_secs(10)),
        Some(Duration::from_secs(50))
    );
    // The guest thinks 20 s and claims it used none.
    let events = host.receive(
        Message::Move {
            number: 2,
            mv: sq("d6"),
            clock_ms: Some(60_000),
        },
        t0 + Duration::from_secs(30),
    );
    assert!(matches!(
        violations(&events)[..],
        [Violation::ClockLie { .. }]
    ));
    assert_eq!(
        host.time_left(Color::White, t0 + Duration::from_secs(30)),
        Some(Duration::from_secs(40)),
        "the host keeps its own count"
    );
    // The host's time runs out: it says so itself at once.
    let late = t0 + Duration::from_secs(81);
    let ended = host.tick(late).expect("the host's time is up");
    assert!(
        matches!(ended, Event::Ended(result) if result.reason == EndReason::OutOfTime(Color::Black))
    );
    guest.receive(
        Message::Move {
            number: 2,
            mv: sq("d6"),
            clock_ms: Some(40_000),
        },
        t0 + Duration::from_secs(30),
    );
    let (_, to_guest) = exchange(&mut host, &mut guest, late);
    assert!(
        to_guest.iter().any(
            |event| matches!(event, Event::Ended(result) if result.winner() == Some(Color::White))
        ),
        "{to_guest:?}"
    );
}

#[test]
fn a_saved_game_comes_back_after_a_restart_and_goes_on() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(
        Some(ClockTerms {
            minutes: 5,
            increment_seconds: 3,
        }),
        now,
    );
    host.play(sq("f5"), now).unwrap();
    exchange(&mut host, &mut guest, now);
    let text = ron::to_string(&guest.saved(now)).unwrap();
    drop(guest);
    let saved: SavedOnlineGame = ron::from_str(&text).unwrap();
    let mut guest = OnlineGame::restore(saved, now);
    assert_eq!(guest.game().moves(), &[sq("f5")]);
    guest.connected(now);
    host.connected(now);
    exchange(&mut host, &mut guest, now);
    guest.play(sq("d6"), now).unwrap();
    let (to_host, _) = exchange(&mut host, &mut guest, now);
    assert_eq!(to_host, vec![Event::Moved(sq("d6"))]);
}

#[test]
fn chat_lines_are_cut_and_cleaned_of_control_characters() {
    let now = Instant::now();
    let (mut host, mut guest) = pair(None, now);
    host.chat("good luck\u{202e}!\n\u{1b}[31m");
    let (_, to_guest) = exchange(&mut host, &mut guest, now);
    assert_eq!(to_guest, vec![Event::Chat("good luck ! [31m".to_string())]);
    host.chat(&"x".repeat(500));
    let (_, to_guest) = exchange(&mut host, &mut guest, now);
    assert!(matches!(&to_guest[..], [Event::Chat(line)] if line.len() == 200));
}
