//! The end-of-turn summary and the Markdown report (issue 13): per turn,
//! casualties and stands lost per side, morale changes, units broken, fled
//! and dispersed, personalities lost; after each turn a table of every
//! unit's state; each roll with the modifiers behind its score; notes where
//! they were made. A short scripted battle is snapshotted, and random
//! battles' summaries are checked against their entries.

#[path = "support/battle.rs"]
mod support;

use herald::battle::UnitId;
use herald::battle::warlords::report::markdown;
use herald::battle::warlords::summary::{
    Losses, Moment, PersonalityChange, TurnSummary, UnitName, chronicle, of_turn, summaries,
};
use herald::battle::warlords::{Battle, Correction, Event, Step};
use herald::dice::{Dice, SeededDice, faces};
use herald::rules::Side;
use herald::rules::warlords::activation::ActivationSituation;
use herald::rules::warlords::melee::{MeleeDice, MeleeFacts};
use herald::rules::warlords::personality::PersonalityStatus;
use herald::rules::warlords::shooting::ShootingSituation;
use herald::rules::warlords::unit::{Morale, ShootingStyle};
use herald::store::save::{SaveData, SaveFile};
use std::collections::BTreeSet;
use support::{random_battle, random_battle_with_charges, setup};

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i)
}

fn white(v: &[u8]) -> Dice {
    Dice::white(v).unwrap()
}

fn named(id: UnitId, name: &str) -> UnitName {
    UnitName {
        id,
        name: name.to_string(),
    }
}

fn activate(battle: &mut Battle, unit: UnitId, dice: &[u8]) {
    battle
        .record(Event::Activation {
            unit,
            situation: ActivationSituation {
                enemy_visible_ahead: true,
                ..Default::default()
            },
            dice: white(dice),
            add_champion: false,
        })
        .unwrap();
}

/// Two turns of the test armies (Normans a, English b): shooting, a note,
/// a Melee the fyrd loses and breaks in, its flight losing a stand to an
/// obstacle, a note on the turn; then the Slingers taken off, Harold
/// wounded, the Broken fyrd Dispersed by a failed activation, and turn 2
/// left in side a's activations.
fn scripted() -> Battle {
    let mut battle = Battle::new(setup());
    let mut dice = SeededDice::new(13);
    battle
        .record(Event::Initiative {
            a: white(&[6]),
            b: white(&[2]),
        })
        .unwrap();
    activate(&mut battle, a(0), &[5, 4]);
    activate(&mut battle, a(1), &[4, 3]);
    let shot = Event::Shooting {
        shooter: a(1),
        target: b(1),
        situation: ShootingSituation {
            style: ShootingStyle::Massed,
            range_spans: 2,
            weapon: None,
            stands_shot_at: None,
            contact: false,
        },
        dice: Dice::default(),
    };
    let shot = battle.complete(shot, &mut dice).unwrap();
    battle.record(shot).unwrap();
    battle
        .record(Event::note(Some(a(1)), "the archers shoot high over the shieldwall").unwrap())
        .unwrap();
    activate(&mut battle, a(2), &[2, 2]);
    battle.record(Event::NextPhase).unwrap();
    activate(&mut battle, b(0), &[3, 3]);
    activate(&mut battle, b(1), &[1, 2]);
    activate(&mut battle, b(2), &[6, 1]);
    battle.record(Event::Engage { a: a(0), b: b(1) }).unwrap();
    battle.record(Event::NextPhase).unwrap();
    battle
        .record(Event::Melee {
            a: a(0),
            b: b(1),
            facts_a: MeleeFacts {
                charging: true,
                ..MeleeFacts::default()
            },
            facts_b: MeleeFacts::default(),
            rough_ground: false,
            before_w24: false,
            dice: MeleeDice {
                a: Dice {
                    white: faces(&[6, 5]).unwrap(),
                    red: faces(&[1]).unwrap(),
                    yellow: faces(&[6]).unwrap(),
                    ..Dice::default()
                },
                b: Dice {
                    white: faces(&[1, 2, 1]).unwrap(),
                    red: faces(&[1]).unwrap(),
                    yellow: faces(&[6]).unwrap(),
                    ..Dice::default()
                },
            },
        })
        .unwrap();
    // The Broken fyrd flees; one stand cannot avoid the stream behind it (2.4.11).
    let flee = Event::Flee {
        unit: b(1),
        obstacle_stands: 1,
        dice: Dice::default(),
    };
    let flee = battle.complete(flee, &mut dice).unwrap();
    battle.record(flee).unwrap();
    // It fled out of the Melee: the thegns have no follow-up to choose (2.6.3, W-26).
    assert!(battle.duties().is_empty(), "{:?}", battle.duties());
    assert_eq!(battle.next_step(), Step::EndTurn);
    battle
        .record(Event::note(None, "rain begins to fall").unwrap())
        .unwrap();
    battle.record(Event::NextPhase).unwrap();
    battle
        .record(Event::Initiative {
            a: white(&[1]),
            b: white(&[4]),
        })
        .unwrap();
    battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Removed(true),
        })
        .unwrap();
    battle
        .record(Event::Correct {
            unit: b(0),
            correction: Correction::Personality {
                name: "Harold".into(),
                status: PersonalityStatus::Wounded,
            },
        })
        .unwrap();
    activate(&mut battle, b(0), &[4, 4]);
    activate(&mut battle, b(1), &[1, 1]);
    battle.record(Event::NextPhase).unwrap();
    activate(&mut battle, a(0), &[2, 6]);
    battle
}

