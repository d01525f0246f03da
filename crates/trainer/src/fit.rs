//! Fitting the weights: least squares on the sparse pattern features by stochastic gradient
//! descent with L2 regularisation, one table set per phase, in discs. Each epoch's weights are
//! checkpointed so a stopped fit resumes at the next epoch with the same result.

use std::fs;
use std::io;
use std::path::Path;

use indicatif::ProgressBar;
use reversi_engine::Position;
use reversi_engine::data_file::fnv1a;
use reversi_engine::eval::DISC;
use reversi_engine::eval::pattern::{features, layout, phase};
use reversi_engine::eval::weights::Weights;
use reversi_engine::rng::SplitMix64;

use crate::dataset::Sample;

/// The fit's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    pub phases: usize,
    pub epochs: u32,
    /// Step size of the first epoch; it decays linearly to a tenth.
    pub learning_rate: f32,
    /// L2 penalty on each weight a sample touches.
    pub l2: f32,
}

/// Weights in discs during the fit, phase-major like `Weights`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub phases: usize,
    pub values: Vec<f32>,
}

impl Model {
    pub fn zeros(phases: usize) -> Model {
        Model {
            phases,
            values: vec![0.0; phases * layout().per_phase()],
        }
    }

    /// The model's estimate of the final disc differential for the side to move.
    pub fn predict(&self, position: &Position, scratch: &mut [u32]) -> f32 {
        let table = self.table(position, scratch);
        scratch
            .iter()
            .map(|&f| self.values[table + f as usize])
            .sum()
    }

    /// Fills `scratch` with the features and returns where the phase's tables start.
    fn table(&self, position: &Position, scratch: &mut [u32]) -> usize {
        features(position, scratch);
        phase(position.empty_count(), self.phases) * layout().per_phase()
    }

    /// The weights file's values: evaluation units, rounded, within `±i16::MAX`.
    pub fn to_weights(&self) -> Weights {
        let mut weights = Weights::zeros(self.phases, layout().table_sizes());
        for (out, &value) in weights.values.iter_mut().zip(&self.values) {
            let scaled = (value * DISC as f32).round();
            *out = scaled.clamp(-f32::from(i16::MAX), f32::from(i16::MAX)) as i16;
        }
        weights
    }
}

/// Fits `model` on `train` from epoch `start` to `config.epochs`, calling `checkpoint` after each
/// epoch with the number of epochs done. The order of the samples in epoch `e` depends only on
/// `seed` and `e`, so resuming gives the same weights as an uninterrupted fit.
pub fn fit(
    model: &mut Model,
    train: &[Sample],
    config: &FitConfig,
    seed: u64,
    start: u32,
    progress: &ProgressBar,
    mut checkpoint: impl FnMut(&Model, u32) -> io::Result<()>,
) -> io::Result<()> {
    let count = layout().feature_count();
    let mut scratch = vec![0u32; count];
    let mut order: Vec<usize> = Vec::with_capacity(train.len());
    for epoch in start..config.epochs {
        order.clear();
        order.extend(0..train.len());
        let mut rng = SplitMix64::new(seed ^ u64::from(epoch).wrapping_mul(0xA076_1D64_78BD_642F));
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        let progress_through = epoch as f32 / config.epochs.max(1) as f32;
        // Each step moves the prediction by about `rate * error`: spread over the features.
        let rate = config.learning_rate * (1.0 - 0.9 * progress_through) / count as f32;
        for &i in &order {
            let sample = &train[i];
            let table = model.table(&sample.position, &mut scratch);
            let predicted: f32 = scratch
                .iter()
                .map(|&f| model.values[table + f as usize])
                .sum();
            let error = predicted - f32::from(sample.label);
            for &f in &scratch {
                let weight = &mut model.values[table + f as usize];
                *weight -= rate * (error + config.l2 * *weight);
            }
            progress.inc(1);
        }
        checkpoint(model, epoch + 1)?;
    }
    Ok(())
}

/// Writes a checkpoint (the steps done, e.g. epochs or phases, then the weights, then a
/// checksum) through a temporary file, so a stop while writing leaves the previous checkpoint
/// whole.
pub fn save_checkpoint(path: &Path, model: &Model, steps_done: u32) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(16 + model.values.len() * 4);
    bytes.extend_from_slice(&steps_done.to_le_bytes());
    bytes.extend_from_slice(&(model.phases as u32).to_le_bytes());
    for value in &model.values {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    let temporary = path.with_extension("tmp");
    fs::write(&temporary, &bytes)?;
    fs::rename(&temporary, path)
}

/// The checkpoint at `path` (the model and the steps it has done), if there is a whole one of
/// `phases` phases.
pub fn load_checkpoint(path: &Path, phases: usize) -> Option<(Model, u32)> {
    let bytes = fs::read(path).ok()?;
    let expected = 8 + phases * layout().per_phase() * 4 + 4;
    if bytes.len() != expected {
        return None;
    }
    let (content, sum) = bytes.split_at(bytes.len() - 4);
    if fnv1a(content).to_le_bytes() != sum {
        return None;
    }
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    if word(4) as usize != phases {
        return None;
    }
    let values = content[8..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    Some((Model { phases, values }, word(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_and_a_damaged_one_is_ignored() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("fit.ckpt");
        let mut model = Model::zeros(2);
        model.values[5] = 1.5;
        save_checkpoint(&path, &model, 3)?;
        assert_eq!(load_checkpoint(&path, 2), Some((model, 3)));
        assert_eq!(load_checkpoint(&path, 3), None);
        let mut bytes = fs::read(&path)?;
        bytes[20] ^= 1;
        fs::write(&path, &bytes)?;
        assert_eq!(load_checkpoint(&path, 2), None);
        Ok(())
    }

    #[test]
    fn fitting_learns_a_corner_and_resuming_changes_nothing() -> io::Result<()> {
        // Positions labelled +10 when the side to move has a1, -10 when the opponent has it.
        let mut rng = SplitMix64::new(9);
        let samples: Vec<Sample> = (0..400)
            .map(|i| {
                let a = rng.next_u64() & !1;
                let b = rng.next_u64() & !a & !1;
                let mine = i % 2 == 0;
                let position = if mine {
                    Position::new(a | 1, b)
                } else {
                    Position::new(a, b | 1)
                };
                Sample {
                    position,
                    label: if mine { 10 } else { -10 },
                    exact: true,
                }
            })
            .collect();
        let config = FitConfig {
            phases: 1,
            epochs: 4,
            learning_rate: 0.5,
            l2: 0.001,
        };
        let hidden = ProgressBar::hidden();
        let mut whole = Model::zeros(1);
        let mut after_two = Model::zeros(1);
        fit(
            &mut whole,
            &samples,
            &config,
            1,
            0,
            &hidden,
            |model, done| {
                if done == 2 {
                    after_two = model.clone();
                }
                Ok(())
            },
        )?;
        let mut scratch = vec![0; layout().feature_count()];
        let error: f32 = samples
            .iter()
            .map(|s| (whole.predict(&s.position, &mut scratch) - f32::from(s.label)).abs())
            .sum::<f32>()
            / samples.len() as f32;
        assert!(error < 3.0, "mean error {error}");

        let mut resumed = after_two;
        fit(
            &mut resumed,
            &samples,
            &config,
            1,
            2,
            &hidden,
            |_, _| Ok(()),
        )?;
        assert_eq!(resumed, whole);
        Ok(())
    }
}
