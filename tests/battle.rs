//! The battle model: the turn sequence of 2.1 and 2.2, events re-running the
//! rules, corrections, engagements, undo and redo; and the properties that
//! replay equals live play and undo then redo is the identity.

#[path = "support/battle.rs"]
mod support;

use herald::battle::warlords::{Battle, Correction, Event, Phase, Step};
use herald::battle::{BattleError, UnitId};
use herald::dice::{Dice, ScriptedDice, SeededDice, faces};
use herald::rules::Side;
use herald::rules::warlords::activation::ActivationSituation;
use herald::rules::warlords::melee::{MeleeDice, MeleeFacts};
use herald::rules::warlords::unit::Morale;
use herald::store::save::{SaveData, from_text, to_text};
use proptest::prelude::*;
use support::{random_battle, random_battle_with_charges, setup};

fn white(v: &[u8]) -> Dice {
    Dice::white(v).unwrap()
}

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i)
}

fn activate(unit: UnitId, dice: &[u8]) -> Event {
    Event::Activation {
        unit,
        situation: ActivationSituation::default(),
        dice: white(dice),
        add_champion: false,
    }
}

/// A battle where side a won the initiative of turn 1.
fn a_has_initiative() -> Battle {
    let mut battle = Battle::new(setup());
    battle
        .record(Event::Initiative {
            a: white(&[5]),
            b: white(&[2]),
        })
        .unwrap();
    battle
}

#[test]
fn initiative_decides_who_activates_first() {
    let mut battle = Battle::new(setup());
    assert_eq!(battle.next_step(), Step::RollInitiative);
    // W-22: a tie on the first turn is rolled again.
    battle
        .record(Event::Initiative {
            a: white(&[3]),
            b: white(&[3]),
        })
        .unwrap();
    assert_eq!(battle.phase(), Phase::Initiative);
    battle
        .record(Event::Initiative {
            a: white(&[2]),
            b: white(&[6]),
        })
        .unwrap();
    assert_eq!(battle.initiative(), Some(Side::B));
    assert_eq!(battle.phase(), Phase::Activation(Side::B));
    assert_eq!(battle.next_step(), Step::Activate(b(0)));
}

#[test]
fn the_turn_sequence_is_enforced() {
    let mut battle = a_has_initiative();
    // Side b may not activate during side a's activations.
    let err = battle.record(activate(b(0), &[3, 4])).unwrap_err();
    assert!(matches!(err, BattleError::OutOfTurn(_)), "{err}");
    // 2.2: every unit must activate before the side is done.
    battle.record(activate(a(0), &[6, 5])).unwrap();
    let err = battle.record(activate(a(0), &[6, 5])).unwrap_err();
    assert!(err.to_string().contains("already activated"), "{err}");
    let err = battle.record(Event::NextPhase).unwrap_err();
    assert!(err.to_string().contains("Archers (a2)"), "{err}");
    assert!(err.to_string().contains("Breton skirmishers (a3)"), "{err}");
    battle.record(activate(a(1), &[6, 5])).unwrap();
    battle.record(activate(a(2), &[6, 5])).unwrap();
    assert_eq!(battle.next_step(), Step::EndActivations(Side::A));
    battle.record(Event::NextPhase).unwrap();
    assert_eq!(battle.phase(), Phase::Activation(Side::B));
    for i in 0..3 {
        battle.record(activate(b(i), &[6, 5])).unwrap();
    }
    battle.record(Event::NextPhase).unwrap();
    assert_eq!(battle.phase(), Phase::Melee);
    battle.record(Event::NextPhase).unwrap();
    assert_eq!((battle.turn(), battle.phase()), (2, Phase::Initiative));
    assert!(
        battle.to_activate(Side::A).len() == 3,
        "activations reset each turn"
    );
    // W-22: last turn's holder wins a tie.
    battle
        .record(Event::Initiative {
            a: white(&[4]),
            b: white(&[4]),
        })
        .unwrap();
    assert_eq!(battle.initiative(), Some(Side::A));
}

