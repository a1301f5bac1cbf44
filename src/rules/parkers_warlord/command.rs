//! Unique commands (PW-9 to PW-11) and battle-line commands (PW-12): who
//! may be commanded, what a command costs, paying it with cards.

use super::Named;
use super::house::COST_FLOOR;
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::house::House;

/// The three unique commands; rally and reorder are one (PW-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Maneuver: any ONE movement, change of ranks or skirmish move.
    Maneuver,
    /// Shoot missiles.
    Shoot,
    /// Rally from break (a personality must be attached; also reorders).
    Rally,
    /// Reorder from disorder (the same unique command as rally).
    Reorder,
}
named_enum!(Command {
    "maneuver" => Command::Maneuver,
    "shoot" => Command::Shoot,
    "rally" => Command::Rally,
    "reorder" => Command::Reorder,
});

impl Command {
    /// The unique command it is: rally and reorder are one (PW-9).
    pub fn unique(self) -> Command {
        match self {
            Command::Reorder => Command::Rally,
            c => c,
        }
    }

    /// Its name in the text's words.
    pub fn words(self) -> &'static str {
        match self {
            Command::Maneuver => "Maneuver",
            Command::Shoot => "Shoot Missiles",
            Command::Rally => "Rally from Break",
            Command::Reorder => "Reorder from Disorder",
        }
    }
}

/// A unit's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// Good order.
    #[default]
    Good,
    /// In disorder.
    Disordered,
    /// Broken.
    Broken,
}
named_enum!(Order {
    "good" => Order::Good,
    "disordered" => Order::Disordered,
    "broken" => Order::Broken,
});

/// A unit as a roster or case writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Its name.
    pub name: String,
    /// Its army-list code (`Sk`, `Lc`, `Ha`, `Kn` …).
    pub code: Option<String>,
    /// Trained troops.
    pub trained: bool,
    /// Its order.
    pub order: Order,
    /// It started in the commanding personality's battle line (PW-9).
    pub in_battle_line: bool,
    /// A personality is attached.
    pub personality_attached: bool,
    /// A Warlord is attached.
    pub warlord_attached: bool,
    /// It impetuously charged, retired or broke last turn: Maneuver is lost (PW-9).
    pub lost_maneuver: bool,
    /// Unique commands already performed individually this turn.
    pub done: Vec<Command>,
    /// It rallied from broken this turn.
    pub rallied_from_broken: bool,
    /// Its domain move, inches.
    pub move_inches: Option<f64>,
}

impl Default for Unit {
    fn default() -> Self {
        Unit {
            name: "the unit".into(),
            code: None,
            trained: false,
            order: Order::Good,
            in_battle_line: true,
            personality_attached: false,
            warlord_attached: false,
            lost_maneuver: false,
            done: Vec::new(),
            rallied_from_broken: false,
            move_inches: None,
        }
    }
}

impl Unit {
    /// Whether it performed this unique command this turn (rally and reorder are one).
    pub fn has_done(&self, c: Command) -> bool {
        self.done.iter().any(|d| d.unique() == c.unique())
            || (c.unique() == Command::Rally && self.rallied_from_broken)
    }

    /// Skirmishers, light cavalry and horse archers ignore close proximity (PW-10).
    fn ignores_proximity(&self) -> bool {
        self.trained
            || self
                .code
                .as_deref()
                .is_some_and(|c| ["sk", "lc", "ha"].contains(&c.to_ascii_lowercase().as_str()))
    }
}

/// What the referee says of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CostSituation {
    /// The unit is in close proximity to the enemy.
    pub close_proximity: bool,
    /// The Warlord's -1 was already used this turn.
    pub warlord_discount_used: bool,
}

/// A command's cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandCost {
    /// Command points.
    pub cost: i32,
    /// The Warlord's -1 was applied.
    pub warlord_discount_applied: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

const SEC: &str = "Command Costs";

/// Whether `unit` may be given `command` (PW-9), in the referee's words when not.
pub fn may_command(unit: &Unit, command: Command) -> Result<(), RulesError> {
    let refuse = |s: String| Err(RulesError::refused(s));
    if !unit.in_battle_line {
        return refuse(format!(
            "{} did not start in the personality's battle line: he may command only units under his command (PW-9)",
            unit.name
        ));
    }
    if unit.has_done(command) {
        return refuse(format!(
            "{} has already performed {} this turn: a unit may perform each unique command once each turn{} (PW-9)",
            unit.name,
            command.unique().words(),
            if command.unique() == Command::Rally {
                " (rally and reorder are one command)"
            } else {
                ""
            }
        ));
    }
    if command == Command::Maneuver && unit.lost_maneuver {
        return refuse(format!(
            "{} impetuously charged, retired or broke: it is considered to have already maneuvered this turn (PW-9)",
            unit.name
        ));
    }
    if command == Command::Rally && !unit.personality_attached && !unit.warlord_attached {
        return refuse(format!(
            "no personality is attached to {}: a personality must be attached for the command \"rally\" (PW-9)",
            unit.name
        ));
    }
    Ok(())
}

