//! Generators of Warlord I units, COs and rolls for the property tests.

#![allow(dead_code)]

use herald::dice::Dice;
use herald::rules::named::Named;
use herald::rules::warlord_i::unit::all;
use herald::rules::warlord_i::{
    Activity, Armour, Class, Co, CoActivity, CoStatus, Drill, Formation, Morale, MoraleClass,
    Order, TroopType, Unit, Weapon,
};
use proptest::prelude::*;

/// Every roll of `n` plain dice, in a fixed order.
pub fn rolls(n: u32) -> impl Iterator<Item = Dice> {
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

fn pick<T: Named>(i: usize) -> T {
    let v: Vec<T> = all::<T>().collect();
    v[i % v.len()]
}

fn subset<T: Named + PartialEq>(bits: u32) -> Vec<T> {
    all::<T>()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, v)| v)
        .collect()
}

/// Any unit on the table, its morale among `morale`.
pub fn unit(morale: &'static [Morale]) -> impl Strategy<Value = Unit> {
    (
        (
            0..13usize,
            0..4usize,
            0..4usize,
            any::<bool>(),
            0..3usize,
            0..5usize,
        ),
        (any::<u32>(), 0..4usize, any::<bool>(), 0..=3u8),
        (1..=9u32, 1..=4u32, 0..=3u32, 0..=5u32, 0..=2u32),
        (0..morale.len(), 0..256u32, 0..3usize, any::<bool>()),
    )
        .prop_map(
            move |(
                (t, o, a, tribal, c, mc),
                (weapon_bits, first, special, co_stars),
                (bases, files, bases_lost, aps, dps),
                (m, act, form, tested),
            )| {
                let mut u = Unit::new("U", pick::<TroopType>(t), bases);
                u.order = pick::<Order>(o);
                if u.order == Order::Nr && !u.is_foot() {
                    u.order = Order::Nl;
                }
                u.armour = pick::<Armour>(a);
                u.drill = if tribal {
                    Drill::Tribal
                } else {
                    Drill::Disciplined
                };
                u.class = pick::<Class>(c);
                u.morale_class = pick::<MoraleClass>(mc);
                // A melee weapon first now and then, then any others.
                let mut weapons: Vec<Weapon> = Vec::new();
                if first > 0 {
                    weapons.push(pick::<Weapon>(weapon_bits as usize % 12));
                }
                for w in subset::<Weapon>(weapon_bits >> 8) {
                    if !weapons.contains(&w) {
                        weapons.push(w);
                    }
                }
                u.weapons = weapons;
                u.special = special;
                u.co_stars = co_stars;
                u = u.with_files(files.min(bases));
                u.bases_lost = bases_lost;
                u.aps = aps;
                u.dps = dps.min(aps);
                u.morale = morale[m];
                u.activity = subset::<Activity>(act);
                u.formation = pick::<Formation>(form);
                u.waver_tested = tested;
                u
            },
        )
}

/// Any CO, well or worse, with any activities.
pub fn co(max_status: usize) -> impl Strategy<Value = Co> {
    (
        1..=3u8,
        any::<bool>(),
        0..=max_status,
        any::<bool>(),
        0..64u32,
    )
        .prop_map(|(stars, c_in_c, status, dispersed, act)| {
            let mut co = Co::new("Ptolemy", stars);
            co.c_in_c = c_in_c;
            co.status = pick::<CoStatus>(status);
            co.dispersed = dispersed;
            co.activity = subset::<CoActivity>(act);
            co
        })
}

/// Every morale state.
pub const ANY_MORALE: &[Morale] = &[
    Morale::Reckless,
    Morale::Steady,
    Morale::Shaken,
    Morale::Dispersed,
    Morale::Wavering,
    Morale::Routed,
];