#[test]
fn a_refused_event_changes_nothing() {
    let mut battle = a_has_initiative();
    let before = battle.state().clone();
    // Wrong number of dice: the rules refuse, with what they need.
    let err = battle.record(activate(a(0), &[6])).unwrap_err();
    assert!(matches!(err, BattleError::Rules(_)), "{err}");
    assert!(err.to_string().contains("2 white"), "{err}");
    assert!(
        battle
            .record(activate(UnitId::new(Side::A, 9), &[1, 1]))
            .is_err()
    );
    assert!(
        battle
            .record(Event::Correct {
                unit: a(0),
                correction: Correction::Files(9),
            })
            .is_err()
    );
    assert_eq!(battle.state(), &before);
    assert!(battle.events().len() == 1 && battle.entry(0).is_some() && battle.entry(1).is_none());
}

#[test]
fn an_activation_re_runs_the_rules_and_applies_them() {
    let mut battle = a_has_initiative();
    // Archers (a2): 4 stands wide, no modifiers; give them 3 casualties first.
    battle
        .record(Event::Correct {
            unit: a(1),
            correction: Correction::Casualties(3),
        })
        .unwrap();
    // 1+2 = 3 - 3 casualties = 0 <= width 4 and <= 3 casualties: a step lost (W-5).
    let entry = battle.record(activate(a(1), &[1, 2])).unwrap();
    assert!(entry.summary.contains("failure"), "{}", entry.summary);
    assert!(
        entry.summary.contains("loses a morale step"),
        "{}",
        entry.summary
    );
    let archers = battle.unit(a(1)).unwrap();
    assert_eq!(archers.unit.morale, Morale::Worn);
    assert!(archers.activated);
}

#[test]
fn a_champion_is_added_only_when_allowed() {
    let mut battle = a_has_initiative();
    let situation = ActivationSituation {
        enemy_visible_ahead: true,
        ..Default::default()
    };
    let mut event = Event::Activation {
        unit: a(0),
        situation,
        dice: white(&[6, 6]),
        add_champion: true,
    };
    battle.record(event.clone()).unwrap();
    assert_eq!(battle.unit(a(0)).unwrap().unit.champions, 1);
    // Without an enemy ahead, W-7 refuses the champion.
    if let Event::Activation {
        unit, situation, ..
    } = &mut event
    {
        *unit = a(1);
        situation.enemy_visible_ahead = false;
    }
    let err = battle.record(event).unwrap_err();
    assert!(err.to_string().contains("champion"), "{err}");
}

#[test]
fn melee_pairs_are_fought_once_a_turn_and_block_the_end_of_the_turn() {
    let mut battle = a_has_initiative();
    battle
        .record(Event::GoTo {
            turn: 1,
            phase: Phase::Melee,
        })
        .unwrap();
    battle.record(Event::Engage { a: a(0), b: b(1) }).unwrap();
    assert_eq!(battle.in_melee_with(b(1)), vec![a(0)]);
    assert!(
        battle.record(Event::Engage { a: a(0), b: a(1) }).is_err(),
        "same side"
    );
    assert_eq!(battle.next_step(), Step::FightMelee(a(0), b(1)));
    let err = battle.record(Event::NextPhase).unwrap_err();
    assert!(err.to_string().contains("still to fight"), "{err}");
    let melee = battle
        .complete(battle.suggest(), &mut SeededDice::new(3))
        .unwrap();
    assert!(matches!(melee, Event::Melee { .. }));
    battle.record(melee.clone()).unwrap();
    assert!(!battle.first_round(a(0), b(1)), "they have fought a round");
    assert!(battle.record(melee).is_err(), "a second round in one turn");
    // What the result left comes first (2.6.3, 3.1.3.2): the end of the turn waits.
    let mut dice = SeededDice::new(4);
    while let Step::Duty(_) = battle.next_step() {
        if battle.duties()[0].due.required() {
            let err = battle.record(Event::NextPhase).unwrap_err();
            assert!(err.to_string().contains("first:"), "{err}");
        }
        battle.play_suggested(&mut dice).unwrap();
    }
    assert_eq!(battle.next_step(), Step::EndTurn);
    battle.record(Event::NextPhase).unwrap();
    assert_eq!(battle.turn(), 2);
}

