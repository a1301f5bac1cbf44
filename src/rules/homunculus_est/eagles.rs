//! LOST EAGLES AND CENTURION CASUALTIES (HE-32).

use super::tables::{EagleEvent, EagleResult, eagles};
use super::{Cards, Characteristic, Draw, Unit, check_faces};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// A Lost Eagles test's outcome.
#[derive(Clone, Debug)]
pub struct EaglesOutcome {
    /// The 2D6 total.
    pub total: u32,
    /// The table's result.
    pub table_result: EagleResult,
    /// The result after the once-per-battle limits.
    pub result: EagleResult,
    /// Cards collected.
    pub cards: Cards,
    /// The Legion afterwards.
    pub after: Unit,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Resolves a Legion's Lost Eagles test; a unit that is no Legion is refused.
pub fn lost_eagles(
    unit: &Unit,
    event: EagleEvent,
    dice: &[u8],
) -> Result<EaglesOutcome, RulesError> {
    check_faces("eagles", dice)?;
    if !unit.has(Characteristic::Legion) {
        return Err(RulesError::refused(format!(
            "{} is no Roman Legion: only a Legion makes the Lost Eagles test (HE-32)",
            unit.name
        )));
    }
    let mut draw = Draw::new("eagles", dice);
    let d = draw.take(2, "the Lost Eagles roll (2D6)")?;
    draw.done()?;
    let total = u32::from(d[0]) + u32::from(d[1]);
    let table_result = eagles(total, event);
    let mut ex = Explanation::default();
    ex.line(
        format!("{}, {} = {total}, {event}: {table_result}", d[0], d[1]),
        cite("LOST EAGLES AND CENTURION CASUALTIES", "HE-32"),
    );
    let mut after = unit.clone();
    let mut cards = Cards::default();
    // Note: each Legion can only lose one Eagle and suffer Centurion Casualties once per battle
    let result = match table_result {
        EagleResult::EagleLost if unit.eagle_lost => EagleResult::NoEffect,
        EagleResult::CenturionCasualties if unit.centurion_casualties => EagleResult::NoEffect,
        r => r,
    };
    match result {
        EagleResult::EagleLost => {
            after.eagle_lost = true;
            cards.add(Cards::DISASTER);
            ex.line(
                "Eagle Lost: a Disaster Card",
                cite("LOST EAGLES AND CENTURION CASUALTIES", "HE-32"),
            );
        }
        EagleResult::CenturionCasualties => {
            after.centurion_casualties = true;
            after.discipline_rating += 1;
            cards.add(Cards::SETBACK);
            ex.line(
                format!(
                    "Centurion Casualties: a Setback Card, Discipline Rating {} for good",
                    after.discipline_rating
                ),
                cite("LOST EAGLES AND CENTURION CASUALTIES", "HE-3, HE-32"),
            );
        }
        EagleResult::NoEffect if result != table_result => {
            ex.line(
                "it has suffered that once already: No Effect",
                cite("LOST EAGLES AND CENTURION CASUALTIES", "HE-32"),
            );
        }
        EagleResult::NoEffect => {}
    }
    Ok(EaglesOutcome {
        total,
        table_result,
        result,
        cards,
        after,
        explanation: ex,
    })
}
