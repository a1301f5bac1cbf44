//! Shooting (Rules 55-56, WI-16, WI-17): range and Defence Value from the
//! table of Rule 55; one die (two for rockets and heavy catapults), the
//! difference in bases, extra ranks of close-order targets, and the listed
//! modifiers; hits are the score less the Defence Value, each an AP on the
//! target (Rule 12), which calls for its waver test (Rule 58, WI-13).

use super::points::{self, Next};
use super::tables::{DefenceColumn, RangeRow, range_row};
use super::unit::{Activity, Morale, ShootingWeapon, Unit, UnitState};
use super::{expect_dice, faces, on_table};
use crate::dice::{Dice, DiceCount};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::named::Named;

/// Where the shooters are, seen from the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ShotFrom {
    /// In front of it.
    #[default]
    Front,
    /// Behind its flank.
    Flank,
    /// Behind its rear.
    Rear,
}
named_enum!(ShotFrom {
    "front" => ShotFrom::Front,
    "flank" => ShotFrom::Flank,
    "rear" => ShotFrom::Rear,
});

/// What the referee says of a shot; `None` fields take the units' own values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ShootingSituation {
    /// Range in cm.
    pub range_cm: u32,
    /// The weapon used [the shooter's first shooting weapon; artillery its own].
    pub weapon: Option<ShootingWeapon>,
    /// Bases shooting [the shooter's files].
    pub shooting_bases: Option<u32>,
    /// Target bases in the rank facing the shooters [the target's files].
    pub target_front_bases: Option<u32>,
    /// Ranks or files deep, seen from the shooters [the target's ranks].
    pub target_depth: Option<u32>,
    /// From the target's front, flank or rear.
    pub shot_from: ShotFrom,
    /// The target is in cover.
    pub target_in_cover: bool,
    /// The target is screened by OO troops.
    pub screened_by_oo: bool,
    /// Close-order ranks in an artillery line of fire in the open [the
    /// smaller of 2 and the target's depth, for a close-order target in the open].
    pub ranks_in_line_of_fire: Option<u32>,
}

/// A shot about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shooting {
    /// The shooters.
    pub shooter: Unit,
    /// The target.
    pub target: Unit,
    /// What the referee said.
    pub situation: ShootingSituation,
    /// The weapon used.
    pub weapon: ShootingWeapon,
    /// Its row of Rule 55.
    pub row: RangeRow,
    /// Within short range (WI-16).
    pub short_range: bool,
    /// The target's Defence Value against the weapon (Rule 55).
    pub defence_value: u32,
    /// Dice thrown (Rule 56).
    pub dice: u32,
    /// Every modifier to the dice (Rule 56, WI-17).
    pub modifiers: Vec<Modifier>,
    /// What was said that counts for nothing here, and why.
    pub notes: Explanation,
}

/// What a shot did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShootingOutcome {
    /// Dice thrown.
    pub dice_rolled: u32,
    /// Within short range.
    pub short_range: bool,
    /// The target's Defence Value.
    pub defence_value: u32,
    /// The dice and modifiers before the DV is deducted, at least 0 (WI-1).
    pub score: i32,
    /// Hits: APs on the target (WI-17).
    pub hits: u32,
    /// A waver test is due (Rule 58, WI-13).
    pub waver_test: bool,
    /// Bases the hits removed (WI-10).
    pub bases_removed: u32,
    /// The target after.
    pub after: UnitState,
    /// What is required now.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

fn num(v: u32) -> i32 {
    v.min(i32::MAX as u32 / 4) as i32
}

/// The shooting weapons a unit carries, in its file's order (artillery's
/// own weapon is its troop type's, not carried).
fn carried(shooter: &Unit) -> Vec<ShootingWeapon> {
    shooter
        .weapons
        .iter()
        .filter_map(|w| w.as_shooting())
        .collect()
}

