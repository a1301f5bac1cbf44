//! The console's panels, each a draft event whose facts are listed on the
//! generic facts form (`tui::facts`): the initiative check (with its exact
//! odds and the d20 rolled or typed), the Warlord's transfer, a unique
//! command priced with its modifiers and paid in cards, a battle-line
//! command, the movement calculator, a discard, and the table's facts
//! (wounds and uncontrolled actions, a unit's order, an attachment). Each
//! panel's plan is the rules' own: the event tried on a copy of the state.

use crate::battle::UnitId;
use crate::battle::parkers_warlord::{Battle, Event, State};
use crate::odds::parkers_warlord::initiative_check;
use crate::rules::Side;
use crate::rules::named::Named as _;
use crate::rules::parkers_warlord::{
    Command, InitiativeCheck, Named, Order, PersonalityType, Segment, Terrain,
};
use crate::tui::facts::Form;

/// Which panel is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A personality's initiative check (PW-4 to PW-7).
    Initiative,
    /// The Warlord's transfer (PW-8).
    Transfer,
    /// A unique command (PW-9 to PW-11).
    Command,
    /// A battle-line command (PW-12).
    BattleLine,
    /// The movement calculator (PW-13, PW-14).
    Move,
    /// Cards discarded (PW-3).
    Discard,
    /// A personality's wounds and uncontrolled actions (PW-4).
    Wounds,
    /// A unit's order (PW-9, PW-10).
    Order,
    /// A personality attached to a unit.
    Attach,
    /// A unit passing through a friend (PW-15).
    PassThrough,
}

impl Kind {
    /// The panel's title, with its rule.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Initiative => "Initiative check: 1D20 against SR+10 (PW-4 to PW-7)",
            Kind::Transfer => "The Warlord transfers 1 card (PW-8)",
            Kind::Command => "Unique command: its cost, paid in cards (PW-9 to PW-11)",
            Kind::BattleLine => "Battle line command (PW-12)",
            Kind::Move => "Movement: cost against allowance (PW-13, PW-14)",
            Kind::Discard => "Discard at the end of the command phase (PW-3)",
            Kind::Wounds => "A personality's wounds and uncontrolled actions (PW-4)",
            Kind::Order => "A unit's order, as the table has it (PW-9, PW-10)",
            Kind::Attach => "A personality attached to a unit",
            Kind::PassThrough => "Passing through friends (PW-15)",
        }
    }
}

/// Card value keys, for up to five cards played.
const CARD_KEYS: [char; 5] = ['a', 'b', 'd', 'e', 'f'];

/// A panel's draft: every fact any panel lists.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The panel.
    pub kind: Kind,
    /// The side of the personality or unit (the table's facts may be either side's).
    pub side: Side,
    /// A personality, by number on his side (1 = the first).
    pub who: u32,
    /// The personality receiving a transfer.
    pub to: u32,
    /// A unit, by number on its side.
    pub unit: u32,
    /// The command.
    pub command: Command,
    /// A Maneuver that charges; a move that charges.
    pub charge: bool,
    /// Close proximity to the enemy.
    pub close: bool,
    /// The referee's penalty: more than one move from the BL (PW-10).
    pub penalty: u32,
    /// The referee's other modifiers, typed with their names (M; PW-10).
    pub named: Vec<Named>,
    /// Cards played (or discarded).
    pub cards: u32,
    /// Their values.
    pub values: [u32; 5],
    /// A battle line command's cost.
    pub cost: u32,
    /// Wounded.
    pub wounded: bool,
    /// Uncontrolled actions.
    pub uncontrolled: u32,
    /// A unit's order.
    pub order: Order,
    /// It counts as having maneuvered.
    pub lost: bool,
    /// Closest enemy in sight, in tenths of an inch (PW-14 measures to
    /// the tenth: "30.1\" or more").
    pub enemy: u32,
    /// The referee's multiplier under 15" (the text's bands are lost, PW-14), in tenths; 0: not given.
    pub band: u32,
    /// Forward inches in the open, in tenths (PW-13: "or fractions thereof").
    pub forward: u32,
    /// Non-forward inches in the open, in tenths (PW-13: "or fractions thereof").
    pub sideways: u32,
    /// Forward inches in area or obstacle terrain, in tenths (PW-13: "or fractions thereof").
    pub terrain_forward: u32,
    /// Non-forward inches in area or obstacle terrain, in tenths (PW-13: "or fractions thereof").
    pub terrain_sideways: u32,
    /// The unit a personality is attached to (0: none).
    pub attach: u32,
    /// A d20 being typed.
    pub typed: Option<u32>,
    /// The stationary friend passed through, by number.
    pub through: u32,
    /// Both began the turn within 3" of each other.
    pub within_3: bool,
    /// The house gives the band under 15" (`near_band`): no multiplier asked.
    pub near_band_given: bool,
    /// The unit moved is a skirmisher: no proximity movement (PW-14).
    pub skirmisher: bool,
}

