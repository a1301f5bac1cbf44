//! What results leave to do, in the console: opening the panel of a duty
//! the battle holds (a flight, a Berserk Move, a Random Move and Halt, the
//! follow-up, a Berserk test, a stand loss, a shower), setting one aside,
//! and the small dialogs around them: field defences (3.3.3), falling back
//! into something (2.6.2.1), the personalities in the stands hit (3.1.3.1,
//! W-20) and a formation change's files and pavises (2.3.3, 3.3.3.4).

use super::App;
use crate::battle::UnitId;
use crate::battle::warlords::{Correction, Due, Duty, Event};
use crate::rules::Side;
use crate::rules::warlords::activation::ActivationSituation;
use crate::rules::warlords::falling_back::FellInto;
use crate::rules::warlords::field_defences::Defence;
use crate::tui::warlords::dialog::{
    Dialog, FallBack, HitStands, LostStand, Procedure, Purpose, Resolve,
};

impl App {
    /// Opens the panel of the battle's duty `i` (the walker's next step).
    pub(super) fn open_duty(&mut self, i: usize) {
        if let Some(d) = self.battle.duties().get(i).cloned() {
            self.open_duty_for(&d);
        }
    }

    /// Opens the panel that does a duty.
    pub(super) fn open_duty_for(&mut self, d: &Duty) {
        let unit = d.unit;
        self.select(unit);
        let procedure = match &d.due {
            Due::Flee => Procedure::Flee {
                unit,
                obstacle_stands: 0,
            },
            Due::BerserkMove => Procedure::Pursue { unit, toward: None },
            Due::RandomMoveThenHalt => Procedure::Halt { unit },
            Due::FollowUp { loser } => {
                return self.dialogs.push(Dialog::FollowUp {
                    unit,
                    loser: *loser,
                });
            }
            Due::BerserkTest { broke } => Procedure::Reaction {
                unit,
                cause: *broke,
                purpose: Purpose::BerserkTest,
                situation: ActivationSituation {
                    enemy_in_charge_distance: true,
                    ..self.default_situation(unit)
                },
            },
            // 3.1.3.2, W-19: first, whose stand it was (the live count).
            Due::StandLoss { .. } => {
                let Some(Due::StandLoss {
                    lost,
                    stands,
                    named,
                    enemy,
                }) = self
                    .battle
                    .duties()
                    .iter()
                    .find(|x| x.same_step(d))
                    .map(|x| x.due.clone())
                else {
                    return;
                };
                let names = self.battle.unit(unit).map_or(Vec::new(), |u| {
                    u.unit
                        .active_personalities()
                        .filter(|p| !named.contains(&p.name))
                        .map(|p| p.name.clone())
                        .collect()
                });
                return self.dialogs.push(Dialog::LostStand(LostStand {
                    unit,
                    enemy,
                    lost,
                    stands,
                    named,
                    names,
                    line: 0,
                }));
            }
            Due::Shower { at } => return self.open_shooting(unit, *at, false, true),
            // 2.4.4.1, 2.6.3: the declared charge's panel, as the record holds it.
            Due::Charge { target, moved } => return self.open_charge(unit, *target, *moved),
        };
        self.dialogs.push(Dialog::Resolve(Resolve::new(procedure)));
    }