#[test]
fn the_scripted_battle_is_summarised_turn_by_turn() {
    let battle = scripted();
    let turns = summaries(&battle);
    assert_eq!(turns.len(), 2);
    let one = &turns[0];
    assert_eq!(
        one,
        &TurnSummary {
            turn: 1,
            events: 0..16,
            finished: true,
            losses: [
                Losses::default(),
                Losses {
                    casualties: 5,
                    stands_lost: 1,
                    ..Losses::default()
                }
            ],
            morale: vec![herald::battle::warlords::summary::MoraleChange {
                unit: named(b(1), "Select fyrd"),
                path: vec![Morale::Ready, Morale::Broken],
            }],
            broken: vec![named(b(1), "Select fyrd")],
            fled: vec![named(b(1), "Select fyrd")],
            dispersed: vec![],
            removed: vec![],
            personalities: vec![],
        }
    );
    let two = &turns[1];
    assert_eq!(
        (two.turn, two.events.clone(), two.finished),
        (2, 16..23, false)
    );
    // 1.7.4: the Dispersed fyrd's 3 stands and the removed slingers' 4
    // leave the table with them: lost, as the strength table counts them.
    assert_eq!(
        two.losses,
        [
            Losses::default(),
            Losses {
                stands_lost: 7,
                ..Losses::default()
            }
        ]
    );
    assert_eq!(two.morale[0].path, [Morale::Broken, Morale::Dispersed]);
    assert!(two.broken.is_empty() && two.fled.is_empty());
    assert_eq!(two.dispersed, [named(b(1), "Select fyrd")]);
    assert_eq!(two.removed, [named(b(2), "Slingers")]);
    assert_eq!(
        two.personalities,
        [PersonalityChange {
            name: "Harold".to_string(),
            unit: named(b(0), "Huscarls"),
            from: PersonalityStatus::Active,
            to: PersonalityStatus::Wounded,
            event: 18,
        }]
    );
    assert_eq!(two.personalities_lost().count(), 1);
    // The console asks for one turn.
    assert_eq!(of_turn(&battle, 1).as_ref(), Some(one));
    assert_eq!(of_turn(&battle, 2).as_ref(), Some(two));
    assert_eq!(of_turn(&battle, 3), None);
    assert!(summaries(&Battle::new(setup())).is_empty());
}

