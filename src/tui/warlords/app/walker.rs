//! The walker: following the turn sequence (2.1) and the selection in the tables.

use super::App;
use crate::battle::UnitId;
use crate::battle::warlords::{Event, Phase, Step};
use crate::rules::Side;
use crate::tui::warlords::dialog::{Dialog, GoTo, Procedure, Resolve};
use crate::tui::warlords::keymap::Context;

impl App {
    /// The indices of a side's units on the table, the rows of its table
    /// (Dispersed and removed units are in the fled and destroyed list).
    pub fn on_table(&self, side: Side) -> Vec<usize> {
        self.battle
            .units(side)
            .filter(|(_, u)| !u.off_table())
            .map(|(id, _)| id.index)
            .collect()
    }

    /// The selected row of a side's table: the selected unit, or the
    /// nearest on the table when it has left it.
    pub fn selected_index(&self, side: Side) -> Option<usize> {
        let rows = self.on_table(side);
        let want = self.selected[side as usize];
        rows.iter()
            .copied()
            .find(|&i| i >= want)
            .or_else(|| rows.last().copied())
    }

    /// The selected unit's id.
    pub fn selected_id(&self) -> Option<UnitId> {
        let side = self.focus;
        self.selected_index(side).map(|i| UnitId::new(side, i))
    }

    /// Moves the selection in the focused table by `delta` rows, clamped.
    pub(super) fn move_selection(&mut self, delta: i64) {
        let side = self.focus;
        let rows = self.on_table(side);
        let Some(now) = self.selected_index(side) else {
            return;
        };
        let n = rows.len() as i64;
        let pos = rows.iter().position(|&i| i == now).unwrap_or(0) as i64;
        let at = pos.saturating_add(delta).clamp(0, n - 1);
        self.selected[side as usize] = rows[at as usize];
    }

    /// Selects a unit and focuses its side.
    pub(super) fn select(&mut self, id: UnitId) {
        self.focus = id.side;
        self.selected[id.side as usize] = id.index;
    }

    /// The unit Enter activates when the sequence wants `next` of its
    /// side: the one under the cursor when it may still activate, else
    /// `next`. The header and the status line name the same one.
    pub fn enter_activates(&self, next: UnitId) -> UnitId {
        self.selected_id()
            .filter(|s| self.battle.to_activate(next.side).contains(s))
            .unwrap_or(next)
    }

    /// Points the selection at the unit the sequence wants next.
    pub(super) fn follow_walker(&mut self) {
        match self.battle.next_step() {
            Step::Activate(id) => {
                let keep = self
                    .selected_id()
                    .is_some_and(|s| self.battle.to_activate(id.side).contains(&s));
                if !keep {
                    self.select(id);
                }
            }
            Step::FightMelee(a, _) => self.select(a),
            _ => {}
        }
    }

    /// Enter: the next step of whatever is on top.
    pub(super) fn advance(&mut self) {
        match self.context() {
            Context::Tables => self.walk(),
            Context::AfterRoll | Context::MeleeResult => self.finish_resolve(),
            Context::Pick => self.pick(),
            Context::TypeDice => self.submit_typed(),
            Context::Correct => self.apply_correction(),
            Context::FallBack => self.apply_fall_back(),
            Context::HitStands => self.close_hit_stands(),
            Context::LostStand => self.pick_lost_stand(),
            Context::Help => {
                self.dialogs.pop();
            }
            Context::Note => self.record_note(),
            Context::GoTo => self.go_to(),
            Context::Summary => {
                self.dialogs.pop();
                self.walk();
            }
            _ => {}
        }
    }

    /// The turn walker: does the step of 2.1 the battle is at.
    pub(super) fn walk(&mut self) {
        match self.battle.next_step() {
            Step::RollInitiative => self
                .dialogs
                .push(Dialog::Resolve(Resolve::new(Procedure::Initiative))),
            Step::Activate(next) => {
                let id = self.enter_activates(next);
                self.open_activation(id);
            }
            Step::EndActivations(_) | Step::EndTurn => {
                let from = self.battle.phase();
                match self.battle.record(Event::NextPhase) {
                    Ok(_) => {
                        let text = match (from, self.battle.phase()) {
                            (Phase::Melee, _) => format!(
                                "turn {} begins: roll for initiative (2.1.1)",
                                self.battle.turn()
                            ),
                            (_, to) => format!("every unit has activated; now {to} (2.1)"),
                        };
                        self.say(text);
                        if from == Phase::Melee {
                            // The turn just ended, in a few lines.
                            self.open_summary(self.battle.turn().saturating_sub(1));
                            return;
                        }
                        self.follow_walker();
                    }
                    Err(e) => self.refuse(e.to_string()),
                }
            }
            Step::FightMelee(a, b) => self.open_melee(a, b),
            Step::Duty(i) => self.open_duty(i),
        }
    }

