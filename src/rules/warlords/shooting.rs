//! Shooting (2.5, 3.3.1, 3.3.2, 3.3.3.4; W-12 to W-15): the dice a shot
//! needs, the hits after armour, halting and casualty figures, and the
//! red-dice check on the target's personalities (3.1.3.3).

use super::personality::{self, Arena, Fate, Personality};
use super::unit::{Formation, MissileWeapon, Morale, ShootingStyle, Unit, Weapon};
use crate::dice::{Dice, DiceCount, Die};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite, sec};
use crate::rules::named::Named;
use serde::Serialize;

/// The target's stands shot at, by cover (2.5.3 C.2, W-14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct StandsShotAt {
    /// Stands in the open.
    pub open: u32,
    /// Stands in light cover (each counts as 2).
    pub light_cover: u32,
    /// Stands in heavy cover (each counts as 3).
    pub heavy_cover: u32,
}

impl StandsShotAt {
    /// The divisor for casualty figures: open + 2 × light + 3 × heavy (W-14).
    pub fn divisor(&self) -> u32 {
        self.open + 2 * self.light_cover + 3 * self.heavy_cover
    }

    /// The stands counted, whatever their cover.
    pub fn stands(&self) -> u32 {
        self.open + self.light_cover + self.heavy_cover
    }
}

/// What the referee says of a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShootingSituation {
    /// Massed, skirmishing or a shower (2.5.1).
    pub style: ShootingStyle,
    /// Range in spans (a shower is at contact, 0).
    pub range_spans: u32,
    /// The weapon used; by default the heaviest missile weapon carried.
    pub weapon: Option<MissileWeapon>,
    /// The target's stands shot at; by default its width in the open, or in
    /// heavy cover behind deployed pavises (3.3.3.4).
    pub stands_shot_at: Option<StandsShotAt>,
    /// The shooter has just made contact in a charge or counter-charge with
    /// the target, or been contacted by it: a shower may be shot, and the
    /// shooter has stopped (2.5.1, W-23, W-25).
    pub contact: bool,
}

/// Whether the unit may shoot at a charger on its way (2.4.4): as
/// [`may_shoot`], and with a style other than a shower, which is shot only
/// after contact (2.5.1, W-23).
pub fn may_shoot_before_contact(unit: &Unit) -> Result<(), String> {
    may_shoot(unit)?;
    if unit.shooting.iter().all(|s| *s == ShootingStyle::Shower) {
        return Err(format!(
            "{} shoot only in a shower, after contact and before the Melee (2.5.1, W-23): not at a charger on its way",
            unit.name
        ));
    }
    Ok(())
}

/// Whether the unit may shoot as the choice of an activation (2.5.1,
/// W-23): as [`may_shoot`], and with a style other than a shower, which is
/// never a choice of an ordinary activation.
pub fn may_shoot_in_activation(unit: &Unit) -> Result<(), String> {
    may_shoot(unit)?;
    if unit.shooting.iter().all(|s| *s == ShootingStyle::Shower) {
        return Err(shower_only(unit));
    }
    Ok(())
}

/// Why a unit that shoots only in a shower may not shoot now (2.5.1, W-23).
pub fn shower_only(unit: &Unit) -> String {
    format!(
        "{} shoot only in a shower, on contact in a charge or counter-charge (2.5.1, W-23): never as the choice of an activation",
        unit.name
    )
}

/// Whether the unit may shoot at all (1.5, 1.7.3, 2.3.2, W-12), or why not.
pub fn may_shoot(unit: &Unit) -> Result<(), String> {
    if unit.missile_weapons().is_empty() || unit.shooting.is_empty() {
        return Err(format!(
            "{} has no missile weapons to shoot with (1.5)",
            unit.name
        ));
    }
    match (unit.morale, unit.formation) {
        (Morale::Broken | Morale::Dispersed, _) => Err(format!(
            "{} is {} and may not shoot (1.7.3, W-12)",
            unit.name, unit.morale
        )),
        (Morale::Berserk, _) => Err(format!("{} is Berserk and may not shoot (W-12)", unit.name)),
        (_, Formation::Unformed) => Err(format!(
            "{} is Unformed and may not shoot (2.3.2, W-12)",
            unit.name
        )),
        (_, Formation::Wedge) => Err(format!(
            "{} is in Wedge and may not shoot (2.3.1.3, W-12)",
            unit.name
        )),
        _ => Ok(()),
    }
}

