//! Property tests for Warlord I: no input makes the case or army readers
//! (or the resolver after them) panic, and where the rules add dice up, the
//! order they were rolled in changes nothing.

#[path = "support/warlord_i.rs"]
mod support;

use herald::cli::warlord_i::resolve::{case_json, case_text};
use herald::dice::Dice;
use herald::rules::warlord_i::{
    CommandSituation, CommandTest, EnterField, EnterSituation, Shooting, ShootingSituation,
    TroopType, Unit, WaverSituation, WaverTest,
};
use herald::store::warlord_i::army::{read_army, read_army_bytes};
use herald::store::warlord_i::case::read_cases;
use proptest::prelude::*;
use std::path::Path;
use support::{ANY_MORALE, co, unit};

fn file(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// Pieces of TOML and of the vocabularies, to splice into good files.
const SPLICES: &[&str] = &[
    "\n[[case]]\n",
    "\n[[divisions]]\n",
    "\n[[divisions.units]]\n",
    "\n[divisions.co]\n",
    " = ",
    "\"",
    "[",
    "]",
    "{",
    "}",
    "99999999999999999999999",
    "-1",
    "0",
    "7",
    "true",
    "1.5",
    "\nkind = \"melee\"\n",
    "\nkind = \"shooting\"\n",
    "\nsystem = \"warlords\"\n",
    "\nbases = 0\n",
    "\nmorale = \"routed\"\n",
    "\nwaver_tested = true\n",
    "\nwhite = [7, 0]\n",
    "\ntype = \"elephants\"\n",
    "\nstars = 3\n",
    "\nround = 0\n",
    "\u{e9}",
];

/// `text` with a piece cut out at `at` and a splice put in.
fn mutate(text: &str, at: usize, cut: usize, splice: usize) -> String {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + cut).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    format!(
        "{}{}{}",
        &text[..at],
        SPLICES[splice % SPLICES.len()],
        &text[end..]
    )
}

/// Reads a case file and resolves every case it holds, as `herald resolve` would.
fn resolve_all(text: &str) {
    if let Ok(cases) = read_cases("fuzz.toml", text) {
        for c in &cases {
            let json = case_json(c);
            assert!(json.get("id").is_some());
            let _ = case_text(c);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn no_text_panics_the_case_reader(text in "\\PC{0,300}") {
        resolve_all(&text);
        let _ = read_army("fuzz.toml", &text);
    }

    #[test]
    fn no_bytes_panic_the_army_reader(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = read_army_bytes("fuzz.toml", &bytes);
    }

    #[test]
    fn mutated_case_files_never_panic(
        edits in proptest::collection::vec((any::<usize>(), 0..40usize, any::<usize>()), 1..4),
    ) {
        let mut text = file("tests/cases/warlord-i/herald.toml");
        for (at, cut, splice) in edits {
            text = mutate(&text, at, cut, splice);
        }
        resolve_all(&text);
    }

    #[test]
    fn mutated_army_files_never_panic(
        roman in any::<bool>(),
        edits in proptest::collection::vec((any::<usize>(), 0..40usize, any::<usize>()), 1..4),
    ) {
        let mut text = file(if roman {
            "armies/warlord-i/carrhae-53bc-roman.toml"
        } else {
            "armies/warlord-i/carrhae-53bc-parthian.toml"
        });
        for (at, cut, splice) in edits {
            text = mutate(&text, at, cut, splice);
        }
        match read_army("fuzz.toml", &text) {
            Ok(a) => prop_assert!(a.army.divisions.iter().filter(|d| d.co.c_in_c).count() == 1),
            Err(ps) => prop_assert!(ps.iter().any(|p| !p.warning)),
        }
    }

    /// A command test adds its dice up: any order of the same faces gives the
    /// same CCPs, each die keeping its own score.
    #[test]
    fn command_dice_order_does_not_matter(c in co(4), faces in proptest::collection::vec(1..=6u8, 3), lost in 0..3u32) {
        let n = usize::from(c.stars);
        let plan = CommandTest::plan(&c, CommandSituation { units_lost: lost, ..Default::default() });
        prop_assume!(plan.is_ok());
        let plan = plan.unwrap();
        let mut reversed = faces[..n].to_vec();
        reversed.reverse();
        let one = plan.resolve(&Dice::white(&faces[..n]).unwrap()).unwrap();
        let two = plan.resolve(&Dice::white(&reversed).unwrap()).unwrap();
        prop_assert_eq!((one.ccps, one.total), (two.ccps, two.total));
        let mut back = two.dice_scores.clone();
        back.reverse();
        prop_assert_eq!(one.dice_scores, back);
    }

    /// A waver test reads its two dice as a sum and a pair: swapping them
    /// changes nothing.
    #[test]
    fn waver_dice_order_does_not_matter(u in unit(ANY_MORALE), a in 1..=6u8, b in 1..=6u8, bits in any::<u32>()) {
        let s = WaverSituation {
            friendly_disaster_within_10cm: bits & 1 != 0,
            rear_support: bits & 2 != 0,
            charging_home: bits & 4 != 0,
            secure_flanks: (bits >> 3) % 3,
            ..WaverSituation::default()
        };
        let plan = WaverTest::plan(&u, s);
        prop_assume!(plan.is_ok());
        let plan = plan.unwrap();
        let one = plan.resolve(&Dice::white(&[a, b]).unwrap()).unwrap();
        let two = plan.resolve(&Dice::white(&[b, a]).unwrap()).unwrap();
        prop_assert_eq!((one.score, one.morale, one.retreat, one.after, one.next), (two.score, two.morale, two.retreat, two.after, two.next));
    }

    /// Two-dice shots and entries add their dice: swapping them changes nothing.
    #[test]
    fn shooting_and_entering_dice_order_does_not_matter(target in unit(ANY_MORALE), a in 1..=6u8, b in 1..=6u8, range in 0..=60u32) {
        let catapult = Unit::new("Catapult", TroopType::HeavyCatapult, 1);
        if let Ok(plan) = Shooting::plan(&catapult, &target, ShootingSituation { range_cm: range, ..Default::default() }) {
            let one = plan.resolve(&Dice::white(&[a, b]).unwrap()).unwrap();
            let two = plan.resolve(&Dice::white(&[b, a]).unwrap()).unwrap();
            prop_assert_eq!((one.score, one.hits, one.after), (two.score, two.hits, two.after));
        }
        if let Ok(plan) = EnterField::plan(&target, EnterSituation { opposing_bases: range / 6, ..Default::default() }) {
            let one = plan.resolve(&Dice::white(&[a, b]).unwrap()).unwrap();
            let two = plan.resolve(&Dice::white(&[b, a]).unwrap()).unwrap();
            prop_assert_eq!((one.score, one.outcome), (two.score, two.outcome));
        }
    }
}
