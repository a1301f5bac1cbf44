//! Exact odds of Parker's Warlord's initiative check: each of the 20 faces
//! of the d20 (PW-1) run through the very `resolve` a case is resolved by.

use super::Distribution;
use crate::dice::Die;
use crate::rules::house::House;
use crate::rules::parkers_warlord::InitiativeCheck;

/// The odds of an initiative check.
#[derive(Clone, Debug, PartialEq)]
pub struct InitiativeOdds {
    /// The chance it succeeds.
    pub success: f64,
    /// The chance of a 1 (a bonus card).
    pub bonus_card: f64,
    /// Cards drawn.
    pub drawn: Distribution<u32>,
    /// Cards lost.
    pub lost: Distribution<u32>,
    /// The hand after.
    pub hand: Distribution<u32>,
}

/// The odds of `plan`.
pub fn initiative_check(plan: &InitiativeCheck, house: &House) -> InitiativeOdds {
    let p = 1.0 / 20.0;
    let (mut success, mut bonus) = (0.0, 0.0);
    let (mut drawn, mut lost, mut hand) = (Vec::new(), Vec::new(), Vec::new());
    for face in 1..=20u8 {
        let Some(d) = Die::of(face, 20) else { continue };
        if let Ok(o) = plan.resolve(&[d], house) {
            if o.success {
                success += p;
            }
            if o.bonus_card {
                bonus += p;
            }
            drawn.push((o.drawn, p));
            lost.push((o.lost, p));
            hand.push((o.hand, p));
        }
    }
    InitiativeOdds {
        success,
        bonus_card: bonus,
        drawn: Distribution::gather_sorted(drawn),
        lost: Distribution::gather_sorted(lost),
        hand: Distribution::gather_sorted(hand),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parkers_warlord::{Personality, PersonalityType};

    #[test]
    fn an_initiative_of_13_succeeds_13_times_in_20() {
        let h = crate::rules::System::ParkersWarlord.house_defaults();
        let p = Personality {
            name: "x".into(),
            kind: PersonalityType::Leader,
            sr: Some(3),
            ..Personality::default()
        };
        let o = initiative_check(&InitiativeCheck::plan(&p).unwrap(), &h);
        assert!((o.success - 13.0 / 20.0).abs() < 1e-12);
        assert!((o.bonus_card - 0.05).abs() < 1e-12);
        // 2 to 13 fill the hand to 3; a 1 adds the bonus card.
        assert!((o.hand.probability(3) - 12.0 / 20.0).abs() < 1e-12);
        assert!((o.hand.probability(4) - 1.0 / 20.0).abs() < 1e-12);
    }
}
