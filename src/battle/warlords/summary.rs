//! The end-of-turn summary, for the console and the report: what each turn
//! cost each side (casualty figures, stands), whose morale changed, which
//! units broke, fled, were Dispersed or taken off, and what became of the
//! personalities. Worked out from the entries' field changes as the log is
//! replayed through the rules; pure, like the rest of the battle layer.

use super::event::Event;
use super::{Battle, Correction, Entry, Setup, State};
use crate::battle::UnitId;
use crate::rules::Side;
use crate::rules::warlords::personality::PersonalityStatus;
use crate::rules::warlords::unit::{Morale, Unit};
use std::fmt;
use std::ops::Range;

/// A unit as a summary names it: its id and its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitName {
    /// The unit.
    pub id: UnitId,
    /// Its name.
    pub name: String,
}

impl fmt::Display for UnitName {
    /// `Huscarls (b1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.id)
    }
}

/// What a turn cost one side, from the changes to its units' fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    /// Casualty figures gained (1.7.6), by any event, corrections included.
    pub casualties: u32,
    /// Casualty figures taken off by the referee's corrections.
    pub casualties_removed: u32,
    /// Stands lost: in shooting, Melee, flight, trapped (1.7.3), corrections.
    pub stands_lost: u32,
    /// Stands given back by the referee's corrections.
    pub stands_restored: u32,
}

/// A unit's morale through a turn: every state it was in, in order, from
/// the one it had before its first change (1.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleChange {
    /// The unit.
    pub unit: UnitName,
    /// Its morale states, at least two: `[Ready, Worn, Broken]`.
    pub path: Vec<Morale>,
}

/// A personality whose status changed (3.1.3): wounded, captured, killed,
/// escaped (W-21), or put back with his unit by a correction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonalityChange {
    /// His name.
    pub name: String,
    /// His unit.
    pub unit: UnitName,
    /// His status before.
    pub from: PersonalityStatus,
    /// His status after.
    pub to: PersonalityStatus,
    /// The event that changed it, from 0.
    pub event: usize,
}

/// One turn's summary: a run of consecutive events of one turn (a go-to
/// back to an earlier turn starts a new run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnSummary {
    /// The turn, from 1.
    pub turn: u32,
    /// Its events' places in the log, from 0.
    pub events: Range<usize>,
    /// The sequence moved on past this turn after its last event (else the
    /// turn is still being played).
    pub finished: bool,
    /// What it cost side a, then side b.
    pub losses: [Losses; 2],
    /// Units whose morale changed, in the order of their first change.
    pub morale: Vec<MoraleChange>,
    /// Units that became Broken (1.7.3).
    pub broken: Vec<UnitName>,
    /// Units that made a fleeing move (2.4.11).
    pub fled: Vec<UnitName>,
    /// Units Dispersed: they left the table (1.7.4).
    pub dispersed: Vec<UnitName>,
    /// Units the referee took off the table.
    pub removed: Vec<UnitName>,
    /// Personalities whose status changed, in order.
    pub personalities: Vec<PersonalityChange>,
}

impl TurnSummary {
    fn new(turn: u32, first: usize) -> TurnSummary {
        TurnSummary {
            turn,
            events: first..first,
            finished: false,
            losses: [Losses::default(); 2],
            morale: Vec::new(),
            broken: Vec::new(),
            fled: Vec::new(),
            dispersed: Vec::new(),
            removed: Vec::new(),
            personalities: Vec::new(),
        }
    }

    /// Personalities lost to their side this turn: wounded, captured,
    /// killed or escaped (3.1.3, W-21).
    pub fn personalities_lost(&self) -> impl Iterator<Item = &PersonalityChange> {
        self.personalities
            .iter()
            .filter(|p| p.to != PersonalityStatus::Active)
    }

