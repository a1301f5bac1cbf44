//! Activation (2.2): the morale check every unit makes each turn, and what
//! its success or failure allows or forces (2.2.1, 2.2.2), with champions
//! (1.7.5, W-7), Berserk (1.7.1, W-6) and morale steps (1.7, W-5, W-8).

use super::counted::TwoHighest;
use super::personality::PersonalityTrait as P;
use super::unit::{Formation, Morale, Unit, UnitTrait};
use crate::dice::{Dice, DiceCount};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, possessive, sec, total};
use serde::Serialize;

/// The facts of the table Herald cannot see, told by the referee.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActivationSituation {
    /// A charge or counter-charge is being declared (Aggressive, 3.1.2).
    pub charging: bool,
    /// Spans between the evading and the evaded unit; 0 when not evading (2.2).
    pub evading_spans: u32,
    /// An enemy unit is within charge distance (1.7.1, W-6).
    pub enemy_in_charge_distance: bool,
    /// An enemy unit is visible within 45 degrees of the front (1.7.5, W-7).
    pub enemy_visible_ahead: bool,
    /// A friendly Expert tactician's unit is in sight (3.1.2, W-4).
    pub tactician_in_sight: bool,
    /// The unit is fleeing (2.2.1: fleeing units continue fleeing).
    pub fleeing: bool,
    /// The unit is trying to finish a formation change (2.3.3).
    pub changing_formation: bool,
    /// The unit was Halted by shooting this turn: no counter-charge (2.4.4.2, W-30).
    pub halted_this_turn: bool,
    /// The unit is in Melee: it may break off, not move or charge (2.4.8).
    pub in_melee: bool,
}

impl ActivationSituation {
    /// Whether the unit is trying to evade (2.4.7).
    pub fn evading(&self) -> bool {
        self.evading_spans > 0
    }
}

/// What an activation allows or forces (2.2.1, 2.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Charge or counter-charge an enemy unit (2.4.4).
    Charge,
    /// Evade a charging unit (2.4.7).
    Evade,
    /// Change formation, if stopped (2.3.3).
    ChangeFormation,
    /// Wheel, if stopped (2.4.3).
    Wheel,
    /// Start or continue moving: a normal move (2.4.1).
    Move,
    /// Stop moving (2.4.1).
    Stop,
    /// Add a champion (1.7.5, W-7).
    AddChampion,
    /// Shoot (2.5).
    Shoot,
    /// Keep fleeing (2.4.11).
    Flee,
    /// A Broken unit stops fleeing and moves normally the way it faces (2.2.2).
    StopFleeingAndMove,
    /// A Broken unit stops fleeing and stops; may wheel up to 180° to face the enemy (2.2.2).
    StopFleeingAndHalt,
    /// A Berserk Move (2.4.10).
    BerserkMove,
    /// Moving units keep moving; to stop, a Random Move and then Halt (2.2.1).
    KeepMoving,
    /// A Broken unit that stopped fleeing makes a normal move toward the table edge (2.2.1).
    MoveToTableEdge,
    /// The formation change fails; the old formation stays (2.2.1).
    FormationChangeFails,
    /// Break off from Melee (2.4.8).
    BreakOff,
    /// A Berserk unit in Melee stays in it, Berserk: the enemy it fights is
    /// the nearest in charge reach (2.4.10, 2.6.3, W-26).
    StayInMelee,
}

