//! The fighting panels: a shot (style, range, cover, dice and odds; hits,
//! halting, casualties and the red-dice check), a charge (the target's
//! answer, shots at the charger, the charge move), a Melee (both sides'
//! facts, dice and odds; both sides' dice side by side and every outcome),
//! a stand loss, and the unit picker.

use super::{dice, popup, words};
use crate::battle::UnitId;
use crate::battle::warlords::{Due, Duty, Event};
use crate::odds::warlords as odds;
use crate::rules::Side;
use crate::rules::explain::possessive;
use crate::rules::warlords::charge::{ChargeMove, evade_move};
use crate::rules::warlords::melee::{FollowUp, Melee, MeleeFacts};
use crate::rules::warlords::movement::RandomMove;
use crate::rules::warlords::personality;
use crate::rules::warlords::shooting::Shooting;
use crate::rules::warlords::supporting::{self, Edge};
use crate::rules::warlords::unit::{Formation, ShootingStyle};
use crate::tui::text::{explanation, odds_line};
use crate::tui::theme::Theme;
use crate::tui::warlords::action::Answer;
use crate::tui::warlords::app::App;
use crate::tui::warlords::dialog::{
    NextStep, Pick, PickFor, Procedure, Purpose, Resolve, Response, Rolled,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// The panel's title for a fighting procedure.
pub fn title(app: &App, p: &Procedure) -> Option<String> {
    let n = |id: UnitId| format!("{} ({id})", app.name(id));
    Some(match p {
        Procedure::Shooting {
            shooter, target, ..
        } => format!("{} shoots at {} (2.5)", n(*shooter), n(*target)),
        Procedure::Charge { unit, target, .. } => {
            format!("{} charges {} (2.4.4)", n(*unit), n(*target))
        }
        Procedure::Reaction {
            unit,
            cause,
            purpose,
            ..
        } => match purpose {
            Purpose::CounterCharge => {
                format!("{} counter-charges {} (2.4.4.2)", n(*unit), n(*cause))
            }
            Purpose::Evade => format!("{} evades {} (2.4.7)", n(*unit), n(*cause)),
            Purpose::ShootAtCharger => {
                format!("{} activates to shoot at {} (2.4.4)", n(*unit), n(*cause))
            }
            Purpose::BerserkTest => format!(
                "{} rolls to go Berserk as {} breaks (2.6.3)",
                n(*unit),
                n(*cause)
            ),
        },
        Procedure::Melee { a, b, .. } => format!(
            "Turn {}: Melee, {} against {} (2.6)",
            app.battle.turn(),
            n(*a),
            n(*b)
        ),
        Procedure::StandLoss {
            unit, personality, ..
        } => {
            format!(
                "{} stand of {} is lost (3.1.3.2)",
                possessive(personality),
                n(*unit)
            )
        }
        Procedure::Pursue { unit, .. } => format!("{}: the Berserk Move (2.4.10)", n(*unit)),
        Procedure::Halt { unit } => format!("{} stops: a Random Move, then Halt (2.2.1)", n(*unit)),
        Procedure::Defence { unit, defence, .. } => {
            format!("{} reaches the {defence} (3.3.3)", n(*unit))
        }
        Procedure::BreakOff {
            unit,
            opponents,
            opponent,
            ..
        } => match opponents.get(*opponent) {
            Some(o) => format!("{} breaks off from {} (2.4.8)", n(*unit), n(*o)),
            None => format!("{} breaks off (2.4.8)", n(*unit)),
        },
        _ => return None,
    })
}

fn k(t: &Theme, key: &str) -> Span<'static> {
    Span::styled(key.to_string(), t.key())
}

