//! The animations of a move: the new disc drops onto its square with a bounce, and the discs it
//! outflanks lift, turn over about an axis facing away from it, and settle, ring by ring outward.

use std::f32::consts::PI;
use std::time::Duration;

use bevy::prelude::*;
use bevy_tweening::lens::TransformPositionLens;
use bevy_tweening::{Delay, Lens, Tween, TweenAnim};
use reversi_engine::variant::Bits;
use reversi_engine::{Color, Square};

use super::{Disc, DiscEntities, REST_HEIGHT, rest_rotation};
use crate::board::BoardGeometry;

const DROP_HEIGHT: f32 = 2.2;

const DROP_TIME: Duration = Duration::from_millis(380);

const FLIP_TIME: Duration = Duration::from_millis(420);

const FLIP_LIFT: f32 = 0.45;

/// The share of a flip spent in the air, turning; in the rest the disc bounces once as it lands.
const IN_THE_AIR: f32 = 0.82;
/// The height of that bounce, as a share of the lift.
const BOUNCE: f32 = 0.1;

/// Delay between rings of flipped discs, counted outward from the played square.
const FLIP_STAGGER: Duration = Duration::from_millis(90);

impl DiscEntities<'_, '_> {
    /// Drops the new disc onto its square and turns the outflanked ones over, in rings outward.
    pub(super) fn animate_move(&mut self, square: Square, color: Color, flipped: Bits, speed: f32) {
        let start = self
            .geometry
            .square_center(square, REST_HEIGHT + DROP_HEIGHT);
        let entity = self.spawn(
            square,
            color,
            Transform::from_translation(start).with_rotation(rest_rotation(color)),
        );
        let drop = Tween::new(
            EaseFunction::BounceOut,
            scaled(DROP_TIME, speed),
            TransformPositionLens {
                start,
                end: self.geometry.square_center(square, REST_HEIGHT),
            },
        );
        self.commands.entity(entity).insert(TweenAnim::new(drop));
        for flipped_square in flipped.squares() {
            let Some(disc) = self.index.0[flipped_square.grid_index()] else {
                continue;
            };
            let Ok((_, _, transform)) = self.discs.get(disc) else {
                continue;
            };
            let delay = scaled(
                DROP_TIME / 2 + FLIP_STAGGER * ring(square, flipped_square),
                speed,
            );
            let flip = Tween::new(
                EaseFunction::QuadraticInOut,
                scaled(FLIP_TIME, speed),
                FlipLens::away_from(&self.geometry, square, flipped_square, transform.rotation),
            );
            self.commands.entity(disc).insert((
                Disc {
                    square: flipped_square,
                    color,
                },
                TweenAnim::new(Delay::new(delay).then(flip)),
            ));
        }
    }
}

fn scaled(duration: Duration, speed: f32) -> Duration {
    duration.div_f32(speed.max(0.05))
}

/// Chebyshev distance between two squares: the ring of the outward wave a flipped disc is in.
fn ring(from: Square, to: Square) -> u32 {
    let dc = from.column().abs_diff(to.column());
    let dr = from.row().abs_diff(to.row());
    u32::from(dc.max(dr))
}

/// Lifts a disc, turns it over about a horizontal axis facing away from the played square, and
/// sets it down again with a little bounce.
struct FlipLens {
    rest: Vec3,
    start: Quat,
    axis: Vec3,
}

impl FlipLens {
    fn away_from(
        geometry: &BoardGeometry,
        played: Square,
        square: Square,
        start: Quat,
    ) -> FlipLens {
        let rest = geometry.square_center(square, REST_HEIGHT);
        let direction = (rest - geometry.square_center(played, REST_HEIGHT)).normalize_or(Vec3::X);
        FlipLens {
            rest,
            start,
            axis: Vec3::Y.cross(direction).normalize_or(Vec3::Z),
        }
    }
}

impl Lens<Transform> for FlipLens {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let turned = (ratio / IN_THE_AIR).min(1.0);
        let height = if ratio < IN_THE_AIR {
            (PI * turned).sin()
        } else {
            BOUNCE * (PI * (ratio - IN_THE_AIR) / (1.0 - IN_THE_AIR)).sin()
        };
        target.translation = self.rest + Vec3::Y * FLIP_LIFT * height;
        target.rotation = Quat::from_axis_angle(self.axis, PI * turned) * self.start;
    }
}