/// The cost of `command` on `unit` (PW-10): the basic cost from the army
/// list, +1 close proximity (not charging or firing; not Sk, Lc, Ha or
/// trained), +1 in disorder or broken and being rallied, -1 a Warlord
/// attached once a turn, the referee's modifiers; never below 0.
pub fn command_cost(
    unit: &Unit,
    command: Command,
    charge: bool,
    basic_cost: Option<i32>,
    situation: CostSituation,
    referee: &[Named],
    house: &House,
) -> Result<CommandCost, RulesError> {
    may_command(unit, command)?;
    let Some(basic) = basic_cost else {
        return Err(RulesError::refused(format!(
            "the text gives no basic cost of a command: give 'basic_cost' from the army list for {} (PW-10)",
            unit.name
        )));
    };
    if charge && command != Command::Maneuver {
        return Err(RulesError::refused("a charge is a Maneuver (PW-9)"));
    }
    let c = |r: &str| cite(SEC, r);
    let mut ex = Explanation::default();
    let mut ups = Vec::new();
    let fires_or_charges = charge || command == Command::Shoot;
    if situation.close_proximity {
        if unit.ignores_proximity() {
            ex.line(
                format!(
                    "close proximity ignored: {} is Sk, Lc, Ha or trained",
                    unit.name
                ),
                c("PW-10"),
            );
        } else if fires_or_charges {
            ex.line(
                "close proximity ignored: the unit is going to charge or fire",
                c("PW-10"),
            );
        } else {
            ups.push(Modifier::new(1, "close proximity", c("PW-10")));
        }
    }
    match (unit.order, command) {
        (Order::Disordered, _) => ups.push(Modifier::new(1, "in disorder", c("PW-10"))),
        (Order::Broken, Command::Rally) => {
            ups.push(Modifier::new(1, "broken and being rallied", c("PW-10")))
        }
        _ => {}
    }
    let discount = unit.warlord_attached && !situation.warlord_discount_used;
    if unit.warlord_attached && situation.warlord_discount_used {
        ex.line("the Warlord's -1 was already used this turn", c("PW-10"));
    }
    let referee = crate::rules::roberts_rules::referee_modifiers(referee);
    ex.line(
        format!("basic cost {basic} (the army list)"),
        c("PW-10, referee"),
    );
    let cost = if house.word(&COST_FLOOR) == "basic_first" {
        let b = (basic - i32::from(discount)).max(0);
        if discount {
            ex.line(
                format!("-1 Warlord is attached, from the basic cost: {b}"),
                COST_FLOOR.cite(),
            );
        }
        ex.modifiers(&ups);
        ex.modifiers(&referee);
        (b + total(&ups) + total(&referee)).max(0)
    } else {
        ex.modifiers(&ups);
        if discount {
            ex.line("-1 Warlord is attached (once per turn)", c("PW-10"));
        }
        ex.modifiers(&referee);
        (basic + total(&ups) - i32::from(discount) + total(&referee)).max(0)
    };
    ex.line(
        format!("{} costs {cost} CP (never below 0)", command.words()),
        c("PW-2, PW-10"),
    );
    Ok(CommandCost {
        cost,
        warlord_discount_applied: discount,
        explanation: ex,
    })
}

/// Commands paid from the cards played on one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardsPaid {
    /// Whether each command was issued.
    pub commanded: Vec<bool>,
    /// Points spent.
    pub points_used: u32,
    /// Points left over, which lapse.
    pub points_lapsed: u32,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// Pays `commands` (in order, with their costs) from the `cards` played on
/// one unit (PW-11): the cards pool; each command is issued when the points
/// left cover it; what is left lapses. A command repeated is refused (PW-9).
pub fn pay_with_cards(cards: &[u32], commands: &[(Command, u32)]) -> Result<CardsPaid, RulesError> {
    let c = |r: &str| cite(SEC, r);
    for (i, (cmd, _)) in commands.iter().enumerate() {
        if commands[..i]
            .iter()
            .any(|(o, _)| o.unique() == cmd.unique())
        {
            return Err(RulesError::refused(format!(
                "{} twice on one unit: a unit may perform each unique command once each turn (PW-9)",
                cmd.unique().words()
            )));
        }
    }
    let mut ex = Explanation::default();
    let pool: u32 = cards.iter().sum();
    ex.line(
        format!("cards {:?} played on one unit: {pool} points, split between its commands in succession", cards),
        c("PW-11"),
    );
    let mut left = pool;
    let mut commanded = Vec::new();
    for (cmd, cost) in commands {
        let ok = *cost <= left;
        if ok {
            left -= cost;
            ex.line(
                format!("{} for {cost}: issued, {left} left", cmd.words()),
                c("PW-11"),
            );
        } else {
            ex.line(
                format!("{} for {cost}: only {left} left, not issued", cmd.words()),
                c("PW-11"),
            );
        }
        commanded.push(ok);
    }
    if left > 0 {
        ex.line(
            format!("{left} points left lapse: they may not be carried forward"),
            c("PW-11"),
        );
    }
    Ok(CardsPaid {
        commanded,
        points_used: pool - left,
        points_lapsed: left,
        explanation: ex,
    })
}