#[test]
fn the_summary_reads_as_plain_lines() {
    let battle = scripted();
    let turns = summaries(&battle);
    assert_eq!(
        turns[0].lines(battle.setup()),
        [
            "casualty figures: a (Normans) +0, b (English) +5",
            "stands lost: a (Normans) 0, b (English) 1",
            "morale: Select fyrd (b2) ready → broken",
            "broken: Select fyrd (b2)",
            "fled: Select fyrd (b2)",
            "dispersed: none",
            "personalities: none lost",
        ]
    );
    assert_eq!(
        turns[1].lines(battle.setup()),
        [
            "casualty figures: a (Normans) +0, b (English) +0",
            "stands lost: a (Normans) 0, b (English) 7",
            "morale: Select fyrd (b2) broken → dispersed",
            "broken: none",
            "fled: none",
            "dispersed: Select fyrd (b2)",
            "taken off the table by the referee: Slingers (b3)",
            "personalities: Harold (Huscarls, b1) wounded",
        ]
    );
}

#[test]
fn corrections_that_give_back_are_told_apart() {
    let mut battle = Battle::new(setup());
    for correction in [
        Correction::Casualties(4),
        Correction::Casualties(1),
        Correction::Stands(3),
        Correction::Stands(5),
        Correction::Personality {
            name: "Gyrth".into(),
            status: PersonalityStatus::Captured,
        },
        Correction::Personality {
            name: "Gyrth".into(),
            status: PersonalityStatus::Active,
        },
    ] {
        battle
            .record(Event::Correct {
                unit: b(1),
                correction,
            })
            .unwrap();
    }
    let s = &summaries(&battle)[0];
    assert_eq!(
        s.losses[1],
        Losses {
            casualties: 4,
            casualties_removed: 3,
            stands_lost: 3,
            stands_restored: 2,
        }
    );
    assert_eq!(s.personalities.len(), 2);
    assert_eq!(s.personalities_lost().count(), 1);
    let lines = s.lines(battle.setup());
    assert_eq!(
        lines[0],
        "casualty figures: a (Normans) +0, b (English) +4 (3 taken off by correction)"
    );
    assert_eq!(
        lines[1],
        "stands lost: a (Normans) 0, b (English) 3 (2 given back by correction)"
    );
    assert_eq!(
        lines.last().unwrap(),
        "personalities: Gyrth (Select fyrd, b2) captured; Gyrth (Select fyrd, b2) back with his unit"
    );
}

/// A unit's integer field change in an effect, `to - from`.
fn delta(e: &herald::battle::Effect) -> i64 {
    e.to.parse::<i64>().unwrap() - e.from.parse::<i64>().unwrap()
}