impl Draft {
    /// A draft for `kind` on the active side, its first choice the next one due.
    pub fn new(kind: Kind, state: &State) -> Draft {
        let side = state.active();
        let who = match kind {
            Kind::Initiative => state
                .unchecked()
                .first()
                .map_or(1, |id| id.index as u32 + 1),
            Kind::Transfer => warlords(state, side).first().copied().unwrap_or(1),
            _ => 1,
        };
        // PW-9: a unit moves by this turn's Maneuver: the calculator opens
        // on the first unit the record gives one.
        let unit = match kind {
            Kind::Move => state.units[side as usize]
                .iter()
                .position(|u| u.unit.done.contains(&Command::Maneuver))
                .map_or(1, |i| i as u32 + 1),
            _ => 1,
        };
        let mut d = Draft {
            kind,
            side,
            who,
            to: 1,
            unit,
            command: Command::Maneuver,
            charge: false,
            close: false,
            penalty: 0,
            named: Vec::new(),
            cards: 0,
            values: [0; 5],
            cost: 0,
            wounded: false,
            uncontrolled: 0,
            order: Order::Good,
            lost: false,
            enemy: 0,
            band: 0,
            forward: 0,
            sideways: 0,
            terrain_forward: 0,
            terrain_sideways: 0,
            attach: 0,
            typed: None,
            through: 1,
            within_3: true,
            near_band_given: false,
            skirmisher: false,
        };
        if kind == Kind::Transfer {
            d.to = receivers(state, side, d.who).first().copied().unwrap_or(1);
        }
        d.reload(state);
        d
    }

    /// The move uses proximity movement: not a charge, not a skirmisher (PW-14).
    fn proximity(&self) -> bool {
        !self.charge && !self.skirmisher
    }

    /// The units this panel concerns, kept in sight on the screen.
    pub fn concerns(&self) -> Vec<UnitId> {
        match self.kind {
            Kind::Command | Kind::Move | Kind::Order => vec![self.unit_id()],
            Kind::PassThrough => vec![
                self.unit_id(),
                UnitId::new(self.side, self.through.saturating_sub(1) as usize),
            ],
            _ => Vec::new(),
        }
    }

    fn person(&self) -> UnitId {
        UnitId::new(self.side, self.who.saturating_sub(1) as usize)
    }

    fn unit_id(&self) -> UnitId {
        UnitId::new(self.side, self.unit.saturating_sub(1) as usize)
    }

    /// Takes the chosen personality's or unit's facts from the record.
    fn reload(&mut self, state: &State) {
        if let Some(o) = state.officers[self.side as usize].get(self.who as usize - 1) {
            self.wounded = o.personality.wounded;
            self.uncontrolled = o.personality.uncontrolled_actions;
            self.attach = o.attached.map_or(0, |i| i as u32 + 1);
        }
        if let Some(u) = state.units[self.side as usize].get(self.unit as usize - 1) {
            self.order = u.unit.order;
            self.lost = u.unit.lost_maneuver;
            if self.kind == Kind::Move {
                // PW-9, PW-14: a charge if its Maneuver this turn was
                // recorded as one; skirmishers use no proximity movement.
                self.charge = u.charged;
                self.skirmisher = u
                    .unit
                    .code
                    .as_deref()
                    .is_some_and(|c| c.eq_ignore_ascii_case("sk"));
            }
        }
    }

