//! The quick reference for one unit: its distances, its shooting ranges and
//! dice, its activation dice, and the turn sequence, each line with its rule
//! (the rules' own figures, so the referee need not reach for the sheet).

use super::activation::{Activation, ActivationSituation};
use super::charge::{evade_move, may_evade};
use super::movement::Flee;
use super::shooting::{Shooting, ShootingSituation, may_shoot, range};
use super::unit::{MissileWeapon, ShootingStyle, Unit, Weapon};
use crate::rules::named::Named;

/// One line of the reference: its heading, the figures in words, the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// What the line is about ("move", "charge", "massed light missiles").
    pub topic: String,
    /// The figures, in words.
    pub text: String,
    /// The rule or ruling they come from.
    pub cite: &'static str,
}

fn row(topic: impl Into<String>, text: impl Into<String>, cite: &'static str) -> Row {
    Row {
        topic: topic.into(),
        text: text.into(),
        cite,
    }
}

/// `n` white dice in words.
fn white(n: u32) -> String {
    format!("{n} white {}", if n == 1 { "die" } else { "dice" })
}

/// The unit's distances and dice, as the rules give them now.
pub fn unit_rows(unit: &Unit) -> Vec<Row> {
    let mv = unit.move_distance();
    // W-4: the modifiers it has whatever the table shows (Skirmishers or
    // drilled, casualties, its personalities); W-6: only an Impetuous unit
    // goes Berserk on doubles.
    let modifiers: Vec<String> = Activation::plan(unit, ActivationSituation::default())
        .map(|p| {
            p.modifiers
                .iter()
                .map(|m| format!("{:+} {}", m.value, m.reason))
                .collect()
        })
        .unwrap_or_default();
    let mut rows = vec![
        row(
            "activation",
            format!(
                "{} (2 + 1 per champion) against width {}{}{}",
                white(2 + unit.champions),
                unit.width(),
                if modifiers.is_empty() {
                    "; no modifiers".to_string()
                } else {
                    format!("; {}", modifiers.join(", "))
                },
                if unit.is_impetuous() {
                    "; Impetuous: doubles with an enemy in charge distance make it Berserk"
                } else {
                    ""
                }
            ),
            "2.2, W-4, W-1, W-6",
        ),
        row("move", format!("{mv} spans"), "2.4.2, W-10"),
        row(
            "charge",
            format!(
                "{} spans (move {mv} + {} from its formation); a counter-charge gets no bonus",
                unit.charge_distance(),
                unit.charge_bonus()
            ),
            "2.4.4.1, W-10",
        ),
        row(
            "random move",
            format!(
                "{} (1 per span of its move); more sixes than ones +1 (3 times as many: +2), more ones than sixes -1 (3 times as many: -2)",
                white(mv.max(1))
            ),
            "2.4.9, W-9",
        ),
    ];
    let flee = Flee::new(unit).random_move().spans;
    rows.push(row(
        "flee",
        format!(
            "{} (its charge distance); 1 stand lost per span beyond {flee}",
            white(flee)
        ),
        "2.4.11, W-11",
    ));
    // 2.4.7: only Light troops and Cavalry evade, and not when Broken (W-29).
    let evade = match may_evade(unit) {
        Ok(()) => evade_move(unit),
        Err(why) => format!("not now: {why}"),
    };
    rows.push(row("evade", evade, "2.4.7, W-10, W-29"));
    rows.extend(shooting_rows(unit));
    rows
}

/// Each way the unit shoots: range and dice now, or why it may not.
fn shooting_rows(unit: &Unit) -> Vec<Row> {
    let carried = unit.missile_weapons();
    if unit.shooting.is_empty() || carried.is_empty() {
        return vec![row("shooting", "none (no missile weapons)", "1.5, 2.5")];
    }
    let mut rows = Vec::new();
    let may = may_shoot(unit);
    if let Err(why) = &may {
        rows.push(row("shooting", format!("not now: {why}"), "2.5, W-12"));
    }
    for style in &unit.shooting {
        for &weapon in &carried {
            let heavy = weapon == MissileWeapon::HeavyMissiles;
            let arbalests = heavy && unit.carries(Weapon::Arbalests);
            let reach = range(weapon, *style, arbalests);
            // The dice as the rules count them for a shot now (W-12): a
            // plan at the unit itself, in reach (a shower at contact).
            let situation = ShootingSituation {
                style: *style,
                range_spans: 0,
                weapon: Some(weapon),
                stands_shot_at: None,
                contact: *style == ShootingStyle::Shower,
            };
            let dice = match (&may, Shooting::plan(unit, unit, situation)) {
                (Ok(()), Ok(p)) => white(p.dice),
                (Err(_), _) => "no dice now".to_string(),
                (_, Err(e)) => format!("not now: {e}"),
            };
            let reach = if *style == ShootingStyle::Shower {
                "at contact only, after a charge's contact (W-23)".to_string()
            } else {
                format!("up to {reach} spans")
            };
            rows.push(row(
                format!("{} {}", style.name(), weapon.name().replace('_', " ")),
                format!("{reach}; {dice}; each 4, 5 or 6 hits, armour added"),
                "2.5.2, W-12, W-13",
            ));
        }
    }
    rows
}

/// The turn sequence (2.1), a line per step.
pub fn turn_rows() -> Vec<Row> {
    vec![
        row(
            "1 initiative",
            "each C-in-C rolls 1 white die; the higher chooses who activates first",
            "2.1.1",
        ),
        row(
            "2 first side",
            "activates every unit, one at a time (each activation is a morale check)",
            "2.1, 2.2",
        ),
        row("3 other side", "activates every unit", "2.1, 2.2"),
        row(
            "4 Melee",
            "every pair in contact fights a round; losers fall back",
            "2.1, 2.6",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::warlords::unit::TroopType;

    #[test]
    fn close_foot_is_not_offered_an_evade() {
        // 2.4.7: "Units of Light Troops and Cavalry may try to run away";
        // the quick reference listed an evade for Harold's housecarls.
        let u = Unit::new("Housecarls", TroopType::CloseFoot, 8);
        let rows = unit_rows(&u);
        let evade = rows.iter().find(|r| r.topic == "evade").unwrap();
        assert!(
            evade
                .text
                .starts_with("not now: only Light troops and Cavalry may evade (2.4.7)"),
            "{}",
            evade.text
        );
    }

    #[test]
    fn a_cavalry_units_distances() {
        let u = Unit::new("Knights", TroopType::Cavalry, 4);
        let rows = unit_rows(&u);
        let text = |topic: &str| {
            rows.iter()
                .find(|r| r.topic == topic)
                .map(|r| r.text.clone())
                .unwrap_or_default()
        };
        assert_eq!(text("move"), "4 spans");
        assert!(
            text("evade").starts_with("Knights moves up to"),
            "{}",
            text("evade")
        );
        assert!(text("charge").starts_with("7 spans"), "{}", text("charge"));
        assert!(text("flee").starts_with("7 white dice"), "{}", text("flee"));
        assert!(text("random move").starts_with("4 white dice"));
    }
}
