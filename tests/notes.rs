//! The referee's notes (issue 13): free text on a unit or on the turn,
//! recorded, undone and redone like any event, never changing the battle,
//! saved and read back with every problem placed, and printed in the report
//! where they were made.

#[path = "support/battle.rs"]
mod support;

use herald::battle::warlords::event::{MAX_NOTE_CHARS, note_problem};
use herald::battle::warlords::report::markdown;
use herald::battle::warlords::{Battle, Correction, Event, Phase, Warlords};
use herald::battle::{BattleError, UnitId};
use herald::dice::SeededDice;
use herald::rules::Side;
use herald::store::save::{SaveData, SaveFile, from_text, to_text};
use herald::store::toml_walk::Problem;
use support::{random_battle, setup};

fn a(i: usize) -> UnitId {
    UnitId::new(Side::A, i)
}

fn b(i: usize) -> UnitId {
    UnitId::new(Side::B, i)
}

fn note(unit: Option<UnitId>, text: &str) -> Event {
    Event::note(unit, text).unwrap()
}

fn data(battle: Battle) -> SaveData<Warlords> {
    SaveData {
        name: "notes".to_string(),
        dice: SeededDice::new(5).position(),
        battle,
    }
}

/// A short battle with a note on a unit and one on the turn.
fn noted() -> Battle {
    let mut dice = SeededDice::new(5);
    let mut battle = Battle::new(setup());
    for _ in 0..5 {
        battle.play_suggested(&mut dice).unwrap();
    }
    battle
        .record(note(
            Some(b(0)),
            "Huscarls hold the ridge; \"Out!\" they shout",
        ))
        .unwrap();
    battle.play_suggested(&mut dice).unwrap();
    battle
        .record(note(None, "rain: the archers' strings are wet (C:\\table)"))
        .unwrap();
    battle
}

fn problems(text: &str) -> Vec<Problem> {
    from_text::<Warlords>("x.toml", text).unwrap_err()
}

/// Line and column (from 1) of the first `needle` in `text`.
fn place(text: &str, needle: &str) -> (usize, usize) {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} in the text"));
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

#[test]
fn a_note_is_one_line_of_at_most_500_characters() {
    assert_eq!(MAX_NOTE_CHARS, 500);
    // Trimmed; its length is counted in characters, not bytes.
    assert_eq!(
        Event::note(Some(a(0)), "  William's horse falls  ").unwrap(),
        Event::Note {
            unit: Some(a(0)),
            text: "William's horse falls".to_string()
        }
    );
    let full = "é".repeat(500);
    assert!(Event::note(None, &full).is_ok());
    let long = "x".repeat(501);
    let Err(BattleError::Refused(why)) = Event::note(None, &long) else {
        panic!("a note of 501 characters is refused");
    };
    assert_eq!(
        why,
        "a note is at most 500 characters; this one has 501: shorten it by 1"
    );
    for (bad, said) in [
        ("", "a note needs some text; it is empty"),
        ("   ", "a note needs some text; it is empty"),
        (
            "two\nlines",
            "a note is one line of text; this one holds a line break",
        ),
        ("a\ttab", "a note is one line of text; this one holds a tab"),
        (
            "bell\u{7}",
            "a note is one line of text; this one holds the control character U+0007",
        ),
    ] {
        assert_eq!(
            Event::note(None, bad),
            Err(BattleError::Refused(said.to_string())),
            "{bad:?}"
        );
        assert_eq!(note_problem(bad).as_deref(), Some(said), "{bad:?}");
    }
}

#[test]
fn a_note_changes_nothing_but_the_log() {
    let mut dice = SeededDice::new(3);
    let mut battle = Battle::new(setup());
    for _ in 0..8 {
        battle.play_suggested(&mut dice).unwrap();
    }
    let before = battle.state().clone();
    let next = battle.next_step();
    let (turn, phase) = (battle.turn(), battle.phase());
    let entry = battle
        .record(note(Some(b(1)), "Gyrth eyes the Norman knights"))
        .unwrap()
        .clone();
    assert_eq!(
        entry.summary,
        "note on Select fyrd (b2): Gyrth eyes the Norman knights"
    );
    assert_eq!((entry.turn, entry.phase), (turn, phase));
    assert!(entry.effects.is_empty() && entry.rolls.is_empty());
    assert!(entry.explanation.lines.is_empty());
    let entry = battle.record(note(None, "the wind turns")).unwrap().clone();
    assert_eq!(
        entry.summary,
        format!("note on turn {turn}: the wind turns")
    );
    assert_eq!(
        battle.state(),
        &before,
        "the units and the sequence are as they were"
    );
    assert_eq!(battle.next_step(), next);
    assert!(!battle.events().last().unwrap().is_roll());
    assert_eq!(battle.events().last().unwrap().kind(), "note");
}

