//! Property tests: the Warlord I odds of every dice procedure equal
//! brute-force enumeration of every roll (6, 36 or 216 of them) through the
//! procedure's own `resolve`, within 1e-12, and every distribution sums to 1.

#[path = "support/warlord_i.rs"]
mod support;

use herald::dice::Dice;
use herald::odds::Distribution;
use herald::odds::warlord_i as odds;
use herald::rules::Side;
use herald::rules::warlord_i::unit::all;
use herald::rules::warlord_i::{
    CcpSituation, ChargeTarget, CoActivity, CommandSituation, CommandTest, EnterField,
    EnterSituation, FugitiveAttrition, FugitiveSituation, GeneralRisk, GeneralRiskSituation,
    Ground, Initiative, InitiativeSituation, Leader, Melee, MeleeFacts, Morale, OrderOfPlay,
    Response, Shooting, ShootingSituation, ShootingWeapon, ShotFrom, SidesDice, Transfer,
    WaverSituation, WaverTest, WinnerMoves,
};
use proptest::prelude::*;
use support::{ANY_MORALE, co, rolls, unit};

const CLOSE: f64 = 1e-12;

/// Counts of values, as a distribution.
fn brute<T: Copy + Ord>(values: Vec<T>) -> Distribution<T> {
    let total = values.len() as f64;
    Distribution::gather_sorted(values.into_iter().map(|v| (v, 1.0 / total)))
}

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

fn share<T>(items: &[T], test: impl Fn(&T) -> bool) -> f64 {
    items.iter().filter(|x| test(x)).count() as f64 / items.len() as f64
}

const NOT_ROUTED: &[Morale] = &[
    Morale::Reckless,
    Morale::Steady,
    Morale::Shaken,
    Morale::Dispersed,
    Morale::Wavering,
];

fn ccp_situation() -> impl Strategy<Value = CcpSituation> {
    (0..8u32, 0..4usize, 0..=45u32).prop_map(|(b, t, distance_cm)| CcpSituation {
        rally: b & 1 != 0,
        restrain_and_prompt: b & 2 != 0,
        charge_target: [
            None,
            Some(ChargeTarget::Oo),
            Some(ChargeTarget::Artillery),
            Some(ChargeTarget::Other),
        ][t],
        distance_cm,
        co_base_lost: b & 4 != 0,
    })
}

fn co_activity(bits: u32) -> Vec<CoActivity> {
    all::<CoActivity>()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, a)| a)
        .collect()
}

fn side_facts() -> impl Strategy<Value = MeleeFacts> {
    (0..512u32, 0..=4u32, 0..=2u32, 0..3usize).prop_map(
        |(b, supporting_ranks, overlapped_flanks, g)| MeleeFacts {
            advancing: b & 1 != 0,
            charge_advantage: b & 2 != 0,
            contact_advantage: b & 4 != 0,
            supporting_ranks,
            overlapped_flanks,
            ground: [None, Some(Ground::Minor), Some(Ground::Major)][g],
            general_leading: b & 8 != 0,
            general_wounded: b & 16 != 0,
            superior_troops: b & 32 != 0,
            response: [Response::Retreat, Response::Waver, Response::Surrender]
                [(b >> 6) as usize % 3],
        },
    )
}