    /// The summary in lines of plain text, for the console and the report:
    /// casualties and stands per side, then morale, broken, fled, Dispersed,
    /// taken off (when any) and personalities, `none` when nothing happened.
    pub fn lines(&self, setup: &Setup) -> Vec<String> {
        let side = |s: Side| format!("{} ({})", s.name(), setup.label(s));
        let per_side = |count: &dyn Fn(&Losses) -> String| -> String {
            [Side::A, Side::B]
                .map(|s| format!("{} {}", side(s), count(&self.losses[s as usize])))
                .join(", ")
        };
        let corrected = |n: u32, what: &str| {
            if n > 0 {
                format!(" ({n} {what} by correction)")
            } else {
                String::new()
            }
        };
        let names = |units: &[UnitName]| -> String {
            if units.is_empty() {
                "none".to_string()
            } else {
                units
                    .iter()
                    .map(|u| u.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let mut out = vec![
            format!(
                "casualty figures: {}",
                per_side(&|l| format!(
                    "+{}{}",
                    l.casualties,
                    corrected(l.casualties_removed, "taken off")
                ))
            ),
            format!(
                "stands lost: {}",
                per_side(&|l| format!(
                    "{}{}",
                    l.stands_lost,
                    corrected(l.stands_restored, "given back")
                ))
            ),
        ];
        let morale: Vec<String> = self
            .morale
            .iter()
            .map(|m| {
                let path: Vec<String> = m.path.iter().map(|x| x.to_string()).collect();
                format!("{} {}", m.unit, path.join(" → "))
            })
            .collect();
        out.push(format!(
            "morale: {}",
            if morale.is_empty() {
                "no change".to_string()
            } else {
                morale.join("; ")
            }
        ));
        out.push(format!("broken: {}", names(&self.broken)));
        out.push(format!("fled: {}", names(&self.fled)));
        out.push(format!("dispersed: {}", names(&self.dispersed)));
        if !self.removed.is_empty() {
            out.push(format!(
                "taken off the table by the referee: {}",
                names(&self.removed)
            ));
        }
        let people: Vec<String> = self
            .personalities
            .iter()
            .map(|p| {
                let what = match p.to {
                    PersonalityStatus::Active => "back with his unit".to_string(),
                    s => s.to_string(),
                };
                format!("{} ({}, {}) {what}", p.name, p.unit.name, p.unit.id)
            })
            .collect();
        out.push(format!(
            "personalities: {}",
            if people.is_empty() {
                "none lost".to_string()
            } else {
                people.join("; ")
            }
        ));
        out
    }
}

/// One step of a replayed battle, for a caller that walks the whole log
/// (the report).
#[derive(Debug)]
pub enum Moment<'a> {
    /// An event applied.
    Event {
        /// Its place in the log, from 0.
        index: usize,
        /// The event.
        event: &'a Event,
        /// What it did.
        entry: &'a Entry,
    },
    /// The end of a turn's run of events (or of the log, mid-turn).
    TurnEnd {
        /// The turn's summary.
        summary: &'a TurnSummary,
        /// The battle's state after its last event.
        state: &'a State,
    },
}

/// What a unit's fields were after the last event that changed them, for
/// telling what the next change did.
#[derive(Clone)]
struct Seen {
    morale: Morale,
    casualties: u32,
    stands: u32,
    /// Off the table (Dispersed or removed): its stands count no longer.
    off: bool,
    personalities: Vec<PersonalityStatus>,
}

impl Seen {
    fn of(u: &Unit) -> Seen {
        Seen {
            morale: u.morale,
            casualties: u.casualties,
            stands: u.stands,
            off: false,
            personalities: u.personalities.iter().map(|p| p.status).collect(),
        }
    }

    /// The stands it counts on the table: none once it has left (1.7.4).
    fn on_table(&self) -> u32 {
        if self.off { 0 } else { self.stands }
    }
}

/// Adds `unit` to `list` once.
fn once(list: &mut Vec<UnitName>, unit: UnitId, name: &str) {
    if !list.iter().any(|u| u.id == unit) {
        list.push(UnitName {
            id: unit,
            name: name.to_string(),
        });
    }
}

/// Tallies event `index` into `summary`: the units its entry changed,
/// compared with what was seen of them before.
fn tally(
    summary: &mut TurnSummary,
    seen: &mut [Vec<Seen>; 2],
    state: &State,
    index: usize,
    event: &Event,
    entry: &Entry,
) {
    let mut changed: Vec<UnitId> = Vec::new();
    for e in &entry.effects {
        if !changed.contains(&e.unit) {
            changed.push(e.unit);
        }
    }
    if let Event::Correct { unit, .. } = event
        && !changed.contains(unit)
    {
        changed.push(*unit); // taken off or put back by the referee
    }
    for id in changed {
        let (Some(now), Some(was)) = (state.get(id), seen[id.side as usize].get_mut(id.index))
        else {
            continue;
        };
        let u = &now.unit;
        let name = || UnitName {
            id,
            name: u.name.clone(),
        };
        let losses = &mut summary.losses[id.side as usize];
        if u.casualties >= was.casualties {
            losses.casualties += u.casualties - was.casualties;
        } else {
            losses.casualties_removed += was.casualties - u.casualties;
        }
        // Stands on the table, as the strength table counts them: a unit
        // that leaves the table (Dispersed, 1.7.4, or removed) takes the
        // stands it has with it, so the two always agree.
        let (before, after) = (was.on_table(), if now.off_table() { 0 } else { u.stands });
        if after <= before {
            losses.stands_lost += before - after;
        } else {
            losses.stands_restored += after - before;
        }
        if u.morale != was.morale {
            match summary.morale.iter_mut().find(|m| m.unit.id == id) {
                Some(m) => m.path.push(u.morale),
                None => summary.morale.push(MoraleChange {
                    unit: name(),
                    path: vec![was.morale, u.morale],
                }),
            }
            match u.morale {
                Morale::Broken => once(&mut summary.broken, id, &u.name), // 1.7.3
                Morale::Dispersed => once(&mut summary.dispersed, id, &u.name), // 1.7.4
                _ => {}
            }
        }
        for (p, before) in u.personalities.iter().zip(&was.personalities) {
            if p.status != *before {
                summary.personalities.push(PersonalityChange {
                    name: p.name.clone(),
                    unit: name(),
                    from: *before,
                    to: p.status,
                    event: index,
                });
            }
        }
        *was = Seen {
            off: now.off_table(),
            ..Seen::of(u)
        };
    }
    let name_of = |id: UnitId| state.get(id).map(|u| u.unit.name.as_str());
    match event {
        // 2.4.11: a fleeing move.
        Event::Flee { unit, .. } => {
            if let Some(n) = name_of(*unit) {
                once(&mut summary.fled, *unit, n);
            }
        }
        Event::Correct {
            unit,
            correction: Correction::Removed(true),
        } => {
            if let Some(n) = name_of(*unit) {
                once(&mut summary.removed, *unit, n);
            }
        }
        _ => {}
    }
}

/// Replays the battle's log through the rules from its start, telling
/// `visit` of each event and of the end of each turn's run of events (the
/// last run too, finished or not). One pass, a summary at a time: the cost
/// of resuming the battle, a few milliseconds for an evening's battle.
pub fn chronicle(battle: &Battle, mut visit: impl FnMut(Moment<'_>)) {
    let setup = battle.setup();
    let mut state = State::start(setup);
    let mut seen: [Vec<Seen>; 2] =
        [Side::A, Side::B].map(|s| setup.units(s).map(Seen::of).collect());
    let mut current: Option<TurnSummary> = None;
    for (index, event) in battle.events().iter().enumerate() {
        // An event's entry is of the turn the state is at before it: a new
        // turn ends the open run, whose state is the one now.
        if let Some(s) = current.take_if(|s| s.turn != state.turn) {
            let s = TurnSummary {
                finished: true,
                ..s
            };
            visit(Moment::TurnEnd {
                summary: &s,
                state: &state,
            });
        }
        // Every event in a battle applied when it was recorded; one that no
        // longer does is left out (the state is unchanged), as
        // `Battle::replay_entries` does.
        let Ok(entry) = state.apply(setup, event) else {
            continue;
        };
        let summary = current.get_or_insert_with(|| TurnSummary::new(entry.turn, index));
        summary.events.end = index + 1;
        tally(summary, &mut seen, &state, index, event, &entry);
        visit(Moment::Event {
            index,
            event,
            entry: &entry,
        });
    }
    if let Some(mut s) = current {
        s.finished = state.turn != s.turn;
        visit(Moment::TurnEnd {
            summary: &s,
            state: &state,
        });
    }
}

/// Every turn's summary, oldest first (one replay of the log).
pub fn summaries(battle: &Battle) -> Vec<TurnSummary> {
    let mut out = Vec::new();
    chronicle(battle, |m| {
        if let Moment::TurnEnd { summary, .. } = m {
            out.push(summary.clone());
        }
    });
    out
}

/// The summary of `turn`'s latest run of events, if it has any: the turn
/// just ended, for the console to show (one replay of the log).
pub fn of_turn(battle: &Battle, turn: u32) -> Option<TurnSummary> {
    summaries(battle).into_iter().rev().find(|s| s.turn == turn)
}
