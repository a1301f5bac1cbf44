//! Personalities (3.1): their ratings and traits (3.1.2), and how they are
//! lost (3.1.3): the yellow die that picks one, the red die that decides his
//! fate, a stand lost with him, and the traits that change the result (W-18,
//! W-19, W-21).

use crate::dice::{Dice, DiceCount, Die};
use crate::named_enum;
use crate::rules::explain::{Explanation, cite, possessive};
use crate::rules::{RulesError, UnitProblem};

/// The special traits of 3.1.2 that Herald applies (W-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PersonalityTrait {
    /// +1 to activations of units under his command in sight of his unit.
    ExpertTactician,
    /// Swaps two units after set-up; recorded, no dice.
    Cunning,
    /// Cannot be killed or captured in Melee (W-21).
    FanaticalBodyguard,
    /// Opposing units get +1 die in Melee against his unit.
    Hated,
    /// Makes the line infantry or Cavalry he commands Impetuous.
    Rash,
    /// -1 to activations of the unit he commands.
    Indecisive,
    /// -1 to Melee of the unit he commands.
    Coward,
    /// +1 to activations of the unit he commands when it charges or counter-charges.
    Aggressive,
    /// Escapes death, wounds and capture unless 2d6 roll doubles above his unit's stands.
    Slippery,
    /// A price on his head: +1 in Melee to units fighting his unit.
    Bounty,
    /// The army list says the commander is Impetuous (1.7.1, W-6).
    Impetuous,
}
named_enum!(PersonalityTrait {
    "expert_tactician" => PersonalityTrait::ExpertTactician,
    "cunning" => PersonalityTrait::Cunning,
    "fanatical_bodyguard" => PersonalityTrait::FanaticalBodyguard,
    "hated" => PersonalityTrait::Hated,
    "rash" => PersonalityTrait::Rash,
    "indecisive" => PersonalityTrait::Indecisive,
    "coward" => PersonalityTrait::Coward,
    "aggressive" => PersonalityTrait::Aggressive,
    "slippery" => PersonalityTrait::Slippery,
    "bounty" => PersonalityTrait::Bounty,
    "impetuous" => PersonalityTrait::Impetuous,
});

/// Where a personality is: with his unit, or out of the battle and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PersonalityStatus {
    /// With his unit.
    #[default]
    Active,
    /// Wounded and carried off (3.1.3.1).
    Wounded,
    /// Taken by the enemy (3.1.3.1, 3.1.3.2).
    Captured,
    /// Dead (3.1.3).
    Killed,
    /// Got away unharmed but left the battle (Slippery, W-21).
    Escaped,
}
named_enum!(PersonalityStatus {
    "active" => PersonalityStatus::Active,
    "wounded" => PersonalityStatus::Wounded,
    "captured" => PersonalityStatus::Captured,
    "killed" => PersonalityStatus::Killed,
    "escaped" => PersonalityStatus::Escaped,
});

/// What a check did to a personality (3.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// Nothing: he stays with his unit.
    Safe,
    /// Wounded: leaves the battle.
    Wounded,
    /// Captured.
    Captured,
    /// Killed.
    Killed,
    /// Escaped (Slippery): leaves the battle unharmed.
    Escaped,
}
named_enum!(Fate {
    "safe" => Fate::Safe,
    "wounded" => Fate::Wounded,
    "captured" => Fate::Captured,
    "killed" => Fate::Killed,
    "escaped" => Fate::Escaped,
});

impl Fate {
    /// The status a personality has after this fate.
    pub fn status(self) -> PersonalityStatus {
        match self {
            Fate::Safe => PersonalityStatus::Active,
            Fate::Wounded => PersonalityStatus::Wounded,
            Fate::Captured => PersonalityStatus::Captured,
            Fate::Killed => PersonalityStatus::Killed,
            Fate::Escaped => PersonalityStatus::Escaped,
        }
    }
}

