//! Morale Checks and Break Checks (RR-12 to RR-15): two dice and the
//! unit's morale effects against 7; who must make a Break Check, and what a
//! failed one does.

use super::casualties::{CHECK_AT_COMBAT_END, Casualties, DESTROYED_BY_COMBAT, casualties};
use super::house::{CAPTAIN_MORALE, GUARD_MORALE, UNRELIABLE_MORALE};
use super::unit::{Attribute, Unit};
use super::{Named, demoralized_modifier, referee_modifiers, two_dice};
use crate::dice::Die;
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::house::{House, HouseOption};

/// The threshold of a Morale Check (RR-12).
pub const THRESHOLD: i32 = 7;

const SEC: &str = "Casualties and Morale";

/// The morale effects the text names for a unit (RR-12): an attached
/// Captain or General, Guard, Unreliable; sizes from the house options.
pub fn morale_effects(unit: &Unit, house: &House) -> Vec<Modifier> {
    let mut out = Vec::new();
    let mut add = |on: bool, o: &HouseOption, why: String| {
        let n = house.number(o) as i32;
        if on && n != 0 {
            let r = if house.value(o) == o.default {
                "RR-12"
            } else {
                "RR-12, house option"
            };
            out.push(Modifier::new(n, why, cite(SEC, r)));
        }
    };
    add(unit.captain_attached, &CAPTAIN_MORALE, unit.leader_words());
    add(unit.has(Attribute::Guard), &GUARD_MORALE, "Guard".into());
    add(
        unit.has(Attribute::Unreliable),
        &UNRELIABLE_MORALE,
        "Unreliable".into(),
    );
    out
}

/// A Morale Check planned (RR-12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The modifiers.
    pub modifiers: Vec<Modifier>,
}

/// A Morale Check's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleOutcome {
    /// The total modifier.
    pub modifier: i32,
    /// The modified score.
    pub score: i32,
    /// 7 or more.
    pub passed: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl MoraleCheck {
    /// The unit's morale effects, the Demoralized penalty and the referee's modifiers.
    pub fn plan(unit: &Unit, referee: &[Named], house: &House) -> MoraleCheck {
        let mut modifiers = morale_effects(unit, house);
        modifiers.extend(demoralized_modifier(unit, house));
        modifiers.extend(referee_modifiers(referee));
        MoraleCheck { modifiers }
    }

    /// Two dice + modifiers; 7 or more passes.
    pub fn resolve(&self, dice: &[Die]) -> Result<MoraleOutcome, RulesError> {
        let sum = i32::from(two_dice(dice, "a Morale Check")?);
        let modifier = total(&self.modifiers);
        let score = sum + modifier;
        let passed = score >= THRESHOLD;
        let mut ex = Explanation::default();
        ex.line(
            "a Morale Check: two dice, tie or beat 7",
            cite(SEC, "RR-12"),
        );
        ex.modifiers(&self.modifiers);
        ex.line(
            format!(
                "{sum} {modifier:+} = {score}: {}",
                if passed { "passed" } else { "failed" }
            ),
            cite(SEC, "RR-12"),
        );
        Ok(MoraleOutcome {
            modifier,
            score,
            passed,
            explanation: ex,
        })
    }
}

/// Why a Morale Check is made (RR-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoraleCause {
    /// A Reluctant (or Disrupted) stand leads a charge: "Reluctant stands
    /// must pass a Morale Check in order to lead an charge".
    LeadCharge,
    /// The referee calls one for a reason the text leaves out (the
    /// rulebook's morale table is not in it), with his reason.
    Referee,
}
named_enum!(MoraleCause {
    "lead_charge" => MoraleCause::LeadCharge,
    "referee" => MoraleCause::Referee,
});

/// Why a Break Check is made (RR-14, RR-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BreakCause {
    /// The unit lost stands this Combat Phase.
    StandsLost,
    /// A nearby friendly unit routed.
    NearbyRout,
    /// A broken unit lost stands by breaking: it checks again.
    BrokenStandsLost,
    /// A unit with an attached leader took a hit: the leader checks.
    LeaderHit,
    /// An unattached Captain was eliminated nearby.
    CaptainEliminated,
}
named_enum!(BreakCause {
    "stands_lost" => BreakCause::StandsLost,
    "nearby_rout" => BreakCause::NearbyRout,
    "broken_stands_lost" => BreakCause::BrokenStandsLost,
    "leader_hit" => BreakCause::LeaderHit,
    "captain_eliminated" => BreakCause::CaptainEliminated,
});

