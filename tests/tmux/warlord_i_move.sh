#!/usr/bin/env bash
# Plays a whole Move of the bundled Warlord I battle (Carrhae) in the real
# binary, in tmux, as a referee would: `herald new` as the README says, then
# `herald play`; the order of play, the Parthians' command tests (Silaces
# receiving Surena's CCPs, WI-5), Surena joining his cataphracts, commands
# with their CCPs spent and one refused when short (WI-6), recuperation; the
# Romans' tests and a command; shooting (a waver test flagged, WI-13); the
# waver test; the cataphracts' contact; the melee, where the losing player
# is asked to retreat, waver or surrender (WI-20); Surena's wounding roll;
# Move 2. The players' dice are typed in. Checks the screen and the save.
#
# Usage: tests/tmux/warlord_i_move.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="herald-wi-test-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

cp -r "$root/armies" "$work/armies"
cd "$work"
HERALD_SEED=53 "$bin" new carrhae --side armies/warlord-i/carrhae-53bc-roman.toml \
  --side armies/warlord-i/carrhae-53bc-parthian.toml >/dev/null
tmux new-session -d -s "$session" -x 120 -y 40 "'$bin' play saves/carrhae.toml"

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
keys() { for k in "$@"; do key "$k"; done; }
times() { local n=$1; shift; for _ in $(seq 1 "$n"); do key "$@"; done; }
# roll DICE: in the open panel, the players' dice typed, the result closed.
roll() { key t; key "$1"; key Enter; }

wait_for "carrhae Move 1" || fail "the battle did not open"
screen | grep -qF "First legion of the square" || fail "the Roman table is missing"
screen | grep -qF "Surena's cataphracts" || fail "the Parthian table is missing"

# 1. The order of play: a 2, b 5: the Parthians move first.
key Enter
wait_for "side b wins" 20 || fail "no odds for the order of play"
roll 25
wait_for "Herald does not" 20 || fail "the winner was not asked"
key f  # the winner's choice, asked after the dice (WI-3)
wait_for "side b is Player 1" 20 || fail "the order of play was not rolled"

# 2. The Parthians' command tests, Surena first (Enter on a result opens
# the next); Silaces gets 3 CCPs from the C-in-C 25 cm away.
key Enter; roll 456
key Enter; keys c 3 d 2 5
wait_for "1 CCP(s) received from the C-in-C" 20 || fail "no transfer shown"
roll 32
wait_for "6 CCPs (5 his own, 1 from the C-in-C)" 20 || fail "Silaces' CCPs wrong"
key Enter; roll 2; key Enter
wait_for "Surena (C-in-C b1) *** 12 CCP" 20 || fail "Surena's pool is not 12"
# Surena joins his cataphracts; the horse archers are commanded (Vd: 1).
keys B 1 g B 2 c
wait_for "costs 1; the CO has 12: 11 left after" 20 || fail "no CCP cost"
key Enter
# The cataphracts charge the Gallic horse from 10 cm: 2 CCPs.
keys B 1 c 3 a 6 d 1 0
wait_for "a6 Gallic horse of Publius" 20 || fail "no charge target"
key Enter
wait_for "spends 2 CCPs on Surena's cataphracts, 9 left" 20 || fail "the charge did not cost 2"
# Abgar's 2 CCPs cannot pay for the Osroenian horse (3): refused.
keys B 9 c
wait_for "refused (WI-6)" 20 || fail "no refusal shown before"
key Enter
wait_for "has 2 left" 20 || fail "the refusal was not said"
key Escape
# Enter goes on, a result's Enter opening what the Move owes next.
enter_until() { # text
  for _ in $(seq 1 8); do
    wait_for "$1" 5 && return 0
    key Enter
  done
  wait_for "$1" 20
}
enter_until "Command test: Marcus Licinius Crassus (CO a1)" || fail "not side a's step"

# 3. The Romans: three tests, then Publius commands his archers.
roll 33
enter_until "Command test: Publius" || fail "no Publius' test"
roll 51
enter_until "Command test: Gaius" || fail "no Longinus' test"
roll 22
keys A 9 c Enter
enter_until "[4 shooting]" || fail "not the shooting step"

# 4. The household horse archers shoot at the first legion, 10 cm: 4 hits.
keys B 2 s a 1 r 1 0
wait_for "short range" 20 || fail "no shooting plan"
roll 6
wait_for "First legion of the square: +4 AP(s), 4 now" 20 || fail "the shot did not hit 4"

# 5. The legion's waver test: shaken.
enter_until "Waver test: First legion" || fail "not the waver step"
roll 34
wait_for "steady → shaken" 20 || fail "the legion is not shaken"

# 6. The cataphracts reach the Gallic horse.
enter_until "[6 charges]" || fail "not the charges step"
keys B 1 e Enter  # the declared target first (issue 21 item 1)

# 7. The melee, charge advantage from the record; the Gallic player retreats.
enter_until "Melee: Surena's cataphracts" || fail "not the melee"
roll 43
wait_for "Herald does not" 20 || fail "the losing player was not asked"
key r
wait_for "What changed" 20 || fail "the melee was not recorded"

# 8. Surena's wounding roll: 6 + 1 AP: his base is dispersed.
enter_until "General's risk: Surena" || fail "no general's risk"
roll 6
wait_for "dispersed" 20 || fail "Surena's base not dispersed"
enter_until "carrhae Move 2" || fail "Move 2 did not begin"
key q
sleep 0.5

"$bin" log saves/carrhae.toml > report.md
grep -qF "## Move 1" report.md || { cat report.md; fail "no Move 1 in the saved report"; }
grep -qF "### 7. Melees" report.md || { cat report.md; fail "no melee in the saved report"; }
echo "ok: a Move of Carrhae played in the console and saved"