    /// The facts of this panel, on the form.
    pub fn walk(&mut self, f: &mut Form, state: &State) {
        let side = self.side;
        let officers = &state.officers[side as usize];
        let name = |n: u32| {
            officers.get(n as usize - 1).map_or(String::new(), |o| {
                format!("{}{} {}", side.name(), n, o.personality.name)
            })
        };
        let units = &state.units[side as usize];
        let unit_name = |n: u32| {
            units.get(n as usize - 1).map_or(String::new(), |u| {
                format!("{}{} {}", side.name(), n, u.unit.name)
            })
        };
        let all_people: Vec<u32> = (1..=officers.len() as u32).collect();
        let all_units: Vec<u32> = (1..=units.len() as u32).collect();
        let (who, unit, side0) = (self.who, self.unit, self.side);
        let hand = officers
            .get(self.who as usize - 1)
            .map_or(0, |o| o.personality.hand);
        match self.kind {
            Kind::Initiative => {
                let due: Vec<u32> = state
                    .unchecked()
                    .iter()
                    .map(|i| i.index as u32 + 1)
                    .collect();
                let list = if due.is_empty() { all_people } else { due };
                f.choice_numbered('p', "personality", &mut self.who, &list, name, |n| n);
            }
            Kind::Transfer => {
                let ws = warlords(state, side);
                let list = if ws.is_empty() { vec![1] } else { ws };
                f.choice_numbered('w', "Warlord", &mut self.who, &list, name, |n| n);
                let rs = receivers(state, side, self.who);
                let list = if rs.is_empty() { vec![1] } else { rs };
                if !list.contains(&self.to) {
                    self.to = list[0];
                }
                f.choice_numbered('p', "to the personality", &mut self.to, &list, name, |n| n);
            }
            Kind::Command => {
                f.choice_numbered('n', "unit", &mut self.unit, &all_units, unit_name, |n| n);
                let hand = units
                    .get(self.unit as usize - 1)
                    .and_then(|u| officers.get(u.personality))
                    .map_or(0, |o| o.personality.hand);
                f.choice(
                    'o',
                    "command",
                    &mut self.command,
                    &[
                        Command::Maneuver,
                        Command::Shoot,
                        Command::Rally,
                        Command::Reorder,
                    ],
                    |c| c.words().to_string(),
                );
                if self.command == Command::Maneuver {
                    f.flag('g', "a charge", &mut self.charge);
                } else {
                    self.charge = false;
                }
                f.flag('x', "close proximity to the enemy", &mut self.close);
                f.number(
                    'm',
                    "penalty beyond one move of the BL",
                    &mut self.penalty,
                    (0, 9),
                    1,
                );
                self.cards_facts(f, hand, state);
            }
            Kind::BattleLine => {
                f.choice_numbered('p', "personality", &mut self.who, &all_people, name, |n| n);
                f.choice(
                    'o',
                    "command",
                    &mut self.command,
                    &[Command::Maneuver, Command::Shoot, Command::Reorder],
                    |c| c.words().to_string(),
                );
                f.number(
                    'v',
                    "its cost, CP (the army list's)",
                    &mut self.cost,
                    (0, 30),
                    1,
                )
                .unsaid();
                self.cards_facts(f, hand, state);
            }
            Kind::Move => {
                f.choice_numbered('n', "unit", &mut self.unit, &all_units, unit_name, |n| n);
                if self.unit != unit {
                    self.reload(state);
                }
                f.flag('g', "a charge", &mut self.charge);
                // PW-14: "Charging units, skirmishers, and personalities do
                // not use proximity movement!": their distance is not asked.
                if self.proximity() {
                    f.tenths(
                        'e',
                        "closest enemy in sight, inches",
                        &mut self.enemy,
                        (0, 2000),
                        10,
                    )
                    .unsaid();
                }
                if self.proximity() && self.enemy < 150 {
                    // PW-14: the text's bands under 15" are lost: the referee's
                    // multiplier, in tenths (10 is the domain move, 15 half again).
                    let m = f.number(
                        'h',
                        "under 15\" multiplier (10 = x1)",
                        &mut self.band,
                        (0, 50),
                        1,
                    );
                    if !self.near_band_given && self.band == 0 {
                        m.unsaid();
                    }
                }
                f.tenths(
                    'f',
                    "forward, inches, open",
                    &mut self.forward,
                    (0, 990),
                    10,
                );
                f.tenths(
                    's',
                    "non-forward, inches, open",
                    &mut self.sideways,
                    (0, 990),
                    10,
                );
                f.tenths(
                    'a',
                    "forward, inches, in terrain",
                    &mut self.terrain_forward,
                    (0, 990),
                    10,
                );
                f.tenths(
                    'r',
                    "non-forward, inches, in terrain",
                    &mut self.terrain_sideways,
                    (0, 990),
                    10,
                );
            }
            Kind::Discard => {
                f.choice_numbered('p', "personality", &mut self.who, &all_people, name, |n| n);
                f.number('k', "cards discarded", &mut self.cards, (0, hand.max(1)), 1);
            }
            Kind::Wounds => {
                f.choice('s', "side", &mut self.side, &[Side::A, Side::B], |s| {
                    s.name().to_string()
                });
                let n = state.officers[self.side as usize].len() as u32;
                self.who = self.who.clamp(1, n.max(1));
                let list: Vec<u32> = (1..=n).collect();
                let side = self.side;
                let offs = &state.officers[side as usize];
                f.choice_numbered(
                    'p',
                    "personality",
                    &mut self.who,
                    &list,
                    |k| {
                        offs.get(k as usize - 1).map_or(String::new(), |o| {
                            format!("{}{} {}", side.name(), k, o.personality.name)
                        })
                    },
                    |k| k,
                );
                // The chosen personality's facts, as the record has them.
                if self.who != who || self.side != side0 {
                    self.reload(state);
                }
                f.flag('w', "wounded", &mut self.wounded);
                f.number(
                    'x',
                    "uncontrolled actions",
                    &mut self.uncontrolled,
                    (0, 20),
                    1,
                );
            }
            Kind::Order => {
                f.choice('s', "side", &mut self.side, &[Side::A, Side::B], |s| {
                    s.name().to_string()
                });
                let n = state.units[self.side as usize].len() as u32;
                self.unit = self.unit.clamp(1, n.max(1));
                let list: Vec<u32> = (1..=n).collect();
                let side = self.side;
                let us = &state.units[side as usize];
                f.choice_numbered(
                    'n',
                    "unit",
                    &mut self.unit,
                    &list,
                    |k| {
                        us.get(k as usize - 1).map_or(String::new(), |u| {
                            format!("{}{} {}", side.name(), k, u.unit.name)
                        })
                    },
                    |k| k,
                );
                if self.unit != unit || self.side != side0 {
                    self.reload(state);
                }
                let before = self.order;
                f.choice(
                    'o',
                    "order",
                    &mut self.order,
                    &[Order::Good, Order::Disordered, Order::Broken],
                    |o| o.name().to_string(),
                );
                // PW-9: a unit that broke is considered to have already
                // maneuvered in its next turn: set broken, the flag follows.
                let was_broken = us
                    .get(self.unit as usize - 1)
                    .is_some_and(|u| u.unit.order == Order::Broken);
                if self.order == Order::Broken && before != Order::Broken && !was_broken {
                    self.lost = true;
                }
                f.flag(
                    'l',
                    "charged impetuously, retired or broke (PW-9)",
                    &mut self.lost,
                );
            }
            Kind::PassThrough => {
                f.choice_numbered(
                    'n',
                    "unit passing through",
                    &mut self.unit,
                    &all_units,
                    unit_name,
                    |n| n,
                );
                f.choice_numbered(
                    'v',
                    "the stationary friend",
                    &mut self.through,
                    &all_units,
                    unit_name,
                    |n| n,
                );
                f.flag(
                    'w',
                    "both began the turn within 3\" of each other",
                    &mut self.within_3,
                );
            }
            Kind::Attach => {
                f.choice_numbered('p', "personality", &mut self.who, &all_people, name, |n| n);
                if self.who != who {
                    self.reload(state);
                }
                let mut list = vec![0];
                list.extend(all_units.iter().copied());
                f.choice_numbered(
                    'n',
                    "attached to",
                    &mut self.attach,
                    &list,
                    |k| {
                        if k == 0 {
                            "no unit".to_string()
                        } else {
                            unit_name(k)
                        }
                    },
                    |k| k,
                );
            }
        }
    }