/// What the referee says of the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BreakSituation {
    /// Stands the unit lost this phase.
    pub stands_lost_this_phase: u32,
    /// It has already made a Break Check this phase.
    pub checked_this_phase: bool,
    /// The routing unit was Formed (for `nearby_rout`).
    pub routed_unit_formed: bool,
}

impl Default for BreakSituation {
    fn default() -> Self {
        BreakSituation {
            stands_lost_this_phase: 0,
            checked_this_phase: false,
            routed_unit_formed: true,
        }
    }
}

/// What a Break Check came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BreakResult {
    /// Passed.
    Holds,
    /// Failed: the unit (or the leader) routs and is removed.
    Routs,
    /// Failed a nearby-rout check and survived its hits.
    Broken,
    /// Failed a nearby-rout check and its hits destroyed it.
    Destroyed,
}
named_enum!(BreakResult {
    "holds" => BreakResult::Holds,
    "routs" => BreakResult::Routs,
    "broken" => BreakResult::Broken,
    "destroyed" => BreakResult::Destroyed,
});

/// A Break Check planned: whether one is required and its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakCheck {
    /// The unit checking (or whose leader checks).
    pub unit: Unit,
    /// Why.
    pub cause: BreakCause,
    /// Whether a check is made.
    pub required: bool,
    /// The modifiers.
    pub modifiers: Vec<Modifier>,
    /// The lines so far.
    pub explanation: Explanation,
}

