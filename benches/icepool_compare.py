"""Herald's exact odds against icepool's, on the three questions of issue 7.

Run by benches/icepool_compare.sh (after `cargo bench --bench odds -- icepool/`
and a release build of herald): checks that both give the same answers, times
icepool (first call in a fresh process, and repeated calls), reads Herald's
times from criterion's estimates, and prints both with the ratio.
"""

import json
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

import icepool
from icepool import d6

ROOT = Path(__file__).resolve().parent.parent
CRITERION = ROOT / "target" / "criterion" / "icepool"
HERALD = ROOT / "target" / "release" / "herald"

# Pike 6 stands in 3 ranks (5 dice, +2; 2 wide; Irregular Heavy) against
# veteran Loose Foot with light weapons (3 dice, -1; 3 wide).
PIKE_WIDTH, LEVY_WIDTH = 2, 3


def top_two_sums():
    """Top-2 sums of 2 to 7 d6."""
    return [d6.pool(n).highest(2).sum() for n in range(2, 8)]


def melee_outcome(a, b):
    """Who loses, and the cumulative results of W-17 (only the Pike is Irregular Heavy)."""
    if a == b:
        return ("none", False, False, False)
    win, lose, loser = (a, b, "b") if a > b else (b, a, "a")
    unformed = win >= 2 * lose and loser == "a"
    return (loser, True, unformed, win >= 3 * lose)


def melee():
    """The outcome table of a melee of 5 dice plus 2 against 3 dice minus 1."""
    a = d6.pool(5).highest(2).sum() + 2
    b = (d6.pool(3).highest(2).sum() - 1).map(lambda s: max(s, 0))
    table = icepool.map(melee_outcome, a, b)
    return table, a.map(lambda s: s // LEVY_WIDTH), b.map(lambda s: s // PIKE_WIDTH)


def hits_of_60():
    """The hits of 60 dice needing 4+."""
    return 60 @ (d6 >= 4)


QUESTIONS = [
    ("top_two_sums_2_to_7_d6", "top_two_sums", "top-2 sums of 2 to 7 d6"),
    ("melee_5d_plus_2_vs_3d_minus_1", "melee", "melee 5d+2 vs 3d-1 outcome table"),
    ("hits_of_60_dice_needing_4", "hits_of_60", "hits of 60 dice needing 4+"),
]

CASES = """
[[case]]
id = "melee"
kind = "melee"
[case.a.unit]
name = "Pikemen"
type = "pike"
stands = 6
files = 2
weapons = ["heavy"]
[case.b.unit]
name = "Levy"
type = "loose_foot"
stands = 3
weapons = ["light"]
traits = ["veteran"]

[[case]]
id = "hits"
kind = "shooting"
[case.shooter]
name = "Archers"
type = "loose_foot"
stands = 15
weapons = ["heavy_missiles", "longbows"]
shooting = ["massed"]
[case.target]
name = "Levy"
type = "loose_foot"
stands = 6
[case.situation]
style = "massed"
range_spans = 6
""" + "".join(
    f"""
[[case]]
id = "top2-{n}"
kind = "activation"
[case.unit]
name = "Fyrd"
type = "close_foot"
stands = 12
files = 6
champions = {n - 2}
"""
    for n in range(2, 8)
)


def close(what, got, want):
    """Stops if two probabilities differ by more than 1e-12."""
    if abs(got - want) > 1e-12:
        sys.exit(f"answers differ: {what}: herald {got}, icepool {want}")


def same_table(what, herald, die):
    """Compares a Herald {value: p} table with an icepool die."""
    keys = set(herald) | {str(o) for o in die.outcomes()}
    for k in keys:
        close(f"{what} {k}", herald.get(k, 0.0), float(die.probability(int(k))))


def check_answers():
    """Herald's answers (herald odds --json) must equal icepool's."""
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(CASES)
    out = subprocess.run(
        [HERALD, "odds", f.name, "--json"], check=True, capture_output=True, text=True
    ).stdout
    lines = {j["id"]: j for j in map(json.loads, out.splitlines())}
    for n, die in zip(range(2, 8), top_two_sums()):
        same_table(f"top-2 of {n}", lines[f"top2-{n}"]["score"], die)
    table, cas_a, cas_b = melee()
    m = lines["melee"]
    for who in ("a", "b", "none"):
        p = sum(float(table.probability(o)) for o in table.outcomes() if o[0] == who)
        close(f"loser {who}", m["loser"][who], p)
    for i, key in [(1, "loser_falls_back"), (2, "loser_unformed"), (3, "loser_broken")]:
        p = sum(float(table.probability(o)) for o in table.outcomes() if o[i])
        close(key, m[key], p)
    same_table("a casualties", m["a"]["casualties_inflicted"], cas_a)
    same_table("b casualties", m["b"]["casualties_inflicted"], cas_b)
    same_table("hits of 60", lines["hits"]["hits"], hits_of_60())
    print("answers: Herald and icepool agree on all three questions (within 1e-12)")


def cold_seconds(fn_name):
    """One call in a fresh Python process (icepool imported, nothing cached)."""
    code = (
        "import sys, time; sys.path.insert(0, %r); import icepool_compare as q; "
        "t = time.perf_counter(); q.%s(); print(time.perf_counter() - t)"
    ) % (str(Path(__file__).parent), fn_name)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def warm_seconds(fn):
    """The best of 5 samples of repeated calls (icepool's caches warm)."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=5, number=number)) / number


def herald_seconds(bench_id):
    """The best of criterion's samples (mean per call within a sample) for one
    of benches/odds.rs's icepool/* benchmarks: measured as icepool's repeated
    calls are, so that a busy machine slows neither side more."""
    sample = json.loads((CRITERION / bench_id / "new" / "sample.json").read_text())
    return min(t / n for t, n in zip(sample["times"], sample["iters"])) / 1e9


def show(seconds):
    for unit, scale in [("s", 1), ("ms", 1e3), ("µs", 1e6), ("ns", 1e9)]:
        if seconds * scale >= 1:
            return f"{seconds * scale:8.2f} {unit}"
    return f"{seconds * 1e9:8.2f} ns"


def main():
    print(f"icepool {icepool.__version__}, Python {sys.version.split()[0]}")
    check_answers()
    print()
    print(f"{'question':36} {'herald':>11} {'icepool 1st':>11} {'icepool rep':>11} {'ratio 1st':>10} {'ratio rep':>10}")
    worst = None
    for bench_id, fn_name, title in QUESTIONS:
        h = herald_seconds(bench_id)
        cold = cold_seconds(fn_name)
        warm = warm_seconds(globals()[fn_name])
        worst = min(worst or warm / h, warm / h)
        print(
            f"{title:36} {show(h)} {show(cold)} {show(warm)} {cold / h:9.0f}x {warm / h:9.0f}x"
        )
    print()
    print(f"smallest ratio (repeated icepool calls / Herald): {worst:.0f}x "
          f"({'at least' if worst >= 1000 else 'BELOW'} the 1000x target)")


if __name__ == "__main__":
    main()