#[test]
fn random_battles_summaries_agree_with_their_entries() {
    let mut seen_any = [0usize; 6];
    for seed in 0..8 {
        for (battle, _) in [
            random_battle(seed, 500),
            random_battle_with_charges(seed, 500),
        ] {
            let turns = summaries(&battle);
            // Per turn, the stands of units that left the table (net of those
            // put back): the summaries count them as lost.
            let mut strength_left: Vec<[i64; 2]> = Vec::new();
            let mut off_before = [0i64; 2];
            herald::battle::warlords::summary::chronicle(&battle, |m| {
                if let herald::battle::warlords::summary::Moment::TurnEnd { state, .. } = m {
                    let off = state.units.each_ref().map(|units| {
                        units
                            .iter()
                            .filter(|u| u.off_table())
                            .map(|u| i64::from(u.unit.stands))
                            .sum::<i64>()
                    });
                    strength_left.push([off[0] - off_before[0], off[1] - off_before[1]]);
                    off_before = off;
                }
            });
            // The runs cover the log in order, each of one turn; only the last
            // may be unfinished.
            let mut next = 0;
            for (k, t) in turns.iter().enumerate() {
                assert_eq!(t.events.start, next, "seed {seed}");
                next = t.events.end;
                assert_eq!(t.finished, k + 1 < turns.len() || battle.turn() != t.turn);
                let mut casualties = [0i64; 2];
                let mut stands = [0i64; 2];
                let mut broken = BTreeSet::new();
                let mut dispersed = BTreeSet::new();
                let mut fled = BTreeSet::new();
                let mut people = 0;
                for i in t.events.clone() {
                    let entry = battle.entry(i).unwrap();
                    assert_eq!(entry.turn, t.turn);
                    for e in &entry.effects {
                        let side = e.unit.side as usize;
                        match e.field {
                            "casualties" => casualties[side] += delta(e),
                            "stands" => stands[side] -= delta(e),
                            "morale" if e.to == Morale::Broken.to_string() => {
                                broken.insert(e.unit);
                            }
                            "personality" => people += 1,
                            _ => {}
                        }
                        if e.leaves_table {
                            dispersed.insert(e.unit);
                        }
                    }
                    if let Event::Flee { unit, .. } = &battle.events()[i] {
                        fled.insert(*unit);
                    }
                }
                for side in 0..2 {
                    let l = &t.losses[side];
                    assert_eq!(
                        i64::from(l.casualties) - i64::from(l.casualties_removed),
                        casualties[side],
                        "seed {seed}, turn {}",
                        t.turn
                    );
                    // Stands lost on the table, and the stands of units that
                    // left it (1.7.4): the change the strength table shows.
                    assert_eq!(
                        i64::from(l.stands_lost) - i64::from(l.stands_restored),
                        stands[side] + strength_left[k][side],
                        "seed {seed}, turn {}",
                        t.turn
                    );
                }
                let ids = |v: &[UnitName]| v.iter().map(|u| u.id).collect::<BTreeSet<_>>();
                assert_eq!(ids(&t.broken), broken);
                assert_eq!(ids(&t.dispersed), dispersed);
                assert_eq!(ids(&t.fled), fled);
                assert_eq!(t.personalities.len(), people);
                for (n, present) in [
                    t.losses.iter().any(|l| l.casualties > 0),
                    t.losses.iter().any(|l| l.stands_lost > 0),
                    !t.broken.is_empty(),
                    !t.fled.is_empty(),
                    !t.dispersed.is_empty(),
                    t.personalities_lost().next().is_some(),
                ]
                .into_iter()
                .enumerate()
                {
                    seen_any[n] += usize::from(present);
                }
            }
            assert_eq!(next, battle.events().len());
        }
    }
    // The battles are only as good a check as what happens in them.
    assert!(seen_any.iter().all(|&n| n > 0), "{seen_any:?}");
}

#[test]
fn the_chronicle_ends_each_turn_with_the_state_then() {
    let battle = scripted();
    let mut ends = Vec::new();
    let mut events = 0;
    chronicle(&battle, |m| match m {
        Moment::Event { index, .. } => {
            assert_eq!(index, events);
            events += 1;
        }
        Moment::TurnEnd { summary, state } => {
            let fyrd = &state.units[1][1].unit;
            ends.push((summary.turn, state.turn, fyrd.stands, fyrd.morale));
        }
    });
    assert_eq!(events, battle.events().len());
    assert_eq!(
        ends,
        [(1, 2, 5, Morale::Broken), (2, 2, 5, Morale::Dispersed)]
    );
}

#[test]
fn the_report_of_a_scripted_battle() {
    insta::assert_snapshot!("scripted_battle", markdown(&scripted(), "scripted"));
}

