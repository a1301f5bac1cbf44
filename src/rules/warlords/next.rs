//! What a result does next: the referee's one choice after an activation
//! (2.2.1, 2.2.2, W-27), what it does to the unit (W-28, 3.3.3.4), and the
//! steps the rules then require (2.2.1, 2.4.10, 2.4.11, 2.6.3, 3.1.3.2).

use super::activation::{Action, ActivationOutcome, ActivationSituation};
use super::charge::{leave_shieldwall, lose_pavises, may_counter_charge};
use super::unit::{Formation, Morale, Unit, UnitTrait};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite, sec};

/// The one choice a referee takes after an activation (2.2.1, 2.2.2, W-27).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Charge an enemy unit (2.4.4).
    Charge,
    /// Counter-charge the unit charging it (2.4.4.2).
    CounterCharge,
    /// Evade the unit charging it (2.4.7).
    Evade,
    /// Change formation, if stopped (2.3.3); the new formation is given apart.
    ChangeFormation,
    /// Wheel, if stopped (2.4.3).
    Wheel,
    /// Start or continue moving: a normal move (2.4.1).
    Move,
    /// Stop moving (2.4.1); after a failure, a Random Move and then Halt (2.2.1).
    Stop,
    /// Add a champion (1.7.5, W-7).
    AddChampion,
    /// Shoot (2.5).
    Shoot,
    /// Keep fleeing (2.2.2, 2.4.11).
    Flee,
    /// A Broken unit stops fleeing and moves the way it faces (2.2.2).
    StopFleeingAndMove,
    /// A Broken unit stops fleeing and stops (2.2.2).
    StopFleeingAndHalt,
    /// The Berserk Move (2.4.10).
    BerserkMove,
}
named_enum!(Choice {
    "charge" => Choice::Charge,
    "counter_charge" => Choice::CounterCharge,
    "evade" => Choice::Evade,
    "change_formation" => Choice::ChangeFormation,
    "wheel" => Choice::Wheel,
    "move" => Choice::Move,
    "stop" => Choice::Stop,
    "add_champion" => Choice::AddChampion,
    "shoot" => Choice::Shoot,
    "flee" => Choice::Flee,
    "stop_fleeing_and_move" => Choice::StopFleeingAndMove,
    "stop_fleeing_and_halt" => Choice::StopFleeingAndHalt,
    "berserk_move" => Choice::BerserkMove,
});

impl Choice {
    /// The rules' action this choice takes (2.2.2).
    pub fn action(self) -> Action {
        match self {
            Choice::Charge | Choice::CounterCharge => Action::Charge,
            Choice::Evade => Action::Evade,
            Choice::ChangeFormation => Action::ChangeFormation,
            Choice::Wheel => Action::Wheel,
            Choice::Move => Action::Move,
            Choice::Stop => Action::Stop,
            Choice::AddChampion => Action::AddChampion,
            Choice::Shoot => Action::Shoot,
            Choice::Flee => Action::Flee,
            Choice::StopFleeingAndMove => Action::StopFleeingAndMove,
            Choice::StopFleeingAndHalt => Action::StopFleeingAndHalt,
            Choice::BerserkMove => Action::BerserkMove,
        }
    }
}

/// A step the rules require next (conformance README, "What happens next").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// A flight move (2.4.11).
    Flee,
    /// A Berserk Move (2.4.10).
    BerserkMove,
    /// A moving unit that stops: a Random Move, then it Halts (2.2.1).
    RandomMoveThenHalt,
    /// The winner must follow up (2.6.3, W-26).
    FollowUpMust,
    /// The winner may follow up: the referee says (2.6.3, W-26).
    FollowUpMay,
    /// An Impetuous winner rolls to go Berserk (2.6.3).
    BerserkTest,
    /// A stand holding a personality is lost (3.1.3.2).
    StandLoss,
    /// The unit leaves the table (1.7.4).
    Dispersed,
}
named_enum!(Next {
    "flee" => Next::Flee,
    "berserk_move" => Next::BerserkMove,
    "random_move_then_halt" => Next::RandomMoveThenHalt,
    "follow_up_must" => Next::FollowUpMust,
    "follow_up_may" => Next::FollowUpMay,
    "berserk_test" => Next::BerserkTest,
    "stand_loss" => Next::StandLoss,
    "dispersed" => Next::Dispersed,
});