/// What a shot takes where the referee says nothing: the bracketed
/// defaults of [`ShootingSituation`], for a console to show beside what
/// the referee may say instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumed {
    /// The weapons it may choose from, the one taken first (WI-16); empty
    /// for artillery, which shoots as its type (Rule 55).
    pub weapons: Vec<ShootingWeapon>,
    /// Bases shooting: the shooter's files.
    pub shooting_bases: u32,
    /// Target bases facing the shooters: the target's files.
    pub target_front_bases: u32,
    /// Ranks or files deep: the target's ranks.
    pub target_depth: u32,
    /// For artillery only: close-order ranks in its line of fire in the
    /// open, at most 2 (Rule 56, WI-17).
    pub ranks_in_line_of_fire: Option<u32>,
}

impl ShootingSituation {
    /// The defaults this situation leaves to the units (Rule 56, WI-17).
    pub fn assumed(&self, shooter: &Unit, target: &Unit) -> Assumed {
        let artillery = shooter.troop_type.is_artillery();
        // Rule 56, WI-17: the side shot at faces the shooters. From the
        // flank its ranks face them and its files are its depth; the front
        // and the rear are as wide as its files and as deep as its ranks.
        let (facing, deep) = self.geometry(target);
        let depth = self.target_depth.unwrap_or(deep);
        Assumed {
            weapons: if artillery {
                Vec::new()
            } else {
                carried(shooter)
            },
            shooting_bases: shooter.files,
            target_front_bases: facing,
            target_depth: deep,
            // Rule 56, WI-17: each NO rank in the line of fire in the open, max 2.
            ranks_in_line_of_fire: artillery.then(|| {
                if target.is_no() && !self.target_in_cover {
                    depth.min(2)
                } else {
                    0
                }
            }),
        }
    }
}

impl ShootingSituation {
    /// The target's bases facing the shooters and its depth, from the side
    /// shot at (Rule 56, WI-17): `(files, ranks)` from the front or rear,
    /// `(ranks, files)` from the flank.
    pub fn geometry(&self, target: &Unit) -> (u32, u32) {
        match self.shot_from {
            ShotFrom::Flank => (target.ranks, target.files),
            ShotFrom::Front | ShotFrom::Rear => (target.files, target.ranks),
        }
    }
}

/// The weapon a shooter uses, or why it cannot shoot (README, WI-16).
fn weapon_used(shooter: &Unit, asked: Option<ShootingWeapon>) -> Result<ShootingWeapon, String> {
    if shooter.troop_type.is_artillery() {
        let own = shooter.shooting_weapon().ok_or("artillery shoots")?;
        return match asked {
            Some(w) if w != own => Err(format!(
                "{} is {} and shoots as one (Rule 55), not with {}",
                shooter.name,
                shooter.troop_type.title(),
                w.title()
            )),
            _ => Ok(own),
        };
    }
    let carried = carried(shooter);
    match asked {
        Some(w) if carried.contains(&w) => Ok(w),
        Some(w) => Err(format!(
            "{} does not carry {}; its shooting weapons are: {}",
            shooter.name,
            w.title(),
            if carried.is_empty() {
                "none".to_string()
            } else {
                carried.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
            }
        )),
        None => carried.first().copied().ok_or_else(|| {
            format!(
                "{} has no shooting weapon (bow, crossbow, mixed, sling, staff sling, darts) and is not artillery (Rule 55)",
                shooter.name
            )
        }),
    }
}

