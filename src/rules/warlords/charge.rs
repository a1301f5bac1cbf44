//! Charges (2.4.4): who may charge whom (1.7.2, 2.3.2, 2.4.4, W-30), how the
//! target may answer (counter-charge 2.4.4.2, evade 2.4.7, stand, shoot
//! 2.5.4), how far the charge goes (2.4.4.1, W-10), and what contact does
//! (2.4.1, W-25, W-28).

use super::shooting::may_shoot_before_contact;
use super::unit::{Formation, Morale, TroopType, Unit};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite, sec};

/// What the referee says of a charge declaration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChargeSituation {
    /// The charger was Halted by shooting this turn (2.4.1.1).
    pub charger_halted_this_turn: bool,
    /// The target was Halted by shooting this turn: no counter-charge (2.4.4.2).
    pub target_halted_this_turn: bool,
    /// The charge made contact (W-25).
    pub contact: bool,
    /// The target has activated this turn: counter-charging, evading and
    /// shooting would use up an activation it no longer has (2.4.4.2, 2.4.7, 2.4.4).
    pub target_activated: bool,
    /// The target is in Melee already: it may not move, so it neither
    /// counter-charges nor evades, and a unit in Melee does not shoot; it
    /// stands (2.6, 2.4.8).
    pub target_in_melee: bool,
}

/// How the target of a charge may answer it (2.4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Counter-charge (2.4.4.2).
    CounterCharge,
    /// Evade (2.4.7).
    Evade,
    /// Stand to receive it.
    Stand,
    /// Activate to shoot at the charger (2.5.4).
    Shoot,
}
named_enum!(Answer {
    "counter_charge" => Answer::CounterCharge,
    "evade" => Answer::Evade,
    "stand" => Answer::Stand,
    "shoot" => Answer::Shoot,
});

impl Answer {
    /// The answer in the rules' words, as the log and the screen say it.
    pub fn words(self) -> &'static str {
        match self {
            Answer::CounterCharge => "counter-charge", // 2.4.4.2
            Answer::Evade => "evade",                  // 2.4.7
            Answer::Stand => "stand",                  // 2.4.4
            Answer::Shoot => "shoot at the charger",   // 2.5.4
        }
    }
}

/// Why `unit` may not charge at all, if it may not (1.7.2, 2.3.1.4, 2.3.2,
/// 2.4.1.1, W-30). A Berserk unit's compulsory charge is always allowed.
pub fn may_charge(unit: &Unit, halted_this_turn: bool) -> Result<(), String> {
    let name = &unit.name;
    match unit.morale {
        Morale::Berserk => return Ok(()), // 2.4.10, W-30: Berserk units charge unformed
        Morale::Worn | Morale::Broken => {
            return Err(format!(
                "a {m} unit may not charge or counter-charge (1.7.2, W-30): {name} is {m}",
                m = unit.morale.title()
            ));
        }
        Morale::Dispersed => return Err(format!("{name} has left the table (1.7.4)")),
        Morale::Ready => {}
    }
    if halted_this_turn {
        return Err(format!(
            "{name} was Halted this turn and may not move until it has changed formation (2.4.1.1, W-30)"
        ));
    }
    match unit.formation {
        Formation::Unformed => Err(format!(
            "{name} is Unformed: only a Formed or Berserk unit may charge (2.3.2, W-30)"
        )),
        Formation::Hedgehog => Err(format!(
            "{name} is in Hedgehog, which may not move or charge (2.3.1.4)"
        )),
        _ => Ok(()),
    }
}

/// Why `unit` may not counter-charge, if it may not: Ready or Berserk, not
/// Halted by shooting this turn, Formed or Berserk (2.4.4.2, W-30).
pub fn may_counter_charge(unit: &Unit, halted_this_turn: bool) -> Result<(), String> {
    if halted_this_turn {
        return Err(format!(
            "{} was Halted by shooting this turn and may not counter-charge (2.4.4.2, W-30)",
            unit.name
        ));
    }
    may_charge(unit, false)
}

/// Why `unit` may not evade, if it may not: Light troops and Cavalry only
/// (2.4.7), Formed (2.3.2), not Broken (W-29).
pub fn may_evade(unit: &Unit) -> Result<(), String> {
    let ty = unit.troop_type;
    if !(ty.is_light() || ty == TroopType::Cavalry) {
        return Err(format!(
            "only Light troops and Cavalry may evade (2.4.7); {} are {}",
            unit.name,
            ty.title()
        ));
    }
    if unit.morale == Morale::Broken {
        return Err(format!(
            "{} is Broken and may not evade (2.2.2, 1.7.3, W-29)",
            unit.name
        ));
    }
    if !unit.is_formed() {
        return Err(format!(
            "{} is Unformed and may not evade (2.3.2)",
            unit.name
        ));
    }
    Ok(())
}

