#!/usr/bin/env bash
# A console killed in a terminal leaves its screen behind (the alternate
# screen, full of its rows); the next Herald started there must clear it,
# so nothing of the dead one shows through (issue 36 item 5). Here a shell
# fills the alternate screen with STALE and starts Herald in it, on a saved
# battle of every system in turn; the screen must then hold no STALE.
#
# Usage: tests/tmux/stale_screen.sh PATH/TO/herald
set -euo pipefail

bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
session="stale-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

cp -r "$root/tests/earlier_saves/1a0bdf5" "$work/saves"
cd "$work"
screen() { tmux capture-pane -p -t "$session"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen; exit 1; }

for save in hastings-turns-1-4 carrhae-moves-1-5 magnesia-turns-1-4 roberts-rules-turns-1-3 lewes-turns-1-7; do
  cat > fill.sh <<INNER
printf '\033[?1049h\033[H'
for i in \$(seq 1 40); do printf 'STALE%.0s' \$(seq 1 23); printf '\n'; done
exec '$bin' play saves/$save.toml
INNER
  tmux new-session -d -s "$session" -x 120 -y 40 "bash fill.sh"
  opened=""
  for _ in $(seq 1 50); do
    if screen | grep -q -- "$save\|turn\|Turn\|Move"; then opened=1; break; fi
    sleep 0.1
  done
  [ -n "$opened" ] || fail "$save did not open"
  sleep 0.3
  if screen | grep -q STALE; then fail "$save: the dead screen shows through"; fi
  tmux send-keys -t "$session" q
  sleep 0.3
  tmux kill-session -t "$session" 2>/dev/null || true
done
echo "ok: every console clears the terminal when it starts"