impl Action {
    /// The action in the rules' words, with its section.
    pub fn describe(self) -> (&'static str, &'static str) {
        match self {
            Action::Charge => ("charge (or counter-charge) an enemy unit", "2.4.4"),
            Action::Evade => ("evade the charging unit", "2.4.7"),
            Action::ChangeFormation => ("change formation", "2.3.3"),
            Action::Wheel => ("wheel", "2.4.3"),
            Action::Move => ("start or continue moving: a normal move", "2.4.1"),
            Action::Stop => ("stop moving", "2.4.1"),
            Action::AddChampion => ("add a champion", "1.7.5"),
            Action::Shoot => ("shoot", "2.5"),
            Action::Flee => ("flee: a random move at charge distance", "2.4.11"),
            Action::StopFleeingAndMove => ("stop fleeing and move the way it faces", "2.2.2"),
            Action::StopFleeingAndHalt => (
                "stop fleeing and stop; may wheel up to 180° to face the nearest enemy",
                "2.2.2",
            ),
            Action::BerserkMove => (
                "Berserk Move: charge the nearest enemy in reach, else a random move at full speed toward the nearest visible enemy ahead, else back to Ready",
                "2.4.10",
            ),
            Action::KeepMoving => (
                "keep moving; to stop, a Random Move and then a Halt",
                "2.2.1",
            ),
            Action::MoveToTableEdge => ("a normal move toward the table edge", "2.2.1"),
            Action::FormationChangeFails => (
                "the formation change fails: it stays in its old formation",
                "2.2.1",
            ),
            Action::BreakOff => ("break off from Melee", "2.4.8"),
            Action::StayInMelee => (
                "stay in Melee, Berserk: the enemy it fights is the nearest in charge reach; no random move, no break off",
                "2.4.10, 2.6.3",
            ),
        }
    }
}

/// An activation about to be rolled: the dice it needs and every modifier.
#[derive(Clone, Debug)]
pub struct Activation<'a> {
    /// The unit activating.
    pub unit: &'a Unit,
    /// What the referee said of the table.
    pub situation: ActivationSituation,
    /// Every modifier to the score, with its reason (W-4).
    pub modifiers: Vec<Modifier>,
    /// The width the score must beat (2.2 step 3, W-1, W-2).
    pub width: u32,
    /// Drilled or Veteran Skirmishers evade without a roll (2.4.7).
    pub automatic: bool,
}

/// What an activation came to.
#[derive(Clone, Debug, Serialize)]
pub struct ActivationOutcome {
    /// The adjusted score (never below 0, W-1); `None` for an automatic evade.
    pub score: Option<i32>,
    /// Score greater than the width (2.2 step 3).
    pub success: bool,
    /// The unit goes Berserk (2.2 step 4, W-6).
    pub berserk: bool,
    /// A morale step is lost (2.2.1, W-5).
    pub lost_morale_step: bool,
    /// Morale after the activation.
    pub morale: Morale,
    /// A champion may be added (1.7.5, W-7).
    pub may_add_champion: bool,
    /// Champions the unit keeps (all go when it becomes Worn or Broken, W-7).
    pub champions: u32,
    /// Formation after (going Berserk makes it Unformed, W-6).
    pub formation: Formation,
    /// Moving after (losing a step stops the unit, 2.2.1).
    pub moving: bool,
    /// What the unit must do now.
    pub forced: Vec<Action>,
    /// What the unit may choose from.
    pub allowed: Vec<Action>,
    /// The counted dice and doubles, for showing the roll.
    #[serde(skip)]
    pub read: Option<TwoHighest>,
    /// The lines that made the result.
    pub explanation: Explanation,
}

/// The bare result of a roll, without its explanation: what odds count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivationVerdict {
    /// The adjusted score (never below 0, W-1).
    pub score: i32,
    /// Score greater than the width (2.2 step 3).
    pub success: bool,
    /// A morale step is lost (2.2.1, W-5).
    pub lost_morale_step: bool,
    /// The unit goes Berserk (2.2 step 4, W-6).
    pub berserk: bool,
    /// A champion may be added (1.7.5, W-7).
    pub may_add_champion: bool,
}

impl ActivationOutcome {
    /// Writes the outcome's changes into the unit (morale, champions, formation, moving).
    pub fn apply(&self, unit: &mut Unit) {
        unit.morale = self.morale;
        unit.champions = self.champions;
        unit.formation = self.formation;
        unit.moving = self.moving;
    }
}

