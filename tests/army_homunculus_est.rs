//! Homunculus Est! army files: the bundled Magnesia armies read clean, and
//! every problem of a broken file is placed in the referee's words.

use herald::store::army::{AnyArmyFile, read_any};
use herald::store::homunculus_est::army::load_army;
use std::path::Path;

#[test]
fn the_magnesia_armies_read_clean_with_the_sheets_characteristics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("armies/homunculus-est");
    let s = load_army(&dir.join("magnesia-190bc-seleucid.toml")).unwrap();
    let r = load_army(&dir.join("magnesia-190bc-roman.toml")).unwrap();
    assert!(s.warnings.is_empty() && r.warnings.is_empty());
    let words = |a: &herald::rules::homunculus_est::Army| -> Vec<String> {
        a.units
            .iter()
            .flat_map(|u| u.characteristics.iter().map(|c| c.to_string()))
            .collect()
    };
    let sw = words(&s.army);
    for c in [
        "phalanx",
        "cataphracts",
        "scythed_chariots",
        "elephants",
        "warband",
        "skirmishers",
    ] {
        assert!(sw.iter().any(|w| w == c), "Seleucids lack {c}");
    }
    assert!(words(&r.army).iter().any(|w| w == "legion"));
    // the Generalship pool is the generals' points (HE-5)
    assert_eq!(s.army.start().points.generalship, 4);
    assert_eq!(r.army.start().points.generalship, 6);
}

#[test]
fn every_problem_is_placed() {
    let text = "system = \"homunculus_est\"\nname = \"x\"\nside = \"x\"\n[command_points]\nattack = 5\n[[units]]\nname = \"a\"\nclass = \"formed_infantry\"\ncombat_rating = 3\nmanoeuvre_rating = 7\ndiscipline_rating = 8\n[[units]]\nname = \"b\"\nclass = \"formed_infantry\"\ncombat_rating = 3\nmanoeuvre_rating = 4\ndiscipline_rating = 8\nattachments = [\"devotio\"]\n";
    let problems = match read_any("f.toml", text) {
        Err(p) => p,
        Ok(_) => panic!("a broken army was accepted"),
    };
    let all: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    let has = |s: &str| all.iter().any(|p| p.contains(s));
    assert!(has("break_point"), "{all:?}");
    assert!(has("f.toml:5:10") && has("more than 4"), "{all:?}");
    assert!(has("manoeuvre_rating") && has("1 to 6"), "{all:?}");
    assert!(has("Legionary Unit"), "{all:?}");
}

#[test]
fn an_army_file_names_its_system() {
    let text = "system = \"homunculus_est\"\nname = \"x\"\nside = \"x\"\nbreak_point = 6\ncommand_points = { attack = 1 }\n[[units]]\nname = \"a\"\nclass = \"cavalry\"\ncombat_rating = 3\nmanoeuvre_rating = 3\ndiscipline_rating = 8\n";
    assert!(matches!(
        read_any("f.toml", text),
        Ok(AnyArmyFile::HomunculusEst(_))
    ));
}
