//! Marks on the board that follow the game: the valid-move markers, the ring on the last move and
//! a dot on each disc it flipped, the hovered square's highlight and the move preview (a translucent disc and a mark on every
//! disc it would flip).

use bevy::prelude::*;
use reversi_engine::variant::Bits;
use reversi_engine::{Color, Game, Move, Square};

use super::build::TileMaterials;
use super::geometry::{BOARD_TOP, BoardGeometry};
use super::picking::HoveredSquare;
use super::{BoardColors, PreviewMoves, ShowValidMoves, Tile};
use crate::ai::Hints;
use crate::game::{Animating, Match};
use crate::schedule::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_marks).add_systems(
        Update,
        (
            spawn_valid_move_markers.run_if(resource_changed::<BoardGeometry>),
            apply_mark_colors,
            highlight_hovered_tile,
            show_valid_moves,
            show_last_move,
            show_last_flips,
            preview_move,
        )
            .in_set(GameSystems::View),
    );
}

/// The materials of the markers and of the last-move ring and flip marks (colours from Options),
/// and the markers' shape.
#[derive(Resource)]
struct MarkMaterials {
    marker: Handle<StandardMaterial>,
    ring: Handle<StandardMaterial>,
    marker_mesh: Handle<Mesh>,
}

/// A valid-move marker for every square of the board, made again for a board of another shape.
fn spawn_valid_move_markers(
    mut commands: Commands,
    geometry: Res<BoardGeometry>,
    mark_materials: Option<Res<MarkMaterials>>,
    old: Query<Entity, With<ValidMoveMarker>>,
) {
    let Some(mark_materials) = mark_materials else {
        return;
    };
    for entity in &old {
        commands.entity(entity).despawn();
    }
    for square in geometry.squares() {
        commands.spawn((
            ValidMoveMarker(square),
            Mesh3d(mark_materials.marker_mesh.clone()),
            MeshMaterial3d(mark_materials.marker.clone()),
            Transform::from_translation(geometry.square_center(square, BOARD_TOP + 0.01)),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
}

/// The marks are made once, hidden, and moved and shown as the game goes.
fn spawn_marks(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    colors: Res<BoardColors>,
) {
    let mark_materials = MarkMaterials {
        marker: materials.add(StandardMaterial {
            base_color: colors.valid_move,
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        }),
        ring: materials.add(StandardMaterial {
            base_color: colors.last_move,
            emissive: colors.last_move.to_linear() * 2.0,
            ..default()
        }),
        marker_mesh: meshes.add(Cylinder::new(0.11, 0.01).mesh().resolution(24)),
    };
    commands.spawn((
        LastMoveRing,
        Mesh3d(meshes.add(Torus::new(0.44, 0.48))),
        MeshMaterial3d(mark_materials.ring.clone()),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    let preview_material = |color: bevy::color::Color| StandardMaterial {
        base_color: color,
        alpha_mode: AlphaMode::Blend,
        ..default()
    };
    commands.insert_resource(PreviewMaterials {
        black: materials.add(preview_material(bevy::color::Color::srgba(
            0.02, 0.02, 0.02, 0.55,
        ))),
        white: materials.add(preview_material(bevy::color::Color::srgba(
            0.95, 0.95, 0.92, 0.6,
        ))),
    });
    commands.spawn((
        PreviewDisc,
        Mesh3d(meshes.add(Cylinder::new(0.42, 0.1).mesh().resolution(40))),
        MeshMaterial3d(materials.add(preview_material(bevy::color::Color::srgba(
            0.0, 0.0, 0.0, 0.5,
        )))),
        Transform::default(),
        Visibility::Hidden,
        Pickable::IGNORE,
    ));
    let mark_mesh = meshes.add(Torus::new(0.14, 0.2));
    for _ in 0..FLIP_MARKS {
        commands.spawn((
            FlipMark,
            Mesh3d(mark_mesh.clone()),
            MeshMaterial3d(mark_materials.ring.clone()),
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
    let dot_mesh = meshes.add(Cylinder::new(0.07, 0.012).mesh().resolution(20));
    for _ in 0..FLIP_MARKS {
        commands.spawn((
            LastFlipDot,
            Mesh3d(dot_mesh.clone()),
            MeshMaterial3d(mark_materials.ring.clone()),
            Transform::default(),
            Visibility::Hidden,
            Pickable::IGNORE,
        ));
    }
    commands.insert_resource(mark_materials);
}

/// Options can change the colours at any time.
fn apply_mark_colors(
    colors: Res<BoardColors>,
    mark_materials: Option<Res<MarkMaterials>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(mark_materials) = mark_materials else {
        return;
    };
    if !colors.is_changed() {
        return;
    }
    if let Some(mut marker) = materials.get_mut(&mark_materials.marker) {
        marker.base_color = colors.valid_move;
    }
    if let Some(mut ring) = materials.get_mut(&mark_materials.ring) {
        ring.base_color = colors.last_move;
        ring.emissive = colors.last_move.to_linear() * 2.0;
    }
}

/// Marks a square where the side to move may play.
#[derive(Component)]
pub struct ValidMoveMarker(pub Square);

/// The ring around the last disc played.
#[derive(Component)]
struct LastMoveRing;

/// The translucent disc of a previewed move.
#[derive(Component)]
struct PreviewDisc;

/// Marks a disc a previewed move would flip (a pool, placed as needed).
#[derive(Component)]
struct FlipMark;

/// Marks a disc the last move flipped (a pool, placed as needed).
#[derive(Component)]
struct LastFlipDot;

/// Marks enough for the moves of the largest boards (a move on 8x8 flips at most 19 discs).
const FLIP_MARKS: usize = 64;

type FlipMarkParts = (&'static mut Transform, &'static mut Visibility);

#[derive(Resource)]
struct PreviewMaterials {
    black: Handle<StandardMaterial>,
    white: Handle<StandardMaterial>,
}

/// Shows the previewed move under the pointer, or hides the preview.
fn preview_move(
    geometry: Res<BoardGeometry>,
    preview: Res<PreviewMoves>,
    hovered: Res<HoveredSquare>,
    state: Res<Match>,
    animating: Res<Animating>,
    preview_materials: Option<Res<PreviewMaterials>>,
    mut ghost: Query<
        (
            &mut Transform,
            &mut Visibility,
            &mut MeshMaterial3d<StandardMaterial>,
        ),
        With<PreviewDisc>,
    >,
    mut marks: Query<FlipMarkParts, (With<FlipMark>, Without<PreviewDisc>)>,
) {
    let Some(preview_materials) = preview_materials else {
        return;
    };
    let playable = playable_squares(&state, animating.0);
    let shown = hovered
        .0
        .filter(|square| preview.0 && playable.contains(*square));
    let board = state.board();
    let flipped = shown
        .and_then(|square| board.flips(square).ok())
        .unwrap_or(Bits::EMPTY);
    if let Ok((mut transform, mut visibility, mut material)) = ghost.single_mut() {
        match shown {
            Some(square) => {
                transform.translation = geometry.square_center(square, BOARD_TOP + 0.06);
                let wanted = match board.to_move() {
                    Color::Black => &preview_materials.black,
                    Color::White => &preview_materials.white,
                };
                if material.0 != *wanted {
                    material.0 = wanted.clone();
                }
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
    place_marks(&geometry, flipped, BOARD_TOP + 0.13, &mut marks);
}

/// Shows one mark of the pool over each square of `squares`, at `height`, and hides the rest.
fn place_marks<F: bevy::ecs::query::QueryFilter>(
    geometry: &BoardGeometry,
    squares: Bits,
    height: f32,
    marks: &mut Query<FlipMarkParts, F>,
) {
    let mut targets = squares.squares();
    for (mut transform, mut visibility) in marks {
        match targets.next() {
            Some(square) => {
                transform.translation = geometry.square_center(square, height);
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

/// A dot on every disc the last move flipped, once the discs have landed.
fn show_last_flips(
    geometry: Res<BoardGeometry>,
    state: Res<Match>,
    animating: Res<Animating>,
    mut dots: Query<FlipMarkParts, With<LastFlipDot>>,
) {
    if !state.is_changed() && !animating.is_changed() {
        return;
    }
    let flipped = if animating.0 {
        Bits::EMPTY
    } else {
        last_move_flips(&state.game)
    };
    place_marks(&geometry, flipped, BOARD_TOP + 0.125, &mut dots);
}

/// The discs the last disc played flipped (none before the first one).
fn last_move_flips(game: &Game) -> Bits {
    let boards = game.boards();
    let last = game
        .moves()
        .iter()
        .rposition(|mv| matches!(mv, Move::Play(_)));
    let Some((before, after)) = last.and_then(|at| Some((boards.get(at)?, boards.get(at + 1)?)))
    else {
        return Bits::EMPTY;
    };
    let mover = before.to_move();
    before.discs(mover.opponent()) & after.discs(mover)
}

/// Squares where a human may play now.
fn playable_squares(state: &Match, animating: bool) -> Bits {
    if animating || !state.human_to_move() {
        return Bits::EMPTY;
    }
    state.board().legal_moves()
}

fn highlight_hovered_tile(
    hovered: Res<HoveredSquare>,
    state: Res<Match>,
    animating: Res<Animating>,
    tile_materials: Option<Res<TileMaterials>>,
    mut tiles: Query<(&Tile, &mut MeshMaterial3d<StandardMaterial>)>,
) {
    let Some(tile_materials) = tile_materials else {
        return;
    };
    let playable = playable_squares(&state, animating.0);
    let active = hovered.0.filter(|square| playable.contains(*square));
    for (tile, mut material) in &mut tiles {
        let wanted = if Some(tile.0) == active {
            &tile_materials.active
        } else {
            &tile_materials.normal
        };
        if material.0 != *wanted {
            material.0 = wanted.clone();
        }
    }
}

/// A dot on each square the side to move may play, but where a hint's score is written: the
/// score says the square is playable, and a dot under it would sit in the middle of its text.
fn show_valid_moves(
    state: Res<Match>,
    animating: Res<Animating>,
    show: Res<ShowValidMoves>,
    hints: Res<Hints>,
    mut markers: Query<(&ValidMoveMarker, &mut Visibility)>,
) {
    let playable = if show.0 {
        playable_squares(&state, animating.0)
    } else {
        Bits::EMPTY
    };
    let scored: Bits = hints
        .scores(&state)
        .map(|scores| scores.iter().map(|hint| hint.square).collect())
        .unwrap_or(Bits::EMPTY);
    for (marker, mut visibility) in &mut markers {
        let wanted = if playable.contains(marker.0) && !scored.contains(marker.0) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        visibility.set_if_neq(wanted);
    }
}

fn show_last_move(
    geometry: Res<BoardGeometry>,
    state: Res<Match>,
    mut ring: Query<(&mut Transform, &mut Visibility), With<LastMoveRing>>,
) {
    let Ok((mut transform, mut visibility)) = ring.single_mut() else {
        return;
    };
    let last = state.game.moves().iter().rev().find_map(|mv| match mv {
        Move::Play(square) => Some(*square),
        Move::Pass => None,
    });
    match last {
        Some(square) => {
            transform.translation = geometry.square_center(square, BOARD_TOP + 0.01);
            visibility.set_if_neq(Visibility::Inherited);
        }
        None => {
            visibility.set_if_neq(Visibility::Hidden);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Rules;
    use reversi_engine::format::parse_game_text;

    #[test]
    fn the_last_move_s_flips_are_those_of_the_last_disc_played() {
        let square = |name: &str| Bits::single(name.parse::<Square>().expect("a square"));
        let game = parse_game_text("f5d6c3", Rules::default()).expect("a legal game");
        assert_eq!(last_move_flips(&game), square("d4"));
        let game = parse_game_text("f5f6e6f4", Rules::default()).expect("a legal game");
        assert_eq!(last_move_flips(&game), square("e4") | square("f5"));
        assert_eq!(last_move_flips(&Game::new(Rules::default())), Bits::EMPTY);
    }
}
