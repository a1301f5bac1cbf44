//! Robert's Rules armies and Parker's Warlord rosters: the bundled examples
//! check clean (the text's own example army costs its 350 points), what the
//! texts do not give is asked for by its field, and their battles are
//! refused in words until Herald plays them; their odds are exact.

use herald::rules::roberts_rules::Training;
use herald::store::army::{AnyArmyFile, read_any};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
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

fn errors(path: &str, text: &str) -> String {
    match read_any(path, text) {
        Ok(_) => String::new(),
        Err(ps) => ps
            .iter()
            .filter(|p| !p.warning)
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn the_texts_example_army_checks_clean_at_350_points() {
    let (code, out, err) = herald(&["check", "armies/roberts-rules/spearmen-and-cavalry.toml"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("350 points of 350"), "{out}");
    assert!(
        out.contains("94 pts (10 a stand), size 4-9 stands"),
        "{out}"
    );
    assert!(
        out.contains("64 pts (20 a stand), size 1-3 stands"),
        "{out}"
    );
    let text =
        std::fs::read_to_string(root().join("armies/roberts-rules/spearmen-and-cavalry.toml"))
            .unwrap();
    let Ok(AnyArmyFile::RobertsRules(f)) = read_any("a.toml", &text) else {
        panic!("a Robert's Rules army");
    };
    let spear = &f.army.units[0].unit;
    assert_eq!(
        (spear.training, spear.captain_attached),
        (Training::Militia, true)
    );
}

#[test]
fn every_bundled_army_and_roster_checks_clean() {
    let (code, out, err) = herald(&[
        "check",
        "armies/roberts-rules/crossbowmen.toml",
        "armies/roberts-rules/spearmen-and-cavalry.toml",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("give stand_size"),
        "the crossbowmen's size is asked for: {err}"
    );
    assert!(out.contains("Crossbowmen  3-2 (3)"), "{out}");
    let (code, out, err) = herald(&[
        "check",
        "armies/parkers-warlord/lewes-1264-baronial.toml",
        "armies/parkers-warlord/lewes-1264-royal.toml",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Simon de Montfort (Warlord), SR 4, initiative 14, hand limit 5"),
        "{out}"
    );
}

const RR: &str = "system = \"roberts_rules\"\nname = \"x\"\nside = \"a\"\n";

#[test]
fn a_regular_unit_s_size_needs_its_limits_and_the_points_are_checked() {
    let unit = "[[units]]\nname = \"Regulars\"\nav = 4\ndv = 4\nstands = 6\nstand_size = 4\nbase_cost = 10\n";
    let e = errors("r.toml", &format!("{RR}{unit}"));
    assert!(e.contains("'limits'") && e.contains("Regular"), "{e}");
    let ok = format!("{RR}{unit}limits = {{ min = 16, max = 24 }}\n");
    assert_eq!(errors("r.toml", &ok), "");
    let e = errors(
        "r.toml",
        &format!("{RR}points = 50\n{unit}limits = {{ min = 16, max = 24 }}\n"),
    );
    assert!(
        e.contains("costs 64 points, more than the 50 allotted"),
        "{e}"
    );
    let e = errors(
        "r.toml",
        &format!("{RR}{unit}limits = {{ min = 28, max = 40 }}\n"),
    );
    assert!(
        e.contains("6 stands of Size 4") && e.contains("7 to 10"),
        "{e}"
    );
}

#[test]
fn unformed_units_are_one_stand_and_a_general_is_attached() {
    let e = errors(
        "r.toml",
        &format!(
            "{RR}[[units]]\nname = \"Skirmishers\"\nav = 1\ndv = 1\ntroop_type = \"skirmisher\"\nstands = 3\n"
        ),
    );
    assert!(
        e.contains("Unformed units are always composed of a single stand"),
        "{e}"
    );
    let e = errors(
        "r.toml",
        &format!(
            "{RR}[[units]]\nname = \"Foot\"\nav = 1\ndv = 1\nstands = 1\n[[leaders]]\nname = \"G\"\nkind = \"general\"\ncost = 60\n"
        ),
    );
    assert!(e.contains("each General must be attached to a unit"), "{e}");
}

#[test]
fn a_personality_without_an_sr_is_refused_naming_the_field() {
    let text = "system = \"parkers_warlord\"\nname = \"x\"\nside = \"a\"\n[[personalities]]\nname = \"Sir Odo\"\ntype = \"leader\"\n";
    let e = errors("p.toml", text);
    assert!(
        e.contains("'sr' is missing") && e.contains("army list"),
        "{e}"
    );
}

#[test]
fn their_battles_are_made_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    for (name, a, b, title) in [
        (
            "rr",
            "armies/roberts-rules/spearmen-and-cavalry.toml",
            "armies/roberts-rules/crossbowmen.toml",
            "Robert's Rules of Warfare",
        ),
        (
            "pw",
            "armies/parkers-warlord/lewes-1264-baronial.toml",
            "armies/parkers-warlord/lewes-1264-royal.toml",
            "Parker's Warlord",
        ),
    ] {
        let (code, _, err) = herald(&[
            "new",
            name,
            "--side",
            a,
            "--side",
            b,
            "--saves",
            dir.path().to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let save = dir.path().join(format!("{name}.toml"));
        let (code, out, err) = herald(&["log", save.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(title), "{out}");
    }
    // Their odds are exact: an initiative of 13 on 1D20 succeeds 13 times in 20.
    let (code, out, _) = herald(&[
        "odds",
        "tests/conformance/parkers-warlord/parkers-warlord.toml",
        "--json",
    ]);
    assert_eq!(code, 0);
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert!(
        (first["success"].as_f64().unwrap() - 0.65).abs() < 1e-9,
        "{first}"
    );
    // The text's central melee: the cavalry at +4 against the archers at 0.
    let (code, out, _) = herald(&[
        "odds",
        "tests/conformance/roberts-rules/roberts-rules.toml",
        "--json",
    ]);
    assert_eq!(code, 0);
    let melee: serde_json::Value = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["id"] == "rr-melee-central")
        .unwrap();
    let total: f64 = melee["counts"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!(
        (total - 1.0).abs() < 1e-9 && melee["counts"]["a"].as_f64().unwrap() > 0.8,
        "{melee}"
    );
}

/// `herald autoplay` (the crash test's aid) plays both systems' battles
/// with the save's own dice, saving after each event: a Robert's Rules
/// battle through its half-turns (Actions, missile fire, melees, Pursuits,
/// Break Checks, the units nearby named as none), a Parker's Warlord one
/// through its command phases (initiative checks, end of turn); each save
/// reads back and replays.
#[test]
fn autoplay_plays_their_battles() {
    use herald::battle::parkers_warlord::ParkersWarlord;
    use herald::battle::roberts_rules::RobertsRules;
    use herald::store::save;
    let dir = tempfile::tempdir().unwrap();
    for (name, a, b) in [
        (
            "rr",
            "armies/roberts-rules/spearmen-and-cavalry.toml",
            "armies/roberts-rules/crossbowmen.toml",
        ),
        (
            "pw",
            "armies/parkers-warlord/lewes-1264-baronial.toml",
            "armies/parkers-warlord/lewes-1264-royal.toml",
        ),
    ] {
        let (code, _, err) = herald(&[
            "new",
            name,
            "--side",
            a,
            "--side",
            b,
            "--saves",
            dir.path().to_str().unwrap(),
            // A fixed seed: the kinds below must be met by these dice, not
            // by luck (a random seed made this test fail now and then).
            "--seed",
            "11",
        ]);
        assert_eq!(code, 0, "{err}");
        let path = dir.path().join(format!("{name}.toml"));
        let (code, out, err) = herald(&["autoplay", path.to_str().unwrap(), "--events", "300"]);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.trim_end().ends_with("ack 300"), "{out}");
        let text = std::fs::read_to_string(&path).unwrap();
        if name == "rr" {
            let b = save::load::<RobertsRules>(&path).unwrap().data.battle;
            assert_eq!(b.events().len(), 300);
            assert!(b.state().turn > 3, "turn {}", b.state().turn);
            for kind in [
                "action_roll",
                "missile_attack",
                "melee_attack",
                "break_check",
            ] {
                assert!(text.contains(&format!("kind = \"{kind}\"")), "no {kind}");
            }
        } else {
            let b = save::load::<ParkersWarlord>(&path).unwrap().data.battle;
            assert_eq!(b.events().len(), 300);
            assert!(b.state().turn > 10, "turn {}", b.state().turn);
            assert!(
                text.contains("kind = \"initiative_check\"")
                    && text.contains("kind = \"end_turn\"")
            );
        }
        let (code, _, err) = herald(&["log", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
    }
}