/// A unit once a result and its choice are applied, and what must follow.
#[derive(Clone, Debug)]
pub struct Consequence {
    /// The unit after, before any move listed in `next` is rolled.
    pub unit: Unit,
    /// What the rules now require, in order.
    pub next: Vec<Next>,
    /// The lines that say why.
    pub explanation: Explanation,
}

/// Marks a unit that must flee next: Unformed and moving, its pavises lost
/// (2.4.11, 3.3.3.4, W-29).
pub fn set_fleeing(unit: &mut Unit) {
    unit.formation = Formation::Unformed;
    unit.moving = true;
    unit.fleeing = true;
    lose_pavises(unit);
}

/// A unit sets off (charge, counter-charge, evade, move): it is moving, a
/// Shieldwall is left (W-28), deployed pavises are lost (3.3.3.4).
fn set_off(unit: &mut Unit, why: &mut Explanation) {
    unit.moving = true;
    if leave_shieldwall(unit) {
        why.line(
            format!(
                "{} leaves the Shieldwall: in Line with the same {} files",
                unit.name, unit.files
            ),
            cite("2.3.1.2", "W-28"),
        );
    }
    if lose_pavises(unit) {
        why.line(
            format!(
                "{} moves with its pavises deployed: they are lost for the battle",
                unit.name
            ),
            sec("3.3.3.4"),
        );
    }
}

/// What an activation's result lets the unit do: kept by a battle for the
/// choice the referee takes after the roll (2.2.1, 2.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The activation succeeded.
    pub success: bool,
    /// What the unit must do.
    pub forced: Vec<Action>,
    /// What the unit may choose from.
    pub allowed: Vec<Action>,
    /// What the referee said of the table.
    pub situation: ActivationSituation,
}

impl ActivationOutcome {
    /// What this result lets the unit do.
    pub fn verdict_of(&self, situation: &ActivationSituation) -> Verdict {
        Verdict {
            success: self.success,
            forced: self.forced.clone(),
            allowed: self.allowed.clone(),
            situation: *situation,
        }
    }

    /// The unit after this outcome with nothing chosen yet, and the steps the
    /// outcome itself forces: a flight (W-29: Unformed and moving at once), a
    /// Berserk Move, leaving the table.
    pub fn consequence(&self, before: &Unit, situation: &ActivationSituation) -> Consequence {
        let mut unit = before.clone();
        self.apply(&mut unit);
        let mut why = Explanation::default();
        let mut next = Vec::new();
        if self.morale == Morale::Dispersed {
            next.push(Next::Dispersed);
        } else {
            if self.forced.contains(&Action::Flee) {
                set_fleeing(&mut unit);
                next.push(Next::Flee);
                if situation.evading() {
                    why.line(
                        format!("{} failed to evade: it flees instead, at once", before.name),
                        cite("2.2.1, 2.4.11", "W-29"),
                    );
                }
            }
            if self.forced.contains(&Action::BerserkMove) {
                next.push(Next::BerserkMove);
            }
        }
        Consequence {
            unit,
            next,
            explanation: why,
        }
    }

    /// The unit after this outcome and the referee's `choice` (W-27: one of
    /// 2.2.2's; after a failure only a moving unit's `stop`, 2.2.1), with the
    /// steps the rules require. `formation` is the new formation of a
    /// `change_formation`. A choice the result does not allow is refused.
    pub fn after(
        &self,
        before: &Unit,
        situation: &ActivationSituation,
        choice: Option<Choice>,
        formation: Option<Formation>,
    ) -> Result<Consequence, RulesError> {
        let base = self.consequence(before, situation);
        match choice {
            None => Ok(base),
            Some(c) => choose(
                &self.verdict_of(situation),
                base,
                c,
                Reform {
                    formation,
                    ..Reform::default()
                },
            ),
        }
    }
}

/// What a formation change makes (2.3.3, 3.3.3.4): the new formation, its
/// front rank if not the formation's own, and pavises deployed or picked up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reform {
    /// The new formation.
    pub formation: Option<Formation>,
    /// The new front rank.
    pub files: Option<u32>,
    /// Pavises deployed (true) or picked up (false) with the change.
    pub pavises: Option<bool>,
}