/// Before the roll of a fighting procedure; `None` for the others.
pub fn before(app: &App, r: &Resolve, width: u16) -> Option<Vec<Line<'static>>> {
    let t = &app.theme;
    let unit = |id: UnitId| app.battle.unit(id).map(|u| &u.unit);
    let mut out = Vec::new();
    match &r.procedure {
        Procedure::Shooting {
            shooter,
            target,
            situation,
            ..
        } => {
            let (Some(s), Some(tg)) = (unit(*shooter), unit(*target)) else {
                return Some(out);
            };
            if situation.contact {
                out.push(Line::from(vec![
                    Span::raw(format!(
                        "{} may shower {} after contact, before the Melee (2.5.1, W-23): ",
                        s.name, tg.name
                    )),
                    k(t, "Enter"),
                    Span::raw(" shoots it, "),
                    k(t, "z"),
                    Span::raw(" does not"),
                ]));
            }
            // W-12, W-23: only the styles it may use now (a moving unit skirmishes).
            let styles: Vec<&str> = app
                .styles_now(*shooter, situation.contact)
                .into_iter()
                .map(style_word)
                .collect();
            out.push(Line::from(vec![
                k(t, "s"),
                Span::raw(format!(
                    " style: {} (may: {})   ",
                    style_word(situation.style),
                    styles.join(", ")
                )),
                k(t, "+/-"),
                Span::raw(format!(" range: {} span(s)", situation.range_spans)),
            ]));
            let st = situation.stands_shot_at;
            let cover = match st {
                Some(st) => format!(
                    "{} open, {} light cover, {} heavy cover",
                    st.open, st.light_cover, st.heavy_cover
                ),
                // 3.3.3.4: behind deployed pavises, as the roll takes it.
                None if tg.pavises_deployed => format!(
                    "{} in heavy cover behind its pavises by default (3.3.3.4)",
                    tg.width()
                ),
                None => format!("its width ({}) by default", tg.width()),
            };
            out.push(Line::from(vec![
                k(t, "o/l/h"),
                Span::raw(" (O/L/H fewer) target stands shot at: "),
                Span::raw(cover),
                Span::styled("  (2.5.3 C.2, W-14)", t.dim()),
            ]));
            // W-32: the numbering the yellow die counts, before the roll.
            let people: Vec<&str> = tg.active_personalities().map(|p| p.name.as_str()).collect();
            if !people.is_empty() {
                out.push(Line::from(vec![
                    k(t, "p"),
                    Span::raw(format!(
                        " from the right: {}",
                        personality::from_the_right(&people)
                    )),
                    Span::styled("  (W-15, W-32)", t.dim()),
                ]));
            }
            out.push(Line::from(""));
            match Shooting::plan(s, tg, *situation) {
                Ok(plan) => {
                    out.push(Line::from(vec![
                        Span::styled("Roll ", t.title()),
                        Span::raw(format!(
                            "{} white {}; 4+ hits; {}{} (W-12, W-15)",
                            plan.dice,
                            if plan.dice == 1 { "die" } else { "dice" },
                            if plan.ignores_armour {
                                "armour ignored, shields count"
                            } else {
                                "the target's armour counts"
                            },
                            if people.is_empty() {
                                format!("; {} has no personality: no red dice", tg.name)
                            } else {
                                format!("; 2 red dice for {} personalities", possessive(&tg.name))
                            }
                        )),
                    ]));
                    for l in &plan.dice_explanation.lines {
                        out.push(Line::from(format!("  {}  [{}]", l.text, l.cite)));
                    }
                    let o = odds::shooting(&plan);
                    out.push(Line::from(Span::styled(
                        format!("Odds (mean {:.1} hits)", o.hits.mean()),
                        t.title(),
                    )));
                    out.push(odds_line(t, "Halted", o.halted, 20));
                    out.push(odds_line(
                        t,
                        "a casualty figure or more",
                        o.casualties.probability_that(|c| c > 0),
                        20,
                    ));
                }
                Err(e) => out.push(Line::from(Span::styled(
                    format!("cannot shoot like this: {e}"),
                    t.bad(),
                ))),
            }
        }
        Procedure::Charge {
            unit: id,
            target,
            spans,
            answers,
            response,
            shots,
            ..
        } => {
            let (Some(u), Some(tg)) = (unit(*id), unit(*target)) else {
                return Some(out);
            };
            out.push(Line::from(Span::styled(
                format!(
                    "{} answer, before the charge move (2.4.4):",
                    possessive(&tg.name)
                ),
                t.title(),
            )));
            out.push(Line::from(match response {
                // 1.7.3, W-29: a Broken target has no answer to give.
                None if answers.is_empty() => vec![Span::raw(format!(
                    "  {} is Broken and does not answer: it flees as the charger comes within 1 span (1.7.3, W-29)",
                    tg.name
                ))],
                None => {
                    let mut v = vec![Span::raw("  ")];
                    for (a, key, word) in [
                        (Answer::CounterCharge, "r", " counter-charge   "),
                        (Answer::Evade, "e", " evade   "),
                        (Answer::Stand, "s", " stand"),
                    ] {
                        if answers.contains(&a) {
                            v.push(k(t, key));
                            v.push(Span::raw(word));
                        }
                    }
                    v
                }
                Some(Response::Evade { away: true }) => vec![Span::styled(
                    // 2.4.7, W-10: how far and how it ends facing.
                    format!("  ✓ evaded: {}", evade_move(tg)),
                    t.good(),
                )],
                Some(Response::CounterCharge { meets: true })
                    if app.battle.unit(*id).is_some_and(|c| c.halted_this_turn) =>
                {
                    vec![Span::styled(
                        "  ✓ counter-charged, but the charger was Halted: no meeting halfway (2.4.4.2)",
                        t.good(),
                    )]
                }
                Some(x) => vec![Span::styled(format!("  ✓ {}", response_word(*x)), t.good())],
            }));
            let flees = app
                .battle
                .duties()
                .iter()
                .any(|d| d.unit == *target && d.due == crate::battle::warlords::Due::Flee);
            if flees {
                out.push(Line::from(vec![
                    Span::styled("  MUST ", t.warn()),
                    Span::raw(format!(
                        "{} flees first, before the charge move (W-29, 1.7.3): ",
                        tg.name
                    )),
                    k(t, "Enter"),
                    Span::raw(" rolls its flight"),
                ]));
            }
            if app.answer_offered(Answer::ShootAtCharger) {
                // 2.4.4: shots after the counter-charge is declared or declined.
                out.push(Line::from(vec![
                    Span::raw("  "),
                    k(t, "x"),
                    Span::raw(" another unit uses its activation to shoot at the charger (2.4.4)"),
                ]));
            }
            for (_, s) in shots {
                out.push(Line::from(vec![
                    Span::styled("  ✓ ", t.good()),
                    Span::raw(s.clone()),
                ]));
            }
            out.push(Line::from(vec![
                Span::raw("  "),
                k(t, "d"),
                Span::raw(" it reaches stakes, a tabor or a berm on the way (3.3.3)"),
            ]));
            out.push(Line::from(""));
            let how = app.battle.charge_move(*id, *target);
            if how == Some(ChargeMove::MeetHalfway) {
                out.push(Line::from(vec![
                    Span::styled("Contact ", t.title()),
                    Span::raw(format!(
                        "{} and {} meet halfway between their starting points: no move is rolled (2.4.4.2). ",
                        u.name, tg.name
                    )),
                    k(t, "Enter"),
                    Span::raw(" they are in Melee"),
                ]));
                return Some(out);
            }
            let dice_words = "more sixes than ones +1, 3× +2; more ones -1, 3× -2";
            let spans = match how {
                // 2.4.4.2: the charger was Halted; the counter-charger goes on.
                Some(ChargeMove::CounterChargerOn { spans }) => {
                    out.push(Line::from(vec![
                        Span::styled("Counter-charger's move ", t.title()),
                        Span::raw(format!(
                            "{} was Halted: {} completes its movement as a Random Move out to its maximum distance, {spans} spans (no charge bonus): {spans} white dice; {dice_words}. If it still reaches {}, neither counts as charging in the Melee (2.4.4.2, 2.4.9, W-9, W-10)",
                            u.name, tg.name, u.name
                        )),
                    ]));
                    spans
                }
                // 2.4.4.1: Halted on the way, it no longer counts as charging.
                Some(ChargeMove::Halted { spans }) => {
                    out.push(Line::from(vec![
                        Span::styled("Halted ", t.title()),
                        Span::raw(format!(
                            "{} makes a Random Move past the point it was Halted, {spans} white dice (its charge move's); {dice_words}. If it reaches {}, it fights but no longer counts as charging (2.4.4.1, 2.4.9, W-9)",
                            u.name, tg.name
                        )),
                    ]));
                    spans
                }
                _ => {
                    let spans = *spans;
                    out.push(Line::from(vec![
                        Span::styled("Charge move ", t.title()),
                        Span::raw(format!(
                            "a random move of {spans} spans, by the formation it started in: {spans} white dice; {dice_words} (2.4.4.1, 2.4.9, W-9, W-28)"
                        )),
                    ]));
                    spans
                }
            };
            let o = odds::random_move(&RandomMove { spans });
            out.push(Line::from(Span::styled(
                format!("Odds (mean {:.1} spans)", o.distance.mean()),
                t.title(),
            )));
            for (d, p) in o.distance.iter() {
                out.push(odds_line(t, &spans_word(d), p, 20));
            }
        }
        Procedure::Melee {
            a,
            b,
            facts_a,
            facts_b,
            rough_ground,
            side,
            supports,
        } => {
            let (Some(ua), Some(ub)) = (unit(*a), unit(*b)) else {
                return Some(out);
            };
            // Two columns, one per opponent; narrow screens take short labels.
            let col = (width as usize).saturating_sub(4) / 2;
            let narrow = col < 46;
            out.push(Line::from(vec![
                Span::styled("Facts of the table ", t.title()),
                Span::raw(if narrow {
                    "(toggles change ▸; "
                } else {
                    "(the toggles change the side marked ▸; "
                }),
                k(t, "Tab"),
                Span::raw(" switches)"),
            ]));
            let mark = |s: Side| if *side == s { "▸ " } else { "  " };
            let col_a = facts_lines(facts_a, narrow);
            let col_b = facts_lines(facts_b, narrow);
            let name_w = col.saturating_sub(2);
            out.push(Line::from(vec![
                Span::styled(
                    format!("{}{:<name_w$}", mark(Side::A), cut(&ua.name, name_w - 1)),
                    t.title(),
                ),
                Span::styled(
                    format!("{}{}", mark(Side::B), cut(&ub.name, name_w - 1)),
                    t.title(),
                ),
            ]));
            let fact_w = col.saturating_sub(2);
            for (la, lb) in col_a.into_iter().zip(col_b) {
                out.push(Line::from(format!(
                    "  {:<fact_w$}  {}",
                    cut(&la, fact_w),
                    cut(&lb, fact_w)
                )));
            }
            out.push(Line::from(vec![
                Span::raw(if *rough_ground { "  [x] " } else { "  [ ] " }),
                k(t, "g"),
                Span::raw(" rough ground (2.6.1 B)"),
            ]));
            out.extend(support_lines(app, [*a, *b], supports, narrow));
            let plan = Melee::between(
                ua,
                facts_a,
                ub,
                facts_b,
                *rough_ground,
                &app.battle.setup().house,
            );
            match plan {
                Ok(plan) => {
                    // W-32: the numbering the yellow die counts, before the roll.
                    for (s, u) in [(Side::A, ua), (Side::B, ub)] {
                        let people: Vec<&str> =
                            plan.candidates(s).iter().map(|p| p.name.as_str()).collect();
                        if !people.is_empty() {
                            out.push(Line::from(vec![
                                k(t, "p"),
                                Span::raw(format!(
                                    " {} from the right: {}",
                                    cut(&u.name, 30),
                                    personality::from_the_right(&people)
                                )),
                            ]));
                        }
                    }
                    for (s, u) in [(Side::A, ua), (Side::B, ub)] {
                        let p = plan.side(s);
                        let mods: Vec<String> = p
                            .extra_dice
                            .iter()
                            .map(|m| {
                                let unit = if m.value == 1 { "die" } else { "dice" };
                                format!("+{} {unit} {}", m.value, m.reason)
                            })
                            .chain(
                                p.modifiers
                                    .iter()
                                    .map(|m| format!("{:+} {}", m.value, m.reason)),
                            )
                            .collect();
                        out.push(Line::from(vec![
                            Span::styled(
                                format!("{}: {} white dice", cut(&u.name, 30), p.dice),
                                t.title(),
                            ),
                            Span::raw(if mods.is_empty() {
                                "; no modifiers".to_string()
                            } else {
                                format!("; {}", mods.join(", "))
                            }),
                        ]));
                    }
                    let o = odds::melee(&plan);
                    out.push(Line::from(Span::styled("Odds", t.title())));
                    // Each side by its id too: two names may start alike
                    // ("The King's schiltron", "The King's household knights").
                    let loses = |name: &str, id: UnitId| format!("{} ({id}) loses", cut(name, 14));
                    out.push(odds_line(t, &loses(&ua.name, *a), o.loser_a, 20));
                    out.push(odds_line(t, &loses(&ub.name, *b), o.loser_b, 20));
                    out.push(odds_line(t, "a draw", o.loser_none, 20));
                    out.push(odds_line(t, "the loser is Broken", o.loser_broken, 20));
                }
                Err(e) => out.push(Line::from(Span::styled(
                    format!("cannot fight like this: {e}"),
                    t.bad(),
                ))),
            }
        }
        Procedure::Pursue { unit: id, toward } => {
            let Some(u) = unit(*id) else {
                return Some(out);
            };
            let spans = u.move_distance().max(1);
            let whom = match toward {
                Some(f) => format!("the fleeing {} (2.6.3)", app.name(*f)),
                None => "the nearest visible enemy within 45° of its front".to_string(),
            };
            out.push(Line::from(format!(
                "{} is Berserk. It does the first that applies (2.4.10): charge the nearest enemy in charge reach ({} spans); a random move at full speed toward {whom}; back to Ready.",
                u.name,
                u.charge_distance()
            )));
            out.push(Line::from(""));
            out.push(Line::from(vec![
                Span::raw("  "),
                k(t, "c"),
                Span::raw(" an enemy is in charge reach: pick it and charge (2.4.4, W-30)"),
            ]));
            out.push(Line::from(vec![
                Span::raw("  "),
                k(t, "Enter"),
                Span::raw(format!(
                    " none is: a random move of {spans} spans toward {whom} (2.4.9)"
                )),
            ]));
            out.push(Line::from(vec![
                Span::raw("  "),
                k(t, "n"),
                Span::raw(" no enemy visible within 45° of its front: back to Ready"),
            ]));
            let o = odds::random_move(&RandomMove { spans });
            out.push(Line::from(Span::styled(
                format!(
                    "Odds of the random move (mean {:.1} spans)",
                    o.distance.mean()
                ),
                t.title(),
            )));
            for (d, p) in o.distance.iter() {
                out.push(odds_line(t, &spans_word(d), p, 20));
            }
        }
        Procedure::BreakOff {
            unit: id,
            opponents,
            opponent,
            supporting,
            tactician,
        } => out.extend(super::break_off::before(
            app,
            *id,
            opponents,
            *opponent,
            (*supporting, *tactician),
        )),
        Procedure::Halt { unit: id } => {
            let Some(u) = unit(*id) else {
                return Some(out);
            };
            let spans = u.move_distance().max(1);
            out.push(Line::from(format!(
                "{} failed its activation while moving, and the player stops it: it makes a Random Move of {spans} spans, then Halts there, Unformed (2.2.1, 2.4.1.1).",
                u.name
            )));
            let o = odds::random_move(&RandomMove { spans });
            out.push(Line::from(Span::styled(
                format!("Odds (mean {:.1} spans)", o.distance.mean()),
                t.title(),
            )));
            for (d, p) in o.distance.iter() {
                out.push(odds_line(t, &spans_word(d), p, 20));
            }
        }
        Procedure::Defence {
            unit: id,
            defence,
            charging,
        } => {
            let Some(u) = unit(*id) else {
                return Some(out);
            };
            out.push(Line::from(vec![
                k(t, "Tab"),
                Span::raw(format!(" it reaches: {defence}")),
            ]));
            let what = match (
                defence,
                charging,
                u.morale == crate::rules::warlords::unit::Morale::Berserk,
            ) {
                (crate::rules::warlords::field_defences::Defence::Stakes, _, true) => {
                    "Berserk: it crosses the stakes without stopping and suffers their attack as a single rank of Pike (3 dice, +2, its armour) (3.3.3.3)"
                }
                (crate::rules::warlords::field_defences::Defence::Stakes, true, false) => {
                    "charging: it goes on only if it passes an activation test, and then the stakes attack it as a single rank of Pike (3.3.3.3)"
                }
                (crate::rules::warlords::field_defences::Defence::Stakes, false, false) => {
                    "moving: it stops at the sharp side of the stakes (3.3.3.3)"
                }
                (crate::rules::warlords::field_defences::Defence::Tabor, _, _) => {
                    "a unit stops on moving into contact with a tabor (3.3.3.1)"
                }
                (crate::rules::warlords::field_defences::Defence::Berm, _, _) => {
                    "a berm is a linear obstacle and stops all charges (3.3.3.2)"
                }
            };
            // 2.4.4.1: a charger Halted on the way no longer counts as charging.
            let halted = !*charging
                && app
                    .battle
                    .unit(*id)
                    .is_some_and(|s| s.halted_this_turn && s.charge.is_some());
            let why = if halted {
                "Halted on the way, it no longer counts as charging (2.4.4.1), so no test: "
            } else {
                ""
            };
            out.push(Line::from(format!("{}: {why}{what}", u.name)));
        }
        Procedure::StandLoss {
            unit: id,
            personality,
            ..
        } => {
            let name = unit(*id).map_or(String::new(), |u| u.name.clone());
            let prowess = unit(*id)
                .and_then(|u| u.personalities.iter().find(|p| &p.name == personality))
                .map_or(0, |p| p.prowess);
            out.push(Line::from(format!(
                "{personality} was in a stand of {name} that was lost. He rolls a red die against his Prowess {prowess}: higher, he is captured; exactly twice it (and higher), killed; otherwise he stays with the unit. His traits (Fanatical bodyguard, Slippery, a vendetta) may change it (3.1.3.2, W-19, W-21)."
            )));
        }
        _ => return None,
    }
    Some(out)
}