/// A named personality (3.1.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Personality {
    /// His name, unique in the army.
    pub name: String,
    /// Charisma, -2 to +3: added to every activation of his unit (3.1.2, W-0).
    pub charisma: i8,
    /// Prowess, 0 to +3 (3.1.2).
    pub prowess: i8,
    /// Special traits Herald applies.
    pub traits: Vec<PersonalityTrait>,
    /// Traits Herald does not know: kept and shown, no effect (W-21).
    pub other_traits: Vec<String>,
    /// Names of his nemeses (3.1.2).
    pub nemesis: Vec<String>,
    /// The one personality he has a vendetta against (3.1.2).
    pub vendetta: Option<String>,
    /// Who put a price on his head, and paid alive or dead (3.1.2), as text.
    pub bounty: Option<String>,
    /// Whether he commands the unit (W-0).
    pub commander: bool,
    /// With the unit or out of the battle.
    pub status: PersonalityStatus,
}

impl Personality {
    /// A personality with Charisma 0, Prowess 1 and no traits.
    pub fn new(name: &str) -> Personality {
        Personality {
            name: name.to_string(),
            charisma: 0,
            prowess: 1,
            traits: Vec::new(),
            other_traits: Vec::new(),
            nemesis: Vec::new(),
            vendetta: None,
            bounty: None,
            commander: false,
            status: PersonalityStatus::Active,
        }
    }

    /// Whether he has a trait (3.1.2).
    pub fn has(&self, t: PersonalityTrait) -> bool {
        self.traits.contains(&t) || (t == PersonalityTrait::Bounty && self.bounty.is_some())
    }

    /// Still with his unit.
    pub fn is_active(&self) -> bool {
        self.status == PersonalityStatus::Active
    }

    /// Rules problems with his ratings (3.1.2).
    pub fn problems(&self) -> Vec<UnitProblem> {
        let mut out = Vec::new();
        if !(-2..=3).contains(&self.charisma) {
            out.push(UnitProblem {
                field: "charisma".into(),
                message: format!("Charisma runs from -2 to +3 (3.1.2), not {}", self.charisma),
            });
        }
        if !(0..=3).contains(&self.prowess) {
            out.push(UnitProblem {
                field: "prowess".into(),
                message: format!("Prowess runs from 0 to +3 (3.1.2), not {}", self.prowess),
            });
        }
        if self.vendetta.as_deref() == Some(self.name.as_str()) {
            out.push(UnitProblem {
                field: "vendetta".into(),
                message: "a vendetta is against another personality (3.1.2)".into(),
            });
        }
        out
    }
}

/// The yellow die picks a personality, counting from the rightmost among
/// those in the stands hit; none if it is higher than their number (3.1.3.1, W-18).
pub fn pick_by_yellow(candidates: usize, yellow: Die) -> Option<usize> {
    let n = usize::from(yellow.value());
    (n <= candidates).then(|| n - 1)
}

/// Names numbered as the yellow die counts them, the first the rightmost
/// (3.1.3.1, W-32): "1 Henry V (rightmost), 2 Humphrey".
pub fn from_the_right(names: &[&str]) -> String {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if i == 0 {
                format!("1 {n} (rightmost)")
            } else {
                format!("{} {n}", i + 1)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The place the yellow die picked, counted from the right (W-32): "1st from the right".
pub fn place_from_the_right(yellow: Die) -> String {
    let n = yellow.value();
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix} from the right")
}

/// Red equal to yellow kills, anything else wounds (3.1.3.1, W-18).
pub fn hit_fate(red: Die, yellow: Die) -> Fate {
    if red == yellow {
        Fate::Killed
    } else {
        Fate::Wounded
    }
}

/// Where a personality is being hurt: some traits act only in Melee (W-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arena {
    /// In Melee (3.1.3.1, 3.1.3.2).
    Melee,
    /// Under fire (3.1.3.3).
    Shooting,
}

/// Applies Fanatical bodyguard to a fate (W-21): in Melee a kill becomes a
/// wound and he is never captured.
pub fn bodyguard(p: &Personality, fate: Fate, arena: Arena, why: &mut Explanation) -> Fate {
    if arena != Arena::Melee || !p.has(PersonalityTrait::FanaticalBodyguard) {
        return fate;
    }
    match fate {
        Fate::Killed => {
            why.line(
                format!(
                    "{} fanatical bodyguard saves his life: wounded instead of killed",
                    possessive(&p.name)
                ),
                cite("3.1.2", "W-21"),
            );
            Fate::Wounded
        }
        Fate::Captured => {
            why.line(
                format!(
                    "{} fanatical bodyguard keeps him from capture: he stays",
                    possessive(&p.name)
                ),
                cite("3.1.2", "W-21"),
            );
            Fate::Safe
        }
        other => other,
    }
}

