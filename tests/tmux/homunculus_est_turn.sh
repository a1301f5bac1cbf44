#!/usr/bin/env bash
# Plays a whole turn of Homunculus Est! in the real binary, in tmux, as a
# referee would: `herald new` with the house option of HE-10 as the README
# says, then `herald play`; who starts with Herald's dice, the higher
# roller choosing (HE-5.2); a charge and its combat with the players' dice
# typed and the die chosen (HE-17), the push back, follow up, a failed
# Discipline Test into its outcome, each opening by itself as the result
# forces it (HE-7); a Repulsed and its Reversal of
# Fortune (HE-6); the other phase's "Homunculus Est!" (HE-12); turn 2, undo
# and redo, the log browser; again at 80x24. Checks the screen, the save
# and the report.
#
# Usage: tests/tmux/homunculus_est_turn.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="herald-he-test-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

cp -r "$root/armies" "$work/armies"
cd "$work"
"$bin" new magnesia --house fixed-card-values \
  --side armies/homunculus-est/magnesia-190bc-roman.toml \
  --side armies/homunculus-est/magnesia-190bc-seleucid.toml >/dev/null
tmux new-session -d -s "$session" -x 120 -y 40 "'$bin' play saves/magnesia.toml"

screen() { tmux capture-pane -p -t "$session"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen; exit 1; }
wait_for() { # text, tries
  for _ in $(seq 1 "${2:-50}"); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
key() { tmux send-keys -t "$session" "$@"; sleep 0.12; }

wait_for "magnesia - Homunculus Est! - turn 1, Deployment" || fail "the battle did not open"
screen | grep -qF "fixed card values" || fail "the house option is not in the header"
screen | grep -qF "Legio II" || fail "the Roman table is missing"
screen | grep -qF "vs break point 14" || fail "the Seleucid pools are missing"

# Who starts: Enter opens it, Enter rolls until one player rolls higher
# (equal scores roll again); the higher chooses: the Romans first.
key Enter
wait_for "Who starts" 20 || fail "no who-starts panel"
for _ in $(seq 1 10); do
  key Enter
  screen | grep -qF "rolled higher and chooses" && break
done
wait_for "rolled higher and chooses" 20 || fail "nobody rolled higher"
key a
wait_for "1st phase, Romans" 20 || fail "the Romans' phase is not first"
key Escape

# Legio III (a2) charges the Galatians (b8): the players' dice typed; each
# step the result forces opens by itself, its die typed straight.
key Tab; key 8; key Tab; key 2
key c
wait_for "Charge Activation: Legio III" 20 || fail "no charge panel"
wait_for "Movement Points:" 20 || fail "no odds before the roll"
key t; key 4
wait_for "Combat Ratings 5 against 3" 20 || fail "the combat did not open after the charge"
key 6; key 3
wait_for "Type the face chosen" 20 || fail "no choice of the die"
key 6
wait_for "in the order rolled: 1 Defence die" 20 || fail "the Defence die is not asked for"
key 2
wait_for "Push back: Galatian foot" 20 || fail "the push back did not open"
screen | grep -qF "crunch" || fail "no crunch"
key 3
wait_for "Follow up: Legio III" 20 || fail "the follow up did not open"
key 2
wait_for "Discipline Test: Galatian foot" 20 || fail "the test did not open"
key 2; key 3
wait_for "Enter accepts the failure" 20 || fail "no re-roll offered"
key Enter
wait_for "FAILED DISCIPLINE OUTCOME: Galatian foot" 20 || fail "the outcome did not open"
key 4; key 4
# What else the result requires (lines, generals), with Herald's dice.
for _ in $(seq 1 12); do
  screen | grep -qF "activate a unit" && break
  key Enter
done
wait_for "activate a unit" 20 || fail "the steps due did not end"
key Escape

# Legio II (a1) attacks the phalanx (b2): the defender chooses the 1, Repulsed.
key Tab; key 2; key Tab; key 1
key a
wait_for "Combat: Legio II" 20 || fail "no combat panel"
key t; key 1; key 5
wait_for "Type the face chosen" 20 || fail "no choice"
key 1
key 4
for _ in $(seq 1 12); do
  screen | grep -qF "ends the phase" && break
  key Enter
done
wait_for "Reversal of Fortune" 20 || fail "no Reversal of Fortune"
key Escape
key e
wait_for "phase, Seleucids" 20 || fail "the Seleucids' phase did not follow"
key h
wait_for "Homunculus Est!" 20 || fail "no call panel"
key Enter
wait_for "not broken" 20 || fail "the call"
key Escape
key e
wait_for "turn 2" 20 || fail "turn 2 did not begin"
key u
wait_for "undone: " 20 || fail "undo"
key U
wait_for "turn 2" 20 || fail "redo"
key l
wait_for "Log of magnesia" 20 || fail "no log browser"
key Escape
key q
sleep 0.5

for kind in combat push_back follow_up discipline_test failed_discipline homunculus_est_call end_phase; do
  grep -qF "kind = \"$kind\"" saves/magnesia.toml || fail "no $kind in the save"
done
"$bin" log saves/magnesia.toml > report.md
grep -qF "Turn 2" report.md || { cat report.md; fail "no turn 2 in the report"; }
grep -qF "fixed card values" report.md || { cat report.md; fail "no house option in the report"; }

# At 80x24 it still draws, the tables cut with a note.
tmux kill-session -t "$session" 2>/dev/null || true
tmux new-session -d -s "$session" -x 80 -y 24 "'$bin' play saves/magnesia.toml"
wait_for "magnesia - Homunculus Est! - turn 2" || fail "no screen at 80x24"
wait_for "more rows" 20 || fail "no note of the cut tables at 80x24"
key q
sleep 0.3
echo "ok: a turn of Magnesia played in the console and saved"