/// A charge declared: who charges whom, how far, and the target's answers.
#[derive(Clone, Debug)]
pub struct Charge<'a> {
    /// The charging unit.
    pub charger: &'a Unit,
    /// The unit charged.
    pub target: &'a Unit,
    /// The charge distance, by the formation the move starts in (2.4.4.1, W-10, W-28).
    pub spans: u32,
    /// The target's possible answers, in the order counter-charge, evade, stand, shoot;
    /// none for a Broken target, which flees (1.7.3, W-29).
    pub answers: Vec<Answer>,
    /// A Broken target flees again as the charger comes within 1 span (1.7.3).
    pub target_flees: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The evade move in the referee's words (2.4.7, W-10): how far, which
/// way, and how the evader ends facing.
pub fn evade_move(unit: &Unit) -> String {
    let facing = if unit.troop_type.is_skirmishers() {
        "as Skirmishers it may stop and turn 180° at the end"
    } else {
        "it ends facing the way it moved"
    };
    format!(
        "{} moves up to {} spans (its move, W-10) directly to its front or rear, away from the charger; {facing} (2.4.7)",
        unit.name,
        unit.move_distance()
    )
}

/// Why a target already in Melee may only stand (2.6, 2.4.8).
pub fn target_in_melee(target: &Unit) -> String {
    format!(
        "{} is in Melee: a unit in contact does not move, so it neither counter-charges nor evades, nor shoots; it leaves only by breaking off or falling back, and stands (2.6, 2.4.8)",
        target.name
    )
}

/// Why a target that has activated this turn may only stand (2.4.4.2, 2.4.7, 2.4.4).
pub fn target_has_activated(target: &Unit) -> String {
    format!(
        "{} has activated this turn: a counter-charge, an evade or a shot would use up the activation it no longer has; it stands (2.4.4.2, 2.4.7, 2.4.4)",
        target.name
    )
}

impl<'a> Charge<'a> {
    /// Declares `charger`'s charge at `target`, or says why the rules refuse it.
    pub fn declare(
        charger: &'a Unit,
        target: &'a Unit,
        s: ChargeSituation,
    ) -> Result<Self, RulesError> {
        may_charge(charger, s.charger_halted_this_turn).map_err(RulesError::refused)?;
        if target.morale == Morale::Dispersed || target.stands == 0 {
            return Err(RulesError::refused(format!(
                "{} has left the table and cannot be charged",
                target.name
            )));
        }
        if charger.troop_type.is_skirmishers() && !target.troop_type.is_skirmishers() {
            return Err(RulesError::refused(format!(
                "skirmishers may only charge skirmishers (2.4.4, W-30): {} are {}",
                target.name,
                target.troop_type.title()
            )));
        }
        let mut why = Explanation::default();
        why.line(
            format!(
                "{} ({}) may charge: {}",
                charger.name,
                charger.morale,
                if charger.morale == Morale::Berserk {
                    "a Berserk unit charges without a formation".to_string()
                } else {
                    format!("Formed ({})", charger.formation.title())
                }
            ),
            cite("2.4.4, 2.3.2", "W-30"),
        );
        let spans = charger.charge_distance();
        why.line(
            format!(
                "charge distance {} + {} = {spans} spans, by the formation it starts in ({})",
                charger.move_distance(),
                charger.charge_bonus(),
                charger.formation.title()
            ),
            cite("2.4.4.1", "W-10, W-28"),
        );
        let mut answers = Vec::new();
        let mut refused = Vec::new();
        // A counter-charge is a charge: skirmishers only meet skirmishers (2.4.4).
        let counter = may_counter_charge(target, s.target_halted_this_turn).and_then(|()| {
            if target.troop_type.is_skirmishers() && !charger.troop_type.is_skirmishers() {
                Err(format!(
                    "skirmishers may only charge skirmishers (2.4.4): {} may not counter-charge",
                    target.name
                ))
            } else {
                Ok(())
            }
        });
        // 2.4.4.2, 2.4.7, 2.4.4: each of these answers uses up the target's
        // activation; one that has activated this turn may only stand.
        let spent = if s.target_in_melee {
            Err(target_in_melee(target))
        } else if s.target_activated {
            Err(target_has_activated(target))
        } else {
            Ok(())
        };
        match spent.clone().and(counter) {
            Ok(()) => answers.push(Answer::CounterCharge),
            Err(e) => refused.push(e),
        }
        match spent.clone().and_then(|()| may_evade(target)) {
            Ok(()) => answers.push(Answer::Evade),
            Err(e) => refused.push(e),
        }
        // 1.7.3, W-29: a Broken target flees as the charger comes within 1
        // span; it does not stand (nor evade, counter-charge or shoot).
        let target_flees = target.morale == Morale::Broken;
        if !target_flees {
            answers.push(Answer::Stand);
        }
        // 2.5.4: the target may activate to shoot at the charger, unless Berserk or Broken.
        match spent
            .clone()
            .and_then(|()| may_shoot_before_contact(target))
        {
            Ok(()) => answers.push(Answer::Shoot),
            Err(e) => refused.push(e),
        }
        refused.dedup();
        if target_flees {
            why.line(
                format!(
                    "{} is Broken and does not answer: it flees again as soon as the charger comes within 1 span",
                    target.name
                ),
                cite("1.7.3", "W-29"),
            );
        } else {
            let shown: Vec<&str> = answers.iter().map(|a| a.words()).collect();
            why.line(
                format!("{} may answer: {}", target.name, shown.join(", ")),
                cite("2.4.4, 2.4.4.2, 2.4.7, 2.5.4", "W-29, W-30"),
            );
        }
        for r in refused {
            why.line(format!("  not: {r}"), sec("2.4.4"));
        }
        Ok(Charge {
            charger,
            target,
            spans,
            answers,
            target_flees,
            explanation: why,
        })
    }

