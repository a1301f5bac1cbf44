//! House options as files write them, for every rule system: a `house`
//! table of option names and values (`fixed_card_values = true`,
//! `hand_limit = "trim"`, `formed_premium = 4`), in a save's header and at
//! the top of a case. An option left out takes its default (the ruling);
//! an unknown option or a value it does not take is placed and refused
//! with what is accepted.

use super::save::write::quote;
use super::toml_walk::{self, Fields, Walk};
use crate::rules::System;
use crate::rules::house::{House, HouseValue, Values};
use std::fmt::Write;
use toml::de::DeValue;

/// Reads the optional `house` table of `f` against `system`'s options.
pub fn read_house<'s>(walk: &mut Walk<'_, 's>, f: &mut Fields<'_, 's>, system: System) -> House {
    let mut house = system.house_defaults();
    let options = system.house_options();
    let Some(mut t) = walk.table(f, "house") else {
        return house;
    };
    if options.is_empty() {
        let written = matches!(f.peek("house").map(|v| v.get_ref()), Some(DeValue::Table(x)) if !x.is_empty());
        if written {
            walk.error(
                t.span.clone(),
                t.path.to_string(),
                format!(
                    "{} has no house options; leave the house table out",
                    system.title()
                ),
            );
        }
        return house;
    }
    for option in options {
        let Some(v) = t.get(option.name) else {
            continue;
        };
        let path = t.at(option.name);
        let value = match (option.values, v.get_ref()) {
            (Values::YesNo, DeValue::Boolean(b)) => Ok(HouseValue::YesNo(*b)),
            (Values::Words(_), DeValue::String(s)) => option.parse_value(s),
            (Values::Number { .. }, DeValue::Integer(_)) => {
                let n = toml_walk::integer(v.get_ref()).map_or(String::new(), |n| n.to_string());
                option.parse_value(&n)
            }
            (_, other) => {
                walk.error(
                    v.span(),
                    path,
                    format!(
                        "expected {}, found {} ({}: {})",
                        match option.values {
                            Values::YesNo => "true or false".to_string(),
                            Values::Words(ws) => format!("one of: {}", ws.join(", ")),
                            Values::Number { min, max } =>
                                format!("a whole number from {min} to {max}"),
                        },
                        toml_walk::shown(other),
                        option.ruling,
                        option.words
                    ),
                );
                continue;
            }
        };
        match value.and_then(|value| house.set(option, value)) {
            Ok(()) => {}
            Err(e) => walk.error(v.span(), path, e.to_string()),
        }
    }
    walk.finish(t);
    house
}

/// Writes a save's `[house]` table: the options chosen away from their
/// defaults, each with its ruling; nothing when every option is at its
/// default (a save without the table plays every ruling as written).
pub fn write_house(o: &mut String, house: &House) {
    if house.is_default() {
        return;
    }
    o.push_str("\n# House options chosen for this battle (each replaces a ruling that fills a\n");
    o.push_str("# gap; an option left out plays the ruling as written).\n[house]\n");
    for (option, value) in house.changed() {
        let written = match value {
            HouseValue::Word(w) => quote(w),
            v => v.to_string(),
        };
        let _ = writeln!(
            o,
            "{} = {written} # {}: {}",
            option.name, option.ruling, option.words
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::toml_walk::{Source, parse};

    fn read(text: &str, system: System) -> (House, Vec<String>) {
        let src = Source::new("t.toml", text);
        let table = parse(&src).unwrap();
        let mut walk = Walk::new(&src);
        let mut f = Fields::new(table.get_ref(), table.span(), "");
        let h = read_house(&mut walk, &mut f, system);
        walk.finish(f);
        (h, walk.problems.iter().map(|p| p.to_string()).collect())
    }

    #[test]
    fn a_house_table_sets_options_and_refuses_what_is_not_one() {
        let (h, ps) = read("[house]\ncolumn_pike = true\n", System::Warlords);
        assert!(ps.is_empty(), "{ps:?}");
        assert!(h.is_on(&crate::rules::warlords::COLUMN_PIKE));
        let (h, ps) = read("x = 1\n", System::Warlords);
        assert!(h.is_default());
        assert_eq!(ps.len(), 1, "only x is unknown: {ps:?}");
        let (_, ps) = read("[house]\ncolumn_pikes = true\n", System::Warlords);
        assert!(
            ps[0].contains("t.toml:2:1") && ps[0].contains("did you mean 'column_pike'"),
            "{ps:?}"
        );
        let (_, ps) = read("[house]\ncolumn_pike = \"yes\"\n", System::Warlords);
        assert!(
            ps[0].contains("house.column_pike") && ps[0].contains("expected true or false"),
            "{ps:?}"
        );
        let (_, ps) = read("[house]\nanything = true\n", System::WarlordI);
        assert!(
            ps[0].contains("unknown field 'anything'")
                && ps[0].contains("joined_melee, rally_outcome"),
            "{ps:?}"
        );
    }

    #[test]
    fn only_the_options_chosen_are_written_and_they_read_back() {
        let mut o = String::new();
        write_house(&mut o, &System::Warlords.house_defaults());
        assert_eq!(o, "", "a battle of rulings as written has no house table");
        let mut h = System::Warlords.house_defaults();
        h.set_text("column-pike", "Warlords").unwrap();
        write_house(&mut o, &h);
        assert!(o.contains("[house]\ncolumn_pike = true # W-33"), "{o}");
        let (back, ps) = read(&o, System::Warlords);
        assert!(ps.is_empty(), "{ps:?}");
        assert_eq!(back, h);
    }
}
