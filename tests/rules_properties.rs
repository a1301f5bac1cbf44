//! Property tests of the rules core: the order of the dice never changes a
//! result, and no input makes a procedure or the case reader panic.

use herald::dice::{Dice, Die};
use herald::rules::Side;
use herald::rules::warlords::*;
use herald::store::warlords::case::read_cases;
use proptest::prelude::*;
use proptest::sample::select;

fn troop_type() -> impl Strategy<Value = TroopType> {
    select(vec![
        TroopType::FootSkirmishers,
        TroopType::HorseSkirmishers,
        TroopType::LooseFoot,
        TroopType::CloseFoot,
        TroopType::Cavalry,
        TroopType::Pike,
    ])
}

fn personality() -> impl Strategy<Value = Personality> {
    (
        "[A-Z][a-z]{2,6}",
        -3i8..=4,
        -1i8..=4,
        proptest::collection::vec(
            select(vec![
                PersonalityTrait::ExpertTactician,
                PersonalityTrait::FanaticalBodyguard,
                PersonalityTrait::Hated,
                PersonalityTrait::Rash,
                PersonalityTrait::Indecisive,
                PersonalityTrait::Coward,
                PersonalityTrait::Aggressive,
                PersonalityTrait::Slippery,
                PersonalityTrait::Bounty,
            ]),
            0..3,
        ),
        any::<bool>(),
    )
        .prop_map(|(name, charisma, prowess, traits, commander)| {
            let mut p = Personality::new(&name);
            p.charisma = charisma;
            p.prowess = prowess;
            p.traits = traits;
            p.commander = commander;
            p
        })
}

prop_compose! {
    fn unit()(
        troop_type in troop_type(),
        drilled in any::<bool>(),
        armour in -3i8..=2,
        shield in any::<bool>(),
        weapons in proptest::collection::vec(select(vec![
            Weapon::Light, Weapon::Heavy, Weapon::Lances, Weapon::HandMissiles,
            Weapon::LightMissiles, Weapon::HeavyMissiles, Weapon::Longbows, Weapon::Arbalests,
        ]), 0..4),
        shooting in proptest::collection::vec(select(vec![
            ShootingStyle::Massed, ShootingStyle::Shower, ShootingStyle::Skirmishing,
        ]), 0..3),
        traits in proptest::collection::vec(select(vec![
            UnitTrait::Fast, UnitTrait::Slow, UnitTrait::Veteran, UnitTrait::Elite,
            UnitTrait::Impetuous, UnitTrait::Shieldwall, UnitTrait::Wedge, UnitTrait::Hedgehog,
        ]), 0..3),
        stands in 0u32..20,
        files in 0u32..24,
        personalities in proptest::collection::vec(personality(), 0..3),
        morale in select(vec![Morale::Berserk, Morale::Ready, Morale::Worn, Morale::Broken, Morale::Dispersed]),
        champions in 0u32..4,
        casualties in 0u32..12,
        formation in select(vec![
            Formation::Line, Formation::MarchColumn, Formation::Shieldwall,
            Formation::Wedge, Formation::Hedgehog, Formation::Unformed,
        ]),
        moving in any::<bool>(),
    ) -> Unit {
        let mut u = Unit::new("Unit", troop_type, stands);
        u.training = if drilled { Training::Drilled } else { Training::Irregular };
        u.armour = armour;
        u.shield = shield;
        u.weapons = weapons;
        u.shooting = shooting;
        u.traits = traits;
        u.files = files;
        u.personalities = personalities;
        u.morale = morale;
        u.champions = champions;
        u.casualties = casualties;
        u.formation = formation;
        u.moving = moving;
        u
    }
}

fn faces(n: usize) -> impl Strategy<Value = Vec<Die>> {
    proptest::collection::vec(1u8..=6, n).prop_map(|v| v.into_iter().filter_map(Die::new).collect())
}