    /// Both units once the charge has made contact: the charger (and a
    /// counter-charging target) stop and are in Melee (2.4.1, W-25); a
    /// Shieldwall left on charging stays left (W-28).
    pub fn contact(&self, why: &mut Explanation) -> (Unit, Unit) {
        let mut charger = self.charger.clone();
        leave_shieldwall(&mut charger);
        charger.moving = false;
        let mut target = self.target.clone();
        target.moving = false;
        why.line(
            format!(
                "{} makes contact with {}: it stops, and both are in Melee",
                self.charger.name, self.target.name
            ),
            cite("2.4.1", "W-25"),
        );
        (charger, target)
    }
}

/// Whether a unit that charged (or counter-charged) into contact this turn
/// still counts as a charging unit in the Melee: not once it was Halted on
/// the way (2.4.4.1), nor a counter-charger whose charger was Halted
/// (2.4.4.2); either fights "as if it stood to receive the attack".
pub fn counts_as_charging(halted: bool, counter_charge: bool, charger_halted: bool) -> bool {
    !(halted || (counter_charge && charger_halted))
}

/// How a charge moves once the target has answered and any shots at the
/// charger are done (2.4.4.1, 2.4.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargeMove {
    /// The charger's random move of its charge distance (2.4.4.1, 2.4.9).
    Charge {
        /// Dice: one per span of the charge distance.
        spans: u32,
    },
    /// A counter-charge that succeeded: the two meet halfway, no move is rolled (2.4.4.2).
    MeetHalfway,
    /// The charger was Halted: it makes a Random Move past the point it was
    /// Halted, and no longer counts as charging if it reaches the enemy (2.4.4.1).
    Halted {
        /// Dice: the charge move's own, one per span of its charge distance.
        spans: u32,
    },
    /// The charger was Halted: the counter-charger completes its movement as
    /// a Random Move out to its maximum distance, and no longer counts as
    /// charging if it reaches the charger (2.4.4.2).
    CounterChargerOn {
        /// Dice: one per span of its move, with no charge bonus (2.4.4.2, W-10).
        spans: u32,
    },
}

impl ChargeMove {
    /// Works out the move: `spans` is the declared charge distance; `counter`
    /// is the target when its counter-charge succeeded (or went Berserk).
    pub fn of(spans: u32, charger_halted: bool, counter: Option<&Unit>) -> ChargeMove {
        match (counter, charger_halted) {
            (Some(_), false) => ChargeMove::MeetHalfway,
            // 2.4.4.2, W-10: counter-charges get no extra movement.
            (Some(c), true) => ChargeMove::CounterChargerOn {
                spans: c.move_distance().max(1),
            },
            (None, true) => ChargeMove::Halted { spans },
            (None, false) => ChargeMove::Charge { spans },
        }
    }

    /// Whether the counter-charger, not the charger, moves.
    pub fn by_counter_charger(self) -> bool {
        matches!(self, ChargeMove::CounterChargerOn { .. })
    }

    /// The dice of the random move, if one is rolled.
    pub fn spans(self) -> Option<u32> {
        match self {
            ChargeMove::Charge { spans }
            | ChargeMove::Halted { spans }
            | ChargeMove::CounterChargerOn { spans } => Some(spans),
            ChargeMove::MeetHalfway => None,
        }
    }
}

/// A Shieldwall that charges, counter-charges, moves, evades or flees is in
/// Line with the same files (2.3.1.2, W-28).
pub fn leave_shieldwall(unit: &mut Unit) -> bool {
    if unit.formation == Formation::Shieldwall {
        unit.formation = Formation::Line;
        true
    } else {
        false
    }
}