#[test]
fn a_melee_applies_casualties_from_the_recorded_dice() {
    let mut battle = a_has_initiative();
    battle
        .record(Event::GoTo {
            turn: 1,
            phase: Phase::Melee,
        })
        .unwrap();
    // Knights (a1, 4 wide) against the Select fyrd (b2, 3 wide, Gyrth with it).
    let facts = MeleeFacts::default();
    let event = Event::Melee {
        a: a(0),
        b: b(1),
        facts_a: MeleeFacts {
            charging: true,
            ..facts.clone()
        },
        facts_b: facts,
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
    };
    let entry = battle.record(event).unwrap().clone();
    let fyrd = &battle.unit(b(1)).unwrap().unit;
    assert!(fyrd.casualties > 0, "{}", entry.summary);
    assert!(
        entry.summary.contains("Select fyrd loses"),
        "{}",
        entry.summary
    );
    assert!(
        entry.effects.iter().any(|e| e.unit == b(1)),
        "the report sees the fyrd's losses"
    );
}

#[test]
fn units_off_the_table_leave_their_melees_and_need_not_activate() {
    let mut battle = a_has_initiative();
    battle.record(Event::Engage { a: a(0), b: b(0) }).unwrap();
    battle
        .record(Event::Correct {
            unit: a(0),
            correction: Correction::Morale(Morale::Dispersed),
        })
        .unwrap();
    assert_eq!(battle.off_table(), vec![a(0)]);
    assert!(battle.in_melee_with(b(0)).is_empty());
    assert_eq!(battle.to_activate(Side::A), vec![a(1), a(2)]);
    let err = battle
        .record(Event::Correct {
            unit: a(0),
            correction: Correction::Removed(false),
        })
        .unwrap_err();
    assert!(err.to_string().contains("correct its morale"), "{err}");
    battle
        .record(Event::Correct {
            unit: a(1),
            correction: Correction::Removed(true),
        })
        .unwrap();
    assert_eq!(battle.off_table(), vec![a(0), a(1)]);
    assert!(battle.record(activate(a(1), &[3, 3])).is_err());
}

#[test]
fn undo_and_redo_reapply_the_recorded_dice() {
    let mut battle = a_has_initiative();
    battle.record(activate(a(0), &[2, 3])).unwrap();
    let after = battle.state().clone();
    let undone = battle.undo().cloned().unwrap();
    assert_eq!(undone, activate(a(0), &[2, 3]));
    assert!(!battle.unit(a(0)).unwrap().activated);
    battle.undo().unwrap();
    assert_eq!(battle.phase(), Phase::Initiative);
    assert!(battle.undo().is_none(), "nothing left to undo");
    battle.redo().unwrap().unwrap();
    battle.redo().unwrap().unwrap();
    assert_eq!(battle.state(), &after);
    assert_eq!(battle.events().last(), Some(&activate(a(0), &[2, 3])));
    assert!(battle.redo().unwrap().is_none());
    // A new event drops what was undone.
    battle.undo();
    battle.record(activate(a(0), &[6, 6])).unwrap();
    assert!(battle.undone().is_empty());
}

#[test]
fn complete_keeps_typed_dice_and_rolls_the_rest() {
    let battle = a_has_initiative();
    let mut source = ScriptedDice::white(&[4]).unwrap();
    let event = Event::Activation {
        unit: a(0),
        situation: ActivationSituation::default(),
        dice: white(&[6]),
        add_champion: false,
    };
    let done = battle.complete(event, &mut source).unwrap();
    assert_eq!(done, activate(a(0), &[6, 4]));
}

