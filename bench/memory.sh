#!/usr/bin/env bash
# Issue 20's memory runs: peak RSS of `csp solve` on a latin square of
# order 200 to its timeout, before and after, and with --max-memory at a
# few bounds, as lines of text on standard output (the tables in
# docs/BENCHMARKS.md, "Issue 20: memory bounds", are made from them).
#
# usage: bench/memory.sh OLD NEW
#
# The instance is `NEW generate latin --order 200 --holes 8000 --balanced
# --seed 1`. Each run is `/usr/bin/time -v BIN solve latin FILE --timeout
# 20s --stats` (GNU time): OLD and NEW under a 2 GiB address-space cap
# (ulimit -v, the cap a Go program bears: the runtime reserves address
# space lazily), then NEW without a cap, with --max-memory 2G and with
# --save trailing, and OLD without a cap; then NEW on the instance
# followed by a 5x5 square with --max-memory 64M, 96M, 112M and 128M,
# and NEW with --jobs 10000000. A run prints its status line, the search
# statistics that matter here, its peak RSS, wall time and exit status.
# About three minutes; the memory figures do not depend on the machine's
# load, the node counts do.
set -uo pipefail
if [[ $# -ne 2 ]]; then
	echo "usage: $0 OLD NEW" >&2
	exit 2
fi
old=$1 new=$2
gtime=/usr/bin/time
if ! "$gtime" -v true >/dev/null 2>&1; then
	echo "$0: GNU time is needed at $gtime (apt-get install -y time)" >&2
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$new" generate latin --order 200 --holes 8000 --balanced --seed 1 >"$work/l200.txt"
printf '5\n1 0 0 4 5\n0 3 0 0 0\n0 0 5 0 2\n0 0 0 2 1\n5 0 2 0 0\n' | cat "$work/l200.txt" - >"$work/l200-then-5.txt"

echo "$(date -u), load: $(cut -d' ' -f1-3 /proc/loadavg)"
# run NAME BIN CAP [FLAGS...]: one timed solve of l200.txt.
run() {
	local name=$1 bin=$2 cap=$3
	shift 3
	echo "== $name: ulimit -v $cap; $bin solve latin l200.txt --timeout 20s --stats $*"
	(
		ulimit -v "$cap"
		"$gtime" -v "$bin" solve latin "$work/l200.txt" --timeout 20s --stats "$@" >"$work/out" 2>"$work/err"
	)
	grep -E '^% instance|nodes=|peakDepth=|trailed=' "$work/out"
	grep -E 'fatal error|Maximum resident|Elapsed|Exit status' "$work/err"
}
run "before, 2 GiB cap" "$old" 2097152
run "after, 2 GiB cap" "$new" 2097152
run "after" "$new" unlimited
run "after, --max-memory 2G" "$new" unlimited --max-memory 2G
run "after, --save trailing" "$new" unlimited --save trailing
run "before" "$old" unlimited
for m in 64M 96M 112M 128M; do
	echo "== bound $m: $new solve latin l200-then-5.txt --timeout 20s --max-memory $m --quiet"
	"$gtime" -f "%M kB peak RSS, %e s, exit %x" "$new" solve latin "$work/l200-then-5.txt" --timeout 20s --max-memory "$m" --quiet 2>&1 |
		grep -v 'time per instance'
done
echo "== $new solve sudoku - --jobs 10000000"
echo . | "$new" solve sudoku - --jobs 10000000
echo "exit $?"