/// A battle-line command's participants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleLine {
    /// The names of the units taking part, in order.
    pub participants: Vec<String>,
    /// A BL maneuver allows only forward movement.
    pub forward_only: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// A battle-line command (PW-12): only with the personality attached to his
/// banner unit; maneuver (forward only), fire or reorder, never rally; a
/// unit that performed the same command individually or rallied from
/// broken this turn does not take part.
pub fn battle_line(
    command: Command,
    attached_to_banner: bool,
    units: &[Unit],
) -> Result<BattleLine, RulesError> {
    let c = |r: &str| cite("Battle Line Commands", r);
    if !attached_to_banner {
        return Err(RulesError::refused(
            "a battle line command is issued only by a Warlord or Leader attached to his banner unit (PW-12)",
        ));
    }
    if command == Command::Rally {
        return Err(RulesError::refused(
            "BL commands cannot be used to rally a unit that is broken: rally each unit by a unique command (PW-12)",
        ));
    }
    let mut ex = Explanation::default();
    let mut participants = Vec::new();
    for u in units {
        let out = if !u.in_battle_line {
            Some("not in this battle line")
        } else if u.rallied_from_broken {
            Some("rallied from broken this turn")
        } else if u.done.iter().any(|d| d.unique() == command.unique()) {
            Some("already performed this command individually")
        } else if command == Command::Maneuver && u.lost_maneuver {
            Some("considered to have already maneuvered")
        } else if command == Command::Reorder && u.order == Order::Broken {
            Some("broken: a BL command cannot rally it")
        } else {
            None
        };
        match out {
            Some(why) => ex.line(format!("{}: left out, {why}", u.name), c("PW-12")),
            None => {
                ex.line(format!("{}: takes part", u.name), c("PW-12"));
                participants.push(u.name.clone());
            }
        }
    }
    let forward_only = command == Command::Maneuver;
    if forward_only {
        ex.line("a BL maneuver allows only forward movement", c("PW-12"));
    }
    Ok(BattleLine {
        participants,
        forward_only,
        explanation: ex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn house() -> House {
        crate::rules::System::ParkersWarlord.house_defaults()
    }

    fn hi() -> Unit {
        Unit {
            name: "Spearmen".into(),
            code: Some("Hi".into()),
            ..Unit::default()
        }
    }

    #[test]
    fn costs_add_proximity_and_disorder_and_the_warlord_takes_one() {
        let s = CostSituation {
            close_proximity: true,
            ..CostSituation::default()
        };
        assert_eq!(
            command_cost(&hi(), Command::Maneuver, false, Some(1), s, &[], &house())
                .unwrap()
                .cost,
            2
        );
        assert_eq!(
            command_cost(&hi(), Command::Maneuver, true, Some(1), s, &[], &house())
                .unwrap()
                .cost,
            1
        );
        let mut u = hi();
        u.warlord_attached = true;
        u.order = Order::Disordered;
        let base0 = command_cost(
            &u,
            Command::Reorder,
            false,
            Some(0),
            CostSituation::default(),
            &[],
            &house(),
        )
        .unwrap();
        assert_eq!((base0.cost, base0.warlord_discount_applied), (0, true));
        let mut h = house();
        h.set(
            &COST_FLOOR,
            crate::rules::house::HouseValue::Word("basic_first"),
        )
        .unwrap();
        assert_eq!(
            command_cost(
                &u,
                Command::Reorder,
                false,
                Some(0),
                CostSituation::default(),
                &[],
                &h
            )
            .unwrap()
            .cost,
            1
        );
        assert!(command_cost(&hi(), Command::Maneuver, false, None, s, &[], &house()).is_err());
    }

    #[test]
    fn cards_pay_commands_in_succession_and_the_rest_lapses() {
        let p = pay_with_cards(&[3], &[(Command::Maneuver, 1), (Command::Shoot, 3)]).unwrap();
        assert_eq!(
            (p.commanded.clone(), p.points_used, p.points_lapsed),
            (vec![true, false], 1, 2)
        );
        assert!(pay_with_cards(&[3], &[(Command::Rally, 1), (Command::Reorder, 1)]).is_err());
    }
}