impl Shooting {
    /// States the dice, Defence Value and every modifier, or why the shot cannot be made.
    pub fn plan(
        shooter: &Unit,
        target: &Unit,
        s: ShootingSituation,
    ) -> Result<Shooting, RulesError> {
        on_table(shooter)?;
        on_table(target)?;
        if shooter.morale == Morale::Routed {
            // Herald's reading: Rule 56 penalises shaken and wavering shooters, never routers, who flee.
            return Err(RulesError::refused(format!(
                "{} is routed: routers flee and do not shoot (Rule 56)",
                shooter.name
            )));
        }
        let weapon = weapon_used(shooter, s.weapon).map_err(RulesError::refused)?;
        let row = *range_row(weapon);
        // Rule 55, WI-16: beyond the maximum the shot is refused.
        if s.range_cm > row.maximum {
            return Err(RulesError::refused(format!(
                "{}: maximum range {} cm (Rule 55); the target is {} cm away, out of range",
                weapon.title(),
                row.maximum,
                s.range_cm
            )));
        }
        let column = DefenceColumn::of(target);
        let Some(defence_value) = row.dv[column.index()] else {
            return Err(RulesError::refused(format!(
                "shooting with {} cannot harm {}: the {} column of Rule 55 says NA for {}; only artillery can (WI-16)",
                weapon.title(),
                target.troop_type.title(),
                column.heading(),
                weapon.title()
            )));
        };
        let assumed = s.assumed(shooter, target);
        let shooting_bases = s.shooting_bases.unwrap_or(assumed.shooting_bases);
        if shooting_bases == 0 || shooting_bases > shooter.bases {
            return Err(RulesError::refused(format!(
                "{shooting_bases} bases shooting: {} has {} bases, and at least one must shoot",
                shooter.name, shooter.bases
            )));
        }
        let facing = s.target_front_bases.unwrap_or(assumed.target_front_bases);
        if facing == 0 || facing > target.bases {
            return Err(RulesError::refused(format!(
                "{facing} target bases facing the shooters: {} has {} bases, and at least one faces them",
                target.name, target.bases
            )));
        }
        let depth = s.target_depth.unwrap_or(assumed.target_depth);
        if depth == 0 {
            return Err(RulesError::refused(
                "the target is at least 1 rank or file deep (target_depth)",
            ));
        }
        let artillery = shooter.troop_type.is_artillery();
        let short_range = row.short.is_some_and(|short| s.range_cm <= short);
        let mut m = Vec::new();
        let mut notes = Explanation::default();
        let r56 = || cite("Rule 56", "WI-17");
        // Rule 56, WI-1, WI-17: +/-1 per whole 2 extra shooting/target bases.
        let d = num(shooting_bases) - num(facing);
        if d / 2 != 0 {
            m.push(Modifier::new(
                d / 2,
                format!(
                    "{shooting_bases} shooting bases against {facing} target bases facing: {d:+}, 1 per whole 2"
                ),
                cite("Rule 56", "WI-1, WI-17"),
            ));
        }
        if !artillery && target.is_no() && depth > 1 {
            // Rule 56, WI-17: extra NO ranks/files, 2 as 1 from behind flank or rear, max 4.
            let extra = depth - 1;
            let counted = if s.shot_from == ShotFrom::Front {
                extra
            } else {
                extra / 2
            }
            .min(4);
            if counted > 0 {
                m.push(Modifier::new(
                    -num(counted),
                    format!(
                        "{extra} extra close-order rank(s)/file(s){}{}",
                        if s.shot_from == ShotFrom::Front {
                            ""
                        } else {
                            ", 2 count as 1 from behind its flank or rear"
                        },
                        if counted == 4 { " (at most 4)" } else { "" }
                    ),
                    r56(),
                ));
            }
        }
        if artillery {
            // Rule 56, WI-17: each NO rank in the artillery line of fire in the open, max 2.
            let default = assumed.ranks_in_line_of_fire.unwrap_or(0);
            let said = s.ranks_in_line_of_fire.unwrap_or(default);
            if said > 2 {
                notes.line(
                    format!("{said} close-order ranks in the line of fire count as 2, the most"),
                    r56(),
                );
            }
            let ranks = said.min(2);
            if ranks > 0 {
                m.push(Modifier::new(
                    num(ranks),
                    format!(
                        "{ranks} close-order rank(s) in the artillery's line of fire in the open"
                    ),
                    r56(),
                ));
            }
            if target.is_no() && s.shot_from == ShotFrom::Flank && !s.target_in_cover {
                m.push(Modifier::new(
                    2,
                    "artillery shooting at a close-order flank in the open from the flank",
                    r56(),
                ));
            }
        } else if s.ranks_in_line_of_fire.is_some_and(|r| r > 0) {
            notes.line("ranks in the line of fire count only for artillery", r56());
        }
        if short_range {
            match weapon {
                ShootingWeapon::Mixed => m.push(Modifier::new(
                    1,
                    format!("mixed weapons at short range ({} cm)", s.range_cm),
                    cite("Rules 55, 56", "WI-16, WI-17"),
                )),
                ShootingWeapon::Bow | ShootingWeapon::Crossbow => m.push(Modifier::new(
                    2,
                    format!("{}s at short range ({} cm)", weapon.title(), s.range_cm),
                    cite("Rules 55, 56", "WI-16, WI-17"),
                )),
                _ => {}
            }
        }
        // Rule 56, WI-17: shooters charging, evading, dispersed, disordered, shaken or wavering, once.
        let mut off: Vec<&str> = Vec::new();
        if shooter.is(Activity::Charging) || shooter.is(Activity::CounterCharging) {
            off.push("charging");
        }
        if shooter.is(Activity::Evading) {
            off.push("evading");
        }
        match shooter.morale {
            Morale::Dispersed => off.push("dispersed"),
            Morale::Shaken => off.push("shaken"),
            Morale::Wavering => off.push("wavering"),
            _ => {}
        }
        if shooter.is_disordered() {
            off.push("disordered");
        }
        if !off.is_empty() {
            m.push(Modifier::new(
                -1,
                format!("shooters {} (once)", off.join(", ")),
                r56(),
            ));
        }
        let target_charging = target.is(Activity::Charging) || target.is(Activity::CounterCharging);
        let mut moving: Vec<&str> = Vec::new();
        if target_charging {
            moving.push("charging");
        }
        if target.is(Activity::Pursuing) {
            moving.push("pursuing");
        }
        if s.screened_by_oo {
            moving.push("screened by OO troops");
        }
        if !moving.is_empty() {
            m.push(Modifier::new(
                -1,
                format!("target {} (once)", moving.join(", ")),
                r56(),
            ));
        }
        if target.is_oo() && !s.target_in_cover && !target_charging {
            m.push(Modifier::new(
                -1,
                "target is OO troops in the open, not charging",
                r56(),
            ));
        }
        if s.target_in_cover {
            if artillery && !target.is_oo() {
                notes.line(
                    "target in cover, but artillery shooting at troops not in OO loses nothing for it",
                    r56(),
                );
            } else {
                m.push(Modifier::new(-2, "target in cover", r56()));
            }
        }
        let dice = match weapon {
            ShootingWeapon::HeavyCatapult | ShootingWeapon::RocketBattery => 2,
            _ => 1,
        };
        Ok(Shooting {
            shooter: shooter.clone(),
            target: target.clone(),
            situation: s,
            weapon,
            row,
            short_range,
            defence_value,
            dice,
            modifiers: m,
            notes,
        })
    }

