#!/usr/bin/env bash
# The first-call odds benchmark (benches/odds_first.rs) of this tree and of
# an earlier commit, run side by side: both binaries alternate, process by
# process, and the ratios new / base are printed.
#
#   benches/odds_first.sh [BASE] [FILTER]
#
# BASE defaults to the commit this branch leaves main from. Its tree is
# exported (git archive, no worktree) to target/odds-base/, given this
# benchmark file if it has none, and another version number (cargo names artifacts by package
# and version, not by path), and built into the same target directory, so
# only Herald itself is compiled twice. HERALD_ODDS_SAMPLES sets the
# processes per case.
set -euo pipefail
cd "$(dirname "$0")/.."

base=$(git rev-parse --verify "${1:-$(git merge-base HEAD main)}^{commit}")
filter=${2:-}
dir=target/odds-base/$base
if [ ! -f "$dir/Cargo.toml" ]; then
  mkdir -p "$dir"
  git archive "$base" | tar -x -C "$dir"
  # A version of its own per commit, or cargo takes one base's build for another's.
  sed -i "0,/^version = \"\(.*\)\"/s//version = \"\\1-base-$(git rev-parse --short=12 "$base")\"/" "$dir/Cargo.toml"
fi
# The base's own copy of this benchmark when it has one (the rules' types may
# differ between commits); otherwise this one, which builds against 7fa2a18.
if ! git cat-file -e "$base:benches/odds_first.rs" 2>/dev/null; then
  cp benches/odds_first.rs "$dir/benches/odds_first.rs"
fi
if ! grep -q 'name = "odds_first"' "$dir/Cargo.toml"; then
  printf '\n[[bench]]\nname = "odds_first"\nharness = false\n' >>"$dir/Cargo.toml"
fi

# The executable cargo built for the odds_first bench of a manifest.
executable() {
  CARGO_TARGET_DIR="$PWD/target" cargo bench --quiet --manifest-path "$1" \
    --bench odds_first --no-run --message-format=json |
    grep -o '"executable":"[^"]*odds_first[^"]*"' | tail -1 | cut -d'"' -f4
}

old=$(executable "$dir/Cargo.toml")
new=$(executable Cargo.toml)
echo "base $(git rev-parse --short "$base") against $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)')"
HERALD_ODDS_BASE="$old" "$new" $filter
