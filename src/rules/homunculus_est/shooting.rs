//! SHOOTING ACTIVATION and SHOOTING RESULTS (HE-22, HE-23).

use super::tables::{ShootingResult, distance, shooting_result};
use super::{Cards, Characteristic, Draw, NATURAL_ONE_ONLY, Next, Unit, check_faces, faces};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};
use crate::rules::house::HouseValue;

/// What the referee says of a shot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShootingSituation {
    /// Adjacent friendly Ranged Attack units not in a ZOC.
    pub supporting_shooters: u32,
    /// The target is shot in the flank or rear.
    pub flank_or_rear: bool,
    /// The target is in Cover.
    pub target_in_cover: bool,
    /// Defence Points spent on additional Defence dice.
    pub defence_points: u32,
    /// The face the shooter chooses (none: the only die).
    pub chosen: Option<u8>,
    /// House option *stacking* (HE-22): Cataphracts in Cover roll three
    /// Defence dice (from the battle's or the case's house, not the table).
    pub stacking: bool,
    /// House option *natural 1 only* (HE-23): Short of Ammunition is
    /// cancelled by a Defence 1 only.
    pub natural_one_only: bool,
}

/// The dice of a shot, pool by pool.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShootingDice {
    /// The shooter's dice.
    pub shooting: Vec<u8>,
    /// The target's Defence dice.
    pub defence: Vec<u8>,
    /// Withering Shooting on a Skirmisher: the PUSH BACK roll.
    pub push_back: Vec<u8>,
    /// A Stubborn target's roll.
    pub stubborn: Vec<u8>,
}

/// A planned shot.
#[derive(Clone, Debug)]
pub struct Shooting {
    shooter: Unit,
    target: Unit,
    situation: ShootingSituation,
    /// The shooter's modified Ranged Combat Rating.
    pub shooter_rating: u32,
    /// The target's modified Combat Rating.
    pub target_rating: u32,
    /// Dice the shooter rolls.
    pub dice_rolled: usize,
    /// Taken from the shooter's score when it is lower (1 per point of difference).
    pub penalty: u32,
    /// Defence dice the target rolls.
    pub defence_dice: usize,
    /// The lines that made the ratings.
    pub explanation: Explanation,
}