    /// One die, two for rockets and heavy catapults (Rule 56).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(self.dice as usize)
    }

    /// The score of dice summing to `sum`, before the DV: at least 0 (WI-1). Odds use this.
    pub fn score(&self, sum: u32) -> i32 {
        (num(sum) + total(&self.modifiers)).max(0)
    }

    /// Hits for dice summing to `sum`: the score less the DV, at least 0 (WI-17). Odds use this.
    pub fn hits(&self, sum: u32) -> u32 {
        (self.score(sum) - num(self.defence_value)).max(0) as u32
    }

    /// The target after `hits` APs: its state, the bases removed, whether a
    /// waver test is due, what is required next, and why (Rules 12, 16, 58;
    /// WI-10, WI-13).
    pub fn after(&self, hits: u32) -> (UnitState, u32, bool, Vec<Next>, Explanation) {
        let mut why = Explanation::default();
        let (state, removed, waver, next) = self.apply(hits, Some(&mut why));
        (state, removed, waver, next, why)
    }

    /// What `hits` do to the target, without the explanation: its state,
    /// the bases removed and whether a waver test is due. Odds use this.
    pub fn effect(&self, hits: u32) -> (UnitState, u32, bool) {
        let (state, removed, waver, _) = self.apply(hits, None);
        (state, removed, waver)
    }

    fn apply(
        &self,
        hits: u32,
        mut why: Option<&mut Explanation>,
    ) -> (UnitState, u32, bool, Vec<Next>) {
        let mut state = self.target.state();
        if hits == 0 {
            return (state, 0, false, Vec::new());
        }
        points::gain(&mut state, hits, 0);
        let mut say = |text: &str, rule: &str, ruling: &str| {
            if let Some(w) = why.as_deref_mut() {
                w.line(text, cite(rule, ruling));
            }
        };
        say(
            &format!(
                "{} gains {hits} AP{} from the hits: {} APs",
                self.target.name,
                if hits == 1 { "" } else { "s" },
                state.aps
            ),
            "Rules 12, 56",
            "WI-17",
        );
        let can = points::may_recuperate(state.morale, &self.target.activity);
        let removed = points::remove_bases_with(&mut state, can, why.as_deref_mut());
        let mut say = |text: &str| {
            if let Some(w) = why.as_deref_mut() {
                w.line(text, cite("Rule 58", "WI-13"));
            }
        };
        // Rule 58, WI-13: any AP from shooting calls for a waver test, at most one a Move.
        let mut next = Vec::new();
        let waver = state.bases > 0 && !self.target.waver_tested && state.morale != Morale::Routed;
        if state.bases == 0 {
            next.push(Next::Destroyed);
        } else if self.target.waver_tested {
            say("it has already taken its waver test this Move: no other");
        } else if state.morale == Morale::Routed {
            say("routed units do not test");
        } else {
            say("APs from shooting: a waver test is due");
            next.push(Next::WaverTest);
        }
        (state, removed, waver, next)
    }

    /// Turns the dice into hits and their effect on the target.
    pub fn resolve(&self, dice: &Dice) -> Result<ShootingOutcome, RulesError> {
        expect_dice(
            dice,
            self.needs(),
            &format!(
                "{} throw {} (Rule 56)",
                self.weapon.title(),
                if self.dice == 1 {
                    "one die"
                } else {
                    "two dice"
                }
            ),
        )?;
        let sum: u32 = dice.white.iter().map(|d| u32::from(d.value())).sum();
        let mut why = Explanation::default();
        let range = match self.row.short {
            Some(short) if self.short_range => format!("short range (up to {short} cm)"),
            Some(short) => format!(
                "long range (short is up to {short} cm, maximum {})",
                self.row.maximum
            ),
            None => format!("no short range; maximum {}", self.row.maximum),
        };
        why.line(
            format!(
                "{} shoots {} at {} cm: {range}; DV against {} is {}",
                self.shooter.name,
                self.weapon.title(),
                self.situation.range_cm,
                DefenceColumn::of(&self.target).heading(),
                self.defence_value
            ),
            cite("Rule 55", "WI-16"),
        );
        why.line(
            format!("the dice show {}: {sum}", faces(dice)),
            cite("Rule 56", "WI-17"),
        );
        why.modifiers(&self.modifiers);
        why.extend(self.notes.clone());
        let score = self.score(sum);
        let hits = self.hits(sum);
        why.line(
            format!(
                "score {score} less DV {} = {hits} hit{}",
                self.defence_value,
                if hits == 1 { "" } else { "s" }
            ),
            cite("Rule 56", "WI-1, WI-17"),
        );
        let (after, removed, waver_test, next, more) = self.after(hits);
        why.extend(more);
        Ok(ShootingOutcome {
            dice_rolled: self.dice,
            short_range: self.short_range,
            defence_value: self.defence_value,
            score,
            hits,
            waver_test,
            bases_removed: removed,
            after,
            next,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{Armour, Order, TroopType, Weapon};

    fn archers(bases: u32) -> Unit {
        let mut u = Unit::new("Archers", TroopType::Foot, bases);
        u.order = Order::Oo;
        u.weapons = vec![Weapon::Bow];
        u
    }

    fn foot(bases: u32, files: u32) -> Unit {
        let mut u = Unit::new("Foot", TroopType::Foot, bases).with_files(files);
        u.armour = Armour::Ar;
        u
    }

    fn at(range_cm: u32) -> ShootingSituation {
        ShootingSituation {
            range_cm,
            ..ShootingSituation::default()
        }
    }

    fn shoot(s: &Unit, t: &Unit, sit: ShootingSituation, faces: &[u8]) -> ShootingOutcome {
        Shooting::plan(s, t, sit)
            .unwrap()
            .resolve(&Dice::white(faces).unwrap())
            .unwrap()
    }

    #[test]
    fn range_and_defence_value() {
        let out = shoot(&archers(2), &foot(2, 2), at(12), &[6]);
        assert!(out.short_range);
        assert_eq!(out.defence_value, 4);
        assert_eq!((out.score, out.hits), (8, 4));
        assert!(!shoot(&archers(2), &foot(2, 2), at(13), &[6]).short_range);
        let e = Shooting::plan(&archers(2), &foot(2, 2), at(21)).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
        let wagons = Unit::new("Wagons", TroopType::BaggageWagons, 2);
        let e = Shooting::plan(&archers(2), &wagons, at(10)).unwrap_err();
        assert!(e.to_string().contains("only artillery"), "{e}");
        let ballista = Unit::new("Ballista", TroopType::Carroballista, 1);
        assert_eq!(
            Shooting::plan(&ballista, &wagons, at(40))
                .unwrap()
                .defence_value,
            5
        );
    }

    #[test]
    fn from_the_flank_its_ranks_face_and_its_files_are_deep() {
        // Rule 56, WI-17: a unit 6 files by 2 ranks shot from the flank
        // shows 2 bases and is 6 files deep until the referee says otherwise.
        let wide = foot(12, 6);
        let flank = ShootingSituation {
            shot_from: ShotFrom::Flank,
            ..at(18)
        };
        let a = flank.assumed(&archers(2), &wide);
        assert_eq!((a.target_front_bases, a.target_depth), (2, 6));
        // 2 shooting v 2 facing: 0; 5 extra files, 2 as 1: -2.
        let plan = Shooting::plan(&archers(2), &wide, flank).unwrap();
        assert_eq!(total(&plan.modifiers), -2);
        let rear = ShootingSituation {
            shot_from: ShotFrom::Rear,
            ..at(18)
        };
        let a = rear.assumed(&archers(2), &wide);
        assert_eq!((a.target_front_bases, a.target_depth), (6, 2));
        let front = at(18).assumed(&archers(2), &wide);
        assert_eq!((front.target_front_bases, front.target_depth), (6, 2));
    }

    #[test]
    fn extra_ranks_count_half_from_the_flank() {
        let deep = foot(12, 2); // 6 ranks
        let front = Shooting::plan(&archers(2), &deep, at(18)).unwrap();
        assert_eq!(total(&front.modifiers), -4, "5 extra ranks, at most 4");
        let flank = ShootingSituation {
            shot_from: ShotFrom::Flank,
            target_front_bases: Some(2),
            target_depth: Some(5),
            ..at(18)
        };
        let plan = Shooting::plan(&archers(2), &deep, flank).unwrap();
        assert_eq!(total(&plan.modifiers), -2, "4 extra files, 2 as 1");
        let mut oo = deep.clone();
        oo.order = Order::Oo;
        let plan = Shooting::plan(&archers(2), &oo, at(18)).unwrap();
        assert_eq!(
            total(&plan.modifiers),
            -1,
            "OO: no rank deduction, -1 OO in the open"
        );
    }

    #[test]
    fn shooters_and_targets_states() {
        let mut s = archers(2);
        s.morale = Morale::Wavering;
        s.dps = 1;
        s.aps = 1;
        s.activity = vec![Activity::Evading];
        let mut t = foot(2, 2);
        t.activity = vec![Activity::Pursuing];
        let sit = ShootingSituation {
            screened_by_oo: true,
            ..at(18)
        };
        let plan = Shooting::plan(&s, &t, sit).unwrap();
        assert_eq!(total(&plan.modifiers), -2, "each line once");
        let text = format!("{:?}", plan.modifiers);
        assert!(
            text.contains("evading, wavering, disordered (once)"),
            "{text}"
        );
        assert!(
            text.contains("pursuing, screened by OO troops (once)"),
            "{text}"
        );
        s.morale = Morale::Routed;
        assert!(Shooting::plan(&s, &t, at(18)).is_err());
    }

    #[test]
    fn cover_spares_close_troops_only_from_bows() {
        let cover = ShootingSituation {
            target_in_cover: true,
            ..at(18)
        };
        let bows = Shooting::plan(&archers(2), &foot(2, 2), cover).unwrap();
        assert_eq!(total(&bows.modifiers), -2);
        let cat = Unit::new("Catapult", TroopType::LightCatapult, 1);
        let art = Shooting::plan(
            &cat,
            &foot(2, 2),
            ShootingSituation {
                range_cm: 40,
                ..cover
            },
        )
        .unwrap();
        assert_eq!(
            total(&art.modifiers),
            0,
            "1 v 2 bases: 0; no NO ranks in the open; no cover"
        );
        assert!(art.notes.to_string().contains("loses nothing"));
        let mut oo = foot(2, 2);
        oo.order = Order::Oo;
        let art = Shooting::plan(
            &cat,
            &oo,
            ShootingSituation {
                range_cm: 40,
                ..cover
            },
        )
        .unwrap();
        assert_eq!(total(&art.modifiers), -2, "artillery at OO in cover");
    }

    #[test]
    fn rockets_throw_two_dice_and_hits_call_a_waver_test() {
        let rockets = Unit::new("Rockets", TroopType::RocketBattery, 1);
        let t = foot(4, 4);
        let plan = Shooting::plan(&rockets, &t, at(60)).unwrap();
        assert_eq!(plan.needs(), DiceCount::white(2));
        let out = plan.resolve(&Dice::white(&[6, 6]).unwrap()).unwrap();
        // 12 - 1 (1 v 4 bases: -3) + 1 (one NO rank in the line of fire) = 12; DV 10.
        assert_eq!((out.score, out.hits), (12, 2));
        assert!(out.waver_test);
        assert_eq!(out.next, [Next::WaverTest]);
        let mut tested = t.clone();
        tested.waver_tested = true;
        let out = shoot(&rockets, &tested, at(60), &[6, 6]);
        assert!(!out.waver_test && out.next.is_empty());
    }

    #[test]
    fn the_weapon_must_be_carried() {
        let sit = ShootingSituation {
            weapon: Some(ShootingWeapon::Sling),
            ..at(5)
        };
        assert!(Shooting::plan(&archers(2), &foot(2, 2), sit).is_err());
        let sword = Unit::new("Swords", TroopType::Foot, 2);
        assert!(Shooting::plan(&sword, &foot(2, 2), at(5)).is_err());
        let cat = Unit::new("Catapult", TroopType::HeavyCatapult, 1);
        let sit = ShootingSituation {
            weapon: Some(ShootingWeapon::Bow),
            ..at(5)
        };
        assert!(Shooting::plan(&cat, &foot(2, 2), sit).is_err());
    }

    #[test]
    fn what_a_shot_assumes_is_what_it_then_uses() {
        // Rule 56, WI-16, WI-17: files, ranks, the first weapon carried.
        let mut slingers = archers(6).with_files(3);
        slingers.weapons = vec![Weapon::Sling, Weapon::Bow];
        let target = foot(8, 4);
        let a = at(10).assumed(&slingers, &target);
        assert_eq!(
            a,
            Assumed {
                weapons: vec![ShootingWeapon::Sling, ShootingWeapon::Bow],
                shooting_bases: 3,
                target_front_bases: 4,
                target_depth: 2,
                ranks_in_line_of_fire: None,
            }
        );
        // Saying the defaults is saying nothing.
        let said = ShootingSituation {
            weapon: Some(ShootingWeapon::Sling),
            shooting_bases: Some(3),
            target_front_bases: Some(4),
            target_depth: Some(2),
            ..at(10)
        };
        let plain = Shooting::plan(&slingers, &target, at(10)).unwrap();
        let told = Shooting::plan(&slingers, &target, said).unwrap();
        assert_eq!((plain.dice, plain.score(6)), (told.dice, told.score(6)));
        assert_eq!(plain.modifiers, told.modifiers);
        // Artillery: its own weapon, and up to 2 close-order ranks in the open.
        let cat = Unit::new("Catapult", TroopType::HeavyCatapult, 1);
        let deep = foot(12, 4);
        let a = at(30).assumed(&cat, &deep);
        assert_eq!((a.weapons.len(), a.ranks_in_line_of_fire), (0, Some(2)));
        let covered = ShootingSituation {
            target_in_cover: true,
            ..at(30)
        };
        assert_eq!(covered.assumed(&cat, &deep).ranks_in_line_of_fire, Some(0));
        let one_deep = ShootingSituation {
            target_depth: Some(1),
            ..at(30)
        };
        assert_eq!(one_deep.assumed(&cat, &deep).ranks_in_line_of_fire, Some(1));
    }
}