/// One opponent's facts, one per line, with their keys (short labels when narrow).
fn facts_lines(f: &MeleeFacts, narrow: bool) -> Vec<String> {
    let b = |on: bool| if on { "[x]" } else { "[ ]" };
    let pick = |long: &'static str, short: &'static str| if narrow { short } else { long };
    vec![
        format!("{} c charging", b(f.charging)),
        format!(
            " {}  f {}",
            f.enemy_flanks,
            pick("enemy flanks/rear overlapped", "enemy flanks/rear")
        ),
        format!(
            " {}  l {}",
            f.flanks_contacted,
            pick("own flanks contacted", "own flanks hit")
        ),
        format!("{} r rear contacted", b(f.rear_contacted)),
        format!(
            "{} h {}",
            b(f.struck_by_charging_heavy),
            pick("struck by charging heavy", "hit by charging heavy")
        ),
        format!("{} i opponent uphill", b(f.opponent_uphill)),
        format!("{} n enemy in front", b(f.enemy_in_front)),
        format!(
            "{} o {}",
            b(f.first_round),
            pick("first round (champions leave)", "first round")
        ),
    ]
}

/// The Melee panel's supporting units, per side (2.6).
fn support_lines(
    app: &App,
    pair: [UnitId; 2],
    supports: &[Vec<UnitId>; 2],
    narrow: bool,
) -> Vec<Line<'static>> {
    let t = &app.theme;
    let none = supports.iter().all(Vec::is_empty);
    let mut out = vec![Line::from(vec![
        Span::styled("Supporting units", t.title()),
        Span::raw(if none { ": none  " } else { "  " }),
        k(t, "s"),
        Span::raw(if narrow {
            " marks one (side ▸); no dice of their own (2.6)"
        } else {
            " marks one of the side ▸; they roll no dice, give theirs (2.6, 2.6.1)"
        }),
    ])];
    let recorded = app.battle.supports_of(pair[0], pair[1]);
    for (opponent, list) in pair.iter().zip(supports) {
        if !list.is_empty() {
            let names: Vec<String> = list
                .iter()
                .map(|u| {
                    let edge = recorded
                        .iter()
                        .find(|s| s.unit == *u)
                        .map_or(String::new(), |s| format!(", on the enemy's {}", s.edge));
                    format!("{} ({u}{edge})", app.name(*u))
                })
                .collect();
            out.push(Line::from(format!(
                "  with {}: {}",
                app.name(*opponent),
                names.join("; ")
            )));
        }
    }
    out
}

