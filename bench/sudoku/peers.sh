#!/usr/bin/env bash
# Sudoku speed on the public sets, per strength level, beside qqwing (and
# tdoku when given), in one run on one core.
#
# usage: bench/sudoku/peers.sh [TDOKU_RUN_BENCHMARK] > table.md
#
# TDOKU_RUN_BENCHMARK is the path of tdoku's run_benchmark binary, built
# outside the repository (github.com/t-dillon/tdoku; nothing of it is
# committed here). With it, each set also gets tdoku's rows and a closing
# table compares the means per puzzle (tdoku reports means).
#
# For every set it runs, pinned to one core (taskset -c 0, GOMAXPROCS=1):
#   - csp solve sudoku --quiet under each configuration of $CONFIGS (first
#     solution), and csp count sudoku --limit 2 (uniqueness proved) under
#     the default; the times are csp's own per-puzzle clock (reading and
#     printing excluded), from its summary line;
#   - qqwing --solve --csv --timer (first solution; qqwing prints each
#     puzzle's time);
#   - Gecode through MiniZinc (bench/sudoku/sudoku.mzn: domain-consistent
#     all-different, first-fail) on the first $GECODE_LIMIT puzzles of the
#     set, one minizinc process per puzzle: its own solveTime statistic,
#     flattening and process start excluded, and its search nodes;
#   - tdoku's run_benchmark -s tdoku -r 0 (puzzles as given, not permuted),
#     with -f (first solution) and without (count to 2), -n the set's size,
#     each for TDOKU_SECONDS (default 5) after as long a warm-up: its mean
#     per puzzle and its guesses (one per binary choice, both branches).
# and prints one Markdown table per set: median, p90, max per puzzle and
# puzzles per second (wall time of the whole run, process start
# included), then, with tdoku, the means side by side.
#
# Environment:
#   DATA     the sets' folder (default ../shared/data/sudoku beside the repo)
#   SETS     set names (default: 17_clue magictour_top1465
#            forum_hardest_1905_11plus forum_hardest_1106)
#   LIMIT    use only the first LIMIT puzzles of each set (default: all)
#   SAMPLE   use SAMPLE puzzles drawn at random (shuf, a fixed random
#            source) from each set larger than that (default: all)
#   CONFIGS  ';'-separated csp flag lists (default: the strength ladder;
#            empty: none, only the default and the count to 2)
#   CSP      our binary (default: go build -o a temporary file ./cmd/csp)
#   GECODE_LIMIT  puzzles per set given to Gecode (default 100; 0: skip)
#
# qqwing comes from Debian (apt-get install qqwing); the script installs it
# when it runs as root and qqwing is missing.

set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
say() { printf 'sudoku-peers: %s\n' "$*" >&2; }

DATA=${DATA:-$root/../shared/data/sudoku}
SETS=${SETS:-17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106}
CONFIGS=${CONFIGS---alldiff value --boxline=false;--alldiff hidden --boxline=false;--alldiff hidden --chutes=false;--alldiff gac;--model generic}
TDOKU=${1:-}
TDOKU_SECONDS=${TDOKU_SECONDS:-5}
if [[ -n $TDOKU && ! -x $TDOKU ]]; then
	say "$TDOKU: not an executable (want tdoku's run_benchmark)"
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ -z ${CSP:-} ]]; then
	CSP=$work/csp
	(cd "$root" && go build -o "$CSP" ./cmd/csp)
fi
GECODE_LIMIT=${GECODE_LIMIT:-100}
if ! command -v qqwing >/dev/null || { [[ $GECODE_LIMIT != 0 ]] && ! command -v fzn-gecode >/dev/null; }; then
	if [[ $(id -u) == 0 ]]; then
		say "installing qqwing minizinc flatzinc"
		apt-get install -y qqwing minizinc flatzinc >/dev/null 2>&1 || say "could not install them"
	fi
fi
: >"$work/medians"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

