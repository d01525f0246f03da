//! The player's hands: pointer over and clicks on the squares, and typed moves (`d` then `3`).
//! Everything becomes a [`MoveRequested`]; the state decides whether it is allowed.

pub mod shortcuts;

use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use reversi_engine::{Move, Square};

use crate::board::{HoveredSquare, Tile};
use crate::schedule::GameSystems;
use crate::game::{MoveOrigin, MoveRequested, Notice};

/// A column letter typed and waiting for its row number.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypedColumn(pub Option<u8>);

/// Whether keyboard move entry should listen: false while a text field or dialog has the
/// keyboard. The UI keeps it up to date.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyboardForBoard(pub bool);

impl Default for KeyboardForBoard {
    fn default() -> KeyboardForBoard {
        KeyboardForBoard(true)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TypedColumn>()
        .init_resource::<KeyboardForBoard>()
        .add_systems(Update, type_moves.in_set(GameSystems::Input));
}

pub fn hover_tile(
    over: On<Pointer<Over>>,
    tiles: Query<&Tile>,
    mut hovered: ResMut<HoveredSquare>,
) {
    if let Ok(tile) = tiles.get(over.event_target()) {
        hovered.0 = Some(tile.0);
    }
}

pub fn leave_tile(out: On<Pointer<Out>>, tiles: Query<&Tile>, mut hovered: ResMut<HoveredSquare>) {
    if let Ok(tile) = tiles.get(out.event_target())
        && hovered.0 == Some(tile.0)
    {
        hovered.0 = None;
    }
}

pub fn click_tile(
    click: On<Pointer<Click>>,
    tiles: Query<&Tile>,
    mut moves: MessageWriter<MoveRequested>,
) {
    if click.button != PointerButton::Primary {
        return;
    }
    if let Ok(tile) = tiles.get(click.event_target()) {
        moves.write(MoveRequested {
            mv: Move::Play(tile.0),
            origin: MoveOrigin::Human,
        });
    }
}

const COLUMN_KEYS: [KeyCode; 8] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
];

const ROW_KEYS: [(KeyCode, KeyCode); 8] = [
    (KeyCode::Digit1, KeyCode::Numpad1),
    (KeyCode::Digit2, KeyCode::Numpad2),
    (KeyCode::Digit3, KeyCode::Numpad3),
    (KeyCode::Digit4, KeyCode::Numpad4),
    (KeyCode::Digit5, KeyCode::Numpad5),
    (KeyCode::Digit6, KeyCode::Numpad6),
    (KeyCode::Digit7, KeyCode::Numpad7),
    (KeyCode::Digit8, KeyCode::Numpad8),
];

/// A column letter then a row number plays that square. Letters and digits typed with Ctrl or
/// Alt held are shortcuts, not moves; Escape forgets a half-typed move.
fn type_moves(
    keys: Res<ButtonInput<KeyCode>>,
    listening: Res<KeyboardForBoard>,
    mut typed: ResMut<TypedColumn>,
    mut notice: ResMut<Notice>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let modifiers = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    if !listening.0 || keys.any_pressed(modifiers) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) && typed.0.is_some() {
        typed.0 = None;
        notice.0.clear();
        return;
    }
    if let Some(column) = COLUMN_KEYS.iter().position(|key| keys.just_pressed(*key)) {
        typed.0 = Some(column as u8);
        notice.0 = format!("{}_ : type a row number 1-8", (b'a' + column as u8) as char);
        return;
    }
    let Some(row) = ROW_KEYS
        .iter()
        .position(|(digit, numpad)| keys.just_pressed(*digit) || keys.just_pressed(*numpad))
    else {
        return;
    };
    match typed
        .0
        .take()
        .and_then(|column| Square::from_coords(column, row as u8))
    {
        Some(square) => {
            notice.0.clear();
            moves.write(MoveRequested {
                mv: Move::Play(square),
                origin: MoveOrigin::Human,
            });
        }
        None => notice.0 = "Type a column letter a-h first, then the row number.".into(),
    }
}
