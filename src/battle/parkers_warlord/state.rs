//! The fold of a Parker's Warlord log: each personality's hand, wounds,
//! uncontrolled actions and what he has done this turn, each unit of each
//! battle line with its order and the commands it performed, and the turn.

use super::event::{Event, Phase};
use super::{Entry, Setup};
use crate::battle::{BattleError, Effect, UnitId};
use crate::dice::{Dice, Die};
use crate::rules::Side;
use crate::rules::explain::{Explanation, cite};
use crate::rules::named::Named as _;
use crate::rules::parkers_warlord::Mover;
use crate::rules::parkers_warlord::{
    Command, CostSituation, InitiativeCheck, Order, Personality, PersonalityType, Transfer, Unit,
    battle_line, command_cost, move_allowance, move_cost, pass_through, shown, transfer,
};

/// What the last initiative check of a personality gave, for the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// The d20.
    pub roll: u8,
    /// The modified initiative.
    pub initiative: i32,
    /// Made it.
    pub success: bool,
    /// Cards drawn (the bonus card apart).
    pub drawn: u32,
    /// Cards lost.
    pub lost: u32,
    /// A 1: the bonus card.
    pub bonus: bool,
}

/// A personality in the battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Officer {
    /// His type, SR, wounds, uncontrolled actions and hand.
    pub personality: Personality,
    /// The personalities he commands (a Warlord's transfers, PW-8), by place in his side.
    pub commands: Vec<usize>,
    /// The unit of his side he is attached to.
    pub attached: Option<usize>,
    /// His initiative check this turn.
    pub check: Option<Check>,
    /// He received a transfer this turn (PW-8).
    pub received: bool,
    /// A Warlord's -1 was used this turn (PW-10).
    pub discount_used: bool,
    /// He discarded this turn: "at the end of his command phase" (PW-3),
    /// so he issues no more commands this turn.
    pub discarded: bool,
}

/// A unit of a battle line in the battle.
#[derive(Clone, Debug, PartialEq)]
pub struct LineUnit {
    /// The unit as the rules see it (order, commands done this turn).
    pub unit: Unit,
    /// The personality whose battle line it started in (PW-9), by place in his side.
    pub personality: usize,
    /// The banner unit of that battle line (PW-12).
    pub banner: bool,
    /// The army list's basic costs: maneuver, shoot, rally (PW-10).
    pub basic_costs: [Option<i32>; 3],
    /// Points of cards played on it this turn and not yet spent (PW-11).
    pub points_left: u32,
    /// Its lost Maneuver's turn has come: "considered to have already
    /// maneuver in their next turn" (PW-9); the loss ends with this turn.
    pub lost_started: bool,
    /// Its Maneuver this turn was a charge, as recorded: its move may
    /// charge (PW-9, PW-14).
    pub charged: bool,
    /// It broke during this game turn, as the table said, rallied since
    /// or not: the course of the battle marks the turn it broke.
    pub broke_this_turn: bool,
}

/// A Parker's Warlord battle's state.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// The game turn, from 1: side a's turn, then side b's.
    pub turn: u32,
    /// Where the turn stands.
    pub phase: Phase,
    /// Each side's personalities, in roster order.
    pub officers: [Vec<Officer>; 2],
    /// Each side's units, battle line after battle line in roster order.
    pub units: [Vec<LineUnit>; 2],
    /// A unique command was issued this command phase: transfers are over (PW-3).
    pub commanded: bool,
    /// The values each side's cards may show (the roster's, or P-1's 1 to 10).
    pub card_values: [(u32, u32); 2],
}

/// A side's card values.
fn setup_range(ranges: &[(u32, u32); 2], side: Side) -> (u32, u32) {
    ranges[side as usize]
}

/// Refuses a card whose value its deck cannot show (Herald's reading P-1).
fn cards_in_range((min, max): (u32, u32), cards: &[u32]) -> Result<(), BattleError> {
    match cards.iter().find(|c| **c < min || **c > max) {
        Some(c) => Err(BattleError::Refused(format!(
            "a card worth {c}: a randomizer card shows {min} to {max} (Herald's reading P-1; a roster's card_values may say otherwise)"
        ))),
        None => Ok(()),
    }
}

fn refuse<T>(s: impl Into<String>) -> Result<T, BattleError> {
    Err(BattleError::Refused(s.into()))
}

