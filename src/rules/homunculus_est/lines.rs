//! SKIRMISH AND RESERVE LINES OUTCOME (HE-31).

use super::tables::line_removed_up_to;
use super::{Draw, LineKind, Unit, check_faces};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// The lines' rolls after a combat: the lines removed (in order) and the unit afterwards.
pub fn line_outcome(
    unit: &Unit,
    dice: &[u8],
) -> Result<(Vec<LineKind>, Unit, Explanation), RulesError> {
    check_faces("lines", dice)?;
    let mut ex = Explanation::default();
    let mut draw = Draw::new("lines", dice);
    let mut removed = Vec::new();
    let mut kept = Vec::new();
    for line in &unit.lines {
        let d = draw.one("a line's roll (SKIRMISH AND RESERVE LINES OUTCOME)")?;
        let up_to = line_removed_up_to(*line);
        if d <= up_to {
            removed.push(*line);
            ex.line(
                format!("{line} line rolls {d}: removed (1-{up_to})"),
                cite("SKIRMISH AND RESERVE LINES OUTCOME", "HE-31"),
            );
        } else {
            kept.push(*line);
            ex.line(
                format!("{line} line rolls {d}: stays"),
                cite("SKIRMISH AND RESERVE LINES OUTCOME", "HE-31"),
            );
        }
    }
    draw.done()?;
    let mut after = unit.clone();
    after.lines = kept;
    Ok((removed, after, ex))
}
