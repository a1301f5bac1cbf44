//! A player's army-level state: Command Point pools (COMMAND POINTS, HE-8),
//! Setback and Disaster Cards held (HE-9, HE-10), the Army Break Point,
//! Fatigue (HE-11) and the "Homunculus Est!" allowances (HE-12).

use crate::named_enum;

/// The five Command Point pools (COMMAND POINTS, HE-8), in HE-30's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pool {
    /// Attack Points.
    Attack,
    /// Movement Points.
    Movement,
    /// Defence Points.
    Defence,
    /// Strategy Points.
    Strategy,
    /// Generalship Points (the general's).
    Generalship,
}
named_enum!(Pool {
    "attack" => Pool::Attack,
    "movement" => Pool::Movement,
    "defence" => Pool::Defence,
    "strategy" => Pool::Strategy,
    "generalship" => Pool::Generalship,
});

impl Pool {
    /// The pools in HE-30's order: Attack, Movement, Defence, Strategy, Generalship.
    pub const ORDER: [Pool; 5] = [
        Pool::Attack,
        Pool::Movement,
        Pool::Defence,
        Pool::Strategy,
        Pool::Generalship,
    ];
}

/// A player's Command Points, pool by pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Points {
    /// Attack.
    pub attack: u32,
    /// Movement.
    pub movement: u32,
    /// Defence.
    pub defence: u32,
    /// Strategy.
    pub strategy: u32,
    /// Generalship.
    pub generalship: u32,
}

impl Points {
    /// The points in `pool`.
    pub fn get(&self, pool: Pool) -> u32 {
        match pool {
            Pool::Attack => self.attack,
            Pool::Movement => self.movement,
            Pool::Defence => self.defence,
            Pool::Strategy => self.strategy,
            Pool::Generalship => self.generalship,
        }
    }

    /// The points in `pool`, to change.
    pub fn get_mut(&mut self, pool: Pool) -> &mut u32 {
        match pool {
            Pool::Attack => &mut self.attack,
            Pool::Movement => &mut self.movement,
            Pool::Defence => &mut self.defence,
            Pool::Strategy => &mut self.strategy,
            Pool::Generalship => &mut self.generalship,
        }
    }

    /// Every point the player holds.
    pub fn total(&self) -> u32 {
        Pool::ORDER.iter().map(|p| self.get(*p)).sum()
    }

    /// "attack 1, movement 2 …" for explanations.
    pub fn words(&self) -> String {
        Pool::ORDER
            .iter()
            .map(|p| format!("{p} {}", self.get(*p)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Cards collected by a procedure, as counts (values are typed when drawn, HE-10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cards {
    /// Setback Cards.
    pub setback: u32,
    /// Disaster Cards.
    pub disaster: u32,
}

impl Cards {
    /// One Setback.
    pub const SETBACK: Cards = Cards {
        setback: 1,
        disaster: 0,
    };
    /// One Disaster.
    pub const DISASTER: Cards = Cards {
        setback: 0,
        disaster: 1,
    };

    /// These cards and `other`.
    pub fn add(&mut self, other: Cards) {
        self.setback += other.setback;
        self.disaster += other.disaster;
    }

    /// None collected.
    pub fn is_empty(&self) -> bool {
        self.setback == 0 && self.disaster == 0
    }

    /// "1 Setback, 1 Disaster" / "no card".
    pub fn words(&self) -> String {
        let mut parts = Vec::new();
        if self.setback > 0 {
            parts.push(format!(
                "{} Setback Card{}",
                self.setback,
                if self.setback == 1 { "" } else { "s" }
            ));
        }
        if self.disaster > 0 {
            parts.push(format!(
                "{} Disaster Card{}",
                self.disaster,
                if self.disaster == 1 { "" } else { "s" }
            ));
        }
        if parts.is_empty() {
            "no card".to_string()
        } else {
            parts.join(" and ")
        }
    }
}

/// The values of the cards a player holds, as drawn (HE-10).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardValues {
    /// Each Setback Card's value.
    pub setback: Vec<u32>,
    /// Each Disaster Card's value.
    pub disaster: Vec<u32>,
}

/// A player's army-level state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArmyState {
    /// All his units are Fatigued (HE-11).
    pub fatigued: bool,
    /// His Army Break Point.
    pub break_point: u32,
    /// His Command Points.
    pub points: Points,
    /// The cards he holds.
    pub cards: CardValues,
    /// He has cancelled a "Homunculus Est!" this battle (HE-12).
    pub cancel_used: bool,
    /// He has called "Homunculus Est!" this phase (HE-12).
    pub called_this_phase: bool,
}

/// One side's army, as an army file gives it: its units, its Army Break
/// Point and its Command Points deployed into the four pools (HE-5: no
/// pool more than 4; the Generalship pool is its generals' points).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    /// The army's name.
    pub name: String,
    /// A short label for its side on screen.
    pub side: String,
    /// Free notes.
    pub notes: Option<String>,
    /// Its Army Break Point.
    pub break_point: u32,
    /// Its Command Points, Attack to Strategy as deployed (Generalship from its generals).
    pub command_points: Points,
    /// Its units.
    pub units: Vec<super::Unit>,
}

impl Army {
    /// Its Generalship Points: every general's (COMMAND POINTS, HE-5).
    pub fn generalship(&self) -> u32 {
        self.units
            .iter()
            .filter_map(|u| u.general.as_ref())
            .map(|g| g.generalship)
            .sum()
    }

    /// The army's state at the start of the battle: its pools with the Generalship Points.
    pub fn start(&self) -> ArmyState {
        ArmyState {
            break_point: self.break_point,
            points: Points {
                generalship: self.generalship(),
                ..self.command_points
            },
            ..Default::default()
        }
    }
}