/// The basic-cost slot of a command: maneuver, shoot, rally/reorder.
pub fn cost_slot(c: Command) -> usize {
    match c.unique() {
        Command::Maneuver => 0,
        Command::Shoot => 1,
        _ => 2,
    }
}

impl State {
    /// The battle at its start: side a's command phase, every hand as the
    /// roster gives it, each personality attached to his banner unit (Herald's reading).
    pub fn start(setup: &Setup) -> State {
        let mut officers: [Vec<Officer>; 2] = [Vec::new(), Vec::new()];
        let mut units: [Vec<LineUnit>; 2] = [Vec::new(), Vec::new()];
        for side in [Side::A, Side::B] {
            let r = &setup.sides[side as usize];
            let names: Vec<&str> = r
                .personalities
                .iter()
                .map(|p| p.personality.name.as_str())
                .collect();
            for (pi, p) in r.personalities.iter().enumerate() {
                let mut attached = None;
                for u in &p.units {
                    let i = units[side as usize].len();
                    if u.banner || u.unit.personality_attached || u.unit.warlord_attached {
                        attached = attached.or(Some(i));
                    }
                    units[side as usize].push(LineUnit {
                        unit: u.unit.clone(),
                        personality: pi,
                        banner: u.banner,
                        basic_costs: u.basic_costs,
                        points_left: 0,
                        // A roster's lost Maneuver is last turn's: side a's
                        // turn under way is its next turn (PW-9).
                        lost_started: u.unit.lost_maneuver && side == Side::A,
                        charged: false,
                        broke_this_turn: u.unit.order == Order::Broken,
                    });
                }
                officers[side as usize].push(Officer {
                    personality: p.personality.clone(),
                    commands: p
                        .commands
                        .iter()
                        .filter_map(|c| names.iter().position(|n| n == c))
                        .collect(),
                    attached,
                    check: None,
                    received: false,
                    discount_used: false,
                    discarded: false,
                });
            }
        }
        let mut s = State {
            turn: 1,
            phase: Phase::Command(Side::A),
            officers,
            units,
            commanded: false,
            card_values: [setup.sides[0].card_range(), setup.sides[1].card_range()],
        };
        s.attachments();
        s
    }

    /// The active side.
    pub fn active(&self) -> Side {
        self.phase.side()
    }

    /// A personality.
    pub fn officer(&self, id: UnitId) -> Result<&Officer, BattleError> {
        self.officers[id.side as usize]
            .get(id.index)
            .ok_or_else(|| {
                BattleError::Refused(format!("side {} has no personality {id}", id.side.name()))
            })
    }

    /// A unit.
    pub fn unit(&self, id: UnitId) -> Result<&LineUnit, BattleError> {
        self.units[id.side as usize]
            .get(id.index)
            .ok_or(BattleError::NoUnit(id))
    }

    /// The units of a personality's battle line, with their places.
    pub fn line(&self, p: UnitId) -> Vec<(UnitId, &LineUnit)> {
        self.units[p.side as usize]
            .iter()
            .enumerate()
            .filter(|(_, u)| u.personality == p.index)
            .map(|(i, u)| (UnitId::new(p.side, i), u))
            .collect()
    }

    /// Personalities of the active side who have not made this turn's check.
    pub fn unchecked(&self) -> Vec<UnitId> {
        let s = self.active();
        self.officers[s as usize]
            .iter()
            .enumerate()
            .filter(|(_, o)| o.check.is_none())
            .map(|(i, _)| UnitId::new(s, i))
            .collect()
    }

    /// Sets each unit's attachment flags from the personalities attached.
    fn attachments(&mut self) {
        for side in 0..2 {
            for u in &mut self.units[side] {
                u.unit.personality_attached = false;
                u.unit.warlord_attached = false;
            }
            for o in &self.officers[side] {
                if let Some(i) = o.attached {
                    let u = &mut self.units[side][i].unit;
                    u.personality_attached = true;
                    if o.personality.kind == PersonalityType::Warlord {
                        u.warlord_attached = true;
                    }
                }
            }
        }
    }

