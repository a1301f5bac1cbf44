//! Attrition suffered by fugitives (Rule 13, WI-11): routing and evading
//! units roll one die once a Move, overridden or ridden-through units when
//! it happens. The score, at least 0, is APs gained; bases then go at 4 APs
//! (fugitives cannot recuperate, WI-10), and each pursuing base still in
//! contact removes one more base, taking 1 AP away.

use super::points::{self, Next};
use super::unit::{Activity, Class, Morale, Unit, UnitState};
use super::{expect_dice, on_table};
use crate::dice::{Dice, DiceCount};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// What the referee says of the fugitives (Rule 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FugitiveSituation {
    /// Elephants bursting through close-order troops, chariots, elephants or artillery.
    pub elephants_burst_through: u32,
    /// Overriding bases pulled up on skirmishers (OO troops only).
    pub overriding_bases: u32,
    /// Successfully attacking expendable-weapon bases.
    pub expendable_bases: u32,
    /// Being overridden.
    pub overridden: bool,
    /// Being ridden through.
    pub ridden_through: bool,
    /// Skirmishing in difficult terrain (OO troops only).
    pub difficult_terrain: bool,
    /// Pursuing bases still in contact after the roll.
    pub pursuers_in_contact: u32,
}

/// A fugitives' roll about to be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FugitiveAttrition {
    /// The fugitives.
    pub unit: Unit,
    /// What the referee said.
    pub situation: FugitiveSituation,
    /// Every modifier to the die (Rule 13, WI-11).
    pub modifiers: Vec<Modifier>,
    /// What was said that counts for nothing here, and why.
    pub notes: Explanation,
}

/// What the roll came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FugitiveOutcome {
    /// The die with its modifiers, at least 0.
    pub score: u32,
    /// APs gained: the score (WI-11).
    pub aps_suffered: u32,
    /// Bases removed, by APs and by pursuers.
    pub bases_removed: u32,
    /// Its last base went.
    pub destroyed: bool,
    /// The unit after.
    pub after: UnitState,
    /// What is required now.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

fn half(n: u32) -> i32 {
    (n / 2).min(i32::MAX as u32) as i32
}

impl FugitiveAttrition {
    /// States the modifiers, or why the unit is not a fugitive.
    pub fn plan(unit: &Unit, s: FugitiveSituation) -> Result<FugitiveAttrition, RulesError> {
        on_table(unit)?;
        let routed = unit.morale == Morale::Routed;
        let evading = unit.is(Activity::Evading);
        if !(routed || evading || s.overridden || s.ridden_through) {
            return Err(RulesError::refused(format!(
                "{} is {} and neither evading, overridden nor ridden through: only fugitives roll for attrition (Rule 13, WI-11)",
                unit.name, unit.morale
            )));
        }
        let c = || cite("Rule 13", "WI-11");
        let mut m = Vec::new();
        let mut notes = Explanation::default();
        // Rule 13, WI-11: elephants burst through NO troops, chariots,
        // elephants or artillery: every unit but OO troops (WI-2).
        if s.elephants_burst_through > 0 {
            if unit.is_oo() {
                notes.line(
                    "elephants bursting through count only against close-order (NO) troops, chariots, elephants or artillery, not OO troops",
                    c(),
                );
            } else {
                m.push(Modifier::new(
                    s.elephants_burst_through.min(i32::MAX as u32) as i32,
                    format!("{} elephant(s) bursting through", s.elephants_burst_through),
                    c(),
                ));
            }
        }
        if routed || evading {
            let n = half(unit.bases);
            if n > 0 {
                m.push(Modifier::new(
                    n,
                    format!(
                        "{} {} bases: 1 per 2",
                        unit.bases,
                        if routed { "routing" } else { "evading" }
                    ),
                    cite("Rule 13", "WI-1, WI-11"),
                ));
            }
        }
        if s.overriding_bases > 0 {
            if unit.is_oo() {
                let n = half(s.overriding_bases);
                if n > 0 {
                    m.push(Modifier::new(
                        n,
                        format!(
                            "{} overriding bases pulled up on skirmishers: 1 per 2",
                            s.overriding_bases
                        ),
                        cite("Rule 13", "WI-1, WI-11"),
                    ));
                }
            } else {
                notes.line(
                    "overriding bases count only against skirmishers (OO troops)",
                    c(),
                );
            }
        }
        let n = half(s.expendable_bases);
        if n > 0 {
            m.push(Modifier::new(
                n,
                format!(
                    "{} successfully attacking expendable-weapon bases: 1 per 2",
                    s.expendable_bases
                ),
                cite("Rule 13", "WI-1, WI-11"),
            ));
        }
        // Rule 13, WI-11: only the single largest of these deductions.
        let mut worst: Option<(i32, String)> = None;
        let mut consider = |v: i32, why: String| {
            if worst.as_ref().is_none_or(|(w, _)| v > *w) {
                worst = Some((v, why));
            }
        };
        if routed {
            consider(2, "routed".into());
        }
        if s.overridden {
            consider(2, "being overridden".into());
        }
        if evading {
            let (v, who) = match unit.class {
                Class::Raw => (2, "Raw"),
                Class::Seasoned => (3, "Seasoned"),
                Class::Veteran => (4, "Veteran"),
            };
            consider(v, format!("{who} evaders"));
        }
        if s.ridden_through {
            consider(3, "ridden through".into());
        }
        if let Some((v, why)) = worst {
            m.push(Modifier::new(
                -v,
                format!("{why} (the largest deduction only)"),
                c(),
            ));
        }
        if s.difficult_terrain {
            if unit.is_oo() {
                m.push(Modifier::new(-1, "skirmishing in difficult terrain", c()));
            } else {
                notes.line(
                    "difficult terrain deducts only for skirmishers (OO troops)",
                    c(),
                );
            }
        }
        Ok(FugitiveAttrition {
            unit: unit.clone(),
            situation: s,
            modifiers: m,
            notes,
        })
    }