impl<'a> Activation<'a> {
    /// States what the activation needs, or why the unit cannot make it.
    pub fn plan(unit: &'a Unit, situation: ActivationSituation) -> Result<Self, RulesError> {
        if unit.morale == Morale::Dispersed {
            return Err(RulesError::refused(format!(
                "{} is Dispersed and has left the table (1.7.4): it does not activate",
                unit.name
            )));
        }
        if situation.evading() {
            super::charge::may_evade(unit).map_err(RulesError::refused)?; // 2.4.7, 2.3.2, W-29
        }
        if situation.charging {
            if matches!(unit.morale, Morale::Worn | Morale::Broken) {
                return Err(RulesError::refused(format!(
                    "{} is {} and may not charge or counter-charge (1.7.2); only Ready or Berserk units charge",
                    unit.name, unit.morale
                )));
            }
            if unit.formation == Formation::Hedgehog {
                return Err(RulesError::refused(format!(
                    "{} is in Hedgehog and may not move or charge (2.3.1.4)",
                    unit.name
                )));
            }
        }
        let automatic = situation.evading()
            && unit.troop_type.is_skirmishers()
            && (unit.is_drilled() || unit.has(UnitTrait::Veteran));
        Ok(Activation {
            unit,
            situation,
            modifiers: Self::modifiers(unit, &situation),
            width: unit.activation_width(),
            automatic,
        })
    }

    /// Whether the charge (or counter-charge) this activation declares is one
    /// the unit may make (2.3.2, 2.4.1.1, W-30). Checked where a charge is
    /// declared; battles saved before W-30 replay without it.
    pub fn check_declared(&self) -> Result<(), RulesError> {
        if self.situation.charging {
            super::charge::may_charge(self.unit, self.situation.halted_this_turn)
                .map_err(RulesError::refused)?;
        }
        Ok(())
    }

    /// The modifiers of 2.2 and 3.1.2 as W-4 reads them.
    fn modifiers(unit: &Unit, s: &ActivationSituation) -> Vec<Modifier> {
        let mut m = Vec::new();
        if unit.casualties > 0 {
            m.push(Modifier::new(
                -(unit.casualties as i32),
                format!("{} casualty figure(s)", unit.casualties),
                cite("2.2", "W-4"),
            ));
        }
        let skirmishers = unit.troop_type.is_skirmishers();
        if skirmishers || unit.is_drilled() {
            let why = match (skirmishers, unit.is_drilled()) {
                (true, true) => "Skirmishers and drilled (counted once)",
                (true, false) => "Skirmishers",
                _ => "drilled",
            };
            m.push(Modifier::new(2, why, cite("2.2", "W-4")));
        }
        for p in unit.active_personalities().filter(|p| p.charisma != 0) {
            m.push(Modifier::new(
                i32::from(p.charisma),
                format!("{} Charisma", possessive(&p.name)),
                cite("3.1.2", "W-0, W-4"),
            ));
        }
        let own_tactician = unit
            .active_personalities()
            .any(|p| p.has(P::ExpertTactician));
        if s.tactician_in_sight || own_tactician {
            m.push(Modifier::new(
                1,
                "Expert tactician in sight",
                cite("3.1.2", "W-4"),
            ));
        }
        if let Some(c) = unit.commander() {
            if c.has(P::Indecisive) {
                m.push(Modifier::new(
                    -1,
                    format!("{} commands and is Indecisive", c.name),
                    cite("3.1.2", "W-0, W-4"),
                ));
            }
            if c.has(P::Aggressive) && s.charging {
                m.push(Modifier::new(
                    1,
                    format!("{} commands, is Aggressive, and the unit charges", c.name),
                    cite("3.1.2", "W-0, W-4"),
                ));
            }
        }
        if s.evading_spans > 0 {
            m.push(Modifier::new(
                s.evading_spans as i32,
                format!("evading: {} span(s) from the evaded unit", s.evading_spans),
                cite("2.2", "W-4"),
            ));
        }
        m
    }

