//! The phases of a run fitted from the end of the game backwards, each labelled by searches on
//! the phases fitted after it, checkpointed phase by phase.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use reversi_engine::eval::PatternEval;
use reversi_engine::eval::pattern::{self, layout};
use reversi_engine::eval::probcut::ProbCut;
use reversi_engine::eval::weights::Weights;

use crate::dataset::{Sample, empties_range, read_samples, write_samples};
use crate::fit::{FitConfig, Model, fit, load_checkpoint, save_checkpoint};
use crate::hidden::{HiddenConfig, HiddenPhase, fit_or_resume, resume_hidden, with_hidden};
use crate::label::{Labels, relabel, relabel_keeping};
use crate::progress::bar;

/// The fit of one generation's phases from the last (the endgame, exactly labelled) to the first,
/// each on its own positions labelled with the weights of the phases after it (and on the
/// positions within the fit's window of empties around it), starting from `start` or zeros and
/// checkpointing after each phase. Each phase's labels are kept beside the checkpoint, so a
/// resumed fit has its neighbours' labels without searching them again.
pub(crate) struct BackwardFit<'a> {
    pub fit: &'a FitConfig,
    pub labels: Labels,
    /// Each phase's hidden part, fitted right after its tables (none without).
    pub hidden: Option<&'a HiddenConfig>,
    /// Makes the deeper label searches selective (full width without).
    pub probcut: Option<&'a ProbCut>,
    /// Stop once this many phases, the last ones, are fitted (all without).
    pub stop_after: Option<usize>,
    pub seed: u64,
    pub dir: &'a Path,
    pub train: &'a [Sample],
    pub start: Option<&'a Model>,
}

/// How far a backward fit has come: the model, how many phases (the last ones) are fitted, their
/// hidden parts, and their labelled positions, among which the phases before them find their
/// neighbours.
struct Fitted {
    model: Model,
    done: u32,
    hidden_parts: Vec<Option<HiddenPhase>>,
    labelled_later: Vec<Sample>,
}

