#!/usr/bin/env bash
# Time `csp solve skyscraper` per size and level on Tatham-generated puzzles.
#
# usage: bench/skyscraper/tatham.sh [TSV] > table.md
#
# TSV defaults to problems/skyscraper/testdata/tatham-dev.tsv (240 Towers
# puzzles, sizes 4..9, levels e/h/x/u, 10 each; columns size, level, seed,
# game ID, solution). SIZES (default "4 5 6 7 8 9") picks sizes, LEVELS
# (default "edge bounds gac line") the --visibility levels, TIMEOUT
# (default 5s) limits each puzzle, FLAGS (default none) adds flags to every
# run (e.g. FLAGS="--var domwdeg"). Every level is run on every puzzle, one
# process per level and group, one puzzle at a time; the time is the
# solver's own wall time per puzzle ("time" in --json: model building,
# propagation and search, each solution checked).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
tsv=${1:-$root/problems/skyscraper/testdata/tatham-dev.tsv}
csp=${CSP:-}
if [ -z "$csp" ]; then
	csp=$(mktemp -d)/csp
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
echo "| size | level | visibility | solved | median (ms) | max (ms) | median nodes |"
echo "|---:|---|---|---:|---:|---:|---:|"
for size in ${SIZES:-4 5 6 7 8 9}; do
	for level in e h x u; do
		ids=$(awk -F'\t' -v s="$size" -v l="$level" '$1 == s && $2 == l { print $4 }' "$tsv")
		[ -n "$ids" ] || continue
		for vis in ${LEVELS:-edge bounds gac line}; do
			{ printf '%s\n' "$ids" | "$csp" solve skyscraper - --json --visibility "$vis" --timeout "${TIMEOUT:-5s}" ${FLAGS:-} || true; } |
				sed -n 's/.*"status":"\([a-z]*\)".*"nodes":\([0-9]*\).*"time":\([0-9.e+-]*\).*/\1 \2 \3/p' |
				awk -v s="$size" -v l="$level" -v v="$vis" '
					{ n++; if ($1 == "solved") ok++; t[n] = $3 * 1000; d[n] = $2; if (t[n] > mx) mx = t[n] }
					function median(a, n,   i, j, x) {
						for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
						return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
					}
					END { printf "| %d | %s | %s | %d/%d | %.3f | %.3f | %d |\n", s, l, v, ok, n, median(t, n), mx, median(d, n) }'
		done
	done
done
