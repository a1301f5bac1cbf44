//! Waver tests (Rules 58-60, WI-13 to WI-15): at most one a Move, never for
//! routed units; two dice plus the morale class (A 5 … E 1) and every
//! modifier of Rule 59; the outcome of Rule 60 by the score, the unit's
//! morale and the dice themselves (two 5s or 6s for tribal troops, a double
//! 6 for disciplined, make them reckless at 12 or more).

use super::points::{self, Next};
use super::unit::{Activity, Formation, Morale, Unit, UnitState};
use super::{expect_dice, faces, on_table};
use crate::dice::{Dice, DiceCount};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// Who leads the testers (Rule 59, optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leader {
    /// The C-in-C: +2.
    CInC,
    /// A divisional CO: +1.
    DivisionalCo,
}
named_enum!(Leader {
    "c_in_c" => Leader::CInC,
    "divisional_co" => Leader::DivisionalCo,
});

/// What the referee says of a waver test (Rule 59); `being_charged` and
/// `advancing` come from the unit's activity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WaverSituation {
    /// A friendly disaster within 10 cm this Move: -1.
    pub friendly_disaster_within_10cm: bool,
    /// Charged by elephants, scythed chariots or EWPs, not similar nor prepared: -2.
    pub charged_by_elephants: bool,
    /// Hostile elephants within 10 cm, not routing or charging the testers: -1.
    pub hostile_elephants_within_10cm: bool,
    /// Enemy close-order troops behind a flank causing losses or at attack distance: -2.
    pub enemy_behind_flank: bool,
    /// A friendly religious party destroyed, captured or routed in sight: -1.
    pub religious_party_lost: bool,
    /// Rear support within 4 cm: +2 (or square).
    pub rear_support: bool,
    /// Hostile routed bases within 10 cm this Move: +2.
    pub hostile_routers_within_10cm: bool,
    /// Foot or artillery taking cover: +2 (or near the camp).
    pub in_cover: bool,
    /// Within 20 cm of a camp or baggage: +2 (or cover).
    pub near_camp: bool,
    /// Trying to charge home: +1 unless missile armed or charging pikes.
    pub charging_home: bool,
    /// The charge is against pikes, long spears or halberds.
    pub charging_pikes: bool,
    /// Charging a flank or rear: +2 (or OO or artillery in the open).
    pub charging_flank_or_rear: bool,
    /// Charging OO troops or artillery in the open: +2 (or a flank or rear).
    pub charging_oo_or_artillery_in_open: bool,
    /// A friendly religious party not under threat in sight: +1.
    pub religious_party_in_sight: bool,
    /// Secure flanks, 0 to 2: +1 each.
    pub secure_flanks: u32,
    /// Led by the C-in-C (+2) or a divisional CO (+1).
    pub led_by: Option<Leader>,
    /// The battle turned the optional leader bonus off (WI-14).
    pub leader_bonus_off: bool,
}

/// A waver test about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaverTest {
    /// The unit testing.
    pub unit: Unit,
    /// What the referee said.
    pub situation: WaverSituation,
    /// Every modifier, the morale class first (Rule 59, WI-14).
    pub modifiers: Vec<Modifier>,
    /// What was said that counts for nothing here, and why.
    pub notes: Explanation,
}

/// The bare result of a roll: what odds count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WaverVerdict {
    /// Two dice plus the modifiers.
    pub score: i32,
    /// Morale after (Rule 60, WI-15).
    pub morale: Morale,
    /// 3 or less: it retreats (IRMD).
    pub retreat: bool,
}

/// What a waver test came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaverOutcome {
    /// Two dice plus the modifiers.
    pub score: i32,
    /// Morale after.
    pub morale: Morale,
    /// It retreats (IRMD, Rule 60).
    pub retreat: bool,
    /// The unit after: morale, a shaken AP or a retreat's DP, bases, tested.
    pub after: UnitState,
    /// What is required now.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Adds a Rule 59 modifier when it applies.
fn add(m: &mut Vec<Modifier>, on: bool, v: i32, why: &str) {
    if on {
        m.push(Modifier::new(v, why, cite("Rule 59", "WI-14")));
    }
}