    /// The dice this activation needs: 2 white plus 1 per champion (2.2 step 2),
    /// none for an automatic evade (2.4.7).
    pub fn needs(&self) -> DiceCount {
        if self.automatic {
            DiceCount::default()
        } else {
            DiceCount::white(2 + self.unit.champions as usize)
        }
    }

    /// The score a roll of these two highest dice gives (W-4, W-1).
    pub fn score(&self, two_highest: u32) -> i32 {
        (two_highest as i32 + total(&self.modifiers)).max(0)
    }

    /// Turns the dice into the outcome, with its explanation.
    pub fn resolve(&self, dice: &Dice) -> Result<ActivationOutcome, RulesError> {
        let rolled_anyway = DiceCount::white(2 + self.unit.champions as usize);
        if self.automatic && dice.count() == rolled_anyway {
            // 2.4.7: the evade needs no roll; dice rolled anyway change nothing.
            return Ok(self.automatic_evade());
        }
        dice.expect_exactly(self.needs())
            .map_err(|e| RulesError::dice(e, self.dice_reason()))?;
        if self.automatic {
            return Ok(self.automatic_evade());
        }
        let read = TwoHighest::of(&dice.white);
        let mut out = self.outcome(read.sum, read.any_doubles);
        let mut head = Explanation::default();
        let shown: Vec<String> = dice.white.iter().map(|d| d.to_string()).collect();
        head.line(
            format!(
                "rolled {} white: the two highest make {}",
                shown.join(" "),
                read.sum
            ),
            sec("2.2"),
        );
        head.extend(std::mem::take(&mut out.explanation));
        out.explanation = head;
        out.read = Some(read);
        Ok(out)
    }

    /// Why the roll needs its dice, for a count error.
    fn dice_reason(&self) -> String {
        format!(
            "{} activation rolls 2 white dice plus 1 per champion ({} champion(s)) (2.2)",
            possessive(&self.unit.name),
            self.unit.champions
        )
    }

    /// The score and the yes/no results of a roll whose two highest dice make
    /// `two_highest`, with `any_doubles` among all the dice. [`Self::outcome`]
    /// and the odds both read the roll through this one function.
    pub fn verdict(&self, two_highest: u32, any_doubles: bool) -> ActivationVerdict {
        let unit = self.unit;
        let s = &self.situation;
        let score = self.score(two_highest);
        let success = score > self.width as i32; // 2.2 step 3, W-1
        let lost_morale_step = !success && score <= unit.casualties as i32; // 2.2.1, W-5
        let ready = unit.morale == Morale::Ready;
        // 1.7.1, 2.2 step 4, W-6
        let berserk =
            success && unit.is_impetuous() && ready && s.enemy_in_charge_distance && any_doubles;
        // 1.7.5, W-7; W-27: a unit charging or evading has made its one choice.
        let may_add_champion = success
            && !berserk
            && ready
            && !s.charging
            && !s.evading()
            && s.enemy_visible_ahead
            && score >= 3 * unit.champions as i32;
        ActivationVerdict {
            score,
            success,
            lost_morale_step,
            berserk,
            may_add_champion,
        }
    }

