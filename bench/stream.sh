#!/usr/bin/env bash
# Does every problem reader stream? Peak RSS of `csp solve` on a big batch
# against the same run on 1% of it, as a Markdown table on standard output.
#
# usage: bench/stream.sh [CSP]     (default: build one into a temp dir)
#
# The batches repeat the repository's own easy instances:
#   sudoku      1,000,000 lines (10,000 for 1%): the 20 puzzles of
#               problems/sudoku/testdata/samples/17_clue.txt;
#   skyscraper  200,000 Towers IDs (2,000): the 80 sizes 4 and 5 of
#               problems/skyscraper/suite.txt;
#   latin       20,000 instances (200): `csp generate latin --order 10
#               --holes 40 -n 200 --seed 1`, repeated.
# Each run is `/usr/bin/time -v CSP solve PROBLEM FILE --quiet --jobs 1`
# (GNU time: `apt-get install -y time`), REPEAT times (default 3), the runs
# of a problem interleaved (1%, full, 1%, full, ...). The table gives the
# instances and how many the summary line says were solved, the median
# maximum resident set size over the runs with their range, the ratio of the
# medians to the 1% run and the median wall time. The live heap of a run is
# a few MB, so the peak depends on when the collector runs (on a busy machine
# it lags and the heap overshoots): single runs of the same file vary by 20%
# or more, hence the repeats. The issue-14 bar is a ratio within 1.10. Exit
# status 1 when a ratio is above it or an instance was not solved (the table
# is printed first). Progress on stderr.
set -euo pipefail
repeat=${REPEAT:-3}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
gtime=/usr/bin/time
if ! "$gtime" -v true >/dev/null 2>&1; then
	echo "stream.sh: GNU time is needed at $gtime (Debian: apt-get install -y time)" >&2
	exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ $# -ge 1 ]]; then
	csp=$1
else
	csp=$work/csp
	echo "building csp into $csp" >&2
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
[[ -x $csp ]] || { echo "stream.sh: $csp is not an executable" >&2; exit 1; }
commit=$(cd "$root" && git rev-parse --short HEAD)
[[ -z $(cd "$root" && git status --porcelain --untracked-files=no) ]] || commit="$commit (with uncommitted changes)"

# cycle SRC N: the instance lines of SRC (no comments, no blank lines),
# repeated to N lines.
cycle() {
	grep -v -e '^#' -e '^%' -e '^[[:space:]]*$' "$1" |
		awk -v n="$2" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }'
}

echo "making the inputs" >&2
cycle "$root/problems/sudoku/testdata/samples/17_clue.txt" 10000 >"$work/sudoku-small.txt"
cycle "$root/problems/sudoku/testdata/samples/17_clue.txt" 1000000 >"$work/sudoku-full.txt"
grep -E '^[45]:' "$root/problems/skyscraper/suite.txt" >"$work/towers.txt"
cycle "$work/towers.txt" 2000 >"$work/skyscraper-small.txt"
cycle "$work/towers.txt" 200000 >"$work/skyscraper-full.txt"
"$csp" generate latin --order 10 --holes 40 -n 200 --seed 1 >"$work/latin-small.txt"
for _ in $(seq 100); do cat "$work/latin-small.txt"; done >"$work/latin-full.txt"

# run PROBLEM FILE: "instances solved rss_kB wall_s" from one timed solve.
run() {
	local rc=0
	"$gtime" -v "$csp" solve "$1" "$2" --quiet --jobs 1 >"$work/out" 2>"$work/err" || rc=$?
	local summary
	summary=$(grep -m1 -E '^% [0-9]+ instances:' "$work/out" || true)
	if [[ -z $summary ]]; then
		echo "stream.sh: no summary line from csp solve $1 (exit $rc):" >&2
		cat "$work/out" "$work/err" >&2
		exit 1
	fi
	local n solved rss wall
	n=$(awk '{ print $2 }' <<<"$summary")
	solved=$(sed -E 's/.*: ([0-9]+) solved.*/\1/' <<<"$summary")
	rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/err")
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$work/err")
	echo "$n $solved $rss $wall"
	echo "  $1 $(basename "$2"): $summary (exit $rc)" >&2
}

# stats RUNS_FILE: "instances min_solved median_rss min_rss max_rss
# median_wall" over the lines "instances solved rss_kB wall_s" of the runs.
stats() {
	local wall
	wall=$(sort -k4,4g "$1" | awk '{ w[NR] = $4 } END { print w[int((NR + 1) / 2)] }')
	sort -k3,3n "$1" | awk -v w="$wall" '{ n = $1; s = (NR == 1 || $2 < s) ? $2 : s; r[NR] = $3 }
	END { printf "%d %d %d %d %d %.2f\n", n, s, r[int((NR + 1) / 2)], r[1], r[NR], w }'
}

# row PROBLEM N SOLVED RSS_KB MIN_KB MAX_KB RATIO WALL_S: one table row.
row() {
	awk -v p="$1" -v n="$2" -v s="$3" -v r="$4" -v lo="$5" -v hi="$6" -v q="$7" -v w="$8" '
	function commas(x,   s) { s = sprintf("%d", x); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s); return s }
	BEGIN { printf "| %s | %s | %s | %.1f (%.1f-%.1f) | %s | %.2f |\n", p, commas(n), commas(s), r / 1024, lo / 1024, hi / 1024, q, w }'
}

fail=0
rows=()
for p in sudoku skyscraper latin; do
	: >"$work/small.runs"
	: >"$work/full.runs"
	for i in $(seq "$repeat"); do
		echo "running $p, $i of $repeat" >&2
		run "$p" "$work/$p-small.txt" >>"$work/small.runs"
		run "$p" "$work/$p-full.txt" >>"$work/full.runs"
	done
	read -r n1 s1 r1 lo1 hi1 w1 < <(stats "$work/small.runs")
	read -r n2 s2 r2 lo2 hi2 w2 < <(stats "$work/full.runs")
	ratio=$(awk -v a="$r2" -v b="$r1" 'BEGIN { printf "%.2f", a / b }')
	if awk -v r="$ratio" 'BEGIN { exit !(r > 1.10) }'; then fail=1; fi
	[[ $s1 == "$n1" && $s2 == "$n2" ]] || fail=1
	rows+=("$(row "$p" "$n1" "$s1" "$r1" "$lo1" "$hi1" 1.00 "$w1")")
	rows+=("$(row "$p" "$n2" "$s2" "$r2" "$lo2" "$hi2" "$ratio" "$w2")")
done

echo "Made by \`bench/stream.sh\` on $(date -u +%F), csp $commit, $(go version | cut -d' ' -f3), $(nproc) vCPU, $repeat runs of each."
echo
echo "| problem | instances | solved (fewest over the runs) | peak RSS, MiB: median (min-max) | ratio of the medians to the 1% run | median wall time (s) |"
echo "|---|---:|---:|---:|---:|---:|"
printf '%s\n' "${rows[@]}"
if ((fail)); then
	echo "stream.sh: a ratio above 1.10 or an instance not solved" >&2
	exit 1
fi
