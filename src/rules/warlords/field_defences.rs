//! Field defences a moving unit runs into (3.3.3): stakes stop it unless it
//! passes an activation test while charging, and then attack it as a single
//! rank of Pike (3.3.3.3); tabors and berms stop it (3.3.3.1, 3.3.3.2).
//! Their heavy cover is told with the stands shot at (2.5.3 C.2, W-14).

use super::activation::{Activation, ActivationOutcome, ActivationSituation};
use super::counted::TwoHighest;
use super::unit::{Morale, Unit};
use crate::dice::{Dice, DiceCount};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite, sec};

/// A field defence in a unit's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Defence {
    /// The sharp side of a line of stakes (3.3.3.3).
    Stakes,
    /// A tabor of wagons (3.3.3.1).
    Tabor,
    /// A berm (3.3.3.2).
    Berm,
}
named_enum!(Defence {
    "stakes" => Defence::Stakes,
    "tabor" => Defence::Tabor,
    "berm" => Defence::Berm,
});

/// A unit reaching a field defence: what it rolls and what happens.
#[derive(Clone, Debug)]
pub struct ReachDefence<'a> {
    /// The unit moving into it.
    pub unit: &'a Unit,
    /// What it reaches.
    pub defence: Defence,
    /// It is charging (or counter-charging).
    pub charging: bool,
    /// The activation test of a charger at the stakes (3.3.3.3).
    pub test: Option<Activation<'a>>,
}

/// What reaching a field defence came to.
#[derive(Clone, Debug)]
pub struct DefenceOutcome {
    /// The unit goes on (through the stakes); otherwise it stops there.
    pub goes_on: bool,
    /// The activation test at the stakes, when one was rolled.
    pub test: Option<ActivationOutcome>,
    /// The stakes' score as a single rank of Pike, when they attack.
    pub attack_score: Option<i32>,
    /// Casualty figures the stakes put on it (W-17).
    pub casualties: u32,
    /// The unit after.
    pub unit: Unit,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// White dice of the stakes' attack: 2, plus 1 for their one rank of Pike (2.6.1 A, W-16).
const STAKES_DICE: usize = 3;

impl<'a> ReachDefence<'a> {
    /// States what reaching `defence` needs.
    pub fn plan(unit: &'a Unit, defence: Defence, charging: bool) -> Result<Self, RulesError> {
        let berserk = unit.morale == Morale::Berserk;
        let test = if defence == Defence::Stakes && charging && !berserk {
            let s = ActivationSituation {
                charging: true,
                ..ActivationSituation::default()
            };
            Some(Activation::plan(unit, s)?)
        } else {
            None
        };
        Ok(ReachDefence {
            unit,
            defence,
            charging,
            test,
        })
    }

    /// Whether the stakes attack: a Berserk unit always, a charger that passed its test (3.3.3.3).
    fn attacked(&self, passed: bool) -> bool {
        self.defence == Defence::Stakes && (self.unit.morale == Morale::Berserk || passed)
    }

    /// The dice needed given those rolled: the charger's activation test
    /// first, then 3 for the stakes' attack if they attack.
    pub fn needs(&self, rolled: &Dice) -> DiceCount {
        let test = self.test.as_ref().map_or(0, |t| t.needs().white);
        let passed = match &self.test {
            Some(t) if rolled.white.len() >= test => {
                let read = TwoHighest::of(&rolled.white[..test]);
                t.score(read.sum) > t.width as i32
            }
            _ => false,
        };
        let attack = if self.attacked(passed) {
            STAKES_DICE
        } else {
            0
        };
        DiceCount::white(test + attack)
    }

    /// The stakes' score for a roll whose two highest dice make `two_highest`:
    /// the unit's armour (W-16) and +2 for Pike fighting a unit in front (2.6.1 B).
    pub fn attack_score(&self, two_highest: u32) -> i32 {
        (two_highest as i32 + self.unit.armour_with_shield() + 2).max(0)
    }