    /// Enter on whose stand was lost: that personality was in it; his
    /// roll's panel opens (3.1.3.2, W-19).
    pub(super) fn pick_lost_stand(&mut self) {
        let Some(Dialog::LostStand(l)) = self.dialogs.last() else {
            return;
        };
        let Some(personality) = l.names.get(l.line).cloned() else {
            return;
        };
        let (unit, enemy) = (l.unit, l.enemy);
        self.dialogs.pop();
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::StandLoss {
                unit,
                personality,
                enemy,
            })));
    }

    /// n on whose stand was lost: no personality (or no other) was in the
    /// lost stands; nobody rolls (3.1.3.2).
    pub(super) fn nobody_in_stand(&mut self) {
        let Some(Dialog::LostStand(l)) = self.dialogs.last() else {
            return;
        };
        let unit = l.unit;
        match self.battle.record(Event::Dismiss {
            unit,
            due: "stand_loss".to_string(),
        }) {
            Ok(e) => {
                let text = e.summary.clone();
                self.dialogs.pop();
                self.say(format!("{text}; u undoes"));
                self.sync_after_duty();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// The duty the top panel does, if it does one: its unit and written form.
    fn duty_on_top(&self) -> Option<(UnitId, &'static str)> {
        let top = self.dialogs.last()?;
        let (unit, code) = match top {
            Dialog::FollowUp { unit, .. } => (*unit, "follow_up"),
            Dialog::LostStand(l) => (l.unit, "stand_loss"),
            Dialog::Resolve(Resolve {
                procedure,
                rolled: None,
                ..
            }) => match procedure {
                Procedure::Flee { unit, .. } => (*unit, "flee"),
                Procedure::Pursue { unit, .. } => (*unit, "berserk_move"),
                Procedure::Halt { unit } => (*unit, "random_move_then_halt"),
                Procedure::StandLoss { unit, .. } => (*unit, "stand_loss"),
                Procedure::Reaction {
                    unit,
                    purpose: Purpose::BerserkTest,
                    ..
                } => (*unit, "berserk_test"),
                Procedure::Shooting {
                    shooter, situation, ..
                } if situation.contact => (*shooter, "shower"),
                Procedure::Charge { unit, .. } => (*unit, "charge"),
                _ => return None,
            },
            _ => return None,
        };
        self.battle
            .duties()
            .iter()
            .any(|d| d.unit == unit && d.due.code() == code)
            .then_some((unit, code))
    }

    /// z: the referee sets aside the duty the top panel does (the table has made it moot).
    pub(super) fn set_aside(&mut self) {
        let Some((unit, due)) = self.duty_on_top() else {
            return self.set_resolve_error(
                "this panel does no step a result left: Esc backs out".to_string(),
            );
        };
        match self.battle.record(Event::Dismiss {
            unit,
            due: due.to_string(),
        }) {
            Ok(e) => {
                let text = e.summary.clone();
                self.dialogs.pop();
                self.say(format!("{text}; u undoes"));
                self.sync_after_duty();
            }
            Err(e) => self.set_resolve_error(e.to_string()),
        }
    }

    /// After a duty is done or set aside outside a panel's roll: the Melee
    /// result below learns of it, or the walker goes on.
    fn sync_after_duty(&mut self) {
        if matches!(self.dialogs.last(), Some(Dialog::Resolve(r)) if r.rolled.is_some()) {
            return;
        }
        if self.dialogs.is_empty() {
            self.follow_walker();
        }
    }

    /// n on a Berserk Move: no enemy visible within 45 degrees of its front:
    /// it goes back to Ready (2.4.10).
    pub(super) fn calm(&mut self) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Pursue { unit, .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let unit = *unit;
        match self.battle.record(Event::Calm { unit }) {
            Ok(e) => {
                let text = e.summary.clone();
                self.dialogs.pop();
                self.say(text);
                self.sync_after_duty();
            }
            Err(e) => self.set_resolve_error(e.to_string()),
        }
    }

    /// n on a flight: a Broken unit with no direction to flee (1.7.3).
    pub(super) fn nowhere_to_flee(&mut self) {
        let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Flee { unit, .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let unit = *unit;
        match self.battle.record(Event::Trapped { unit }) {
            Ok(e) => {
                let text = e.summary.clone();
                self.dialogs.pop();
                self.say(format!("{text} (1.7.3); u undoes"));
                self.sync_after_duty();
            }
            Err(e) => self.set_resolve_error(e.to_string()),
        }
    }

    /// + and - on a flight: stands that cannot avoid an obstacle (2.4.11).
    pub(super) fn obstacle_by(&mut self, n: i8) {
        let stands = match self.dialogs.last() {
            Some(Dialog::Resolve(Resolve {
                procedure: Procedure::Flee { unit, .. },
                ..
            })) => self.battle.unit(*unit).map_or(0, |u| u.unit.stands),
            _ => return,
        };
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Flee {
                obstacle_stands, ..
            },
            rolled: None,
            ..
        })) = self.dialogs.last_mut()
        {
            *obstacle_stands = obstacle_stands
                .saturating_add_signed(i32::from(n))
                .min(stands);
        }
    }

    /// y or n on the follow-up (2.6.3, W-26).
    pub(super) fn follow_up(&mut self, follows: bool) {
        let Some(Dialog::FollowUp { unit, loser }) = self.dialogs.last() else {
            return;
        };
        let (unit, loser) = (*unit, *loser);
        match self.battle.record(Event::FollowUp {
            unit,
            loser,
            follows,
        }) {
            Ok(e) => {
                let text = e.summary.clone();
                self.dialogs.pop();
                self.say(text);
                self.sync_after_duty();
            }
            Err(e) => self.refuse(e.to_string()),
        }
    }

    /// d: a moving unit (or the charger of the open charge) reaches stakes, a tabor or a berm.
    pub(super) fn open_defence(&mut self) {
        let (unit, charging) = match self.dialogs.last() {
            // 2.4.4.1: a charger Halted on the way no longer counts as
            // charging: it stops at the stakes, with no test (3.3.3.3).
            Some(Dialog::Resolve(Resolve {
                procedure: Procedure::Charge { unit, .. },
                ..
            })) => (
                *unit,
                !self.battle.unit(*unit).is_some_and(|u| u.halted_this_turn),
            ),
            Some(Dialog::Resolve(Resolve {
                procedure: Procedure::Activation { unit, .. },
                rolled: Some(_),
                ..
            })) => {
                let moving = self.battle.unit(*unit).is_some_and(|u| u.unit.moving);
                if !moving {
                    return self.set_resolve_error(
                        "only a moving unit runs into stakes, a tabor or a berm (3.3.3)"
                            .to_string(),
                    );
                }
                (*unit, false)
            }
            _ => return,
        };
        self.dialogs
            .push(Dialog::Resolve(Resolve::new(Procedure::Defence {
                unit,
                defence: Defence::Stakes,
                charging,
            })));
    }

    /// Tab on a field defence: stakes, tabor, berm.
    pub(super) fn next_defence(&mut self) {
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Defence { defence, .. },
            rolled: None,
            ..
        })) = self.dialogs.last_mut()
        {
            *defence = match defence {
                Defence::Stakes => Defence::Tabor,
                Defence::Tabor => Defence::Berm,
                Defence::Berm => Defence::Stakes,
            };
        }
    }

    /// p on the shot panel: the order of the target's personalities from
    /// the right, which the yellow die counts (W-15, W-32).
    fn open_order(&mut self, target: UnitId) {
        let Some(u) = self.battle.unit(target) else {
            return;
        };
        let names: Vec<(String, bool)> = u
            .unit
            .active_personalities()
            .map(|p| (p.name.clone(), true))
            .collect();
        if names.is_empty() {
            return self.set_resolve_error(format!("{} has no personality with it", u.unit.name));
        }
        self.dialogs.push(Dialog::HitStands(HitStands {
            side: target.side,
            names,
            line: 0,
            order_of: Some(target),
        }));
    }

    /// p on the Melee panel: the personalities of the side marked ▸ in the
    /// stands the enemy hits, and their order from the right (3.1.3.1).
    /// On the shot panel: the order of the target's personalities (W-32).
    pub(super) fn open_hit_stands(&mut self) {
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Shooting { target, .. },
            rolled: None,
            ..
        })) = self.dialogs.last()
        {
            return self.open_order(*target);
        }
        let Some(Dialog::Resolve(Resolve {
            procedure:
                Procedure::Melee {
                    a,
                    b,
                    facts_a,
                    facts_b,
                    side,
                    ..
                },
            rolled: None,
            ..
        })) = self.dialogs.last()
        else {
            return;
        };
        let (id, facts) = if *side == Side::A {
            (*a, facts_a)
        } else {
            (*b, facts_b)
        };
        let side = *side;
        let Some(u) = self.battle.unit(id) else {
            return;
        };
        let active: Vec<String> = u
            .unit
            .active_personalities()
            .map(|p| p.name.clone())
            .collect();
        if active.is_empty() {
            return self.set_resolve_error(format!("{} has no personality with it", u.unit.name));
        }
        let names = match &facts.personalities_in_hit_stands {
            Some(hit) => {
                let mut v: Vec<(String, bool)> = hit
                    .iter()
                    .filter(|n| active.contains(n))
                    .map(|n| (n.clone(), true))
                    .collect();
                v.extend(
                    active
                        .iter()
                        .filter(|n| !hit.contains(n))
                        .map(|n| (n.clone(), false)),
                );
                v
            }
            None => active.into_iter().map(|n| (n, true)).collect(),
        };
        self.dialogs.push(Dialog::HitStands(HitStands {
            side,
            names,
            line: 0,
            order_of: None,
        }));
    }

    /// w on the Melee panel: every front-rank stand holds a personality (W-20): as counted, yes, no.
    pub(super) fn prowess(&mut self) {
        if let Some(Dialog::Resolve(Resolve {
            procedure:
                Procedure::Melee {
                    facts_a,
                    facts_b,
                    side,
                    ..
                },
            rolled: None,
            error,
            ..
        })) = self.dialogs.last_mut()
        {
            *error = None;
            let f = if *side == Side::A { facts_a } else { facts_b };
            f.personalities_fill_front = match f.personalities_fill_front {
                None => Some(true),
                Some(true) => Some(false),
                Some(false) => None,
            };
        }
    }

    /// Space in the personalities' list: in a stand the enemy hit, or not.
    pub(super) fn toggle_line(&mut self) {
        if let Some(Dialog::HitStands(h)) = self.dialogs.last_mut()
            && h.order_of.is_none()
            && let Some((_, on)) = h.names.get_mut(h.line)
        {
            *on = !*on;
        }
    }

    /// [ and ]: move a personality one place right or left (3.1.3.1: the
    /// yellow die counts from the right).
    pub(super) fn move_line(&mut self, n: i8) {
        if let Some(Dialog::HitStands(h)) = self.dialogs.last_mut() {
            let to = h.line as i64 + i64::from(n);
            if to >= 0 && (to as usize) < h.names.len() {
                h.names.swap(h.line, to as usize);
                h.line = to as usize;
            }
        }
    }

    /// Enter in the personalities' list: back to the Melee with them set.
    pub(super) fn close_hit_stands(&mut self) {
        let Some(Dialog::HitStands(h)) = self.dialogs.pop() else {
            return;
        };
        if let Some(unit) = h.order_of {
            return self.record_order(unit, h.names.into_iter().map(|(n, _)| n).collect());
        }
        let hit: Vec<String> = h
            .names
            .into_iter()
            .filter(|(_, on)| *on)
            .map(|(n, _)| n)
            .collect();
        if let Some(Dialog::Resolve(Resolve {
            procedure: Procedure::Melee {
                facts_a, facts_b, ..
            },
            rolled: None,
            ..
        })) = self.dialogs.last_mut()
        {
            let f = if h.side == Side::A { facts_a } else { facts_b };
            f.personalities_in_hit_stands = Some(hit);
        }
    }

    /// Records the order of a unit's personalities from the right, when it
    /// changed (W-32): an event, so a replay and the report count the same.
    fn record_order(&mut self, unit: UnitId, order: Vec<String>) {
        let Some(u) = self.battle.unit(unit) else {
            return;
        };
        let now: Vec<&String> = u.unit.active_personalities().map(|p| &p.name).collect();
        if now.iter().copied().eq(order.iter()) {
            return;
        }
        let event = Event::Correct {
            unit,
            correction: Correction::PersonalityOrder(order),
        };
        match self.battle.record(event) {
            Ok(e) => {
                let text = e.summary.clone();
                self.say(format!("{text}; u undoes"));
            }
            Err(e) => self.set_resolve_error(e.to_string()),
        }
    }

    /// Opens the form for a unit that fell back into something (2.6.2.1).
    pub(super) fn open_fall_back(&mut self, unit: UnitId) {
        let on_table = |s: Side| {
            self.battle
                .units(s)
                .filter(|(id, u)| *id != unit && !u.off_table())
                .map(|(id, _)| id)
                .collect::<Vec<_>>()
        };
        let mut others = on_table(unit.side);
        others.extend(on_table(unit.side.other()));
        self.dialogs.push(Dialog::FallBack(FallBack {
            unit,
            into: FellInto::Obstacle,
            other: 0,
            others,
            other_front: true,
            rear_stands: None,
            asking_rear: false,
            error: None,
            typed: String::new(),
        }));
    }

    fn fall_back_mut(&mut self) -> Option<&mut FallBack> {
        match self.dialogs.last_mut() {
            Some(Dialog::FallBack(f)) => {
                f.error = None;
                Some(f)
            }
            _ => None,
        }
    }

    /// o, f, e, r: what the falling-back unit ran into; the unit list starts on a fitting side.
    pub(super) fn fall_into(&mut self, into: FellInto) {
        if let Some(f) = self.fall_back_mut() {
            f.into = into;
            f.typed.clear();
            f.asking_rear = false;
            let friend = into == FellInto::Friend;
            if let Some(i) = f
                .others
                .iter()
                .position(|o| (o.side == f.unit.side) == friend)
            {
                let here = f
                    .others
                    .get(f.other)
                    .is_some_and(|o| (o.side == f.unit.side) == friend);
                if !here {
                    f.other = i;
                }
            }
        }
    }

    /// Tab/Shift-Tab, ←→, ↑↓: the unit it ran into, among the units of
    /// the kind chosen (a friend for `f`, an enemy for `e` and `r`).
    pub(super) fn other_unit(&mut self, n: i8) {
        if let Some(f) = self.fall_back_mut()
            && !f.others.is_empty()
        {
            let friend = f.into == FellInto::Friend;
            let kind: Vec<usize> = (0..f.others.len())
                .filter(|&i| (f.others[i].side == f.unit.side) == friend)
                .collect();
            if kind.is_empty() {
                return;
            }
            let len = kind.len() as i64;
            let at = kind
                .iter()
                .position(|&i| i == f.other)
                .map_or(if n > 0 { -1 } else { 0 }, |p| p as i64);
            f.other = kind[(at + i64::from(n)).rem_euclid(len) as usize];
        }
    }

    /// x: that unit's front edge, or its rear or side.
    pub(super) fn other_front(&mut self) {
        if let Some(f) = self.fall_back_mut() {
            f.other_front = !f.other_front;
        }
    }

    /// The stands of the falling-back unit's rear rank: at most these
    /// contact the enemy front it fell into (2.6.2.1).
    fn rear_rank(&self, unit: UnitId) -> u32 {
        self.battle
            .unit(unit)
            .and_then(|u| u.unit.ranks().last().copied())
            .unwrap_or(0)
    }

    /// `+` and `-`: rear stands contacting the enemy front, from 0
    /// (2.6.2.1). No count is assumed: the table shows which touch.
    pub(super) fn rear_stands(&mut self, n: i8) {
        let Some(Dialog::FallBack(f)) = self.dialogs.last() else {
            return;
        };
        let last = self.rear_rank(f.unit);
        if let Some(f) = self.fall_back_mut() {
            let now = match f.rear_stands {
                None if n > 0 => 1,
                None => 0,
                Some(p) => p.saturating_add_signed(i32::from(n)),
            };
            f.rear_stands = Some(now.min(last));
            f.asking_rear = f.into == FellInto::EnemyFront;
        }
    }

    /// Whether the fall-back form is asking how many rear stands contact
    /// the enemy front (2.6.2.1).
    pub fn asking_rear_stands(&self) -> bool {
        matches!(self.dialogs.last(), Some(Dialog::FallBack(f)) if f.asking_rear)
    }

    /// A digit typed while the form asks how many rear stands contact the
    /// enemy front (2.6.2.1): 0 to the stands of its rear rank.
    pub(super) fn rear_stands_typed(&mut self, c: char) {
        let Some(Dialog::FallBack(f)) = self.dialogs.last() else {
            return;
        };
        let last = self.rear_rank(f.unit);
        let Some(d) = c.to_digit(10) else {
            return self.refuse(format!(
                "type how many rear stands contact the enemy: 0 to {last} (2.6.2.1)"
            ));
        };
        let longer = f.rear_stands.map(|p| p * 10 + d).filter(|n| *n <= last);
        let n = longer.unwrap_or(d);
        if n > last {
            return self.refuse(format!(
                "{n}: its rear rank has {last} stand(s); 0 to {last} may contact the enemy (2.6.2.1)"
            ));
        }
        if let Some(f) = self.fall_back_mut() {
            f.rear_stands = Some(n);
        }
        self.status = None;
    }

    /// Enter: records what the unit fell into; the battle applies 2.6.2.1.
    pub(super) fn apply_fall_back(&mut self) {
        let Some(Dialog::FallBack(f)) = self.dialogs.last() else {
            return;
        };
        let other = f
            .into
            .needs_other()
            .then(|| f.others.get(f.other).copied())
            .flatten();
        // 2.6.2.1: a friend is never the enemy it fights, and the reverse.
        if let Some(o) = other {
            let friend = f.into == FellInto::Friend;
            if (o.side == f.unit.side) != friend {
                let why = format!(
                    "{} ({o}) is {}: Tab or ↑↓ picks {}, or {} says it was {}",
                    self.name(o),
                    if friend { "an enemy" } else { "a friend" },
                    if friend { "a friend" } else { "an enemy" },
                    if friend { "e or r" } else { "f" },
                    if friend { "an enemy" } else { "a friend" }
                );
                if let Some(f) = self.fall_back_mut() {
                    f.error = Some(why);
                }
                return;
            }
        } else if f.into.needs_other() {
            let why = format!(
                "no {} to name: {} (2.6.2.1)",
                if f.into == FellInto::Friend {
                    "friend"
                } else {
                    "enemy"
                },
                "o if it was terrain or an obstacle, Esc to go back"
            );
            if let Some(f) = self.fall_back_mut() {
                f.error = Some(why);
            }
            return;
        }
        if f.into == FellInto::EnemyFront && f.rear_stands.is_none() {
            // 2.6.2.1: which rear stands touch the enemy is the table's to say.
            if let Some(f) = self.fall_back_mut() {
                f.asking_rear = true;
            }
            return;
        }
        let event = Event::FallBack {
            unit: f.unit,
            into: f.into,
            other,
            other_front: f.other_front,
            rear_stands: f.rear_stands,
            before_w35: false,
        };
        match self.battle.record(event) {
            Ok(e) => {
                let text = e.summary.clone();
                self.dialogs.pop();
                if let Some(Dialog::Resolve(Resolve {
                    rolled: Some(m), ..
                })) = self.dialogs.last_mut()
                {
                    for (s, d) in &mut m.next {
                        if matches!(s, crate::tui::warlords::dialog::NextStep::FellBack(_)) {
                            *d = true;
                        }
                    }
                }
                // 3.1.3.2, W-19: stands it lost there owe their step too.
                self.sync_melee_steps();
                self.say(format!("{text}; u undoes"));
            }
            Err(e) => {
                if let Some(f) = self.fall_back_mut() {
                    f.error = Some(e.to_string());
                }
            }
        }
    }

    /// + and - in the formation picker: stands in the front rank.
    pub(super) fn files_by(&mut self, n: i8) {
        let Some(Dialog::Formation(p)) = self.dialogs.last() else {
            return;
        };
        let stands = self.battle.unit(p.unit).map_or(1, |u| u.unit.stands.max(1));
        if let Some(Dialog::Formation(p)) = self.dialogs.last_mut() {
            p.files = p.files.saturating_add_signed(i32::from(n)).clamp(1, stands);
        }
    }

    /// p in the formation picker: deploy the pavises, or pick them up (3.3.3.4).
    pub(super) fn pavises_toggle(&mut self) {
        let Some(Dialog::Formation(p)) = self.dialogs.last() else {
            return;
        };
        // 3.3.3.4: "Only units equipped with pavises may deploy them."
        if !p.pavises
            && let Some(u) = self.battle.unit(p.unit)
            && let Err(why) = crate::rules::warlords::next::may_deploy_pavises(&u.unit)
        {
            return self.refuse(why);
        }
        if let Some(Dialog::Formation(p)) = self.dialogs.last_mut() {
            p.pavises = !p.pavises;
        }
    }
}