fn waver_situation() -> impl Strategy<Value = WaverSituation> {
    (any::<u32>(), 0..=2u32, 0..3usize).prop_map(|(b, secure_flanks, l)| WaverSituation {
        friendly_disaster_within_10cm: b & 1 != 0,
        charged_by_elephants: b & 2 != 0,
        hostile_elephants_within_10cm: b & 4 != 0,
        enemy_behind_flank: b & 8 != 0,
        religious_party_lost: b & 16 != 0,
        rear_support: b & 32 != 0,
        hostile_routers_within_10cm: b & 64 != 0,
        in_cover: b & 128 != 0,
        near_camp: b & 256 != 0,
        charging_home: b & 512 != 0,
        charging_pikes: b & 1024 != 0,
        charging_flank_or_rear: b & 2048 != 0,
        charging_oo_or_artillery_in_open: b & 4096 != 0,
        religious_party_in_sight: b & 8192 != 0,
        secure_flanks,
        led_by: [None, Some(Leader::CInC), Some(Leader::DivisionalCo)][l],
        leader_bonus_off: b & 16384 != 0,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn command_test_odds_equal_enumeration(
        c in co(4),
        units_lost in 0..=3u32,
        initiative in any::<bool>(),
        transfer in proptest::option::of((0..=6u32, 0..=40u32)),
    ) {
        let s = CommandSituation {
            units_lost,
            initiative,
            transfer: transfer.map(|(ccps, distance_cm)| Transfer { ccps, distance_cm }),
        };
        let plan = CommandTest::plan(&c, s);
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let outs: Vec<_> = rolls(u32::from(c.stars)).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::command_test(&plan);
        same("ccps", &got.ccps, &brute(outs.iter().map(|o| o.ccps).collect()))?;
        same("total", &got.total, &brute(outs.iter().map(|o| o.total).collect()))?;
    }

    #[test]
    fn initiative_odds_equal_enumeration(
        mut u in unit(ANY_MORALE),
        stars in 1..=3u8,
        ccp in ccp_situation(),
        busy in 0..64u32,
    ) {
        u.co_stars = stars;
        let s = InitiativeSituation { ccp, co_activity: co_activity(busy) };
        let plan = Initiative::plan(&u, s);
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let outs: Vec<_> = rolls(u32::from(stars)).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::initiative(&plan);
        same("ccps", &got.ccps, &brute(outs.iter().map(|o| o.ccps).collect()))?;
        close("success", got.success, share(&outs, |o| o.success))?;
    }

    #[test]
    fn shooting_odds_equal_enumeration(
        mut shooter in unit(NOT_ROUTED),
        target in unit(ANY_MORALE),
        artillery in 0..5usize,
        weapon in 0..6usize,
        range_cm in 0..=60u32,
        bits in 0..16u32,
        shot_from in 0..3usize,
        line_of_fire in proptest::option::of(0..=3u32),
    ) {
        // Any hand weapon, or one of the artillery types (a fifth of the time each).
        let hand = [
            ShootingWeapon::Bow, ShootingWeapon::Crossbow, ShootingWeapon::Mixed,
            ShootingWeapon::Sling, ShootingWeapon::StaffSling, ShootingWeapon::Darts,
        ][weapon];
        match artillery {
            1 => shooter.troop_type = herald::rules::warlord_i::TroopType::Carroballista,
            2 => shooter.troop_type = herald::rules::warlord_i::TroopType::HeavyCatapult,
            3 => shooter.troop_type = herald::rules::warlord_i::TroopType::RocketBattery,
            _ => {}
        }
        let s = ShootingSituation {
            range_cm,
            weapon: (!shooter.troop_type.is_artillery()).then_some(hand),
            shot_from: [ShotFrom::Front, ShotFrom::Flank, ShotFrom::Rear][shot_from],
            target_in_cover: bits & 1 != 0,
            screened_by_oo: bits & 2 != 0,
            ranks_in_line_of_fire: line_of_fire,
            target_depth: (bits & 4 != 0).then_some(target.ranks + 1),
            ..ShootingSituation::default()
        };
        if !shooter.troop_type.is_artillery() && !shooter.weapons.iter().any(|w| w.as_shooting() == Some(hand)) {
            shooter.weapons.push(match hand {
                ShootingWeapon::Bow => herald::rules::warlord_i::Weapon::Bow,
                ShootingWeapon::Crossbow => herald::rules::warlord_i::Weapon::Crossbow,
                ShootingWeapon::Mixed => herald::rules::warlord_i::Weapon::Mixed,
                ShootingWeapon::Sling => herald::rules::warlord_i::Weapon::Sling,
                ShootingWeapon::StaffSling => herald::rules::warlord_i::Weapon::StaffSling,
                _ => herald::rules::warlord_i::Weapon::Darts,
            });
        }
        let plan = Shooting::plan(&shooter, &target, s);
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let outs: Vec<_> = rolls(plan.dice).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::shooting(&plan);
        prop_assert_eq!(got.dice, plan.dice);
        same("score", &got.score, &brute(outs.iter().map(|o| o.score).collect()))?;
        same("hits", &got.hits, &brute(outs.iter().map(|o| o.hits).collect()))?;
        same("bases removed", &got.bases_removed, &brute(outs.iter().map(|o| o.bases_removed).collect()))?;
        close("waver test", got.waver_test, share(&outs, |o| o.waver_test))?;
    }

    #[test]
    fn waver_test_odds_equal_enumeration(u in unit(NOT_ROUTED), s in waver_situation()) {
        let plan = WaverTest::plan(&u, s);
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let outs: Vec<_> = rolls(2).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::waver_test(&plan);
        same("score", &got.score, &brute(outs.iter().map(|o| o.score).collect()))?;
        same("morale", &got.morale, &brute(outs.iter().map(|o| o.morale).collect()))?;
        close("retreat", got.retreat, share(&outs, |o| o.retreat))?;
    }

    #[test]
    fn melee_odds_equal_enumeration(
        a in unit(NOT_ROUTED),
        b in unit(NOT_ROUTED),
        fa in side_facts(),
        fb in side_facts(),
        round in 1..=3u32,
    ) {
        let plan = Melee::plan(round, (&a, fa), (&b, fb));
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let mut outs = Vec::new();
        for da in rolls(1) {
            for db in rolls(1) {
                outs.push(plan.resolve(&SidesDice { a: da.clone(), b: db }).unwrap());
            }
        }
        let got = odds::melee(&plan);
        same("margin", &got.margin, &brute(outs.iter().map(|o| o.a.score - o.b.score).collect()))?;
        same("difference", &got.difference, &brute(outs.iter().map(|o| o.difference).collect()))?;
        same("loser", &got.loser, &brute(outs.iter().map(|o| o.loser).collect()))?;
        same("extra APs", &got.extra_aps, &brute(outs.iter().map(|o| o.extra_aps).collect()))?;
        same("a move", &got.a_move, &brute(outs.iter().map(|o| o.a.movement).collect()))?;
        same("b move", &got.b_move, &brute(outs.iter().map(|o| o.b.movement).collect()))?;
        same("a morale", &got.a_morale, &brute(outs.iter().map(|o| o.a.morale).collect()))?;
        same("b morale", &got.b_morale, &brute(outs.iter().map(|o| o.b.morale).collect()))?;
        same("a APs", &got.a_aps, &brute(outs.iter().map(|o| o.a.aps_gained).collect()))?;
        same("b APs", &got.b_aps, &brute(outs.iter().map(|o| o.b.aps_gained).collect()))?;
    }

    #[test]
    fn fugitive_odds_equal_enumeration(
        u in unit(ANY_MORALE),
        bits in 0..8u32,
        counts in (0..=3u32, 0..=5u32, 0..=5u32, 0..=4u32),
    ) {
        let s = FugitiveSituation {
            elephants_burst_through: counts.0,
            overriding_bases: counts.1,
            expendable_bases: counts.2,
            overridden: bits & 1 != 0,
            ridden_through: bits & 2 != 0,
            difficult_terrain: bits & 4 != 0,
            pursuers_in_contact: counts.3,
        };
        let plan = FugitiveAttrition::plan(&u, s);
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let outs: Vec<_> = rolls(1).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::fugitive_attrition(&plan);
        same("APs", &got.aps, &brute(outs.iter().map(|o| o.aps_suffered).collect()))?;
        same("bases removed", &got.bases_removed, &brute(outs.iter().map(|o| o.bases_removed).collect()))?;
        close("destroyed", got.destroyed, share(&outs, |o| o.destroyed))?;
    }

    #[test]
    fn enter_field_odds_equal_enumeration(
        u in unit(ANY_MORALE),
        failures in 0..=5u32,
        flank in proptest::option::of(0..=95u32),
        bits in 0..4u32,
        opposing in 0..=20u32,
    ) {
        let s = EnterSituation {
            previous_failures: failures,
            flank_march_cm: flank,
            returning: bits & 1 != 0,
            pursuers_not_returned: bits & 2 != 0,
            opposing_bases: opposing,
        };
        let plan = EnterField::plan(&u, s);
        prop_assume!(plan.is_ok(), "refused: {:?}", plan.as_ref().err());
        let plan = plan.unwrap();
        let outs: Vec<_> = rolls(2).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::enter_field(&plan);
        same("score", &got.score, &brute(outs.iter().map(|o| o.score).collect()))?;
        same("outcome", &got.outcome, &brute(outs.iter().map(|o| o.outcome).collect()))?;
        close("enters", got.enters, share(&outs, |o| o.enters))?;
    }

    #[test]
    fn general_risk_odds_equal_enumeration(c in co(2), aps in 0..=8u32, in_melee in any::<bool>()) {
        let plan = GeneralRisk::plan(&c, GeneralRiskSituation { aps_this_move: aps, in_melee }).unwrap();
        let outs: Vec<_> = rolls(1).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::general_risk(&plan);
        same("score", &got.score, &brute(outs.iter().map(|o| o.score).collect()))?;
        same("fate", &got.fate, &brute(outs.iter().map(|o| o.fate).collect()))?;
    }
}

#[test]
fn order_of_play_odds_equal_enumeration() {
    for moves in [WinnerMoves::First, WinnerMoves::Second] {
        let plan = OrderOfPlay::plan(moves);
        let mut outs = Vec::new();
        for a in rolls(1) {
            for b in rolls(1) {
                outs.push(plan.resolve(&SidesDice { a: a.clone(), b }).unwrap());
            }
        }
        let got = odds::order_of_play(&plan);
        same(
            "winner",
            &got.winner,
            &brute(outs.iter().map(|o| o.winner).collect()),
        )
        .unwrap();
        same(
            "player 1",
            &got.player_1,
            &brute(outs.iter().map(|o| o.player_1).collect()),
        )
        .unwrap();
        assert!((got.player_1.probability(None) - 6.0 / 36.0).abs() < CLOSE);
        assert!(
            (got.winner
                .probability(herald::rules::warlord_i::OrderWinner::Side(Side::A))
                - 15.0 / 36.0)
                .abs()
                < CLOSE
        );
    }
}

#[test]
fn a_three_star_command_test_counts_216_rolls() {
    let plan = CommandTest::plan(
        &herald::rules::warlord_i::Co::new("Seleucus", 3),
        CommandSituation::default(),
    )
    .unwrap();
    let got = odds::command_test(&plan);
    // 3d6: 10 and 11 come up 27 times each in 216.
    assert!((got.ccps.probability(10) - 27.0 / 216.0).abs() < CLOSE);
    assert!((got.ccps.probability(3) - 1.0 / 216.0).abs() < CLOSE);
    let d = Dice::white(&[6, 6, 6]).unwrap();
    assert_eq!(plan.resolve(&d).unwrap().ccps, 18);
}
