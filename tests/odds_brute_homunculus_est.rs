//! Property tests: the odds of every Homunculus Est! procedure equal a
//! brute-force enumeration of its dice through the procedure's own
//! `resolve`, within 1e-10, and every distribution sums to 1. Where a
//! player chooses among the dice (the combat's higher side, the shooter:
//! HE-17, HE-22), the enumeration makes his best pick itself: for each roll
//! it tries every face against every Defence roll through `resolve` and
//! keeps the face whose outcomes he likes best (the first of equals), with
//! the preferences written out here, not the library's.

use herald::odds::Distribution;
use herald::odds::homunculus_est as odds;
use herald::rules::RulesError;
use herald::rules::explain::total;
use herald::rules::homunculus_est::combat::{
    Activation, Chooser, Combat, CombatDice, CombatSide, CombatSituation,
};
use herald::rules::homunculus_est::discipline::{
    DisciplineSituation, ReformSituation, TestReroll, discipline_modifier, discipline_test,
    reform_modifier, reform_test,
};
use herald::rules::homunculus_est::failed::{
    Cause, FailedDice, FailedSituation, FearSource, Outcome, discipline_modifiers,
    failed_discipline, failed_reform, reform_modifiers,
};
use herald::rules::homunculus_est::follow_up::{FollowUpDice, FollowUpSituation, follow_up};
use herald::rules::homunculus_est::general::{RiskDice, general_risk};
use herald::rules::homunculus_est::manoeuvre::{ManoeuvreSituation, ManoeuvreTest};
use herald::rules::homunculus_est::movement::{MovementActivation, MovementSituation};
use herald::rules::homunculus_est::push_back::{PushBackSituation, push_back};
use herald::rules::homunculus_est::shooting::{Shooting, ShootingDice, ShootingSituation};
use herald::rules::homunculus_est::shortfall;
use herald::rules::homunculus_est::tables::{
    CombatResult, EagleEvent, Injury, Manoeuvre, RiskEvent, ShootingResult,
};
use herald::rules::homunculus_est::{
    Attachment, Characteristic, Class, General, GeneralStatus, LineKind, Points, Unit, eagles,
    lines,
};
use proptest::prelude::*;

/// Within rounding: an enumeration adds up to 6^7 terms.
const CLOSE: f64 = 1e-10;

fn same<T: Copy + PartialEq + std::fmt::Debug>(
    what: &str,
    got: &Distribution<T>,
    want: &Distribution<T>,
) -> Result<(), TestCaseError> {
    for (v, _) in got.iter().chain(want.iter()) {
        let (g, w) = (got.probability(v), want.probability(v));
        prop_assert!(
            (g - w).abs() < CLOSE,
            "{what} {v:?}: odds {g}, enumeration {w}"
        );
    }
    prop_assert!(
        (got.total() - 1.0).abs() < CLOSE,
        "{what} sums to {}",
        got.total()
    );
    Ok(())
}

fn close(what: &str, got: f64, want: f64) -> Result<(), TestCaseError> {
    prop_assert!(
        (got - want).abs() < CLOSE,
        "{what}: odds {got}, enumeration {want}"
    );
    Ok(())
}

/// Every roll of `n` dice, in order.
fn rolls(n: usize) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|r| {
                (1..=6u8).map(move |f| {
                    let mut r = r.clone();
                    r.push(f);
                    r
                })
            })
            .collect();
    }
    out
}

/// Every way a procedure of named pools takes its dice: each pool given
/// 0 to `most` dice, every face; the procedure takes exactly the dice it
/// uses (HE-1), so each way it can fall is met once, with its chance.
fn every_way<T>(
    most: &[usize],
    mut resolve: impl FnMut(&[Vec<u8>]) -> Result<T, RulesError>,
) -> Vec<(T, f64)> {
    let mut out = Vec::new();
    let mut lengths = vec![vec![]];
    for &m in most {
        lengths = lengths
            .into_iter()
            .flat_map(|l: Vec<usize>| {
                (0..=m).map(move |n| {
                    let mut l = l.clone();
                    l.push(n);
                    l
                })
            })
            .collect();
    }
    for l in lengths {
        let total: usize = l.iter().sum();
        for faces in rolls(total) {
            let mut pools = Vec::new();
            let mut at = 0;
            for n in &l {
                pools.push(faces[at..at + n].to_vec());
                at += n;
            }
            if let Ok(t) = resolve(&pools) {
                out.push((t, 6f64.powi(-(total as i32))));
            }
        }
    }
    out
}