/// `s` in at most `n` cells, cut at a word's end with `…`, never in a word.
fn cut(s: &str, n: usize) -> String {
    crate::tui::text::cut_words(s, n)
}

fn style_word(s: ShootingStyle) -> &'static str {
    match s {
        ShootingStyle::Massed => "massed",
        ShootingStyle::Skirmishing => "skirmishing",
        ShootingStyle::Shower => "shower",
    }
}

fn response_word(r: Response) -> &'static str {
    match r {
        Response::CounterCharge { meets: true } => "counter-charged: they meet halfway (2.4.4.2)",
        Response::CounterCharge { meets: false } => {
            "tried to counter-charge and failed: it stands (2.4.4.2)"
        }
        Response::Evade { away: true } => "evaded: it moves away (2.4.7)",
        Response::Evade { away: false } => "failed to evade: it flees instead (2.2.1, W-29)",
        Response::Stand => "stands to receive the charge",
    }
}

/// A handful split at the unit's own `rolled` white dice: the rest, if
/// any, are the 2 a Slippery personality rolls for himself (W-21).
fn slippery_apart(
    d: &crate::dice::Dice,
    rolled: u32,
) -> (crate::dice::Dice, Option<crate::dice::Dice>) {
    let mut own = d.clone();
    let his = own.white.split_off((rolled as usize).min(own.white.len()));
    let his = (!his.is_empty()).then(|| crate::dice::Dice {
        white: his,
        ..Default::default()
    });
    (own, his)
}

