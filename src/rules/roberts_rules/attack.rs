//! Attacks (RR-16 to RR-21): two dice + attacker's value - defender's DV +
//! modifiers. Missile Fire Disrupts at 7 and hits at 11; a simultaneous
//! melee counts only the higher score, 7 pushing back and higher scores
//! hitting; a Pursuit attack hits 1-3 times.

use super::house::{MELEE_TIE, MELEE_TWO_HITS_AT};
use super::unit::{Attribute, Unit};
use super::{Named, demoralized_modifier, house_lines, referee_modifiers, two_dice};
use crate::dice::Die;
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::house::House;

/// The base modifiers of an attack: the attacker's value, the defender's
/// DV, +1 against a Disrupted defender (RR-17), the attacker's Demoralized
/// penalty (RR-8), then the referee's.
fn base_modifiers(
    attacker: &Unit,
    value: (i32, &str),
    defender: &Unit,
    referee: &[Named],
    house: &House,
    sec: &str,
) -> Vec<Modifier> {
    let rule = if sec == MISSILE { "RR-16" } else { "RR-18" };
    let mut m = vec![
        Modifier::new(
            value.0,
            format!("{} {}", possessive(&attacker.name), value.1),
            cite(sec, rule),
        ),
        Modifier::new(
            -defender.dv,
            format!("{} DV", possessive(&defender.name)),
            cite(sec, rule),
        ),
    ];
    if defender.disrupted {
        m.push(Modifier::new(
            1,
            "the enemy is Disrupted (DV 1 lower)",
            cite(sec, "RR-17"),
        ));
    }
    m.extend(demoralized_modifier(attacker, house));
    m.extend(referee_modifiers(referee));
    m
}

fn possessive(name: &str) -> String {
    crate::rules::explain::possessive(name)
}

/// One Missile Fire Action's attacks by stands of one unit on one target stand (RR-16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissileAttack {
    /// The modifiers, the same for every attack of the Action (RR-17).
    pub modifiers: Vec<Modifier>,
    /// Whether the target was already Disrupted.
    pub target_disrupted: bool,
}

/// The attacks' outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissileOutcome {
    /// The total modifier.
    pub modifier: i32,
    /// Each attack's modified score.
    pub scores: Vec<i32>,
    /// The target stand is Disrupted after.
    pub disrupted: bool,
    /// Hits on the target's unit.
    pub hits: u32,
    /// The lines that made it.
    pub explanation: Explanation,
}

const MISSILE: &str = "Missile Fire";

impl MissileAttack {
    /// Plans the attacks of `attacker`'s stands on a stand of `target`.
    pub fn plan(
        attacker: &Unit,
        target: &Unit,
        referee: &[Named],
        house: &House,
    ) -> Result<MissileAttack, RulesError> {
        if attacker.mav <= 0 {
            return Err(RulesError::refused(format!(
                "{} has no Missile Attack Value ({}): it has no missile weapons to attack with (RR-3)",
                attacker.name,
                attacker.values()
            )));
        }
        Ok(MissileAttack {
            modifiers: base_modifiers(
                attacker,
                (attacker.mav, "MAV"),
                target,
                referee,
                house,
                MISSILE,
            ),
            target_disrupted: target.disrupted,
        })
    }

    /// Resolves each attack's two dice: 7+ Disrupts, 11+ also hits.
    pub fn resolve(&self, attacks: &[Vec<Die>]) -> Result<MissileOutcome, RulesError> {
        if attacks.is_empty() {
            return Err(RulesError::refused(
                "no attacks were rolled: give two dice for each attack (RR-1, RR-16)",
            ));
        }
        let modifier = total(&self.modifiers);
        let mut ex = Explanation::default();
        ex.line(
            "each attack: two dice + modifiers; 7 or more Disrupts the target, 11 or more also hits",
            cite(MISSILE, "RR-16"),
        );
        ex.modifiers(&self.modifiers);
        let mut scores = Vec::new();
        let mut hits = 0;
        let mut disrupted = self.target_disrupted;
        for (i, d) in attacks.iter().enumerate() {
            let sum = i32::from(two_dice(d, &format!("attack {}", i + 1))?);
            let s = sum + modifier;
            let what = if s >= 11 {
                hits += 1;
                disrupted = true;
                "Disrupts and hits"
            } else if s >= 7 {
                disrupted = true;
                "Disrupts"
            } else {
                "no effect"
            };
            ex.line(
                format!("attack {}: {sum} {modifier:+} = {s}: {what}", i + 1),
                cite(MISSILE, "RR-16"),
            );
            scores.push(s);
        }
        if attacks.len() > 1 {
            ex.line(
                "a Disruption does not lower the DV for the other attacks of the same Missile Fire Action",
                cite(MISSILE, "RR-17"),
            );
        }
        Ok(MissileOutcome {
            modifier,
            scores,
            disrupted,
            hits,
            explanation: ex,
        })
    }
}