#[test]
fn each_roll_shows_the_modifiers_behind_its_score() {
    let text = markdown(&scripted(), "scripted");
    let lines: Vec<&str> = text.lines().collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| *l == needle)
            .unwrap_or_else(|| panic!("no line {needle:?} in\n{text}"))
    };
    // The knights' activation: the dice, then every modifier with its rule.
    let knights = at(
        "2. Household knights (a1) activates: W 5 4: score 15 against width 4, success; may add a champion",
    );
    assert_eq!(
        lines[knights + 1..knights + 9],
        [
            "   - dice, Household knights: W 5 4",
            "   - why:",
            "     - rolled 5 4 white: the two highest make 9 [2.2]",
            "     - +2 drilled [2.2, W-4]",
            "     - +2 William's Charisma [3.1.2, W-0, W-4]",
            "     - +1 Odo's Charisma [3.1.2, W-0, W-4]",
            "     - +1 Expert tactician in sight [3.1.2, W-4]",
            "     - score 15 against width 4: success [2.2, W-1]",
        ]
    );
    // A Melee: each side's modifiers nested under its heading, the numbers
    // past 9 indented under their wider number.
    let fyrd = at("      - — Select fyrd: 3 dice [2.6.1 A]");
    assert_eq!(
        lines[fyrd + 1..fyrd + 6],
        [
            "        - +1 die: Close Foot with a 2nd rank fighting a unit in front [2.6.1 A, W-3, W-16]",
            "        - rolled 1 2 1: the two highest make 3 [2.6.1 A]",
            "        - -2 Household knights' armour [2.6.1 B, W-16]",
            "        - -1 light weapons [2.6.1 B, W-16]",
            "        - score 0 [2.6.1 B, W-16]",
        ]
    );
    // Events without dice have no "why".
    let next = at("7. next: turn 1, side b's activations");
    assert_eq!(lines[next + 1], "");
}

#[test]
fn each_turn_ends_with_its_summary_and_every_units_state() {
    let text = markdown(&scripted(), "scripted");
    let end = text.find("### End of turn 1\n").expect("turn 1 ends");
    let turn_2 = text.find("## Turn 2\n").expect("turn 2 begins");
    assert!(end < turn_2);
    let block = &text[end..turn_2];
    for line in [
        "- casualty figures: a (Normans) +0, b (English) +5",
        "- stands lost: a (Normans) 0, b (English) 1",
        "- morale: Select fyrd (b2) ready → broken",
        "- fled: Select fyrd (b2)",
        "| unit | side | stands | casualties | morale | formation | champions | personalities |",
        "| Household knights (a1) | a | 4 of 4 | 0 | ready | Line | 0 | William, Odo |",
        "| Select fyrd (b2) | b | 5 of 6 | 5 | broken | Unformed | 0 | Gyrth |",
        "| Slingers (b3) | b | 2 of 2 | 0 | ready | Line | 0 | none |",
    ] {
        assert!(block.lines().any(|l| l == line), "{line:?} in\n{block}");
    }
    // Turn 2 is still being played: its table is the state now.
    let now = &text[text
        .find("### Turn 2 so far (side a's activations)\n")
        .unwrap()..];
    for line in [
        "- dispersed: Select fyrd (b2)",
        "- taken off the table by the referee: Slingers (b3)",
        "- personalities: Harold (Huscarls, b1) wounded",
        "| Huscarls (b1) | b | 6 of 6 | 0 | ready | Shieldwall | 0 | Harold (wounded) |",
        "| Select fyrd (b2) | b | 0 of 6 | 5 | dispersed | Unformed | 0 | Gyrth |",
        "| Slingers (b3) | b | 0 of 2 | 0 | ready (taken off the table) | Line | 0 | none |",
    ] {
        assert!(now.lines().any(|l| l == line), "{line:?} in\n{now}");
    }
    // Notes are where they were made.
    assert!(text.contains("4. Archers (a2) shoots at Select fyrd (b2)"));
    assert!(text.contains(
        "\n5. note on Archers (a2): the archers shoot high over the shieldwall\n6. Breton skirmishers (a3) activates"
    ));
    assert!(
        text.contains("\n15. note on turn 1: rain begins to fall\n16. next: turn 2, initiative\n")
    );
}

#[test]
fn herald_log_prints_the_same_report_from_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scripted.toml");
    let battle = scripted();
    let mut data = SaveData {
        name: "scripted".to_string(),
        dice: SeededDice::new(13).position(),
        battle: Battle::new(setup()),
    };
    let mut file = SaveFile::create(&path, &mut data).unwrap();
    for e in battle.events() {
        data.battle.record(e.clone()).unwrap();
    }
    file.save(&mut data.battle, data.dice).unwrap();
    drop(file);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["log", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        markdown(&battle, "scripted")
    );
}

/// A writer that takes `room` pieces, then fails as a closed pipe does.
struct Pipe {
    got: Vec<u8>,
    pieces: usize,
    room: usize,
}