    /// Judges an event as the referee records it: the side whose command
    /// phase it is, and Herald's order inside it (PW-3).
    pub fn check(&self, event: &Event) -> Result<(), BattleError> {
        let active = self.active();
        let own = |id: &UnitId, what: &str| {
            if id.side != active {
                Err(BattleError::OutOfTurn(format!(
                    "it is side {}'s command phase: {what} of side {} waits for its own (PW-3)",
                    active.name(),
                    id.side.name()
                )))
            } else {
                Ok(())
            }
        };
        match event {
            Event::Initiative { personality, .. } => own(personality, "an initiative check"),
            Event::Transfer { warlord, .. } => {
                own(warlord, "a transfer")?;
                if !self.unchecked().is_empty() {
                    return Err(BattleError::OutOfTurn(format!(
                        "transfers come after every personality's initiative check; {} still to check (PW-3, PW-8)",
                        self.unchecked_names()
                    )));
                }
                if self.commanded {
                    return Err(BattleError::OutOfTurn(
                        "a unique command has been issued: transfers are made during the initiative phase, before commands (PW-3, PW-8)".into(),
                    ));
                }
                Ok(())
            }
            Event::Command { unit, cards, .. } => {
                own(unit, "a command")?;
                self.checks_done()?;
                let u = self.unit(*unit)?;
                self.not_discarded(UnitId::new(unit.side, u.personality))?;
                cards_in_range(setup_range(&self.card_values, unit.side), cards)
            }
            Event::BattleLine {
                personality, cards, ..
            } => {
                own(personality, "a battle line command")?;
                self.checks_done()?;
                self.not_discarded(*personality)?;
                cards_in_range(setup_range(&self.card_values, personality.side), cards)
            }
            Event::Discard { personality, .. } => own(personality, "a discard"),
            // PW-3: "each personality on the active side makes an
            // initiative check" at the start of its command phase: the
            // turn does not end before every one is made.
            Event::EndTurn if !self.unchecked().is_empty() => Err(BattleError::OutOfTurn(format!(
                "the turn ends after every personality's initiative check; {} still to check (PW-3, PW-4)",
                self.unchecked_names()
            ))),
            // PW-9: units that "charged impetuously, retired or broke" are
            // considered to have already maneuvered in their next turn: a
            // unit the table says broke has lost it.
            Event::UnitState {
                unit,
                order: Order::Broken,
                lost_maneuver: false,
            } => {
                let u = self.unit(*unit)?;
                if u.unit.order == Order::Broken {
                    Ok(())
                } else {
                    Err(BattleError::Refused(format!(
                        "{} broke: units that charged impetuously, retired or broke are considered to have already maneuvered in their next turn (PW-9): l says yes",
                        u.unit.name
                    )))
                }
            }
            // PW-9: "1. MANEUVER ... Charge movement or maneuver movement";
            // "A unit may perform each unique command once each turn": a
            // unit moves in its side's turn, by that turn's Maneuver (its
            // own or its battle line's, PW-12), as recorded.
            Event::Move { unit, charging, .. } => {
                own(unit, "a move")?;
                let u = self.unit(*unit)?;
                if !u.unit.done.contains(&Command::Maneuver) {
                    return Err(BattleError::Refused(format!(
                        "{} has no Maneuver this turn: movement is a Maneuver, and a unit may perform each unique command once each turn (PW-9); give it its Maneuver first (c, or its battle line's, b)",
                        u.unit.name
                    )));
                }
                // PW-14: "a charge is three moves", for the unit whose
                // Maneuver was a charge (PW-9): the record says which.
                if !*charging || u.charged {
                    Ok(())
                } else {
                    Err(BattleError::Refused(format!(
                        "{} has no charge this turn: its Maneuver was not a charge (g on its Maneuver, c, makes it a charge; PW-9, PW-14)",
                        u.unit.name
                    )))
                }
            }
            _ => Ok(()),
        }
    }