/// A Break Check's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakOutcome {
    /// Whether a check was made.
    pub required: bool,
    /// The total modifier.
    pub modifier: i32,
    /// The modified score (when made).
    pub score: Option<i32>,
    /// Passed (when made).
    pub passed: Option<bool>,
    /// What it came to (when made).
    pub result: Option<BreakResult>,
    /// Hits a failed nearby-rout check cost: one per stand.
    pub hits_taken: Option<u32>,
    /// The unit after them.
    pub after: Option<Casualties>,
    /// A broken unit that lost stands must check again.
    pub check_again: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl BreakCheck {
    /// Whether `unit` must check for `cause`, and the check's modifiers.
    pub fn plan(
        unit: &Unit,
        cause: BreakCause,
        situation: BreakSituation,
        referee: &[Named],
        house: &House,
    ) -> BreakCheck {
        let mut ex = Explanation::default();
        let c = |r: &str| cite(SEC, r);
        let exempt: Option<(String, &str)> = match cause {
            BreakCause::StandsLost if situation.stands_lost_this_phase == 0 => {
                Some(("it lost no stands this phase".into(), "RR-14"))
            }
            BreakCause::NearbyRout | BreakCause::CaptainEliminated
                if unit.has(Attribute::Fanatic) =>
            {
                Some(("Fanatic units are immune".into(), "RR-14"))
            }
            BreakCause::NearbyRout if unit.formed && !situation.routed_unit_formed => Some((
                "Formed units do not care when Unformed units rout".into(),
                "RR-14",
            )),
            BreakCause::StandsLost | BreakCause::NearbyRout | BreakCause::CaptainEliminated
                if situation.checked_this_phase =>
            {
                Some((
                    "units never make more than one Break Check per phase".into(),
                    "RR-14",
                ))
            }
            _ => None,
        };
        let why = match cause {
            BreakCause::StandsLost => "it lost stands this phase",
            BreakCause::NearbyRout => "a nearby friendly unit routed",
            BreakCause::BrokenStandsLost => {
                "it lost stands by breaking: it must next make a new Break Check"
            }
            BreakCause::LeaderHit => "its attached leader checks: the unit took a hit",
            BreakCause::CaptainEliminated => "an unattached Captain was eliminated",
        };
        let mut modifiers = Vec::new();
        if let Some((no, rule)) = &exempt {
            ex.line(format!("{}: no Break Check, {no}", unit.name), c(rule));
        } else if cause == BreakCause::LeaderHit {
            ex.line(
                format!(
                    "{}, the leader attached to {}, makes a Break Check: his unit took a hit; two dice, tie or beat 7",
                    unit.leader_named(),
                    unit.name
                ),
                c("RR-13, RR-15"),
            );
            modifiers.extend(referee_modifiers(referee));
            ex.modifiers(&modifiers);
        } else {
            ex.line(
                format!(
                    "{} makes a Break Check: {why}; two dice, tie or beat 7",
                    unit.name
                ),
                c(match cause {
                    BreakCause::LeaderHit | BreakCause::CaptainEliminated => "RR-13, RR-15",
                    _ => "RR-13, RR-14",
                }),
            );
            if cause != BreakCause::LeaderHit {
                // RR-15: a leader's check has referee modifiers only.
                modifiers.extend(morale_effects(unit, house));
                let lost = situation.stands_lost_this_phase as i32;
                if lost > 0 {
                    modifiers.push(Modifier::new(
                        -lost,
                        format!(
                            "{lost} stand{} lost this phase",
                            if lost == 1 { "" } else { "s" }
                        ),
                        c("RR-13"),
                    ));
                }
                modifiers.extend(demoralized_modifier(unit, house));
            }
            modifiers.extend(referee_modifiers(referee));
            ex.modifiers(&modifiers);
        }
        BreakCheck {
            unit: unit.clone(),
            cause,
            required: exempt.is_none(),
            modifiers,
            explanation: ex,
        }
    }

    /// The dice it needs: two when required, none otherwise.
    pub fn needs(&self) -> usize {
        if self.required { 2 } else { 0 }
    }

    /// The outcome from the dice.
    pub fn resolve(&self, dice: &[Die], house: &House) -> Result<BreakOutcome, RulesError> {
        let mut ex = self.explanation.clone();
        let modifier = total(&self.modifiers);
        let c = |r: &str| cite(SEC, r);
        let mut out = BreakOutcome {
            required: self.required,
            modifier,
            score: None,
            passed: None,
            result: None,
            hits_taken: None,
            after: None,
            check_again: false,
            explanation: Explanation::default(),
        };
        if !self.required {
            out.explanation = ex;
            return Ok(out);
        }
        let sum = i32::from(two_dice(dice, "a Break Check")?);
        let score = sum + modifier;
        let passed = score >= THRESHOLD;
        ex.line(
            format!(
                "{sum} {modifier:+} = {score}: {}",
                if passed { "passed" } else { "failed" }
            ),
            c("RR-12, RR-13"),
        );
        out.score = Some(score);
        out.passed = Some(passed);
        let result = if passed {
            BreakResult::Holds
        } else {
            match self.cause {
                BreakCause::NearbyRout => {
                    // RR-14: one hit per stand it now has.
                    let hits = self.unit.stands;
                    let was_demoralized = self.unit.demoralized();
                    let after = casualties(&self.unit, hits, house);
                    ex.line(
                        format!("failed: it takes one hit per stand, {hits}"),
                        c("RR-14"),
                    );
                    // RR-14: "one hit per stand (which, for a Demoralized
                    // unit, causes a rout and destroys the unit)": a unit
                    // destroyed so routs, and nearby units check; the
                    // casualties' "destroyed by combat, no Break Checks"
                    // is not its case.
                    let mut lines = after.explanation.clone();
                    // a broken unit's new check follows now, in this phase,
                    // not at the end of the Combat Phase.
                    lines
                        .lines
                        .retain(|l| l.text != DESTROYED_BY_COMBAT && l.text != CHECK_AT_COMBAT_END);
                    ex.extend(lines);
                    out.hits_taken = Some(hits);
                    let destroyed = was_demoralized || after.destroyed;
                    let r = if destroyed {
                        ex.line("the hits destroy the unit: it routs", c("RR-14, RR-22"));
                        BreakResult::Destroyed
                    } else {
                        ex.line("it survives the hits: it is broken", c("RR-14"));
                        if after.stands_removed > 0 {
                            out.check_again = true;
                            ex.line(
                                "it lost stands by breaking: it must next make a new Break Check",
                                c("RR-14"),
                            );
                        }
                        BreakResult::Broken
                    };
                    let mut a = after;
                    if destroyed {
                        a.destroyed = true;
                        a.unit.stands = 0;
                    }
                    out.after = Some(a);
                    r
                }
                BreakCause::LeaderHit => {
                    ex.line(
                        format!(
                            "failed: {} routs and is removed from play; nearby units must now attempt Break Checks",
                            self.unit.leader_named()
                        ),
                        c("RR-15"),
                    );
                    BreakResult::Routs
                }
                _ => {
                    ex.line(
                        "failed: the unit routs and is removed from play",
                        c("RR-13, RR-14"),
                    );
                    BreakResult::Routs
                }
            }
        };
        out.result = Some(result);
        out.explanation = ex;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces;

    fn house() -> House {
        crate::rules::System::RobertsRules.house_defaults()
    }

    fn unit(stands: u32, hits_lost: u32) -> Unit {
        Unit {
            name: "Crossbowmen".into(),
            av: 3,
            dv: 2,
            mav: 3,
            formed: true,
            stands_original: 10,
            stands,
            hits_lost,
            ..Unit::default()
        }
    }

    #[test]
    fn the_disrupted_cavalry_pass_on_8_and_a_captain_adds_one() {
        let mut u = unit(3, 2);
        u.disrupted = true;
        let o = MoraleCheck::plan(&u, &[], &house())
            .resolve(&faces(&[6, 2]).unwrap())
            .unwrap();
        assert_eq!((o.modifier, o.score, o.passed), (0, 8, true));
        u.captain_attached = true;
        let o = MoraleCheck::plan(&u, &[], &house())
            .resolve(&faces(&[4, 2]).unwrap())
            .unwrap();
        assert_eq!((o.modifier, o.score, o.passed), (1, 7, true));
    }

    #[test]
    fn a_failed_nearby_rout_check_costs_a_hit_per_stand_and_breaks_or_destroys() {
        let h = house();
        let s = BreakSituation::default();
        // 10 stands, 2 hits lost: 10 hits make 12 of 20, 2 beyond half: 2 stands lost, broken.
        let p = BreakCheck::plan(&unit(10, 2), BreakCause::NearbyRout, s, &[], &h);
        let o = p.resolve(&faces(&[1, 2]).unwrap(), &h).unwrap();
        assert_eq!(o.result, Some(BreakResult::Broken));
        assert_eq!(o.hits_taken, Some(10));
        let after = o.after.unwrap();
        assert_eq!((after.unit.stands, after.unit.hits_lost), (8, 12));
        assert!(o.check_again);
        // Demoralized: destroyed.
        let p = BreakCheck::plan(&unit(6, 14), BreakCause::NearbyRout, s, &[], &h);
        let o = p.resolve(&faces(&[1, 2]).unwrap(), &h).unwrap();
        assert_eq!(o.result, Some(BreakResult::Destroyed));
    }

    #[test]
    fn who_checks() {
        let h = house();
        let s = BreakSituation::default();
        let mut fanatic = unit(10, 0);
        fanatic.attributes.push(Attribute::Fanatic);
        assert!(!BreakCheck::plan(&fanatic, BreakCause::NearbyRout, s, &[], &h).required);
        let unformed_routed = BreakSituation {
            routed_unit_formed: false,
            ..s
        };
        assert!(
            !BreakCheck::plan(
                &unit(10, 0),
                BreakCause::NearbyRout,
                unformed_routed,
                &[],
                &h
            )
            .required
        );
        let checked = BreakSituation {
            checked_this_phase: true,
            ..s
        };
        assert!(!BreakCheck::plan(&unit(10, 0), BreakCause::NearbyRout, checked, &[], &h).required);
        assert!(
            BreakCheck::plan(&unit(10, 0), BreakCause::BrokenStandsLost, checked, &[], &h).required
        );
        assert!(!BreakCheck::plan(&unit(10, 0), BreakCause::StandsLost, s, &[], &h).required);
        let lost2 = BreakSituation {
            stands_lost_this_phase: 2,
            ..s
        };
        let p = BreakCheck::plan(&unit(8, 12), BreakCause::StandsLost, lost2, &[], &h);
        assert_eq!(total(&p.modifiers), -3, "-2 stands, -1 Demoralized");
    }
}