#[test]
fn the_report_tells_the_battle() {
    let (battle, _) = random_battle(11, 400);
    let text = herald::battle::warlords::report::markdown(&battle, "hastings");
    assert!(text.starts_with("# Battle report: hastings"));
    assert!(text.contains("## Turn 1"));
    assert!(text.contains("### Initiative"));
    assert!(text.contains("dice, side a's C-in-C (Normans): W "));
    assert!(text.contains("## Personalities"));
    assert!(text.contains("| Harold | b | Huscarls (b1) |"));
    assert!(text.contains("## Strength after turn"));
    let numbered = text.lines().filter(|l| l.contains(". ")).count();
    assert!(numbered >= battle.events().len());
}

/// The state of a battle read back from its own save text.
fn through_the_save(battle: &Battle) -> Battle {
    let data = SaveData {
        name: "prop".to_string(),
        dice: SeededDice::new(1).position(),
        battle: Battle::replay(battle.setup().clone(), battle.events().to_vec(), vec![]).unwrap(),
    };
    from_text::<herald::battle::warlords::Warlords>("prop.toml", &to_text(&data))
        .unwrap()
        .data
        .battle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Replaying the events, from memory and through the save file, gives
    /// the state of live play.
    #[test]
    fn replay_equals_live_play(seed in any::<u64>(), tries in 1usize..400) {
        let (live, _) = random_battle_with_charges(seed, tries);
        let replayed = Battle::replay(live.setup().clone(), live.events().to_vec(), vec![]).unwrap();
        prop_assert_eq!(replayed.state(), live.state());
        prop_assert_eq!(all_entries(&replayed), all_entries(&live));
        let loaded = through_the_save(&live);
        prop_assert_eq!(loaded.state(), live.state());
        prop_assert_eq!(loaded.events(), live.events());
    }

    /// Undoing any number of events and redoing them gives the same battle.
    #[test]
    fn undo_then_redo_is_the_identity(seed in any::<u64>(), tries in 1usize..700, depth in 0usize..300) {
        let (mut battle, _) = random_battle_with_charges(seed, tries);
        let state = battle.state().clone();
        let events = battle.events().to_vec();
        let entries = all_entries(&battle);
        let depth = depth.min(events.len());
        for _ in 0..depth {
            prop_assert!(battle.undo().is_some());
        }
        prop_assert_eq!(battle.events(), &events[..events.len() - depth]);
        let prefix = Battle::replay(battle.setup().clone(), events[..events.len() - depth].to_vec(), vec![]).unwrap();
        prop_assert_eq!(battle.state(), prefix.state());
        for _ in 0..depth {
            prop_assert!(battle.redo().unwrap().is_some());
        }
        prop_assert_eq!(battle.state(), &state);
        prop_assert_eq!(battle.events(), &events[..]);
        prop_assert_eq!(all_entries(&battle), entries);
    }

    /// The entries the battle keeps for its latest events, and those it
    /// works out again for older ones, are those of a replay from the
    /// start, after any undos and redos.
    #[test]
    fn kept_and_worked_out_entries_are_the_replayed_ones(seed in any::<u64>(), tries in 300usize..1500, undos in 0usize..600, redos in 0usize..600) {
        let (mut battle, _) = random_battle_with_charges(seed, tries);
        for _ in 0..undos {
            battle.undo();
        }
        for _ in 0..redos {
            let _ = battle.redo();
        }
        let replayed: Vec<_> = battle.replay_entries().collect();
        prop_assert_eq!(replayed.len(), battle.events().len());
        for (i, e) in replayed.iter().enumerate() {
            let kept = battle.entry(i);
            prop_assert_eq!(kept.as_deref(), Some(e), "entry {}", i);
            prop_assert_eq!(battle.when(i), Some((e.turn, e.phase)));
        }
        prop_assert_eq!(battle.last_entry(), replayed.last());
    }
}