/// The Slippery check (W-21): whenever a result would kill, wound or capture
/// him, 2 white dice; unless they are doubles and greater than the stands
/// left in his unit, he escapes. `dice` are the 2 white dice.
pub fn slippery(
    p: &Personality,
    fate: Fate,
    stands_left: u32,
    dice: [Die; 2],
    why: &mut Explanation,
) -> Fate {
    let sum = u32::from(dice[0].value() + dice[1].value());
    let caught = dice[0] == dice[1] && sum > stands_left;
    if caught {
        why.line(
            format!(
                "{} is Slippery, but {}+{} are doubles greater than the {stands_left} stands left: {fate}",
                p.name, dice[0], dice[1]
            ),
            cite("3.1.2", "W-21"),
        );
        fate
    } else {
        why.line(
            format!(
                "{} is Slippery: {}+{} are not doubles greater than the {stands_left} stands left, so he escapes",
                p.name, dice[0], dice[1]
            ),
            cite("3.1.2", "W-21"),
        );
        Fate::Escaped
    }
}

/// Whether a fate is one the Slippery check can turn into an escape (W-21).
pub fn slippery_applies(p: &Personality, fate: Fate) -> bool {
    p.has(PersonalityTrait::Slippery)
        && matches!(fate, Fate::Killed | Fate::Wounded | Fate::Captured)
}

/// A stand holding a personality is lost in Melee (3.1.3.2, W-19).
#[derive(Clone, Debug)]
pub struct StandLoss {
    /// The personality in the lost stand.
    pub personality: Personality,
    /// Stands left in his unit after the loss (for the Slippery check).
    pub stands_left: u32,
    /// An enemy personality fighting his unit who has a vendetta against him
    /// (3.1.2, W-21): captured becomes killed.
    pub vendetta_by: Option<String>,
}

/// The result of a stand-loss check.
#[derive(Clone, Debug)]
pub struct StandLossOutcome {
    /// His fate.
    pub fate: Fate,
    /// How it was decided, line by line.
    pub explanation: Explanation,
}

impl StandLoss {
    /// A red die, plus 2 white dice when he is Slippery and the red die would
    /// capture or kill him (W-19, W-21).
    pub fn needs(&self, rolled: &Dice) -> DiceCount {
        let mut need = DiceCount {
            red: 1,
            ..DiceCount::default()
        };
        if let Some(&red) = rolled.red.first() {
            let mut scratch = Explanation::default();
            let fate = bodyguard(
                &self.personality,
                self.red_fate(red),
                Arena::Melee,
                &mut scratch,
            );
            if slippery_applies(&self.personality, fate) {
                need.white = 2;
            }
        }
        need
    }

    /// Red greater than Prowess: captured; exactly twice Prowess (and greater
    /// than it): killed; otherwise safe (W-19).
    fn red_fate(&self, red: Die) -> Fate {
        let r = i32::from(red.value());
        let prowess = i32::from(self.personality.prowess);
        if r > prowess && r == 2 * prowess {
            Fate::Killed
        } else if r > prowess {
            Fate::Captured
        } else {
            Fate::Safe
        }
    }