    fn cards_facts(&mut self, f: &mut Form, hand: u32, state: &State) {
        // A digit past his hand starts the count anew: 2 then 1 is 1, never 21 held at the hand.
        f.number_anew('k', "cards played", &mut self.cards, (0, hand.clamp(1, 5)));
        // Herald's reading P-1: a card shows 1 to 10, or the roster's values;
        // a digit that would pass the most starts the value anew.
        let (min, max) = state.card_values[self.side as usize];
        for (i, key) in CARD_KEYS
            .iter()
            .enumerate()
            .take(self.cards.min(5) as usize)
        {
            f.number_anew(
                *key,
                format!("card {} value ({min}-{max})", i + 1),
                &mut self.values[i],
                (min, max),
            )
            .unsaid();
        }
    }

    /// The event the panel records (the initiative's die apart).
    pub fn event(&self, d20: Option<u8>) -> Event {
        let cards: Vec<u32> = self.values[..self.cards.min(5) as usize].to_vec();
        match self.kind {
            Kind::Initiative => Event::Initiative {
                personality: self.person(),
                dice: d20.into_iter().collect(),
            },
            Kind::Transfer => Event::Transfer {
                warlord: self.person(),
                to: UnitId::new(self.side, self.to.saturating_sub(1) as usize),
            },
            Kind::Command => Event::Command {
                unit: self.unit_id(),
                command: self.command,
                charge: self.charge,
                close_proximity: self.close,
                modifiers: {
                    let mut m = Vec::new();
                    if self.penalty > 0 {
                        m.push(Named {
                            name: "more than one move from the BL".into(),
                            value: self.penalty as i32,
                        });
                    }
                    m.extend(self.named.iter().cloned());
                    m
                },
                cards,
            },
            Kind::BattleLine => Event::BattleLine {
                personality: self.person(),
                command: self.command,
                cost: self.cost,
                cards,
            },
            Kind::Move => {
                let mut segments = Vec::new();
                for (inches, forward, terrain) in [
                    (self.forward, true, Terrain::Open),
                    (self.sideways, false, Terrain::Open),
                    (self.terrain_forward, true, Terrain::Area),
                    (self.terrain_sideways, false, Terrain::Area),
                ] {
                    if inches > 0 {
                        segments.push(Segment {
                            inches: f64::from(inches) / 10.0,
                            forward,
                            terrain,
                        });
                    }
                }
                Event::Move {
                    unit: self.unit_id(),
                    charging: self.charge,
                    closest_enemy: self.proximity().then_some(f64::from(self.enemy) / 10.0),
                    band_multiplier: (self.band > 0).then(|| f64::from(self.band) / 10.0),
                    segments,
                }
            }
            Kind::Discard => Event::Discard {
                personality: self.person(),
                cards: self.cards,
            },
            Kind::Wounds => Event::Personality {
                personality: self.person(),
                wounded: self.wounded,
                uncontrolled_actions: self.uncontrolled,
            },
            Kind::Order => Event::UnitState {
                unit: self.unit_id(),
                order: self.order,
                lost_maneuver: self.lost,
            },
            Kind::PassThrough => Event::PassThrough {
                passing: self.unit_id(),
                stationary: UnitId::new(self.side, self.through.saturating_sub(1) as usize),
                began_within_3: self.within_3,
            },
            Kind::Attach => Event::Attach {
                personality: self.person(),
                unit: (self.attach > 0).then(|| UnitId::new(self.side, self.attach as usize - 1)),
            },
        }
    }

