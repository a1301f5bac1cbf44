//! Action Rolls (RR-5 to RR-11, RR-20): two dice and the unit's modifiers
//! against 8; some Actions are automatic; one failure ends the unit's
//! Actions for the phase.

use super::house::{AFTER_FAILURE, MISSILE_FIRE_AUTO};
use super::unit::{Attribute, Training, Unit};
use super::{Named, demoralized_modifier, house_lines, referee_modifiers, two_dice};
use crate::dice::Die;
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::house::House;

/// The threshold of an Action Roll (RR-6).
pub const THRESHOLD: i32 = 8;

/// The Actions the text names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Movement: Action Phase only (RR-5).
    Movement,
    /// Stop: automatic for Regular and Elite units (RR-10).
    Stop,
    /// About Face: automatic for Swift units (RR-10).
    AboutFace,
    /// Change Face.
    ChangeFace,
    /// Retrograde: Elite only, Action Phase only (RR-5, RR-10).
    Retrograde,
    /// Change Formation.
    ChangeFormation,
    /// Countercharge: Shock or Eager units, Reaction Phase only (RR-5, RR-10).
    Countercharge,
    /// Countermand a charge.
    Countermand,
    /// Set against a charge.
    Set,
    /// Missile Fire (RR-11).
    MissileFire,
    /// Pursuit after a Push Back (RR-20).
    Pursuit,
    /// A Skirmisher's Withdrawal: failure loses the stand (RR-10).
    Withdrawal,
    /// A Vulnerable stand's retreat: failure retreats half (RR-10, RR-20).
    VulnerableRetreat,
}
named_enum!(Action {
    "movement" => Action::Movement,
    "stop" => Action::Stop,
    "about_face" => Action::AboutFace,
    "change_face" => Action::ChangeFace,
    "retrograde" => Action::Retrograde,
    "change_formation" => Action::ChangeFormation,
    "countercharge" => Action::Countercharge,
    "countermand" => Action::Countermand,
    "set" => Action::Set,
    "missile_fire" => Action::MissileFire,
    "pursuit" => Action::Pursuit,
    "withdrawal" => Action::Withdrawal,
    "vulnerable_retreat" => Action::VulnerableRetreat,
});

/// The five phases of a half-turn (RR-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Phase {
    /// The Acting player moves, maneuvers and declares charges.
    #[default]
    Action,
    /// The Reacting player countercharges, changes face or formation, fires, Sets.
    Reaction,
    /// The Acting player fires and Sets.
    Assault,
    /// Charges and countercharges advance.
    Charge,
    /// Every stand in contact attacks.
    Combat,
}
named_enum!(Phase {
    "action" => Phase::Action,
    "reaction" => Phase::Reaction,
    "assault" => Phase::Assault,
    "charge" => Phase::Charge,
    "combat" => Phase::Combat,
});

/// What the referee says of the unit's phase so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSituation {
    /// A General in command range gives his free Action (RR-10).
    pub general_free_action: bool,
    /// This is the unit's first Action this phase.
    pub first_action_this_phase: bool,
    /// The unit has failed an Action Roll this phase (RR-9).
    pub failed_this_phase: bool,
    /// The unit made a Breakthrough (RR-5).
    pub breakthrough: bool,
    /// The enemy pushed back could not retreat (Pursuit is automatic, RR-20).
    pub enemy_could_not_retreat: bool,
}

impl Default for ActionSituation {
    fn default() -> Self {
        ActionSituation {
            general_free_action: false,
            first_action_this_phase: true,
            failed_this_phase: false,
            breakthrough: false,
            enemy_could_not_retreat: false,
        }
    }
}

/// What an Action came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionResult {
    /// The Action is done.
    Done,
    /// The roll failed: no further Actions this phase (RR-9).
    Failed,
    /// A failed Withdrawal: the Skirmisher stand is lost (RR-10).
    SkirmisherLost,
    /// A failed Vulnerable retreat: half the distance (RR-10, RR-20).
    HalfRetreat,
}
named_enum!(ActionResult {
    "done" => ActionResult::Done,
    "failed" => ActionResult::Failed,
    "skirmisher_lost" => ActionResult::SkirmisherLost,
    "half_retreat" => ActionResult::HalfRetreat,
});

/// An Action Roll planned: automatic, or two dice against 8 with these modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRoll {
    /// The Action.
    pub action: Action,
    /// No roll is made.
    pub automatic: bool,
    /// The modifiers of the roll.
    pub modifiers: Vec<Modifier>,
    /// Why it is automatic, or the lines so far.
    pub explanation: Explanation,
}