    fn unchecked_names(&self) -> String {
        self.unchecked()
            .iter()
            .map(|id| {
                self.officers[id.side as usize][id.index]
                    .personality
                    .name
                    .clone()
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// PW-3: "He may discard any and all cards in his hand at the end of
    /// his command phase": once he has discarded, his commands are over.
    fn not_discarded(&self, personality: UnitId) -> Result<(), BattleError> {
        let o = self.officer(personality)?;
        if o.discarded {
            return Err(BattleError::OutOfTurn(format!(
                "{} has discarded: discards come last in his command phase, after his commands (PW-3)",
                o.personality.name
            )));
        }
        Ok(())
    }

    fn checks_done(&self) -> Result<(), BattleError> {
        if self.unchecked().is_empty() {
            Ok(())
        } else {
            Err(BattleError::OutOfTurn(format!(
                "commands come after every personality's initiative check; {} still to check (PW-3)",
                self.unchecked_names()
            )))
        }
    }

    fn effect(&self, id: UnitId, field: &'static str, from: String, to: String, e: &mut Entry) {
        if from != to {
            let name = self.units[id.side as usize][id.index].unit.name.clone();
            e.effects.push(Effect {
                unit: id,
                text: format!("{name}: {field} {from} → {to}"),
                name,
                field,
                from,
                to,
                leaves_table: false,
            });
        }
    }

    /// Applies an event; on an error the state is unchanged.
    pub fn apply(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let mut next = self.clone();
        let e = next.apply_in(setup, event)?;
        *self = next;
        Ok(e)
    }

    fn apply_in(&mut self, setup: &Setup, event: &Event) -> Result<Entry, BattleError> {
        let house = &setup.house;
        let mut entry = Entry::new(self.turn, self.phase);
        let mut ex = Explanation::default();
        match event {
            Event::Initiative { personality, dice } => {
                let o = self.officer(*personality)?.clone();
                if o.check.is_some() {
                    return refuse(format!(
                        "{} has made his initiative check this turn (PW-4)",
                        o.personality.name
                    ));
                }
                let dice: Vec<Die> = dice
                    .iter()
                    .map(|&v| {
                        Die::of(v, 20).ok_or_else(|| {
                            BattleError::Refused(format!(
                                "{v} is not a face of a d20: 1 to 20 (PW-1)"
                            ))
                        })
                    })
                    .collect::<Result<_, _>>()?;
                let out = InitiativeCheck::plan(&o.personality)?.resolve(&dice, house)?;
                entry.roll(
                    &o.personality.name,
                    &Dice {
                        d20: dice,
                        ..Dice::default()
                    },
                );
                ex.extend(out.explanation);
                entry.summary = format!(
                    "{}: initiative {}, rolled {}: {}",
                    o.personality.name,
                    out.initiative,
                    out.roll,
                    if out.bonus_card && out.success {
                        format!(
                            "a 1, {} drawn and a bonus card, {} held",
                            out.drawn, out.hand
                        )
                    } else if out.success {
                        format!("{} drawn, {} held", out.drawn, out.hand)
                    } else {
                        format!(
                            "{} over, {} lost{}, {} held",
                            out.over,
                            out.lost,
                            if out.bonus_card { ", a bonus card" } else { "" },
                            out.hand
                        )
                    }
                );
                let me = &mut self.officers[personality.side as usize][personality.index];
                me.personality.hand = out.hand;
                me.check = Some(Check {
                    roll: out.roll,
                    initiative: out.initiative,
                    success: out.success,
                    drawn: out.drawn,
                    lost: out.lost,
                    bonus: out.bonus_card,
                });
            }
            Event::Transfer { warlord, to } => {
                let w = self.officer(*warlord)?.clone();
                let r = self.officer(*to)?.clone();
                if to.side != warlord.side || !w.commands.contains(&to.index) {
                    return refuse(format!(
                        "{} does not command {}: a Warlord transfers to each personality he commands (PW-8; the roster's 'commands')",
                        w.personality.name, r.personality.name
                    ));
                }
                if r.received {
                    return refuse(format!(
                        "{} has had his card this turn: a Warlord may transfer 1 card to EACH personality he commands (PW-8)",
                        r.personality.name
                    ));
                }
                let out = transfer(
                    &w.personality,
                    &[Transfer {
                        to: r.personality.clone(),
                        cards: 1,
                    }],
                )?;
                ex.extend(out.explanation);
                entry.summary = format!(
                    "{} transfers a card to {}: {} holds {}, {} holds {}",
                    w.personality.name,
                    r.personality.name,
                    w.personality.name,
                    out.warlord_hand,
                    r.personality.name,
                    out.hands[0]
                );
                let side = warlord.side as usize;
                self.officers[side][warlord.index].personality.hand = out.warlord_hand;
                self.officers[side][to.index].personality.hand = out.hands[0];
                self.officers[side][to.index].received = true;
            }
            Event::Command {
                unit,
                command,
                charge,
                close_proximity,
                modifiers,
                cards,
            } => {
                let u = self.unit(*unit)?.clone();
                let side = unit.side as usize;
                let pid = UnitId::new(unit.side, u.personality);
                let p = self.officer(pid)?.clone();
                if *command == Command::Reorder && u.unit.order == Order::Broken {
                    return refuse(format!(
                        "{} is broken: it is rallied (which reorders it), a personality attached (PW-9)",
                        u.unit.name
                    ));
                }
                if cards.len() as u32 > p.personality.hand {
                    return refuse(format!(
                        "{} holds {} card{}: he cannot play {} (PW-11)",
                        p.personality.name,
                        p.personality.hand,
                        if p.personality.hand == 1 { "" } else { "s" },
                        cards.len()
                    ));
                }
                // The Warlord attached to the unit, whose -1 is once a turn (PW-10).
                let warlord = self.officers[side].iter().position(|o| {
                    o.personality.kind == PersonalityType::Warlord && o.attached == Some(unit.index)
                });
                let situation = CostSituation {
                    close_proximity: *close_proximity,
                    warlord_discount_used: warlord
                        .is_some_and(|w| self.officers[side][w].discount_used),
                };
                let basic = u.basic_costs[cost_slot(*command)];
                // PW-9: "considered to have already maneuver in their next turn":
                // the loss is its side's next turn's, from the record.
                if *command == Command::Maneuver && u.unit.lost_maneuver && u.lost_started {
                    return refuse(format!(
                        "{} impetuously charged, retired or broke: it is considered to have already maneuvered in this turn (turn {}), its side's next turn after that (PW-9)",
                        u.unit.name, self.turn
                    ));
                }
                let mut commanded_unit = u.unit.clone();
                commanded_unit.lost_maneuver = false;
                let cost = command_cost(
                    &commanded_unit,
                    *command,
                    *charge,
                    basic,
                    situation,
                    modifiers,
                    house,
                )?;
                ex.extend(cost.explanation);
                let played: u32 = cards.iter().sum();
                let pool = u.points_left + played;
                let price = cost.cost as u32;
                if pool < price {
                    return refuse(format!(
                        "{} costs {} CP on {}; the cards give {pool}: play cards worth {} more (PW-10, PW-11)",
                        command.words(),
                        cost.cost,
                        u.unit.name,
                        price - pool
                    ));
                }
                // PW-11: the cards played on one unit pay its commands in
                // succession this turn; what is left lapses when the turn ends.
                if !cards.is_empty() {
                    ex.line(
                        format!(
                            "cards {} played on {}: {}",
                            cards_words(cards),
                            u.unit.name,
                            points(played)
                        ),
                        cite("Command Costs", "PW-11"),
                    );
                }
                if u.points_left > 0 {
                    ex.line(
                        format!(
                            "{} left from cards played on {} this turn, used in succession",
                            points(u.points_left),
                            u.unit.name
                        ),
                        cite("Command Costs", "PW-11"),
                    );
                }
                let left = pool - price;
                ex.line(
                    format!("{} for {price}: issued, {left} left", command.words()),
                    cite("Command Costs", "PW-11"),
                );
                if left > 0 {
                    ex.line(
                        format!(
                            "{} left on {}: it may pay its next command this turn; partial CPs lapse when the turn ends",
                            points(left),
                            u.unit.name
                        ),
                        cite("Command Costs", "PW-11"),
                    );
                }
                let lu = &mut self.units[side][unit.index];
                lu.points_left = left;
                lu.unit.done.push(*command);
                lu.charged |= *charge;
                let before = lu.unit.order;
                if command.unique() == Command::Rally {
                    if before == Order::Broken {
                        lu.unit.rallied_from_broken = true;
                    }
                    lu.unit.order = Order::Good;
                    if before != Order::Good {
                        ex.line(
                            format!(
                                "{} is rallied and reordered ({})",
                                u.unit.name,
                                if before == Order::Broken {
                                    "rallied from broken"
                                } else {
                                    "disordered units reorder immediately when commanded"
                                }
                            ),
                            cite("Unique Commands", "PW-9"),
                        );
                    }
                }
                self.effect(
                    *unit,
                    "order",
                    before.name().to_string(),
                    self.units[side][unit.index].unit.order.name().to_string(),
                    &mut entry,
                );
                if cost.warlord_discount_applied
                    && let Some(w) = warlord
                {
                    self.officers[side][w].discount_used = true;
                }
                self.officers[side][u.personality].personality.hand -= cards.len() as u32;
                self.commanded = true;
                entry.summary = format!(
                    "{} commands {}: {}{} for {} CP, {}",
                    p.personality.name,
                    u.unit.name,
                    command.words(),
                    if *charge { " (charge)" } else { "" },
                    cost.cost,
                    match (cards.is_empty(), u.points_left > 0) {
                        (true, true) => "paid from the points left on it".to_string(),
                        (true, false) => "no card played".to_string(),
                        (false, _) => format!("cards {}", cards_words(cards)),
                    }
                );
            }
            Event::BattleLine {
                personality,
                command,
                cost,
                cards,
            } => {
                let p = self.officer(*personality)?.clone();
                let side = personality.side as usize;
                if cards.len() as u32 > p.personality.hand {
                    return refuse(format!(
                        "{} holds {} cards: he cannot play {} (PW-11)",
                        p.personality.name,
                        p.personality.hand,
                        cards.len()
                    ));
                }
                let line = self.line(*personality);
                let banner = p
                    .attached
                    .is_some_and(|a| line.iter().any(|(id, u)| id.index == a && u.banner));
                // PW-9: a lost Maneuver counts in its side's next turn only.
                let units: Vec<Unit> = line
                    .iter()
                    .map(|(_, u)| {
                        let mut x = u.unit.clone();
                        x.lost_maneuver = u.unit.lost_maneuver && u.lost_started;
                        x
                    })
                    .collect();
                let ids: Vec<UnitId> = line.iter().map(|(id, _)| *id).collect();
                let bl = battle_line(*command, banner, &units)?;
                let pool: u32 = cards.iter().sum();
                if pool < *cost {
                    return refuse(format!(
                        "the battle line command costs {cost} CP (the army list's); the cards give {pool} (PW-11)"
                    ));
                }
                ex.line(
                    format!("cost {cost} CP (the army list's: the text gives none); cards {} give {pool}", cards_words(cards)),
                    cite("Battle Line Commands", "PW-11, PW-12, referee"),
                );
                if pool > *cost {
                    let left = pool - cost;
                    ex.line(
                        format!(
                            "{} left {}: a card's points may not be split between units",
                            points(left),
                            if left == 1 { "lapses" } else { "lapse" }
                        ),
                        cite("Command Costs", "PW-11"),
                    );
                }
                ex.extend(bl.explanation);
                for (id, u) in ids.iter().zip(&units) {
                    if !bl.participants.contains(&u.name) {
                        continue;
                    }
                    let before = u.order;
                    let lu = &mut self.units[side][id.index];
                    lu.unit.done.push(*command);
                    if *command == Command::Reorder && before == Order::Disordered {
                        lu.unit.order = Order::Good;
                    }
                    let after = lu.unit.order;
                    self.effect(
                        *id,
                        "order",
                        before.name().to_string(),
                        after.name().to_string(),
                        &mut entry,
                    );
                }
                self.officers[side][personality.index].personality.hand -= cards.len() as u32;
                self.commanded = true;
                entry.summary = format!(
                    "{}'s battle line: {} ({} unit{}), {cost} CP",
                    p.personality.name,
                    command.words(),
                    bl.participants.len(),
                    if bl.participants.len() == 1 { "" } else { "s" }
                );
            }
            Event::Discard { personality, cards } => {
                let p = self.officer(*personality)?.clone();
                if *cards > p.personality.hand {
                    return refuse(format!(
                        "{} holds {} cards: he cannot discard {cards} (PW-3)",
                        p.personality.name, p.personality.hand
                    ));
                }
                let h = &mut self.officers[personality.side as usize][personality.index]
                    .personality
                    .hand;
                *h -= cards;
                if *cards > 0 {
                    self.officers[personality.side as usize][personality.index].discarded = true;
                }
                let h = self.officers[personality.side as usize][personality.index]
                    .personality
                    .hand;
                ex.line(
                    format!("{} discards {cards}: {h} held", p.personality.name),
                    cite("Command Cards", "PW-3"),
                );
                entry.summary =
                    format!("{} discards {cards} card(s), {h} held", p.personality.name);
            }
            Event::Attach { personality, unit } => {
                let p = self.officer(*personality)?.clone();
                if let Some(u) = unit {
                    if u.side != personality.side {
                        return refuse(format!(
                            "{} is the enemy's: a personality is attached to a unit of his side",
                            u
                        ));
                    }
                    self.unit(*u)?;
                }
                self.officers[personality.side as usize][personality.index].attached =
                    unit.map(|u| u.index);
                self.attachments();
                entry.summary = match unit {
                    Some(u) => format!(
                        "{} attached to {}",
                        p.personality.name, self.units[u.side as usize][u.index].unit.name
                    ),
                    None => format!("{} is not attached to a unit", p.personality.name),
                };
                ex.line(entry.summary.clone(), cite("", "the table's fact"));
            }
            Event::Personality {
                personality,
                wounded,
                uncontrolled_actions,
            } => {
                self.officer(*personality)?;
                let p =
                    &mut self.officers[personality.side as usize][personality.index].personality;
                p.wounded = *wounded;
                p.uncontrolled_actions = *uncontrolled_actions;
                entry.summary = format!(
                    "{}: {}, {} uncontrolled action(s)",
                    p.name,
                    if *wounded { "wounded" } else { "not wounded" },
                    uncontrolled_actions
                );
                ex.line(
                    format!(
                        "the table says: {}; his initiative counts -5 wounded, -1 per uncontrolled action",
                        entry.summary
                    ),
                    cite("Initiative Modifiers", "PW-4"),
                );
            }
            Event::UnitState {
                unit,
                order,
                lost_maneuver,
            } => {
                let u = self.unit(*unit)?.clone();
                let active = self.active();
                let lu = &mut self.units[unit.side as usize][unit.index];
                if *order == Order::Broken {
                    lu.broke_this_turn = true;
                }
                lu.unit.order = *order;
                lu.unit.lost_maneuver = *lost_maneuver;
                // PW-9: lost from now to the end of its side's next turn;
                // set again while lost, it keeps its turn.
                if !*lost_maneuver || !u.unit.lost_maneuver {
                    lu.lost_started = false;
                }
                self.effect(
                    *unit,
                    "lost Maneuver",
                    yes_no(u.unit.lost_maneuver),
                    yes_no(*lost_maneuver),
                    &mut entry,
                );
                self.effect(
                    *unit,
                    "order",
                    u.unit.order.name().to_string(),
                    order.name().to_string(),
                    &mut entry,
                );
                // PW-9: its side's next turn: after this one when marked in
                // its own turn; side a's after side b's turn; side b's
                // this game turn when marked in side a's.
                let kept = u.unit.lost_maneuver && *lost_maneuver && u.lost_started;
                let lost_turn = if kept || (unit.side == Side::B && active == Side::A) {
                    self.turn
                } else {
                    self.turn + 1
                };
                let turn_ends = format!(
                    "its side's {} turn (turn {lost_turn})",
                    if unit.side == active {
                        "next"
                    } else {
                        "coming"
                    }
                );
                entry.summary = format!(
                    "{}: {}{}",
                    u.unit.name,
                    order.name(),
                    if *lost_maneuver {
                        format!(
                            ", considered to have already maneuvered in {turn_ends}: Herald gives its Maneuver back when that turn ends"
                        )
                    } else {
                        String::new()
                    }
                );
                ex.line(
                    format!("the table says: {}", entry.summary),
                    cite("Unique Commands", "PW-9"),
                );
            }
            Event::Move {
                unit,
                charging,
                closest_enemy,
                band_multiplier,
                segments,
            } => {
                let u = self.unit(*unit)?.clone();
                let Some(m) = u.unit.move_inches else {
                    return refuse(format!(
                        "{} has no move: give its domain move in inches in the roster (PW-14)",
                        u.unit.name
                    ));
                };
                let skirmisher = u
                    .unit
                    .code
                    .as_deref()
                    .is_some_and(|c| c.eq_ignore_ascii_case("sk"));
                let mover = if skirmisher {
                    Mover::Skirmisher
                } else {
                    Mover::Unit
                };
                let a =
                    move_allowance(m, mover, *charging, *closest_enemy, *band_multiplier, house)?;
                let (_, total, cex) = move_cost(segments, house);
                ex.extend(a.explanation);
                ex.extend(cex);
                if total > a.allowance + 1e-9 {
                    return refuse(format!(
                        "{} move costs {}\", its allowance is {}\" (PW-13, PW-14)",
                        crate::rules::explain::possessive(&u.unit.name),
                        shown(total),
                        shown(a.allowance)
                    ));
                }
                entry.summary = format!(
                    "{} {}: {}\" of {}\"",
                    u.unit.name,
                    if *charging { "charges" } else { "moves" },
                    shown(total),
                    shown(a.allowance)
                );
            }
            Event::PassThrough {
                passing,
                stationary,
                began_within_3,
            } => {
                let p = self.unit(*passing)?.clone();
                let st = self.unit(*stationary)?.clone();
                if passing.side != stationary.side || passing == stationary {
                    return refuse(format!(
                        "{} and {} are not two friends: a unit passes through a friend (PW-15)",
                        p.unit.name, st.unit.name
                    ));
                }
                // PW-15: "has maneuvered in its most recent command phase": a Maneuver this turn.
                let maneuvered = st.unit.done.contains(&Command::Maneuver);
                // PW-15: "in good order": neither disordered nor broken, and
                // not broken earlier this turn by the record (rallied).
                let o = pass_through(
                    *began_within_3,
                    p.unit.order != Order::Good,
                    st.unit.order != Order::Good,
                    maneuvered,
                    p.unit.rallied_from_broken || st.unit.rallied_from_broken,
                );
                ex.extend(o.explanation);
                let before = p.unit.order;
                if o.passing_disordered && before == Order::Good {
                    self.units[passing.side as usize][passing.index].unit.order = Order::Disordered;
                }
                self.effect(
                    *passing,
                    "order",
                    before.name().to_string(),
                    self.units[passing.side as usize][passing.index]
                        .unit
                        .order
                        .name()
                        .to_string(),
                    &mut entry,
                );
                entry.summary = format!(
                    "{} passes through {}: {}",
                    p.unit.name,
                    st.unit.name,
                    if o.passing_disordered {
                        "disordered"
                    } else {
                        "neither is disordered"
                    }
                );
            }
            Event::EndTurn => {
                let active = self.active();
                // PW-9: "considered to have already maneuver in their next
                // turn": the loss ends with that turn.
                let mut back = Vec::new();
                for (i, u) in self.units[active as usize].iter_mut().enumerate() {
                    if u.unit.lost_maneuver && u.lost_started {
                        u.unit.lost_maneuver = false;
                        u.lost_started = false;
                        back.push(UnitId::new(active, i));
                    }
                }
                for id in back {
                    let name = self.units[id.side as usize][id.index].unit.name.clone();
                    self.effect(id, "lost Maneuver", yes_no(true), yes_no(false), &mut entry);
                    ex.line(
                        format!("{name}: the turn it was considered to have already maneuvered in is over: it may maneuver again"),
                        cite("Unique Commands", "PW-9"),
                    );
                }
                for u in &mut self.units[active as usize] {
                    if u.points_left > 0 {
                        ex.line(
                            format!(
                                "{}: {} left {}: partial CPs may not be carried forward into the next game turn",
                                u.unit.name,
                                points(u.points_left),
                                if u.points_left == 1 { "lapses" } else { "lapse" }
                            ),
                            cite("Command Costs", "PW-11"),
                        );
                    }
                    u.points_left = 0;
                }
                let next = active.other();
                if next == Side::A {
                    self.turn += 1;
                    for u in self.units.iter_mut().flatten() {
                        u.broke_this_turn = false;
                    }
                }
                self.phase = Phase::Command(next);
                self.commanded = false;
                // A new turn for the side: each unique command once each turn (PW-9),
                // the Warlord's -1 once per turn (PW-10), a transfer to each (PW-8).
                for o in &mut self.officers[next as usize] {
                    o.check = None;
                    o.received = false;
                    o.discount_used = false;
                    o.discarded = false;
                }
                for u in &mut self.units[next as usize] {
                    u.unit.done.clear();
                    u.unit.rallied_from_broken = false;
                    u.charged = false;
                    // PW-9: its next turn has come.
                    if u.unit.lost_maneuver {
                        u.lost_started = true;
                    }
                }
                ex.line(
                    format!(
                        "side {}'s turn ends; side {}'s command phase: each personality makes an initiative check",
                        active.name(),
                        next.name()
                    ),
                    cite("Command Cards", "PW-3"),
                );
                entry.summary = format!(
                    "side {}'s turn ends: turn {}, {}",
                    active.name(),
                    self.turn,
                    self.phase
                );
            }
        }
        entry.explanation = ex;
        Ok(entry)
    }
}

/// Points in good English: `1 point`, `3 points`.
fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// Card values as the log writes them: "3+2", or "none".
pub fn cards_words(cards: &[u32]) -> String {
    if cards.is_empty() {
        "none".to_string()
    } else {
        cards
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("+")
    }
}