/// The range of a weapon in a style, in spans (2.5.2, 3.3.2); a shower is at contact.
pub fn range(weapon: MissileWeapon, style: ShootingStyle, arbalests: bool) -> u32 {
    match (style, weapon) {
        (ShootingStyle::Shower, _) => 0,
        (ShootingStyle::Skirmishing, MissileWeapon::HandMissiles) => 3,
        (ShootingStyle::Skirmishing, _) => 4,
        (ShootingStyle::Massed, MissileWeapon::HandMissiles) => 2,
        (ShootingStyle::Massed, MissileWeapon::LightMissiles) => 8,
        (ShootingStyle::Massed, MissileWeapon::HeavyMissiles) if arbalests => 20,
        (ShootingStyle::Massed, MissileWeapon::HeavyMissiles) => 12,
    }
}

/// A shot about to be rolled.
#[derive(Clone, Debug)]
pub struct Shooting<'a> {
    /// The unit shooting.
    pub shooter: &'a Unit,
    /// The unit shot at.
    pub target: &'a Unit,
    /// The style used.
    pub style: ShootingStyle,
    /// Range in spans.
    pub range_spans: u32,
    /// The weapon class used.
    pub weapon: MissileWeapon,
    /// Stands that shoot (front rank, plus the second when stopped, W-12).
    pub shooting_stands: u32,
    /// White dice for the shot (W-12).
    pub dice: u32,
    /// Longbows or Arbalests that ignore all armour but shields here (3.3.1, 3.3.2, W-13).
    pub ignores_armour: bool,
    /// The target's stands shot at.
    pub stands_shot_at: StandsShotAt,
    /// How the dice count was found.
    pub dice_explanation: Explanation,
}

/// What a shot did.
#[derive(Clone, Debug, Serialize)]
pub struct ShootingOutcome {
    /// White dice rolled for the shot.
    pub dice_rolled: u32,
    /// Dice showing 4, 5 or 6.
    pub raw_hits: u32,
    /// Hits after armour, Horse and Skirmishers (W-13).
    pub hits: u32,
    /// Hits exceed the target's width: it stops and is Unformed (W-14).
    pub halted: bool,
    /// Casualty figures on the target (W-14).
    pub casualties: u32,
    /// The red dice called for the personality check (W-15).
    pub personality_check: bool,
    /// The personality hit and his fate, if any (W-15, W-18).
    pub personality: Option<PersonalityHit>,
    /// The lines that made the result.
    pub explanation: Explanation,
}

/// A personality hit, and what became of him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PersonalityHit {
    /// His name.
    pub name: String,
    /// His fate.
    pub fate: Fate,
}

impl ShootingOutcome {
    /// Writes the outcome into the target: casualty figures, halting, the personality's fate.
    pub fn apply(&self, target: &mut Unit) {
        target.casualties += self.casualties;
        if self.halted {
            target.moving = false;
            target.formation = Formation::Unformed;
        }
        if let Some(hit) = &self.personality
            && let Some(p) = target.personalities.iter_mut().find(|p| p.name == hit.name)
        {
            p.status = hit.fate.status();
        }
    }
}