/// An Action's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionOutcome {
    /// No roll was made.
    pub automatic: bool,
    /// The total modifier.
    pub modifier: i32,
    /// The modified score (none when automatic).
    pub score: Option<i32>,
    /// Whether the Action succeeded.
    pub success: bool,
    /// What it came to.
    pub result: ActionResult,
    /// The lines that made it.
    pub explanation: Explanation,
}

const SEC: &str = "Sequence of Play";

impl ActionRoll {
    /// Plans `action` for `unit` in `phase`: refuses what the phase or the
    /// unit does not allow, says when it is automatic, and lists the
    /// roll's modifiers.
    pub fn plan(
        unit: &Unit,
        action: Action,
        phase: Phase,
        situation: ActionSituation,
        referee: &[Named],
        house: &House,
    ) -> Result<ActionRoll, RulesError> {
        let mut ex = Explanation::default();
        let refuse = |why: String| Err(RulesError::refused(why));
        // RR-5: phase limits.
        match action {
            Action::Movement | Action::Retrograde
                if phase != Phase::Action && !situation.breakthrough =>
            {
                return refuse(format!(
                    "{} is allowed only in the Action Phase (or after a Breakthrough), not the {} Phase (RR-5)",
                    action_words(action),
                    phase_words(phase)
                ));
            }
            Action::Countercharge if phase != Phase::Reaction => {
                return refuse(format!(
                    "a Countercharge is attempted only in the Reaction Phase, not the {} Phase (RR-5)",
                    phase_words(phase)
                ));
            }
            Action::MissileFire if !matches!(phase, Phase::Reaction | Phase::Assault) => {
                return refuse(format!(
                    "Missile Fire occurs in the Reaction and Assault Phases, not the {} Phase (RR-4, RR-11)",
                    phase_words(phase)
                ));
            }
            _ => {}
        }
        // RR-10: who may attempt what.
        if action == Action::Retrograde && unit.training != Training::Elite {
            return refuse(format!(
                "{} is not Elite: only Elite units may attempt Retrograde (RR-10)",
                unit.name
            ));
        }
        if action == Action::Countercharge
            && !unit.has(Attribute::Shock)
            && !unit.has(Attribute::Eager)
        {
            return refuse(format!(
                "{} is neither Shock nor Eager: only Shock and Eager units may countercharge (RR-10)",
                unit.name
            ));
        }
        if situation.general_free_action && !situation.first_action_this_phase {
            return refuse(format!(
                "the General's free Action must be {}'s first Action this phase (RR-10); roll for it instead",
                unit.name
            ));
        }
        // RR-10, RR-11: automatic Actions.
        let auto = automatic(unit, action, phase, situation, house);
        // RR-9: one failure ends the phase.
        if situation.failed_this_phase {
            let no_rolls = house.word(&AFTER_FAILURE) == "no_rolls";
            if !(no_rolls && auto.is_some()) {
                return refuse(format!(
                    "{} failed an Action Roll this phase: {} (RR-9)",
                    unit.name,
                    if no_rolls {
                        "it may attempt no further rolls in this phase"
                    } else {
                        "no further Actions may be attempted in this phase"
                    }
                ));
            }
            house_lines(house, &[&AFTER_FAILURE], &mut ex);
        }
        let mut modifiers = Vec::new();
        let c = |r: &str| cite(SEC, r);
        if unit.training == Training::Elite {
            modifiers.push(Modifier::new(1, "Elite", c("RR-7")));
        }
        if unit.has(Attribute::Swift) {
            modifiers.push(Modifier::new(1, "Swift", c("RR-7")));
        }
        if unit.captain_attached {
            // RR-7: a General has the same effect as a Captain for his unit.
            modifiers.push(Modifier::new(1, unit.leader_words(), c("RR-7")));
        }
        if unit.training == Training::Militia {
            modifiers.push(Modifier::new(-1, "Militia", c("RR-7")));
        }
        if unit.disrupted {
            modifiers.push(Modifier::new(-1, "Disrupted", c("RR-7, RR-17")));
        }
        if unit.mounted && action == Action::Pursuit {
            modifiers.push(Modifier::new(
                1,
                "mounted unit attempting to Pursue",
                c("RR-7"),
            ));
        }
        modifiers.extend(demoralized_modifier(unit, house));
        modifiers.extend(referee_modifiers(referee));
        if let Some((why, rule)) = &auto {
            ex.line(
                format!(
                    "{} for {}: automatic, {why}",
                    action_words(action),
                    unit.name
                ),
                cite(SEC, rule),
            );
            if action == Action::MissileFire {
                house_lines(house, &[&MISSILE_FIRE_AUTO], &mut ex);
            }
        } else {
            ex.line(
                format!(
                    "{} for {}: an Action Roll, two dice, 8 or more succeeds",
                    action_words(action),
                    unit.name
                ),
                cite(SEC, "RR-6"),
            );
            ex.modifiers(&modifiers);
        }
        Ok(ActionRoll {
            action,
            automatic: auto.is_some(),
            modifiers,
            explanation: ex,
        })
    }