# ours NAME FILE FLAGS...: one table row from csp's summary.
ours() {
	local name=$1 file=$2
	shift 2
	local t0 t1 line
	t0=$(date +%s.%N)
	line=$(GOMAXPROCS=1 "${pin[@]}" "$CSP" "$@" --quiet "$file" | grep '^% time per instance' || true)
	t1=$(date +%s.%N)
	local n
	n=$(wc -l <"$file")
	# "% time per instance: median 8.1µs, p90 15µs, max 1.2ms, mean ...; R instances/s ..."
	awk -v name="$name" -v n="$n" -v t0="$t0" -v t1="$t1" -v line="$line" 'BEGIN {
		if (line == "") { printf "| %s | failed | | | |\n", name; exit }
		split(line, f, /[ ,;]+/)
		for (i = 1; i in f; i++) {
			if (f[i] == "median") med = f[i+1]
			if (f[i] == "p90") p90 = f[i+1]
			if (f[i] == "max") mx = f[i+1]
			if (f[i] == "guesses") g = f[i-1]
		}
		printf "| %s | %s | %s | %s | %.0f | %s |\n", name, med, p90, mx, n / (t1 - t0), g
	}'
	awk -v name="$name" -v line="$line" 'function us(t,  v) {
			v = t + 0
			if (t ~ /ms$/) v *= 1000; else if (t ~ /ns$/) v /= 1000; else if (t ~ /[0-9]s$/ && t !~ /µs$/) v *= 1e6
			return v
		}
		BEGIN {
		split(line, f, /[ ,;]+/)
		for (i = 1; i in f; i++) {
			if (f[i] == "median") med = f[i+1]
			if (f[i] == "mean") mean = f[i+1]
			if (f[i] == "guesses") g = f[i-1]
		}
		if (us(med) > 0) print name "\t" us(med) "\t" us(mean) "\t" g
	}' >>"$work/medians"
}

# qq FILE: qqwing's row, from its per-puzzle times (milliseconds).
qq() {
	local file=$1
	if ! command -v qqwing >/dev/null; then
		echo "| qqwing | not installed | | | | |"
		return
	fi
	local t0 t1
	t0=$(date +%s.%N)
	"${pin[@]}" qqwing --solve --csv --timer <"$file" >"$work/qq.csv"
	t1=$(date +%s.%N)
	awk -F, 'NR > 1 && $2 ~ /^[0-9.]+$/ { print $2 * 1000 }' "$work/qq.csv" | sort -g >"$work/qq.us"
	awk -v t0="$t0" -v t1="$t1" '{ a[NR] = $1 } END {
		if (NR == 0) { print "| qqwing | failed | | | | |"; exit }
		m = a[int((NR + 1) / 2)]; p = a[int(NR * 0.9 + 0.999999)]; mx = a[NR]
		printf "| qqwing --solve | %.1fµs | %.1fµs | %.1fµs | %.0f | |\n", m, p, mx, NR / (t1 - t0)
		for (i = 1; i <= NR; i++) sum += a[i]
		printf "qqwing\t%f\t%f\n", m, sum / NR >> "'"$work/medians"'"
	}' "$work/qq.us"
}

# gecode FILE: Gecode's row, from MiniZinc's statistics per puzzle.
gecode() {
	local file=$1
	if [[ $GECODE_LIMIT == 0 ]] || ! command -v minizinc >/dev/null; then
		return
	fi
	: >"$work/gecode.txt"
	head -n "$GECODE_LIMIT" "$file" | while read -r line; do
		[[ ${#line} -ge 81 ]] || continue
		printf 'givens = [|%s|];\n' "$(echo "${line:0:81}" | sed 's/[.]/0/g; s/\(.\)/\1,/g; s/,$//' |
			awk -F, '{ for (i = 1; i <= 81; i++) printf "%s%s", $i, (i % 9 == 0 ? (i < 81 ? "|" : "") : ",") }')" >"$work/p.dzn"
		minizinc --solver gecode -s "$here/sudoku.mzn" "$work/p.dzn" 2>/dev/null |
			awk '/solveTime=/ { split($0, a, "="); t = a[2] } /nodes=/ { split($0, a, "="); n = a[2] }
				END { if (t != "") print t * 1e6, n }' >>"$work/gecode.txt"
	done
	sort -g "$work/gecode.txt" | awk -v lim="$GECODE_LIMIT" '{ a[NR] = $1; nodes += $2 } END {
		if (NR == 0) { print "| Gecode 6.2 (MiniZinc) | failed | | | | |"; exit }
		printf "| Gecode 6.2 via MiniZinc, first %d (solveTime) | %.0fµs | %.0fµs | %.0fµs | | %.2f |\n",
			NR, a[int((NR + 1) / 2)], a[int(NR * 0.9 + 0.999999)], a[NR], nodes / NR
		printf "Gecode\t%f\n", a[int((NR + 1) / 2)] >> "'"$work/medians"'"
	}'
}

# td FILE: tdoku's rows, first solution and count to 2, from its own
# benchmark's CSV line (its mean per puzzle and guesses per puzzle).
td() {
	local file=$1 n mode flags line
	[[ -n $TDOKU ]] || return 0
	n=$(wc -l <"$file")
	for mode in first unique; do
		flags=()
		[[ $mode == first ]] && flags=(-f)
		line=$("${pin[@]}" "$TDOKU" -s tdoku -r 0 -c1 "${flags[@]}" -n "$n" -w "$TDOKU_SECONDS" -t "$TDOKU_SECONDS" "$file" | grep ',tdoku,' || true)
		# compiler,version,flags,dataset,tdoku,puzzles/s,µs/puzzle,%no guess,guesses/puzzle
		awk -F, -v mode="$mode" -v line="$line" 'BEGIN {
			if (split(line, f, ",") < 9) { printf "| tdoku (%s) | failed | | | | |\n", mode; exit }
			label = mode == "first" ? "tdoku (mean)" : "tdoku, count to 2 (mean)"
			printf "| %s | %.1fµs | | | %.0f | %.2f |\n", label, f[7], f[6], f[9]
			printf "tdoku-%s\t%f\t%f\t%f\n", mode, f[7], f[7], f[9] >> "'"$work/medians"'"
		}'
	done
}

