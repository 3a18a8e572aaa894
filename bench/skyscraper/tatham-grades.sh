#!/usr/bin/env bash
# Grade Tatham's Towers puzzles on the skyscraper ladder: how many of each
# of his levels land on each level of ours (the table behind the words
# generate --difficulty takes for skyscraper).
#
# usage: bench/skyscraper/tatham-grades.sh > table.md
#
# Makes K puzzles (default 50) per size (SIZES, default "4 5 6 7 8 9") and
# level (LEVELS, default "e h x u") with Simon Tatham's generator
# (sgt-towers, Debian package sgt-puzzles; SGT overrides its path), seeded
# "NdL#grades-NL" so that the same generator version makes the same
# puzzles, grades them all with `csp grade skyscraper --json`, and prints a
# Markdown table: one row per Tatham level, one column per ladder level.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
sgt=${SGT:-/usr/games/sgt-towers}
csp=${CSP:-}
if [ -z "$csp" ]; then
	csp=$(mktemp -d)/csp
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
k=${K:-50}
ids=$(mktemp)
for level in ${LEVELS:-e h x u}; do
	for size in ${SIZES:-4 5 6 7 8 9}; do
		"$sgt" --generate "$k" "${size}d${level}#grades-${size}${level}" | sed "s/^/$level /"
	done
done >"$ids"
cut -d' ' -f2 "$ids" | { "$csp" grade skyscraper - --json --jobs 1 || true; } |
	sed -n 's/.*"grade":"\([^"]*\)".*/\1/p' | paste -d'|' <(cut -d' ' -f1 "$ids") - |
	awk -F'|' '
		BEGIN {
			n = split("edge rules and singles|clue bounds|clue filtering|whole lines|assumptions|search", lv, "|")
			name["e"] = "easy"; name["h"] = "hard"; name["x"] = "extreme"; name["u"] = "unreasonable"
		}
		{ c[$1, $2]++; total[$1]++; seen[$1] = 1 }
		END {
			printf "| Tatham'"'"'s level |"
			for (i = 1; i <= n; i++) printf " %s |", lv[i]
			printf "\n|---|"
			for (i = 1; i <= n; i++) printf "---:|"
			printf "\n"
			split("e h x u", order, " ")
			for (j = 1; j <= 4; j++) {
				l = order[j]
				if (!seen[l]) continue
				printf "| %s (%d) |", name[l], total[l]
				for (i = 1; i <= n; i++) printf " %d |", c[l, lv[i]] + 0
				printf "\n"
			}
		}'
rm -f "$ids"