/// Which side's score counts in a melee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// Side a's.
    A,
    /// Side b's.
    B,
    /// Neither (equal scores, RR-19).
    None,
    /// Both (equal scores, house option `melee_tie` = both).
    Both,
}
named_enum!(Winner {
    "a" => Winner::A,
    "b" => Winner::B,
    "none" => Winner::None,
    "both" => Winner::Both,
});

/// A melee attack between two facing stands, or one attacking alone (RR-18, RR-19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeAttack {
    /// Side a's stand (the attacker when not simultaneous).
    pub a: Unit,
    /// Side b's stand.
    pub b: Unit,
    /// Side a's modifiers.
    pub a_modifiers: Vec<Modifier>,
    /// Side b's modifiers (empty when b does not attack).
    pub b_modifiers: Vec<Modifier>,
    /// Both attack at once.
    pub simultaneous: bool,
    /// Whether each could retreat [a, b].
    pub can_retreat: [bool; 2],
    /// Whether each failed an Action Roll this phase [a, b]: a winner that
    /// did may not attempt the Pursuit (RR-9).
    pub failed_this_phase: [bool; 2],
}

/// One side's roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideRoll {
    /// Its total modifier.
    pub modifier: i32,
    /// Its modified score.
    pub score: i32,
}

/// How a Pursuit is attempted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pursuit {
    /// No Push Back: no Pursuit.
    None,
    /// An Action Roll (RR-20).
    Roll,
    /// Automatic: the enemy could not retreat (RR-10, RR-20).
    Automatic,
}
named_enum!(Pursuit {
    "none" => Pursuit::None,
    "roll" => Pursuit::Roll,
    "automatic" => Pursuit::Automatic,
});

/// A melee's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeOutcome {
    /// Side a's roll.
    pub a: SideRoll,
    /// Side b's roll (when it attacked).
    pub b: Option<SideRoll>,
    /// Whose score counts.
    pub counts: Winner,
    /// Who is Pushed Back.
    pub pushed_back: Winner,
    /// Hits on the side pushed back (or defending); per side when both count.
    pub hits: u32,
    /// Hits on [a, b].
    pub hits_on: [u32; 2],
    /// The Pursuit open to the winner.
    pub pursuit: Pursuit,
    /// The winner is Impetuous: it must attempt to Pursue (RR-20).
    pub pursuit_required: bool,
    /// The stand pushed back is Vulnerable: an Action Roll to retreat fully (RR-20).
    pub vulnerable_retreat: bool,
    /// Equal scores and the house rerolls them (RR-19).
    pub reroll: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

const MELEE: &str = "Melee Combat";

/// The hits a counting melee score inflicts (RR-18): none under 10, one
/// from 10, two from the house option's score (13).
pub fn melee_hits(score: i32, house: &House) -> u32 {
    let two = house.number(&MELEE_TWO_HITS_AT) as i32;
    if score >= two {
        2
    } else if score >= 10 {
        1
    } else {
        0
    }
}

impl MeleeAttack {
    /// Plans a melee between `a` and `b`.
    pub fn plan(
        a: (&Unit, &[Named]),
        b: (&Unit, &[Named]),
        simultaneous: bool,
        can_retreat: [bool; 2],
        house: &House,
    ) -> MeleeAttack {
        MeleeAttack {
            a: a.0.clone(),
            b: b.0.clone(),
            a_modifiers: base_modifiers(a.0, (a.0.av, "AV"), b.0, a.1, house, MELEE),
            b_modifiers: if simultaneous {
                base_modifiers(b.0, (b.0.av, "AV"), a.0, b.1, house, MELEE)
            } else {
                Vec::new()
            },
            simultaneous,
            can_retreat,
            failed_this_phase: [false, false],
        }
    }