    /// The dice it needs: none when automatic, else two.
    pub fn needs(&self) -> usize {
        if self.automatic { 0 } else { 2 }
    }

    /// The total modifier.
    pub fn modifier(&self) -> i32 {
        total(&self.modifiers)
    }

    /// The outcome from the dice (none when automatic; any given are not used).
    pub fn resolve(&self, dice: &[Die]) -> Result<ActionOutcome, RulesError> {
        let mut ex = self.explanation.clone();
        let modifier = self.modifier();
        if self.automatic {
            return Ok(ActionOutcome {
                automatic: true,
                modifier,
                score: None,
                success: true,
                result: ActionResult::Done,
                explanation: ex,
            });
        }
        let sum = i32::from(two_dice(dice, "an Action Roll")?);
        let score = sum + modifier;
        let success = score >= THRESHOLD;
        let result = match (success, self.action) {
            (true, _) => ActionResult::Done,
            (false, Action::Withdrawal) => ActionResult::SkirmisherLost,
            (false, Action::VulnerableRetreat) => ActionResult::HalfRetreat,
            (false, _) => ActionResult::Failed,
        };
        ex.line(
            format!(
                "{sum} {modifier:+} = {score}: {}",
                if success {
                    "8 or more, success"
                } else {
                    "under 8, failed"
                }
            ),
            cite(SEC, "RR-6"),
        );
        match result {
            ActionResult::Failed => ex.line(
                "no further Actions for this unit this phase",
                cite(SEC, "RR-9"),
            ),
            ActionResult::SkirmisherLost => ex.line(
                "the Withdrawal failed: the Skirmisher stand is lost",
                cite("Skirmishers", "RR-10"),
            ),
            ActionResult::HalfRetreat => ex.line(
                "the Vulnerable stand retreats only half the distance",
                cite("Melee Combat", "RR-10, RR-20"),
            ),
            ActionResult::Done => {}
        }
        Ok(ActionOutcome {
            automatic: false,
            modifier,
            score: Some(score),
            success,
            result,
            explanation: ex,
        })
    }
}

/// Why an Action is automatic, with its ruling, or `None` when it is rolled.
fn automatic(
    unit: &Unit,
    action: Action,
    phase: Phase,
    situation: ActionSituation,
    house: &House,
) -> Option<(String, &'static str)> {
    if situation.general_free_action {
        return Some(("the General's free Action".into(), "RR-10"));
    }
    match action {
        Action::Stop if unit.training != Training::Militia => Some((
            "Stopping is automatic for Regular and Elite units".into(),
            "RR-10",
        )),
        Action::AboutFace if unit.has(Attribute::Swift) => Some((
            "Swift units automatically succeed at About Face".into(),
            "RR-10",
        )),
        Action::Pursuit if situation.enemy_could_not_retreat => {
            Some(("the enemy could not retreat".into(), "RR-10, RR-20"))
        }
        Action::MissileFire => {
            let formed = if unit.formed { "Formed" } else { "Unformed" };
            // RR-11: the house option's reading of the text and its example.
            let auto = matches!(
                (house.word(&MISSILE_FIRE_AUTO), phase, unit.formed),
                ("text_assault", Phase::Assault, true)
                    | ("text_assault", Phase::Reaction, false)
                    | ("reaction_formed", Phase::Reaction, true)
                    | ("reaction_formed", Phase::Assault, false)
                    | ("reaction_all", Phase::Reaction, _)
            );
            auto.then(|| {
                (
                    format!("{formed} troops firing in the {} Phase", phase_words(phase)),
                    "RR-11",
                )
            })
        }
        _ => None,
    }
}

/// An Action in words.
pub fn action_words(a: Action) -> &'static str {
    match a {
        Action::Movement => "a Movement Action",
        Action::Stop => "a Stop Action",
        Action::AboutFace => "an About Face",
        Action::ChangeFace => "a Change Face",
        Action::Retrograde => "a Retrograde",
        Action::ChangeFormation => "a Change Formation",
        Action::Countercharge => "a Countercharge",
        Action::Countermand => "a Countermand",
        Action::Set => "a Set Action",
        Action::MissileFire => "Missile Fire",
        Action::Pursuit => "a Pursuit",
        Action::Withdrawal => "a Withdrawal",
        Action::VulnerableRetreat => "a Vulnerable stand's retreat",
    }
}