/// Applies the referee's one choice to `base`, the unit as its activation
/// left it (2.2.1, 2.2.2, W-27), or refuses a choice the verdict does not
/// allow. `reform` says what a formation change makes.
pub fn choose(
    v: &Verdict,
    base: Consequence,
    choice: Choice,
    reform: Reform,
) -> Result<Consequence, RulesError> {
    let Consequence {
        mut unit,
        mut next,
        explanation: mut why,
    } = base;
    let name = unit.name.clone();
    if unit.morale == Morale::Dispersed {
        return Err(refuse(
            &unit,
            choice,
            "it is Dispersed and leaves the table",
        ));
    }
    let action = choice.action();
    let allowed = v.allowed.contains(&action) || v.forced.contains(&action);
    // 2.2.1: a failed moving unit keeps moving, unless the player stops it.
    let stop_after_failure = choice == Choice::Stop && v.forced.contains(&Action::KeepMoving);
    let berserk_charge = choice == Choice::Charge && v.forced.contains(&Action::BerserkMove);
    if !(allowed || stop_after_failure || berserk_charge) {
        let why_not = if !v.success {
            "the activation failed, so the unit does only what 2.2.1 makes it do"
        } else {
            "this result does not allow it"
        };
        return Err(refuse(&unit, choice, why_not));
    }
    // 2.2.2: any choice but fleeing on ends a flight ("may stop fleeing").
    unit.fleeing = unit.fleeing && matches!(choice, Choice::Flee);
    match choice {
        Choice::Charge | Choice::CounterCharge | Choice::Evade | Choice::Move => {
            if choice == Choice::CounterCharge {
                may_counter_charge(&unit, v.situation.halted_this_turn)
                    .map_err(RulesError::refused)?;
            }
            set_off(&mut unit, &mut why);
            why.line(
                format!(
                    "{name} {}: it is moving",
                    choice.to_string().replace('_', " ")
                ),
                cite("2.2.2, 2.4.1", "W-27"),
            );
        }
        Choice::ChangeFormation => {
            let to = reform.formation.ok_or_else(|| {
                RulesError::refused("a formation change names the new formation (formation = ...)")
            })?;
            change_formation(&mut unit, to, reform.files, &mut why)?;
            if let Some(p) = reform.pavises {
                set_pavises(&mut unit, p, &mut why)?;
            }
        }
        Choice::Wheel | Choice::Shoot => {}
        Choice::Stop if stop_after_failure => {
            // 2.2.1, 2.4.1.1: the Random Move, then it Halts: stopped and Unformed.
            unit.moving = false;
            unit.formation = Formation::Unformed;
            next.push(Next::RandomMoveThenHalt);
            why.line(
                format!("{name} stops: a Random Move, then it Halts (Unformed)"),
                cite("2.2.1, 2.4.1.1", ""),
            );
        }
        Choice::Stop | Choice::StopFleeingAndHalt => unit.moving = false,
        Choice::StopFleeingAndMove => unit.moving = true,
        Choice::AddChampion => {
            unit.champions += 1;
            why.line(
                format!("{name} adds a champion; that is its one choice this activation"),
                cite("1.7.5, 2.2.2", "W-7, W-27"),
            );
        }
        Choice::Flee => {
            if !next.contains(&Next::Flee) {
                set_fleeing(&mut unit);
                next.push(Next::Flee);
            }
        }
        Choice::BerserkMove => {}
    }
    Ok(Consequence {
        unit,
        next,
        explanation: why,
    })
}

/// A refused choice, in the referee's words.
fn refuse(unit: &Unit, choice: Choice, why: &str) -> RulesError {
    RulesError::refused(format!(
        "{} may not {}: {why} (2.2.1, 2.2.2, W-27)",
        unit.name,
        choice.to_string().replace('_', " ")
    ))
}

/// Whether `unit` may deploy pavises: "Only units equipped with pavises
/// may deploy them", and not once they are lost (3.3.3.4).
pub fn may_deploy_pavises(unit: &Unit) -> Result<(), String> {
    if !unit.has(UnitTrait::Pavisiers) {
        return Err(format!(
            "{} are not pavisiers: only units equipped with pavises may deploy them (3.3.3.4)",
            unit.name
        ));
    }
    if unit.pavises_lost {
        return Err(format!(
            "{} lost its pavises and may not use them again this battle (3.3.3.4)",
            unit.name
        ));
    }
    Ok(())
}

/// Deploys the pavises, or picks them up, with a formation change (3.3.3.4).
fn set_pavises(unit: &mut Unit, deployed: bool, why: &mut Explanation) -> Result<(), RulesError> {
    if deployed {
        may_deploy_pavises(unit).map_err(RulesError::refused)?;
    }
    if unit.pavises_deployed != deployed {
        unit.pavises_deployed = deployed;
        why.line(
            format!(
                "{} {} its pavises with the formation change",
                unit.name,
                if deployed { "deploys" } else { "picks up" }
            ),
            sec("3.3.3.4"),
        );
    }
    Ok(())
}

