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
# The winner's player chooses (Rule 26, WI-3): the Parthians move first.
wait_for "Its player chooses" 20 || fail "the order of play was not rolled"
key f
wait_for "side b is Player 1" 20 || fail "the winner's choice was not recorded"
key Enter

# 2. The Parthians' command tests, Surena first; Silaces gets 3 CCPs from 25 cm.
key Enter; roll 456; key Enter
key Enter; keys Space Space Space Down; times 5 Right
wait_for "1 CCP(s) received from the C-in-C" 20 || fail "no transfer shown"
roll 32
wait_for "6 CCPs (5 his own, 1 from the C-in-C)" 20 || fail "Silaces' CCPs wrong"
key Enter
key Enter; roll 2; key Enter
wait_for "Surena (CO b1) *** 12 CCP" 20 || fail "Surena's pool is not 12"
# Surena joins his cataphracts; the horse archers are commanded (Vd: 1).
keys Home g Down c
wait_for "costs 1; the CO has 12: 11 left after" 20 || fail "no CCP cost"
keys Enter Enter
# The cataphracts charge the Gallic horse from 10 cm: 2 CCPs.
keys Home c 3 Down Down; times 6 Right; keys Down Right Right
wait_for "a6 Gallic horse of Publius" 20 || fail "no charge target"
keys Enter Enter
wait_for "Surena (CO b1) *** 9 CCP" 20 || fail "the charge did not cost 2"
# Abgar's 2 CCPs cannot pay for the Osroenian horse (3): refused.
key Home; times 8 Down; key c
wait_for "refused (WI-6)" 20 || fail "no refusal shown before"
key Enter
wait_for "has 2 left" 20 || fail "the refusal was not said"
key Escape
keys Enter Enter Enter Enter
wait_for "Marcus Licinius Crassus (CO a1) takes his command test" 20 || fail "not side a's step"

# 3. The Romans: three tests, then Publius commands his archers.
for d in 33 51 22; do key Enter; roll "$d"; key Enter; done
key Home; times 8 Down; keys c Enter Enter
keys Enter Enter Enter Enter
wait_for "[4 shooting]" 20 || fail "not the shooting step"

# 4. The household horse archers shoot at the first legion, 10 cm: 4 hits.
keys Tab Home Down s Down; times 10 Right
wait_for "short range; target's DV 5" 20 || fail "no shooting plan"
roll 6
wait_for "First legion of the square: +4 AP(s), 4 now" 20 || fail "the shot did not hit 4"
keys Enter Enter

# 5. The legion's waver test: shaken.
wait_for "[5 waver tests]" 20 || fail "not the waver step"
key Enter; roll 34
wait_for "steady → shaken" 20 || fail "the legion is not shaken"
keys Enter Enter

# 6. The cataphracts reach the Gallic horse.
keys Tab Home e Enter Enter Enter  # the declared target first (issue 21 item 1)
wait_for "[7 melees]" 20 || fail "not the melee step"

# 7. The melee, charge advantage told; the Gallic player chooses to retreat.
keys Enter Down Space; roll 43
wait_for "Herald does not" 20 || fail "the losing player was not asked"
key r
wait_for "What changed" 20 || fail "the melee was not recorded"
keys Enter Enter

# 8. Surena's wounding roll: 6 + 1 AP: his base is dispersed.
wait_for "Surena (CO b1) rolls for his wounds" 20 || fail "no general's risk"
key Enter; roll 6
wait_for "dispersed" 20 || fail "Surena's base not dispersed"
keys Enter Enter
wait_for "carrhae Move 2" 20 || fail "Move 2 did not begin"
key q
sleep 0.5

"$bin" log saves/carrhae.toml > report.md
grep -qF "## Move 1" report.md || { cat report.md; fail "no Move 1 in the saved report"; }
grep -qF "### 7. Melees" report.md || { cat report.md; fail "no melee in the saved report"; }
echo "ok: a Move of Carrhae played in the console and saved"
