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
# Per cell (size and level), each round runs one batch of the cell's
# puzzles through `csp solve skyscraper - --json --jobs 1` and one through
# TATHAM, one after the other, each on one core (taskset -c $CPU, default
# 0, when taskset is there). csp's time per puzzle is its --json "time":
# the wall time from the worker taking the puzzle up to its checked
# solution, which includes finding the worker's model of the puzzle's size
# (built by the batch's first puzzle of that size, so the cell's first
# puzzle carries the build), posing the clues and givens, propagation,
# search and the check. Tatham's is his main's: decoding the ID, grading
# and solving, formatting the answer (to /dev/null). Neither counts
# process start-up. Each cell's mean and median are over its puzzles;
# with ROUNDS (default 3) rounds, the table gives the median round of
# each. "ahead" compares the means.
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

echo "| size | level | puzzles | csp mean (µs) | csp median (µs) | csp first (µs) | Tatham mean (µs) | Tatham median (µs) | Tatham / csp (means) | ahead |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|"
for size in ${SIZES:-4 5 6 7 8 9}; do
	for level in e h x u; do
		awk -F'\t' -v s="$size" -v l="$level" '$1 == s && $2 == l { print $4 }' "$work/all.tsv" >"$work/ids"
		[ -s "$work/ids" ] || continue
		: >"$work/rounds"
		for round in $(seq "${ROUNDS:-3}"); do
			out=$("${pin[@]}" "$csp" solve skyscraper - --json --jobs 1 <"$work/ids" || true)
			solved=$(grep -c '"status":"solved"' <<<"$out" || true)
			if [ "$solved" -ne "$(wc -l <"$work/ids")" ]; then
				echo "$0: csp solved $solved of the $(wc -l <"$work/ids") puzzles of $size$level" >&2
				exit 1
			fi
			c=$(sed -n 's/.*"time":\([0-9.e+-]*\)}$/\1/p' <<<"$out" | stats)
			t=$("${pin[@]}" "$tatham" <"$work/ids" | stats)
			echo "$c $t" >>"$work/rounds"
		done
		# The median round by csp's mean, and by Tatham's.
		sort -k2,2g "$work/rounds" | awk -v r="${ROUNDS:-3}" 'NR == int((r + 1) / 2) { print $1, $2, $3, $4 }' >"$work/c"
		sort -k6,6g "$work/rounds" | awk -v r="${ROUNDS:-3}" 'NR == int((r + 1) / 2) { print $6, $7 }' >"$work/t"
		read -r n cmean cmed cfirst <"$work/c"
		read -r tmean tmed <"$work/t"
		awk -v s="$size" -v l="$level" -v n="$n" -v cm="$cmean" -v cd="$cmed" -v cf="$cfirst" -v tm="$tmean" -v td="$tmed" \
			'BEGIN { printf "| %d | %s | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %s |\n", s, l, n, cm, cd, cf, tm, td, tm / cm, (tm > cm ? "yes" : "no") }'
	done
done