    /// One die (Rule 13).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(1)
    }

    /// The score of a face: APs gained, at least 0 (WI-1, WI-11). Odds use this.
    pub fn score(&self, face: u8) -> u32 {
        (i32::from(face) + total(&self.modifiers)).max(0) as u32
    }

    /// The unit after gaining `aps`: bases at 4 APs, then the pursuers'
    /// (Rules 13, 16; WI-10, WI-11). Returns the state, the bases removed
    /// and why.
    pub fn after(&self, aps: u32) -> (UnitState, u32, Explanation) {
        let mut why = Explanation::default();
        let (state, removed) = self.apply(aps, Some(&mut why));
        (state, removed, why)
    }

    /// What gaining `aps` does, without the explanation: the unit's state
    /// and the bases removed, as [`FugitiveAttrition::after`]. Odds use this.
    pub fn effect(&self, aps: u32) -> (UnitState, u32) {
        self.apply(aps, None)
    }

    fn apply(&self, aps: u32, mut why: Option<&mut Explanation>) -> (UnitState, u32) {
        let mut state = self.unit.state();
        points::gain(&mut state, aps, 0);
        if let Some(w) = why.as_deref_mut() {
            w.line(
                format!("{} gains {aps} APs: {} APs", self.unit.name, state.aps),
                cite("Rule 13", "WI-11"),
            );
        }
        // WI-11: fugitives cannot recuperate: a base per 4 APs.
        let mut removed = points::remove_bases_with(&mut state, false, why.as_deref_mut());
        let pursuers = self.situation.pursuers_in_contact.min(state.bases);
        if pursuers > 0 {
            // Rule 13: each pursuing base still in contact removes 1 base, -1 AP each.
            state.bases -= pursuers;
            state.bases_lost += pursuers;
            points::take_away(&mut state, pursuers);
            removed += pursuers;
            if let Some(w) = why {
                w.line(
                    format!(
                        "{pursuers} pursuing base(s) in contact: {pursuers} more base(s) removed, 1 AP each: {} APs, {} bases left",
                        state.aps, state.bases
                    ),
                    cite("Rule 13", "WI-11"),
                );
            }
        }
        (state, removed)
    }

    /// Turns the die into APs and bases lost.
    pub fn resolve(&self, dice: &Dice) -> Result<FugitiveOutcome, RulesError> {
        expect_dice(
            dice,
            self.needs(),
            "fugitives throw one die (Rule 13, WI-11)",
        )?;
        let face = dice.white[0].value();
        let mut why = Explanation::default();
        why.line(format!("the die shows {face}"), cite("Rule 13", "WI-11"));
        why.modifiers(&self.modifiers);
        why.extend(self.notes.clone());
        let score = self.score(face);
        why.line(
            format!("score {score} (never below 0): {score} APs"),
            cite("Rule 13", "WI-1, WI-11"),
        );
        let (after, removed, more) = self.after(score);
        why.extend(more);
        let destroyed = after.bases == 0;
        Ok(FugitiveOutcome {
            score,
            aps_suffered: score,
            bases_removed: removed,
            destroyed,
            after,
            next: if destroyed {
                vec![Next::Destroyed]
            } else {
                Vec::new()
            },
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{Order, TroopType};

    fn routed(bases: u32) -> Unit {
        let mut u = Unit::new("Levy", TroopType::Foot, bases);
        u.morale = Morale::Routed;
        u
    }

    fn roll(u: &Unit, s: FugitiveSituation, face: u8) -> FugitiveOutcome {
        FugitiveAttrition::plan(u, s)
            .unwrap()
            .resolve(&Dice::white(&[face]).unwrap())
            .unwrap()
    }

    #[test]
    fn only_the_largest_deduction_counts() {
        let mut u = routed(3);
        u.activity = vec![Activity::Evading];
        u.class = Class::Veteran;
        let s = FugitiveSituation {
            ridden_through: true,
            overridden: true,
            ..FugitiveSituation::default()
        };
        let out = roll(&u, s, 6);
        // 6 + 1 (3 bases) - 4 (Veteran evaders beat routed 2, ridden through 3)
        assert_eq!(out.score, 3);
        assert!(
            out.explanation
                .to_string()
                .contains("Veteran evaders (the largest")
        );
    }

    #[test]
    fn skirmishers_only_for_overriding_and_terrain() {
        let s = FugitiveSituation {
            overriding_bases: 4,
            difficult_terrain: true,
            ..FugitiveSituation::default()
        };
        let close = routed(2);
        assert_eq!(roll(&close, s, 5).score, 5 + 1 - 2);
        let mut oo = routed(2);
        oo.order = Order::Oo;
        assert_eq!(roll(&oo, s, 5).score, 5 + 1 + 2 - 2 - 1);
    }

    #[test]
    fn elephants_count_only_against_close_order_chariots_elephants_or_artillery() {
        // Rule 13, WI-11: +1 per elephant bursting through NO troops, Chs,
        // Els or Art; open-order fugitives gain nothing from it.
        let s = FugitiveSituation {
            elephants_burst_through: 2,
            ..FugitiveSituation::default()
        };
        let close = routed(2);
        assert_eq!(roll(&close, s, 4).score, 4 + 2 + 1 - 2);
        let mut oo = routed(2);
        oo.order = Order::Oo;
        let out = roll(&oo, s, 4);
        assert_eq!(out.score, 4 + 1 - 2, "no elephant bonus against OO");
        assert!(out.explanation.to_string().contains("not OO troops"));
        let mut chariots = routed(2);
        chariots.troop_type = TroopType::LightChariots;
        assert_eq!(roll(&chariots, s, 4).score, 4 + 2 + 1 - 2);
    }

    #[test]
    fn never_below_zero_and_pursuers_finish_it() {
        let mut u = routed(1);
        u.class = Class::Raw;
        assert_eq!(roll(&u, FugitiveSituation::default(), 1).score, 0);
        let s = FugitiveSituation {
            pursuers_in_contact: 3,
            ..FugitiveSituation::default()
        };
        let out = roll(&routed(2), s, 2);
        assert_eq!((out.bases_removed, out.after.bases), (2, 0));
        assert!(out.destroyed);
    }

    #[test]
    fn steady_units_are_not_fugitives() {
        let u = Unit::new("Foot", TroopType::Foot, 4);
        assert!(FugitiveAttrition::plan(&u, FugitiveSituation::default()).is_err());
        let s = FugitiveSituation {
            ridden_through: true,
            ..FugitiveSituation::default()
        };
        // Ridden through: 4 - 3 = 1 AP, no bases for the unit's own rout.
        assert_eq!(roll(&u, s, 4).score, 1);
    }
}
