#!/usr/bin/env bash
# bench/minizinc.sh: MiniZinc models side by side on csp and Gecode (issue 15).
#
# Usage: bench/minizinc.sh [-t SECONDS] [-a] [DIR|MODEL.mzn ...]
#
# Every model (DIR/*.mzn, with MODEL.dzn beside it when there is one; by
# default problems/flatzinc/testdata/mzn) is compiled once with MiniZinc's
# standard library (-G std), and that same FlatZinc file is solved by
# fzn-gecode and by `csp fzn`, one core each (CORE, default 0), under the time limit; the
# model is also compiled for csp with its own library (csp.msc written by
# `csp fzn --install` into a scratch directory) and solved by csp, the
# route `minizinc --solver csp` takes. A satisfaction model asks one
# solution (-a: all of them); an optimisation model the optimum.
#
# It prints a Markdown table: per model and solver, the answer (sat,
# unsat, opt = optimum proved, best = a solution without proof, unknown,
# error), the objective when there is one, the wall time in seconds
# (compilation not counted) and the nodes the solver reports; then, per
# model family (a model's "% family: NAME" line; "other" without one) and
# over all, the median time ratio csp/Gecode over the models both solved,
# by wall time and by the solvers' own solveTime (search after reading),
# and the models only one of them solved. The header names the command,
# date, commit and load, for docs/BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=60
all=""
while getopts "t:a" opt; do
	case $opt in
	t) limit=$OPTARG ;;
	a) all="-a" ;;
	*) echo "usage: $0 [-t SECONDS] [-a] [DIR|MODEL.mzn ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- problems/flatzinc/testdata/mzn

for tool in minizinc fzn-gecode; do
	command -v "$tool" >/dev/null || { echo "$0: $tool is not installed (apt-get install minizinc flatzinc)" >&2; exit 1; }
done

# One core each: both solvers pinned to the same core when taskset is
# there (GOMAXPROCS=1 keeps csp's runtime on it too).
pin=()
command -v taskset >/dev/null && pin=(taskset -c "${CORE:-0}")
export GOMAXPROCS=1

. bench/mzn-setup.sh

# run NAME COMMAND...: runs a solver under the limit and prints
# "answer objective seconds nodes solveTime".
run() {
	local out="$work/out" start end status
	start=$(date +%s.%N)
	status=0
	timeout --signal=INT --kill-after=5 $((limit + 5)) "${pin[@]}" "$@" >"$out" 2>"$work/err" || status=$?
	end=$(date +%s.%N)
	local secs answer obj nodes solve
	secs=$(echo "$end - $start" | bc -l | xargs printf "%.3f")
	nodes=$(sed -n 's/^%%%mzn-stat: nodes=//p' "$out" | tail -1)
	solve=$(sed -n 's/^%%%mzn-stat: solveTime=//p' "$out" | tail -1)
	obj=$(awk -v name="$objective" 'name != "" && index($0, name " = ") == 1 { v = $3; sub(";", "", v) } END { print v }' "$out")
	if grep -q '^=====UNSATISFIABLE=====' "$out"; then
		answer=unsat
	elif grep -q '^==========' "$out" && [ -n "$objective" ]; then
		answer=opt
	elif grep -q '^----------' "$out"; then
		answer=sat
		[ -n "$objective" ] && answer=best
	elif [ "$status" -ne 0 ] && ! grep -q '^=====UNKNOWN=====' "$out"; then
		answer=error
	else
		answer=unknown
	fi
	echo "$answer ${obj:--} $secs ${nodes:--} ${solve:--}"
}

