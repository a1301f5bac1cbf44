//! The keys of what a result leaves to do: following up, falling back, the personalities hit.

use super::{Binding, b};
use crate::rules::warlords::falling_back::FellInto;
use crate::tui::keys::Key;
use crate::tui::warlords::action::Action;
use crate::tui::warlords::keymap::Context as C;
use ratatui::crossterm::event::KeyCode as K;

/// These keys, in the order the footer and help show them.
pub const KEYS: &[Binding] = &[
    // Following up.
    b(
        C::FollowUp,
        Key::ch('y'),
        Action::FollowUp(true),
        "follows up",
        "the winner follows up into contact: still in Melee (2.6.3, W-26)",
    ),
    b(
        C::FollowUp,
        Key::plain(K::Enter),
        Action::FollowUpUnanswered,
        "",
        "answers nothing: the player chooses with y or n (W-26)",
    ),
    b(
        C::FollowUp,
        Key::ch('n'),
        Action::FollowUp(false),
        "stays",
        "the winner does not follow up: no longer in Melee (2.6.3, W-26)",
    ),
    // Falling back into something.
    b(
        C::FallBack,
        Key::ch('o'),
        Action::FallInto(FellInto::Obstacle),
        "obstacle",
        "it could not fall back the full span: terrain or an obstacle (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::ch('f'),
        Action::FallInto(FellInto::Friend),
        "friend",
        "it fell back into a friendly unit (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::ch('e'),
        Action::FallInto(FellInto::EnemyFront),
        "enemy front",
        "it fell back into an enemy's front edge (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::ch('r'),
        Action::FallInto(FellInto::EnemyRearOrSide),
        "enemy rear/side",
        "it fell back into an enemy's rear or side (2.6.2.1)",
    ),
    b(
        C::FallBack,
        Key::plain(K::Tab),
        Action::OtherUnit(1),
        "which unit",
        "the next unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::BackTab),
        Action::OtherUnit(-1),
        "",
        "the previous unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::Down),
        Action::OtherUnit(1),
        "",
        "the next unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::Up),
        Action::OtherUnit(-1),
        "",
        "the previous unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::Right),
        Action::OtherUnit(1),
        "",
        "the next unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::plain(K::Left),
        Action::OtherUnit(-1),
        "",
        "the previous unit it may have run into",
    ),
    b(
        C::FallBack,
        Key::ch('x'),
        Action::OtherFront,
        "front edge",
        "toggle: it hit that unit's front edge (else its rear or side)",
    ),
    b(
        C::FallBack,
        Key::ch('+'),
        Action::RearStands(1),
        "",
        "into an enemy front: one more rear stand contacting it, lost (or type the count after Enter)",
    ),
    b(
        C::FallBack,
        Key::ch('-'),
        Action::RearStands(-1),
        "",
        "into an enemy front: one fewer rear stand contacting it",
    ),
    b(
        C::FallBack,
        Key::plain(K::Enter),
        Action::Advance,
        "record",
        "record what it fell into; Herald applies 2.6.2.1",
    ),
    // The personalities in the stands hit.
    b(
        C::HitStands,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the personality above",
    ),
    b(
        C::HitStands,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the personality below",
    ),
    b(
        C::HitStands,
        Key::ch(' '),
        Action::ToggleLine,
        "in/out",
        "toggle: he is in a stand the enemy hit (3.1.3.1)",
    ),
    b(
        C::HitStands,
        Key::ch('['),
        Action::MoveLine(-1),
        "move right",
        "move him one place to the right (the yellow die counts from the right)",
    ),
    b(
        C::HitStands,
        Key::ch(']'),
        Action::MoveLine(1),
        "move left",
        "move him one place to the left",
    ),
    b(
        C::HitStands,
        Key::plain(K::Enter),
        Action::Advance,
        "done",
        "done: back to the panel",
    ),
    // Whose stand was lost.
    b(
        C::LostStand,
        Key::plain(K::Up),
        Action::FieldUp,
        "",
        "the personality above",
    ),
    b(
        C::LostStand,
        Key::plain(K::Down),
        Action::FieldDown,
        "",
        "the personality below",
    ),
    b(
        C::LostStand,
        Key::plain(K::Enter),
        Action::Advance,
        "he was in it",
        "he was in a lost stand: he rolls a red die (3.1.3.2, W-19)",
    ),
    b(
        C::LostStand,
        Key::ch('n'),
        Action::NobodyInStand,
        "none was",
        "no personality (or no other) was in the lost stands: nobody rolls (3.1.3.2)",
    ),
];