    /// Turns the dice into his fate, with the reasons.
    pub fn resolve(&self, dice: &Dice) -> Result<StandLossOutcome, RulesError> {
        dice.expect_exactly(self.needs(dice)).map_err(|e| {
            RulesError::dice(e, "a stand lost with a personality rolls 1 red die, and 2 white for a Slippery check (3.1.3.2, W-19, W-21)")
        })?;
        let p = &self.personality;
        let red = dice.red[0];
        let mut why = Explanation::default();
        let fate = self.red_fate(red);
        why.line(
            format!(
                "Red {red} against {}'s Prowess {}: {}",
                p.name,
                p.prowess,
                match fate {
                    Fate::Killed => "exactly twice his Prowess and greater: killed",
                    Fate::Captured => "greater than his Prowess: captured",
                    _ => "not greater than his Prowess: he survives and stays with the unit",
                }
            ),
            cite("3.1.3.2", "W-19"),
        );
        let mut fate = bodyguard(p, fate, Arena::Melee, &mut why);
        if let (Fate::Captured, Some(avenger)) = (fate, &self.vendetta_by) {
            fate = Fate::Killed;
            why.line(
                format!(
                    "{avenger} has a vendetta against {}: captured fighting his unit becomes killed",
                    p.name
                ),
                cite("3.1.2, 3.1.3.2", "W-21"),
            );
        }
        if slippery_applies(p, fate) {
            fate = slippery(
                p,
                fate,
                self.stands_left,
                [dice.white[0], dice.white[1]],
                &mut why,
            );
        }
        Ok(StandLossOutcome {
            fate,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::faces;

    fn loss(prowess: i8, red: u8) -> Fate {
        let mut p = Personality::new("Odo");
        p.prowess = prowess;
        let s = StandLoss {
            personality: p,
            stands_left: 3,
            vendetta_by: None,
        };
        let dice = Dice {
            red: faces(&[red]).unwrap(),
            ..Dice::default()
        };
        s.resolve(&dice).unwrap().fate
    }

    #[test]
    fn stand_loss_by_prowess() {
        // W-19
        assert_eq!(loss(1, 1), Fate::Safe);
        assert_eq!(loss(1, 2), Fate::Killed);
        assert_eq!(loss(1, 3), Fate::Captured);
        assert_eq!(loss(2, 4), Fate::Killed);
        assert_eq!(loss(2, 2), Fate::Safe);
        assert_eq!(loss(3, 6), Fate::Killed);
        assert_eq!(loss(0, 1), Fate::Captured, "0 x 2 = 0 is never rolled");
    }

    #[test]
    fn yellow_counts_from_the_right() {
        let y = |v| Die::new(v).unwrap();
        assert_eq!(pick_by_yellow(2, y(1)), Some(0));
        assert_eq!(pick_by_yellow(2, y(2)), Some(1));
        assert_eq!(pick_by_yellow(2, y(3)), None);
        assert_eq!(
            from_the_right(&["Henry V", "Humphrey"]),
            "1 Henry V (rightmost), 2 Humphrey"
        );
        assert_eq!(place_from_the_right(y(1)), "1st from the right");
        assert_eq!(place_from_the_right(y(3)), "3rd from the right");
    }

    #[test]
    fn slippery_needs_two_more_dice_and_escapes() {
        let mut p = Personality::new("Eustace");
        p.traits.push(PersonalityTrait::Slippery);
        let s = StandLoss {
            personality: p,
            stands_left: 3,
            vendetta_by: None,
        };
        let red = Dice {
            red: faces(&[5]).unwrap(),
            ..Dice::default()
        };
        assert_eq!(s.needs(&red).white, 2);
        let mut dice = red.clone();
        dice.white = faces(&[3, 4]).unwrap();
        assert_eq!(s.resolve(&dice).unwrap().fate, Fate::Escaped);
        dice.white = faces(&[2, 2]).unwrap();
        assert_eq!(
            s.resolve(&dice).unwrap().fate,
            Fate::Captured,
            "4 > 3 stands, doubles"
        );
        dice.white = faces(&[1, 1]).unwrap();
        assert_eq!(
            s.resolve(&dice).unwrap().fate,
            Fate::Escaped,
            "2 is not > 3"
        );
    }

    #[test]
    fn bodyguard_is_never_captured_in_melee() {
        let mut p = Personality::new("Harold");
        p.traits.push(PersonalityTrait::FanaticalBodyguard);
        p.prowess = 1;
        let s = StandLoss {
            personality: p,
            stands_left: 3,
            vendetta_by: None,
        };
        let dice = |r| Dice {
            red: faces(&[r]).unwrap(),
            ..Dice::default()
        };
        assert_eq!(s.resolve(&dice(5)).unwrap().fate, Fate::Safe);
        assert_eq!(s.resolve(&dice(2)).unwrap().fate, Fate::Wounded);
    }
}
