#!/usr/bin/env bash
# Instructions, not seconds: two csp binaries on each problem's embedded
# suite under valgrind's callgrind, which counts the instructions executed
# and gives the same count for the same binary and input whatever else the
# machine is doing. Where timings on a shared machine vary by 10% from run
# to run (bench/compare.sh with the same binary twice shows it), this tells
# a change of 1%.
#
# usage: bench/instructions.sh OLD NEW [PROBLEM ...]
#
# For each problem (default: those with a suite in both binaries' help) it
# runs `csp solve PROBLEM SUITE --quiet` and the same on an empty input (the
# start-up and reading alone) with each binary, one goroutine
# (GOMAXPROCS=1), and prints the instructions of the solving part
# (suite minus empty) and the ratio NEW/OLD. FLAGS adds flags to every run;
# by default latin runs with --nodes 20000, so that its hard instances stop
# at the same place in both binaries (a --timeout would not). The suites
# are read from this checkout's problems/PROBLEM/suite.txt.
set -euo pipefail
if [[ $# -lt 2 ]]; then
	echo "usage: $0 OLD NEW [PROBLEM ...]" >&2
	exit 2
fi
command -v valgrind >/dev/null || {
	echo "$0: valgrind is needed (apt-get install valgrind)" >&2
	exit 2
}
old=$1 new=$2
shift 2
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
problems=("$@")
[[ ${#problems[@]} -gt 0 ]] || problems=(futoshiki kenken latin skyscraper sudoku)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$work/empty.txt"

# ir BINARY PROBLEM FILE [FLAGS...]: the instructions callgrind counts
# (csp's own exit status does not matter: an empty input is an error).
# Valgrind 3.19 does not know RDTSCP, which the Go runtime's lock spinning
# may execute: such a run dies of SIGILL (and its count is that of the
# part before) and is run again.
ir() {
	local bin=$1 problem=$2 file=$3 out try
	shift 3
	for try in 1 2 3 4 5 6 7 8; do
		out=$(GOMAXPROCS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			"$bin" solve "$problem" "$file" --quiet "$@" 2>&1 >/dev/null) || true
		if ! grep -q "unhandled instruction" <<<"$out" && grep -q "Collected : " <<<"$out"; then
			sed -n 's/.*Collected : \([0-9]*\).*/\1/p' <<<"$out"
			return
		fi
		echo "  (died under valgrind: $(grep -m1 -o 'SIG[A-Z]*' <<<"$out" || echo no count); run $try again)" >&2
	done
	echo "$0: $bin kept dying under valgrind" >&2
	exit 1
}

echo "| problem | instances | OLD instructions | NEW instructions | NEW/OLD |"
echo "|---|---:|---:|---:|---:|"
for p in "${problems[@]}"; do
	suite=$root/problems/$p/suite.txt
	flags=(${FLAGS:-})
	[[ $p == latin && -z ${FLAGS:-} ]] && flags=(--nodes 20000)
	n=$("$new" solve "$p" "$suite" --quiet "${flags[@]}" 2>/dev/null | sed -n 's/^% \([0-9]*\) instances.*/\1/p' || true)
	echo "$p: $old" >&2
	o=$(($(ir "$old" "$p" "$suite" "${flags[@]}") - $(ir "$old" "$p" "$work/empty.txt")))
	echo "$p: $new" >&2
	w=$(($(ir "$new" "$p" "$suite" "${flags[@]}") - $(ir "$new" "$p" "$work/empty.txt")))
	awk -v p="$p" -v n="${n:-?}" -v o="$o" -v w="$w" 'BEGIN { printf "| %s | %s | %.0f | %.0f | %.4f |\n", p, n, o, w, w / o }'
done
