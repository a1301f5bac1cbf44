#!/usr/bin/env bash
# Plays a half-turn of Robert's Rules of Warfare in the real binary, in
# tmux (session rr22), as a referee would: `herald new` with the text's own
# forces, then `herald play`; player a acts first; the spearmen's Action
# Roll fails and ends their Actions (RR-9); the crossbowmen's Missile Fire
# disrupts the cavalry (RR-11, RR-16); a simultaneous melee with Push Back,
# the Pursuit Action and the Pursuit attack (RR-19 to RR-21); a second melee
# costs the cavalry a stand and the Combat Phase waits for its Break Check
# (RR-14); the nearby spearmen check; undo and redo; again at 80x24. Dice
# are typed as rolled at the table (t). Checks the screen, the save and the
# report.
#
# Usage: tests/tmux/roberts_rules_half_turn.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="rr22"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
tmux kill-session -t "$session" 2>/dev/null || true

cp -r "$root/armies" "$work/armies"
cd "$work"
"$bin" new example \
  --side armies/roberts-rules/spearmen-and-cavalry.toml \
  --side armies/roberts-rules/crossbowmen.toml >/dev/null
tmux new-session -d -s "$session" -x 120 -y 40 "'$bin' play saves/example.toml"

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
keys() { for k in $(echo "$1" | grep -o .); do key "$k"; done; }

wait_for "example - Robert's Rules of Warfare - turn 1" || fail "the battle did not open"
screen | grep -qF "Militia spearmen" || fail "the spearmen are missing"
screen | grep -qF "Crossbowmen" || fail "the crossbowmen are missing"
screen | grep -qF "who is the first Acting player" || fail "no first Acting player asked"

key a
wait_for "[Action]" 20 || fail "no Action Phase"
wait_for "player a (The example army) acting" 20 || fail "the Acting player is not named"
# The spearmen's Movement, typed 3 3: 7, failed.
keys r
wait_for "Action Roll" 20 || fail "no Action panel"
wait_for "odds: success 21/36" 20 || fail "no odds before the roll"
keys t33; key Enter
wait_for "7, failed" 20 || fail "the spearmen's roll did not fail"
keys rn1; key Enter
wait_for "RR-9" 20 || fail "a second Action was not refused"
key Escape
keys rn2t44; key Enter
wait_for "9, success" 20 || fail "cavalry A did not move"
key e
wait_for "[Reaction]" 20 || fail "no Reaction Phase"
keys mo2a5b3
wait_for "Missile Fire" 20 || fail "no missile panel"
keys t3356446624; key Enter
wait_for "Disrupted, 2 hits" 20 || fail "the cavalry were not disrupted"
keys eee
wait_for "[Combat]" 20 || fail "no Combat Phase"
keys cn3b1t4412; key Enter
wait_for "Crossbowmen Pushed Back, 1 hit" 20 || fail "no Push Back"
wait_for "only the higher roll counts" 20 || fail "the higher roll is not said"
keys rt43; key Enter
wait_for "Pursuit, 10, success" 20 || fail "no Pursuit Action"
keys pp1t56; key Enter
wait_for "13, 3 hits" 20 || fail "no Pursuit attack"
keys cn2c1t1166; key Enter
wait_for "Pushed Back, 2 hits" 20 || fail "no second melee"
wait_for "Break Checks owed (RR-14, RR-15): a2" 20 || fail "who must check is not said"
key e
wait_for "must make a Break Check first" 20 || fail "the phase ended without its Break Check"
keys kt32; key Enter
wait_for "3, routs" 20 || fail "the Break Check did not rout"
wait_for "n names the friendly units nearby" 20 || fail "the walker does not ask for the units nearby"
keys na; key Enter
wait_for "Militia spearmen (a1) owes a Break Check" 20 || fail "the units nearby were not named"
keys kt43; key Enter
wait_for "8, holds" 20 || fail "the nearby check did not hold"
key e
wait_for "half-turn 2" 20 || fail "the half-turn did not end"
wait_for "player b (The enemy) acting" 20 || fail "player b does not act"
key u
wait_for "undone: " 20 || fail "undo"
screen | grep -qF "end_phase" && fail "the undo line names the save's kind, not the event"
key U
wait_for "half-turn 2" 20 || fail "redo"
key l
wait_for "Log of example" 20 || fail "no log browser"
key Escape
key q
sleep 0.5

grep -qF 'kind = "break_check"' saves/example.toml || fail "the Break Checks are not in the save"
"$bin" log saves/example.toml > report.md
grep -qF "routed" report.md || { cat report.md; fail "no rout in the report"; }

# At 80x24 it still draws, the tables cut with a note.
tmux kill-session -t "$session" 2>/dev/null || true
tmux new-session -d -s "$session" -x 80 -y 24 "'$bin' play saves/example.toml"
wait_for "example - Robert's Rules of Warfare - turn 1" || fail "no screen at 80x24"
wait_for "a taller terminal shows them" 20 || fail "no note of the cut tables at 80x24"
wait_for "b acts, a reacts" 20 || fail "the walker is missing at 80x24"
key q
sleep 0.3
echo "ok: a half-turn of Robert's Rules played in the console and saved"
