//! Warlord I's part of a save (`docs/save-format.md`): its armies, copied
//! in with the army file's and the unit table's field names and read back
//! by the army file's own reader, and its events.

pub mod read;
pub mod write;

use crate::battle::warlord_i::{Event, Setup, WarlordI};
use crate::rules::Side;
use crate::rules::warlord_i::Army;
use crate::store::save::SaveCodec;
use crate::store::toml_walk::{self, Fields, Walk};

impl SaveCodec for WarlordI {
    const EVENT_KINDS: &'static [&'static str] = read::EVENT_KINDS;

    fn write_setup(o: &mut String, setup: &Setup) {
        for side in [Side::A, Side::B] {
            for army in setup.armies(side) {
                write::write_army(o, side, army);
            }
        }
    }

    fn read_setup<'s>(walk: &mut Walk<'_, 's>, top: &mut Fields<'_, 's>) -> Option<Setup> {
        let mut sides: [Vec<Army>; 2] = [Vec::new(), Vec::new()];
        if !top.has("armies") {
            walk.error(
                0..0,
                "armies",
                "no [[armies]]: a save holds a copy of each side's armies, each with plays = \"a\" or \"b\"",
            );
        }
        for mut t in walk.tables(top, "armies") {
            let plays = walk.string(&mut t, "plays");
            let side = match plays.as_deref() {
                Some("a") => Some(Side::A),
                Some("b") => Some(Side::B),
                other => {
                    walk.error(
                        t.span_of("plays"),
                        t.at("plays"),
                        format!(
                            "{}: the side this army plays on; accepted: a, b",
                            other.map_or("'plays' is missing".to_string(), |o| format!(
                                "'{}' is not a side",
                                toml_walk::cut(o)
                            ))
                        ),
                    );
                    None
                }
            };
            if let (Some(army), Some(side)) = (read::read_army(walk, t), side) {
                sides[side as usize].push(army);
            }
        }
        if walk.has_errors() {
            return None;
        }
        let [a, b] = sides;
        match Setup::new(a, b) {
            Ok(setup) => Some(setup),
            Err(e) => {
                walk.error(0..0, "armies", e.to_string());
                None
            }
        }
    }

    fn write_event(o: &mut String, event: &Event) {
        write::write_event(o, event);
    }

    fn read_event<'s>(walk: &mut Walk<'_, 's>, f: Fields<'_, 's>) -> Option<Event> {
        read::read_event(walk, f)
    }
}
