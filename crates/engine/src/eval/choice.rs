//! The evaluation chosen at run time by name (`--eval hand|pattern` on the command line): one
//! type for either, so a command or a match needs no generic code to offer both.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::position::Position;

use super::probcut::ProbCut;
use super::weights::WeightsError;
use super::{Evaluator, HandEval, NodeEval, PatternEval};

/// Which evaluation, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The hand-written evaluation, the baseline.
    Hand,
    /// The learned pattern evaluation with the shipped weights.
    Pattern,
}

impl EvalKind {
    pub const ALL: [EvalKind; 2] = [EvalKind::Hand, EvalKind::Pattern];

    pub fn name(self) -> &'static str {
        match self {
            EvalKind::Hand => "hand",
            EvalKind::Pattern => "pattern",
        }
    }

    /// The evaluation, or why the shipped weights cannot be used.
    pub fn load(self) -> Result<Evaluation, WeightsError> {
        Ok(match self {
            EvalKind::Hand => Evaluation::Hand(HandEval),
            EvalKind::Pattern => Evaluation::Pattern(PatternEval::shipped()?),
        })
    }
}

impl fmt::Display for EvalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an evaluation's.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown evaluation '{0}' (expected hand or pattern)")]
pub struct UnknownEval(pub String);

impl FromStr for EvalKind {
    type Err = UnknownEval;

    fn from_str(text: &str) -> Result<EvalKind, UnknownEval> {
        EvalKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownEval(text.to_string()))
    }
}

/// Either evaluation behind one type.
#[derive(Clone, Debug)]
pub enum Evaluation {
    Hand(HandEval),
    Pattern(PatternEval),
}

impl Evaluator for Evaluation {
    type Node<'a> = EvaluationNode<'a>;

    #[inline]
    fn evaluate(&self, position: &Position) -> i32 {
        match self {
            Evaluation::Hand(eval) => eval.evaluate(position),
            Evaluation::Pattern(eval) => eval.evaluate(position),
        }
    }

    fn probcut(&self) -> Option<&ProbCut> {
        match self {
            Evaluation::Hand(eval) => eval.probcut(),
            Evaluation::Pattern(eval) => eval.probcut(),
        }
    }

    fn node(&self, position: Position) -> EvaluationNode<'_> {
        match self {
            Evaluation::Hand(eval) => EvaluationNode::Hand(eval.node(position)),
            Evaluation::Pattern(eval) => EvaluationNode::Pattern(eval.node(position)),
        }
    }
}

/// The `NodeEval` of either evaluation. Not boxed: a search makes one at every node, and the
/// pattern evaluation's is the one that plays.
#[allow(clippy::large_enum_variant)]
pub enum EvaluationNode<'a> {
    Hand(<HandEval as Evaluator>::Node<'a>),
    Pattern(<PatternEval as Evaluator>::Node<'a>),
}

impl NodeEval<Position> for EvaluationNode<'_> {
    #[inline]
    fn evaluate(&mut self) -> i32 {
        match self {
            EvaluationNode::Hand(node) => node.evaluate(),
            EvaluationNode::Pattern(node) => node.evaluate(),
        }
    }

    #[inline]
    fn evaluate_child(&mut self, child: &Position, square: u8) -> i32 {
        match self {
            EvaluationNode::Hand(node) => node.evaluate_child(child, square),
            EvaluationNode::Pattern(node) => node.evaluate_child(child, square),
        }
    }

    #[inline]
    fn child(&mut self, child: Position, square: u8) -> Self {
        match self {
            EvaluationNode::Hand(node) => EvaluationNode::Hand(node.child(child, square)),
            EvaluationNode::Pattern(node) => EvaluationNode::Pattern(node.child(child, square)),
        }
    }

    #[inline]
    fn passed(&self, passed: Position) -> Self {
        match self {
            EvaluationNode::Hand(node) => EvaluationNode::Hand(node.passed(passed)),
            EvaluationNode::Pattern(node) => EvaluationNode::Pattern(node.passed(passed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_unknown_ones_are_refused() {
        assert_eq!("hand".parse(), Ok(EvalKind::Hand));
        assert_eq!(" Pattern".parse(), Ok(EvalKind::Pattern));
        assert_eq!(
            "learned".parse::<EvalKind>(),
            Err(UnknownEval("learned".to_string()))
        );
        for kind in EvalKind::ALL {
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
    }

    #[test]
    fn each_choice_evaluates_as_its_evaluation() {
        let start = Position::start();
        let position = Position::new(start.player | 1, start.opponent);
        let hand = EvalKind::Hand.load().map(|e| e.evaluate(&position));
        assert_eq!(hand, Ok(HandEval.evaluate(&position)));
        let pattern = EvalKind::Pattern.load().map(|e| e.evaluate(&position));
        let shipped = PatternEval::shipped().map(|e| e.evaluate(&position));
        assert_eq!(pattern, shipped);
    }
}
