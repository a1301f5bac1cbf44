//! The course of a battle: each side's strength and morale at the start and
//! after each turn (Move, phase), in its system's own terms, for the charts
//! of the console and the report. Derived from the events by replaying them
//! ([`RuleSystem::measure`]); nothing here is stored.

use super::{Battle, RuleSystem};
use crate::rules::Side;

/// One number of a measure, named in the system's words (`stands`, `Broken`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// What it counts.
    pub name: &'static str,
    /// How many.
    pub value: u32,
}

impl Figure {
    /// A figure.
    pub fn new(name: &'static str, value: u32) -> Figure {
        Figure { name, value }
    }
}

/// One side's strength and morale at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SideMeasure {
    /// Its strength, the first figure the one charted (`stands`), the rest
    /// shown beside it (`casualty figures`).
    pub strength: Vec<Figure>,
    /// How many of its units stand in each morale state, in the system's
    /// order; every state is listed, at 0 too.
    pub states: Vec<Figure>,
    /// What has befallen it so far and a chart marks where it first shows:
    /// a unit broken, a personality fallen (`Huscarls (b1) Broken`).
    pub fallen: Vec<String>,
}

/// Both sides at one moment.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Measure {
    /// Side a, then side b.
    pub sides: [SideMeasure; 2],
}

impl Measure {
    /// One side's measure.
    pub fn side(&self, side: Side) -> &SideMeasure {
        &self.sides[side as usize]
    }
}

/// The battle at the start (turn 0) or at the end of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The turn it ends, 0 for the start of the battle.
    pub turn: u32,
    /// The turn is still being played (the last point of a battle in progress).
    pub in_progress: bool,
    /// The measure then.
    pub measure: Measure,
}

/// Something that first shows at a point: a unit broke, a personality fell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The turn.
    pub turn: u32,
    /// Whose.
    pub side: Side,
    /// What, in the referee's words.
    pub what: String,
}

/// The whole course of a battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// What the system calls a turn (`Turn`, `Move`).
    pub turn_word: &'static str,
    /// What it calls its units counted by state (`Units by morale`).
    pub states_word: &'static str,
    /// Each side as the screens name it.
    pub sides: [String; 2],
    /// The start, then each turn's end, in the log's order.
    pub points: Vec<Point>,
    /// Where each unit broke or personality fell first showed.
    pub marks: Vec<Mark>,
}

impl Course {
    /// The charted strength's name (`stands`), from the first point.
    pub fn strength_name(&self) -> &'static str {
        self.points
            .first()
            .and_then(|p| p.measure.sides[0].strength.first())
            .map_or("strength", |f| f.name)
    }

    /// The morale states' names in the system's order.
    pub fn state_names(&self) -> Vec<&'static str> {
        self.points
            .first()
            .map(|p| p.measure.sides[0].states.iter().map(|f| f.name).collect())
            .unwrap_or_default()
    }

    /// The console's strength axis, `(bottom, top)`: it starts below the
    /// lowest strength at a round number, so a loss shows on a few rows as
    /// a fall and not as a hair's breadth.
    pub fn strength_axis(&self) -> (u32, u32) {
        let values = || {
            [Side::A, Side::B]
                .into_iter()
                .flat_map(|s| self.strength(s))
        };
        let bottom = (values().min().unwrap_or(0) * 3 / 4) / 5 * 5;
        let top = values().max().unwrap_or(0).max(bottom + 1);
        (bottom, top)
    }

    /// The report's strength axis, `(bottom, top)`: from 0, so a loss is
    /// drawn at its true size, to the most of the charted strength and the
    /// figure beside it ([`Course::beside`]), which it draws too.
    pub fn chart_axis(&self) -> (u32, u32) {
        let top = [Side::A, Side::B]
            .into_iter()
            .flat_map(|s| {
                let beside = self.beside(s).unwrap_or_default();
                self.strength(s).into_iter().chain(beside)
            })
            .max()
            .unwrap_or(0)
            .max(1);
        (0, top)
    }

    /// The name of the figure charted beside the strength (`casualty
    /// figures`, `APs`, `hits lost`: the second a system measures).
    pub fn beside_name(&self) -> Option<&'static str> {
        self.points
            .first()
            .and_then(|p| p.measure.sides[0].strength.get(1))
            .map(|f| f.name)
    }

    /// The figure charted beside the strength, of one side at each point
    /// (the line chart draws it dashed): a system's losses, which can rise
    /// while its strength stands still.
    pub fn beside(&self, side: Side) -> Option<Vec<u32>> {
        self.beside_name()?;
        Some(
            self.points
                .iter()
                .map(|p| p.measure.side(side).strength.get(1).map_or(0, |f| f.value))
                .collect(),
        )
    }

    /// The charted strength of one side at each point.
    pub fn strength(&self, side: Side) -> Vec<u32> {
        self.points
            .iter()
            .map(|p| p.measure.side(side).strength.first().map_or(0, |f| f.value))
            .collect()
    }
}

impl<S: RuleSystem> Battle<S> {
    /// The battle's course: its events replayed from the start, measured at
    /// the start and whenever the turn changes, and at the last event.
    pub fn course(&self) -> Course {
        let setup = self.setup();
        let mut state = S::start(setup);
        let mut points = vec![Point {
            turn: 0,
            in_progress: false,
            measure: S::measure(&state, setup),
        }];
        for event in self.events() {
            let before = S::turn(&state);
            let measured = S::measure(&state, setup);
            // The log holds only events its rules applied; one that no longer
            // applies leaves the state as it was.
            let _ = S::apply(&mut state, setup, event);
            if S::turn(&state) != before {
                points.push(Point {
                    turn: before,
                    in_progress: false,
                    measure: measured,
                });
            }
        }
        let turn = S::turn(&state);
        let last = points.last().map(|p| p.turn);
        if !self.events().is_empty() && last != Some(turn) {
            points.push(Point {
                turn,
                in_progress: true,
                measure: S::measure(&state, setup),
            });
        }
        let marks = marks(&points);
        Course {
            turn_word: S::SYSTEM.turn_word(),
            states_word: S::SYSTEM.states_word(),
            sides: [S::side_name(setup, Side::A), S::side_name(setup, Side::B)],
            points,
            marks,
        }
    }
}

/// What is new in each point's `fallen` beside the point before.
fn marks(points: &[Point]) -> Vec<Mark> {
    let mut marks = Vec::new();
    for pair in points.windows(2) {
        for side in [Side::A, Side::B] {
            let before = &pair[0].measure.side(side).fallen;
            for what in &pair[1].measure.side(side).fallen {
                if !before.contains(what) {
                    marks.push(Mark {
                        turn: pair[1].turn,
                        side,
                        what: what.clone(),
                    });
                }
            }
        }
    }
    marks
}