    /// Resolves the rolls: only the higher modified score counts (RR-19).
    pub fn resolve(
        &self,
        a_dice: &[Die],
        b_dice: &[Die],
        house: &House,
    ) -> Result<MeleeOutcome, RulesError> {
        let mut ex = Explanation::default();
        let c = |r: &str| cite(MELEE, r);
        let roll = |d: &[Die], mods: &[Modifier], name: &str, ex: &mut Explanation| {
            let sum = i32::from(two_dice(d, &format!("{} attack", possessive(name)))?);
            let modifier = total(mods);
            ex.line(format!("{}: two dice + modifiers", name), c("RR-18"));
            ex.modifiers(mods);
            ex.line(
                format!("{sum} {modifier:+} = {}", sum + modifier),
                c("RR-18"),
            );
            Ok::<_, RulesError>(SideRoll {
                modifier,
                score: sum + modifier,
            })
        };
        let a = roll(a_dice, &self.a_modifiers, &self.a.name, &mut ex)?;
        let b = if self.simultaneous {
            Some(roll(b_dice, &self.b_modifiers, &self.b.name, &mut ex)?)
        } else {
            if !b_dice.is_empty() {
                return Err(RulesError::refused(format!(
                    "{} does not attack (not simultaneous: only {} rolls); give no dice for it (RR-19)",
                    self.b.name, self.a.name
                )));
            }
            ex.line(
                format!(
                    "{} attacks alone: the stands do not face each other",
                    self.a.name
                ),
                c("RR-19"),
            );
            None
        };
        let mut reroll = false;
        let counts = match b {
            None => Winner::A,
            Some(b) if a.score > b.score => Winner::A,
            Some(b) if b.score > a.score => Winner::B,
            Some(_) => {
                house_lines(house, &[&MELEE_TIE], &mut ex);
                match house.word(&MELEE_TIE) {
                    "both" => Winner::Both,
                    "reroll" => {
                        reroll = true;
                        Winner::None
                    }
                    _ => Winner::None,
                }
            }
        };
        if b.is_some() {
            ex.line(
                match counts {
                    Winner::A => format!("only the higher roll counts: {}", self.a.name),
                    Winner::B => format!("only the higher roll counts: {}", self.b.name),
                    Winner::Both => "equal scores: both count".into(),
                    Winner::None if reroll => "equal scores: roll again".into(),
                    Winner::None => "equal scores: neither counts, no result".into(),
                },
                c("RR-19"),
            );
        }
        let two = house.number(&MELEE_TWO_HITS_AT);
        let mut pushed = [false; 2];
        let mut hits_on = [0u32; 2];
        let mut judge = |score: i32, loser: usize, loser_name: &str, ex: &mut Explanation| {
            if score >= 7 {
                pushed[loser] = true;
                hits_on[loser] = melee_hits(score, house);
                ex.line(
                    format!(
                        "{score}: {loser_name} is Pushed Back{}",
                        match hits_on[loser] {
                            0 => ", no hit (hits start at 10)".to_string(),
                            1 => " and takes 1 hit".to_string(),
                            n => format!(" and takes {n} hits ({two} or more)"),
                        }
                    ),
                    cite(
                        MELEE,
                        if hits_on[loser] == 2
                            && house.value(&MELEE_TWO_HITS_AT) != MELEE_TWO_HITS_AT.default
                        {
                            "RR-18, house option"
                        } else {
                            "RR-18"
                        },
                    ),
                );
            } else {
                ex.line(format!("{score}: under 7, no effect"), c("RR-18"));
            }
        };
        if matches!(counts, Winner::A | Winner::Both) {
            judge(a.score, 1, &self.b.name, &mut ex);
        }
        if matches!(counts, Winner::B | Winner::Both) {
            judge(b.map_or(0, |b| b.score), 0, &self.a.name, &mut ex);
        }
        let pushed_back = match pushed {
            [true, true] => Winner::Both,
            [true, false] => Winner::A,
            [false, true] => Winner::B,
            _ => Winner::None,
        };
        let (pursuit, pursuit_required, vulnerable_retreat) = match pushed_back {
            Winner::A | Winner::B => {
                let loser = if pushed_back == Winner::A { 0 } else { 1 };
                let (winner_unit, loser_unit) = if loser == 0 {
                    (&self.b, &self.a)
                } else {
                    (&self.a, &self.b)
                };
                let failed = self.failed_this_phase[1 - loser];
                let automatic_after_failure = !self.can_retreat[loser]
                    && house.word(&super::house::AFTER_FAILURE) == "no_rolls";
                let p = if failed && !automatic_after_failure {
                    // RR-9: "Once a unit fails an Action Roll, it may attempt no further rolls in the current phase."
                    ex.line(
                        format!(
                            "{} failed an Action Roll this phase: it may not attempt a Pursuit",
                            winner_unit.name
                        ),
                        cite("Sequence of Play", "RR-9, RR-20"),
                    );
                    Pursuit::None
                } else if self.can_retreat[loser] {
                    ex.line(
                        format!("{} may attempt a Pursuit: an Action Roll", winner_unit.name),
                        c("RR-20"),
                    );
                    Pursuit::Roll
                } else {
                    ex.line(
                        format!(
                            "{} could not retreat: {}'s Pursuit is automatic",
                            loser_unit.name, winner_unit.name
                        ),
                        c("RR-20"),
                    );
                    Pursuit::Automatic
                };
                let required = winner_unit.has(Attribute::Impetuous) && p != Pursuit::None;
                if required {
                    ex.line(
                        format!(
                            "{} is Impetuous: it must attempt to Pursue",
                            winner_unit.name
                        ),
                        c("RR-20"),
                    );
                }
                let vulnerable = self.can_retreat[loser] && loser_unit.has(Attribute::Vulnerable);
                if vulnerable {
                    ex.line(
                        format!(
                            "{} is Vulnerable: an Action Roll to retreat its full base depth",
                            loser_unit.name
                        ),
                        c("RR-20"),
                    );
                }
                (p, required, vulnerable)
            }
            _ => (Pursuit::None, false, false),
        };
        let hits = match pushed_back {
            Winner::A => hits_on[0],
            Winner::B => hits_on[1],
            _ => hits_on[0].max(hits_on[1]),
        };
        Ok(MeleeOutcome {
            a,
            b,
            counts,
            pushed_back,
            hits,
            hits_on,
            pursuit,
            pursuit_required,
            vulnerable_retreat,
            reroll,
            explanation: ex,
        })
    }
}