/// Every way a procedure's dice fall, each die tried at every face as the
/// procedure asks for it (`shortfall` names the pool and count it lacks):
/// the dice a choice of face brings on (more Defence dice for Cataphracts,
/// a Stubborn unit's die) enumerated only where they are rolled.
fn as_asked<T>(
    names: &[&str],
    resolve: &mut impl FnMut(&[Vec<u8>]) -> Result<T, RulesError>,
    pools: &mut Vec<Vec<u8>>,
    p: f64,
    out: &mut Vec<(T, f64)>,
) {
    match resolve(pools) {
        Ok(t) => out.push((t, p)),
        Err(e) => {
            let Some((pool, _)) = shortfall(&e) else {
                panic!("refused with the dice {pools:?}: {e}");
            };
            let i = names
                .iter()
                .position(|n| *n == pool)
                .unwrap_or_else(|| panic!("a pool {pool} not given"));
            for f in 1..=6u8 {
                pools[i].push(f);
                as_asked(names, resolve, pools, p / 6.0, out);
                pools[i].pop();
            }
        }
    }
}

fn ways_asked<T>(
    names: &[&str],
    mut resolve: impl FnMut(&[Vec<u8>]) -> Result<T, RulesError>,
) -> Vec<(T, f64)> {
    let mut out = Vec::new();
    let mut pools = vec![Vec::new(); names.len()];
    as_asked(names, &mut resolve, &mut pools, 1.0, &mut out);
    out
}

/// What a face is worth to its chooser, with its every way (result,
/// cancelled) and chance.
type Worth<R> = (f64, Vec<((R, bool), f64)>);

fn gather<T: Copy + PartialEq>(ways: Vec<(T, f64)>) -> Distribution<T> {
    Distribution::gather(ways)
}

const TRAITS: &[Characteristic] = &[
    Characteristic::BattleTrained,
    Characteristic::Cataphracts,
    Characteristic::Drilled,
    Characteristic::Elephants,
    Characteristic::FerociousCharge,
    Characteristic::Immobile,
    Characteristic::LightChariots,
    Characteristic::Phalanx,
    Characteristic::PlentifulMissiles,
    Characteristic::RearGuard,
    Characteristic::ScythedChariots,
    Characteristic::Skirmishers,
    Characteristic::Stubborn,
    Characteristic::Warband,
    Characteristic::Legion,
    Characteristic::NomadicCavalry,
];

/// A unit of any class and ratings, with some of the characteristics,
/// lines and attachments that change a roll.
fn unit() -> impl Strategy<Value = Unit> {
    (
        0..3usize,
        (0..=7u32, 0..=6u32, 1..=6u32, 2..=12u32),
        any::<u32>(),
        0..4usize,
        any::<u8>(),
    )
        .prop_map(|(class, (cr, rcr, mr, dr), bits, line, more)| {
            let class = [
                Class::FormedInfantry,
                Class::SkirmishingInfantry,
                Class::Cavalry,
            ][class];
            let mut u = Unit::new("u", class, cr, mr, dr);
            u.ranged_combat_rating = rcr;
            u.characteristics = TRAITS
                .iter()
                .enumerate()
                .filter(|(i, _)| bits & (1 << i) != 0 && bits & (1 << (i + 16)) != 0)
                .map(|(_, c)| *c)
                .collect();
            u.characteristics.push(Characteristic::RangedAttack);
            if more & 1 != 0 {
                u.lines.push(
                    [
                        LineKind::Infantry,
                        LineKind::Cavalry,
                        LineKind::LightChariot,
                        LineKind::Elephant,
                    ][line],
                );
            }
            if more & 2 != 0 {
                u.attachments.push(Attachment::SmallCavalryReserve);
            }
            if more & 4 != 0 {
                u.attachments.push(Attachment::PraetorianCohort);
            }
            if more & 8 != 0 {
                u.disordered = true;
            }
            if more & 16 != 0 {
                u.general = Some(General {
                    name: "g".into(),
                    generalship: 2,
                    status: GeneralStatus::Unhurt,
                    points_lost: 0,
                    spent: 0,
                });
            }
            u
        })
}

