//! The initiative check (PW-4 to PW-7) and the Warlord's card transfers
//! (PW-8): 1D20 against SR + 10, cards drawn by type, a bonus card on a 1,
//! cards lost for rolling over, the hand limit.

use super::house::{HAND_LIMIT, ONE_ALWAYS_SUCCEEDS, OVER_LOSS};
use super::personality::{Personality, PersonalityType};
use crate::dice::{DiceError, Die};
use crate::rules::RulesError;
use crate::rules::explain::{Explanation, Modifier, cite, total};
use crate::rules::house::House;

const SEC: &str = "Command Cards";

/// An initiative check planned: the modified initiative.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitiativeCheck {
    /// The personality.
    pub personality: Personality,
    /// SR + 10 and the modifiers.
    pub modifiers: Vec<Modifier>,
}

/// An initiative check's outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitiativeOutcome {
    /// The modified initiative.
    pub initiative: i32,
    /// The d20 rolled.
    pub roll: u8,
    /// Equal to or less than the initiative (or a 1).
    pub success: bool,
    /// Points over (0 on a success).
    pub over: u32,
    /// Cards that entered the hand, the bonus card excluded.
    pub drawn: u32,
    /// A 1 was rolled: one card more, whatever the hand holds.
    pub bonus_card: bool,
    /// Cards the roll costs, even beyond the hand held.
    pub lost: u32,
    /// Cards cut from a hand above the limit at the check (PW-7).
    pub trimmed: u32,
    /// The hand after.
    pub hand: u32,
    /// The lines that made it.
    pub explanation: Explanation,
}

impl InitiativeCheck {
    /// The personality's initiative (PW-4): SR + 10, -5 wounded, -1 per
    /// uncontrolled action. Refused without an SR, which the text does not give.
    pub fn plan(p: &Personality) -> Result<InitiativeCheck, RulesError> {
        let Some(sr) = p.sr else {
            return Err(RulesError::refused(format!(
                "{} has no SR: the text gives no SR values; give 'sr' from the army list (PW-4)",
                p.name
            )));
        };
        let c = |r: &str| cite(SEC, r);
        let mut modifiers = vec![
            Modifier::new(sr, "SR", c("PW-4")),
            Modifier::new(10, "initiative check (SR+10)", c("PW-4")),
        ];
        if p.wounded {
            modifiers.push(Modifier::new(-5, "personality is wounded", c("PW-4")));
        }
        if p.uncontrolled_actions > 0 {
            let n = p.uncontrolled_actions as i32;
            modifiers.push(Modifier::new(
                -n,
                format!("{n} uncontrolled action{}", if n == 1 { "" } else { "s" }),
                c("PW-4"),
            ));
        }
        Ok(InitiativeCheck {
            personality: p.clone(),
            modifiers,
        })
    }

    /// The modified initiative.
    pub fn initiative(&self) -> i32 {
        total(&self.modifiers)
    }