/// A Pursuit attack (RR-21): 3 hits at 13 or more, below that the
/// Pursuit chart's hits the referee reads (the text does not give it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PursuitAttack {
    /// The modifiers.
    pub modifiers: Vec<Modifier>,
    /// The hits the referee read from the chart, if given.
    pub chart_hits: Option<u32>,
}

/// A Pursuit attack's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PursuitOutcome {
    /// The total modifier.
    pub modifier: i32,
    /// The modified score.
    pub score: i32,
    /// Hits on the enemy unit.
    pub hits: u32,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl PursuitAttack {
    /// Plans `attacker`'s free attack on `defender`.
    pub fn plan(
        attacker: &Unit,
        defender: &Unit,
        referee: &[Named],
        chart_hits: Option<u32>,
        house: &House,
    ) -> PursuitAttack {
        PursuitAttack {
            modifiers: base_modifiers(
                attacker,
                (attacker.av, "AV"),
                defender,
                referee,
                house,
                MELEE,
            ),
            chart_hits,
        }
    }

    /// 13 or more: 3 hits; below, the chart's hits, or a refusal asking for them.
    pub fn resolve(&self, dice: &[Die]) -> Result<PursuitOutcome, RulesError> {
        let sum = i32::from(two_dice(dice, "a Pursuit attack")?);
        let modifier = total(&self.modifiers);
        let score = sum + modifier;
        let mut ex = Explanation::default();
        ex.line(
            "a Pursuit attack: two dice + modifiers, 1-3 hits, no Push Back",
            cite(MELEE, "RR-21"),
        );
        ex.modifiers(&self.modifiers);
        let hits = if score >= 13 {
            ex.line(
                format!("{sum} {modifier:+} = {score}: 13 or more, 3 hits"),
                cite(MELEE, "RR-21"),
            );
            3
        } else if let Some(h) = self.chart_hits {
            ex.line(
                format!("{sum} {modifier:+} = {score}: the Pursuit chart gives {h} (the referee's reading)"),
                cite(MELEE, "RR-21, referee"),
            );
            h
        } else {
            return Err(RulesError::refused(format!(
                "a Pursuit attack of {sum} {modifier:+} = {score}: under 13 the Pursuit chart gives the hits, and the text leaves the chart out: read it and give its hits, 1 to 3 (RR-21)"
            )));
        };
        Ok(PursuitOutcome {
            modifier,
            score,
            hits,
            explanation: ex,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces;

    fn house() -> House {
        crate::rules::System::RobertsRules.house_defaults()
    }

    fn cavalry() -> Unit {
        Unit {
            name: "Elite heavy cavalry".into(),
            av: 5,
            dv: 4,
            mounted: true,
            formed: true,
            attributes: vec![Attribute::Shock],
            disrupted: true,
            stands_original: 3,
            stands: 3,
            ..Unit::default()
        }
    }

    fn crossbows() -> Unit {
        Unit {
            name: "Crossbowmen".into(),
            av: 3,
            dv: 2,
            mav: 3,
            formed: true,
            stands_original: 10,
            stands: 10,
            ..Unit::default()
        }
    }

    fn n(name: &str, value: i32) -> Named {
        Named {
            name: name.into(),
            value,
        }
    }

    #[test]
    fn the_crossbows_disrupt_every_cavalry_stand_and_hit_twice() {
        let mut target = cavalry();
        target.disrupted = false;
        let mods = [
            n("armor_piercing", 1),
            n("target_size", 1),
            n("mounted_target", 1),
        ];
        let p = MissileAttack::plan(&crossbows(), &target, &mods, &house()).unwrap();
        let d = |a: u8, b: u8| faces(&[a, b]).unwrap();
        let o = p
            .resolve(&[d(3, 3), d(5, 6), d(4, 4), d(6, 6), d(2, 4)])
            .unwrap();
        assert_eq!(o.scores, vec![8, 13, 10, 14, 8]);
        assert_eq!((o.disrupted, o.hits), (true, 2));
    }

    #[test]
    fn the_central_melee_12_against_3_pushes_back_with_one_hit() {
        let shock = [n("shock_charging", 1)];
        let p = MeleeAttack::plan(
            (&cavalry(), &shock),
            (&crossbows(), &[]),
            true,
            [true, true],
            &house(),
        );
        let o = p
            .resolve(&faces(&[4, 4]).unwrap(), &faces(&[1, 2]).unwrap(), &house())
            .unwrap();
        assert_eq!((o.a.score, o.b.unwrap().score), (12, 3));
        assert_eq!(
            (o.counts, o.pushed_back, o.hits, o.pursuit),
            (Winner::A, Winner::B, 1, Pursuit::Roll)
        );
        // 9 pushes back without a hit; 13 hits twice.
        assert_eq!(melee_hits(9, &house()), 0);
        assert_eq!(melee_hits(13, &house()), 2);
    }

    #[test]
    fn equal_scores_count_for_neither_by_default() {
        let p = MeleeAttack::plan(
            (&crossbows(), &[]),
            (&crossbows(), &[]),
            true,
            [true, true],
            &house(),
        );
        let o = p
            .resolve(&faces(&[4, 4]).unwrap(), &faces(&[5, 3]).unwrap(), &house())
            .unwrap();
        assert_eq!((o.counts, o.pushed_back), (Winner::None, Winner::None));
    }

    #[test]
    fn a_pursuit_attack_below_13_asks_for_the_chart() {
        let mut cav = cavalry();
        cav.av = 4;
        let p = PursuitAttack::plan(&cav, &crossbows(), &[], None, &house());
        assert_eq!(p.resolve(&faces(&[5, 6]).unwrap()).unwrap().hits, 3);
        assert!(p.resolve(&faces(&[3, 3]).unwrap()).is_err());
        let p = PursuitAttack::plan(&cav, &crossbows(), &[], Some(1), &house());
        assert_eq!(p.resolve(&faces(&[3, 3]).unwrap()).unwrap().hits, 1);
    }
}