/// The front rank a formation change starts from (2.3.1, 2.3.3): a unit
/// in a March Column is offered the files of its last line (`last_line`,
/// when the record holds one), else two ranks as equal as possible, never
/// the single file; an irregular unit only the one file it may create
/// (2.3.3), so 2 at most. Any other unit keeps its files.
pub fn files_offered(unit: &Unit, last_line: Option<u32>) -> u32 {
    let stands = unit.stands.max(1);
    if unit.formation != Formation::MarchColumn {
        return unit.files.clamp(1, stands);
    }
    let line = last_line
        .filter(|f| *f > 1)
        .unwrap_or_else(|| stands.div_ceil(2));
    let line = if unit.is_drilled() { line } else { line.min(2) };
    line.clamp(1, stands)
}

/// Whether `unit` may take the formation `to` at all, and if not, the
/// rule of that formation that refuses it (2.3.1.2–2.3.1.4).
pub fn may_form(unit: &Unit, to: Formation) -> Result<(), String> {
    let name = &unit.name;
    let why = match to {
        Formation::Shieldwall if !unit.has(UnitTrait::Shieldwall) => {
            "a Shieldwall needs the shieldwall trait (2.3.1.2)"
        }
        // 2.3.1.3: "Some units are allowed to form a wedge."
        Formation::Wedge if !unit.has(UnitTrait::Wedge) => {
            "only units with the wedge trait may form a Wedge (2.3.1.3)"
        }
        Formation::Wedge if unit.stands < 3 => "a Wedge needs 3 stands or more (2.3.1.3)",
        // 2.3.1.4: "for drilled Pike units with the Hedgehog ability".
        Formation::Hedgehog if !(unit.has(UnitTrait::Hedgehog) && unit.is_drilled()) => {
            "only drilled Pike with the hedgehog trait may form a Hedgehog (2.3.1.4)"
        }
        Formation::Unformed => "no unit changes formation into Unformed (2.3.3)",
        _ => return Ok(()),
    };
    Err(format!("{name} may not form {to}: {why}"))
}

