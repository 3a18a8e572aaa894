#!/usr/bin/env bash
# Large Latin squares with many holes: instances of orders 50-70 past the
# hardness peak, made here, solved by several configurations one after
# another, a table of their times (docs/BENCHMARKS.md, "Issue 18: large
# squares with many holes, where learning by activity loses").
#
# usage: bench/latin/manyholes.sh > table.md
#
# The instances come from `csp generate latin --size N --holes H --seed S`
# (random holes, H = N*N*SHARE/100 by integer division) for every N in
# ORDERS (default "50 60 70"), SHARE in SHARES (default "35 45 55", the
# percentage of cells open) and S in SEEDS (default "1 2"). Each runs with
# each configuration of CONFIGS, flag sets separated by ';' (default: the
# default, `--learn none`, `--model rowcol --learn none`), as
# `csp solve latin FILE --timeout TIMEOUT --json --stats FLAGS`, one process
# at a time (TASKSET, e.g. "taskset -c 1", pins them). A cell is the
# seconds, or "unknown", and in brackets the conflicts (the failures where
# no learning ran), then the learned clauses' average length when there
# were any. CSP is our binary (default: built from this tree); the CLI
# checks every solution it prints.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/manyholes.XXXXXX")
trap 'rm -rf "$work"' EXIT
csp=${CSP:-}
if [ -z "$csp" ]; then
	csp=$work/csp
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
orders=${ORDERS:-50 60 70}
shares=${SHARES:-35 45 55}
seeds=${SEEDS:-1 2}
timeout=${TIMEOUT:-60s}
IFS=';' read -r -a configs <<<"${CONFIGS:-;--learn none;--model rowcol --learn none}"
# shellcheck disable=SC2206
pin=(${TASKSET:-})

# cell FILE FLAGS...: one run, as a table cell. csp exits non-zero when it
# finds no solution (unknown at the limit, or an error); the cell says which,
# and the table goes on.
cell() {
	local f=$1 out
	shift
	out=$("${pin[@]}" "$csp" solve latin "$f" --timeout "$timeout" --json --stats "$@" 2>/dev/null) || true
	python3 -c '
import json, sys
try:
    d = json.loads(sys.stdin.readline())
except ValueError:
    print("error")
    sys.exit()
s = d.get("stats", {})
t = "%.1f" % s["solveTime"] if d["status"] == "solved" else d["status"]
n = s.get("conflicts") or s.get("failures", 0)
out = "%s (%s)" % (t, format(n, ","))
if s.get("learnedLength"):
    out += ", length %.0f" % s["learnedLength"]
print(out)' <<<"$out"
}

head="| instance |"
rule="|---|"
for c in "${configs[@]}"; do
	head+=" ${c:-default} |"
	rule+="---:|"
done
echo "$head"
echo "$rule"
for n in $orders; do
	for share in $shares; do
		for s in $seeds; do
			h=$((n * n * share / 100))
			f=$work/o$n-f$share-s$s.txt
			"$csp" generate latin --size "$n" --holes "$h" --seed "$s" >"$f"
			row="| o$n-f$share-s$s |"
			for c in "${configs[@]}"; do
				# shellcheck disable=SC2086
				row+=" $(cell "$f" $c) |"
			done
			echo "$row"
		done
	done
done
echo
echo "binary $csp (this tree at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')), TIMEOUT=$timeout, $(date -u '+%Y-%m-%d %H:%M') UTC"
