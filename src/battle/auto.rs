//! The event the turn sequence suggests next, with the table's facts left at
//! their defaults and no dice: a console's default action, and how tests,
//! benchmarks and the crash test drive a battle without a referee.

use super::BattleError;
use super::event::Event;
use super::{Battle, Step};
use crate::dice::{Dice, DiceSource};
use crate::rules::warlords::melee::{MeleeDice, MeleeFacts};

impl Battle {
    /// The next event of the sequence (2.1): roll initiative, activate the
    /// next unit, fight the next Melee, or move on. Its dice are empty.
    pub fn suggest(&self) -> Event {
        match self.next_step() {
            Step::RollInitiative => Event::Initiative {
                a: Dice::default(),
                b: Dice::default(),
            },
            Step::Activate(unit) => Event::Activation {
                unit,
                situation: Default::default(),
                dice: Dice::default(),
                add_champion: false,
            },
            Step::FightMelee(a, b) => {
                let first_round = self.first_round(a, b);
                let facts = MeleeFacts {
                    first_round,
                    ..MeleeFacts::default()
                };
                Event::Melee {
                    a,
                    b,
                    facts_a: facts.clone(),
                    facts_b: facts,
                    rough_ground: false,
                    dice: MeleeDice::default(),
                }
            }
            Step::EndActivations(_) | Step::EndTurn => Event::NextPhase,
        }
    }

    /// Records the suggested event with dice from `source`.
    pub fn play_suggested(&mut self, source: &mut dyn DiceSource) -> Result<&Event, BattleError> {
        let event = self.complete(self.suggest(), source)?;
        self.record(event)?;
        Ok(self.events().last().expect("an event was just recorded"))
    }
}