fn combat_side() -> impl Strategy<Value = CombatSide> {
    (unit(), any::<u16>(), 0..3u32, 0..2u32).prop_map(|(u, b, supporting, points)| {
        let mut s = CombatSide::of(u);
        s.flank_or_rear = b & 1 != 0;
        s.supporting_units = supporting;
        s.in_rough = b & 2 != 0;
        s.downhill_charge = b & 4 != 0;
        s.linear_obstacle = b & 8 != 0;
        s.use_reserve = b & 16 != 0 && s.unit.attached(Attachment::SmallCavalryReserve);
        s.use_cohort = b & 32 != 0 && s.unit.attached(Attachment::PraetorianCohort);
        s.defence_points = points;
        s.stand_point = b & 64 != 0;
        s
    })
}

/// How much the chooser likes a combat result (HE-17), written out here:
/// the attacker wants the defender pushed back and tested, his own unit
/// neither; the defender the reverse.
fn chooser_likes(r: CombatResult, chooser: Chooser) -> f64 {
    let attacker = match r {
        CombatResult::Crunch => 6.0,
        CombatResult::Advance => 5.0,
        CombatResult::PushBack => 4.0,
        CombatResult::Stand | CombatResult::NoEffect => 3.0,
        CombatResult::Grind => 2.0,
        CombatResult::Repulsed => 1.0,
    };
    if chooser == Chooser::Defender {
        -attacker
    } else {
        attacker
    }
}

/// How much the shooter likes a result as applied (HE-22, HE-23).
fn shooter_likes(r: ShootingResult) -> f64 {
    match r {
        ShootingResult::WitheringShooting => 6.0,
        ShootingResult::TellingShots => 5.0,
        ShootingResult::PushBack => 4.0,
        ShootingResult::NoEffect => 3.0,
        ShootingResult::ShortOfAmmunition => 1.0,
    }
}