/// A shuffled copy of the first `n` dice, the rest left in place.
fn shuffled(dice: &[Die], n: usize, seed: u64) -> Vec<Die> {
    let mut head = dice[..n].to_vec();
    // A deterministic shuffle from the seed (Fisher-Yates with an LCG).
    let mut s = seed | 1;
    for i in (1..head.len()).rev() {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        head.swap(i, (s >> 33) as usize % (i + 1));
    }
    head.extend_from_slice(&dice[n..]);
    head
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn activation_ignores_dice_order(
        u in unit(),
        charging in any::<bool>(),
        evading in 0u32..3,
        near in any::<bool>(),
        visible in any::<bool>(),
        dice in faces(8),
        seed in any::<u64>(),
    ) {
        let s = ActivationSituation { charging, evading_spans: evading, enemy_in_charge_distance: near, enemy_visible_ahead: visible, ..Default::default() };
        if let Ok(plan) = Activation::plan(&u, s) {
            let n = plan.needs().white;
            let d = Dice { white: dice.iter().copied().cycle().take(n).collect(), ..Dice::default() };
            let a = plan.resolve(&d).unwrap();
            let mut e = d.clone();
            e.white = shuffled(&d.white, n, seed);
            let b = plan.resolve(&e).unwrap();
            prop_assert_eq!((a.score, a.success, a.berserk, a.lost_morale_step, a.morale, a.may_add_champion),
                            (b.score, b.success, b.berserk, b.lost_morale_step, b.morale, b.may_add_champion));
        }
    }

    #[test]
    fn shooting_ignores_dice_order(
        shooter in unit(),
        target in unit(),
        style in select(vec![ShootingStyle::Massed, ShootingStyle::Skirmishing]),
        range in 0u32..14,
        dice in faces(40),
        extra in faces(6),
        seed in any::<u64>(),
    ) {
        let s = ShootingSituation { style, range_spans: range, weapon: None, stands_shot_at: None, contact: false };
        if let Ok(shot) = Shooting::plan(&shooter, &target, s) {
            let mut d = Dice { white: dice.iter().copied().cycle().take(shot.dice as usize).collect(), ..Dice::default() };
            // Fill the staged red, yellow and Slippery dice the shot asks for.
            for _ in 0..4 {
                let need = shot.needs(&d);
                d.red.extend(extra.iter().copied().take(need.red.saturating_sub(d.red.len())));
                d.yellow.extend(extra.iter().copied().take(need.yellow.saturating_sub(d.yellow.len())));
                let more = need.white.saturating_sub(d.white.len());
                d.white.extend(extra.iter().copied().take(more));
            }
            let a = shot.resolve(&d).unwrap();
            let mut e = d.clone();
            e.white = shuffled(&d.white, shot.dice as usize, seed);
            let b = shot.resolve(&e).unwrap();
            prop_assert_eq!((a.hits, a.halted, a.casualties, a.personality_check, a.personality),
                            (b.hits, b.halted, b.casualties, b.personality_check, b.personality));
        }
    }

    #[test]
    fn melee_ignores_dice_order(
        ua in unit(),
        ub in unit(),
        charging in any::<bool>(),
        flanks in 0u32..3,
        rough in any::<bool>(),
        da in faces(12),
        db in faces(12),
        extra in faces(4),
        seed in any::<u64>(),
    ) {
        let mut a = MeleeSide::new(&ua);
        a.facts.charging = charging;
        a.facts.enemy_flanks = flanks;
        let b = MeleeSide::new(&ub);
        if let Ok(m) = Melee::plan(a, b, rough, &herald::rules::house::House::defaults(HOUSE)) {
            let mut dice = MeleeDice::default();
            dice.a.white = da.iter().copied().cycle().take(m.a.dice as usize).collect();
            dice.b.white = db.iter().copied().cycle().take(m.b.dice as usize).collect();
            for _ in 0..3 {
                let (na, nb) = m.needs(&dice);
                for (d, n) in [(&mut dice.a, na), (&mut dice.b, nb)] {
                    d.red.extend(extra.iter().copied().take(n.red.saturating_sub(d.red.len())));
                    d.yellow.extend(extra.iter().copied().take(n.yellow.saturating_sub(d.yellow.len())));
                    let more = n.white.saturating_sub(d.white.len());
                    d.white.extend(extra.iter().copied().take(more));
                }
            }
            let x = m.resolve(&dice).unwrap();
            let mut shuffled_dice = dice.clone();
            shuffled_dice.a.white = shuffled(&dice.a.white, m.a.dice as usize, seed);
            shuffled_dice.b.white = shuffled(&dice.b.white, m.b.dice as usize, seed ^ 0xabcdef);
            let y = m.resolve(&shuffled_dice).unwrap();
            for side in [Side::A, Side::B] {
                prop_assert_eq!(x.side(side).score, y.side(side).score);
                prop_assert_eq!(x.side(side).casualties_inflicted, y.side(side).casualties_inflicted);
                prop_assert_eq!(x.side(side).stands_destroyed, y.side(side).stands_destroyed);
            }
            prop_assert_eq!(x.decision, y.decision);
            prop_assert_eq!(x.personalities, y.personalities);
        }
    }

    #[test]
    fn random_moves_and_flight_ignore_dice_order(u in unit(), dice in faces(12), seed in any::<u64>()) {
        let flee = Flee::new(&u);
        let n = flee.needs().white;
        let d = Dice { white: dice.iter().copied().cycle().take(n).collect(), ..Dice::default() };
        let e = Dice { white: shuffled(&d.white, n, seed), ..Dice::default() };
        if let (Ok(a), Ok(b)) = (flee.resolve(&d), flee.resolve(&e)) {
            prop_assert_eq!((a.distance, a.stands_lost, a.dispersed), (b.distance, b.stands_lost, b.dispersed));
        }
    }

    #[test]
    fn wrong_dice_counts_are_refused_not_panics(u in unit(), dice in proptest::collection::vec(1u8..=6, 0..12)) {
        if let Ok(plan) = Activation::plan(&u, ActivationSituation::default()) {
            let d = Dice::white(&dice).unwrap();
            let r = plan.resolve(&d);
            prop_assert_eq!(r.is_ok(), dice.len() == plan.needs().white);
        }
    }

    #[test]
    fn the_case_reader_never_panics_on_any_text(text in "\\PC{0,400}") {
        let _ = read_cases("fuzz.toml", &text);
    }

    #[test]
    fn the_case_reader_never_panics_on_case_like_toml(
        kind in select(vec!["activation", "shooting", "melee", "flee", "random_move", "initiative", "stand_loss", "movement", "break_off", "bogus"]),
        body in proptest::collection::vec(
            ("[a-z_]{1,12}", prop_oneof![
                Just("1".to_string()), Just("-99999999999999999999".to_string()), Just("true".to_string()),
                Just("\"close_foot\"".to_string()), Just("[7, 0, 3]".to_string()), Just("{ a = 1 }".to_string()),
                Just("[[1]]".to_string()), Just("\"\"".to_string()),
            ]),
            0..8,
        ),
    ) {
        let mut text = format!("[[case]]\nid = \"x\"\nkind = \"{kind}\"\n");
        for (k, v) in body {
            text.push_str(&format!("{k} = {v}\n"));
        }
        text.push_str("[case.unit]\nname = \"u\"\ntype = \"close_foot\"\nstands = 4\n");
        if let Ok(cases) = read_cases("fuzz.toml", &text) {
            for c in &cases {
                let _ = herald::cli::warlords::resolve::case_json(c);
            }
        }
    }
}
