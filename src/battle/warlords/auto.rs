//! The event the turn sequence suggests next, with the table's facts left at
//! their defaults and no dice: a console's default action, and how tests,
//! benchmarks and the crash test drive a battle without a referee.

use super::event::Event;
use super::{Battle, Due, Duty, Step};
use crate::battle::BattleError;
use crate::dice::{Dice, DiceSource};
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::charge::ChargeMove;
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
                    before_w24: false,
                }
            }
            Step::EndActivations(_) | Step::EndTurn => Event::NextPhase,
            Step::Duty(i) => self.duty_event(&self.duties()[i]),
        }
    }

    /// The event that does a duty, with the table's facts at their defaults:
    /// a flight, a Berserk Move at full speed toward the enemy (2.4.10), the
    /// Random Move before a Halt (2.2.1), following up (2.6.3), the Berserk
    /// test (2.6.3), the stand-loss roll (3.1.3.2); a shower is declined.
    pub fn duty_event(&self, d: &Duty) -> Event {
        let unit = d.unit;
        let spans = self.unit(unit).map_or(1, |u| u.unit.move_distance().max(1));
        match &d.due {
            Due::Flee => Event::Flee {
                unit,
                obstacle_stands: 0,
                dice: Dice::default(),
            },
            Due::BerserkMove | Due::RandomMoveThenHalt => Event::RandomMove {
                unit,
                spans,
                toward: None,
                dice: Dice::default(),
            },
            Due::FollowUp { loser } => Event::FollowUp {
                unit,
                loser: *loser,
                follows: true,
            },
            Due::BerserkTest { broke } => Event::Reaction {
                unit,
                cause: *broke,
                situation: ActivationSituation {
                    enemy_in_charge_distance: true,
                    ..ActivationSituation::default()
                },
                dice: Dice::default(),
            },
            // 3.1.3.2: by default the first personality not yet named was in
            // the lost stand; with none left, nobody was.
            Due::StandLoss { named, enemy, .. } => {
                match self.unit(unit).and_then(|u| {
                    u.unit
                        .active_personalities()
                        .find(|p| !named.contains(&p.name))
                        .map(|p| p.name.clone())
                }) {
                    Some(personality) => Event::StandLoss {
                        unit,
                        personality,
                        enemy: *enemy,
                        dice: Dice::default(),
                    },
                    None => Event::Dismiss {
                        unit,
                        due: d.due.code().to_string(),
                    },
                }
            }
            Due::Shower { .. } => Event::Dismiss {
                unit,
                due: d.due.code().to_string(),
            },
            // 2.4.4.1, 2.4.4.2: the charge move (none when a counter-charger
            // meets it halfway), then contact.
            Due::Charge { target, moved } => {
                let (target, moved) = (*target, *moved);
                match self.charge_move(unit, target) {
                    Some(ChargeMove::CounterChargerOn { spans }) if !moved => Event::RandomMove {
                        unit: target,
                        spans,
                        toward: Some(unit),
                        dice: Dice::default(),
                    },
                    Some(m) if !moved && m != ChargeMove::MeetHalfway => Event::RandomMove {
                        unit,
                        spans: m.spans().unwrap_or(spans),
                        toward: Some(target),
                        dice: Dice::default(),
                    },
                    _ => Event::Contact {
                        charger: unit,
                        target,
                    },
                }
            }
        }
    }

    /// Records the suggested event with dice from `source`.
    pub fn play_suggested(&mut self, source: &mut dyn DiceSource) -> Result<&Event, BattleError> {
        let event = self.complete(self.suggest(), source)?;
        self.record(event)?;
        Ok(self.events().last().expect("an event was just recorded"))
    }
}