/// A combat's every way once a face is chosen: the Defence, Stubborn and
/// Cohort dice through `resolve` (the other combat dice change nothing).
fn combat_ways(plan: &Combat, face: u8) -> Vec<((CombatResult, bool), f64)> {
    let mut s = *plan.situation();
    s.chosen = Some(face);
    let (a, d) = plan.sides();
    let plan = Combat::plan(a, d, s).unwrap();
    let rolled = vec![face; plan.dice_rolled];
    ways_asked(&["defence", "stubborn", "cohort"], |p| {
        plan.resolve(&CombatDice {
            combat: rolled.clone(),
            defence: p[0].clone(),
            stubborn: p[1].clone(),
            cohort: p[2].clone(),
        })
        .map(|o| (o.result, o.cancelled))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn movement(u in unit(), fatigued: bool, charge: bool, attack in 0..3u32, failed_last: bool) {
        let s = MovementSituation {
            charge,
            attack_points: if charge { attack } else { 0 },
            ..Default::default()
        };
        let mut u = u;
        u.characteristics.retain(|c| *c != Characteristic::Immobile);
        let Ok(plan) = MovementActivation::plan(&u, fatigued, s) else { return Ok(()) };
        let o = odds::movement(&plan, failed_last, false);
        let ways: Vec<_> = (1..=6u8)
            .map(|n| (plan.resolve(&[n]).unwrap(), 1.0 / 6.0))
            .collect();
        same("movement points", &o.movement_points, &gather(ways.iter().map(|(x, p)| (x.movement_points, *p)).collect()))?;
        close("fails", o.failed, ways.iter().filter(|(x, _)| x.failed).map(|(_, p)| p).sum())?;
    }

    #[test]
    fn manoeuvre(u in unit(), m in 0..6usize, b: u8) {
        let s = ManoeuvreSituation {
            in_rough: b & 1 != 0,
            entering_rough: b & 2 != 0 && b & 1 == 0,
            flat_open: b & 4 != 0,
            ..ManoeuvreSituation::of([
                Manoeuvre::ObliqueAdvance,
                Manoeuvre::ForwardTurn,
                Manoeuvre::Drifting,
                Manoeuvre::AboutFace,
                Manoeuvre::RoughForward,
                Manoeuvre::LeaveZoc,
            ][m])
        };
        let Ok(plan) = ManoeuvreTest::plan(&u, Points::default(), s) else { return Ok(()) };
        let pass = odds::manoeuvre(&plan, u.manoeuvre_rating);
        let ways = every_way(&[2], |p| plan.resolve(&p[0]).map(|o| o.success));
        let total: f64 = ways.iter().map(|(_, p)| p).sum();
        close("every way", total, 1.0)?;
        close("passes", pass, ways.iter().filter(|(s, _)| *s).map(|(_, p)| p).sum())?;
    }

    #[test]
    fn combat_with_the_choosers_best_pick(a in combat_side(), d in combat_side(), charge: bool, flat: bool, squares in 1..=4u32) {
        let s = CombatSituation {
            activation: if charge { Activation::Charge } else { Activation::Combat },
            charge_squares: squares,
            flat_open: flat,
            ..Default::default()
        };
        let Ok(plan) = Combat::plan(&a, &d, s) else { return Ok(()) };
        let o = odds::combat(&plan);
        // each face's every way, and what the chooser makes of it
        let by_face: Vec<_> = (1..=6u8)
            .map(|f| {
                let ways = combat_ways(&plan, f);
                let worth: f64 = ways.iter().map(|((r, _), q)| chooser_likes(*r, plan.chooser) * q).sum();
                (worth, ways)
            })
            .collect();
        let mut results = Vec::new();
        let mut cancelled = 0.0;
        for rolled in rolls(plan.dice_rolled) {
            let p = 6f64.powi(-(plan.dice_rolled as i32));
            // the chooser's best pick among the faces rolled, the first of equals
            let mut best: Option<&Worth<CombatResult>> = None;
            for &f in &rolled {
                let this = &by_face[usize::from(f - 1)];
                if best.is_none_or(|b| this.0 > b.0 + 1e-12) {
                    best = Some(this);
                }
            }
            for ((r, c), q) in best.unwrap().1.iter().copied() {
                results.push((r, p * q));
                if c {
                    cancelled += p * q;
                }
            }
        }
        same("combat result", &o.result, &gather(results))?;
        close("cancelled", o.cancelled, cancelled)?;
    }

    #[test]
    fn shooting_with_the_shooters_best_pick(s in unit(), t in unit(), b: u8, points in 0..2u32) {
        let situation = ShootingSituation {
            supporting_shooters: u32::from(b & 1),
            flank_or_rear: b & 2 != 0,
            target_in_cover: b & 4 != 0,
            defence_points: points,
            stacking: b & 8 != 0,
            natural_one_only: b & 16 != 0,
            ..Default::default()
        };
        let Ok(plan) = Shooting::plan(&s, &t, situation) else { return Ok(()) };
        let o = odds::shooting(&plan);
        let by_face: Vec<_> = (1..=6u8)
            .map(|f| {
                let chosen = Shooting::plan(&s, &t, ShootingSituation { chosen: Some(f), ..situation }).unwrap();
                let rolled = vec![f; plan.dice_rolled];
                let ways = ways_asked(&["defence", "push_back", "stubborn"], |q| {
                    chosen
                        .resolve(&ShootingDice {
                            shooting: rolled.clone(),
                            defence: q[0].clone(),
                            push_back: q[1].clone(),
                            stubborn: q[2].clone(),
                        })
                        .map(|o| (o.result, o.cancelled))
                });
                let worth: f64 = ways.iter().map(|((r, _), q)| shooter_likes(*r) * q).sum();
                (worth, ways)
            })
            .collect();
        let mut results = Vec::new();
        let mut cancelled = 0.0;
        for rolled in rolls(plan.dice_rolled) {
            let p = 6f64.powi(-(plan.dice_rolled as i32));
            let mut best: Option<&Worth<ShootingResult>> = None;
            for &f in &rolled {
                let this = &by_face[usize::from(f - 1)];
                if best.is_none_or(|b| this.0 > b.0 + 1e-12) {
                    best = Some(this);
                }
            }
            for ((r, c), q) in best.unwrap().1.iter().copied() {
                results.push((r, p * q));
                if c {
                    cancelled += p * q;
                }
            }
        }
        same("shooting result", &o.result, &gather(results))?;
        close("cancelled", o.cancelled, cancelled)?;
    }

    #[test]
    fn push_back_distance(u in unit()) {
        let mut u = u;
        u.characteristics.retain(|c| !matches!(c, Characteristic::Immobile | Characteristic::ScythedChariots));
        let ways = every_way(&[1], |p| push_back(&u, PushBackSituation::default(), &p[0]).map(|o| o.squares_rolled));
        same("squares", &odds::distance_odds(&u), &gather(ways))?;
    }

    #[test]
    fn follow_up_with_its_cover(victor in unit(), loser in unit(), b: u8) {
        let cover = [None, Some(Attachment::SmallCavalryReserve), Some(Attachment::PraetorianCohort)][usize::from(b % 3)];
        let s = FollowUpSituation {
            stay: b & 4 != 0,
            cover,
            enemy_in_frontal_square: b & 8 != 0,
            oblique: b & 24 == 24,
            ..Default::default()
        };
        let Some(o) = odds::follow_up(&victor, &loser, s) else { return Ok(()) };
        let ways = every_way(&[2, 2, 1], |p| {
            follow_up(&victor, &loser, s, &FollowUpDice {
                stay: p[0].clone(),
                cover: p[1].clone(),
                follow_up: p[2].clone(),
            })
            .map(|o| (o.follows_up, o.squares))
        });
        close("follows up", o.follows, ways.iter().filter(|((f, _), _)| *f).map(|(_, p)| p).sum())?;
        same("squares", &o.squares, &gather(ways.iter().map(|((_, n), p)| (*n, *p)).collect()))?;
    }

    #[test]
    fn discipline_and_reform_tests(u in unit(), devotio: bool, zocs in 0..3u32, reroll: bool) {
        let mut u = u;
        u.characteristics.push(Characteristic::Brave);
        u.characteristics.push(Characteristic::Heroic);
        let dr = u.discipline_rating + if devotio { 2 } else { 0 };
        let m = discipline_modifier(&u);
        // every first roll, and the re-roll after a failure when it is taken
        let mut pass = 0.0;
        let mut critical = 0.0;
        let mut twelve = 0.0;
        for first in rolls(2) {
            let plain = DisciplineSituation { devotio, ..Default::default() };
            let o = discipline_test(&u, &plain, &first).unwrap();
            let mut ways = vec![(o, 1.0 / 36.0)];
            if !ways[0].0.passed && reroll {
                ways = rolls(2)
                    .into_iter()
                    .map(|again| {
                        let s = DisciplineSituation { devotio, rerolls: vec![TestReroll::Brave], ..Default::default() };
                        (discipline_test(&u, &s, &[first.clone(), again].concat()).unwrap(), 1.0 / 1296.0)
                    })
                    .collect();
            }
            for (o, p) in ways {
                if o.passed { pass += p; }
                if o.critical { critical += p; }
                if o.remove_unseen_setback { twelve += p; }
            }
        }
        let _ = (dr, m);
        let t = odds::discipline(&u, devotio, usize::from(reroll));
        close("discipline passes", t.passed, pass)?;
        close("discipline critical", t.critical, critical)?;
        close("discipline natural 12", t.natural_twelve, twelve)?;
        // a Reform Test, of a Disordered unit
        u.disordered = true;
        let mut pass = 0.0;
        for first in rolls(2) {
            let o = reform_test(&u, &ReformSituation { enemy_zocs: zocs, ..Default::default() }, &first).unwrap();
            if o.passed {
                pass += 1.0 / 36.0;
            } else if reroll {
                for again in rolls(2) {
                    let s = ReformSituation { enemy_zocs: zocs, rerolls: vec![TestReroll::Heroic], ..Default::default() };
                    if reform_test(&u, &s, &[first.clone(), again].concat()).unwrap().passed {
                        pass += 1.0 / 1296.0;
                    }
                }
            }
        }
        let _ = reform_modifier(&u, zocs);
        close("reform passes", odds::reform(&u, zocs, usize::from(reroll)).passed, pass)?;
    }

    #[test]
    fn failed_outcomes(u in unit(), fatigued: bool, by in 0..6u32, b: u8) {
        let s = FailedSituation {
            failed_by: by,
            critical: b & 1 != 0,
            cause: [Cause::Combat, Cause::Shooting, Cause::Other][usize::from(b / 2 % 3)],
            cause_fear: [None, Some(FearSource::Unit), Some(FearSource::Lines)][usize::from(b / 8 % 3)],
            small_cavalry_reserve: b & 64 != 0,
        };
        let elephant = u.has(Characteristic::Elephants) || u.lines.contains(&LineKind::Elephant);
        if !(s.critical && elephant) {
            let m = total(&discipline_modifiers(&u, fatigued, &s));
            let ways = every_way(&[2, 1], |p| {
                failed_discipline(&u, fatigued, &s, &FailedDice { outcome: p[0].clone(), rout: p[1].clone() })
                    .map(|o| o.outcome)
            });
            same("FAILED DISCIPLINE", &odds::failed_outcomes(&u, m, false), &gather(ways))?;
        }
        let m = total(&reform_modifiers(fatigued, &s));
        let ways = every_way(&[2, 1], |p| {
            failed_reform(&u, fatigued, &s, &FailedDice { outcome: p[0].clone(), rout: p[1].clone() })
                .map(|o| o.outcome)
        });
        let _ = Outcome::Rout;
        same("FAILED REFORM", &odds::failed_outcomes(&u, m, true), &gather(ways))?;
    }

    #[test]
    fn a_generals_risk(e in 0..4usize) {
        let event = [RiskEvent::PushedBack, RiskEvent::Disordered, RiskEvent::Retiring, RiskEvent::Routing][e];
        let g = General { name: "g".into(), generalship: 2, status: GeneralStatus::Unhurt, points_lost: 0, spent: 0 };
        let ways = every_way(&[2, 1], |p| {
            general_risk(&g, event, Points::default(), &RiskDice { risk: p[0].clone(), injury: p[1].clone(), points: Vec::new() })
                .map(|o| match o.outcome {
                    GeneralStatus::Unhurt => None,
                    GeneralStatus::LightlyWounded => Some(Injury::LightlyWounded),
                    GeneralStatus::SeriouslyWounded => Some(Injury::SeriouslyWounded),
                    GeneralStatus::Killed => Some(Injury::Killed),
                })
        });
        same("general", &odds::general(event), &gather(ways))?;
    }

    #[test]
    fn lines_and_eagles(l in 0..4usize, e in 0..4usize) {
        let line = [LineKind::Infantry, LineKind::Cavalry, LineKind::LightChariot, LineKind::Elephant][l];
        let mut u = Unit::new("legion", Class::FormedInfantry, 4, 3, 6);
        u.lines = vec![line];
        u.characteristics.push(Characteristic::Legion);
        let ways = every_way(&[1], |p| lines::line_outcome(&u, &p[0]).map(|(removed, _, _)| !removed.is_empty()));
        close("line removed", odds::line_removed(line), ways.iter().filter(|(r, _)| *r).map(|(_, p)| p).sum())?;
        let event = [EagleEvent::RoutedCombat, EagleEvent::RoutedOther, EagleEvent::RetiringCombat, EagleEvent::RetiringOther][e];
        let ways = every_way(&[2], |p| eagles::lost_eagles(&u, event, &p[0]).map(|o| o.result));
        same("eagles", &odds::eagles_odds(event), &gather(ways))?;
    }
}
