//! The shape of a disc: two faces with rounded edges around a thin dark core, as real Othello
//! discs are made. Each face is a surface of revolution built from its profile.

use std::f32::consts::{FRAC_PI_2, TAU};

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Segments around the disc: smooth at any zoom the camera allows.
const SEGMENTS: usize = 64;
/// Steps along each rounded edge.
const BEVEL_STEPS: usize = 6;

/// One face of a disc, from its flat side at `y = 0` up to its top at `height`: a flat top whose
/// edge rounds over with radius `bevel` into a straight side. Normals follow the rounding, so
/// the edge catches the light.
pub fn face_mesh(radius: f32, height: f32, bevel: f32) -> Mesh {
    // The profile from the centre of the top outwards and down: (distance from the axis, height,
    // the normal's outward and upward parts).
    let mut profile: Vec<(f32, f32, f32, f32)> = vec![(0.0, height, 0.0, 1.0)];
    for step in 0..=BEVEL_STEPS {
        let angle = FRAC_PI_2 * (1.0 - step as f32 / BEVEL_STEPS as f32);
        let (up, out) = angle.sin_cos();
        profile.push((
            radius - bevel + bevel * out,
            height - bevel + bevel * up,
            out,
            up,
        ));
    }
    profile.push((radius, 0.0, 1.0, 0.0));

    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut uvs = Vec::new();
    for segment in 0..=SEGMENTS {
        let turn = segment as f32 / SEGMENTS as f32;
        let (sin, cos) = (turn * TAU).sin_cos();
        for (index, &(distance, y, out, up)) in profile.iter().enumerate() {
            positions.push([distance * cos, y, distance * sin]);
            normals.push([out * cos, up, out * sin]);
            uvs.push([turn, index as f32 / (profile.len() - 1) as f32]);
        }
    }
    let ring = profile.len() as u32;
    let mut indices = Vec::new();
    for segment in 0..SEGMENTS as u32 {
        for index in 0..ring - 1 {
            let here = segment * ring + index;
            let next = here + ring;
            // Counter-clockwise seen from outside the disc.
            indices.extend_from_slice(&[here, next + 1, here + 1, here, next, next + 1]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn positions(mesh: &Mesh) -> Vec<Vec3> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(values)) => {
                values.iter().map(|p| Vec3::from_array(*p)).collect()
            }
            _ => panic!("positions"),
        }
    }

    #[test]
    fn a_face_fills_its_radius_and_height_and_faces_outwards() {
        let mesh = face_mesh(0.42, 0.045, 0.02);
        let points = positions(&mesh);
        let widest = points.iter().map(|p| p.xz().length()).fold(0.0, f32::max);
        let highest = points.iter().map(|p| p.y).fold(0.0, f32::max);
        assert!((widest - 0.42).abs() < 1e-5 && (highest - 0.045).abs() < 1e-5);
        let Some(Indices::U32(indices)) = mesh.indices() else {
            panic!("indices")
        };
        // Every triangle that is not degenerate faces away from the disc's axis or up.
        for triangle in indices.chunks_exact(3) {
            let [a, b, c] = [0, 1, 2].map(|k| points[triangle[k] as usize]);
            let normal = (b - a).cross(c - a);
            if normal.length() < 1e-9 {
                continue;
            }
            let centre = (a + b + c) / 3.0;
            let outward = Vec3::new(centre.x, 0.0, centre.z) + Vec3::Y * 0.01;
            assert!(
                normal.dot(outward) > 0.0,
                "a triangle faces inwards at {centre}"
            );
        }
    }
}