impl WaverTest {
    /// States the modifiers, or why the unit does not test.
    pub fn plan(unit: &Unit, s: WaverSituation) -> Result<WaverTest, RulesError> {
        on_table(unit)?;
        if unit.waver_tested {
            return Err(RulesError::refused(format!(
                "{} has already taken its waver test this Move: at most one a Move (Rule 58, WI-13)",
                unit.name
            )));
        }
        if unit.morale == Morale::Routed {
            return Err(RulesError::refused(format!(
                "{} is routed: routed units do not take waver tests (WI-13)",
                unit.name
            )));
        }
        if s.secure_flanks > 2 {
            return Err(RulesError::refused(format!(
                "a unit has 2 flanks; secure_flanks = {} (0 to 2 accepted)",
                s.secure_flanks
            )));
        }
        let c = || cite("Rule 59", "WI-14");
        let mut m = vec![Modifier::new(
            unit.morale_class.bonus(),
            format!("morale class {}", unit.morale_class.letter()),
            c(),
        )];
        let mut notes = Explanation::default();
        add(
            &mut m,
            s.friendly_disaster_within_10cm,
            -1,
            "a friendly disaster within 10 cm",
        );
        if unit.bases_lost > 0 {
            m.push(Modifier::new(
                -2 * unit.bases_lost.min(i32::MAX as u32 / 4) as i32,
                format!("{} base(s) lost: 2 each", unit.bases_lost),
                c(),
            ));
        }
        if unit.aps > 0 {
            m.push(Modifier::new(
                -(unit.aps.min(i32::MAX as u32 / 4) as i32),
                format!("{} AP(s) held: 1 each", unit.aps),
                c(),
            ));
        }
        add(
            &mut m,
            s.charged_by_elephants,
            -2,
            "charged by elephants, scythed chariots or EWPs, unprepared",
        );
        add(
            &mut m,
            s.hostile_elephants_within_10cm,
            -1,
            "hostile elephants within 10 cm",
        );
        add(
            &mut m,
            s.enemy_behind_flank,
            -2,
            "enemy close-order troops behind a flank",
        );
        add(
            &mut m,
            s.religious_party_lost,
            -1,
            "a friendly religious party destroyed, captured or routed in sight",
        );
        if s.secure_flanks > 0 {
            m.push(Modifier::new(
                s.secure_flanks as i32,
                format!("{} secure flank(s): 1 each", s.secure_flanks),
                c(),
            ));
        }
        // Rule 59, WI-14: lines joined by OR count once.
        let square = unit.formation == Formation::Square;
        add(
            &mut m,
            s.rear_support || square,
            2,
            match (s.rear_support, square) {
                (true, true) => "rear support and in square (once)",
                (true, false) => "rear support within 4 cm",
                _ => "in square",
            },
        );
        add(
            &mut m,
            s.hostile_routers_within_10cm,
            2,
            "hostile routed bases within 10 cm this Move",
        );
        // Rule 59: "Inf/Art taking cover" — cover counts for foot and artillery only.
        let cover = s.in_cover && (unit.is_foot() || unit.troop_type.is_artillery());
        if s.in_cover && !cover {
            notes.line(
                format!(
                    "taking cover helps only foot and artillery, not {}",
                    unit.troop_type.title()
                ),
                c(),
            );
        }
        add(
            &mut m,
            cover || s.near_camp,
            2,
            match (cover, s.near_camp) {
                (true, true) => "taking cover and near the camp (once)",
                (true, false) => "taking cover",
                _ => "within 20 cm of a camp or baggage",
            },
        );
        // Rule 59, WI-14: advancing includes charging; every unit not OO or artillery.
        let advancing = unit.is(Activity::Advancing)
            || unit.is(Activity::Charging)
            || unit.is(Activity::CounterCharging);
        add(
            &mut m,
            advancing && unit.is_no(),
            1,
            "advancing close-order troops, chariots or elephants (charging too)",
        );
        if advancing && !unit.is_no() {
            notes.line(
                "advancing counts only for troops neither OO nor artillery",
                c(),
            );
        }
        if s.charging_home {
            if unit.is_missile_armed() {
                notes.line("charging home: missile-armed troops lose the +1", c());
            } else if s.charging_pikes {
                notes.line(
                    "charging home against pikes, long spears or halberds: no +1",
                    c(),
                );
            } else {
                add(&mut m, true, 1, "trying to charge home");
            }
        }
        add(
            &mut m,
            s.charging_flank_or_rear || s.charging_oo_or_artillery_in_open,
            2,
            match (s.charging_flank_or_rear, s.charging_oo_or_artillery_in_open) {
                (true, true) => "charging a flank or rear and OO or artillery in the open (once)",
                (true, false) => "charging a flank or rear",
                _ => "charging OO troops or artillery in the open",
            },
        );
        add(
            &mut m,
            unit.morale == Morale::Reckless,
            2,
            "reckless troops",
        );
        add(
            &mut m,
            s.religious_party_in_sight,
            1,
            "a friendly religious party not under threat in sight",
        );
        match (s.led_by, s.leader_bonus_off) {
            (Some(_), true) => notes.line(
                "the optional leader bonus is off in this battle",
                cite("Rule 59", "WI-14"),
            ),
            (Some(Leader::CInC), false) => add(&mut m, true, 2, "led by the C-in-C (optional)"),
            (Some(Leader::DivisionalCo), false) => {
                add(&mut m, true, 1, "led by its divisional CO (optional)")
            }
            (None, _) => {}
        }
        Ok(WaverTest {
            unit: unit.clone(),
            situation: s,
            modifiers: m,
            notes,
        })
    }

