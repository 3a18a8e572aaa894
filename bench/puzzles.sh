#!/usr/bin/env bash
# Time per puzzle for Simon Tatham's games, by game, size and level, on the
# puzzles his generators printed (committed under problems/*/testdata):
# Keen (kenken), Unequal (futoshiki, plain and adjacent), Solo (sudoku:
# plain, X, jigsaw, killer and their mixes).
#
# usage: bench/puzzles.sh > table.md
#
# One `csp solve GAME - --json` per game on one core (taskset -c ${CORE:-0},
# GOMAXPROCS=1), default settings; the time is csp's own per puzzle (model
# building, search, the checker). Every answer is checked; the counts of
# unique answers come from the tests (go test ./problems/...).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
csp=${CSP:-$work/csp}
[[ -x $csp ]] || (cd "$root" && go build -o "$csp" ./cmd/csp)
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${CORE:-0}")

# run GAME LABELLED: LABELLED holds "label<TAB>id" lines; prints one table
# row per label, in first-seen order.
run() {
	local game=$1 labelled=$2
	cut -f2- "$labelled" | GOMAXPROCS=1 "${pin[@]}" "$csp" solve "$game" - --json >"$work/out.json" || true
	sed -n 's/.*"status":"\([a-z]*\)".*"nodes":\([0-9]*\).*"time":\([0-9.e+-]*\).*/\1 \2 \3/p' "$work/out.json" |
		paste <(cut -f1 "$labelled") - |
		awk -F'\t' -v game="$game" '
		{ split($2, f, " "); l = $1
		  if (!(l in n)) order[++k] = l
		  n[l]++; if (f[1] == "solved") ok[l]++
		  t[l, n[l]] = f[3] * 1000; nodes[l] += f[2] }
		END {
			for (i = 1; i <= k; i++) {
				l = order[i]; m = n[l]
				for (a = 2; a <= m; a++) { v = t[l, a]; for (b = a - 1; b >= 1 && t[l, b] > v; b--) t[l, b + 1] = t[l, b]; t[l, b + 1] = v }
				printf "| %s | %s | %d/%d | %.3f | %.3f | %.1f |\n", game, l, ok[l], m, t[l, int((m + 1) / 2)], t[l, m], nodes[l] / m
			}
		}'
}

echo "| game | size, level | solved | median (ms) | max (ms) | guesses |"
echo "|---|---|---:|---:|---:|---:|"

# Keen: a comment "# seed PARAMS#SEED solution ..." before each ID.
awk '/^# seed / { split($3, a, "#"); label = a[1]; next } /^[0-9]+[^ ]*:/ { print label "\t" $0 }' \
	"$root/problems/kenken/testdata/tatham-keen.txt" >"$work/keen.tsv"
run kenken "$work/keen.tsv"

# Unequal: columns name, params, ID, solution.
awk -F'\t' '!/^#/ { print $2 "\t" $3 }' "$root/problems/futoshiki/testdata/tatham.tsv" >"$work/unequal.tsv"
run futoshiki "$work/unequal.tsv"

# Solo: one file per variant (label: variant and size); levels.txt holds,
# in the order of its generate.sh line, COUNT puzzles of each PARAMS#SEED.
solo=$root/problems/sudoku/testdata/solo
: >"$work/solo.tsv"
for f in plain x jigsaw killer jigsaw_x killer_x killer_jigsaw killer_jigsaw_x; do
	awk -v v="$f" -F: '{ print v " " $1 "\t" $0 }' "$solo/$f.txt" >>"$work/solo.tsv"
done
sed -n '/^gen levels.txt/,/[^\\]$/p' "$solo/generate.sh" | tr -d '\\' | tr -s ' \t' '\n' | grep -v '^gen$\|^levels.txt$\|^$' |
	paste - - | awk '{ split($1, a, "#"); for (i = 0; i < $2; i++) print a[1] }' >"$work/levels.labels"
paste "$work/levels.labels" "$solo/levels.txt" >>"$work/solo.tsv"
run sudoku "$work/solo.tsv"