echo "Command: bench/minizinc.sh -t $limit ${all:+-a }$*"
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| model | Gecode | obj | time s | nodes | csp | obj | time s | nodes | csp (mznlib) | obj | time s | nodes |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
ratios=()  # "family wall-ratio solve-ratio" per model both solved
onlyone=() # "family solver" per model only one solved
for mzn in "${models[@]}"; do
	name=$(basename "$mzn" .mzn)
	family=$(sed -n "s/^% family: *\([A-Za-z0-9_-]*\).*/\1/p" "$mzn" | head -1)
	family=${family:-other}
	data=()
	[ -f "${mzn%.mzn}.dzn" ] && data=("${mzn%.mzn}.dzn")
	fzn="$work/$name.fzn"
	lib="$work/$name.csp.fzn"
	if ! minizinc -c -G std --no-output-ozn -o "$fzn" "$mzn" "${data[@]}" 2>"$work/err"; then
		echo "| $name | compile error | | | | | | | | | | | |"
		continue
	fi
	minizinc -c --solver "$work/solvers/csp.msc" --no-output-ozn -o "$lib" "$mzn" "${data[@]}" 2>"$work/err" || true
	# The objective of each compilation (its name may differ between
	# the two), made an output when it is a variable.
	objectives=()
	for f in "$fzn" "$lib"; do
		o=
		if [ -f "$f" ]; then
			o=$(sed -n 's/^solve .*\(minimize\|maximize\) \([A-Za-z_][A-Za-z0-9_]*\);$/\2/p' "$f")
			[ -n "$o" ] && sed -i "s/^\(var [^:]*: $o\)\([ :;=]\)/\1 :: output_var\2/" "$f"
		fi
		objectives+=("$o")
	done
	objective=${objectives[0]}
	flags=($all)
	[ -n "$objective" ] && flags=(-a) # every improving solution: the last is the best
	ms=$((limit * 1000))
	read -r ga go gt gn gs < <(run fzn-gecode "${flags[@]}" -s -t "$ms" "$fzn")
	read -r ca co ct cn cs < <(run "$work/csp" fzn "${flags[@]}" -s -t "$ms" "$fzn")
	if [ -f "$lib" ]; then
		objective=${objectives[1]}
		read -r la lo lt ln _ < <(run "$work/csp" fzn "${flags[@]}" -s -t "$ms" "$lib")
	else
		la=error lo=- lt=- ln=-
	fi
	echo "| $name | $ga | $go | $gt | $gn | $ca | $co | $ct | $cn | $la | $lo | $lt | $ln |"
	case "$ga/$ca" in
	sat/sat | unsat/unsat | opt/opt)
		sr=-
		if [ "$gs" != - ] && [ "$cs" != - ]; then
			sr=$(echo "($cs + 0.0001) / ($gs + 0.0001)" | bc -l)
		fi
		ratios+=("$family $(echo "$ct / $gt" | bc -l) $sr")
		;;
	*/sat | */unsat | */opt) onlyone+=("$family csp") ;;
	sat/* | unsat/* | opt/*) onlyone+=("$family Gecode") ;;
	esac
done
echo
# The medians per family and over all: wall time and solveTime ratios.
{
	printf '%s\n' "${ratios[@]}" | sed '/^$/d'
	printf '%s\n' "${onlyone[@]}" | sed '/^$/d; s/^/only /'
} | awk '
	function median(list,   n, i, j, t, a) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		if (n == 0) return "-"
		return sprintf("%.2f", (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
	}
	$1 == "only" { only[$2] = only[$2] " " $3; seen[$2] = 1; next }
	{
		wall[$1] = wall[$1] " " $2; count[$1]++; seen[$1] = 1; allw = allw " " $2; total++
		if ($3 != "-") { solve[$1] = solve[$1] " " $3; alls = alls " " $3 }
	}
	END {
		print "| family | models both solved | median wall ratio csp/Gecode | median solveTime ratio csp/Gecode | solved by one only |"
		print "|---|---|---|---|---|"
		for (f in seen) printf "| %s | %d | %s | %s | %s |\n", f, count[f], median(wall[f]), median(solve[f]), (only[f] == "" ? "-" : only[f]) | "sort"
		close("sort")
		printf "| all | %d | %s | %s | |\n", total, median(allw), median(alls)
	}'