/// A shot's outcome.
#[derive(Clone, Debug)]
pub struct ShootingOutcome {
    /// The shooter's rating.
    pub shooter_rating: u32,
    /// The target's rating.
    pub target_rating: u32,
    /// Dice rolled.
    pub dice_rolled: usize,
    /// The penalty.
    pub penalty: u32,
    /// The chosen face.
    pub chosen: u8,
    /// The score: natural less penalty (may be below 1).
    pub score: i32,
    /// Defence dice rolled.
    pub defence_dice: usize,
    /// A Defence die cancelled the shot.
    pub cancelled: bool,
    /// The score's result.
    pub roll_result: ShootingResult,
    /// The result applied.
    pub result: ShootingResult,
    /// Squares the target is pushed back (0 if none).
    pub push_back_squares: u32,
    /// The target must test.
    pub discipline_test: bool,
    /// Cards collected by the target's player.
    pub cards: Cards,
    /// The activation ends the phase (HE-6).
    pub reversal_of_fortune: bool,
    /// The target afterwards.
    pub target: Unit,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The target's rating for a shot: base CR (Scythed Chariots 2), halved if
/// shot in flank or rear, halved if Disordered (HE-22).
pub fn target_rating(target: &Unit, flank_or_rear: bool, ex: &mut Explanation) -> u32 {
    let mut r = if target.has(Characteristic::ScythedChariots) {
        2
    } else {
        target.combat_rating
    };
    ex.line(
        format!("{}: Combat Rating {r}", target.name),
        cite("SHOOTING ACTIVATION 1", "HE-22"),
    );
    if flank_or_rear {
        r /= 2;
        ex.line(
            format!("1/2 shot in flank or rear: {r}"),
            cite("SHOOTING ACTIVATION 1", "HE-1, HE-22"),
        );
    }
    if target.disordered {
        r /= 2;
        ex.line(
            format!("1/2 Disordered: {r}"),
            cite("SHOOTING ACTIVATION 1", "HE-1, HE-22"),
        );
    }
    r
}

/// The shooter's dice and penalty for two ratings (SHOOTING ACTIVATION 2, HE-22).
pub fn dice_and_penalty(shooter: u32, target: u32) -> (usize, u32) {
    if shooter < target {
        (1, target - shooter)
    } else if shooter == target {
        (1, 0)
    } else if shooter < 2 * target {
        (2, 0)
    } else {
        (3, 0)
    }
}

/// How much the shooter likes a result, higher better: the target pushed
/// back and tested most, a Short of Ammunition (his Reversal of Fortune)
/// least (HE-22, HE-23).
pub fn shooter_liking(r: ShootingResult) -> i32 {
    match r {
        ShootingResult::WitheringShooting => 6,
        ShootingResult::TellingShots => 5,
        ShootingResult::PushBack => 4,
        ShootingResult::NoEffect => 3,
        ShootingResult::ShortOfAmmunition => 1,
    }
}

/// Whether a Defence die cancels: the chosen natural face, or a 1 against
/// Short of Ammunition (SHOOTING RESULTS, HE-23); with the house option
/// *natural 1 only*, Short of Ammunition by a 1 alone.
pub fn cancels(defence: u8, natural: u8, result: ShootingResult, natural_one_only: bool) -> bool {
    if result == ShootingResult::ShortOfAmmunition {
        defence == 1 || (!natural_one_only && defence == natural)
    } else {
        defence == natural
    }
}

impl Shooting {
    /// Plans the shot; a shooter without Ranged Attack is refused.
    pub fn plan(
        shooter: &Unit,
        target: &Unit,
        situation: ShootingSituation,
    ) -> Result<Self, RulesError> {
        // UNIT CHARACTERISTICS (2) Ranged Attack, HE-22
        if !shooter.has(Characteristic::RangedAttack) {
            return Err(RulesError::refused(format!(
                "{} has no Ranged Attack characteristic: only a Ranged Attack unit may shoot (UNIT CHARACTERISTICS (2), HE-22)",
                shooter.name
            )));
        }
        if shooter.removed || target.removed {
            return Err(RulesError::refused(
                "a unit removed from play cannot shoot or be shot",
            ));
        }
        let s = situation;
        let mut ex = Explanation::default();
        let sr = shooter.ranged_combat_rating + s.supporting_shooters;
        ex.line(
            format!(
                "{}: Ranged Combat Rating {}",
                shooter.name, shooter.ranged_combat_rating
            ),
            cite("SHOOTING ACTIVATION 1", "HE-22"),
        );
        if s.supporting_shooters > 0 {
            ex.line(
                format!(
                    "+{} adjacent friendly Ranged Attack units not in ZOC: {sr}",
                    s.supporting_shooters
                ),
                cite("SHOOTING ACTIVATION 1", "HE-22"),
            );
        }
        let tr = target_rating(target, s.flank_or_rear, &mut ex);
        let (dice_rolled, penalty) = dice_and_penalty(sr, tr);
        ex.line(
            match (dice_rolled, penalty) {
                (1, 0) => format!("{sr} against {tr}: one die"),
                (1, p) => format!("{sr} against {tr}: one die, -{p}"),
                (n, _) => format!("{sr} against {tr}: {n} dice, the shooter chooses"),
            },
            cite("SHOOTING ACTIVATION 2", "HE-22"),
        );
        // SHOOTING ACTIVATION 3: two Defence dice in Cover; Cataphracts two; never three (HE-22)
        let cataphracts = target.has(Characteristic::Cataphracts);
        let two = s.target_in_cover || cataphracts;
        let mut defence_dice = 1 + usize::from(two) + s.defence_points as usize;
        if s.stacking && s.target_in_cover && cataphracts {
            // house option 'stacking' (HE-22): Cover and Cataphracts add, three dice
            defence_dice += 1;
            ex.line(
                super::STACKING.line(crate::rules::house::HouseValue::YesNo(true)),
                super::STACKING.cite(),
            );
        }
        Ok(Shooting {
            shooter: shooter.clone(),
            target: target.clone(),
            situation,
            shooter_rating: sr,
            target_rating: tr,
            dice_rolled,
            penalty,
            defence_dice,
            explanation: ex,
        })
    }

    /// The shooter, the target and the situation planned.
    pub fn parts(&self) -> (&Unit, &Unit, &ShootingSituation) {
        (&self.shooter, &self.target, &self.situation)
    }

    /// The result a natural face gives as it is applied, if no Defence die
    /// cancels it: Plentiful Missiles' Short of Ammunition and Telling
    /// Shots on a Skirmisher are No Effect (SHOOTING RESULTS, HE-23).
    pub fn applied(&self, natural: u8) -> ShootingResult {
        let roll = shooting_result(i32::from(natural) - self.penalty as i32);
        match roll {
            ShootingResult::ShortOfAmmunition
                if self.shooter.has(Characteristic::PlentifulMissiles) =>
            {
                ShootingResult::NoEffect
            }
            ShootingResult::TellingShots if self.target.is_skirmisher() => ShootingResult::NoEffect,
            r => r,
        }
    }

