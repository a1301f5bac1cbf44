//! Wounding, capture and death of generals (Rule 99, WI-21): once a Move, in
//! Conclude the Move, for each general whose unit incurred APs: one die + 1
//! per AP. 10+ killed; 9 captured if his unit was in melee, otherwise badly
//! wounded; 8 wounded (wounded again: badly wounded); 7 his command base is
//! dispersed for this Move and the next; 6 or less nothing. A result never
//! improves his status; a killed or captured general is a disaster (WI-12).

use super::co::{Co, CoState, CoStatus};
use super::expect_dice;
use crate::dice::{Dice, DiceCount};
use crate::named_enum;
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, cite};

/// What the roll does to the general (Rule 99).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fate {
    /// 6 or less: no significant loss.
    Safe,
    /// 7: command base dispersed for the rest of this Move and the next.
    Dispersed,
    /// 8: wounded.
    Wounded,
    /// 9 out of melee: badly wounded.
    BadlyWounded,
    /// 9 in melee: captured.
    Captured,
    /// 10 or more: killed.
    Killed,
}
named_enum!(Fate {
    "safe" => Fate::Safe,
    "dispersed" => Fate::Dispersed,
    "wounded" => Fate::Wounded,
    "badly_wounded" => Fate::BadlyWounded,
    "captured" => Fate::Captured,
    "killed" => Fate::Killed,
});

impl Fate {
    /// In words (Rule 99): `badly wounded`, never the identifier.
    pub fn title(self) -> &'static str {
        match self {
            Fate::Safe => "no significant loss",
            Fate::Dispersed => "base dispersed",
            Fate::Wounded => "wounded",
            Fate::BadlyWounded => "badly wounded",
            Fate::Captured => "captured",
            Fate::Killed => "killed",
        }
    }
}

/// What the referee says of the general's Move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GeneralRiskSituation {
    /// APs his unit incurred this Move.
    pub aps_this_move: u32,
    /// His unit fought in melee this Move.
    pub in_melee: bool,
}

/// A general's roll about to be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralRisk {
    /// The general.
    pub co: Co,
    /// What the referee said.
    pub situation: GeneralRiskSituation,
}

