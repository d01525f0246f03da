//! Where things are on the board, in one place: the squares of the game's variant (any size up to
//! 16x16, eight-star's cut corners), the size of a square, the frame around the playing area, the
//! centre of every square, the star points and the places of the coordinates. The scene, the
//! discs, the camera and the labels all read [`BoardGeometry`], which follows the game.

use bevy::prelude::*;
use reversi_engine::Square;
use reversi_engine::variant::Variant;

/// Height of the playing surface.
pub const BOARD_TOP: f32 = 0.0;

pub(super) const SQUARE_SIZE: f32 = 1.0;
/// The gap between squares, where the dark base shows as a grid line.
pub(super) const GRID_LINE: f32 = 0.05;
pub(super) const FRAME_WIDTH: f32 = 0.75;
/// How far the frame rises above the playing surface.
pub(super) const FRAME_HEIGHT: f32 = 0.18;
pub(super) const BASE_THICKNESS: f32 = 0.3;
/// Height of the table the board stands on.
pub const TABLE_TOP: f32 = BOARD_TOP - BASE_THICKNESS - 0.01;

/// The board of the game being played: its size and outline (the variant's other rules do not
/// change the board). Standard 8x8 Othello's until a game of another variant starts.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardGeometry {
    /// The variant reduced to what the board looks like.
    outline: Variant,
}

impl Default for BoardGeometry {
    fn default() -> BoardGeometry {
        BoardGeometry::of(&Variant::OTHELLO)
    }
}

impl BoardGeometry {
    pub fn of(variant: &Variant) -> BoardGeometry {
        BoardGeometry {
            outline: Variant {
                size: variant.size,
                shape: variant.shape,
                ..Variant::OTHELLO
            },
        }
    }

    /// Squares along each side.
    pub fn size(&self) -> u8 {
        self.outline.size
    }

    /// The squares of the board.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        self.outline.squares().squares()
    }

    /// Whether `square` is a square of the board (not off it, nor one of eight-star's corners).
    pub fn contains(&self, square: Square) -> bool {
        self.outline.squares().contains(square)
    }

    /// The places of the N x N grid that are not squares of the board (eight-star's corners):
    /// the frame fills them.
    pub(super) fn missing_squares(&self) -> impl Iterator<Item = Square> {
        let outline = self.outline;
        (0..outline.size)
            .flat_map(move |row| {
                (0..outline.size).filter_map(move |column| Square::from_coords(column, row))
            })
            .filter(move |&square| !outline.has_square(square))
    }

    /// The side of the playing area (the squares without the frame).
    pub(super) fn playing_area(&self) -> f32 {
        f32::from(self.size()) * SQUARE_SIZE
    }

    /// Half the width of the board including its frame: what the camera must keep in view.
    pub fn half_extent(&self) -> f32 {
        self.playing_area() / 2.0 + FRAME_WIDTH
    }

    /// The distance from a square's centre to the middle of the board, in squares, along one axis.
    fn offset_from_middle(&self, index: u8) -> f32 {
        f32::from(index) - (f32::from(self.size()) - 1.0) / 2.0
    }

    /// The centre of `square` at height `y`: column a on the left (-x), row 1 at the far side
    /// (-z).
    pub fn square_center(&self, square: Square, y: f32) -> Vec3 {
        Vec3::new(
            self.offset_from_middle(square.column()) * SQUARE_SIZE,
            y,
            self.offset_from_middle(square.row()) * SQUARE_SIZE,
        )
    }

    /// The star points, on the grid corners two squares in from each side (on 8x8 where b2 and
    /// c3 meet, and their mirror images), at height `y`; none on boards too small to have an
    /// inside to mark.
    pub(super) fn star_points(&self, y: f32) -> Vec<Vec3> {
        if self.size() < 8 {
            return Vec::new();
        }
        let offset = (self.playing_area() / 2.0 - 2.0 * SQUARE_SIZE).max(0.0);
        [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
            .map(|(x, z)| Vec3::new(x * offset, y, z * offset))
            .to_vec()
    }

    /// The coordinates painted on the frame: column letters on the far and near rails, row
    /// numbers on the left and right ones, each beside its column or row, just above the middle
    /// of the rail.
    pub fn coordinate_labels(&self) -> Vec<(String, Vec3)> {
        let rail = self.playing_area() / 2.0 + FRAME_WIDTH / 2.0;
        let height = BOARD_TOP + FRAME_HEIGHT + 0.02;
        (0..self.size())
            .flat_map(|i| {
                let column = char::from(b'a' + i).to_string();
                let row = (i + 1).to_string();
                let along = self.offset_from_middle(i) * SQUARE_SIZE;
                [
                    (column.clone(), Vec3::new(along, height, -rail)),
                    (column, Vec3::new(along, height, rail)),
                    (row.clone(), Vec3::new(-rail, height, along)),
                    (row, Vec3::new(rail, height, along)),
                ]
            })
            .collect()
    }
}

/// The board follows the game: a game of another size or outline rebuilds it.
pub(super) fn follow_the_game(state: Res<crate::game::Match>, mut geometry: ResMut<BoardGeometry>) {
    geometry.set_if_neq(BoardGeometry::of(&state.game.rules().variant));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_centred_and_the_labels_sit_on_the_frame() {
        for variant in [Variant::OTHELLO, Variant::othello(4), Variant::othello(16)] {
            let geometry = BoardGeometry::of(&variant);
            let last = variant.size - 1;
            let a1 = geometry.square_center(Square::from_coords(0, 0).unwrap(), 0.0);
            let corner = geometry.square_center(Square::from_coords(last, last).unwrap(), 0.0);
            assert_eq!(a1 + corner, Vec3::ZERO);
            let labels = geometry.coordinate_labels();
            assert_eq!(labels.len(), 4 * usize::from(variant.size));
            for (text, at) in &labels {
                let edge = at.x.abs().max(at.z.abs());
                assert!(
                    edge > geometry.playing_area() / 2.0 && edge < geometry.half_extent(),
                    "{text} is not on the frame: {at}"
                );
            }
        }
        let standard = BoardGeometry::default();
        assert_eq!(
            standard.square_center(Square::from_coords(0, 0).unwrap(), 0.0),
            Vec3::new(-3.5, 0.0, -3.5)
        );
        assert_eq!(standard.star_points(0.0)[0], Vec3::new(-2.0, 0.0, -2.0));
        let grand = BoardGeometry::of(&Variant::othello(10));
        assert_eq!(grand.coordinate_labels()[4 * 9].0, "j");
        assert_eq!(grand.star_points(0.0)[0], Vec3::new(-3.0, 0.0, -3.0));
    }

    #[test]
    fn eight_star_leaves_its_cut_corners_to_the_frame() {
        let star = BoardGeometry::of(&Variant::EIGHT_STAR);
        assert_eq!(star.squares().count(), 88);
        let missing: Vec<String> = star.missing_squares().map(|s| s.to_string()).collect();
        assert_eq!(missing.len(), 12);
        assert!(missing.contains(&"a1".to_string()) && missing.contains(&"j10".to_string()));
    }
}