    /// The chance no Defence die cancels a natural face (HE-22, HE-23).
    pub fn stands(&self, natural: u8) -> f64 {
        let roll = shooting_result(i32::from(natural) - self.penalty as i32);
        let kept = (1..=6u8)
            .filter(|d| !cancels(*d, natural, roll, self.situation.natural_one_only))
            .count();
        (kept as f64 / 6.0).powi(self.defence_dice as i32)
    }

    /// The shooter's best pick among `rolled` (HE-22: he chooses; Herald
    /// only advises): the face whose result as applied he likes best, the
    /// chance a Defence die cancels it weighed (cancelled, no effect). The
    /// first of equals in the order rolled.
    pub fn best_pick(&self, rolled: &[u8]) -> u8 {
        let mut best = rolled.first().copied().unwrap_or(1);
        let mut score = f64::MIN;
        for &f in rolled {
            let stands = self.stands(f);
            let v = shooter_liking(self.applied(f)) as f64 * stands
                + shooter_liking(ShootingResult::NoEffect) as f64 * (1.0 - stands);
            // the first of equals: a difference below rounding is none
            if v > score + 1e-9 {
                score = v;
                best = f;
            }
        }
        best
    }

    /// Resolves the shot with its dice.
    pub fn resolve(&self, dice: &ShootingDice) -> Result<ShootingOutcome, RulesError> {
        for (pool, f) in [
            ("shooting", &dice.shooting),
            ("defence", &dice.defence),
            ("push_back", &dice.push_back),
            ("stubborn", &dice.stubborn),
        ] {
            check_faces(pool, f)?;
        }
        let mut ex = self.explanation.clone();
        let mut shooting = Draw::new("shooting", &dice.shooting);
        let rolled = shooting.take(self.dice_rolled, "the shot (SHOOTING ACTIVATION 2)")?;
        shooting.done()?;
        let chosen = match (self.dice_rolled, self.situation.chosen) {
            (1, None) => rolled[0],
            (_, Some(c)) if rolled.contains(&c) => c,
            (_, Some(c)) => {
                return Err(RulesError::refused(format!(
                    "the chosen face {c} is not among the shooting dice ({}) (HE-22)",
                    faces(rolled)
                )));
            }
            (_, None) => {
                return Err(RulesError::refused(format!(
                    "the shooter chooses one of the {} dice ({}): say which (HE-22)",
                    self.dice_rolled,
                    faces(rolled)
                )));
            }
        };
        let score = i32::from(chosen) - self.penalty as i32;
        let roll_result = shooting_result(score);
        ex.line(
            format!(
                "shooting dice {}: {chosen}, score {score}: {}",
                faces(rolled),
                roll_result.to_string().replace('_', " ")
            ),
            cite("SHOOTING RESULTS", "HE-23"),
        );
        let mut defence = Draw::new("defence", &dice.defence);
        let dd = defence.take(
            self.defence_dice,
            "the target's Defence dice (SHOOTING ACTIVATION 3)",
        )?;
        defence.done()?;
        let cancelled = dd
            .iter()
            .any(|d| cancels(*d, chosen, roll_result, self.situation.natural_one_only));
        ex.line(
            format!(
                "Defence dice {}: {}",
                faces(dd),
                if cancelled {
                    "the shot is cancelled"
                } else {
                    "no match"
                }
            ),
            cite("SHOOTING ACTIVATION 3", "HE-22, HE-23"),
        );
        // HE-23 house option *natural 1 only*: said where it kept a Short of Ammunition
        if !cancelled
            && self.situation.natural_one_only
            && dd.iter().any(|d| cancels(*d, chosen, roll_result, false))
        {
            ex.line(
                format!(
                    "{} (a Defence die shows the natural {chosen}: the Short of Ammunition stands)",
                    NATURAL_ONE_ONLY.line(HouseValue::YesNo(true))
                ),
                NATURAL_ONE_ONLY.cite(),
            );
        }
        let mut target = self.target.clone();
        let mut cards = Cards::default();
        let mut next = Vec::new();
        let mut reversal = false;
        let mut squares = 0;
        let mut test = false;
        let mut push_draw = Draw::new("push_back", &dice.push_back);
        let mut stubborn = Draw::new("stubborn", &dice.stubborn);
        let skirmisher = target.is_skirmisher();
        use ShootingResult as R;
        let result = if cancelled {
            R::NoEffect
        } else {
            match roll_result {
                R::ShortOfAmmunition if self.shooter.has(Characteristic::PlentifulMissiles) => {
                    ex.line("Plentiful Missiles: Short of Ammunition counts as No Effect, no Reversal of Fortune", cite("UNIT CHARACTERISTICS (2)", "HE-23"));
                    R::NoEffect
                }
                R::TellingShots if skirmisher => {
                    ex.line(
                        "Telling Shots on a Skirmisher: No Effect",
                        cite("SHOOTING RESULTS", "HE-23"),
                    );
                    R::NoEffect
                }
                r => r,
            }
        };
        match result {
            R::ShortOfAmmunition => {
                reversal = true;
                ex.line(
                    "Short of Ammunition: no effect on the target, Reversal of Fortune",
                    cite("SHOOTING RESULTS", "HE-6, HE-23"),
                );
            }
            R::NoEffect => {}
            R::WitheringShooting if skirmisher => {
                // SHOOTING RESULTS 6: a Skirmisher rolls on the PUSH BACK table, tests, no Setback
                let d = push_draw.one("the Skirmisher's PUSH BACK roll (SHOOTING RESULTS 6)")?;
                squares = distance(d, true);
                test = true;
                ex.line(format!("Withering Shooting on a Skirmisher: PUSH BACK roll {d}, {squares} squares directly away, Discipline Test, no Setback Card"), cite("SHOOTING RESULTS", "HE-23"));
            }
            R::PushBack | R::TellingShots | R::WitheringShooting => {
                test = result != R::PushBack;
                let mut pushed = true;
                if target.has(Characteristic::ScythedChariots) {
                    // UNIT CHARACTERISTICS (3) Scythed Chariots: destroyed, a single Setback
                    target.removed = true;
                    cards.add(Cards::SETBACK);
                    test = false;
                    pushed = false;
                    ex.line(
                        format!(
                            "{}: Scythed Chariots Pushed Back are destroyed (one Setback Card)",
                            target.name
                        ),
                        cite("UNIT CHARACTERISTICS (3)", "HE-20, HE-23"),
                    );
                } else if target.has(Characteristic::Stubborn) && {
                    let d = stubborn.one("a Stubborn unit's roll (UNIT CHARACTERISTICS (3))")?;
                    ex.line(
                        format!("{} is Stubborn and rolls {d}", target.name),
                        cite("UNIT CHARACTERISTICS (3)", "HE-20"),
                    );
                    d >= 5
                } {
                    test = false;
                    pushed = false;
                    ex.line(
                        "it is not Pushed Back, no card, no test",
                        cite("UNIT CHARACTERISTICS (3)", "HE-20"),
                    );
                } else {
                    if target.is_formed() {
                        // SHOOTING RESULTS: Setback if Formed unit, HE-9
                        cards.add(Cards::SETBACK);
                    }
                    if target.has(Characteristic::Immobile) {
                        pushed = false;
                        ex.line(
                            format!(
                                "{} is Immobile: it is not moved (its card and test stand)",
                                target.name
                            ),
                            cite("UNIT CHARACTERISTICS (2)", "HE-20"),
                        );
                    }
                }
                if pushed {
                    squares = 1;
                    ex.line(
                        format!("{}: Pushed Back one square", result),
                        cite("SHOOTING RESULTS", "HE-23"),
                    );
                }
            }
        }
        push_draw.done()?;
        stubborn.done()?;
        if squares > 0 {
            next.push(Next::PushBackTarget);
        }
        if test {
            next.push(Next::DisciplineTestTarget);
        }
        if squares > 0 && target.general.is_some() {
            next.push(Next::GeneralRisk);
        }
        if !cards.is_empty() {
            ex.line(
                format!("the target's player collects {}", cards.words()),
                cite("SETBACK AND DISASTER CARDS", "HE-9"),
            );
        }
        Ok(ShootingOutcome {
            shooter_rating: self.shooter_rating,
            target_rating: self.target_rating,
            dice_rolled: self.dice_rolled,
            penalty: self.penalty,
            chosen,
            score,
            defence_dice: self.defence_dice,
            cancelled,
            roll_result,
            result,
            push_back_squares: squares,
            discipline_test: test,
            cards,
            reversal_of_fortune: reversal,
            target,
            next,
            explanation: ex,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::Class;

    fn archers() -> Unit {
        let mut u = Unit::new("archers", Class::SkirmishingInfantry, 1, 3, 8);
        u.ranged_combat_rating = 3;
        u.characteristics.push(Characteristic::RangedAttack);
        u
    }

    fn d(s: &[u8], def: &[u8]) -> ShootingDice {
        ShootingDice {
            shooting: s.to_vec(),
            defence: def.to_vec(),
            ..Default::default()
        }
    }

    #[test]
    fn penalty_and_dice() {
        assert_eq!(dice_and_penalty(2, 4), (1, 2));
        assert_eq!(dice_and_penalty(3, 3), (1, 0));
        assert_eq!(dice_and_penalty(5, 3), (2, 0));
        assert_eq!(dice_and_penalty(6, 3), (3, 0));
    }

    #[test]
    fn a_defence_one_cancels_short_of_ammunition() {
        let t = Unit::new("t", Class::FormedInfantry, 3, 4, 7);
        let p = Shooting::plan(&archers(), &t, ShootingSituation::default()).unwrap();
        let o = p.resolve(&d(&[1], &[1])).unwrap();
        assert!(o.cancelled && !o.reversal_of_fortune);
        let o = p.resolve(&d(&[1], &[4])).unwrap();
        assert!(!o.cancelled && o.reversal_of_fortune);
    }

    #[test]
    fn cover_and_cataphracts_do_not_stack() {
        let mut t = Unit::new("t", Class::Cavalry, 3, 4, 7);
        t.characteristics.push(Characteristic::Cataphracts);
        let s = ShootingSituation {
            target_in_cover: true,
            ..Default::default()
        };
        assert_eq!(Shooting::plan(&archers(), &t, s).unwrap().defence_dice, 2);
        let stacked = ShootingSituation {
            stacking: true,
            ..s
        };
        assert_eq!(
            Shooting::plan(&archers(), &t, stacked)
                .unwrap()
                .defence_dice,
            3,
            "house option stacking (HE-22)"
        );
    }

    #[test]
    fn natural_one_only_cancels_short_of_ammunition_by_a_one_alone() {
        use super::super::tables::ShootingResult::{NoEffect, ShortOfAmmunition};
        assert!(cancels(2, 2, ShortOfAmmunition, false));
        assert!(
            !cancels(2, 2, ShortOfAmmunition, true),
            "HE-23 house option"
        );
        assert!(cancels(1, 2, ShortOfAmmunition, true));
        assert!(cancels(3, 3, NoEffect, true));
        // the explanation says so where the option kept the Short of Ammunition:
        // archers (RCR 3) at a target of CR 5 lose 2: a natural 2 scores 0
        let t = Unit::new("t", Class::FormedInfantry, 5, 4, 7);
        let one = ShootingSituation {
            natural_one_only: true,
            ..Default::default()
        };
        let said = |s: ShootingSituation, defence: &[u8]| {
            let o = Shooting::plan(&archers(), &t, s)
                .unwrap()
                .resolve(&d(&[2], defence))
                .unwrap();
            (
                o.reversal_of_fortune,
                o.explanation
                    .lines
                    .iter()
                    .any(|l| l.text.contains("natural 1 only") && l.text.contains("stands")),
            )
        };
        assert_eq!(
            said(ShootingSituation::default(), &[2]),
            (false, false),
            "the natural 2 cancels"
        );
        assert_eq!(
            said(one, &[2]),
            (true, true),
            "kept by the option, and said"
        );
        assert_eq!(said(one, &[1]), (false, false), "a 1 still cancels");
        assert_eq!(
            said(one, &[3]),
            (true, false),
            "no match either way: nothing to say"
        );
    }

    #[test]
    fn withering_on_skirmishers_rolls_the_push_back_table() {
        let t = Unit::new("t", Class::SkirmishingInfantry, 3, 4, 7);
        let p = Shooting::plan(&archers(), &t, ShootingSituation::default()).unwrap();
        let mut dice = d(&[6], &[2]);
        dice.push_back = vec![5];
        let o = p.resolve(&dice).unwrap();
        assert_eq!(
            (o.push_back_squares, o.discipline_test, o.cards),
            (3, true, Cards::default())
        );
        assert!(p.resolve(&d(&[6], &[2])).is_err());
    }

    #[test]
    fn only_ranged_attack_units_shoot() {
        let t = Unit::new("t", Class::FormedInfantry, 3, 4, 7);
        assert!(Shooting::plan(&t, &t, ShootingSituation::default()).is_err());
    }
}