    /// The outcome of a roll whose two highest dice make `two_highest`, with
    /// `any_doubles` among all the dice. Odds use this same function.
    pub fn outcome(&self, two_highest: u32, any_doubles: bool) -> ActivationOutcome {
        let unit = self.unit;
        let s = &self.situation;
        let mut why = Explanation::default();
        why.modifiers(&self.modifiers);
        let ActivationVerdict {
            score,
            success,
            lost_morale_step,
            berserk,
            may_add_champion,
        } = self.verdict(two_highest, any_doubles);
        let wedge = if unit.formation == Formation::Wedge {
            " (a Wedge activates as 1 wide)"
        } else {
            ""
        };
        why.line(
            format!(
                "score {score} against width {}{wedge}: {}",
                self.width,
                if success { "success" } else { "failure" }
            ),
            cite("2.2", if wedge.is_empty() { "W-1" } else { "W-2" }),
        );
        let before = unit.morale;
        let mut morale = before;
        let mut moving = unit.moving;
        let mut formation = unit.formation;
        if lost_morale_step {
            morale = before.step_down();
            moving = false;
            let text = if before == Morale::Broken {
                format!(
                    "score {score} <= {} casualties: a Broken unit has no step to lose and disintegrates",
                    unit.casualties
                )
            } else {
                format!(
                    "score {score} <= {} casualties: loses a morale step, {before} → {morale}, and stops",
                    unit.casualties
                )
            };
            why.line(text, cite("2.2.1", "W-5, W-8"));
        } else if !success {
            why.line(
                format!(
                    "score {score} > {} casualties: no morale step is lost",
                    unit.casualties
                ),
                cite("2.2.1", "W-5"),
            );
        }
        if berserk {
            morale = Morale::Berserk;
            formation = Formation::Unformed;
            why.line(
                "Impetuous, a success, Ready, enemy in charge distance and doubles among the dice: goes Berserk and is Unformed",
                cite("1.7.1, 2.2, 2.4.10", "W-6"),
            );
        } else if success
            && unit.is_impetuous()
            && any_doubles
            && before == Morale::Ready
            && !s.enemy_in_charge_distance
        {
            why.line(
                "doubles, but no enemy in charge distance: no Berserk",
                cite("1.7.1", "W-6"),
            );
        }
        let mut champions = unit.champions;
        if !morale.allows_champions() && champions > 0 {
            why.line(
                format!("a {morale} unit loses all {champions} champion(s)"),
                cite("1.7.2", "W-7"),
            );
            champions = 0;
        }
        if may_add_champion {
            why.line(
                format!(
                    "Ready, enemy in sight ahead, score {score} >= 3 x {} champion(s): may add a champion",
                    unit.champions
                ),
                cite("1.7.5", "W-7"),
            );
        } else if success
            && !berserk
            && before == Morale::Ready
            && s.enemy_visible_ahead
            && !s.charging
            && !s.evading()
        {
            why.line(
                format!(
                    "score {score} < 3 x {} champions: no champion may be added",
                    unit.champions
                ),
                cite("1.7.5", "W-7"),
            );
        }
        let (forced, allowed) = self.choices(success, lost_morale_step, morale, may_add_champion);
        if morale == Morale::Broken && before != Morale::Broken {
            why.line(
                "Broken: turns away from the nearest enemy and flees",
                sec("1.7.3"),
            );
        }
        if morale == Morale::Dispersed {
            why.line("Dispersed: remove the unit from the table", sec("1.7.4"));
        }
        if forced.contains(&Action::Flee) || morale == Morale::Dispersed {
            moving = morale != Morale::Dispersed;
        }
        ActivationOutcome {
            score: Some(score),
            success,
            berserk,
            lost_morale_step,
            morale,
            may_add_champion,
            champions,
            formation,
            moving,
            forced,
            allowed,
            read: None,
            explanation: why,
        }
    }

