//! PUSH BACK: the move, its contacts and the table edge (HE-24). The
//! Setback for being Pushed Back belongs to the result that caused it.

use super::tables::distance;
use super::{Cards, Characteristic, Draw, Next, Unit, check_faces};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// What lies beyond the free squares behind the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Blocker {
    /// A Formed friendly unit.
    FriendlyFormed,
    /// A friendly unit with the Skirmisher characteristic.
    FriendlySkirmisher,
    /// A friendly unit (Formed unless said).
    Friendly,
    /// An enemy unit.
    Enemy,
    /// Impassable terrain.
    Impassable,
    /// The table edge.
    TableEdge,
}
named_enum!(Blocker {
    "friendly_formed" => Blocker::FriendlyFormed,
    "friendly_skirmisher" => Blocker::FriendlySkirmisher,
    "friendly" => Blocker::Friendly,
    "enemy" => Blocker::Enemy,
    "impassable" => Blocker::Impassable,
    "table_edge" => Blocker::TableEdge,
});

/// What the referee says of a push back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PushBackSituation {
    /// A fixed distance (shooting's one square) instead of the roll.
    pub squares: Option<u32>,
    /// Free squares behind the unit (none said: unlimited).
    pub free_squares: Option<u32>,
    /// What lies beyond them.
    pub blocked_by: Option<Blocker>,
    /// A Warband supported by a friendly Warband.
    pub warband_supported: bool,
    /// The move enters Rough Terrain (a Phalanx becomes Disordered).
    pub enters_rough: bool,
}

