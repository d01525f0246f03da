//! Fitting the weights: least squares on the sparse pattern features, one table set per phase,
//! in discs, either by stochastic gradient descent with L2 regularisation (each epoch's weights
//! checkpointed, so a stopped fit resumes at the next epoch with the same result) or as a ridge
//! regression solved by preconditioned conjugate gradients.

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

/// How a phase's weights are fitted to its positions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Optimizer {
    /// Stochastic gradient descent, `epochs` passes with a decaying step and an L2 penalty on
    /// each weight a sample touches.
    Sgd { learning_rate: f32, l2: f32 },
    /// Ridge regression (squared error plus `ridge` times the squared weights) solved by
    /// `epochs` iterations of conjugate gradients, each one pass over the positions. Every
    /// weight's step is scaled by how often it occurs (the Jacobi preconditioner), so the rare
    /// pattern configurations converge as fast as the common ones, where a single SGD step size
    /// leaves them near their start.
    ConjugateGradient { ridge: f32 },
}

/// The fit's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    pub phases: usize,
    pub epochs: u32,
    pub optimizer: Optimizer,
    /// Each phase is also fitted on the labelled positions up to this many empty squares
    /// outside its own range, so a phase with few positions borrows its neighbours'.
    pub window: u32,
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

    /// The model of a weights file's values (evaluation units back to discs): a fit started
    /// from it continues from those weights.
    pub fn from_weights(weights: &Weights) -> Model {
        Model {
            phases: weights.phases,
            values: weights
                .values
                .iter()
                .map(|&value| f32::from(value) / DISC as f32)
                .collect(),
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

/// Fits the weights of phase `phase` of `model` on `train` (whatever the samples' own phases)
/// from epoch `start` to `config.epochs`, calling `checkpoint` after each epoch with the number
/// of epochs done. SGD orders the samples of epoch `e` by `seed` and `e` only, so resuming gives
/// the same weights as an uninterrupted fit; conjugate gradients keep state between iterations,
/// so they run all theirs at once and checkpoint at the end.
pub fn fit(
    model: &mut Model,
    phase: usize,
    train: &[Sample],
    config: &FitConfig,
    seed: u64,
    start: u32,
    progress: &ProgressBar,
    mut checkpoint: impl FnMut(&Model, u32) -> io::Result<()>,
) -> io::Result<()> {
    if start >= config.epochs {
        return Ok(());
    }
    let per_phase = layout().per_phase();
    let weights = phase * per_phase..(phase + 1) * per_phase;
    match config.optimizer {
        Optimizer::Sgd { learning_rate, l2 } => {
            for epoch in start..config.epochs {
                let progress_through = epoch as f32 / config.epochs.max(1) as f32;
                // Each step moves the prediction by about `rate * error`: spread over the
                // features.
                let rate = learning_rate * (1.0 - 0.9 * progress_through)
                    / layout().feature_count() as f32;
                let mut rng =
                    SplitMix64::new(seed ^ u64::from(epoch).wrapping_mul(0xA076_1D64_78BD_642F));
                sgd_epoch(
                    &mut model.values[weights.clone()],
                    train,
                    (rate, l2),
                    &mut rng,
                    progress,
                );
                checkpoint(model, epoch + 1)?;
            }
        }
        Optimizer::ConjugateGradient { ridge } => {
            conjugate_gradients(
                &mut model.values[weights],
                train,
                ridge,
                config.epochs,
                progress,
            );
            checkpoint(model, config.epochs)?;
        }
    }
    Ok(())
}

/// One pass of SGD over `train` in an order drawn from `rng`, on one phase's `weights`.
fn sgd_epoch(
    weights: &mut [f32],
    train: &[Sample],
    (rate, l2): (f32, f32),
    rng: &mut SplitMix64,
    progress: &ProgressBar,
) {
    let mut scratch = vec![0u32; layout().feature_count()];
    let mut order: Vec<usize> = (0..train.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    for &i in &order {
        let sample = &train[i];
        features(&sample.position, &mut scratch);
        let predicted: f32 = scratch.iter().map(|&f| weights[f as usize]).sum();
        let error = predicted - f32::from(sample.label);
        for &f in &scratch {
            let weight = &mut weights[f as usize];
            *weight -= rate * (error + l2 * *weight);
        }
        progress.inc(1);
    }
}

/// Ridge regression of one phase's `weights` on `train`: minimises the squared error plus
/// `ridge` times the squared weights by `iterations` of conjugate gradients on the normal
/// equations, starting from the weights' present values, with each weight's step divided by
/// its count plus `ridge` (the diagonal of the normal equations).
fn conjugate_gradients(
    weights: &mut [f32],
    train: &[Sample],
    ridge: f32,
    iterations: u32,
    progress: &ProgressBar,
) {
    let count = layout().feature_count();
    // The features of every sample, computed once: each iteration reads them all.
    let mut rows = vec![0u32; train.len() * count];
    for (sample, row) in train.iter().zip(rows.chunks_exact_mut(count)) {
        features(&sample.position, row);
    }
    let ridge = f64::from(ridge);
    // (A^T A + ridge) v, A the samples' 0/1 feature rows.
    let normal = |v: &[f64], out: &mut [f64]| {
        for (o, &x) in out.iter_mut().zip(v) {
            *o = ridge * x;
        }
        for row in rows.chunks_exact(count) {
            let sum: f64 = row.iter().map(|&f| v[f as usize]).sum();
            for &f in row {
                out[f as usize] += sum;
            }
        }
    };
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut diagonal = vec![ridge; weights.len()];
    let mut residual = vec![0.0; weights.len()];
    for (row, sample) in rows.chunks_exact(count).zip(train) {
        for &f in row {
            diagonal[f as usize] += 1.0;
            residual[f as usize] += f64::from(sample.label);
        }
    }
    let mut x: Vec<f64> = weights.iter().map(|&w| f64::from(w)).collect();
    let mut product = vec![0.0; weights.len()];
    normal(&x, &mut product);
    // The residual of the normal equations, A^T y - (A^T A + ridge) x, and its preconditioned
    // image.
    for (r, p) in residual.iter_mut().zip(&product) {
        *r -= p;
    }
    let precondition = |r: &[f64], z: &mut [f64]| {
        for ((z, r), d) in z.iter_mut().zip(r).zip(&diagonal) {
            *z = r / d;
        }
    };
    let mut z = vec![0.0; weights.len()];
    precondition(&residual, &mut z);
    let mut direction = z.clone();
    let mut rz = dot(&residual, &z);
    for _ in 0..iterations {
        normal(&direction, &mut product);
        let curvature = dot(&direction, &product);
        if rz <= 0.0 || curvature <= 0.0 {
            break;
        }
        let step = rz / curvature;
        for ((x, r), (d, p)) in x
            .iter_mut()
            .zip(residual.iter_mut())
            .zip(direction.iter().zip(&product))
        {
            *x += step * d;
            *r -= step * p;
        }
        precondition(&residual, &mut z);
        let next = dot(&residual, &z);
        let beta = next / rz;
        rz = next;
        for (d, z) in direction.iter_mut().zip(&z) {
            *d = z + beta * *d;
        }
        progress.inc(train.len() as u64);
    }
    for (w, x) in weights.iter_mut().zip(&x) {
        *w = *x as f32;
    }
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

    /// Positions labelled +10 when the side to move has a1, -10 when the opponent has it.
    fn corner_samples() -> Vec<Sample> {
        let mut rng = SplitMix64::new(9);
        (0..400)
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
            .collect()
    }

    fn mean_error(model: &Model, samples: &[Sample]) -> f32 {
        let mut scratch = vec![0; layout().feature_count()];
        samples
            .iter()
            .map(|s| (model.predict(&s.position, &mut scratch) - f32::from(s.label)).abs())
            .sum::<f32>()
            / samples.len() as f32
    }

    #[test]
    fn fitting_learns_a_corner_and_resuming_changes_nothing() -> io::Result<()> {
        let samples = corner_samples();
        let config = FitConfig {
            phases: 1,
            epochs: 4,
            optimizer: Optimizer::Sgd {
                learning_rate: 0.5,
                l2: 0.001,
            },
            window: 0,
        };
        let hidden = ProgressBar::hidden();
        let mut whole = Model::zeros(1);
        let mut after_two = Model::zeros(1);
        fit(
            &mut whole,
            0,
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
        let error = mean_error(&whole, &samples);
        assert!(error < 3.0, "mean error {error}");

        let mut resumed = after_two;
        fit(&mut resumed, 0, &samples, &config, 1, 2, &hidden, |_, _| {
            Ok(())
        })?;
        assert_eq!(resumed, whole);
        Ok(())
    }

    #[test]
    fn conjugate_gradients_fit_closer_than_sgd_in_as_many_passes() -> io::Result<()> {
        let samples = corner_samples();
        let hidden = ProgressBar::hidden();
        let mut errors = Vec::new();
        for optimizer in [
            Optimizer::Sgd {
                learning_rate: 0.5,
                l2: 0.001,
            },
            Optimizer::ConjugateGradient { ridge: 1.0 },
        ] {
            let config = FitConfig {
                phases: 2,
                epochs: 4,
                optimizer,
                window: 0,
            };
            let mut model = Model::zeros(2);
            fit(&mut model, 1, &samples, &config, 1, 0, &hidden, |_, _| {
                Ok(())
            })?;
            // Only the phase asked for is fitted.
            assert!(
                model.values[..layout().per_phase()]
                    .iter()
                    .all(|&w| w == 0.0)
            );
            let mut phase_1 = Model::zeros(1);
            phase_1.values = model.values[layout().per_phase()..].to_vec();
            errors.push(mean_error(&phase_1, &samples));
        }
        assert!(errors[1] < 1.0, "errors {errors:?}");
        assert!(errors[1] < errors[0], "errors {errors:?}");
        Ok(())
    }

    #[test]
    fn weights_read_back_into_the_same_model() {
        let mut model = Model::zeros(2);
        model.values[3] = 1.25;
        model.values[layout().per_phase() + 7] = -0.5;
        assert_eq!(Model::from_weights(&model.to_weights()), model);
    }
}
