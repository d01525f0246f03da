//! The Strategy page of the Help window: the ideas that win games, from the three phases of a
//! game and the fight for the centre to edges, wedges and parity, with their diagrams.

use super::diagrams::*;
use super::pages::{Block, Words, text};

use Block::{Bullets, Diagrams, Heading};

pub(super) const STRATEGY: &[Block] = &[
    text("help-strategy-intro"),
    Heading("help-strategy-phases-heading"),
    text("help-strategy-phases"),
    Bullets(&[
        Words::Message("help-strategy-phase-opening"),
        Words::Message("help-strategy-phase-midgame"),
        Words::Message("help-strategy-phase-endgame"),
    ]),
    Heading("help-strategy-corners-heading"),
    text("help-strategy-corners"),
    text("help-strategy-corners-cost"),
    Diagrams(&[(&STABLE, "help-strategy-stable-caption")]),
    Heading("help-strategy-xc-heading"),
    text("help-strategy-xc"),
    text("help-strategy-xc-avoid"),
    Diagrams(&[(&X_AND_C_SQUARES, "help-strategy-xc-caption")]),
    Heading("help-strategy-mobility-heading"),
    text("help-strategy-mobility"),
    text("help-strategy-mobility-few-discs"),
    Diagrams(&[(&MOBILITY, "help-strategy-mobility-caption")]),
    Heading("help-strategy-frontier-heading"),
    text("help-strategy-frontier"),
    text("help-strategy-quiet"),
    Diagrams(&[
        (&QUIET_BEFORE, "help-strategy-quiet-before"),
        (&QUIET_AFTER, "help-strategy-quiet-after"),
    ]),
    Heading("help-strategy-centre-heading"),
    text("help-strategy-centre"),
    text("help-strategy-centre-quiet"),
    Diagrams(&[(&SWEET_SIXTEEN, "help-strategy-centre-caption")]),
    Heading("help-strategy-edges-heading"),
    text("help-strategy-edges"),
    Heading("help-strategy-holes-heading"),
    text("help-strategy-holes"),
    text("help-strategy-wedges"),
    Diagrams(&[
        (&ODD_HOLE, "help-strategy-hole-caption"),
        (&WEDGE, "help-strategy-wedge-caption"),
    ]),
    text("help-strategy-holes-leave"),
    Heading("help-strategy-cases-heading"),
    text("help-strategy-cases"),
    Diagrams(&[
        (&CASE_A, "help-strategy-case-a"),
        (&CASE_B, "help-strategy-case-b"),
        (&CASE_C, "help-strategy-case-c"),
        (&CASE_C_DEFENDED, "help-strategy-case-c-defended"),
        (&CASE_D, "help-strategy-case-d"),
    ]),
    Heading("help-strategy-unbalanced-heading"),
    text("help-strategy-unbalanced"),
    Diagrams(&[
        (&UNBALANCED, "help-strategy-unbalanced-attack"),
        (&UNBALANCED_WEDGE, "help-strategy-unbalanced-wedge"),
    ]),
    text("help-strategy-unbalanced-defence"),
    Heading("help-strategy-parity-heading"),
    text("help-strategy-parity"),
    text("help-strategy-parity-passes"),
    Diagrams(&[(&PARITY, "help-strategy-parity-caption")]),
    Heading("help-strategy-tempo-heading"),
    text("help-strategy-tempo"),
    text("help-strategy-reserve"),
    Diagrams(&[
        (&RESERVE_BEFORE, "help-strategy-reserve-before"),
        (&RESERVE_AFTER, "help-strategy-reserve-after"),
    ]),
    Heading("help-strategy-openings-heading"),
    text("help-strategy-openings"),
    Heading("help-strategy-ending-heading"),
    text("help-strategy-ending"),
    Heading("help-strategy-reading-heading"),
    text("help-strategy-reading"),
];
