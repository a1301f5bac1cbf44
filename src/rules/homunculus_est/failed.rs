//! FAILED DISCIPLINE OUTCOME and FAILED REFORM OUTCOME (HE-28, HE-29).

use super::tables::{FailedRow, distance, failed_row};
use super::{Cards, Characteristic, Draw, LineKind, Next, Unit, check_faces};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};

/// What caused the failed test (HE-28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Cause {
    /// A Combat Activation.
    Combat,
    /// A Shooting Activation.
    Shooting,
    /// Anything else.
    #[default]
    Other,
}
named_enum!(Cause {
    "combat" => Cause::Combat,
    "shooting" => Cause::Shooting,
    "other" => Cause::Other,
});

/// The Cause Fear source of the test (HE-28, HE-34).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FearSource {
    /// A Cause Fear unit (-2).
    Unit,
    /// A Cause Fear unit's Skirmish Lines (-1).
    Lines,
}
named_enum!(FearSource {
    "unit" => FearSource::Unit,
    "lines" => FearSource::Lines,
});

/// What a failed outcome does to the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Rout: moves away, removed.
    Rout,
    /// Retiring.
    Retiring,
    /// Disordered.
    Disordered,
    /// A Stampede (Elephants' Critical Failure): a Rout.
    Stampede,
    /// An Immobile unit destroyed by a Rout or Retiring.
    Destroyed,
}
named_enum!(Outcome {
    "rout" => Outcome::Rout,
    "retiring" => Outcome::Retiring,
    "disordered" => Outcome::Disordered,
    "stampede" => Outcome::Stampede,
    "destroyed" => Outcome::Destroyed,
});

/// What the referee says of a failed test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FailedSituation {
    /// Points by which the test failed.
    pub failed_by: u32,
    /// It was a Critical Failure.
    pub critical: bool,
    /// What caused the test (Discipline only).
    pub cause: Cause,
    /// A Cause Fear unit or its lines triggered it (Discipline only).
    pub cause_fear: Option<FearSource>,
    /// The enemy uses its Small Cavalry Reserve for -2 (Discipline only).
    pub small_cavalry_reserve: bool,
}