impl<'a> Shooting<'a> {
    /// States what the shot needs, or why it cannot be made.
    pub fn plan(
        shooter: &'a Unit,
        target: &'a Unit,
        s: ShootingSituation,
    ) -> Result<Self, RulesError> {
        may_shoot(shooter).map_err(RulesError::refused)?;
        if target.morale == Morale::Dispersed || target.stands == 0 {
            return Err(RulesError::refused(format!(
                "{} has left the table and cannot be shot at",
                target.name
            )));
        }
        if !shooter.shooting.contains(&s.style) {
            let styles: Vec<&str> = shooter.shooting.iter().map(|st| st.name()).collect();
            return Err(RulesError::refused(format!(
                "{} may not use {} shooting; its list allows: {}",
                shooter.name,
                s.style,
                styles.join(", ")
            )));
        }
        // 2.5.1, W-23: a shower only at the enemy in contact after a charge.
        if s.style == ShootingStyle::Shower && !s.contact {
            return Err(RulesError::refused(format!(
                "{} may shower only the enemy it has just made contact with in a charge or counter-charge, or that has just contacted it, after contact and before the Melee (2.5.1, W-23); it is never a choice of an ordinary activation",
                shooter.name
            )));
        }
        // 2.5.1, W-12: massed shooting needs a stopped unit (contact stops it, W-25).
        let stopped = !shooter.moving || s.contact;
        if s.style == ShootingStyle::Massed && !stopped {
            return Err(RulesError::refused(format!(
                "{} is moving: units use massed shooting only while stopped (2.5.1, W-12); a moving unit may only skirmish, with its front rank",
                shooter.name
            )));
        }
        let carried = shooter.missile_weapons();
        let weapon = match s.weapon {
            Some(w) if carried.contains(&w) => w,
            Some(w) => {
                return Err(RulesError::refused(format!(
                    "{} does not carry {w}; it carries: {}",
                    shooter.name,
                    carried
                        .iter()
                        .map(|c| c.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
            None => carried[0],
        };
        let heavy = weapon == MissileWeapon::HeavyMissiles;
        let longbows = heavy && shooter.carries(Weapon::Longbows);
        let arbalests = heavy && shooter.carries(Weapon::Arbalests);
        let reach = range(weapon, s.style, arbalests);
        if s.range_spans > reach {
            let what = if arbalests {
                "massed arbalests".to_string()
            } else {
                format!("{} {weapon}", s.style)
            };
            return Err(RulesError::refused(if s.style == ShootingStyle::Shower {
                "a shower is shot only at a unit in contact during a charge (2.5.1): range 0"
                    .to_string()
            } else {
                format!(
                    "{what} reach {reach} spans (2.5.2); the target is {} spans away, out of range",
                    s.range_spans
                )
            }));
        }
        let mut why = Explanation::default();
        let ranks = shooter.ranks();
        let front = ranks.first().copied().unwrap_or(0);
        // W-12: the second rank shoots too while stopped (after contact too, W-23).
        let second = if stopped {
            ranks.get(1).copied().unwrap_or(0)
        } else {
            0
        };
        let shooting_stands = front + second;
        let massed = s.style != ShootingStyle::Skirmishing;
        let dice = if massed && longbows {
            why.line(
                format!("massed longbows: 4 dice per file x {front} files"),
                cite("3.3.1", "W-12"),
            );
            4 * front
        } else {
            let per = if massed { 2 } else { 1 };
            let stands_text = if second > 0 {
                format!("{front} front-rank + {second} second-rank stands (stopped)")
            } else if !stopped {
                format!("{front} front-rank stands (moving: front rank only)")
            } else {
                format!("{front} front-rank stands")
            };
            why.line(
                format!(
                    "{}: {per} {} per stand x {stands_text}",
                    s.style,
                    if per == 1 { "die" } else { "dice" }
                ),
                cite("2.5.3 A", "W-12"),
            );
            per * shooting_stands
        };
        let ignores_armour = (longbows || arbalests)
            && (s.style == ShootingStyle::Skirmishing || s.range_spans <= 4);
        let stands_shot_at = match s.stands_shot_at {
            Some(st) if st.stands() == 0 => {
                return Err(RulesError::refused("at least one of the target's stands must be shot at (open, light_cover or heavy_cover)".to_string()));
            }
            Some(st) if st.stands() > target.stands => {
                return Err(RulesError::refused(format!(
                    "{} stands shot at, but {} has only {} stands",
                    st.stands(),
                    target.name,
                    target.stands
                )));
            }
            Some(st) => st,
            None if target.pavises_deployed => StandsShotAt {
                heavy_cover: target.width(),
                ..Default::default()
            },
            None => StandsShotAt {
                open: target.width(),
                ..Default::default()
            },
        };
        Ok(Shooting {
            shooter,
            target,
            style: s.style,
            range_spans: s.range_spans,
            weapon,
            shooting_stands,
            dice,
            ignores_armour,
            stands_shot_at,
            dice_explanation: why,
        })
    }

    /// Whether the target has personalities for the red dice (3.1.3.3).
    fn target_personalities(&self) -> Vec<&'a Personality> {
        self.target.active_personalities().collect()
    }

    /// The dice the shot needs given those already rolled: the white dice of
    /// the shot, 2 red when the target has personalities, then a third red
    /// and a yellow when those call for the check, then 2 white for a Slippery
    /// personality hit (W-12, W-15, W-21).
    pub fn needs(&self, rolled: &Dice) -> DiceCount {
        let mut need = DiceCount::white(self.dice as usize);
        let people = self.target_personalities();
        if people.is_empty() {
            return need;
        }
        need.red = 2;
        if rolled.white.len() < need.white || rolled.red.len() < 2 {
            return need;
        }
        let hits = self.hits(self.raw_hits(&rolled.white[..need.white]));
        if u32::from(rolled.red[0].value() + rolled.red[1].value()) > hits {
            return need;
        }
        need.red = 3;
        need.yellow = 1;
        if let (Some(&red), Some(&yellow)) = (rolled.red.get(2), rolled.yellow.first())
            && let Some(i) = personality::pick_by_yellow(people.len(), yellow)
            && personality::slippery_applies(people[i], personality::hit_fate(red, yellow))
        {
            need.white += 2;
        }
        need
    }

    /// Dice showing 4, 5 or 6 (2.5.3 B.1).
    pub fn raw_hits(&self, white: &[Die]) -> u32 {
        white.iter().filter(|d| d.value() >= 4).count() as u32
    }

    /// The armour the hits are adjusted by (W-13).
    fn armour_modifier(&self) -> i32 {
        if self.ignores_armour {
            -i32::from(self.target.shield)
        } else {
            self.target.armour_with_shield()
        }
    }

    /// Hits after armour, then doubled against Horse, halved against
    /// Skirmishers (W-13); never below 0 (W-1).
    pub fn hits(&self, raw: u32) -> u32 {
        let mut h = (raw as i32 + self.armour_modifier()).max(0) as u32;
        if self.target.troop_type.is_horse() {
            h *= 2;
        }
        if self.target.troop_type.is_skirmishers() {
            h /= 2;
        }
        h
    }

    /// Halted and casualty figures for a number of hits (W-14). Odds use this too.
    pub fn effect(&self, hits: u32) -> (bool, u32) {
        (
            hits > self.target.width(),
            hits / self.stands_shot_at.divisor(),
        )
    }

    /// Turns the dice into the outcome, with its explanation.
    pub fn resolve(&self, dice: &Dice) -> Result<ShootingOutcome, RulesError> {
        dice.expect_exactly(self.needs(dice)).map_err(|e| {
            RulesError::dice(
                e,
                format!(
                    "the shot rolls {} white dice, and 2 red when the target has personalities (2 more red-and-yellow for the check) (W-12, W-15)",
                    self.dice
                ),
            )
        })?;
        let n = self.dice as usize;
        let white = &dice.white[..n];
        let mut why = self.dice_explanation.clone();
        let raw = self.raw_hits(white);
        let shown: Vec<String> = white.iter().map(|d| d.to_string()).collect();
        why.line(
            format!("rolled {}: {raw} dice of 4+", shown.join(" ")),
            sec("2.5.3 B.1"),
        );
        let armour = self.armour_modifier();
        if self.ignores_armour {
            why.line(
                format!(
                    "{} ignore all armour but shields here: {armour:+}",
                    if self.shooter.carries(Weapon::Longbows) {
                        "longbows"
                    } else {
                        "arbalests"
                    }
                ),
                cite("3.3.1, 3.3.2", "W-13"),
            );
        } else {
            why.line(
                format!("the target's armour {armour:+} is added to the hits"),
                cite("2.5.3 B.2", "W-13"),
            );
        }
        let hits = self.hits(raw);
        if self.target.troop_type.is_horse() {
            why.line("doubled against Horse", cite("2.5.3 B.3", "W-13"));
        }
        if self.target.troop_type.is_skirmishers() {
            why.line(
                "halved against Skirmishers, rounding down",
                cite("2.5.3 B.3", "W-1, W-13"),
            );
        }
        why.line(format!("{hits} hits"), sec("2.5.3 B"));
        let (halted, casualties) = self.effect(hits);
        let width = self.target.width();
        why.line(
            if halted {
                format!("{hits} hits exceed width {width}: Halted (stops, Unformed)")
            } else {
                format!("{hits} hits do not exceed width {width}: not Halted")
            },
            cite("2.5.3 C.1", "W-14"),
        );
        let st = self.stands_shot_at;
        why.line(
            format!(
                "{hits} hits / {} ({} open + {} light cover x2 + {} heavy cover x3) = {casualties} casualty figure(s)",
                st.divisor(),
                st.open,
                st.light_cover,
                st.heavy_cover
            ),
            cite("2.5.3 C.2", "W-1, W-14"),
        );
        let (personality_check, personality) = self.personality_check(dice, hits, &mut why);
        Ok(ShootingOutcome {
            dice_rolled: self.dice,
            raw_hits: raw,
            hits,
            halted,
            casualties,
            personality_check,
            personality,
            explanation: why,
        })
    }

    /// The red dice against the hits, and the hit if they call for one (W-15, W-18).
    fn personality_check(
        &self,
        dice: &Dice,
        hits: u32,
        why: &mut Explanation,
    ) -> (bool, Option<PersonalityHit>) {
        let people = self.target_personalities();
        if people.is_empty() {
            return (false, None);
        }
        let (r1, r2) = (dice.red[0], dice.red[1]);
        let sum = u32::from(r1.value() + r2.value());
        if sum > hits {
            why.line(
                format!("red {r1}+{r2} = {sum} > {hits} hits: no personality is hit"),
                cite("3.1.3.3", "W-15"),
            );
            return (false, None);
        }
        why.line(
            format!("red {r1}+{r2} = {sum} <= {hits} hits: a personality may be hit"),
            cite("3.1.3.3", "W-15"),
        );
        let (red, yellow) = (dice.red[2], dice.yellow[0]);
        let Some(i) = personality::pick_by_yellow(people.len(), yellow) else {
            why.line(
                format!(
                    "yellow {yellow} is more than the {} personalities: nobody is hit",
                    people.len()
                ),
                cite("3.1.3.1", "W-18"),
            );
            return (true, None);
        };
        let p = people[i];
        let mut fate = personality::hit_fate(red, yellow);
        why.line(
            format!(
                "yellow {yellow} picks {} ({}); red {red} {} yellow: {fate}",
                p.name,
                personality::place_from_the_right(yellow),
                if fate == Fate::Killed {
                    "equals"
                } else {
                    "is not"
                }
            ),
            cite("3.1.3.1", "W-18"),
        );
        fate = personality::bodyguard(p, fate, Arena::Shooting, why);
        if personality::slippery_applies(p, fate) {
            let n = self.dice as usize;
            fate = personality::slippery(
                p,
                fate,
                self.target.stands,
                [dice.white[n], dice.white[n + 1]],
                why,
            );
        }
        (
            true,
            Some(PersonalityHit {
                name: p.name.clone(),
                fate,
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces;
    use crate::rules::warlords::unit::TroopType;

    fn archers() -> Unit {
        let mut u = Unit::new("Archers", TroopType::LooseFoot, 4);
        u.weapons = vec![Weapon::Light, Weapon::HeavyMissiles];
        u.shooting = vec![ShootingStyle::Massed, ShootingStyle::Skirmishing];
        u
    }

    fn massed(range_spans: u32) -> ShootingSituation {
        ShootingSituation {
            style: ShootingStyle::Massed,
            range_spans,
            weapon: None,
            stands_shot_at: None,
            contact: false,
        }
    }

    #[test]
    fn ranges_of_2_5_2() {
        use MissileWeapon::*;
        use ShootingStyle::*;
        assert_eq!(range(HandMissiles, Skirmishing, false), 3);
        assert_eq!(range(HandMissiles, Massed, false), 2);
        assert_eq!(range(LightMissiles, Skirmishing, false), 4);
        assert_eq!(range(LightMissiles, Massed, false), 8);
        assert_eq!(range(HeavyMissiles, Skirmishing, false), 4);
        assert_eq!(range(HeavyMissiles, Massed, false), 12);
        assert_eq!(range(HeavyMissiles, Massed, true), 20, "3.3.2 arbalests");
    }

    #[test]
    fn unformed_berserk_broken_wedge_cannot_shoot() {
        let mut u = archers();
        u.formation = Formation::Unformed;
        assert!(may_shoot(&u).is_err());
        let mut u = archers();
        u.morale = Morale::Berserk;
        assert!(may_shoot(&u).is_err());
        let mut u = archers();
        u.morale = Morale::Broken;
        assert!(may_shoot(&u).is_err());
        assert!(may_shoot(&archers()).is_ok());
    }

    #[test]
    fn light_cover_and_heavy_cover_divide_casualties() {
        let a = archers();
        let t = Unit::new("Fyrd", TroopType::CloseFoot, 4);
        let mut s = massed(6);
        s.stands_shot_at = Some(StandsShotAt {
            open: 1,
            light_cover: 1,
            heavy_cover: 2,
        });
        let shot = Shooting::plan(&a, &t, s).unwrap();
        assert_eq!(shot.stands_shot_at.divisor(), 9);
        assert_eq!(shot.effect(8), (true, 0));
        assert_eq!(shot.effect(9), (true, 1));
    }

    #[test]
    fn deployed_pavises_are_heavy_cover() {
        let a = archers();
        let mut t = Unit::new("Crossbowmen", TroopType::LooseFoot, 3);
        t.traits
            .push(crate::rules::warlords::unit::UnitTrait::Pavisiers);
        t.pavises_deployed = true;
        let shot = Shooting::plan(&a, &t, massed(6)).unwrap();
        assert_eq!(shot.stands_shot_at.heavy_cover, 3, "3.3.3.4");
        assert_eq!(shot.effect(8).1, 0);
        assert_eq!(shot.effect(9).1, 1);
    }

    #[test]
    fn unarmoured_target_takes_one_more_hit() {
        let a = archers();
        let mut t = Unit::new("Levy", TroopType::LooseFoot, 4);
        t.armour = 1;
        let shot = Shooting::plan(&a, &t, massed(6)).unwrap();
        assert_eq!(shot.hits(3), 4, "W-13: armour is added");
        t.armour = -1;
        t.shield = true;
        let shot = Shooting::plan(&a, &t, massed(6)).unwrap();
        assert_eq!(shot.hits(1), 0, "W-1: never below 0");
    }

    #[test]
    fn arbalests_reach_20_and_pierce_only_close() {
        let mut a = archers();
        a.weapons.push(Weapon::Arbalests);
        let mut t = Unit::new("Knights", TroopType::Cavalry, 4);
        t.armour = -2;
        t.shield = true;
        let far = Shooting::plan(&a, &t, massed(18)).unwrap();
        assert!(!far.ignores_armour);
        assert_eq!(far.hits(5), 4, "(5 - 3) x 2 against Horse");
        let near = Shooting::plan(&a, &t, massed(4)).unwrap();
        assert!(near.ignores_armour);
        assert_eq!(near.hits(5), 8, "(5 - 1 shield) x 2");
        let mut sk = massed(4);
        sk.style = ShootingStyle::Skirmishing;
        assert!(
            Shooting::plan(&a, &t, sk).unwrap().ignores_armour,
            "3.3.2 skirmishing arbalests"
        );
        assert!(Shooting::plan(&a, &t, massed(21)).is_err());
    }

    #[test]
    fn personality_dice_are_needed_in_stages() {
        let a = archers();
        let mut t = Unit::new("Housecarls", TroopType::CloseFoot, 4);
        let mut p = Personality::new("Gyrth");
        p.traits
            .push(crate::rules::warlords::personality::PersonalityTrait::Slippery);
        t.personalities.push(p);
        let shot = Shooting::plan(&a, &t, massed(5)).unwrap();
        let mut dice = Dice::white(&[6, 6, 6, 6, 6, 6, 6, 6]).unwrap();
        assert_eq!(
            shot.needs(&dice),
            DiceCount {
                white: 8,
                red: 2,
                yellow: 0,
                d20: 0
            }
        );
        dice.red = faces(&[1, 1]).unwrap();
        assert_eq!(
            shot.needs(&dice),
            DiceCount {
                white: 8,
                red: 3,
                yellow: 1,
                d20: 0
            }
        );
        dice.red.push(Die::new(4).unwrap());
        dice.yellow = faces(&[1]).unwrap();
        assert_eq!(
            shot.needs(&dice),
            DiceCount {
                white: 10,
                red: 3,
                yellow: 1,
                d20: 0
            },
            "Slippery: 2 more white"
        );
        dice.white.extend(faces(&[3, 5]).unwrap());
        let out = shot.resolve(&dice).unwrap();
        assert_eq!(
            out.personality,
            Some(PersonalityHit {
                name: "Gyrth".into(),
                fate: Fate::Escaped
            })
        );
    }
}