    /// Turns the dice into the outcome.
    pub fn resolve(&self, dice: &Dice) -> Result<DefenceOutcome, RulesError> {
        dice.expect_exactly(self.needs(dice)).map_err(|e| {
            RulesError::dice(e, "a charger at the stakes rolls its activation test (2 white plus 1 per champion); the stakes attack with 3 white dice as a single rank of Pike (3.3.3.3)")
        })?;
        let mut why = Explanation::default();
        let mut unit = self.unit.clone();
        let name = &self.unit.name;
        let berserk = self.unit.morale == Morale::Berserk;
        if self.defence != Defence::Stakes {
            unit.moving = false;
            let (what, cited) = match self.defence {
                Defence::Tabor => (
                    "A unit stops on moving into contact with a tabor",
                    "3.3.3.1",
                ),
                _ => (
                    "A berm is a linear obstacle and stops all charges",
                    "3.3.3.2",
                ),
            };
            why.line(format!("{what}: {name} stops there"), sec(cited));
            return Ok(DefenceOutcome {
                goes_on: false,
                test: None,
                attack_score: None,
                casualties: 0,
                unit,
                explanation: why,
            });
        }
        let n = self.test.as_ref().map_or(0, |t| t.needs().white);
        let test = match &self.test {
            Some(t) => {
                let out = t.resolve(&Dice {
                    white: dice.white[..n].to_vec(),
                    ..Dice::default()
                })?;
                why.line(
                    format!("{name} charges at the sharp side of the stakes: it goes on only if it passes an activation test"),
                    sec("3.3.3.3"),
                );
                why.extend(out.explanation.clone());
                out.apply(&mut unit); // 2.2: an activation is also a morale check (W-5)
                Some(out)
            }
            None => None,
        };
        let passed = test.as_ref().is_some_and(|t| t.success);
        let goes_on = berserk || passed;
        if berserk {
            why.line(
                format!("{name} is Berserk: it crosses the stakes without stopping and suffers their attack"),
                sec("3.3.3.3"),
            );
        } else if !goes_on {
            unit.moving = false;
            why.line(
                if self.charging {
                    format!("{name} failed the test: it stops at the stakes")
                } else {
                    format!("{name} is moving, not charging: it stops at the stakes")
                },
                sec("3.3.3.3"),
            );
        }
        let (mut attack_score, mut casualties) = (None, 0);
        if self.attacked(passed) {
            let read = TwoHighest::of(&dice.white[n..]);
            let score = self.attack_score(read.sum);
            let width = unit.width().max(1);
            casualties = score as u32 / width;
            unit.casualties += casualties;
            let shown: Vec<String> = dice.white[n..].iter().map(|d| d.to_string()).collect();
            why.line(
                format!(
                    "the stakes attack as a single rank of Pike: rolled {}, the two highest make {}, {:+} {} armour, +2 Pike: score {score}",
                    shown.join(" "),
                    read.sum,
                    self.unit.armour_with_shield(),
                    crate::rules::explain::possessive(name)
                ),
                cite("3.3.3.3, 2.6.1", "W-16"),
            );
            why.line(
                format!("{score} / width {width} = {casualties} casualty figure(s) on {name}"),
                cite("2.6.1 C", "W-17"),
            );
            attack_score = Some(score);
        }
        Ok(DefenceOutcome {
            goes_on,
            test,
            attack_score,
            casualties,
            unit,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlords::unit::TroopType;

    fn knights() -> Unit {
        let mut k = Unit::new("Knights", TroopType::Cavalry, 4);
        k.armour = -1;
        k.shield = true;
        k.moving = true;
        k
    }

    #[test]
    fn a_charger_tests_then_the_stakes_attack() {
        let k = knights();
        let r = ReachDefence::plan(&k, Defence::Stakes, true).unwrap();
        assert_eq!(r.needs(&Dice::default()).white, 2);
        let pass = Dice::white(&[6, 5]).unwrap();
        assert_eq!(r.needs(&pass).white, 5, "3 more for the stakes");
        let out = r.resolve(&Dice::white(&[6, 5, 6, 5, 1]).unwrap()).unwrap();
        assert!(out.goes_on);
        // 6 + 5 = 11, -2 knights' armour and shield, +2 Pike = 11; 11 / 4 = 2.
        assert_eq!(out.attack_score, Some(11));
        assert_eq!(out.casualties, 2);
        let fail = r.resolve(&Dice::white(&[1, 2]).unwrap()).unwrap();
        assert!(!fail.goes_on && !fail.unit.moving && fail.casualties == 0);
    }

    #[test]
    fn a_mover_stops_and_a_berserker_suffers() {
        let k = knights();
        let r = ReachDefence::plan(&k, Defence::Stakes, false).unwrap();
        let out = r.resolve(&Dice::default()).unwrap();
        assert!(!out.goes_on && !out.unit.moving);
        let mut b = knights();
        b.morale = Morale::Berserk;
        let r = ReachDefence::plan(&b, Defence::Stakes, true).unwrap();
        assert_eq!(r.needs(&Dice::default()).white, 3);
        let out = r.resolve(&Dice::white(&[3, 3, 3]).unwrap()).unwrap();
        assert!(out.goes_on);
        // 3 + 3 = 6, -2 the knights' armour and shield, +2 Pike = 6; 6 / 4 = 1.
        assert_eq!(out.attack_score, Some(6));
        assert_eq!(out.casualties, 1);
    }

    #[test]
    fn tabors_and_berms_stop_a_unit() {
        let k = knights();
        for d in [Defence::Tabor, Defence::Berm] {
            let out = ReachDefence::plan(&k, d, true)
                .unwrap()
                .resolve(&Dice::default())
                .unwrap();
            assert!(!out.goes_on && !out.unit.moving, "{d}");
        }
    }
}