: >"$work/summary"
echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); one core used (taskset -c 0)."
echo "csp: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?'); qqwing: $(qqwing --version 2>/dev/null | head -1 || echo 'n/a')"
for set in $SETS; do
	src=$DATA/$set.txt
	[[ -f $src ]] || { say "no $src, skipped"; continue; }
	file=$work/$set.txt
	if [[ -n ${LIMIT:-} ]]; then head -n "$LIMIT" "$src" >"$file"; else cp "$src" "$file"; fi
	if [[ -n ${SAMPLE:-} ]] && (($(wc -l <"$file") > SAMPLE)); then
		shuf -n "$SAMPLE" --random-source=<(yes 19) "$file" >"$file.sample"
		mv "$file.sample" "$file"
	fi
	echo
	echo "**$set** ($(wc -l <"$file") puzzles)"
	echo
	echo "| solver (first solution unless said) | median | p90 | max | puzzles/s | guesses/puzzle |"
	echo "|---|---:|---:|---:|---:|---:|"
	say "$set: default"
	ours "csp (default: units, hidden + box-line)" "$file" solve sudoku
	ours "csp, uniqueness (count --limit 2)" "$file" count sudoku --limit 2
	IFS=';' read -ra configs <<<"$CONFIGS"
	for c in "${configs[@]}"; do
		say "$set: $c"
		# shellcheck disable=SC2086 # the flags split on purpose
		ours "csp $c" "$file" solve sudoku $c
	done
	say "$set: qqwing"
	qq "$file"
	say "$set: gecode"
	gecode "$file"
	say "$set: tdoku"
	td "$file"
	# The line of the closing table: the means per puzzle.
	awk -F'\t' -v set="$set" -v n="$(wc -l <"$file")" 'BEGIN { f = u = tf = tu = q = fg = ug = tfg = tug = 0 }
		$1 ~ /^csp \(default/ { f = $3; fg = $4 } $1 ~ /^csp, uniqueness/ { u = $3; ug = $4 }
		$1 == "qqwing" { q = $3 } $1 == "tdoku-first" { tf = $3; tfg = $4 } $1 == "tdoku-unique" { tu = $3; tug = $4 }
		END { print set, n, f, u, tf, tu, q, fg, ug, tfg, tug }' "$work/medians" >>"$work/summary"
	# The ratios of the medians: a peer's over csp's default.
	awk -F'\t' '$1 ~ /^csp \(default/ { ours = $2 } $1 == "qqwing" || $1 == "Gecode" { peer[$1] = $2 }
		END { if (ours > 0) { printf "\nMedian ratio to csp (default), above 1 = csp faster:"
			for (k in peer) printf " %s %.1fx;", k, peer[k] / ours; print "" } }' "$work/medians"
	: >"$work/medians"
done
if [[ -n $TDOKU ]]; then
	echo
	echo "**Means per puzzle** (µs; csp's from its summary line, tdoku's from its benchmark, qqwing's from its --timer; ratios over tdoku's; nodes: csp's search nodes, both branches of a choice counted, against tdoku's guesses, one per choice)"
	echo
	echo "| set | puzzles | csp first | csp count to 2 | count/first | tdoku first | tdoku count to 2 | csp/tdoku first | csp/tdoku count | qqwing | csp nodes first / count | tdoku guesses first / count |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	awk '{ r = ($3 > 0) ? $4 / $3 : 0; a = ($5 > 0) ? $3 / $5 : 0; b = ($6 > 0) ? $4 / $6 : 0
		printf "| %s | %d | %.1f | %.1f | %.2f | %.1f | %.1f | %.2fx | %.2fx | %.1f | %.2f / %.2f | %.2f / %.2f |\n",
			$1, $2, $3, $4, r, $5, $6, a, b, $7, $8, $9, $10, $11 }' "$work/summary"
fi
