//! Property tests of a Warlord I battle: replaying the events (from memory
//! and through the save) gives the state of live play; undo then redo at
//! any depth is the identity; the entries kept are a replay's; and the
//! random battles these rest on exercise every kind of event.

#[path = "support/warlord_i_battle.rs"]
mod support;

use herald::battle::warlord_i::{Battle, Entry, WarlordI};
use herald::dice::SeededDice;
use herald::store::save::{SaveData, from_text, to_text};
use proptest::prelude::*;
use support::random_battle;

fn all_entries(battle: &Battle) -> Vec<Entry> {
    (0..battle.events().len())
        .map(|i| battle.entry(i).expect("an entry per event").into_owned())
        .collect()
}

/// The battle written to a save's text and read back.
fn through_the_save(battle: &Battle) -> Battle {
    let data = SaveData {
        name: "prop".to_string(),
        dice: SeededDice::new(1).position(),
        battle: Battle::replay(
            battle.setup().clone(),
            battle.events().to_vec(),
            battle.undone().to_vec(),
        )
        .unwrap(),
    };
    from_text::<WarlordI>("prop.toml", &to_text(&data))
        .unwrap()
        .data
        .battle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Replaying the events, from memory and through the save file, gives
    /// the state of live play.
    #[test]
    fn replay_equals_live_play(seed in any::<u64>(), tries in 1usize..500) {
        let (live, _) = random_battle(seed, tries);
        let replayed = Battle::replay(live.setup().clone(), live.events().to_vec(), vec![]).unwrap();
        prop_assert_eq!(replayed.state(), live.state());
        prop_assert_eq!(all_entries(&replayed), all_entries(&live));
        let loaded = through_the_save(&live);
        prop_assert_eq!(loaded.setup(), live.setup());
        prop_assert_eq!(loaded.events(), live.events());
        prop_assert_eq!(loaded.state(), live.state());
    }

    /// Undoing any number of events and redoing them gives the same battle.
    #[test]
    fn undo_then_redo_is_the_identity(seed in any::<u64>(), tries in 1usize..700, depth in 0usize..300) {
        let (mut battle, _) = random_battle(seed, tries);
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
        // Undone events survive the save, to be redone after a resume.
        let loaded = through_the_save(&battle);
        prop_assert_eq!(loaded.undone(), battle.undone());
        prop_assert_eq!(loaded.state(), battle.state());
        for _ in 0..depth {
            prop_assert!(battle.redo().unwrap().is_some());
        }
        prop_assert_eq!(battle.state(), &state);
        prop_assert_eq!(battle.events(), &events[..]);
        prop_assert_eq!(all_entries(&battle), entries);
    }
}

#[test]
fn random_battles_exercise_every_kind_of_event() {
    // The properties above are only as good as the battles they play.
    let mut kinds = std::collections::BTreeMap::new();
    let mut moves = 0;
    for seed in 0..8 {
        let (battle, _) = random_battle(seed, 900);
        moves = moves.max(battle.turn());
        for e in battle.events() {
            *kinds.entry(e.kind()).or_insert(0) += 1;
        }
    }
    for k in herald::store::warlord_i::save::read::EVENT_KINDS {
        assert!(kinds.contains_key(k), "no {k} event in {kinds:?}");
    }
    assert!(moves >= 3, "the battles reach Move {moves} at most");
}