/// Changes `unit`'s formation (2.3): only while stopped (2.3.3), to a
/// formation it may take (1.5.1.1, 2.3.1.2–2.3.1.4), and for irregulars by
/// one rank or one file at most (2.3.3). `files` is the new front rank (by
/// default the formation's own: one for a March Column, the Shieldwall's
/// front rank, or the files it has).
pub fn change_formation(
    unit: &mut Unit,
    to: Formation,
    files: Option<u32>,
    why: &mut Explanation,
) -> Result<(), RulesError> {
    let name = unit.name.clone();
    if unit.moving {
        return Err(RulesError::refused(format!(
            "{name} is moving: a unit changes formation only while stopped (2.3.3)"
        )));
    }
    may_form(unit, to).map_err(RulesError::refused)?;
    let stands = unit.stands.max(1);
    let new_files = match (to, files) {
        (_, Some(f)) if f == 0 || f > stands => {
            return Err(RulesError::refused(format!(
                "files are the stands in the front rank: 1 to {stands}, not {f}"
            )));
        }
        (Formation::MarchColumn, _) => 1,
        (Formation::Shieldwall, Some(f)) if f < stands.div_ceil(2) => {
            return Err(RulesError::refused(format!(
                "a Shieldwall stands in one or two ranks (2.3.1.2): at least {} files for {stands} stands",
                stands.div_ceil(2)
            )));
        }
        (_, Some(f)) => f,
        (Formation::Shieldwall, None) => unit.files.max(stands.div_ceil(2)),
        (_, None) => unit.files,
    };
    let mut after = unit.clone();
    after.formation = to;
    after.files = new_files;
    if !unit.is_drilled() && unit.is_formed() {
        // 2.3.3: irregulars move only enough stands to create or remove one rank or one file.
        let (f0, r0) = (i64::from(unit.front_rank()), unit.ranks().len() as i64);
        let (f1, r1) = (i64::from(after.front_rank()), after.ranks().len() as i64);
        if (f1 - f0).abs() > 1 && (r1 - r0).abs() > 1 {
            return Err(RulesError::refused(format!(
                "{name} is irregular: a formation change may create or remove only one rank or one file (2.3.3); {f0} files in {r0} ranks to {f1} in {r1} is more"
            )));
        }
    }
    why.line(
        format!(
            "{name} changes formation: {} → {to}, {new_files} file(s)",
            unit.formation
        ),
        sec("2.3.3"),
    );
    *unit = after;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Dice;
    use crate::rules::warlords::activation::Activation;
    use crate::rules::warlords::unit::TroopType;

    fn roll(unit: &Unit, s: ActivationSituation, white: &[u8]) -> ActivationOutcome {
        Activation::plan(unit, s)
            .unwrap()
            .resolve(&Dice::white(white).unwrap())
            .unwrap()
    }

    #[test]
    fn a_march_column_is_offered_a_proper_line() {
        // 2.3.1, 2.3.3: its last line; else two ranks; an irregular unit 2 files.
        let mut u = Unit::new("Schiltron", TroopType::Pike, 10);
        u.training = crate::rules::warlords::unit::Training::Drilled;
        u.formation = Formation::MarchColumn;
        u.files = 1;
        assert_eq!(files_offered(&u, Some(4)), 4);
        assert_eq!(files_offered(&u, None), 5);
        assert_eq!(files_offered(&u, Some(1)), 5);
        u.training = crate::rules::warlords::unit::Training::Irregular;
        assert_eq!(files_offered(&u, Some(4)), 2);
        u.formation = Formation::Line;
        u.files = 3;
        assert_eq!(files_offered(&u, Some(4)), 3);
    }

    #[test]
    fn a_champion_is_the_one_choice() {
        let u = Unit::new("Fyrd", TroopType::CloseFoot, 4);
        let s = ActivationSituation {
            enemy_visible_ahead: true,
            ..Default::default()
        };
        let out = roll(&u, s, &[6, 2]);
        let c = out.after(&u, &s, Some(Choice::AddChampion), None).unwrap();
        assert_eq!(c.unit.champions, 1);
        assert!(!c.unit.moving, "W-27: it does not also move");
        assert!(c.next.is_empty());
    }

    #[test]
    fn a_failed_moving_unit_stops_by_a_random_move_and_halts() {
        let mut u = Unit::new("Fyrd", TroopType::CloseFoot, 4);
        u.moving = true;
        let s = ActivationSituation::default();
        let out = roll(&u, s, &[1, 2]);
        let keep = out.after(&u, &s, None, None).unwrap();
        assert!(
            keep.unit.moving && keep.next.is_empty(),
            "2.2.1: keeps moving"
        );
        let stop = out.after(&u, &s, Some(Choice::Stop), None).unwrap();
        assert_eq!(stop.next, vec![Next::RandomMoveThenHalt]);
        assert_eq!(stop.unit.formation, Formation::Unformed, "2.4.1.1");
        assert!(out.after(&u, &s, Some(Choice::Move), None).is_err());
    }

    #[test]
    fn shieldwall_and_pavises_are_left_when_moving() {
        let mut u = Unit::new("Housecarls", TroopType::CloseFoot, 8);
        u.traits = vec![UnitTrait::Shieldwall, UnitTrait::Pavisiers];
        u.files = 4;
        u.formation = Formation::Shieldwall;
        u.pavises_deployed = true;
        let s = ActivationSituation::default();
        let out = roll(&u, s, &[6, 5]);
        let c = out.after(&u, &s, Some(Choice::Move), None).unwrap();
        assert_eq!(c.unit.formation, Formation::Line, "W-28");
        assert_eq!(c.unit.files, 4);
        assert!(c.unit.pavises_lost && !c.unit.pavises_deployed, "3.3.3.4");
    }

    #[test]
    fn irregulars_change_one_rank_or_one_file() {
        let mut u = Unit::new("Fyrd", TroopType::CloseFoot, 12);
        u.files = 6; // 6-6
        let mut why = Explanation::default();
        let mut two = u.clone();
        assert!(
            change_formation(&mut two, Formation::Line, Some(4), &mut why).is_ok(),
            "4-4-4: one more rank"
        );
        let mut deep = u.clone();
        assert!(
            change_formation(&mut deep, Formation::Line, Some(2), &mut why).is_err(),
            "2 files in 6 ranks is more than one rank or file"
        );
        u.training = crate::rules::warlords::unit::Training::Drilled;
        assert!(change_formation(&mut u, Formation::Line, Some(2), &mut why).is_ok());
    }
}
