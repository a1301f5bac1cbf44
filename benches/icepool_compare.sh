#!/usr/bin/env bash
# Herald's exact odds against icepool (the Python dice calculator) on the
# three questions of issue 7: both answers are checked equal, both are timed,
# and the ratio is printed. Not part of .ci/run (it needs PyPI).
#
#   benches/icepool_compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/icepool-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import icepool" 2>/dev/null; then
  "$venv/bin/pip" install --quiet icepool
fi

cargo build --release --quiet
cargo bench --bench odds -- icepool/ >/dev/null 2>&1
"$venv/bin/python" benches/icepool_compare.py