    /// The outcome of one d20.
    pub fn resolve(&self, d20: &[Die], house: &House) -> Result<InitiativeOutcome, RulesError> {
        let [die] = d20 else {
            return Err(RulesError::dice(
                DiceError::Count {
                    colour: crate::dice::Colour::D20,
                    need: 1,
                    have: d20.len(),
                },
                "the initiative check is one 1D20 (PW-1, PW-4)",
            ));
        };
        let roll = die.value();
        let p = &self.personality;
        let c = |r: &str| cite(SEC, r);
        let mut ex = Explanation::default();
        let initiative = self.initiative();
        ex.line(
            format!(
                "{}'s initiative check: roll 1D20, equal to or under the initiative",
                p.name
            ),
            c("PW-4"),
        );
        ex.modifiers(&self.modifiers);
        ex.line(format!("initiative {initiative}"), c("PW-4"));
        let one = roll == 1;
        let one_succeeds = one && house.is_on(&ONE_ALWAYS_SUCCEEDS);
        let success = i32::from(roll) <= initiative || one_succeeds;
        if one && initiative < 1 {
            ex.line(
                if one_succeeds {
                    "a 1 succeeds even below an initiative of 1"
                } else {
                    "house option: a 1 fails below an initiative of 1"
                },
                c(if one_succeeds {
                    "PW-5"
                } else {
                    "PW-5, house option"
                }),
            );
        }
        let limit = p.kind.cards();
        let mut hand = p.hand;
        let mut trimmed = 0;
        let (mut drawn, mut lost, mut over) = (0, 0, 0);
        // PW-6 first on a roll over: he "loses a card, and for every 5
        // points over (or part thereof) he loses another" from the hand he
        // holds; the cut to the limit (PW-7) takes only what is still above
        // it after (a hand within the limit "at any time" after the check).
        if !success {
            over = (i32::from(roll) - initiative).max(0) as u32;
            lost = match house.word(&OVER_LOSS) {
                "first_card_counts" => over.div_ceil(5),
                "once_plus_full_fives" => 1 + over / 5,
                _ => 1 + over.div_ceil(5),
            };
            let held = hand;
            hand = hand.saturating_sub(lost);
            ex.line(
                format!(
                    "{roll}: {over} over; he loses a card, and another for every 5 points over or part: {lost} lost, {held} held, {hand} left",
                ),
                if house.value(&OVER_LOSS) == OVER_LOSS.default { c("PW-2, PW-6") } else { OVER_LOSS.cite() },
            );
        }
        if hand > limit && !one {
            if house.word(&HAND_LIMIT) == "keep" {
                ex.line(
                    format!(
                        "{hand} cards, above the {} limit of {limit}: kept (house option)",
                        p.kind.title()
                    ),
                    HAND_LIMIT.cite(),
                );
            } else {
                trimmed = hand - limit;
                ex.line(
                    format!(
                        "{hand} cards, above the {} limit of {limit} without a 1: cut to {limit}",
                        p.kind.title()
                    ),
                    c("PW-7"),
                );
                hand = limit;
            }
        }
        if success {
            drawn = limit.saturating_sub(hand).min(p.kind.cards());
            hand += drawn;
            ex.line(
                format!(
                    "{roll}: success; a {} draws {}, the hand fills to {limit}: {drawn} drawn",
                    p.kind.title(),
                    p.kind.cards()
                ),
                c("PW-4, PW-7"),
            );
        }
        if one {
            hand += 1;
            ex.line("a 1: a bonus card, whatever the hand holds", c("PW-5"));
        }
        Ok(InitiativeOutcome {
            initiative,
            roll,
            success,
            over,
            drawn,
            bonus_card: one,
            lost,
            trimmed,
            hand,
            explanation: ex,
        })
    }
}

/// One transfer: a personality and the cards the Warlord gives him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// The personality receiving.
    pub to: Personality,
    /// The cards given (at most 1).
    pub cards: u32,
}

/// The hands after the transfers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransferOutcome {
    /// The Warlord's hand after.
    pub warlord_hand: u32,
    /// Each receiver's hand after, in order.
    pub hands: Vec<u32>,
    /// The lines that made it.
    pub explanation: Explanation,
}

