//! Every modifier of 2.2, 2.5 and 2.6.1 (and the personality traits that add
//! to them) is exercised by at least one case whose result is checked: this
//! test resolves all the project's cases and looks for each modifier's line
//! in their explanations.

use herald::cli::warlords::resolve::resolve_input;
use herald::store::warlords::case::read_cases;
use std::path::Path;

/// (what the modifier is, text its explanation line carries)
const MODIFIERS: &[(&str, &str)] = &[
    // 2.2 activation, W-4
    ("2.2 -1 per casualty", "casualty figure(s)"),
    ("2.2 +2 Skirmishers", "+2 Skirmishers"),
    ("2.2 +2 drilled", "+2 drilled"),
    ("2.2 +2 once for drilled Skirmishers", "counted once"),
    ("3.1.2 Charisma", "Charisma"),
    ("3.1.2 Expert tactician", "Expert tactician"),
    ("3.1.2 Indecisive", "Indecisive"),
    ("3.1.2 Aggressive", "Aggressive"),
    ("2.2 evading spans", "evading:"),
    // 2.5 shooting, W-12 to W-15
    (
        "2.5.3 A massed 2 dice per stand",
        "massed: 2 dice per stand",
    ),
    (
        "2.5.3 A skirmishing 1 die per stand",
        "skirmishing: 1 die per stand",
    ),
    (
        "2.5.3 A.3 second rank while stopped",
        "second-rank stands (stopped)",
    ),
    ("W-12 moving: front rank only", "front rank only"),
    ("3.3.1 massed longbows 4 per file", "4 dice per file"),
    (
        "3.3.1/3.3.2 armour ignored but shields",
        "ignore all armour but shields",
    ),
    ("2.5.3 B.2 armour", "armour"),
    ("2.5.3 B.3 doubled against Horse", "doubled against Horse"),
    (
        "2.5.3 B.3 halved against Skirmishers",
        "halved against Skirmishers",
    ),
    ("2.5.3 C.1 Halted", "Halted (stops, Unformed)"),
    ("2.5.3 C.2 cover", "light cover x2"),
    ("3.1.3.3 red dice check", "a personality may be hit"),
    // 2.6.1 A extra dice
    ("2.6.1 A Close Foot 2nd rank", "Close Foot with a 2nd rank"),
    ("2.6.1 A Shieldwall ranks", "full rank(s) of Shieldwall"),
    ("2.6.1 A Pike ranks", "full rank(s) of Pike"),
    ("2.6.1 A enemy flanks", "enemy flank(s)/rear overlapped"),
    ("2.6.1 A Veteran", "+1 die: Veteran"),
    ("W-16 Hated", "against the Hated"),
    // 2.6.1 B modifiers
    ("2.6.1 B opponent's armour", "'s armour"),
    (
        "2.6.1 B own armour on rough ground",
        "own armour, on rough ground",
    ),
    ("2.6.1 B charging", "+1 charging"),
    (
        "2.6.1 B champions with the charging unit",
        "champion(s) with the charging unit",
    ),
    (
        "2.6.1 B Wedge charging Shieldwall",
        "Wedge charging Shieldwall",
    ),
    ("2.6.1 B Cavalry charging", "Cavalry charging any but Pike"),
    (
        "2.6.1 B Cavalry with lances",
        "Cavalry with lances charging",
    ),
    ("2.6.1 B Elite", "+1 Elite"),
    ("2.6.1 B Pike +2", "Pike fighting a unit in front"),
    ("2.6.1 B uphill opponent", "uphill opponent"),
    ("2.6.1 B light weapons", "light weapons"),
    (
        "2.6.1 B flanks contacted",
        "flank(s) contacted by an enemy front",
    ),
    ("2.6.1 B rear contacted", "rear contacted by an enemy front"),
    (
        "2.6.1 B struck by charging heavy",
        "charging enemy heavy unit",
    ),
    ("W-20 Prowess", "Prowess: every front-rank stand"),
    ("W-21 Nemesis", "nemesis"),
    ("W-21 Bounty", "the bounty on"),
    ("W-21 Coward", "is a Coward"),
];

#[test]
fn every_modifier_is_exercised_by_a_checked_case() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut text = String::new();
    for dir in ["tests/conformance", "tests/conformance/next", "tests/cases"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "toml") {
                continue;
            }
            let cases = read_cases("", &std::fs::read_to_string(&path).unwrap()).unwrap();
            for case in cases.iter().filter(|c| c.expect.is_some()) {
                if let Ok(Ok(r)) = case.input.as_ref().map(|i| resolve_input(i, &case.house)) {
                    text.push_str(&r.explanation.to_string());
                }
            }
        }
    }
    let missing: Vec<&str> = MODIFIERS
        .iter()
        .filter(|(_, needle)| !text.contains(needle))
        .map(|(what, _)| *what)
        .collect();
    assert!(
        missing.is_empty(),
        "modifiers no checked case exercises: {missing:?}"
    );
}