    /// The plan in words: the initiative's exact odds before the roll; for
    /// the rest, the rules run on a copy of the battle (the cost and its
    /// modifiers, the cards' points, the allowance), or why it is refused.
    pub fn plan(&self, battle: &Battle) -> Vec<String> {
        let state = battle.state();
        let setup = battle.setup();
        if self.kind == Kind::Initiative {
            let Ok(o) = state.officer(self.person()) else {
                return vec!["no such personality".into()];
            };
            let plan = match InitiativeCheck::plan(&o.personality) {
                Ok(p) => p,
                Err(e) => return vec![format!("Refused: {e}")],
            };
            let odds = initiative_check(&plan, &setup.house);
            let pc = |p: f64| format!("{:.0}%", p * 100.0);
            let mut out = vec![format!(
                "{} ({}, SR {}): initiative {}",
                o.personality.name,
                o.personality.kind.title(),
                o.personality.sr.unwrap_or(0),
                plan.initiative()
            )];
            for m in &plan.modifiers {
                out.push(format!("  {:+} {} ({})", m.value, m.reason, m.cite));
            }
            out.push(format!(
                "Odds: succeeds {} (draws to his limit of {}); a 1, the bonus card, {}",
                pc(odds.success),
                o.personality.kind.cards(),
                pc(odds.bonus_card)
            ));
            let dist = |d: &crate::odds::Distribution<u32>| {
                d.iter()
                    .map(|(v, p)| format!("{v}: {}", pc(p)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            out.push(format!("cards lost: {}", dist(&odds.lost)));
            out.push(format!(
                "hand after (holds {}): {}",
                o.personality.hand,
                dist(&odds.hand)
            ));
            out.push(match self.typed {
                Some(n) => format!("typed: {n}; Enter records it"),
                None => "Enter rolls Herald's d20; t types the die rolled at the table".into(),
            });
            return out;
        }
        let event = self.event(None);
        let mut st = state.clone();
        let tried = st.check(&event).and_then(|()| st.apply(setup, &event));
        let mut out = Vec::new();
        if self.kind == Kind::Command && !self.named.is_empty() {
            out.push(format!(
                "named modifiers (M): {}",
                self.named
                    .iter()
                    .map(|m| format!("{} {:+}", m.name.replace('_', " "), m.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        match tried {
            Ok(e) => {
                out.push(e.summary.clone());
                out.extend(
                    e.explanation
                        .lines
                        .iter()
                        .map(|l| format!("  {} ({})", l.text, l.cite)),
                );
                out.push("Enter records it".into());
                out
            }
            Err(e) => {
                out.push(format!("Refused: {e}"));
                out
            }
        }
    }
}

/// The Warlords of a side, by number.
pub fn warlords(state: &State, side: Side) -> Vec<u32> {
    state.officers[side as usize]
        .iter()
        .enumerate()
        .filter(|(_, o)| o.personality.kind == PersonalityType::Warlord)
        .map(|(i, _)| i as u32 + 1)
        .collect()
}

/// The personalities a Warlord commands, by number.
pub fn receivers(state: &State, side: Side, warlord: u32) -> Vec<u32> {
    state.officers[side as usize]
        .get(warlord.saturating_sub(1) as usize)
        .map_or(Vec::new(), |o| {
            o.commands.iter().map(|i| *i as u32 + 1).collect()
        })
}
