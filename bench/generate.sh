#!/usr/bin/env bash
# Generation rates of csp generate --difficulty: three puzzles (seeds 1-3)
# per problem, size and level, on one core, each allowed 20 s; prints the
# time each took ("made in") or the time-limit error.
set -uo pipefail
cd "$(dirname "$0")/.."
go build -o /tmp/csp-gen ./cmd/csp
for spec in "skyscraper 4" "skyscraper 5" "skyscraper 6" "skyscraper 7" "sudoku 9" "latin 5" "latin 7"; do
	set -- $spec
	for lv in 1 2 3 4 5 6; do
		out=$(taskset -c 1 /tmp/csp-gen generate "$1" --size "$2" --difficulty $lv -n 3 --time-limit 20s 2>&1)
		echo "$1 $2 level=$lv :: $(echo "$out" | grep -o 'made in [0-9.a-zµ]*' | tr '\n' ' ') $(echo "$out" | grep -o 'csp: .*' | head -1 | cut -c1-80)"
	done
done