    /// Two dice (Rule 59).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(2)
    }

    /// The result for two dice summing to `sum`; `both_high` when both show
    /// 5 or 6, `double_six` when both show 6 (Rule 60, WI-15). Odds use this.
    pub fn verdict(&self, sum: u32, both_high: bool, double_six: bool) -> WaverVerdict {
        let score = sum as i32 + total(&self.modifiers);
        let morale = self.unit.morale;
        let under_pressure = matches!(
            morale,
            Morale::Shaken | Morale::Dispersed | Morale::Wavering
        ) || self.unit.is(Activity::BeingCharged)
            || self.situation.friendly_disaster_within_10cm;
        let (after, retreat) = match score {
            // Rule 60, WI-15: tribal 2 x 5/6 or disciplined 2 x 6 become reckless.
            // Artillery and baggage have no drill: neither clause makes them reckless.
            s if s >= 12 => {
                let wild = if self.unit.is_tribal() {
                    both_high
                } else {
                    self.unit.is_disciplined() && double_six
                };
                (
                    if wild {
                        Morale::Reckless
                    } else {
                        Morale::Steady
                    },
                    false,
                )
            }
            // Rule 60, WI-15: reckless stays reckless, any other becomes steady.
            10 | 11 => (
                if morale == Morale::Reckless {
                    Morale::Reckless
                } else {
                    Morale::Steady
                },
                false,
            ),
            // Rule 60, WI-15: steady (or reckless) shaken; shaken, dispersed, wavering waver.
            8 | 9 => (
                if matches!(morale, Morale::Steady | Morale::Reckless) {
                    Morale::Shaken
                } else {
                    Morale::Wavering
                },
                false,
            ),
            // Rule 60, WI-15: shaken, dispersed, wavering, being charged or near a
            // friendly disaster waver; any other becomes shaken.
            4..=7 => (
                if under_pressure {
                    Morale::Wavering
                } else {
                    Morale::Shaken
                },
                false,
            ),
            // Rule 60, WI-15: 3 or less: all troops waver and retreat (IRMD).
            _ => (Morale::Wavering, true),
        };
        WaverVerdict {
            score,
            morale: after,
            retreat,
        }
    }

    /// The unit after a verdict: its new morale, 1 AP for becoming shaken
    /// (WI-8), 1 DP for a retreat (Rule 18), bases at 4 or 6 APs (WI-10), and
    /// tested this Move. Also what is required next, and why.
    pub fn after(&self, v: WaverVerdict) -> (UnitState, Vec<Next>, Explanation) {
        let mut why = Explanation::default();
        let mut state = self.unit.state();
        state.morale = v.morale;
        state.waver_tested = true;
        let mut next = Vec::new();
        if v.retreat {
            // Rule 18, WI-8: each retreat gains a DP.
            points::gain(&mut state, 1, 1);
            why.line(
                format!(
                    "it retreats (IRMD): +1 DP (an AP too): {} APs ({} DP)",
                    state.aps, state.dps
                ),
                cite("Rules 18, 60", "WI-8, WI-15"),
            );
            next.push(Next::Retreat);
        } else if v.morale == Morale::Shaken && self.unit.morale != Morale::Shaken {
            // Rule 12, WI-8, WI-15: shaken but does not recoil or retreat.
            points::gain(&mut state, 1, 0);
            why.line(
                format!(
                    "shaken without recoiling or retreating: +1 AP: {} APs",
                    state.aps
                ),
                cite("Rule 12", "WI-8, WI-15"),
            );
        }
        let can = points::may_recuperate(state.morale, &self.unit.activity);
        points::remove_bases(&mut state, can, &mut why);
        if state.bases == 0 {
            next = vec![Next::Destroyed];
        }
        (state, next, why)
    }

    /// Turns the two dice into the unit's morale.
    pub fn resolve(&self, dice: &Dice) -> Result<WaverOutcome, RulesError> {
        expect_dice(dice, self.needs(), "a waver test throws two dice (Rule 59)")?;
        let (a, b) = (dice.white[0].value(), dice.white[1].value());
        let sum = u32::from(a + b);
        let v = self.verdict(sum, a >= 5 && b >= 5, a == 6 && b == 6);
        let mut why = Explanation::default();
        why.line(
            format!("{} throws {}: {sum}", self.unit.name, faces(dice)),
            cite("Rule 59", "WI-14"),
        );
        why.modifiers(&self.modifiers);
        why.extend(self.notes.clone());
        why.line(self.reading(v, a, b), cite("Rule 60", "WI-15"));
        let (after, next, more) = self.after(v);
        why.extend(more);
        Ok(WaverOutcome {
            score: v.score,
            morale: v.morale,
            retreat: v.retreat,
            after,
            next,
            explanation: why,
        })
    }

    /// Rule 60's line for a verdict, in words.
    fn reading(&self, v: WaverVerdict, a: u8, b: u8) -> String {
        let was = self.unit.morale;
        let s = v.score;
        match s {
            s if s >= 12 => {
                let drill = if self.unit.is_tribal() {
                    "tribal troops rolling two 5s or 6s"
                } else {
                    "disciplined troops rolling a double 6"
                };
                let becomes = if was == Morale::Steady {
                    "remains steady".to_string()
                } else {
                    format!("{was} becomes steady")
                };
                if v.morale == Morale::Reckless {
                    format!("score {s}, {drill} ({a}, {b}): reckless")
                } else {
                    format!("score {s}: 12 or more, but not {drill} ({a}, {b}): {becomes}")
                }
            }
            10 | 11 => format!("score {s}: {was} becomes or remains {}", v.morale),
            // WI-15: "become (stay) wavering"
            8 | 9 if was == v.morale => format!("score {s}: {was} troops remain {was}"),
            8 | 9 => format!("score {s}: {was} troops become {}", v.morale),
            4..=7 if v.morale == Morale::Wavering => format!(
                "score {s}: {was}{}{}: wavers",
                if self.unit.is(Activity::BeingCharged) {
                    ", being charged"
                } else {
                    ""
                },
                if self.situation.friendly_disaster_within_10cm {
                    ", within 10 cm of a friendly disaster"
                } else {
                    ""
                }
            ),
            4..=7 => format!("score {s}: {was}, not under pressure: becomes shaken"),
            _ => format!("score {s}: 3 or less: wavers and retreats (IRMD)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlord_i::unit::{Drill, MoraleClass, Order, TroopType, Weapon};

    fn unit(morale: Morale) -> Unit {
        let mut u = Unit::new("Hoplites", TroopType::Foot, 6);
        u.morale = morale;
        u
    }

    fn test(u: &Unit, s: WaverSituation, a: u8, b: u8) -> WaverOutcome {
        WaverTest::plan(u, s)
            .unwrap()
            .resolve(&Dice::white(&[a, b]).unwrap())
            .unwrap()
    }

    #[test]
    fn rule_60_bands_for_a_steady_unit() {
        let u = unit(Morale::Steady); // C: +3
        let m: Vec<Morale> = [(6, 6), (4, 4), (3, 3), (2, 2)]
            .into_iter()
            .map(|(a, b)| test(&u, WaverSituation::default(), a, b).morale)
            .collect();
        use Morale::*;
        assert_eq!(m, [Reckless, Steady, Shaken, Shaken]);
        let mut weak = u.clone();
        weak.morale_class = MoraleClass::E;
        let out = test(&weak, WaverSituation::default(), 1, 1);
        assert_eq!((out.score, out.morale), (3, Wavering));
        assert!(out.retreat);
        assert_eq!(out.next, [Next::Retreat]);
        assert_eq!((out.after.aps, out.after.dps), (1, 1));
    }

    #[test]
    fn shaken_and_pressed_units_waver() {
        let s = WaverSituation::default();
        assert_eq!(
            test(&unit(Morale::Shaken), s, 3, 3).morale,
            Morale::Wavering
        );
        assert_eq!(
            test(&unit(Morale::Dispersed), s, 2, 2).morale,
            Morale::Wavering
        );
        let mut charged = unit(Morale::Steady);
        charged.activity = vec![Activity::BeingCharged];
        assert_eq!(test(&charged, s, 2, 2).morale, Morale::Wavering);
        let near = WaverSituation {
            friendly_disaster_within_10cm: true,
            ..s
        };
        let out = test(&unit(Morale::Steady), near, 3, 2);
        assert_eq!((out.score, out.morale), (7, Morale::Wavering));
        assert!(out.explanation.to_string().contains("friendly disaster"));
    }

    #[test]
    fn becoming_shaken_costs_an_ap_and_can_cost_a_base() {
        let mut u = unit(Morale::Steady);
        u.aps = 3;
        u.morale_class = MoraleClass::A;
        let out = test(&u, WaverSituation::default(), 3, 3);
        // 6 + 5 - 3 = 8: shaken, +1 AP = 4; shaken cannot recuperate: a base goes.
        assert_eq!(out.morale, Morale::Shaken);
        assert_eq!(
            (out.after.aps, out.after.bases, out.after.bases_lost),
            (2, 5, 1)
        );
        assert!(out.after.waver_tested);
    }

    #[test]
    fn reckless_needs_the_right_dice() {
        let mut tribal = unit(Morale::Steady);
        tribal.drill = Drill::Tribal;
        tribal.morale_class = MoraleClass::A;
        assert_eq!(
            test(&tribal, WaverSituation::default(), 5, 6).morale,
            Morale::Reckless
        );
        assert_eq!(
            test(&tribal, WaverSituation::default(), 4, 6).morale,
            Morale::Steady
        );
        let mut disc = unit(Morale::Reckless);
        disc.morale_class = MoraleClass::A;
        assert_eq!(
            test(&disc, WaverSituation::default(), 5, 6).morale,
            Morale::Steady
        );
        assert_eq!(
            test(&disc, WaverSituation::default(), 6, 6).morale,
            Morale::Reckless
        );
        // 10-11: reckless stays reckless; 8-9: reckless becomes shaken.
        disc.morale_class = MoraleClass::E;
        assert_eq!(
            test(&disc, WaverSituation::default(), 3, 4).morale,
            Morale::Reckless
        );
        assert_eq!(
            test(&disc, WaverSituation::default(), 2, 3).morale,
            Morale::Shaken
        );
    }

    #[test]
    fn or_lines_count_once_and_conditions_hold() {
        let mut u = unit(Morale::Steady);
        u.formation = Formation::Square;
        u.weapons = vec![Weapon::Bow];
        u.order = Order::Nl;
        u.activity = vec![Activity::Charging];
        let s = WaverSituation {
            rear_support: true,
            in_cover: true,
            near_camp: true,
            charging_home: true,
            charging_flank_or_rear: true,
            charging_oo_or_artillery_in_open: true,
            secure_flanks: 2,
            led_by: Some(Leader::DivisionalCo),
            ..WaverSituation::default()
        };
        let plan = WaverTest::plan(&u, s).unwrap();
        // C 3 + 2 (square/rear) + 2 (cover/camp) + 1 advancing + 0 charging home
        // (bows) + 2 (flank/OO) + 2 flanks + 1 CO
        assert_eq!(total(&plan.modifiers), 13);
        assert!(plan.notes.to_string().contains("missile-armed"));
        let off = WaverSituation {
            leader_bonus_off: true,
            ..s
        };
        assert_eq!(total(&WaverTest::plan(&u, off).unwrap().modifiers), 12);
        let mut horse = Unit::new("Horse", TroopType::Cavalry, 4);
        horse.order = Order::Oo;
        horse.activity = vec![Activity::Advancing];
        let s = WaverSituation {
            in_cover: true,
            ..WaverSituation::default()
        };
        assert_eq!(total(&WaverTest::plan(&horse, s).unwrap().modifiers), 3);
    }

    #[test]
    fn refusals_of_rule_58() {
        let mut u = unit(Morale::Steady);
        u.waver_tested = true;
        assert!(WaverTest::plan(&u, WaverSituation::default()).is_err());
        let r = unit(Morale::Routed);
        let e = WaverTest::plan(&r, WaverSituation::default()).unwrap_err();
        assert!(e.to_string().contains("routed"), "{e}");
    }
}
