//! Property tests: the odds of every procedure equal brute-force enumeration
//! of all 6^n white rolls through the procedure's own `resolve` (within
//! 1e-12), and every distribution sums to 1, small pools and large.

use herald::dice::Dice;
use herald::odds::Distribution;
use herald::odds::warlords as odds;
use herald::rules::Side;
use herald::rules::warlords::{
    Activation, ActivationSituation, Flee, Formation, Initiative, InitiativeWinner, Melee,
    MeleeDice, MeleeFacts, MeleeSide, Morale, Personality, PersonalityTrait, RandomMove, Shooting,
    ShootingSituation, ShootingStyle, Training, TroopType, Unit, UnitTrait, Weapon,
};
use proptest::prelude::*;

const CLOSE: f64 = 1e-12;

/// Every roll of `n` white dice.
fn rolls(n: u32) -> impl Iterator<Item = Dice> {
    (0..6usize.pow(n)).map(move |mut i| {
        let faces: Vec<u8> = (0..n)
            .map(|_| {
                let f = (i % 6) as u8 + 1;
                i /= 6;
                f
            })
            .collect();
        Dice::white(&faces).unwrap()
    })
}

/// Counts of values, as a distribution out of `total`.
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

/// The share of `items` meeting `test`.
fn share<T>(items: &[T], test: impl Fn(&T) -> bool) -> f64 {
    items.iter().filter(|x| test(x)).count() as f64 / items.len() as f64
}

const TYPES: [TroopType; 6] = [
    TroopType::FootSkirmishers,
    TroopType::HorseSkirmishers,
    TroopType::LooseFoot,
    TroopType::CloseFoot,
    TroopType::Cavalry,
    TroopType::Pike,
];
const FORMATIONS: [Formation; 5] = [
    Formation::Line,
    Formation::MarchColumn,
    Formation::Shieldwall,
    Formation::Wedge,
    Formation::Unformed,
];
const MORALE: [Morale; 4] = [Morale::Berserk, Morale::Ready, Morale::Worn, Morale::Broken];
const TRAITS: [UnitTrait; 5] = [
    UnitTrait::Veteran,
    UnitTrait::Elite,
    UnitTrait::Impetuous,
    UnitTrait::Fast,
    UnitTrait::Slow,
];

/// A unit with no personalities, its dice kept small by few stands.
fn unit(max_stands: u32) -> impl Strategy<Value = Unit> {
    (
        (0..6usize, any::<bool>(), -2i8..=1, any::<bool>()),
        (1..=max_stands, 1..=3u32, 0..5usize, 0..4usize),
        (0..=3u32, 0..=6u32, 0..32u32, 0..4usize, any::<bool>()),
    )
        .prop_map(
            |((t, drilled, armour, shield), (stands, ranks, f, m), (ch, cas, tr, w, moving))| {
                let mut u = Unit::new("U", TYPES[t], stands);
                u.training = if drilled {
                    Training::Drilled
                } else {
                    Training::Irregular
                };
                u.armour = armour;
                u.shield = shield;
                u.files = stands.div_ceil(ranks).max(1);
                u.formation = FORMATIONS[f];
                u.morale = MORALE[m];
                u.champions = ch;
                u.casualties = cas;
                u.traits = (0..5)
                    .filter(|i| tr & (1 << i) != 0)
                    .map(|i| TRAITS[i])
                    .collect();
                u.weapons = match w {
                    0 => vec![Weapon::Light],
                    1 => vec![Weapon::Heavy],
                    2 => vec![Weapon::Heavy, Weapon::Lances],
                    _ => vec![],
                };
                u.moving = moving;
                u
            },
        )
}

/// A commander whose traits touch the activation.
fn commander() -> impl Strategy<Value = Option<Personality>> {
    proptest::option::of((-2i8..=3, 0..5usize).prop_map(|(charisma, t)| {
        let mut p = Personality::new("Leofwine");
        p.charisma = charisma;
        p.traits = match t {
            0 => vec![PersonalityTrait::Rash],
            1 => vec![PersonalityTrait::Indecisive],
            2 => vec![PersonalityTrait::Aggressive],
            3 => vec![PersonalityTrait::ExpertTactician],
            _ => vec![],
        };
        p
    }))
}