/// The Warlord's transfers (PW-8): 1 card to each personality he commands,
/// from his own hand; never a Leader above 3.
pub fn transfer(warlord: &Personality, to: &[Transfer]) -> Result<TransferOutcome, RulesError> {
    let c = |r: &str| cite("Transferring Command Cards", r);
    let refuse = |s: String| Err(RulesError::refused(s));
    if warlord.kind != PersonalityType::Warlord {
        return refuse(format!(
            "{} is a Leader: only a Warlord transfers cards (PW-8)",
            warlord.name
        ));
    }
    let mut ex = Explanation::default();
    let mut left = warlord.hand;
    let mut hands = Vec::new();
    for (i, t) in to.iter().enumerate() {
        if to[..i].iter().any(|o| o.to.name == t.to.name) {
            return refuse(format!(
                "{} is given cards twice: a Warlord transfers 1 card to EACH personality (PW-8)",
                t.to.name
            ));
        }
        if t.cards > 1 {
            return refuse(format!(
                "{} cards to {}: a Warlord may transfer 1 card to each personality (PW-8)",
                t.cards, t.to.name
            ));
        }
        if t.cards > left {
            return refuse(format!(
                "{} holds {left} card{} left: he cannot give one to {} (PW-8)",
                warlord.name,
                if left == 1 { "" } else { "s" },
                t.to.name
            ));
        }
        let after = t.to.hand + t.cards;
        if after > t.to.kind.cards() {
            return refuse(format!(
                "a card to {} would bring his hand to {after}, above the {} limit of {} (PW-8)",
                t.to.name,
                t.to.kind.title(),
                t.to.kind.cards()
            ));
        }
        left -= t.cards;
        ex.line(
            format!(
                "{} gives {} {} card: {} -> {after}",
                warlord.name, t.to.name, t.cards, t.to.hand
            ),
            c("PW-8"),
        );
        hands.push(after);
    }
    ex.line(format!("{} keeps {left}", warlord.name), c("PW-8"));
    Ok(TransferOutcome {
        warlord_hand: left,
        hands,
        explanation: ex,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn house() -> House {
        crate::rules::System::ParkersWarlord.house_defaults()
    }

    fn p(kind: PersonalityType, sr: i32, hand: u32) -> Personality {
        Personality {
            name: "Sir Hugh".into(),
            kind,
            sr: Some(sr),
            hand,
            ..Personality::default()
        }
    }

    fn d(v: u8) -> Vec<Die> {
        vec![Die::of(v, 20).unwrap()]
    }

    #[test]
    fn success_draws_to_the_limit_and_a_1_adds_a_bonus_card() {
        let h = house();
        let o = InitiativeCheck::plan(&p(PersonalityType::Leader, 3, 0))
            .unwrap()
            .resolve(&d(9), &h)
            .unwrap();
        assert_eq!((o.initiative, o.success, o.drawn, o.hand), (13, true, 3, 3));
        let o = InitiativeCheck::plan(&p(PersonalityType::Warlord, 2, 2))
            .unwrap()
            .resolve(&d(12), &h)
            .unwrap();
        assert_eq!((o.drawn, o.hand), (3, 5));
        let o = InitiativeCheck::plan(&p(PersonalityType::Leader, 1, 3))
            .unwrap()
            .resolve(&d(1), &h)
            .unwrap();
        assert_eq!((o.drawn, o.bonus_card, o.hand), (0, true, 4));
    }

    #[test]
    fn rolling_over_loses_one_and_one_per_five_or_part() {
        let h = house();
        let mut w = p(PersonalityType::Leader, 4, 3);
        w.wounded = true;
        let o = InitiativeCheck::plan(&w)
            .unwrap()
            .resolve(&d(10), &h)
            .unwrap();
        assert_eq!((o.initiative, o.over, o.lost, o.hand), (9, 1, 2, 1));
        let o = InitiativeCheck::plan(&p(PersonalityType::Leader, 0, 1))
            .unwrap()
            .resolve(&d(20), &h)
            .unwrap();
        assert_eq!((o.over, o.lost, o.hand), (10, 3, 0));
    }

    #[test]
    fn no_sr_is_refused_naming_the_field() {
        let mut x = p(PersonalityType::Leader, 0, 0);
        x.sr = None;
        let e = InitiativeCheck::plan(&x).unwrap_err().to_string();
        assert!(e.contains("'sr'"), "{e}");
    }

    #[test]
    fn transfers_never_bring_a_leader_above_3() {
        let w = p(PersonalityType::Warlord, 2, 4);
        let mut a = p(PersonalityType::Leader, 1, 2);
        a.name = "A".into();
        let o = transfer(
            &w,
            &[Transfer {
                to: a.clone(),
                cards: 1,
            }],
        )
        .unwrap();
        assert_eq!((o.warlord_hand, o.hands.clone()), (3, vec![3]));
        a.hand = 3;
        assert!(transfer(&w, &[Transfer { to: a, cards: 1 }]).is_err());
    }
}
