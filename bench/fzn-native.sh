#!/usr/bin/env bash
# bench/fzn-native.sh: the FlatZinc route against the native command on
# the same puzzles, same strength and search (issue 15).
#
# Usage: bench/fzn-native.sh [K] [R]     (or R=5 bench/fzn-native.sh [K])
#
# K sudokus (default 30) taken evenly from the default bench suite (its
# three public sets), the first K/10 Latin squares of its suite and K
# Futoshikis (plain and adjacent, sizes 4 to 12) taken evenly from its
# suite (every ceil(142/K)-th: 29 for K = 30), each under a limit of 20 s,
# are written as MiniZinc data for three models that post one
# all_different per unit with input-order, smallest-value search
# (bench/mzn/sudoku.mzn, bench/mzn/latin.mzn, bench/mzn/futoshiki.mzn:
# there also the signs as x < y and csp_windows per line, the native
# model's propagators; its data from bench/futoshiki/futoshikidzn, which
# reads the suite with problems/futoshiki's reader), compiled with csp's
# own library (all_different becomes the engine's GAC all-different) and
# solved by `csp fzn -s`; the same instances are solved by `csp solve`
# with --alldiff gac --var input --val min --restarts none (sudoku:
# --model generic --boxline=false; latin: --model rowcol; futoshiki:
# --model alldiff, the puzzle as the converter wrote it back). Each route runs
# each instance R times (default 5), alternating, and keeps its minimum
# search time: a single sub-millisecond run is mostly noise. It prints per
# instance the nodes of both routes (from their first run; the search is
# deterministic) and their minimum search times (solveTime, after reading
# and building; "(limit)" when the limit stopped a run, left out of the
# comparison), then the number of instances whose node counts differ, and
# the median and maximum per-instance time ratio FlatZinc/native and how
# many exceed 2, over all instances and per family.
set -euo pipefail
cd "$(dirname "$0")/.."
k=${1:-30}
r=${2:-${R:-5}}
[[ $k =~ ^[1-9][0-9]*$ && $r =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [K] [R]: K instances, R runs each (whole numbers >= 1)" >&2; exit 2; }
command -v minizinc >/dev/null || { echo "$0: minizinc is not installed" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/csp" ./cmd/csp
"$work/csp" fzn --install "$work/solvers" >/dev/null
csp=$work/csp

echo "Command: bench/fzn-native.sh $k $r"
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| instance | nodes fzn | nodes native | min search s fzn | min search s native |"
echo "|---|---|---|---|---|"
ratios=()
differ=0
# runs NAME FZN-FILE NATIVE-COMMAND...: both routes R times, alternating,
# then the row of the table: nodes of the first runs, minimum times.
runs() {
	local name=$1 fzn=$2 i fo no fz=() na=()
	shift 2
	for ((i = 0; i < r; i++)); do
		fo=$("$csp" fzn -s -t 20000 "$fzn" </dev/null)
		no=$("$@" </dev/null || true)
		fz+=("$fo")
		na+=("$no")
	done
	row "$name" "${fz[@]}" "${na[@]}"
}
# row NAME FZN-OUTPUT... NATIVE-JSON... (R of each)
row() {
	local name=$1 fn nn ft nt out limit=""
	shift
	local fz=("${@:1:r}") na=("${@:r+1:r}")
	fn=$(sed -n 's/^%%%mzn-stat: nodes=//p' <<<"${fz[0]}")
	nn=$(grep -o '"nodes":[0-9]*' <<<"${na[0]}" | head -1 | cut -d: -f2)
	ft=$(for out in "${fz[@]}"; do sed -n 's/^%%%mzn-stat: solveTime=//p' <<<"$out"; done | sort -g | head -1)
	nt=$(for out in "${na[@]}"; do grep -o '"solveTime":[0-9.e-]*' <<<"$out" | head -1 | cut -d: -f2; done | sort -g | head -1)
	for out in "${fz[@]}" "${na[@]}"; do
		if grep -q '^=====UNKNOWN=====' <<<"$out" || grep -q '"status":"unknown"' <<<"$out"; then
			limit=1
		fi
	done
	if [ -n "$limit" ]; then
		echo "| $name (limit) | $fn | $nn | $ft | $nt |"
		return
	fi
	echo "| $name | $fn | $nn | $ft | $nt |"
	[ "$fn" = "$nn" ] || differ=$((differ + 1))
	ratios+=("${name%% *} $(echo "$ft / $nt" | bc -l)")
}

i=0
grep -v '^#' problems/sudoku/suite.txt | grep -v '^$' >"$work/all.txt"
total=$(wc -l <"$work/all.txt")
awk -v step=$(( (total + k - 1) / k )) 'NR % step == 1' "$work/all.txt" | head -n "$k" >"$work/sudoku.txt"
while read -r p; do
	i=$((i + 1))
	g=$(sed 's/\./0/g; s/./&,/g; s/,$//' <<<"$p")
	echo "given = [$g];" >"$work/s.dzn"
	minizinc -c --solver "$work/solvers/csp.msc" --no-output-ozn -o "$work/s.fzn" bench/mzn/sudoku.mzn "$work/s.dzn"
	echo "$p" >"$work/s.txt"
	runs "sudoku $i" "$work/s.fzn" "$csp" solve sudoku "$work/s.txt" --model generic --alldiff gac --var input --val min --restarts none \
		--boxline=false --chutes=false --last-conflict=false --timeout 20s --json
done <"$work/sudoku.txt"

# Latin squares: N, then N rows; comment and blank lines dropped.
awk -v k=$((k / 10)) -v dir="$work" '
	NF == 0 || /^[#%]/ { next }
	n == 0 { if (++count > k) exit; n = $1 + 1; file = dir "/latin" count ".txt" }
	{ print > file; n-- }' problems/latin/suite.txt
for f in "$work"/latin*.txt; do
	[ -f "$f" ] || continue
	n=$(head -1 "$f")
	tail -n +2 "$f" | awk -v n="$n" '
		BEGIN { printf "n = %d;\ngiven = [|", n }
		{ $1 = $1; gsub(/ /, ", "); printf "%s%s", (NR > 1 ? " | " : " "), $0 }
		END { print " |];" }' >"$work/l.dzn"
	minizinc -c --solver "$work/solvers/csp.msc" --no-output-ozn -o "$work/l.fzn" bench/mzn/latin.mzn "$work/l.dzn"
	runs "latin $(basename "$f" .txt | tr -d latin)" "$work/l.fzn" \
		"$csp" solve latin "$f" --model rowcol --alldiff gac --var input --val min --restarts none --timeout 20s --json
done

# Futoshiki: K puzzles of its suite, evenly spaced, as data and as game IDs.
mkdir "$work/futoshiki"
go run ./bench/futoshiki/futoshikidzn -k "$k" -o "$work/futoshiki" problems/futoshiki/suite.txt >/dev/null
for ((i = 1; ; i++)); do
	f=$work/futoshiki/$i
	[ -f "$f.dzn" ] || break
	minizinc -c --solver "$work/solvers/csp.msc" --no-output-ozn -o "$work/f.fzn" bench/mzn/futoshiki.mzn "$f.dzn"
	runs "futoshiki $i ($(cut -d: -f1 "$f.txt"))" "$work/f.fzn" \
		"$csp" solve futoshiki "$f.txt" --model alldiff --alldiff gac --var input --val min --restarts none --timeout 20s --json
done
echo
# summary LABEL FAMILY-RATIO...: median, maximum and count above 2.
summary() {
	local label=$1
	shift
	[ $# -gt 0 ] || return 0
	printf '%s\n' "$@" | sort -g | awk -v label="$label" '{ a[NR] = $1; over += $1 > 2 }
		END { printf "%s: median %.2f, max %.2f, above 2: %d of %d\n", label, (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2, a[NR], over, NR }'
}
printf "Instances (within the limit) whose node counts differ: %d of %d\n" "$differ" "${#ratios[@]}"
echo "Per-instance ratio of the minimum search times FlatZinc/native ($r runs each):"
summary "all" $(printf '%s\n' "${ratios[@]}" | cut -d' ' -f2)
for family in sudoku latin futoshiki; do
	summary "$family" $(printf '%s\n' "${ratios[@]}" | awk -v f="$family" '$1 == f { print $2 }')
done