/// A phase's name as the text writes it.
pub fn phase_words(p: Phase) -> &'static str {
    match p {
        Phase::Action => "Action",
        Phase::Reaction => "Reaction",
        Phase::Assault => "Assault",
        Phase::Charge => "Charge",
        Phase::Combat => "Combat",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces;

    fn spearmen() -> Unit {
        Unit {
            name: "Militia spearmen".into(),
            av: 5,
            dv: 4,
            formed: true,
            training: Training::Militia,
            attributes: vec![Attribute::Swift, Attribute::Impetuous],
            captain_attached: true,
            stands_original: 9,
            stands: 9,
            ..Unit::default()
        }
    }

    fn house() -> House {
        crate::rules::System::RobertsRules.house_defaults()
    }

    #[test]
    fn the_spearmen_move_on_9_and_fail_to_stop_on_6() {
        let u = spearmen();
        let s = ActionSituation::default();
        let p = ActionRoll::plan(&u, Action::Movement, Phase::Action, s, &[], &house()).unwrap();
        assert_eq!(p.modifier(), 1);
        let o = p.resolve(&faces(&[5, 3]).unwrap()).unwrap();
        assert_eq!((o.score, o.success), (Some(9), true));
        let p = ActionRoll::plan(&u, Action::Stop, Phase::Action, s, &[], &house()).unwrap();
        assert!(!p.automatic, "Militia: Stop is rolled");
        let o = p.resolve(&faces(&[2, 3]).unwrap()).unwrap();
        assert_eq!((o.score, o.result), (Some(6), ActionResult::Failed));
        let failed = ActionSituation {
            failed_this_phase: true,
            ..s
        };
        assert!(ActionRoll::plan(&u, Action::Stop, Phase::Action, failed, &[], &house()).is_err());
    }

    #[test]
    fn after_failure_no_rolls_still_allows_an_automatic_action() {
        let mut u = spearmen();
        u.training = Training::Regular;
        let s = ActionSituation {
            failed_this_phase: true,
            ..ActionSituation::default()
        };
        let mut h = house();
        assert!(ActionRoll::plan(&u, Action::Stop, Phase::Action, s, &[], &h).is_err());
        h.set(
            &AFTER_FAILURE,
            crate::rules::house::HouseValue::Word("no_rolls"),
        )
        .unwrap();
        let p = ActionRoll::plan(&u, Action::Stop, Phase::Action, s, &[], &h).unwrap();
        assert!(p.automatic);
        assert!(ActionRoll::plan(&u, Action::Movement, Phase::Action, s, &[], &h).is_err());
    }

    #[test]
    fn phase_and_unit_limits_are_refused() {
        let u = spearmen();
        let s = ActionSituation::default();
        let h = house();
        assert!(ActionRoll::plan(&u, Action::Movement, Phase::Reaction, s, &[], &h).is_err());
        assert!(ActionRoll::plan(&u, Action::Retrograde, Phase::Action, s, &[], &h).is_err());
        // Impetuous is automatically Eager: it may countercharge, in the Reaction Phase only.
        assert!(ActionRoll::plan(&u, Action::Countercharge, Phase::Reaction, s, &[], &h).is_ok());
        assert!(ActionRoll::plan(&u, Action::Countercharge, Phase::Action, s, &[], &h).is_err());
        let b = ActionSituation {
            breakthrough: true,
            ..s
        };
        assert!(ActionRoll::plan(&u, Action::Movement, Phase::Combat, b, &[], &h).is_ok());
    }

    #[test]
    fn missile_fire_is_automatic_by_the_house_option() {
        let mut u = spearmen();
        u.mav = 3;
        let s = ActionSituation::default();
        let mut h = house();
        let auto = |u: &Unit, ph, h: &House| {
            ActionRoll::plan(u, Action::MissileFire, ph, s, &[], h)
                .unwrap()
                .automatic
        };
        assert!(auto(&u, Phase::Reaction, &h));
        assert!(!auto(&u, Phase::Assault, &h));
        h.set(
            &MISSILE_FIRE_AUTO,
            crate::rules::house::HouseValue::Word("text_assault"),
        )
        .unwrap();
        assert!(auto(&u, Phase::Assault, &h));
        assert!(!auto(&u, Phase::Reaction, &h));
        u.formed = false;
        assert!(auto(&u, Phase::Reaction, &h));
    }
}
