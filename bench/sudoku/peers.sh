#!/usr/bin/env bash
# Sudoku speed on the public sets, per strength level, beside qqwing, in one
# run on one core.
#
# usage: bench/sudoku/peers.sh > table.md
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
#     flattening and process start excluded, and its search nodes.
# and prints one Markdown table: median, p90, max per puzzle and puzzles
# per second (wall time of the whole run, process start included).
#
# Environment:
#   DATA     the sets' folder (default ../shared/data/sudoku beside the repo)
#   SETS     set names (default: 17_clue magictour_top1465
#            forum_hardest_1905_11plus forum_hardest_1106)
#   LIMIT    use only the first LIMIT puzzles of each set (default: all)
#   CONFIGS  ';'-separated csp flag lists (default: the strength ladder)
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
CONFIGS=${CONFIGS:---alldiff value --boxline=false;--alldiff hidden --boxline=false;--alldiff gac;--model generic}
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
	awk -v name="$name" -v line="$line" 'BEGIN {
		split(line, f, /[ ,;]+/)
		for (i = 1; i in f; i++) if (f[i] == "median") med = f[i+1]
		v = med + 0
		if (med ~ /ms$/) v *= 1000; else if (med ~ /ns$/) v /= 1000; else if (med ~ /[0-9]s$/) v *= 1e6
		if (v > 0) print name "\t" v
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
		printf "qqwing\t%f\n", m >> "'"$work/medians"'"
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

echo "Machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); one core used (taskset -c 0)."
echo "csp: $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo '?'); qqwing: $(qqwing --version 2>/dev/null | head -1 || echo 'n/a')"
for set in $SETS; do
	src=$DATA/$set.txt
	[[ -f $src ]] || { say "no $src, skipped"; continue; }
	file=$work/$set.txt
	if [[ -n ${LIMIT:-} ]]; then head -n "$LIMIT" "$src" >"$file"; else cp "$src" "$file"; fi
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
	# The ratios of the medians: a peer's over csp's default.
	awk -F'\t' '$1 ~ /^csp \(default/ { ours = $2 } $1 == "qqwing" || $1 == "Gecode" { peer[$1] = $2 }
		END { if (ours > 0) { printf "\nMedian ratio to csp (default), above 1 = csp faster:"
			for (k in peer) printf " %s %.1fx;", k, peer[k] / ours; print "" } }' "$work/medians"
	: >"$work/medians"
done