fn situation() -> impl Strategy<Value = ActivationSituation> {
    (0..32u32, 0..=2u32).prop_map(|(b, evading_spans)| ActivationSituation {
        charging: b & 1 != 0,
        evading_spans,
        enemy_in_charge_distance: b & 2 != 0,
        enemy_visible_ahead: b & 4 != 0,
        tactician_in_sight: b & 8 != 0,
        fleeing: false,
        changing_formation: b & 16 != 0,
        halted_this_turn: false,
        in_melee: false,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn activation_odds_equal_enumeration(
        mut u in unit(8),
        leader in commander(),
        s in situation(),
    ) {
        u.personalities.extend(leader);
        let Ok(plan) = Activation::plan(&u, s) else { return Ok(()) };
        let n = plan.needs().white as u32;
        let outs: Vec<_> = if n == 0 {
            vec![plan.resolve(&Dice::default()).unwrap()]
        } else {
            rolls(n).map(|d| plan.resolve(&d).unwrap()).collect()
        };
        let got = odds::activation(&plan);
        prop_assert_eq!(got.dice, n);
        close("success", got.success, share(&outs, |o| o.success))?;
        close("berserk", got.berserk, share(&outs, |o| o.berserk))?;
        close("lost_morale_step", got.lost_morale_step, share(&outs, |o| o.lost_morale_step))?;
        close("may_add_champion", got.may_add_champion, share(&outs, |o| o.may_add_champion))?;
        if n > 0 {
            same("score", &got.score, &brute(outs.iter().map(|o| o.score.unwrap()).collect()))?;
        }
    }

    #[test]
    fn shooting_odds_equal_enumeration(
        shooter_stands in 1..=3u32,
        two_ranks in any::<bool>(),
        moving in any::<bool>(),
        kit in 0..5usize,
        skirmishing in any::<bool>(),
        range_spans in 0..=8u32,
        target in unit(12),
        pavises in any::<bool>(),
    ) {
        let mut shooter = Unit::new("Archers", TroopType::LooseFoot, shooter_stands);
        shooter.files = if two_ranks { shooter_stands.div_ceil(2) } else { shooter_stands };
        shooter.moving = moving;
        shooter.shooting = vec![ShootingStyle::Massed, ShootingStyle::Skirmishing];
        shooter.weapons = match kit {
            0 => vec![Weapon::HandMissiles],
            1 => vec![Weapon::LightMissiles],
            2 => vec![Weapon::HeavyMissiles],
            3 => vec![Weapon::HeavyMissiles, Weapon::Longbows],
            _ => vec![Weapon::HeavyMissiles, Weapon::Arbalests],
        };
        let mut target = target;
        target.pavises_deployed = pavises;
        let s = ShootingSituation {
            style: if skirmishing { ShootingStyle::Skirmishing } else { ShootingStyle::Massed },
            range_spans,
            weapon: None,
            stands_shot_at: None,
            contact: false,
        };
        let Ok(plan) = Shooting::plan(&shooter, &target, s) else { return Ok(()) };
        prop_assume!(plan.dice <= 6);
        let outs: Vec<_> = rolls(plan.dice).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::shooting(&plan);
        same("hits", &got.hits, &brute(outs.iter().map(|o| o.hits).collect()))?;
        same("raw hits", &got.raw_hits, &brute(outs.iter().map(|o| o.raw_hits).collect()))?;
        same("casualties", &got.casualties, &brute(outs.iter().map(|o| o.casualties).collect()))?;
        close("halted", got.halted, share(&outs, |o| o.halted))?;
    }

    #[test]
    fn melee_odds_equal_enumeration(
        a in unit(4),
        b in unit(4),
        facts in proptest::collection::vec((0..64u32, 0..=1u32), 2),
        rough_ground in any::<bool>(),
    ) {
        let side_facts = |(bits, flanks): (u32, u32)| MeleeFacts {
            charging: bits & 1 != 0,
            enemy_flanks: flanks,
            flanks_contacted: (bits >> 1) & 1,
            rear_contacted: bits & 4 != 0,
            struck_by_charging_heavy: bits & 8 != 0,
            opponent_uphill: bits & 16 != 0,
            enemy_in_front: bits & 32 == 0,
            ..MeleeFacts::default()
        };
        let sa = MeleeSide { unit: &a, facts: side_facts(facts[0]) };
        let sb = MeleeSide { unit: &b, facts: side_facts(facts[1]) };
        let Ok(plan) = Melee::plan(sa, sb, rough_ground, &herald::rules::house::House::defaults(herald::rules::warlords::HOUSE)) else { return Ok(()) };
        let (na, nb) = (plan.a.dice, plan.b.dice);
        prop_assume!(na + nb <= 5);
        let mut outs = Vec::new();
        for da in rolls(na) {
            for db in rolls(nb) {
                outs.push(plan.resolve(&MeleeDice { a: da.clone(), b: db }).unwrap());
            }
        }
        let got = odds::melee(&plan);
        close("loser a", got.loser_a, share(&outs, |o| o.decision.loser == Some(Side::A)))?;
        close("loser b", got.loser_b, share(&outs, |o| o.decision.loser == Some(Side::B)))?;
        close("no loser", got.loser_none, share(&outs, |o| o.decision.loser.is_none()))?;
        close("falls back", got.loser_falls_back, share(&outs, |o| o.decision.falls_back))?;
        close("unformed", got.loser_unformed, share(&outs, |o| o.decision.unformed))?;
        close("broken", got.loser_broken, share(&outs, |o| o.decision.broken))?;
        for side in [Side::A, Side::B] {
            let mine = got.side(side);
            let results: Vec<_> = outs.iter().map(|o| o.side(side).clone()).collect();
            same("score", &mine.score, &brute(results.iter().map(|r| r.score).collect()))?;
            same(
                "casualties inflicted",
                &mine.casualties_inflicted,
                &brute(results.iter().map(|r| r.casualties_inflicted).collect()),
            )?;
            same(
                "stands destroyed",
                &mine.stands_destroyed,
                &brute(results.iter().map(|r| r.stands_destroyed).collect()),
            )?;
        }
    }

    #[test]
    fn random_move_odds_equal_enumeration(spans in 0..=6u32) {
        let plan = RandomMove { spans };
        let outs: Vec<_> = rolls(spans).map(|d| plan.resolve(&d).unwrap().distance).collect();
        let got = odds::random_move(&plan);
        same("distance", &got.distance, &brute(outs))?;
    }

    #[test]
    fn flee_odds_equal_enumeration(u in unit(6)) {
        let plan = Flee::new(&u);
        let n = plan.needs().white as u32;
        prop_assume!(n <= 6);
        let outs: Vec<_> = rolls(n).map(|d| plan.resolve(&d).unwrap()).collect();
        let got = odds::flee(&plan);
        same("distance", &got.distance, &brute(outs.iter().map(|o| o.distance).collect()))?;
        same("stands lost", &got.stands_lost, &brute(outs.iter().map(|o| o.stands_lost).collect()))?;
        close("dispersed", got.dispersed, share(&outs, |o| o.dispersed))?;
    }

    #[test]
    fn big_pools_still_sum_to_1(
        champions in 0..=60u32,
        stands in 1..=80u32,
        spans in 0..=140u32,
    ) {
        let mut u = Unit::new("Host", TroopType::CloseFoot, stands);
        u.champions = champions;
        let plan = Activation::plan(&u, ActivationSituation::default()).unwrap();
        let a = odds::activation(&plan);
        prop_assert!((a.score.total() - 1.0).abs() < 1e-9);
        prop_assert!((0.0..=1.0 + 1e-12).contains(&a.success));

        let mut archers = Unit::new("Archers", TroopType::LooseFoot, stands);
        archers.weapons = vec![Weapon::HeavyMissiles, Weapon::Longbows];
        archers.shooting = vec![ShootingStyle::Massed];
        let s = ShootingSituation {
            style: ShootingStyle::Massed,
            range_spans: 6,
            weapon: None,
            stands_shot_at: None,
            contact: false,
        };
        let shot = Shooting::plan(&archers, &u, s).unwrap();
        let o = odds::shooting(&shot);
        prop_assert_eq!(o.dice, 4 * stands);
        prop_assert!((o.hits.total() - 1.0).abs() < 1e-9);
        prop_assert!((o.casualties.total() - 1.0).abs() < 1e-9);

        let m = odds::random_move(&RandomMove { spans });
        prop_assert!((m.distance.total() - 1.0).abs() < 1e-9);
    }
}

#[test]
fn initiative_odds_equal_enumeration() {
    for last_holder in [None, Some(Side::A), Some(Side::B)] {
        let plan = Initiative { last_holder };
        let got = odds::initiative(&plan);
        let mut ways = Vec::new();
        for a in rolls(1) {
            for b in rolls(1) {
                ways.push(plan.resolve(&a, &b).unwrap().0);
            }
        }
        for w in [
            InitiativeWinner::Side(Side::A),
            InitiativeWinner::Side(Side::B),
            InitiativeWinner::Reroll,
        ] {
            let want = share(&ways, |x| *x == w);
            assert!((got.winner.probability(w) - want).abs() < CLOSE, "{w:?}");
        }
        assert!((got.winner.total() - 1.0).abs() < CLOSE);
    }
}
