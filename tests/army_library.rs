//! The historical library in `armies/`, the format document's example, and
//! `herald check` run as a referee would run it.

use herald::rules::warlords::unit::{Formation, TroopType, UnitTrait, Weapon};
use herald::store::warlords::army::{
    ARMY_FIELDS, ArmyFile, CONTINGENT_FIELDS, battle_warnings, load_army, read_army,
};
use herald::store::warlords::unit_table::UNIT_FIELDS;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn army_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("armies"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn load(name: &str) -> ArmyFile {
    load_army(&root().join("armies").join(name)).unwrap_or_else(|ps| {
        panic!(
            "{name}:\n{}",
            ps.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

#[test]
fn the_library_holds_six_armies_for_three_battles() {
    let names: Vec<String> = army_files()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "hastings-1066-anglo-saxon.toml",
        "hastings-1066-norman.toml",
        "bannockburn-1314-scots.toml",
        "bannockburn-1314-english.toml",
        "agincourt-1415-english.toml",
        "agincourt-1415-french.toml",
    ] {
        assert!(names.iter().any(|n| n == want), "armies/{want} missing");
    }
}

#[test]
fn every_army_loads_clean_and_is_the_right_size() {
    for path in army_files() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = load(&name);
        assert!(file.warnings.is_empty(), "{name}: {:#?}", file.warnings);
        let army = &file.army;
        assert!(
            (2..=4).contains(&army.contingents.len()),
            "{name}: {} contingents",
            army.contingents.len()
        );
        let units = army.units().count();
        assert!((8..=20).contains(&units), "{name}: {units} units");
        for u in army.units() {
            assert!((4..=12).contains(&u.stands), "{name}: {} stands", u.name);
        }
        let personalities: Vec<_> = army.units().flat_map(|u| &u.personalities).collect();
        assert!(personalities.len() >= 4, "{name}: few personalities");
        assert_eq!(
            army.contingents.iter().filter(|c| c.c_in_c).count(),
            1,
            "{name}: one C-in-C marked"
        );
        for c in &army.contingents {
            assert!(c.general.is_some(), "{name}: {} has a general", c.name);
        }
    }
}

#[test]
fn each_battle_is_two_armies_whose_names_meet() {
    for battle in ["hastings-1066", "bannockburn-1314", "agincourt-1415"] {
        let files: Vec<ArmyFile> = army_files()
            .iter()
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(battle))
            .map(|p| load(&p.file_name().unwrap().to_string_lossy()))
            .collect();
        assert_eq!(files.len(), 2, "{battle}");
        assert_ne!(files[0].army.side, files[1].army.side);
        let mentions: usize = files.iter().map(|f| f.mentions.len()).sum();
        assert!(mentions > 0, "{battle}: some nemesis or vendetta");
        assert_eq!(battle_warnings(&files), vec![], "{battle}");
        // Alone, an army's nemeses are found in no army: the check works.
        let alone = battle_warnings(&files[..1]);
        assert_eq!(alone.len(), files[0].mentions.len(), "{battle}");
    }
}

#[test]
fn the_armies_use_the_rules_as_the_history_asks() {
    let saxons = load("hastings-1066-anglo-saxon.toml").army;
    let carls = saxons
        .units()
        .find(|u| u.name == "Harold's housecarls")
        .unwrap();
    assert_eq!(carls.troop_type, TroopType::CloseFoot);
    assert_eq!((carls.armour, carls.shield), (-1, true));
    assert!(carls.has(UnitTrait::Shieldwall) && carls.has(UnitTrait::Veteran));
    assert_eq!(carls.formation, Formation::Shieldwall);
    assert_eq!(
        saxons.c_in_c().unwrap().general.as_deref(),
        Some("Harold Godwinson")
    );

    let normans = load("hastings-1066-norman.toml").army;
    assert!(
        normans
            .units()
            .filter(|u| u.troop_type == TroopType::Cavalry)
            .any(|u| u.carries(Weapon::Lances))
    );

    let english = load("agincourt-1415-english.toml").army;
    let bows: Vec<_> = english
        .units()
        .filter(|u| u.carries(Weapon::Longbows))
        .collect();
    assert!(bows.len() >= 4);
    for u in bows {
        assert_eq!(u.troop_type, TroopType::LooseFoot);
        assert!(u.carries(Weapon::HeavyMissiles));
    }
    let henry = english
        .units()
        .flat_map(|u| &u.personalities)
        .find(|p| p.name == "Henry V")
        .unwrap();
    assert_eq!((henry.charisma, henry.prowess), (2, 2));

    let scots = load("bannockburn-1314-scots.toml").army;
    assert!(
        scots
            .units()
            .filter(|u| u.troop_type == TroopType::Pike)
            .all(|u| u.is_drilled() && u.has(UnitTrait::Hedgehog))
    );
    let french = load("agincourt-1415-french.toml").army;
    assert_eq!(
        french.c_in_c().unwrap().general.as_deref(),
        Some("Charles d'Albret")
    );
}

/// The first ```toml block of the format document.
fn doc_example(doc: &str) -> &str {
    let start = doc.find("```toml\n").unwrap() + "```toml\n".len();
    let len = doc[start..].find("```").unwrap();
    &doc[start..start + len]
}

#[test]
fn the_format_document_example_loads_and_every_field_is_documented() {
    let doc = std::fs::read_to_string(root().join("docs/army-format.md")).unwrap();
    let file = read_army("docs/army-format.md", doc_example(&doc)).unwrap();
    assert_eq!(file.army.contingents.len(), 2);
    for field in ARMY_FIELDS
        .iter()
        .chain(CONTINGENT_FIELDS)
        .chain(UNIT_FIELDS)
        .chain(&[
            "charisma",
            "prowess",
            "nemesis",
            "vendetta",
            "bounty",
            "commander",
            "status",
        ])
    {
        assert!(doc.contains(&format!("`{field}`")), "{field} undocumented");
    }
}

fn herald(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn herald_check_passes_the_whole_library() {
    let files: Vec<String> = army_files()
        .iter()
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    let args: Vec<&str> = std::iter::once("check")
        .chain(files.iter().map(String::as_str))
        .collect();
    let (code, out, err) = herald(&args);
    assert_eq!(code, 0, "{out}\n{err}");
    assert_eq!(err, "");
    assert!(
        out.contains("6 armies checked: no errors, 0 warnings"),
        "{out}"
    );
    // Harold's housecarls in Shieldwall: move 2, charge 2 + 1 (W-10).
    let line = out
        .lines()
        .find(|l| l.contains("Harold's housecarls"))
        .unwrap();
    assert!(
        line.contains("8 stands") && line.contains("move 2  charge 3"),
        "{line}"
    );
    assert!(out.contains("Harold Godwinson: Charisma +2, Prowess +2, commander"));
    assert!(out.contains("King Harold's household (C-in-C, general Harold Godwinson)"));
}

#[test]
fn herald_check_reports_errors_and_exits_non_zero() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(
        &bad,
        "name = \"Bad\"\nside = \"Bad\"\n\n[[contingents]]\nname = \"C\"\n\n[[contingents.units]]\nname = \"U\"\ntype = \"clos_foot\"\nstands = 4\n",
    )
    .unwrap();
    let good = root().join("armies/hastings-1066-norman.toml");
    let (code, out, err) = herald(&["check", bad.to_str().unwrap(), good.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!(
            "{}:9:8: error: contingents.0.units.0.type: 'clos_foot' is not known; did you mean 'close_foot'?",
            bad.display()
        )),
        "{err}"
    );
    assert!(
        out.contains("1 of 2 army files with errors: 1 error"),
        "{out}"
    );
    assert!(
        out.contains("Norman army of Duke William"),
        "the good file is still summarised"
    );
    // The Norman army alone: its nemeses are in no army given.
    assert!(err.contains("warning"), "{err}");
}

#[test]
fn an_army_of_an_unknown_system_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nonesuch.toml");
    std::fs::write(
        &path,
        "system = \"nonesuch\"\nname = \"X\"\n\n[[contingents]]\nname = \"C\"\nbroken = [\n",
    )
    .unwrap();
    let (code, _, err) = herald(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    // One line, at the key, naming the system and what is known; the broken
    // TOML below it is never reached.
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("nonesuch.toml:1:") && err.contains("'nonesuch'"),
        "{err}"
    );
    assert!(
        err.contains("warlords") && err.contains("warlord_i"),
        "{err}"
    );
}

#[test]
fn a_battle_mixing_systems_is_refused_before_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, err) = herald(&[
        "new",
        "mixed",
        "--side",
        "armies/hastings-1066-norman.toml",
        "--side",
        "armies/warlord-i/carrhae-53bc-parthian.toml",
        "--saves",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("carrhae-53bc-parthian.toml")
            && err.contains("Warlord I")
            && err.contains("Warlords")
            && err.contains("one rule system"),
        "{err}"
    );
    assert!(!dir.path().join("mixed.toml").exists());
    // `herald check` of the two together says the same, and still checks each.
    let (code, out, err) = herald(&[
        "check",
        "armies/hastings-1066-norman.toml",
        "armies/warlord-i/carrhae-53bc-parthian.toml",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("one rule system"), "{err}");
    assert!(
        out.contains("Household knights") || out.contains("stands"),
        "{out}"
    );
}