impl BackwardFit<'_> {
    /// Fits (or resumes fitting) the phases; returns the model, its weights, with their hidden
    /// parts when the run fits them, and whether every phase is fitted.
    pub(crate) fn fit_phases(&self) -> io::Result<(Model, Weights, bool)> {
        let phases = self.fit.phases;
        let (mut fitted, labels_missing) = self.resume()?;
        let some_fitted = fitted.done > 0 && (fitted.done as usize) < phases;
        if labels_missing && self.fit.window > 0 && some_fitted {
            self.label_the_neighbours_again(&mut fitted);
        }
        let stop_at = self.stop_after.unwrap_or(phases).min(phases);
        while (fitted.done as usize) < stop_at {
            self.fit_next_phase(&mut fitted)?;
        }
        let weights = self.weights_of(&fitted.model, &fitted.hidden_parts);
        Ok((fitted.model, weights, fitted.done as usize == phases))
    }

    /// The checkpoint's model (else `start`, else zeros) with the labels and hidden parts of the
    /// phases it has fitted, and whether some of their labels are missing.
    fn resume(&self) -> io::Result<(Fitted, bool)> {
        let phases = self.fit.phases;
        let (model, done) = load_checkpoint(&self.checkpoint(), phases).unwrap_or_else(|| {
            let start = self.start.cloned();
            (start.unwrap_or_else(|| Model::zeros(phases)), 0)
        });
        let mut fitted = Fitted {
            model,
            done,
            hidden_parts: vec![None; phases],
            labelled_later: Vec::new(),
        };
        let mut labels_missing = false;
        for later in phases - done as usize..phases {
            let path = self.labels_path(later);
            // A run resumed from its checkpoints alone (on another machine, its labels too large
            // to carry) reads each hidden part back from its own checkpoint.
            if !path.exists() {
                labels_missing = true;
                fitted.hidden_parts[later] = self.hidden.and_then(|hidden| {
                    resume_hidden(&fitted.model.to_weights(), later, self.dir, hidden)
                });
                continue;
            }
            let labelled = read_samples(&path)?;
            fitted.hidden_parts[later] = self.hidden_part(&fitted.model, later, &labelled)?;
            fitted.labelled_later.extend(labelled);
        }
        Ok((fitted, labels_missing))
    }

    /// The next phase's fit takes the positions of the phase after it within the window: when
    /// their labels are missing they are searched again, with the weights that labelled them
    /// first (the phase's own tables as the fit started, without its hidden part), and get the
    /// very same labels.
    fn label_the_neighbours_again(&self, fitted: &mut Fitted) {
        let later = self.fit.phases - fitted.done as usize;
        let positions = self.positions_of(later);
        let most = positions.iter().map(|s| s.position.empty_count()).max();
        let near: Vec<Sample> = positions
            .iter()
            .filter(|s| most.is_some_and(|most| s.position.empty_count() + self.fit.window > most))
            .copied()
            .collect();
        let mut as_labelled = fitted.model.clone();
        let per_phase = layout().per_phase();
        let own = later * per_phase..(later + 1) * per_phase;
        match self.start {
            Some(start) => as_labelled.values[own.clone()].copy_from_slice(&start.values[own]),
            None => as_labelled.values[own].fill(0.0),
        }
        let mut parts = fitted.hidden_parts.clone();
        parts[later] = None;
        let eval = self.label_eval(self.weights_of(&as_labelled, &parts));
        let near_bar = bar(near.len() as u64, "labelling the neighbours again");
        near_bar.set_prefix(format!("phase {later}"));
        let labelled = relabel(&near, self.labels, &eval, &near_bar);
        near_bar.finish();
        fitted.labelled_later.extend(labelled);
    }

    /// Labels the phase before those fitted and its neighbours, fits its tables and its hidden
    /// part, keeps its labels and checkpoints the model.
    fn fit_next_phase(&self, fitted: &mut Fitted) -> io::Result<()> {
        let current = self.fit.phases - 1 - fitted.done as usize;
        let positions = self.positions_of(current);
        let eval = self.label_eval(self.weights_of(&fitted.model, &fitted.hidden_parts));
        let labelled = self.label_keeping(&positions, current, "labels", "labelling", &eval)?;
        let (fewest, most) = empties_range(&positions);
        let before = self.label_keeping(
            &self.neighbours_before(most),
            current,
            "before",
            "labelling the neighbours before",
            &eval,
        )?;
        let window = self.fit.window;
        let neighbours = fitted
            .labelled_later
            .iter()
            .filter(|s| s.position.empty_count() + window >= fewest)
            .chain(&before);
        let samples: Vec<Sample> = labelled.iter().chain(neighbours).copied().collect();
        self.fit_tables(&mut fitted.model, current, &samples)?;
        fitted.hidden_parts[current] = self.hidden_part(&fitted.model, current, &labelled)?;
        write_samples(&self.labels_path(current), &labelled)?;
        for name in ["labels", "before"] {
            fs::remove_file(self.partial(name, current))?;
        }
        fitted.labelled_later.extend(labelled);
        fitted.done += 1;
        save_checkpoint(&self.checkpoint(), &fitted.model, fitted.done)
    }

    /// The positions just before a phase whose most empty squares are `most`, within the window.
    /// The neighbours nearer the end are labelled already. Those before it are labelled like the
    /// phase's own positions, by searches on the weights fitted so far: their leaves fall in this
    /// phase, whose weights are still the ones the fit started from. From zeros those would judge
    /// every leaf even, so then only the exactly solved ones are taken.
    fn neighbours_before(&self, most: u32) -> Vec<Sample> {
        self.train
            .iter()
            .filter(|s| {
                let empties = s.position.empty_count();
                empties > most
                    && empties <= most + self.fit.window
                    && (s.exact || self.start.is_some())
            })
            .copied()
            .collect()
    }

    /// `positions` labelled by searches on `eval`, the labels kept in a partial file named
    /// `name` as they come so that a stopped run searches only the rest.
    fn label_keeping(
        &self,
        positions: &[Sample],
        phase: usize,
        name: &str,
        message: &'static str,
        eval: &PatternEval,
    ) -> io::Result<Vec<Sample>> {
        let label_bar = bar(positions.len() as u64, message);
        label_bar.set_prefix(format!("phase {phase}"));
        let partial = self.partial(name, phase);
        let labelled = relabel_keeping(positions, self.labels, eval, &label_bar, &partial)?;
        label_bar.finish();
        Ok(labelled)
    }

    /// Fits the tables of `phase` on `samples`.
    fn fit_tables(&self, model: &mut Model, phase: usize, samples: &[Sample]) -> io::Result<()> {
        let fit_bar = bar(
            u64::from(self.fit.epochs) * samples.len() as u64,
            "fitting (epochs x positions)",
        );
        fit_bar.set_prefix(format!("phase {phase}"));
        let seed = self.seed ^ phase as u64;
        fit(
            model,
            phase,
            samples,
            self.fit,
            seed,
            0,
            &fit_bar,
            |_, _| Ok(()),
        )?;
        fit_bar.finish();
        Ok(())
    }

    /// A phase's hidden part on its fitted tables (read back from its checkpoint when the phase
    /// was done before a resume); none without, or where no game reached the phase.
    fn hidden_part(
        &self,
        model: &Model,
        phase: usize,
        labelled: &[Sample],
    ) -> io::Result<Option<HiddenPhase>> {
        match self.hidden {
            Some(hidden) if !labelled.is_empty() => {
                let weights = model.to_weights();
                let (part, _) = fit_or_resume(&weights, phase, labelled, self.dir, hidden)?;
                Ok(Some(part))
            }
            _ => Ok(None),
        }
    }

    fn weights_of(&self, model: &Model, parts: &[Option<HiddenPhase>]) -> Weights {
        match self.hidden {
            Some(_) => with_hidden(&model.to_weights(), parts),
            None => model.to_weights(),
        }
    }

    /// The evaluation labels are searched with; the deeper searches cut by its ProbCut
    /// statistics when the run has some.
    fn label_eval(&self, weights: Weights) -> PatternEval {
        let eval = PatternEval::new(weights);
        match self.probcut {
            Some(statistics) => eval.with_probcut(statistics.clone()),
            None => eval,
        }
    }

    /// The positions the run trains on in `phase`.
    fn positions_of(&self, phase: usize) -> Vec<Sample> {
        let phases = self.fit.phases;
        self.train
            .iter()
            .filter(|s| pattern::phase(s.position.empty_count(), phases) == phase)
            .copied()
            .collect()
    }

    fn checkpoint(&self) -> PathBuf {
        self.dir.join("fit.ckpt")
    }

    fn labels_path(&self, phase: usize) -> PathBuf {
        self.dir.join(format!("labels-{phase}.bin"))
    }

    fn partial(&self, name: &str, phase: usize) -> PathBuf {
        self.dir.join(format!("{name}-{phase}.partial"))
    }
}
