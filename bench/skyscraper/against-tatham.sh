#!/usr/bin/env bash
# This engine beside Simon Tatham's Towers solver, per size and level, on
# puzzles his generator made: time per puzzle in-process, both measured in
# the same run.
#
# usage: bench/skyscraper/against-tatham.sh TATHAM [TSV...] > table.md
#
# TATHAM is a program that reads Towers game IDs on standard input, one
# per line, solves each with Tatham's standalone solver (towers.c built
# with -DSTANDALONE_SOLVER) in its own process, and prints one line per
# ID: the seconds that solve took. It is not part of this repository;
# docs/BENCHMARKS.md, section "Issue 19: small instances", says how the
# one measured there was made.
#
# TSV defaults to problems/skyscraper/testdata/tatham-dev.tsv and
# tatham-dev-more.tsv (480 puzzles: sizes 4..9, levels e/h/x/u, 20 each;
# columns size, level, seed, game ID, solution).
#
# Each round runs the whole set as one batch through `csp solve skyscraper
# - --json --jobs 1` and as one through TATHAM, one after the other, each
# on one core (taskset -c $CPU, default 0, when taskset is there), the
# puzzles in the order of the files (size by size, easy first). csp's time
# per puzzle is its --json "time": the wall time from the worker taking
# the puzzle up to its checked solution, which includes getting the
# worker's model of the puzzle's size (built by the batch's first puzzle
# of that size, so the first puzzle of each size's first cell carries the
# build, and the batch's very first one the process's warm-up), posing the
# clues and givens, propagation, search and the check. Tatham's is his
# main's: decoding the ID, grading and solving, formatting the answer (to
# /dev/null). Neither counts process start-up. Per cell (size and level)
# the table gives the mean and median over its puzzles, and csp's time on
# the cell's first puzzle; with ROUNDS (default 3) rounds, the median
# round of each. "ahead" compares the means, then the medians (a mean
# is one puzzle's hiccup away from another on a shared machine). SIZES
# (default "4 5 6 7 8 9") picks the sizes.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ]; then
	echo "usage: $0 TATHAM [TSV...]" >&2
	exit 2
fi
tatham=$1
shift
[ -x "$tatham" ] || { echo "$0: $tatham is not an executable" >&2; exit 2; }
if [ $# -eq 0 ]; then
	set -- "$root/problems/skyscraper/testdata/tatham-dev.tsv" "$root/problems/skyscraper/testdata/tatham-dev-more.tsv"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
csp=${CSP:-}
if [ -z "$csp" ]; then
	csp=$work/csp
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
pin=()
if command -v taskset >/dev/null; then
	pin=(taskset -c "${CPU:-0}")
fi
cat "$@" | grep -v '^#' >"$work/all.tsv"

# stats reads seconds, one a line, and prints: count, mean and median in
# µs, the first in µs.
stats() {
	awk '{ t[++n] = $1 * 1e6; s += t[n] }
		END {
			first = t[1]
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (t[j] < t[i]) { x = t[i]; t[i] = t[j]; t[j] = x }
			med = n % 2 ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
			printf "%d %.1f %.1f %.1f\n", n, s / n, med, first
		}'
}

sizes=" ${SIZES:-4 5 6 7 8 9} "
awk -F'\t' -v sizes="$sizes" 'index(sizes, " " $1 " ") { print $1 "\t" $2 "\t" $4 }' "$work/all.tsv" >"$work/cells"
cut -f3 "$work/cells" >"$work/ids"
total=$(wc -l <"$work/ids")
rounds=${ROUNDS:-3}
for round in $(seq "$rounds"); do
	echo "round $round/$rounds: csp" >&2
	"${pin[@]}" "$csp" solve skyscraper - --json --jobs 1 <"$work/ids" >"$work/csp.out" || true
	solved=$(grep -c '"status":"solved"' "$work/csp.out" || true)
	if [ "$solved" -ne "$total" ]; then
		echo "$0: csp solved $solved of the $total puzzles" >&2
		exit 1
	fi
	sed -n 's/.*"time":\([0-9.e+-]*\)}$/\1/p' "$work/csp.out" >"$work/csp.$round"
	echo "round $round/$rounds: Tatham" >&2
	"${pin[@]}" "$tatham" <"$work/ids" >"$work/tatham.$round"
	if [ "$(wc -l <"$work/tatham.$round")" -ne "$total" ]; then
		echo "$0: $tatham timed $(wc -l <"$work/tatham.$round") of the $total puzzles" >&2
		exit 1
	fi
done

echo "| size | level | puzzles | csp mean (µs) | csp median (µs) | csp first (µs) | Tatham mean (µs) | Tatham median (µs) | Tatham / csp (means) | ahead (means, medians) |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|"
for size in $sizes; do
	for level in e h x u; do
		: >"$work/rounds"
		for round in $(seq "$rounds"); do
			c=$(paste "$work/cells" "$work/csp.$round" | awk -F'\t' -v s="$size" -v l="$level" '$1 == s && $2 == l { print $4 }' | stats)
			t=$(paste "$work/cells" "$work/tatham.$round" | awk -F'\t' -v s="$size" -v l="$level" '$1 == s && $2 == l { print $4 }' | stats)
			echo "$c $t" >>"$work/rounds"
		done
		[ "$(head -c1 "$work/rounds")" != 0 ] || continue
		# The median round by csp's mean, and by Tatham's.
		sort -k2,2g "$work/rounds" | awk -v r="$rounds" 'NR == int((r + 1) / 2) { print $1, $2, $3, $4 }' >"$work/c"
		sort -k6,6g "$work/rounds" | awk -v r="$rounds" 'NR == int((r + 1) / 2) { print $6, $7 }' >"$work/t"
		read -r n cmean cmed cfirst <"$work/c"
		read -r tmean tmed <"$work/t"
		awk -v s="$size" -v l="$level" -v n="$n" -v cm="$cmean" -v cd="$cmed" -v cf="$cfirst" -v tm="$tmean" -v td="$tmed" \
			'BEGIN { printf "| %d | %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %s, %s |\n", s, l, n, cm, cd, cf, tm, td, tm / cm, (tm > cm ? "yes" : "no"), (td > cd ? "yes" : "no") }'
	done
done