/// Every entry of a battle, oldest first, each as the battle gives it.
fn all_entries(battle: &Battle) -> Vec<herald::battle::warlords::Entry> {
    (0..battle.events().len())
        .map(|i| battle.entry(i).expect("an entry per event").into_owned())
        .collect()
}

#[test]
fn random_battles_exercise_every_kind_of_event() {
    // The properties above are only as good as the battles they play.
    let mut kinds = std::collections::BTreeMap::new();
    for seed in 0..6 {
        for (battle, _) in [
            random_battle(seed, 700),
            random_battle_with_charges(seed, 700),
        ] {
            for e in battle.events() {
                *kinds.entry(e.kind()).or_insert(0) += 1;
            }
        }
    }
    for k in herald::store::warlords::save::read::EVENT_KINDS {
        assert!(kinds.contains_key(k), "no {k} event in {kinds:?}");
    }
}

#[test]
fn a_charge_move_is_a_random_move_of_recorded_dice() {
    let mut battle = a_has_initiative();
    // 2.4.9, W-9: three sixes and no ones (counted as one) on 4 dice: +2 spans.
    let entry = battle
        .record(Event::RandomMove {
            unit: a(0),
            spans: 4,
            toward: Some(b(0)),
            dice: white(&[6, 6, 6, 2]),
        })
        .unwrap()
        .clone();
    assert!(
        entry.summary.contains("moves 6 span(s)"),
        "{}",
        entry.summary
    );
    assert!(entry.summary.contains("charges"), "{}", entry.summary);
    // The wrong number of dice is refused, and 0 spans too.
    assert!(
        battle
            .record(Event::RandomMove {
                unit: a(0),
                spans: 4,
                toward: None,
                dice: white(&[6, 6]),
            })
            .is_err()
    );
    assert!(
        battle
            .record(Event::RandomMove {
                unit: a(0),
                spans: 0,
                toward: None,
                dice: Dice::default(),
            })
            .is_err()
    );
}

#[test]
fn a_reaction_uses_up_the_targets_activation_during_the_enemys_turn() {
    let mut battle = a_has_initiative();
    let counter = |dice: &[u8]| Event::Reaction {
        unit: b(0),
        cause: a(0),
        situation: ActivationSituation {
            charging: true,
            ..Default::default()
        },
        dice: white(dice),
    };
    // A unit of the side activating cannot "react" to its own side.
    let own = Event::Reaction {
        unit: a(1),
        cause: a(0),
        situation: ActivationSituation::default(),
        dice: white(&[6, 5]),
    };
    assert!(battle.record(own).is_err());
    battle.record(counter(&[6, 5])).unwrap();
    assert!(
        battle.unit(b(0)).unwrap().activated,
        "2.4.4.2: uses up its activation"
    );
    assert!(!battle.to_activate(Side::B).contains(&b(0)));
    // Once is all.
    let err = battle.record(counter(&[6, 5])).unwrap_err();
    assert!(err.to_string().contains("already activated"), "{err}");
    // Replay through the save gives the same state.
    assert_eq!(through_the_save(&battle).state(), battle.state());
}

#[test]
fn a_unit_corrected_down_to_its_command_stand_is_dispersed() {
    // 1.7.4: only the command stand left (none, for Skirmishers): Dispersed;
    // and a Dispersed unit is not brought back to Ready without its stands.
    let mut battle = a_has_initiative();
    battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Stands(0),
        })
        .unwrap();
    assert_eq!(battle.unit(b(2)).unwrap().unit.morale, Morale::Dispersed);
    let err = battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Morale(Morale::Ready),
        })
        .unwrap_err();
    assert!(err.to_string().contains("1.7.4"), "{err}");
    battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Stands(2),
        })
        .unwrap();
    battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Morale(Morale::Ready),
        })
        .unwrap();
    assert!(!battle.unit(b(2)).unwrap().off_table());
}