/// What the roll came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneralRiskOutcome {
    /// The die + 1 per AP.
    pub score: u32,
    /// What the roll did.
    pub fate: Fate,
    /// The general after.
    pub after: CoState,
    /// He was killed or captured: a disaster (WI-12).
    pub disaster: bool,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl GeneralRisk {
    /// The roll, or why this general does not make it.
    pub fn plan(co: &Co, situation: GeneralRiskSituation) -> Result<GeneralRisk, RulesError> {
        if co.status.base_lost() {
            return Err(RulesError::refused(format!(
                "{} is already {}: there is no general left to wound (Rule 99)",
                co.name,
                co.status.title()
            )));
        }
        Ok(GeneralRisk {
            co: co.clone(),
            situation,
        })
    }

    /// One die (Rule 99).
    pub fn needs(&self) -> DiceCount {
        DiceCount::white(1)
    }

    /// The die + 1 per AP incurred this Move (Rule 99, WI-21). Odds use this.
    pub fn score(&self, face: u8) -> u32 {
        u32::from(face).saturating_add(self.situation.aps_this_move)
    }

    /// The fate for a score (Rule 99, WI-21). Odds use this.
    pub fn fate(&self, score: u32) -> Fate {
        match score {
            s if s >= 10 => Fate::Killed,
            9 if self.situation.in_melee => Fate::Captured,
            9 => Fate::BadlyWounded,
            // WI-21: a wounded general wounded again is badly wounded, so
            // the outcome (headline, odds) says what the record will hold.
            8 if self.co.status >= CoStatus::Wounded => Fate::BadlyWounded,
            8 => Fate::Wounded,
            7 => Fate::Dispersed,
            _ => Fate::Safe,
        }
    }

    /// The general after a fate: never better than before (WI-21).
    pub fn after(&self, fate: Fate) -> CoState {
        let mut state = self.co.state();
        let hurt = match fate {
            Fate::Safe => CoStatus::Well,
            Fate::Dispersed => {
                state.dispersed = true;
                CoStatus::Well
            }
            Fate::Wounded => CoStatus::Wounded,
            Fate::BadlyWounded => CoStatus::BadlyWounded,
            Fate::Captured => CoStatus::Captured,
            Fate::Killed => CoStatus::Killed,
        };
        state.status = state.status.max(hurt);
        state
    }

    /// Turns the die into the general's fate.
    pub fn resolve(&self, dice: &Dice) -> Result<GeneralRiskOutcome, RulesError> {
        expect_dice(dice, self.needs(), "a general's risk is one die (Rule 99)")?;
        let face = dice.white[0].value();
        let score = self.score(face);
        let fate = self.fate(score);
        let after = self.after(fate);
        let mut why = Explanation::default();
        let c = || cite("Rule 99", "WI-21");
        why.line(
            format!(
                "{} throws {face}, +{} for the APs his unit incurred this Move (all of the Move's, those before he joined it too): {score}",
                self.co.name, self.situation.aps_this_move
            ),
            c(),
        );
        why.line(
            match fate {
                Fate::Killed => "10 or more: the general is killed".to_string(),
                Fate::Captured => "9, his unit in melee: the general is captured".to_string(),
                Fate::BadlyWounded if score == 8 => format!(
                    "8: the general is wounded; already {}, he is badly wounded",
                    self.co.status.title()
                ),
                Fate::BadlyWounded => "9, not in melee: the general is badly wounded".to_string(),
                Fate::Wounded => "8: the general is wounded".to_string(),
                Fate::Dispersed => {
                    "7: his command base is dispersed for the rest of this Move and the next"
                        .to_string()
                }
                Fate::Safe => {
                    "6 or less: no significant loss, his base remains in action".to_string()
                }
            },
            c(),
        );
        if after.status != self.co.status || score == 8 {
            why.line(
                format!(
                    "he was {}: now {} (never better than before)",
                    self.co.status.title(),
                    after.status.title()
                ),
                c(),
            );
        }
        let disaster = after.status.base_lost();
        if disaster {
            why.line(
                "a general killed or captured is a disaster",
                cite("Rule 99", "WI-12"),
            );
        }
        Ok(GeneralRiskOutcome {
            score,
            fate,
            after,
            disaster,
            explanation: why,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(co: &Co, aps: u32, in_melee: bool, face: u8) -> GeneralRiskOutcome {
        let s = GeneralRiskSituation {
            aps_this_move: aps,
            in_melee,
        };
        GeneralRisk::plan(co, s)
            .unwrap()
            .resolve(&Dice::white(&[face]).unwrap())
            .unwrap()
    }

    #[test]
    fn rule_99_bands() {
        let co = Co::new("Crassus", 2);
        let fates: Vec<Fate> = (1..=6).map(|f| roll(&co, 4, false, f).fate).collect();
        use Fate::*;
        assert_eq!(
            fates,
            [Safe, Safe, Dispersed, Wounded, BadlyWounded, Killed]
        );
        assert_eq!(roll(&co, 4, true, 5).fate, Captured);
        assert!(roll(&co, 4, true, 5).disaster);
        assert!(roll(&co, 4, false, 3).after.dispersed);
    }

    #[test]
    fn wounds_never_heal_by_a_roll() {
        let mut co = Co::new("Crassus", 2);
        co.status = CoStatus::Wounded;
        let out = roll(&co, 3, false, 5);
        assert_eq!(
            (out.fate, out.after.status),
            (Fate::BadlyWounded, CoStatus::BadlyWounded)
        );
        co.status = CoStatus::BadlyWounded;
        assert_eq!(roll(&co, 3, false, 5).after.status, CoStatus::BadlyWounded);
        assert_eq!(roll(&co, 0, false, 6).after.status, CoStatus::BadlyWounded);
        co.status = CoStatus::Killed;
        assert!(GeneralRisk::plan(&co, GeneralRiskSituation::default()).is_err());
    }
}
