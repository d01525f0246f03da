//! Moves typed as a column letter then a row number (`d` `3`, `j` `1` `0`): the characters the
//! keyboard types, not its physical keys, so AZERTY and Dvorak players type the columns printed on
//! their keys. On boards of ten rows or more a row such as `1` may go on (`10`): it is played as
//! soon as no other digit could follow, or with Enter or Space.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use reversi_engine::{Move, Square};

use super::focus::KeyboardForBoard;
use crate::game::{Match, MoveOrigin, MoveRequested, Notice};
use crate::locale::Text;
use crate::schedule::GameSystems;

/// What has been typed of a move so far.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TypedMove {
    column: Option<u8>,
    /// The row number typed so far (from 1), waiting for another digit or Enter.
    row: Option<u8>,
}

impl TypedMove {
    /// Whether a move is being typed (Enter and Escape then belong to it).
    pub fn is_pending(&self) -> bool {
        self.column.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TypedMove>()
        .add_systems(Update, type_moves.in_set(GameSystems::Input));
}

/// What a key press means to a move being typed.
enum Typed {
    Letter(char),
    Digit(u8),
    Confirm,
    Forget,
    Erase,
}

fn typed(key: &Key) -> Option<Typed> {
    match key {
        Key::Character(text) => {
            let mut chars = text.chars();
            let c = chars.next()?.to_ascii_lowercase();
            if chars.next().is_some() {
                return None;
            }
            if c.is_ascii_lowercase() {
                Some(Typed::Letter(c))
            } else {
                c.to_digit(10).map(|digit| Typed::Digit(digit as u8))
            }
        }
        Key::Enter | Key::Space => Some(Typed::Confirm),
        Key::Escape => Some(Typed::Forget),
        Key::Backspace => Some(Typed::Erase),
        _ => None,
    }
}

/// The square's name, `j10`.
fn name(column: u8, row: u8) -> String {
    format!("{}{row}", char::from(b'a' + column))
}

/// Letters and digits typed with Ctrl, Alt or the Command key held are shortcuts, not moves.
pub(super) fn type_moves(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    listening: Res<KeyboardForBoard>,
    state: Res<Match>,
    mut typing: ResMut<TypedMove>,
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
    let presses: Vec<&KeyboardInput> = keys.read().filter(|key| key.state.is_pressed()).collect();
    if !listening.0 || held.any_pressed(modifiers) {
        return;
    }
    let size = state.game.rules().variant.size;
    for press in presses {
        let Some(key) = typed(&press.logical_key) else {
            continue;
        };
        let mut play = |column: u8, row: u8, notice: &mut Notice| {
            notice.clear();
            if let Some(square) = Square::from_coords(column, row - 1) {
                moves.write(MoveRequested {
                    mv: Move::Play(square),
                    origin: MoveOrigin::Human,
                });
            }
        };
        match (key, *typing) {
            (Typed::Letter(letter), _) => {
                let column = letter as u8 - b'a';
                // A letter beyond the board's columns is no column (it may be a shortcut).
                if column < size {
                    *typing = TypedMove {
                        column: Some(column),
                        row: None,
                    };
                    notice.set(
                        Text::new("notice-type-row")
                            .with("column", letter.to_string())
                            .with("rows", size),
                    );
                }
            }
            (Typed::Digit(_), TypedMove { column: None, .. }) => {
                let last = char::from(b'a' + size - 1).to_string();
                notice.set(
                    Text::new("notice-type-column-first")
                        .with("last", last)
                        .with("rows", size),
                );
            }
            (
                Typed::Digit(digit),
                TypedMove {
                    column: Some(column),
                    row,
                },
            ) => {
                let number = u32::from(row.unwrap_or(0)) * 10 + u32::from(digit);
                if number == 0 || number > u32::from(size) {
                    notice.set(
                        Text::new("notice-no-such-row")
                            .with("row", number)
                            .with("rows", size),
                    );
                    typing.row = None;
                } else if number * 10 > u32::from(size) {
                    // No further digit could make a row of this board: play it now.
                    *typing = TypedMove::default();
                    play(column, number as u8, &mut notice);
                } else {
                    typing.row = Some(number as u8);
                    notice.set(
                        Text::new("notice-type-row-more")
                            .with("square", name(column, number as u8))
                            .with("rows", size),
                    );
                }
            }
            (
                Typed::Confirm,
                TypedMove {
                    column: Some(column),
                    row: Some(row),
                },
            ) => {
                *typing = TypedMove::default();
                play(column, row, &mut notice);
            }
            (
                Typed::Forget,
                TypedMove {
                    column: Some(_), ..
                },
            ) => {
                *typing = TypedMove::default();
                notice.clear();
            }
            (Typed::Erase, TypedMove { row: Some(_), .. }) => typing.row = None,
            (
                Typed::Erase,
                TypedMove {
                    column: Some(_), ..
                },
            ) => {
                *typing = TypedMove::default();
                notice.clear();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_characters_are_read_whatever_the_key() {
        assert!(matches!(
            typed(&Key::Character("Q".into())),
            Some(Typed::Letter('q'))
        ));
        assert!(matches!(
            typed(&Key::Character("7".into())),
            Some(Typed::Digit(7))
        ));
        assert!(typed(&Key::Character("é".into())).is_none());
        assert!(typed(&Key::Character("ab".into())).is_none());
        assert!(matches!(typed(&Key::Enter), Some(Typed::Confirm)));
        assert_eq!(name(9, 10), "j10");
    }
}