#[test]
fn notes_are_made_in_any_phase_even_with_a_duty_waiting_and_on_units_off_the_table() {
    let mut battle = Battle::new(setup());
    battle.record(note(None, "before initiative")).unwrap();
    assert_eq!(battle.phase(), Phase::Initiative);
    battle
        .record(Event::Correct {
            unit: b(2),
            correction: Correction::Removed(true),
        })
        .unwrap();
    battle
        .record(note(Some(b(2)), "the slingers ran home"))
        .unwrap();
    assert_eq!(
        battle.record(note(Some(b(9)), "nobody")).unwrap_err(),
        BattleError::NoUnit(b(9))
    );
    // A note made directly (not through Event::note) is judged all the same.
    let raw = Event::Note {
        unit: None,
        text: "a\nb".to_string(),
    };
    assert!(matches!(battle.record(raw), Err(BattleError::Refused(_))));
    // A duty waiting (a Worn unit's failed activation breaks it: it must
    // flee, 2.2.1, 1.7.3) does not stop a note, and is still waiting.
    let mut with_duty = Battle::new(setup());
    with_duty
        .record(Event::GoTo {
            turn: 1,
            phase: Phase::Activation(Side::A),
        })
        .unwrap();
    for correction in [
        Correction::Morale(herald::rules::warlords::unit::Morale::Worn),
        Correction::Casualties(6),
    ] {
        with_duty
            .record(Event::Correct {
                unit: a(0),
                correction,
            })
            .unwrap();
    }
    with_duty
        .record(Event::Activation {
            unit: a(0),
            situation: Default::default(),
            dice: herald::dice::Dice::white(&[1, 1]).unwrap(),
            add_champion: false,
        })
        .unwrap();
    let duties = with_duty.duties().to_vec();
    assert_eq!(
        duties
            .iter()
            .map(|d| (d.unit, d.due.code()))
            .collect::<Vec<_>>(),
        [(a(0), "flee")],
        "the knights must flee"
    );
    with_duty.record(note(None, "while it must flee")).unwrap();
    assert_eq!(with_duty.duties(), &duties[..]);
}

#[test]
fn notes_are_undone_and_redone_like_any_event() {
    let mut battle = noted();
    let events = battle.events().to_vec();
    let state = battle.state().clone();
    let Some(Event::Note { unit: None, .. }) = battle.undo().cloned() else {
        panic!("the last event was the note on the turn");
    };
    assert_eq!(battle.events(), &events[..events.len() - 1]);
    assert_eq!(battle.state(), &state);
    let redone = battle.redo().unwrap().unwrap().summary.clone();
    assert!(redone.starts_with("note on turn 1: rain"), "{redone}");
    assert_eq!(battle.events(), &events[..]);
    // Replay gives the same battle.
    let again = Battle::replay(setup(), events.clone(), vec![]).unwrap();
    assert_eq!(again.state(), battle.state());
    assert_eq!(
        again.entry(5).unwrap().summary,
        "note on Huscarls (b1): Huscarls hold the ridge; \"Out!\" they shout"
    );
}

#[test]
fn notes_anywhere_in_a_battle_leave_its_state_as_without_them() {
    for seed in [1, 7, 42] {
        let (plain, _) = random_battle(seed, 300);
        let mut with_notes = Battle::new(setup());
        for (i, e) in plain.events().iter().enumerate() {
            if i % 3 == 0 {
                let unit = (i % 2 == 0).then(|| UnitId::new(Side::A, i % 3));
                with_notes.record(note(unit, &format!("note {i}"))).unwrap();
            }
            with_notes.replay_record(e.clone()).unwrap();
        }
        assert_eq!(with_notes.state(), plain.state(), "seed {seed}");
    }
}

#[test]
fn notes_are_saved_and_read_back() {
    let battle = noted();
    let text = to_text(&data(battle.clone()));
    assert_eq!(text.matches("kind = \"note\"").count(), 2);
    assert!(text.contains(
        "kind = \"note\"\nunit = \"b1\"\ntext = \"Huscarls hold the ridge; \\\"Out!\\\" they shout\"\n"
    ));
    assert!(text.contains(
        "kind = \"note\"\ntext = \"rain: the archers' strings are wet (C:\\\\table)\"\n"
    ));
    // The comment above it tells the note.
    assert!(text.contains("# 6 · turn 1, side b's activations · note on Huscarls (b1): "));
    let back = from_text::<Warlords>("x.toml", &text).unwrap();
    assert_eq!(back.data.battle.events(), battle.events());
    assert_eq!(back.data.battle.state(), battle.state());
}