impl std::io::Write for Pipe {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.pieces == self.room {
            return Err(std::io::ErrorKind::BrokenPipe.into());
        }
        self.pieces += 1;
        self.got.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_report_is_written_in_pieces_and_stops_at_a_failed_write() {
    let (battle, _) = random_battle_with_charges(5, 3000);
    let whole = markdown(&battle, "long");
    assert!(whole.len() > 4 * 64 * 1024, "{} bytes", whole.len());
    let mut pipe = Pipe {
        got: Vec::new(),
        pieces: 0,
        room: usize::MAX,
    };
    herald::battle::warlords::report::write_markdown(&battle, "long", &mut pipe).unwrap();
    assert_eq!(String::from_utf8(pipe.got).unwrap(), whole);
    assert!(pipe.pieces > 3, "{} pieces", pipe.pieces);
    // The reader goes away after two pieces: the error comes back, and
    // nothing more is written.
    let mut pipe = Pipe {
        got: Vec::new(),
        pieces: 0,
        room: 2,
    };
    let err =
        herald::battle::warlords::report::write_markdown(&battle, "long", &mut pipe).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe);
    assert_eq!(pipe.pieces, 2);
    assert!(whole.starts_with(std::str::from_utf8(&pipe.got).unwrap()));
}

/// The last unit table and the strength table of a report, per side:
/// (stands, casualty figures) summed over the unit rows, and the strength
/// table's (stands now, casualty figures).
fn report_sums(text: &str) -> [((u32, u32), (u32, u32)); 2] {
    let cells = |l: &str| -> Vec<String> {
        l.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    let last_table = text
        .rfind("| unit | side | stands |")
        .expect("a unit table");
    let strength = text.find("| side | units on the table").expect("strength");
    let mut out = [((0, 0), (0, 0)); 2];
    for l in text[last_table..strength].lines().skip(2) {
        if !l.starts_with('|') {
            break;
        }
        let c = cells(l);
        let side = if c[1] == "a" { 0 } else { 1 };
        let stands: u32 = c[2].split(' ').next().unwrap().parse().unwrap();
        out[side].0.0 += stands;
        out[side].0.1 += c[3].parse::<u32>().unwrap();
    }
    for (side, l) in text[strength..].lines().skip(2).take(2).enumerate() {
        let c = cells(l);
        let now: u32 = c[3].rsplit(' ').next().unwrap().parse().unwrap();
        out[side].1 = (now, c[4].parse().unwrap());
    }
    out
}

#[test]
fn the_reports_unit_rows_add_up_to_its_strength_table_and_turn_summaries() {
    // Issue 32 item 12 (1.7.4): a unit off the table has no stands on it;
    // the casualty figures of every unit, those that left too, are what
    // the turn summaries took, turn by turn.
    let text = markdown(&scripted(), "scripted");
    assert!(
        text.contains("| Select fyrd (b2) | b | 0 of 6 | 5 | dispersed |"),
        "{text}"
    );
    assert!(text.contains("| Slingers (b3) | b | 0 of 2 | 0 | ready (taken off the table) |"));
    let mut battles = vec![scripted()];
    for seed in 0..4 {
        battles.push(random_battle(seed, 500).0);
        battles.push(random_battle_with_charges(seed, 500).0);
    }
    for battle in battles {
        let text = markdown(&battle, "sums");
        let turns = summaries(&battle);
        for (side, (rows, strength)) in report_sums(&text).into_iter().enumerate() {
            assert_eq!(rows, strength, "side {side}: unit rows against strength");
            let taken: i64 = turns
                .iter()
                .map(|t| {
                    let l = &t.losses[side];
                    l.casualties as i64 - l.casualties_removed as i64
                })
                .sum();
            let start: u32 = battle
                .setup()
                .units(if side == 0 { Side::A } else { Side::B })
                .map(|u| u.casualties)
                .sum();
            assert_eq!(
                strength.1 as i64,
                start as i64 + taken,
                "side {side}: strength table's casualty figures against the turn summaries"
            );
        }
    }
}