/// Pavises deployed are lost when the unit moves, recoils or flees (3.3.3.4).
pub fn lose_pavises(unit: &mut Unit) -> bool {
    if unit.pavises_deployed {
        unit.pavises_deployed = false;
        unit.pavises_lost = true;
        true
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knights() -> Unit {
        let mut k = Unit::new("Knights", TroopType::Cavalry, 4);
        k.armour = -1;
        k
    }

    #[test]
    fn worn_unformed_and_halted_units_may_not_charge() {
        let mut u = knights();
        assert!(may_charge(&u, false).is_ok());
        u.morale = Morale::Worn;
        assert!(may_charge(&u, false).unwrap_err().contains("1.7.2"));
        u.morale = Morale::Ready;
        u.formation = Formation::Unformed;
        assert!(may_charge(&u, false).unwrap_err().contains("2.3.2"));
        u.formation = Formation::Line;
        assert!(may_charge(&u, true).unwrap_err().contains("2.4.1.1"));
        u.morale = Morale::Berserk;
        u.formation = Formation::Unformed;
        assert!(may_charge(&u, true).is_ok(), "W-30: the Berserk charge");
        assert!(
            may_counter_charge(&u, true).is_err(),
            "2.4.4.2: not after being Halted"
        );
    }

    #[test]
    fn skirmishers_charge_only_skirmishers() {
        let sk = Unit::new("Javelinmen", TroopType::FootSkirmishers, 3);
        let foot = Unit::new("Fyrd", TroopType::CloseFoot, 8);
        let e = Charge::declare(&sk, &foot, ChargeSituation::default()).unwrap_err();
        assert!(e.to_string().contains("2.4.4"), "{e}");
        let other = Unit::new("Slingers", TroopType::FootSkirmishers, 3);
        let c = Charge::declare(&sk, &other, ChargeSituation::default()).unwrap();
        assert_eq!(
            c.answers,
            vec![Answer::CounterCharge, Answer::Evade, Answer::Stand]
        );
        let c = Charge::declare(&foot, &other, ChargeSituation::default()).unwrap();
        assert_eq!(
            c.answers,
            vec![Answer::Evade, Answer::Stand],
            "skirmishers may not counter-charge foot"
        );
    }

    #[test]
    fn a_halted_charger_and_its_counter_charger_no_longer_count_as_charging() {
        assert!(counts_as_charging(false, false, false));
        assert!(!counts_as_charging(true, false, true), "2.4.4.1");
        assert!(!counts_as_charging(false, true, true), "2.4.4.2");
        assert!(counts_as_charging(false, true, false), "they met halfway");
        let mut foot = Unit::new("Men-at-arms", TroopType::CloseFoot, 8);
        foot.files = 4;
        assert_eq!(
            ChargeMove::of(7, false, None),
            ChargeMove::Charge { spans: 7 }
        );
        assert_eq!(
            ChargeMove::of(7, true, None),
            ChargeMove::Halted { spans: 7 }
        );
        assert_eq!(
            ChargeMove::of(7, false, Some(&foot)),
            ChargeMove::MeetHalfway
        );
        assert_eq!(
            ChargeMove::of(7, true, Some(&foot)),
            ChargeMove::CounterChargerOn { spans: 2 },
            "its move, no charge bonus (2.4.4.2, W-10)"
        );
    }

    #[test]
    fn answers_and_contact() {
        let k = knights();
        let mut sw = Unit::new("Housecarls", TroopType::CloseFoot, 8);
        sw.files = 4;
        let c = Charge::declare(&k, &sw, ChargeSituation::default()).unwrap();
        assert_eq!(c.spans, 7);
        assert_eq!(c.answers, vec![Answer::CounterCharge, Answer::Stand]);
        // The answers are said in the rules' words, never as identifiers
        // (a playing found `counter_charge` in the log browser).
        let said = c.explanation.to_string();
        assert!(said.contains("may answer: counter-charge, stand"), "{said}");
        assert!(!said.contains("counter_charge"), "{said}");
        let mut moving = k.clone();
        moving.moving = true;
        let c = Charge::declare(&moving, &sw, ChargeSituation::default()).unwrap();
        let (a, _) = c.contact(&mut Explanation::default());
        assert!(!a.moving, "W-25");
        let mut broken = sw.clone();
        broken.morale = Morale::Broken;
        let c = Charge::declare(&k, &broken, ChargeSituation::default()).unwrap();
        // 1.7.3, W-29: it flees; it does not stand, evade or shoot.
        assert_eq!(c.answers, vec![]);
        assert!(c.target_flees, "1.7.3");
        let said = c.explanation.to_string();
        assert!(!said.contains("may answer"), "{said}");
        assert!(said.contains("does not answer"), "{said}");
    }
}
