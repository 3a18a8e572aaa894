#!/usr/bin/env bash
# Paired CPU-time comparison of hot-path benchmarks on a shared machine.
#
# usage: bench/cputime.sh DIR_A DIR_B [DIR_C ...]
#
# Each DIR holds test binaries built from one tree:
#   go test -c -o DIR/sudoku.test ./problems/sudoku   (and latin, skyscraper)
# Every round runs a fixed number of iterations of each benchmark below
# with every binary in turn (the order rotates each round) and records
# the user+system CPU seconds of the run (/usr/bin/time): unlike ns/op,
# which is wall time, CPU time hardly grows with the machine's load. Per
# benchmark and binary it prints the median and the minimum over ROUNDS
# (default 8) rounds, and each binary's median over DIR_A's. Give the
# same binaries twice (a copy of DIR_A) to see the noise of the method.
set -euo pipefail
if [[ $# -lt 2 ]]; then
	echo "usage: $0 DIR_A DIR_B [DIR_C ...]" >&2
	exit 2
fi
rounds=${ROUNDS:-8}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# package, binary, benchmark, iterations (about a second of CPU each)
benches=(
	"problems/sudoku sudoku BenchmarkSolve\$/forum_hardest_1905_11plus/units/hidden 3000"
	"problems/sudoku sudoku BenchmarkSolve\$/17_clue/units/gac 12000"
	"problems/latin latin BenchmarkNode/rowcol/copying 80000"
	"problems/latin latin BenchmarkNode/channeled/copying 16000"
	"problems/latin latin BenchmarkPropagate 1600000"
	"problems/skyscraper skyscraper BenchmarkTatham/9u 90"
	"problems/skyscraper skyscraper BenchmarkRoot/propagate 500"
)
dirs=("$@")
n=${#dirs[@]}
for ((r = 0; r < rounds; r++)); do
	echo "round $((r + 1))/$rounds: $(uptime)" >&2
	for ((i = 0; i < n; i++)); do
		d=${dirs[$(((i + r) % n))]}
		for b in "${benches[@]}"; do
			read -r pkg bin name iters <<<"$b"
			(cd "$root/$pkg" && /usr/bin/time -f "%U %S" -o "$work/t" \
				"$d/$bin.test" -test.run XXX -test.bench "$name" -test.benchtime "${iters}x" >/dev/null 2>&1)
			awk -v d="$d" -v b="$name" '{ printf "%s\t%s\t%.2f\n", d, b, $1 + $2 }' "$work/t"
		done
	done
done | sort -t$'\t' -k2,2 -k1,1 -k3,3g >"$work/all.tsv"

# Per benchmark and binary: the median and minimum CPU seconds; the ratio
# of each median to the first directory's.
awk -F'\t' -v first="$1" '
	{ key = $2 SUBSEP $1; v[key, ++c[key]] = $3; if (!($2 in seen)) { seen[$2] = 1; order[++nb] = $2 }
	  if (!($1 in dseen)) { dseen[$1] = 1; dord[++nd] = $1 } }
	function med(k,   m) { m = c[k]; return m % 2 ? v[k, (m + 1) / 2] : (v[k, m / 2] + v[k, m / 2 + 1]) / 2 }
	END {
		printf "| benchmark |"; for (j = 1; j <= nd; j++) printf " %s: median (min) s | / first |", dord[j]; print ""
		printf "|---|"; for (j = 1; j <= nd; j++) printf "---:|---:|"; print ""
		for (i = 1; i <= nb; i++) {
			b = order[i]; base = med(b SUBSEP first); printf "| `%s` |", b
			for (j = 1; j <= nd; j++) { k = b SUBSEP dord[j]; printf " %.2f (%.2f) | %.3f |", med(k), v[k, 1], med(k) / base }
			print ""
		}
	}' "$work/all.tsv"
