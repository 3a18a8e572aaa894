#!/usr/bin/env bash
# Every peer comparison in one run, as Markdown: the part of
# docs/BENCHMARKS.md headed "# Benchmarks against the peers".
#
# usage: bench/peers.sh [OUT.md]     (default: standard output)
#
# It never writes docs/BENCHMARKS.md itself (the rest of that file is kept
# by hand): paste its output over that part.
#
# It runs, one after the other on this machine:
#   - bench/sudoku/peers.sh: csp at every strength, qqwing and Gecode
#     (through MiniZinc) on the public sudoku sets;
#   - bench/latin/peers.sh: csp, Gecode (through MiniZinc) and CaDiCaL (on
#     a SAT encoding written here) on the hard Latin-square instances;
# each installs its peers from Debian's archive when missing (as root), and
# adds per-instance ratios (peer time / csp time: above 1, csp is faster).
# The environment of the two scripts passes through (SETS, LIMIT,
# GECODE_LIMIT, TIMEOUT, ...). Progress on stderr.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out=${1:--}
if [[ $out != - && -e $out && $(realpath "$out") == "$(realpath "$root/docs/BENCHMARKS.md")" ]]; then
	echo "peers.sh: will not overwrite docs/BENCHMARKS.md; write to standard output or another file and paste the tables in" >&2
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CSP=${CSP:-$work/csp}
[[ -x $CSP ]] || (cd "$root" && go build -o "$CSP" ./cmd/csp)

"$here/sudoku/peers.sh" >"$work/sudoku.md"
"$here/latin/peers.sh" >"$work/latin.md"

# The strength ladder under several heuristics, on the embedded suites:
# where a stronger level pays in time and where it does not.
matrix() {
	echo "    csp bench $*"
	echo
	# bench exits 1 when an instance hits its limit: that is a result here.
	{ GOMAXPROCS=1 taskset -c 0 "$CSP" bench "$@" 2>/dev/null || true; } | sed 's/^/    /'
	echo
}
echo "running the strength matrices" >&2
{
	matrix --alldiff value,hidden,gac --var mindom,domwdeg --restarts none,luby --timeout 5s sudoku
	matrix --visibility bounds,gac,line --var mindom,domwdeg --timeout 1s skyscraper
	matrix --alldiff hidden,gac --var mindom,domwdeg --restarts none,luby --timeout 3s latin
} >"$work/matrix.md"

# Parallel search: the same instance with 1 and 2 workers (csp --workers),
# wall time; the answers are the same by construction (and by the tests).
echo "running the parallel search" >&2
hard=$root/problems/latin/testdata/generated/qwh-o35-h0396-s000851.txt
"$CSP" generate latin --order 9 --holes 54 --seed 3 >"$work/count9.txt"
{
	echo "| run | 1 worker (s) | 2 workers (s) | speed-up |"
	echo "|---|---:|---:|---:|"
	for run in "solve latin $hard" "count latin $work/count9.txt"; do
		t=()
		for w in 1 2; do
			s0=$(date +%s.%N)
			# shellcheck disable=SC2086 # the words split on purpose
			"$CSP" $run --workers "$w" --timeout 300s >/dev/null || true
			s1=$(date +%s.%N)
			t+=("$(awk -v a="$s0" -v b="$s1" 'BEGIN { printf "%.2f", b - a }')")
		done
		name=$(echo "$run" | sed "s#$root/##; s#$work/count9.txt#a generated order-9 square with 54 holes (seed 3)#")
		awk -v n="csp $name --workers W" -v a="${t[0]}" -v b="${t[1]}" 'BEGIN { printf "| %s | %s | %s | %.2fx |\n", n, a, b, a / b }'
	done
} >"$work/parallel.md"

# ratios TABLE: per-instance ratios peer/ours from the latin table's rows
# "| instance | ours | Gecode | CaDiCaL |" (timeouts left out).
ratios() {
	awk -F'|' 'NF >= 6 && $2 !~ /instance|---|solved/ {
		o = $3 + 0; g = $4; c = $5
		if (o > 0 && g ~ /^ *[0-9.]+ *$/) gs[++ng] = g / o
		if (o > 0 && c ~ /^ *[0-9.]+ *$/) cs[++nc] = c / o
	}
	function median(a, n,   i, j, t) {
		for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
		return n ? a[int((n + 1) / 2)] : 0
	}
	END {
		printf "Median per-instance ratio, peer time / csp time (both solved): Gecode %.2fx over %d instances, CaDiCaL %.2fx over %d.\n",
			median(gs, ng), ng, median(cs, nc), nc
	}' "$1"
}

if [[ $out == - ]]; then
	exec 3>&1
else
	mkdir -p "$(dirname "$out")"
	exec 3>"$out"
fi
{
	echo "# Benchmarks against the peers"
	echo
	echo "Made by \`bench/peers.sh\` on $(date -u +%Y-%m-%d), one process at a time, on:"
	echo "$(nproc) vCPU, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ { print $2 }') GB, $(go version | cut -d' ' -f3), csp $(cd "$root" && git rev-parse --short HEAD)."
	echo "Machine shared and noisy: repeated runs vary by 10-20%."
	echo
	echo "## Sudoku"
	echo
	cat "$work/sudoku.md"
	echo
	echo "## Strength levels under different searches (csp bench)"
	echo
	echo "One core (taskset -c 0, GOMAXPROCS=1), the embedded suites; the first configuration of each table is the base of its paired ratios."
	echo
	cat "$work/matrix.md"
	echo "## Parallel search on 2 cores (csp --workers)"
	echo
	echo "The tree is cut into about 256 subproblems at a fixed depth, solved by a pool of workers; the count and the solution found do not depend on the number of workers (csp/parallel.go; TestWorkersGiveTheSameAnswer)."
	echo
	cat "$work/parallel.md"
	echo
	echo "## Latin-square completion"
	echo
	cat "$work/latin.md"
	echo
	ratios "$work/latin.md"
} >&3
exec 3>&-
[[ $out == - ]] || echo "wrote $out" >&2
