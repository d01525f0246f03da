//! *Analyse until I stop*: the position on the board searched deeper and deeper with no limit,
//! its best lines shown with their depth and score as each deeper search completes, until the
//! player stops it (*Stop*), turns it off or the position changes. Each depth reuses the
//! table of the ones before, so the early depths cost little; once every move is solved to
//! the end, there is nothing deeper to find and it rests.

use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use reversi_engine::Square;
use reversi_engine::search::{Level, MoveScore, SearchLimits};

use crate::game::{Animating, Match, ScriptedSide};
use crate::jobs::Job;
use crate::schedule::GameSystems;

/// How many of the best lines are shown.
pub const ANALYSIS_LINES: usize = 4;
/// The deepest a midgame search goes: past it every position of the board is solved.
const MAX_DEPTH: u32 = 60;
/// A depth of search solves the end of the game from this many more empty squares: the endgame
/// search is that much faster per ply than the midgame's.
const SOLVE_AHEAD: u32 = 8;

/// One of the best lines: its first move's score and the moves expected.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisLine {
    pub score: MoveScore,
    pub moves: Vec<Square>,
}

/// What the analysis has found for the position of `generation`.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisFound {
    pub generation: u64,
    /// Plies of the deepest search completed.
    pub depth: u32,
    /// Every move solved to the end of the game.
    pub solved: bool,
    pub lines: Vec<AnalysisLine>,
}

/// *Analyse until I stop* (the Move menu).
#[derive(Resource, Default)]
pub struct Analysis {
    pub enabled: bool,
    running: Option<Job<()>>,
    found: Arc<Mutex<Option<AnalysisFound>>>,
}

impl Analysis {
    /// What was found for the position on the board, once a first depth is complete.
    pub fn found(&self, state: &Match) -> Option<AnalysisFound> {
        let found = self.found.lock().unwrap_or_else(PoisonError::into_inner);
        found
            .clone()
            .filter(|found| self.enabled && found.generation == state.generation)
    }

    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }

    /// The search stops; what it found stays.
    pub(super) fn stop(&mut self) {
        self.running = None;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .add_systems(Update, analyse_until_stopped.in_set(GameSystems::View));
}

fn analyse_until_stopped(
    state: Res<Match>,
    animating: Res<Animating>,
    options: Res<super::EngineOptions>,
    scripted: Res<ScriptedSide>,
    may: super::MaySearch,
    mut analysis: ResMut<Analysis>,
) {
    if !analysis.enabled {
        // Off: what was found goes, so turning it on again starts afresh.
        analysis.running = None;
        *analysis
            .found
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = None;
        return;
    }
    let generation = state.generation;
    let wanted = analysis.enabled
        && scripted.0.is_none()
        && state.analysing()
        && !state.board().legal_moves().is_empty()
        && may.may_start(generation);
    if analysis
        .running
        .as_ref()
        .is_some_and(|search| !wanted || !search.is_for(generation))
    {
        analysis.running = None;
    }
    if let Some(search) = analysis.running.as_mut()
        && search.poll().is_some()
    {
        // Solved to the end: nothing deeper to find.
        analysis.running = None;
        return;
    }
    let started = analysis
        .found
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .is_some_and(|found| found.generation == generation);
    if !wanted || animating.0 || analysis.running.is_some() || started {
        return;
    }
    let board = state.board();
    let threads = options.threads();
    let table_mb = options.table_mb();
    let found = analysis.found.clone();
    // Nothing is shown until the first depth is done.
    *found.lock().unwrap_or_else(PoisonError::into_inner) = Some(AnalysisFound {
        generation,
        depth: 0,
        solved: false,
        lines: Vec::new(),
    });
    analysis.running = Some(Job::start(generation, move |stop| {
        let mut searcher = super::searcher(table_mb);
        for depth in 1..=MAX_DEPTH {
            // The Expert's search (its cuts included), one depth at a time, with no time
            // limit and no probable solve, so each depth's result comes in turn.
            let limits = SearchLimits {
                depth,
                solve_empties: depth + SOLVE_AHEAD,
                wld_empties: depth + SOLVE_AHEAD,
                probable_empties: 0,
                time: None,
                max_loss: 0,
                ..Level::Expert.limits()
            }
            .with_threads(threads);
            let moves = searcher.analyze(&board, &limits, stop);
            if stop.load(std::sync::atomic::Ordering::Relaxed) || moves.is_empty() {
                return;
            }
            let solved = moves.iter().all(|mv| mv.exact);
            let lines = moves
                .iter()
                .take(ANALYSIS_LINES)
                .map(|score| AnalysisLine {
                    score: *score,
                    moves: searcher.expected_line(&board, score.square, depth),
                })
                .collect();
            *found.lock().unwrap_or_else(PoisonError::into_inner) = Some(AnalysisFound {
                generation,
                depth,
                solved,
                lines,
            });
            crate::wake::wake_window();
            if solved {
                return;
            }
        }
    }));
}