/// A push back's outcome.
#[derive(Clone, Debug)]
pub struct PushBackOutcome {
    /// The distance rolled (or fixed).
    pub squares_rolled: u32,
    /// Squares actually moved.
    pub squares_moved: u32,
    /// It halted on a contact.
    pub halted: bool,
    /// It left the table for good.
    pub off_table: bool,
    /// Squares the contacted friend moves.
    pub friend_moved: u32,
    /// Cards the move causes.
    pub cards: Cards,
    /// The unit afterwards.
    pub after: Unit,
    /// What follows.
    pub next: Vec<Next>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Dice a push back rolls: one, none with a fixed distance.
pub fn dice_needed(situation: &PushBackSituation) -> usize {
    usize::from(situation.squares.is_none())
}

/// Resolves a push back; an Immobile unit is refused.
pub fn push_back(
    unit: &Unit,
    situation: PushBackSituation,
    dice: &[u8],
) -> Result<PushBackOutcome, RulesError> {
    check_faces("push_back", dice)?;
    // UNIT CHARACTERISTICS (2) Immobile: it cannot be Pushed Back (HE-24)
    if unit.has(Characteristic::Immobile) {
        return Err(RulesError::refused(format!(
            "{} is Immobile: it cannot be Pushed Back (UNIT CHARACTERISTICS (2), HE-24)",
            unit.name
        )));
    }
    let s = situation;
    let mut ex = Explanation::default();
    let mut draw = Draw::new("push_back", dice);
    let column = unit.moves_as_cavalry_or_skirmisher();
    let rolled = match s.squares {
        Some(n) => {
            ex.line(
                format!(
                    "{} is Pushed Back {n} square{}",
                    unit.name,
                    if n == 1 { "" } else { "s" }
                ),
                cite("SHOOTING RESULTS", "HE-24"),
            );
            n
        }
        None => {
            let d = draw.one("the PUSH BACK roll")?;
            let n = distance(d, column);
            ex.line(
                format!(
                    "{} rolls {d} on the {} column: {n} square{}",
                    unit.name,
                    if column {
                        "Skirmishers/Cavalry"
                    } else {
                        "Formed Infantry"
                    },
                    if n == 1 { "" } else { "s" }
                ),
                cite("PUSH BACK", "HE-24"),
            );
            n
        }
    };
    draw.done()?;
    let mut after = unit.clone();
    let mut out = PushBackOutcome {
        squares_rolled: rolled,
        squares_moved: rolled,
        halted: false,
        off_table: false,
        friend_moved: 0,
        cards: Cards::default(),
        after: unit.clone(),
        next: Vec::new(),
        explanation: Explanation::default(),
    };
    if unit.has(Characteristic::ScythedChariots) {
        // UNIT CHARACTERISTICS (3) Scythed Chariots: destroyed instead (the result's single Setback)
        after.removed = true;
        out.squares_moved = 0;
        ex.line(
            "Scythed Chariots Pushed Back are destroyed and removed",
            cite("UNIT CHARACTERISTICS (3)", "HE-20, HE-24"),
        );
        out.after = after;
        out.explanation = ex;
        return Ok(out);
    }
    let free = s.free_squares.unwrap_or(u32::MAX);
    let mut disorder = false;
    if rolled > free
        && let Some(b) = s.blocked_by
    {
        let skirmisher = unit.is_skirmisher();
        match b {
            Blocker::TableEdge => {
                // PUSH BACK OFF-TABLE: cannot return; Disaster if Formed, Setback if Skirmisher
                out.off_table = true;
                out.squares_moved = free;
                after.removed = true;
                out.cards.add(if skirmisher {
                    Cards::SETBACK
                } else {
                    Cards::DISASTER
                });
                ex.line(
                    format!(
                        "pushed off the table: gone for good, {}",
                        if skirmisher {
                            "a Setback Card (Skirmisher)"
                        } else {
                            "a Disaster Card (Formed)"
                        }
                    ),
                    cite("PUSH BACK OFF-TABLE", "HE-9, HE-24"),
                );
                // PUSH BACK Off-Table: "Formed unit or General Pushed Back Off the Table
                // suffers Disaster Card": the general with it is a Disaster of his own (HE-9)
                if let Some(g) = &unit.general {
                    out.cards.add(Cards::DISASTER);
                    ex.line(
                        format!(
                            "{} is pushed off the table with it: a Disaster Card of his own",
                            g.name
                        ),
                        cite("PUSH BACK OFF-TABLE", "HE-9, HE-24"),
                    );
                }
            }
            Blocker::Enemy | Blocker::Impassable => {
                // Making Contact: halt; Disordered, or Rout if already Disordered
                out.halted = true;
                out.squares_moved = free;
                disorder = true;
                ex.line(
                    format!(
                        "after {free} square{} it meets {}: it halts",
                        if free == 1 { "" } else { "s" },
                        if b == Blocker::Enemy {
                            "an enemy unit"
                        } else {
                            "Impassable terrain"
                        }
                    ),
                    cite("PUSH BACK", "HE-24"),
                );
            }
            _ if skirmisher => {
                ex.line(
                    "a Skirmisher contacting a friendly unit moves through",
                    cite("PUSH BACK", "HE-24"),
                );
            }
            Blocker::FriendlySkirmisher if rolled - free >= 2 => {
                ex.line(
                    "it has enough movement to pass fully through the friendly Skirmishers",
                    cite("PUSH BACK", "HE-24"),
                );
            }
            Blocker::FriendlySkirmisher => {
                out.friend_moved = 1;
                out.squares_moved = rolled.min(free + 1);
                ex.line(
                    "the friendly Skirmishers move one square to make room",
                    cite("PUSH BACK", "HE-24"),
                );
            }
            Blocker::FriendlyFormed | Blocker::Friendly => {
                out.friend_moved = 1;
                out.squares_moved = rolled.min(free + 1);
                out.halted = true;
                ex.line("the Formed friend moves one square and the pushed unit takes its place: both halt", cite("PUSH BACK", "HE-24"));
            }
        }
    }
    if s.warband_supported && unit.has(Characteristic::Warband) && !out.off_table {
        // PUSH BACK: a Warband supported by a friendly Warband: both move back
        out.friend_moved = out.squares_moved;
        ex.line(
            "the supporting Warband moves back with it",
            cite("PUSH BACK", "HE-24"),
        );
    }
    if s.enters_rough && unit.has(Characteristic::Phalanx) && !after.removed {
        // UNIT CHARACTERISTICS (2) Phalanx: Disordered entering Rough Terrain, a Push Back included
        if !after.disordered {
            after.disordered = true;
            out.cards.add(Cards::SETBACK);
            ex.line(
                "a Phalanx entering Rough Terrain becomes Disordered (a Setback Card)",
                cite("UNIT CHARACTERISTICS (2)", "HE-9, HE-24"),
            );
        }
    }
    if disorder {
        if after.disordered {
            // already Disordered: it Routs (HE-28's Rout)
            after.removed = true;
            after.lines.clear();
            out.cards.add(if unit.is_skirmisher() {
                Cards::SETBACK
            } else {
                Cards::DISASTER
            });
            out.next.push(Next::RoutMove);
            if unit.has(Characteristic::Legion) {
                out.next.push(Next::LostEagles);
            }
            ex.line(
                format!(
                    "already Disordered: it Routs and is removed ({})",
                    if unit.is_skirmisher() {
                        "a Setback Card"
                    } else {
                        "a Disaster Card"
                    }
                ),
                cite("PUSH BACK", "HE-9, HE-24, HE-28"),
            );
        } else {
            after.disordered = true;
            out.cards.add(Cards::SETBACK);
            ex.line(
                "it becomes Disordered (a Setback Card)",
                cite("PUSH BACK", "HE-9, HE-24"),
            );
        }
        if unit.general.is_some() {
            out.next.push(Next::GeneralRisk);
        }
    }
    ex.line(
        format!(
            "it moves {} square{}",
            out.squares_moved,
            if out.squares_moved == 1 { "" } else { "s" }
        ),
        cite("PUSH BACK", "HE-24"),
    );
    out.after = after;
    out.explanation = ex;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::homunculus_est::Class;

    fn foot() -> Unit {
        Unit::new("foot", Class::FormedInfantry, 3, 4, 8)
    }

    #[test]
    fn a_formed_friend_makes_room_and_both_halt() {
        let s = PushBackSituation {
            free_squares: Some(0),
            blocked_by: Some(Blocker::FriendlyFormed),
            ..Default::default()
        };
        let o = push_back(&foot(), s, &[6]).unwrap();
        assert_eq!(
            (o.squares_rolled, o.squares_moved, o.friend_moved, o.halted),
            (2, 1, 1, true)
        );
    }

    #[test]
    fn an_enemy_disorders_or_routs() {
        let s = PushBackSituation {
            free_squares: Some(0),
            blocked_by: Some(Blocker::Enemy),
            ..Default::default()
        };
        let o = push_back(&foot(), s, &[3]).unwrap();
        assert!(o.after.disordered && o.cards == Cards::SETBACK);
        let mut d = foot();
        d.disordered = true;
        let o = push_back(&d, s, &[3]).unwrap();
        assert!(o.after.removed && o.cards == Cards::DISASTER && o.next == [Next::RoutMove]);
    }

    #[test]
    fn formed_pass_through_skirmishers_with_two_squares_left() {
        let s = PushBackSituation {
            free_squares: Some(0),
            blocked_by: Some(Blocker::FriendlySkirmisher),
            ..Default::default()
        };
        let o = push_back(&foot(), s, &[5]).unwrap();
        assert_eq!((o.squares_moved, o.friend_moved), (2, 0));
        let o = push_back(&foot(), s, &[3]).unwrap();
        assert_eq!((o.squares_moved, o.friend_moved), (1, 1));
    }

    #[test]
    fn fixed_squares_take_no_die_and_immobile_is_refused() {
        let s = PushBackSituation {
            squares: Some(1),
            ..Default::default()
        };
        assert_eq!(push_back(&foot(), s, &[]).unwrap().squares_moved, 1);
        assert!(push_back(&foot(), s, &[3]).is_err());
        let mut u = foot();
        u.characteristics.push(Characteristic::Immobile);
        assert!(push_back(&u, PushBackSituation::default(), &[3]).is_err());
    }
}