/// The line of a Slippery man's own dice (W-21).
fn slippery_line(
    t: &crate::tui::theme::Theme,
    name: &str,
    his: &crate::dice::Dice,
) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("  {name} is Slippery, his own dice: "))];
    spans.extend(dice::row(t, his, None));
    spans.push(Span::raw("(W-21)"));
    Line::from(spans)
}

/// After the roll of a shot, a charge move or a Melee; `None` for the others.
pub fn after(app: &App, r: &Resolve, x: &Rolled) -> Option<Vec<Line<'static>>> {
    let t = &app.theme;
    let entry = app.battle.entry(x.entry);
    let entry = entry.as_deref();
    let mut out = Vec::new();
    match &r.procedure {
        Procedure::Shooting { target, .. } => {
            let o = x.shooting.as_ref()?;
            let d = x.dice.first().cloned().unwrap_or_default();
            let (own, his) = slippery_apart(&d, o.dice_rolled);
            let mut spans = vec![Span::styled("Dice ", t.title())];
            spans.extend(dice::row(t, &own, None));
            out.push(Line::from(spans));
            out.push(Line::from(vec![
                Span::styled(format!("{} hit(s)", o.hits), t.title()),
                Span::raw(format!(" ({} dice of 4+)", o.raw_hits)),
                if o.halted {
                    Span::styled(" · HALTED: stops, Unformed", t.bad())
                } else {
                    Span::raw(" · not halted")
                },
                Span::raw(format!(" · {} casualty figure(s)", o.casualties)),
            ]));
            if !d.red.is_empty() {
                let mut spans = vec![Span::raw(format!(
                    "  personality check on {}: ",
                    app.name(*target)
                ))];
                spans.extend(dice::row(
                    t,
                    &crate::dice::Dice {
                        red: d.red.clone(),
                        yellow: d.yellow.clone(),
                        ..Default::default()
                    },
                    None,
                ));
                // W-15, W-18: the red dice only call for the check; the
                // yellow die says who, and may pick nobody.
                spans.push(Span::raw(match (o.personality_check, &o.personality) {
                    (false, _) => "red dice above the hits: nobody hit (W-15)",
                    (true, Some(_)) => "red dice ≤ hits: the yellow die picks him (W-15, W-18)",
                    (true, None) if d.yellow.is_empty() => {
                        "red dice ≤ hits: a personality may be hit, the yellow die says who (W-15)"
                    }
                    (true, None) => "red dice ≤ hits, but the yellow die picks nobody (W-15, W-18)",
                }));
                out.push(Line::from(spans));
            }
            if let (Some(p), Some(his)) = (&o.personality, &his) {
                out.push(slippery_line(t, &p.name, his));
            }
            if let Some(p) = &o.personality {
                out.push(Line::from(Span::styled(
                    format!("  {} {}", p.name, p.fate),
                    t.warn(),
                )));
            }
            // 2.5.3 C: what the shot changed, as every result says it.
            super::outcome::changes_and_musts(t, entry, None, &mut out);
        }
        Procedure::Charge { .. } => {
            let m = x.moved.as_ref()?;
            let mut spans = vec![Span::styled("Dice ", t.title())];
            spans.extend(dice::row(t, x.dice.first()?, None));
            out.push(Line::from(spans));
            out.push(Line::from(Span::styled(
                format!(
                    "moves {} span(s) ({} six(es), {} one(s))",
                    m.distance, m.sixes, m.ones
                ),
                t.title(),
            )));
            let mover = match &r.procedure {
                Procedure::Charge { unit, target, .. }
                    if app
                        .battle
                        .charge_move(*unit, *target)
                        .is_some_and(ChargeMove::by_counter_charger) =>
                {
                    format!("Did {} reach {}?", app.name(*target), app.name(*unit))
                }
                _ => "Did it reach its target?".to_string(),
            };
            out.push(Line::from(vec![
                Span::raw(format!("{mover} (the table is the truth)  ")),
                k(t, "Enter"),
                Span::raw(" contact: Melee   "),
                k(t, "n"),
                Span::raw(" no contact"),
            ]));
        }
        Procedure::Melee { a, b, .. } => {
            let o = x.melee.as_ref()?;
            let (na, nb) = (app.name(*a), app.name(*b));
            let mut slippery = Vec::new();
            for (s, name, d) in [
                (Side::A, &na, x.dice.first()),
                (Side::B, &nb, x.dice.get(1)),
            ] {
                let res = o.side(s);
                let mut spans = vec![Span::styled(format!("{:<22} ", cut(name, 22)), t.title())];
                if let Some(d) = d {
                    // W-21: the white dice past the side's own are a Slippery man's.
                    let (own, his) = slippery_apart(d, res.dice_rolled);
                    // N3: only the counted dice's doubles count in a Melee (W-18).
                    spans.extend(dice::counted_row(t, &own, res.read.as_ref()));
                    let victim = o.personalities.iter().find(|h| h.side == s.other());
                    if let (Some(his), Some(h)) = (his, victim) {
                        slippery.push(slippery_line(t, &h.name, &his));
                    }
                }
                spans.push(Span::raw(format!(
                    " score {} · inflicts {} casualty figure(s){}",
                    res.score,
                    res.casualties_inflicted,
                    if res.stands_destroyed > 0 {
                        format!(", destroys {} stand(s)", res.stands_destroyed)
                    } else {
                        String::new()
                    }
                )));
                out.push(Line::from(spans));
            }
            out.extend(slippery);
            let dec = &o.decision;
            out.push(Line::from(match dec.loser {
                None => Span::styled("A DRAW: nobody falls back", t.title()),
                Some(l) => {
                    let loser = if l == Side::A { &na } else { &nb };
                    let mut text = format!("{loser} LOSES");
                    if dec.falls_back {
                        text.push_str(": falls back 1 span");
                    }
                    if dec.unformed {
                        text.push_str(", Unformed");
                    }
                    if dec.broken {
                        text.push_str(", BROKEN: flees");
                    }
                    if o.loser_flank_stands_lost > 0 {
                        text.push_str(&format!(
                            "; loses {} stand(s) on the flanks and rear (2.6.2)",
                            o.loser_flank_stands_lost
                        ));
                    }
                    Span::styled(text, t.bad())
                }
            }));
            let supports = match &r.procedure {
                Procedure::Melee { supports, .. } => supports.clone(),
                _ => Default::default(),
            };
            let pair = (*a, *b);
            let names = |s: Side| {
                supports[s as usize]
                    .iter()
                    .map(|u| format!("{} ({u})", app.name(*u)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if let Some(l) = dec.loser
                && dec.falls_back
                && !supports[l as usize].is_empty()
            {
                out.push(Line::from(Span::styled(
                    format!("  supporting units also fall back (2.6.2): {}", names(l)),
                    t.warn(),
                )));
            }
            let loser_gone = dec.loser.is_some_and(|l| {
                let id = if l == Side::A { pair.0 } else { pair.1 };
                app.battle.unit(id).is_none_or(|u| u.off_table())
            });
            if loser_gone {
                out.push(Line::from(
                    "  follow-up: the loser has left the table (1.7.4): nothing to follow up",
                ));
            }
            if let Some(f) = o.follow_up.filter(|_| !loser_gone) {
                let hedgehog = dec.loser.is_some_and(|l| {
                    let w = if l == Side::A { pair.1 } else { pair.0 };
                    app.battle
                        .unit(w)
                        .is_some_and(|u| u.unit.formation == Formation::Hedgehog)
                });
                out.push(Line::from(format!(
                    "  follow-up: {}",
                    match f {
                        FollowUp::Must => "the winner is Berserk and MUST follow up (2.6.3)",
                        FollowUp::May => "the winner may follow up (2.6.3)",
                        FollowUp::Cannot if hedgehog => {
                            "the winner is in Hedgehog, which may not move: no follow-up (2.3.1.4)"
                        }
                        FollowUp::Cannot => {
                            "the winner is Worn or Broken and cannot follow up (2.6.3)"
                        }
                    }
                )));
                // 2.6.3: only those at the loser's front; those on its flank
                // or rear do not move.
                let loser = dec
                    .loser
                    .map(|l| if l == Side::A { pair.0 } else { pair.1 });
                let at_front: Vec<String> = loser
                    .and_then(|l| app.battle.unit(l).map(|u| (l, u.unit.clone())))
                    .map(|(l, lu)| {
                        app.battle
                            .supports_of(pair.0, pair.1)
                            .iter()
                            .filter(|s| s.contacts == l && s.opponent != l)
                            .filter(|s| supporting::edge_on(&lu, s.edge) == Edge::Front)
                            .map(|s| format!("{} ({})", app.name(s.unit), s.unit))
                            .collect()
                    })
                    .unwrap_or_default();
                if f != FollowUp::Cannot && !at_front.is_empty() {
                    out.push(Line::from(format!(
                        "  supporting units in contact with its front may follow up with it, if not blocked (2.6.3): {}",
                        at_front.join(", ")
                    )));
                }
            }
            if let Procedure::Melee {
                facts_a, facts_b, ..
            } = &r.procedure
                && (facts_a.first_round || facts_b.first_round)
            {
                out.push(Line::from(
                    "  champions leave after their first round of Melee (1.7.5, W-7)",
                ));
            }
            for h in &o.personalities {
                out.push(Line::from(Span::styled(
                    format!(
                        "  {} ({}) {}",
                        h.name,
                        if h.side == Side::A { &na } else { &nb },
                        h.fate
                    ),
                    t.warn(),
                )));
            }
            if let Some(e) = entry {
                for eff in &e.effects {
                    out.push(Line::from(vec![
                        Span::styled("  changed: ", t.dim()),
                        Span::raw(eff.to_string()),
                    ]));
                }
            }
            if !x.next.is_empty() {
                out.push(Line::from(Span::styled("Next", t.title())));
                for (i, (s, marked)) in x.next.iter().enumerate() {
                    let what = match s {
                        NextStep::Duty(d) => {
                            let verb = if d.due.required() { "must" } else { "may" };
                            format!("{} {verb} {}", app.name(d.unit), d.due)
                        }
                        NextStep::SupportTest(u, _) => format!(
                            "{} (supporting) is Impetuous: it rolls to go Berserk (2.6.3)",
                            app.name(*u)
                        ),
                        NextStep::FellBack(u) => format!(
                            "if {} fell back into something: say what (2.6.2.1)",
                            app.name(*u)
                        ),
                    };
                    let done = app.step_done(s, *marked);
                    out.push(Line::from(vec![
                        Span::raw("  "),
                        k(t, &(i + 1).to_string()),
                        Span::raw(if done {
                            format!(" {what} ✓")
                        } else {
                            format!(" {what}")
                        }),
                    ]));
                    if done {
                        out.extend(step_record(app, x.entry, s));
                    }
                }
            }
        }
        Procedure::BreakOff {
            opponents,
            opponent,
            ..
        } => out.extend(super::break_off::after(
            app,
            x,
            opponents.get(*opponent).copied(),
        )),
        _ => return None,
    }
    if let Some(e) = entry {
        out.extend(explanation(t, &e.explanation));
    }
    let done = match &r.procedure {
        Procedure::Charge { .. } => return Some(out),
        Procedure::Melee { .. } => "done, next Melee",
        _ => "done",
    };
    out.push(Line::from(vec![
        k(t, "Enter"),
        Span::raw(format!(" {done}   ")),
        k(t, "u"),
        Span::raw(" undo the roll"),
    ]));
    Some(out)
}

/// Draws the unit picker.
pub fn pick(app: &App, p: &Pick, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let rows = (p.choices.len() as u16 + 3).min(area.height.saturating_sub(4));
    // Wide enough for whole names (the longest in Hastings is 32 letters).
    let r = popup::centred(area, 72, rows + 2);
    let title = match p.purpose {
        PickFor::Shoot(u) => format!("{} shoots at…", app.name(u)),
        PickFor::Charge(u) => format!("{} charges…", app.name(u)),
        PickFor::ShootAtCharger(u) => format!("Who shoots at {}?", app.name(u)),
        PickFor::Engage(u) => format!("{} is in Melee with… (again: no longer)", app.name(u)),
        PickFor::OffTable => "Fled and destroyed: which one to correct?".to_string(),
        PickFor::Support(u) => {
            format!(
                "Who supports {}? (Enter marks; again: unmarks)",
                app.name(u)
            )
        }
    };
    // The units already marked as supporting, in the Melee panel below.
    let marked: Vec<UnitId> = match (p.purpose, app.dialogs.iter().rev().nth(1)) {
        (
            PickFor::Support(u),
            Some(crate::tui::warlords::dialog::Dialog::Resolve(Resolve {
                procedure: Procedure::Melee { a, supports, .. },
                ..
            })),
        ) => supports[usize::from(u != *a)].clone(),
        _ => Vec::new(),
    };
    let inner = popup::frame(app, &title, r, buf);
    let shown = inner.height.saturating_sub(1) as usize;
    let first = crate::tui::table::offset(p.line, shown);
    let mut lines: Vec<Line> = p
        .choices
        .iter()
        .enumerate()
        .skip(first)
        .take(shown)
        .map(|(i, id)| {
            let u = app.battle.unit(*id);
            let text = u.map_or(String::new(), |u| {
                // Who it is in Melee with (2.6).
                let foes = app.battle.in_melee_with(*id);
                let row = format!(
                    "{:<4}{:<36} {:<5} {:>2} st  {:<7} ",
                    id.to_string(),
                    cut(&u.unit.name, 36),
                    words::troop_short(u.unit.troop_type),
                    u.unit.stands,
                    words::morale(u.unit.morale),
                );
                let all: Vec<String> = foes.iter().map(|o| format!("×{o}")).collect();
                let all = all.join(" ");
                // Every opponent when they fit, else the first and `+` as
                // the table says it; never an id cut in two.
                let room = usize::from(inner.width).saturating_sub(2 + row.chars().count());
                let melee = match foes.as_slice() {
                    [] => String::new(),
                    _ if all.chars().count() <= room => all,
                    [one, ..] => format!("×{one}+"),
                };
                format!("{row}{melee}").trim_end().to_string()
            });
            let style = if i == p.line { t.selected() } else { t.text() };
            let mark = match (i == p.line, marked.contains(id)) {
                (true, true) => "›✓",
                (true, false) => "› ",
                (false, true) => " ✓",
                (false, false) => "  ",
            };
            Line::from(vec![Span::styled(mark, style), Span::styled(text, style)])
        })
        .collect();
    // The example id is one of the units offered, of their side.
    let example = p
        .choices
        .last()
        .map_or_else(|| "b10".to_string(), |id| id.to_string());
    let mut foot = vec![
        k(t, "↑↓"),
        Span::raw(" or "),
        Span::styled(example, t.key()),
        Span::raw(" unit  "),
        k(t, "Enter"),
        Span::raw(" pick  "),
        k(t, "Esc"),
        Span::raw(" back"),
    ];
    if !p.typed.is_empty() {
        foot.push(Span::styled(format!("  id {}", p.typed), t.dim()));
    } else if !p.why.is_empty() {
        foot.push(Span::styled(format!("  · {}", p.why), t.dim()));
    }
    lines.push(Line::from(foot));
    Paragraph::new(lines).render(inner, buf);
}

/// What the events that did a step a Melee offered recorded, under it:
/// each one's summary; for a fall back into something, what Herald
/// applied, line by line with its rule, and each change (2.6.2.1, W-35).
fn step_record(app: &App, melee: usize, step: &NextStep) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut out = Vec::new();
    let events = app.battle.events();
    for (i, e) in events.iter().enumerate().skip(melee + 1) {
        let mine = match (step, e) {
            (NextStep::FellBack(u), Event::FallBack { unit, .. }) => unit == u,
            (NextStep::SupportTest(u, _), Event::Reaction { unit, .. }) => unit == u,
            (NextStep::Duty(d), e) => does_duty(d, e),
            _ => false,
        };
        let Some(entry) = mine.then(|| app.battle.entry(i)).flatten() else {
            continue;
        };
        if !matches!(step, NextStep::FellBack(_)) {
            out.push(Line::from(vec![
                Span::styled("      ✓ ", t.good()),
                Span::raw(entry.summary.clone()),
            ]));
            continue;
        }
        for l in &entry.explanation.lines {
            out.push(Line::from(vec![
                Span::styled("      ✓ ", t.good()),
                Span::raw(format!("{} ({})", l.text.trim_start(), l.cite)),
            ]));
        }
        for eff in &entry.effects {
            out.push(Line::from(vec![
                Span::styled("      changed: ", t.dim()),
                Span::raw(format!("{eff} (2.6.2.1)")),
            ]));
        }
    }
    out
}

/// Whether an event does (part of) a duty: its unit's event of that kind,
/// or the referee setting it aside.
fn does_duty(d: &Duty, e: &Event) -> bool {
    let (unit, fits) = match (e, &d.due) {
        (Event::Flee { unit, .. } | Event::Trapped { unit }, Due::Flee) => (unit, true),
        (Event::FollowUp { unit, .. }, Due::FollowUp { .. }) => (unit, true),
        (Event::Reaction { unit, .. }, Due::BerserkTest { .. }) => (unit, true),
        (Event::StandLoss { unit, .. }, Due::StandLoss { .. }) => (unit, true),
        (
            Event::RandomMove { unit, .. } | Event::Choose { unit, .. } | Event::Calm { unit },
            Due::BerserkMove | Due::RandomMoveThenHalt,
        ) => (unit, true),
        (Event::Shooting { shooter, .. }, Due::Shower { .. }) => (shooter, true),
        // 2.4.4.1: its charge move, then contact.
        (
            Event::RandomMove { unit, .. } | Event::Contact { charger: unit, .. },
            Due::Charge { .. },
        ) => (unit, true),
        (Event::Dismiss { unit, due }, d) => (unit, due == d.code()),
        _ => return false,
    };
    fits && *unit == d.unit
}

/// `n` spans in words: "1 span", "3 spans".
fn spans_word(n: impl std::fmt::Display + PartialEq<u32>) -> String {
    if n == 1 {
        format!("{n} span")
    } else {
        format!("{n} spans")
    }
}