    /// `G`: the steps the referee may move the sequence to (2.1): this
    /// turn's four steps and the next turn's initiative; the cursor on the
    /// step after this one. Not an earlier turn: the battle would start
    /// that turn afresh and this one again after it, every unit's
    /// activation forgotten (undo is the way back).
    pub(super) fn open_go_to(&mut self) {
        let b = &self.battle;
        let turn = b.turn();
        let first = b.initiative().unwrap_or(Side::A);
        let mut choices = Vec::new();
        for phase in [
            Phase::Initiative,
            Phase::Activation(first),
            Phase::Activation(first.other()),
            Phase::Melee,
        ] {
            choices.push((turn, phase));
        }
        choices.push((turn + 1, Phase::Initiative));
        let now = choices
            .iter()
            .position(|&c| c == (turn, b.phase()))
            .unwrap_or(0);
        let line = (now + 1).min(choices.len() - 1);
        self.dialogs.push(Dialog::GoTo(GoTo {
            choices,
            line,
            warned: None,
            skipped: Vec::new(),
        }));
    }

    /// Enter on the steps: the referee moves the sequence there (2.1).
    fn go_to(&mut self) {
        let Some(Dialog::GoTo(g)) = self.dialogs.last() else {
            return;
        };
        let Some(&(turn, phase)) = g.choices.get(g.line) else {
            return;
        };
        if (turn, phase) == (self.battle.turn(), self.battle.phase()) {
            return self.refuse("the battle is at that step now: choose another (↑↓), or Esc");
        }
        let line = g.line;
        let warned = g.warned == Some(line);
        let skipped = self.skipped_by(turn, phase);
        if !skipped.is_empty() && !warned {
            // 2.2: "All units must be activated"; 2.6: every Melee is fought.
            // The status line says it short; the panel lists them whole.
            let units: usize = skipped.iter().map(|s| s.units).sum();
            let melees: usize = skipped.iter().map(|s| s.melees).sum();
            let mut what = Vec::new();
            if units > 0 {
                what.push(format!("{units} unit(s) not activated"));
            }
            if melees > 0 {
                what.push(format!("{melees} Melee(s) not fought"));
            }
            if let Some(Dialog::GoTo(g)) = self.dialogs.last_mut() {
                g.warned = Some(line);
                g.skipped = skipped.into_iter().map(|s| s.line).collect();
            }
            return self.refuse(format!(
                "{} would be passed over (2.2; the panel lists them): Enter again to go there anyway, Esc to stay",
                what.join(" and ")
            ));
        }
        let from_turn = self.battle.turn();
        match self.battle.record(Event::GoTo { turn, phase }) {
            Ok(entry) => {
                let text = entry.summary.clone();
                self.dialogs.pop();
                self.say(format!("{text}; u takes it back"));
                if turn > from_turn {
                    // The turn ended: its summary, as at a normal turn end.
                    return self.open_summary(from_turn);
                }
                self.follow_walker();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// What going to `(turn, phase)` would pass over in this turn: the
    /// units of each activation phase that have not activated, by id and
    /// name, and the Melees not fought; empty when nothing.
    fn skipped_by(&self, turn: u32, phase: Phase) -> Vec<Skipped> {
        let b = &self.battle;
        let Some(first) = b.initiative() else {
            return Vec::new();
        };
        let order = [
            Phase::Initiative,
            Phase::Activation(first),
            Phase::Activation(first.other()),
            Phase::Melee,
        ];
        let at = |p: Phase| order.iter().position(|&q| q == p).unwrap_or(0);
        let (now, to) = (at(b.phase()), at(phase));
        let passed = |i: usize| i >= now && (turn > b.turn() || i < to);
        let mut said = Vec::new();
        for (_, p) in order.iter().enumerate().filter(|(i, _)| passed(*i)) {
            match p {
                Phase::Activation(side) => {
                    let left = b.to_activate(*side);
                    if !left.is_empty() {
                        // Ids in runs, so the line stays readable with many units.
                        said.push(Skipped {
                            line: format!(
                                "{} unit(s) of side {} not activated ({})",
                                left.len(),
                                side.name(),
                                id_runs(&left)
                            ),
                            units: left.len(),
                            melees: 0,
                        });
                    }
                }
                Phase::Melee => {
                    let unfought: Vec<String> = b
                        .state()
                        .engagements
                        .iter()
                        .filter(|e| !e.fought_this_turn)
                        .map(|e| format!("{}×{}", e.a, e.b))
                        .collect();
                    if !unfought.is_empty() {
                        said.push(Skipped {
                            line: format!(
                                "{} Melee(s) not fought ({})",
                                unfought.len(),
                                unfought.join(" ")
                            ),
                            units: 0,
                            melees: unfought.len(),
                        });
                    }
                }
                _ => {}
            }
        }
        said
    }
}

/// One line of what a move of the sequence passes over.
struct Skipped {
    line: String,
    units: usize,
    melees: usize,
}

/// Unit ids of one side written in runs: `a1-a4 a7 a9-a12`.
pub(crate) fn id_runs(ids: &[UnitId]) -> String {
    let mut idx: Vec<usize> = ids.iter().map(|id| id.index).collect();
    idx.sort_unstable();
    let Some(first) = ids.first() else {
        return String::new();
    };
    let side = first.side;
    let id = |i: usize| UnitId::new(side, i).to_string();
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && idx[j + 1] == idx[j] + 1 {
            j += 1;
        }
        runs.push(match j - i {
            0 => id(idx[i]),
            1 => format!("{} {}", id(idx[i]), id(idx[j])),
            _ => format!("{}-{}", id(idx[i]), id(idx[j])),
        });
        i = j + 1;
    }
    runs.join(" ")
}
