#!/usr/bin/env bash
# Plays the first cut of the Homunculus Est! console in the real binary, in
# tmux, as a referee would: `herald new` with the house option of HE-10 as
# the README says, then `herald play`; who starts with Herald's dice
# (HE-5.2), both phases ended (HE-5.4) into turn 2, undo and redo, the log
# browser; again at 80x24. Checks the screen, the save and the report.
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

# Who starts: w until one player rolls higher (equal scores roll again).
for _ in $(seq 1 10); do
  key w
  screen | grep -qF "goes first" && break
done
wait_for "goes first" 20 || fail "nobody goes first"
wait_for "1st phase" 20 || fail "no first phase"
key e
wait_for "2nd phase" 20 || fail "the first phase did not end"
key e
wait_for "turn 2" 20 || fail "turn 2 did not begin"
key u
wait_for "undone: end_phase" 20 || fail "undo"
key U
wait_for "turn 2" 20 || fail "redo"
key l
wait_for "Log of magnesia" 20 || fail "no log browser"
key Escape
key q
sleep 0.5

grep -qF 'kind = "end_phase"' saves/magnesia.toml || fail "the phases are not in the save"
"$bin" log saves/magnesia.toml > report.md
grep -qF "Turn 2" report.md || { cat report.md; fail "no turn 2 in the report"; }
grep -qF "fixed card values" report.md || { cat report.md; fail "no house option in the report"; }

# At 80x24 it still draws, the tables cut with a note.
tmux kill-session -t "$session" 2>/dev/null || true
tmux new-session -d -s "$session" -x 80 -y 24 "'$bin' play saves/magnesia.toml"
wait_for "magnesia - Homunculus Est! - turn 2" || fail "no screen at 80x24"
wait_for "a taller terminal shows them" 20 || fail "no note of the cut tables at 80x24"
key q
sleep 0.3
echo "ok: a turn of Magnesia played in the console and saved"