/// A failed outcome's result.
#[derive(Clone, Debug)]
pub struct FailedOutcome {
    /// The modifiers' sum.
    pub modifier: i32,
    /// The modified total (none for a Stampede).
    pub total: Option<i32>,
    /// The table's row (none for a Stampede).
    pub roll_result: Option<FailedRow>,
    /// What happens to the unit.
    pub outcome: Outcome,
    /// Squares of the rout's move, when it routs.
    pub rout_squares: Option<u32>,
    /// Cards collected.
    pub cards: Cards,
    /// Always for a failed Reform (HE-29).
    pub reversal_of_fortune: bool,
    /// The unit afterwards.
    pub after: Unit,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The dice of a failed outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FailedDice {
    /// The 2D6 outcome roll.
    pub outcome: Vec<u8>,
    /// The rout's FOLLOW UP roll.
    pub rout: Vec<u8>,
}

/// The FAILED DISCIPLINE OUTCOME modifiers (HE-28); all that apply add.
pub fn discipline_modifiers(unit: &Unit, fatigued: bool, s: &FailedSituation) -> Vec<Modifier> {
    let mut m = Vec::new();
    let c = || cite("FAILED DISCIPLINE OUTCOME", "HE-28");
    if s.critical && s.failed_by > 0 {
        m.push(Modifier::new(
            -(s.failed_by as i32),
            "Critical Failure: -1 per point failed",
            c(),
        ));
    }
    if fatigued {
        m.push(Modifier::new(
            -2,
            "Fatigued army",
            cite("FAILED DISCIPLINE OUTCOME", "HE-11, HE-28"),
        ));
    }
    if unit.is_skirmisher()
        && !unit.has(Characteristic::LightChariots)
        && matches!(s.cause, Cause::Combat | Cause::Shooting)
    {
        m.push(Modifier::new(
            -2,
            "a Skirmisher failing from a Combat or Shooting Activation",
            cite("UNIT CHARACTERISTICS (3)", "HE-28"),
        ));
    }
    match s.cause_fear {
        Some(FearSource::Unit) => m.push(Modifier::new(
            -2,
            "triggered by a Cause Fear unit",
            cite("UNIT CHARACTERISTICS (1)", "HE-28, HE-34"),
        )),
        Some(FearSource::Lines) => m.push(Modifier::new(
            -1,
            "triggered by a Cause Fear unit's Skirmish Lines",
            cite("UNIT CHARACTERISTICS (1)", "HE-28, HE-34"),
        )),
        None => {}
    }
    if s.small_cavalry_reserve {
        m.push(Modifier::new(
            -2,
            "the enemy's Small Cavalry Reserve",
            cite("ATTACHMENT CHARACTERISTICS", "HE-28"),
        ));
    }
    m
}

/// The FAILED REFORM OUTCOME modifiers (HE-29).
pub fn reform_modifiers(fatigued: bool, s: &FailedSituation) -> Vec<Modifier> {
    let mut m = Vec::new();
    if s.critical && s.failed_by > 0 {
        m.push(Modifier::new(
            -(s.failed_by as i32),
            "Critical Failure: -1 per point failed",
            cite("FAILED REFORM OUTCOME", "HE-29"),
        ));
    }
    if fatigued {
        m.push(Modifier::new(
            -2,
            "Fatigued army",
            cite("FAILED REFORM OUTCOME", "HE-11, HE-29"),
        ));
    }
    m
}

/// The card of a Rout: Disaster for Infantry or Cavalry (Formed), Setback for Skirmishers (HE-9).
fn rout_card(unit: &Unit) -> Cards {
    if unit.is_skirmisher() {
        Cards::SETBACK
    } else {
        Cards::DISASTER
    }
}

/// A Rout: the move on the FOLLOW UP table, removal with every line.
fn rout(
    unit: &Unit,
    after: &mut Unit,
    draw: &mut Draw,
    ex: &mut Explanation,
    section: &str,
) -> Result<u32, RulesError> {
    let d = draw.one("the rout's move (FOLLOW UP table)")?;
    let n = distance(d, unit.moves_as_cavalry_or_skirmisher());
    after.removed = true;
    after.lines.clear();
    ex.line(
        format!("it Routs: {d} on the FOLLOW UP table, {n} squares away from the enemy, then removed with its lines ({})", rout_card(unit).words()),
        cite(section, "HE-9, HE-28, HE-31"),
    );
    Ok(n)
}

/// The rout's move of a unit that routed with no FAILED DISCIPLINE roll
/// (Pushed Back, Disordered, into an enemy: PUSH BACK, HE-24): "a move of
/// 1D6 on the FOLLOW UP table away from the enemy" (FAILED DISCIPLINE
/// OUTCOME Rout, HE-28). The squares and the line that says so.
pub fn rout_move(unit: &Unit, dice: &[u8]) -> Result<(u32, Explanation), RulesError> {
    check_faces("rout", dice)?;
    let mut draw = Draw::new("rout", dice);
    let d = draw.one("the rout's move (FOLLOW UP table)")?;
    draw.done()?;
    let n = distance(d, unit.moves_as_cavalry_or_skirmisher());
    let mut ex = Explanation::default();
    ex.line(
        format!(
            "the rout's move: {d} on the FOLLOW UP table, {n} square{} away from the enemy",
            if n == 1 { "" } else { "s" }
        ),
        cite("FAILED DISCIPLINE OUTCOME", "HE-24, HE-28"),
    );
    Ok((n, ex))
}

/// Resolves a FAILED DISCIPLINE OUTCOME.
pub fn failed_discipline(
    unit: &Unit,
    fatigued: bool,
    s: &FailedSituation,
    dice: &FailedDice,
) -> Result<FailedOutcome, RulesError> {
    resolve(unit, fatigued, s, dice, false)
}

/// Resolves a FAILED REFORM OUTCOME.
pub fn failed_reform(
    unit: &Unit,
    fatigued: bool,
    s: &FailedSituation,
    dice: &FailedDice,
) -> Result<FailedOutcome, RulesError> {
    resolve(unit, fatigued, s, dice, true)
}

fn resolve(
    unit: &Unit,
    fatigued: bool,
    s: &FailedSituation,
    dice: &FailedDice,
    reform: bool,
) -> Result<FailedOutcome, RulesError> {
    check_faces("outcome", &dice.outcome)?;
    check_faces("rout", &dice.rout)?;
    let section = if reform {
        "FAILED REFORM OUTCOME"
    } else {
        "FAILED DISCIPLINE OUTCOME"
    };
    let mut ex = Explanation::default();
    let mut after = unit.clone();
    let mut cards = Cards::default();
    let mut next = Vec::new();
    let mut out_draw = Draw::new("outcome", &dice.outcome);
    let mut rout_draw = Draw::new("rout", &dice.rout);
    let legion = unit.has(Characteristic::Legion);
    let immobile = unit.has(Characteristic::Immobile);
    let elephant = unit.has(Characteristic::Elephants) || unit.lines.contains(&LineKind::Elephant);
    if !reform && s.critical && elephant {
        // UNIT CHARACTERISTICS (1) Elephants: a Critical Failure is a Stampede, exactly as a Rout
        ex.line("a Critical Failure with Elephants: Stampede, exactly as a Rout; every unit in its ZOC tests", cite("UNIT CHARACTERISTICS (1)", "HE-26"));
        let n = rout(unit, &mut after, &mut rout_draw, &mut ex, section)?;
        cards.add(rout_card(unit));
        out_draw.done()?;
        rout_draw.done()?;
        next.push(Next::RoutMove);
        if legion {
            next.push(Next::LostEagles);
        }
        if unit.general.is_some() {
            next.push(Next::GeneralRisk);
        }
        return Ok(FailedOutcome {
            modifier: 0,
            total: None,
            roll_result: None,
            outcome: Outcome::Stampede,
            rout_squares: Some(n),
            cards,
            reversal_of_fortune: false,
            after,
            next,
            explanation: ex,
        });
    }
    let mods = if reform {
        reform_modifiers(fatigued, s)
    } else {
        discipline_modifiers(unit, fatigued, s)
    };
    let modifier = total(&mods);
    let d = out_draw.take(2, "the outcome roll (2D6)")?;
    out_draw.done()?;
    let t = i32::from(d[0]) + i32::from(d[1]) + modifier;
    let row = failed_row(t);
    ex.line(format!("{}, {}", d[0], d[1]), cite(section, "HE-28"));
    ex.modifiers(&mods);
    ex.line(
        format!("total {t}: {row}"),
        cite(section, if reform { "HE-29" } else { "HE-28" }),
    );
    let mut rout_squares = None;
    let mut risk = false;
    let outcome = if reform {
        // HE-29: every outcome is a Reversal of Fortune
        match row {
            FailedRow::Rout => {
                rout_squares = Some(rout(unit, &mut after, &mut rout_draw, &mut ex, section)?);
                cards.add(rout_card(unit));
                risk = true;
                Outcome::Rout
            }
            FailedRow::Retiring => {
                cards.add(Cards::SETBACK);
                risk = true;
                ex.line("Retiring: remains Disordered, faces away and moves one square away; a contacted friend is pushed back one square; one Setback Card", cite(section, "HE-29"));
                Outcome::Retiring
            }
            FailedRow::Disordered => {
                ex.line("the unit remains Disordered", cite(section, "HE-29"));
                Outcome::Disordered
            }
        }
    } else {
        match row {
            FailedRow::Rout if immobile => Outcome::Destroyed,
            FailedRow::Retiring if immobile => Outcome::Destroyed,
            FailedRow::Rout => Outcome::Rout,
            // already Disordered: it Routs instead (HE-28)
            FailedRow::Retiring | FailedRow::Disordered if unit.disordered => {
                ex.line(
                    "already Disordered: it Routs instead",
                    cite(section, "HE-28"),
                );
                Outcome::Rout
            }
            FailedRow::Retiring => Outcome::Retiring,
            FailedRow::Disordered => Outcome::Disordered,
        }
    };
    if !reform {
        match outcome {
            Outcome::Rout => {
                rout_squares = Some(rout(unit, &mut after, &mut rout_draw, &mut ex, section)?);
                cards.add(rout_card(unit));
                risk = true;
            }
            Outcome::Destroyed => {
                // UNIT CHARACTERISTICS (2) Immobile: destroyed by a Rout or Retiring result
                after.removed = true;
                after.lines.clear();
                cards.add(rout_card(unit));
                ex.line(
                    format!(
                        "Immobile: a {row} result destroys it ({})",
                        rout_card(unit).words()
                    ),
                    cite("UNIT CHARACTERISTICS (2)", "HE-28"),
                );
            }
            Outcome::Retiring => {
                after.disordered = true;
                cards.add(Cards::SETBACK);
                risk = true;
                ex.line(
                    "Retiring: Disordered, faces away from the enemy; one Setback Card",
                    cite(section, "HE-9, HE-28"),
                );
            }
            Outcome::Disordered => {
                cards.add(Cards::SETBACK);
                if immobile {
                    ex.line(
                        "Immobile: it cannot be Disordered, but the Setback Card is collected",
                        cite("UNIT CHARACTERISTICS (2)", "HE-28"),
                    );
                } else {
                    after.disordered = true;
                    risk = true;
                    ex.line("Disordered: one Setback Card", cite(section, "HE-9, HE-28"));
                }
            }
            Outcome::Stampede => {}
        }
    }
    rout_draw.done()?;
    if rout_squares.is_some() {
        next.push(Next::RoutMove);
    }
    if legion && matches!(outcome, Outcome::Rout | Outcome::Retiring) {
        // LOST EAGLES AND CENTURION CASUALTIES: a Legion Routing or Retiring
        next.push(Next::LostEagles);
    }
    if risk && unit.general.is_some() {
        next.push(Next::GeneralRisk);
    }
    if reform {
        ex.line(
            "a failed Reform: Reversal of Fortune",
            cite(section, "HE-6, HE-29"),
        );
    }
    Ok(FailedOutcome {
        modifier,
        total: Some(t),
        roll_result: Some(row),
        outcome,
        rout_squares,
        cards,
        reversal_of_fortune: reform,
        after,
        next,
        explanation: ex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::Class;

    fn foot() -> Unit {
        Unit::new("foot", Class::FormedInfantry, 3, 4, 8)
    }

    fn dice(o: &[u8], r: &[u8]) -> FailedDice {
        FailedDice {
            outcome: o.to_vec(),
            rout: r.to_vec(),
        }
    }

    #[test]
    fn modifiers_add() {
        let mut sk = Unit::new("sk", Class::SkirmishingInfantry, 1, 3, 8);
        let s = FailedSituation {
            failed_by: 3,
            critical: true,
            cause: Cause::Combat,
            cause_fear: Some(FearSource::Lines),
            small_cavalry_reserve: true,
        };
        assert_eq!(
            total(&discipline_modifiers(&sk, true, &s)),
            -3 - 2 - 2 - 1 - 2
        );
        sk.characteristics.push(Characteristic::LightChariots);
        assert_eq!(total(&discipline_modifiers(&sk, false, &s)), -3 - 1 - 2);
    }

    #[test]
    fn a_disordered_unit_routs_instead() {
        let mut u = foot();
        u.disordered = true;
        let o = failed_discipline(&u, false, &FailedSituation::default(), &dice(&[4, 4], &[3]))
            .unwrap();
        assert_eq!(
            (o.outcome, o.cards, o.rout_squares),
            (Outcome::Rout, Cards::DISASTER, Some(1))
        );
        assert!(o.after.removed && o.next == [Next::RoutMove]);
        assert!(
            failed_discipline(&u, false, &FailedSituation::default(), &dice(&[4, 4], &[])).is_err()
        );
    }

    #[test]
    fn immobile_is_destroyed_by_retiring_and_legion_tests_eagles() {
        let mut u = foot();
        u.characteristics.push(Characteristic::Immobile);
        let o =
            failed_discipline(&u, false, &FailedSituation::default(), &dice(&[3, 3], &[])).unwrap();
        assert_eq!(o.outcome, Outcome::Destroyed);
        let mut l = foot();
        l.characteristics.push(Characteristic::Legion);
        let o =
            failed_discipline(&l, false, &FailedSituation::default(), &dice(&[3, 2], &[])).unwrap();
        assert_eq!(
            (o.outcome, o.next.clone()),
            (Outcome::Retiring, vec![Next::LostEagles])
        );
    }

    #[test]
    fn failed_reform_always_reverses() {
        let mut u = foot();
        u.disordered = true;
        let o = failed_reform(&u, false, &FailedSituation::default(), &dice(&[5, 5], &[])).unwrap();
        assert!(o.reversal_of_fortune && o.after.disordered && o.cards.is_empty());
    }
}
