//! Hints: a score for every legal move of the human to move, from the opening book while the
//! position is in it, else from the engine's analysis in the background (exact when the position
//! is solved), as strong as the player chose. Shown on the squares while enabled.

use std::sync::Arc;

use bevy::prelude::*;
use reversi_engine::search::{
    Level, MoveScore, Progress, ProgressSlot, SearchLimits, available_threads,
};
use serde::{Deserialize, Serialize};

use crate::game::{Animating, Match, ScriptedSide, level_name};
use crate::jobs::Job;
use crate::locale::Text;
use crate::schedule::GameSystems;

/// "Exact when solvable" solves from this many empties, and waits at most this long for it.
const EXACT_HINT_EMPTIES: u32 = 24;
const EXACT_HINT_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// How strong the hints are: the search of a level, or an exact solve whenever the position is
/// within reach (an estimate from Expert's search before that). Chosen in Options.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HintStrength {
    Level(Level),
    ExactWhenSolvable,
}

impl Default for HintStrength {
    /// Strong enough to be worth reading, quick enough to wait for.
    fn default() -> Self {
        HintStrength::Level(Level::Advanced)
    }
}

impl HintStrength {
    pub const ALL: [HintStrength; 5] = [
        HintStrength::Level(Level::Beginner),
        HintStrength::Level(Level::Intermediate),
        HintStrength::Level(Level::Advanced),
        HintStrength::Level(Level::Expert),
        HintStrength::ExactWhenSolvable,
    ];

    pub fn name(self) -> Text {
        match self {
            HintStrength::Level(level) => {
                Text::new("hints-as-level").with("level", level_name(level))
            }
            HintStrength::ExactWhenSolvable => Text::new("hints-exact"),
        }
    }

    /// The search behind the hints (and the best line), on every core unless the Options say
    /// otherwise.
    pub(super) fn limits(self) -> SearchLimits {
        let limits = match self {
            HintStrength::Level(level) => level.limits(),
            HintStrength::ExactWhenSolvable => {
                let mut limits = Level::Expert.limits().with_time(EXACT_HINT_TIME);
                limits.solve_empties = EXACT_HINT_EMPTIES;
                limits.wld_empties = EXACT_HINT_EMPTIES;
                limits
            }
        };
        limits.with_threads(available_threads())
    }
}

#[derive(Resource, Default)]
pub struct Hints {
    pub enabled: bool,
    pub strength: HintStrength,
    /// The scores for the position of `generation`, best first.
    scores: Option<(u64, Scores)>,
    running: Option<Job<Scores>>,
    /// What the running search has found so far, for the side panel.
    progress: Arc<ProgressSlot>,
}

/// Every legal move's score, and whether they come from the opening book.
#[derive(Clone, Debug, Default)]
struct Scores {
    moves: Vec<MoveScore>,
    from_book: bool,
}

impl Hints {
    /// The scores for the current position, if they are ready.
    pub fn scores(&self, state: &Match) -> Option<&[MoveScore]> {
        self.current(state).map(|scores| scores.moves.as_slice())
    }

    /// Whether the current scores are the opening book's.
    pub fn from_book(&self, state: &Match) -> bool {
        self.current(state).is_some_and(|scores| scores.from_book)
    }

    /// The scores to show: those of the position on the board, while the hints are on (turned
    /// off, they go at once, not at the next move).
    fn current(&self, state: &Match) -> Option<&Scores> {
        match &self.scores {
            Some((generation, scores)) if self.enabled && *generation == state.generation => {
                Some(scores)
            }
            _ => None,
        }
    }

    /// The search stops and answers with the deepest scores it completed.
    pub(super) fn stop(&self) {
        if let Some(search) = &self.running {
            search.stop();
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }

    /// The live search while the hints are being worked out: depth, score, nodes and line.
    pub fn progress(&self) -> Option<Progress> {
        self.running.as_ref().and(self.progress.latest())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hints>()
        .add_systems(Update, analyse_for_hints.in_set(GameSystems::View));
}

fn analyse_for_hints(
    state: Res<Match>,
    animating: Res<Animating>,
    options: Res<super::EngineOptions>,
    scripted: Res<ScriptedSide>,
    may: super::MaySearch,
    mut hints: ResMut<Hints>,
    mut strength_used: Local<HintStrength>,
) {
    // Another strength: the scores of the old one go, and a search for it stops.
    if *strength_used != hints.strength {
        *strength_used = hints.strength;
        hints.scores = None;
        hints.running = None;
    }
    // A study session (a drill, a puzzle) asks the player for the answer the hints would give.
    let wanted = hints.enabled
        && may.help_allowed()
        && scripted.0.is_none()
        && state.analysing()
        && !state.board().legal_moves().is_empty();
    let generation = state.generation;
    if hints
        .running
        .as_ref()
        .is_some_and(|search| !wanted || !search.is_for(generation))
    {
        hints.running = None;
    }
    if let Some(search) = hints.running.as_mut()
        && let Some(scores) = search.poll()
    {
        // A search of another generation was dropped above: this one is the position's.
        hints.running = None;
        hints.scores = Some((generation, scores));
    }
    if !may.help_allowed() {
        hints.scores = None;
    }
    let stopped = !may.may_start(generation);
    if !wanted
        || stopped
        || animating.0
        || hints.running.is_some()
        || hints.scores(&state).is_some()
    {
        return;
    }
    let board = state.board();
    let limits = hints.strength.limits().with_threads(options.threads());
    let table_mb = options.table_mb();
    hints.progress = Arc::new(ProgressSlot::default());
    let report_to = hints.progress.clone();
    hints.running = Some(Job::start(generation, move |stop| {
        if let Some(moves) = super::book_scores(&board) {
            return Scores {
                moves,
                from_book: true,
            };
        }
        let mut searcher = super::searcher(table_mb);
        searcher.report_progress_to(report_to);
        Scores {
            moves: searcher.analyze(&board, &limits, stop),
            from_book: false,
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_when_solvable_solves_further_than_any_level() {
        let exact = HintStrength::ExactWhenSolvable.limits();
        for level in Level::ALL {
            assert!(
                exact.solve_empties > level.limits().solve_empties,
                "{level}"
            );
        }
        let beginner = HintStrength::Level(Level::Beginner).limits();
        assert_eq!(beginner.depth, Level::Beginner.limits().depth);
        let english = crate::locale::Locale::new(crate::locale::Language::English);
        assert_eq!(
            english.render(&HintStrength::default().name()),
            "as Advanced"
        );
    }
}