#[test]
fn a_note_is_appended_to_the_save_and_resumed_with_its_undo() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.toml");
    let mut d = data(Battle::new(setup()));
    let mut file = SaveFile::create(&path, &mut d).unwrap();
    let mut dice = SeededDice::restore(d.dice);
    d.battle.play_suggested(&mut dice).unwrap();
    d.battle
        .record(note(Some(a(0)), "William's banner"))
        .unwrap();
    d.battle.record(note(None, "to be taken back")).unwrap();
    d.dice = dice.position();
    file.save(&mut d.battle, d.dice).unwrap();
    d.battle.undo();
    file.save(&mut d.battle, d.dice).unwrap();
    drop(file);
    let (_file, back) = SaveFile::open::<Warlords>(&path).unwrap();
    assert_eq!(back.battle.events(), d.battle.events());
    assert_eq!(
        back.battle.undone(),
        &[Event::Note {
            unit: None,
            text: "to be taken back".to_string()
        }]
    );
}

/// The save text of `noted()` with its first note's text line replaced.
fn with_text_line(line: &str) -> String {
    let good = to_text(&data(noted()));
    let old = "text = \"Huscarls hold the ridge; \\\"Out!\\\" they shout\"";
    assert!(good.contains(old));
    good.replacen(old, line, 1)
}

#[test]
fn a_bad_note_in_a_save_is_placed() {
    let long = format!("text = \"{}\"", "x".repeat(501));
    for (line, needle, says) in [
        (
            long.as_str(),
            "text = ",
            "a note is at most 500 characters; this one has 501",
        ),
        (
            "text = \"two\\nlines\"",
            "text = ",
            "a note is one line of text; this one holds a line break",
        ),
        ("text = \"\"", "text = ", "'text' must not be blank"),
        ("text = 3", "text = ", "expected"),
    ] {
        let bad = with_text_line(line);
        let ps = problems(&bad);
        assert_eq!(ps.len(), 1, "{line}: {ps:?}");
        assert!(ps[0].message.contains(says), "{line}: {}", ps[0]);
        assert!(
            ps[0].field.starts_with("events.") && ps[0].field.ends_with(".text"),
            "{}",
            ps[0]
        );
        assert_eq!(ps[0].line, place(&bad, needle).0, "{line}: {}", ps[0]);
    }
    // No text at all: the event is placed, the field named.
    let bad = with_text_line("");
    let ps = problems(&bad);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert!(ps[0].message.contains("'text' is missing"), "{}", ps[0]);
    // A misspelt field gets a did-you-mean.
    let bad = with_text_line("txt = \"hold\"");
    let ps = problems(&bad);
    assert!(
        ps.iter().any(|p| p
            .message
            .contains("unknown field 'txt' (did you mean 'text'?)")
            && p.line == place(&bad, "txt = ").0),
        "{ps:?}"
    );
    // A unit that is not an id, and one the battle does not have.
    let good = to_text(&data(noted()));
    let bad = good.replacen(
        "kind = \"note\"\nunit = \"b1\"",
        "kind = \"note\"\nunit = \"z1\"",
        1,
    );
    let ps = problems(&bad);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert!(ps[0].message.contains("'z1' is not a unit id"), "{}", ps[0]);
    assert_eq!(ps[0].line, place(&bad, "unit = \"z1\"").0);
    let bad = good.replacen(
        "kind = \"note\"\nunit = \"b1\"",
        "kind = \"note\"\nunit = \"b9\"",
        1,
    );
    let ps = problems(&bad);
    assert_eq!(ps.len(), 1, "{ps:?}");
    assert!(
        ps[0].message.contains("event 6 (note) cannot be replayed"),
        "{}",
        ps[0]
    );
    assert!(ps[0].message.contains("there is no unit b9"), "{}", ps[0]);
}

#[test]
fn the_save_format_lists_the_note_kind() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/save-format.md"),
    )
    .unwrap();
    assert!(doc.contains("| `note` | `text`"));
    assert!(herald::store::warlords::save::read::EVENT_KINDS.contains(&"note"));
    // A misspelt kind is told the note kind.
    let bad = to_text(&data(noted())).replacen("kind = \"note\"", "kind = \"note_\"", 1);
    let ps = problems(&bad);
    assert!(ps[0].message.contains("did you mean 'note'?"), "{}", ps[0]);
}

#[test]
fn the_report_prints_each_note_where_it_was_made() {
    let battle = noted();
    let text = markdown(&battle, "notes");
    let lines: Vec<&str> = text.lines().collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} in\n{text}"))
    };
    let unit_note = at("6. note on Huscarls (b1): Huscarls hold the ridge; \"Out!\" they shout");
    let turn_note = at("8. note on turn 1: rain: the archers' strings are wet");
    assert!(at("5. ") < unit_note && unit_note < at("7. ") && at("7. ") < turn_note);
}