    /// The forced and allowed actions after the activation (2.2.1, 2.2.2):
    /// only what the rules allow this unit now (W-27, W-30).
    fn choices(
        &self,
        success: bool,
        lost_step: bool,
        morale: Morale,
        may_add_champion: bool,
    ) -> (Vec<Action>, Vec<Action>) {
        let unit = self.unit;
        let s = &self.situation;
        let mut forced = Vec::new();
        let mut allowed = Vec::new();
        if morale == Morale::Dispersed {
            return (forced, allowed);
        }
        if morale == Morale::Berserk && s.in_melee {
            // 2.4.10 1: it charges the nearest enemy in charge reach, which is
            // the one it fights: it stays in Melee (2.6.3, W-26); breaking
            // off (2.4.8) is not among a Berserk unit's moves.
            forced.push(Action::StayInMelee);
            return (forced, allowed);
        }
        if morale == Morale::Berserk {
            // 2.4.10: the Berserk Move; its first form is a charge (W-30).
            forced.push(Action::BerserkMove);
            if !s.in_melee {
                allowed.push(Action::Charge);
            }
            return (forced, allowed);
        }
        let newly_broken = morale == Morale::Broken && unit.morale != Morale::Broken;
        if !success {
            if newly_broken || s.fleeing || s.evading() {
                forced.push(Action::Flee); // 2.2.1: evading units flee instead
            } else if morale == Morale::Broken {
                forced.push(Action::MoveToTableEdge);
            } else if s.changing_formation {
                forced.push(Action::FormationChangeFails);
            } else if unit.moving && !lost_step && !s.in_melee {
                forced.push(Action::KeepMoving);
            }
            return (forced, allowed);
        }
        if morale == Morale::Broken {
            if newly_broken {
                forced.push(Action::Flee);
            } else {
                allowed.extend([
                    Action::Flee,
                    Action::StopFleeingAndMove,
                    Action::StopFleeingAndHalt,
                ]);
            }
            return (forced, allowed);
        }
        // W-23: a shower is never the choice of an activation.
        let can_shoot = super::shooting::may_shoot_in_activation(unit).is_ok();
        if s.evading() {
            // 2.4.7: the evade uses up the activation; an evading unit of
            // Skirmishers or Cavalry with missiles may shoot at the evaded unit.
            allowed.push(Action::Evade);
            if can_shoot
                && (unit.troop_type.is_skirmishers()
                    || unit.troop_type == super::unit::TroopType::Cavalry)
            {
                allowed.push(Action::Shoot);
            }
            return (forced, allowed);
        }
        if s.charging {
            // 2.4.4, W-27: the charge (or counter-charge) declared is the choice.
            allowed.push(Action::Charge);
            return (forced, allowed);
        }
        if s.in_melee {
            // A unit in contact does not move or charge; it may try to break off
            // instead of this activation (2.4.8), which is its own roll.
            if may_add_champion {
                allowed.push(Action::AddChampion);
            }
            return (forced, allowed);
        }
        let formed = unit.is_formed();
        let hedgehog = unit.formation == Formation::Hedgehog;
        if super::charge::may_charge(unit, s.halted_this_turn).is_ok() {
            allowed.push(Action::Charge); // 1.7.2, 2.3.2, W-30
        }
        if !unit.moving {
            allowed.push(Action::ChangeFormation); // 2.3.3: only while stopped
            if formed && !hedgehog {
                allowed.push(Action::Wheel); // 2.4.3; Unformed units may not move (2.3.2)
            }
        }
        if formed && !hedgehog {
            allowed.push(Action::Move); // 2.3.1.4, 2.3.2
        }
        if unit.moving {
            allowed.push(Action::Stop);
        }
        if may_add_champion {
            allowed.push(Action::AddChampion);
        }
        if can_shoot {
            allowed.push(Action::Shoot);
        }
        (forced, allowed)
    }

    /// Drilled or Veteran Skirmishers evade without rolling (2.4.7).
    fn automatic_evade(&self) -> ActivationOutcome {
        let mut why = Explanation::default();
        why.line(
            format!(
                "{} are drilled or Veteran Skirmishers: they evade without rolling",
                self.unit.name
            ),
            sec("2.4.7"),
        );
        ActivationOutcome {
            score: None,
            success: true,
            berserk: false,
            lost_morale_step: false,
            morale: self.unit.morale,
            may_add_champion: false,
            champions: self.unit.champions,
            formation: self.unit.formation,
            moving: true,
            forced: vec![Action::Evade],
            allowed: Vec::new(),
            read: None,
            explanation: why,
        }
    }
}
