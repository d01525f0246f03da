//! The board without a mouse: the arrow keys move a cursor over the squares, Enter or Space plays
//! the square under it, Escape hides it; a mouse button hides it too. It is drawn as a frame
//! around its square in the colour of the theme's valid-move markers, which every theme makes
//! stand out from its board.

use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;
use reversi_engine::{Move, Square};

use super::focus::KeyboardForBoard;
use super::typed_moves::TypedMove;
use crate::board::{BOARD_TOP, BoardColors, BoardGeometry};
use crate::game::{Match, MoveOrigin, MoveRequested};
use crate::schedule::GameSystems;

/// The square under the keyboard's cursor, while it is shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardCursor(pub Option<Square>);

/// The frame drawn around the cursor's square.
#[derive(Component)]
struct CursorFrame;

#[derive(Resource)]
struct CursorMaterial(Handle<StandardMaterial>);

/// The frame's bars: a little inside the square, thick enough to see from any angle.
const FRAME_HALF: f32 = 0.46;
const BAR_WIDTH: f32 = 0.08;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardCursor>()
        .add_systems(
            Update,
            move_cursor
                .in_set(GameSystems::Input)
                .before(super::typed_moves::type_moves),
        )
        .add_systems(Update, draw_cursor.in_set(GameSystems::View));
}

/// Where the cursor first appears: on the first square the side to move may play, else in the
/// middle of the board.
fn first_square(state: &Match, geometry: &BoardGeometry) -> Option<Square> {
    let legal = state.board().legal_moves();
    geometry
        .squares()
        .find(|square| legal.contains(*square))
        .or_else(|| {
            let middle = geometry.size() / 2 - 1;
            Square::from_coords(middle, middle)
        })
}

/// One step from `square`, skipping places of the grid that are not squares of the board
/// (eight-star's corners); at the edge the cursor stays.
fn step(square: Square, (dx, dy): (i8, i8), geometry: &BoardGeometry) -> Square {
    let size = geometry.size() as i8;
    let (mut column, mut row) = (square.column() as i8, square.row() as i8);
    loop {
        column += dx;
        row += dy;
        if !(0..size).contains(&column) || !(0..size).contains(&row) {
            return square;
        }
        let next = Square::from_coords(column as u8, row as u8);
        if let Some(next) = next.filter(|next| geometry.contains(*next)) {
            return next;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn move_cursor(
    mut keys: MessageReader<KeyboardInput>,
    mouse: Res<ButtonInput<MouseButton>>,
    listening: Res<KeyboardForBoard>,
    typing: Res<TypedMove>,
    state: Res<Match>,
    geometry: Option<Res<BoardGeometry>>,
    mut cursor: ResMut<BoardCursor>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let presses: Vec<&KeyboardInput> = keys.read().filter(|key| key.state.is_pressed()).collect();
    if mouse.get_just_pressed().next().is_some() {
        cursor.set_if_neq(BoardCursor(None));
    }
    let Some(geometry) = geometry else { return };
    // A square of a board that has since been replaced by a smaller one is forgotten.
    if cursor.0.is_some_and(|square| !geometry.contains(square)) {
        cursor.0 = None;
    }
    if !listening.0 {
        return;
    }
    for press in presses {
        let direction = match press.logical_key {
            Key::ArrowLeft => (-1, 0),
            Key::ArrowRight => (1, 0),
            // Row 1 is at the top of the board, as the coordinates are printed.
            Key::ArrowUp => (0, -1),
            Key::ArrowDown => (0, 1),
            Key::Enter | Key::Space if !typing.is_pending() => {
                if let Some(square) = cursor.0 {
                    moves.write(MoveRequested {
                        mv: Move::Play(square),
                        origin: MoveOrigin::Human,
                    });
                }
                continue;
            }
            Key::Escape if !typing.is_pending() => {
                cursor.0 = None;
                continue;
            }
            _ => continue,
        };
        cursor.0 = match cursor.0 {
            None => first_square(&state, &geometry),
            Some(square) => Some(step(square, direction, &geometry)),
        };
    }
}

/// The frame follows the cursor, made the first time it is needed.
fn draw_cursor(
    cursor: Res<BoardCursor>,
    geometry: Option<Res<BoardGeometry>>,
    colors: Res<BoardColors>,
    material: Option<Res<CursorMaterial>>,
    mut frames: Query<(&mut Transform, &mut Visibility), With<CursorFrame>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(geometry) = geometry else { return };
    match (&material, frames.single_mut()) {
        (Some(material), Ok((mut transform, mut visibility))) => {
            if colors.is_changed()
                && let Some(mut frame) = materials.get_mut(&material.0)
            {
                frame.base_color = colors.valid_move;
                frame.emissive = colors.valid_move.to_linear();
            }
            match cursor.0 {
                Some(square) => {
                    let place = geometry.square_center(square, BOARD_TOP + 0.012);
                    if transform.translation != place {
                        transform.translation = place;
                    }
                    visibility.set_if_neq(Visibility::Inherited);
                }
                None => {
                    visibility.set_if_neq(Visibility::Hidden);
                }
            }
        }
        _ if cursor.0.is_some() => spawn_frame(&mut commands, &mut meshes, &mut materials, &colors),
        _ => {}
    }
}

fn spawn_frame(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    colors: &BoardColors,
) {
    let material = materials.add(StandardMaterial {
        base_color: colors.valid_move,
        emissive: colors.valid_move.to_linear(),
        unlit: true,
        ..default()
    });
    let along = meshes.add(Cuboid::new(2.0 * FRAME_HALF + BAR_WIDTH, 0.02, BAR_WIDTH));
    let across = meshes.add(Cuboid::new(BAR_WIDTH, 0.02, 2.0 * FRAME_HALF + BAR_WIDTH));
    let bars = [
        (along.clone(), Vec3::new(0.0, 0.0, -FRAME_HALF)),
        (along, Vec3::new(0.0, 0.0, FRAME_HALF)),
        (across.clone(), Vec3::new(-FRAME_HALF, 0.0, 0.0)),
        (across, Vec3::new(FRAME_HALF, 0.0, 0.0)),
    ];
    commands
        .spawn((
            CursorFrame,
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
        ))
        .with_children(|frame| {
            for (mesh, offset) in bars {
                frame.spawn((
                    Mesh3d(mesh),
                    MeshMaterial3d(material.clone()),
                    Transform::from_translation(offset),
                    Pickable::IGNORE,
                ));
            }
        });
    commands.insert_resource(CursorMaterial(material));
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::variant::Variant;

    fn square(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn the_cursor_stops_at_the_edge_and_skips_the_star_s_corners() {
        let othello = BoardGeometry::of(&Variant::OTHELLO);
        assert_eq!(step(square("a1"), (-1, 0), &othello), square("a1"));
        assert_eq!(step(square("a1"), (1, 0), &othello), square("b1"));
        assert_eq!(step(square("h8"), (0, 1), &othello), square("h8"));
        let star = BoardGeometry::of(&Variant::EIGHT_STAR);
        let directions = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        for from in star.squares() {
            for direction in directions {
                let to = step(from, direction, &star);
                assert!(star.contains(to), "{from} {direction:?}");
            }
        }
    }
}
