#!/usr/bin/env bash
# bench/minizinc.sh: MiniZinc models side by side on csp and Gecode (issue 15).
#
# Usage: bench/minizinc.sh [-t SECONDS] [-a] [DIR|MODEL.mzn ...]
#
# Every model (DIR/*.mzn, with MODEL.dzn beside it when there is one; by
# default problems/flatzinc/testdata/mzn) is compiled once with MiniZinc's
# standard library (-G std), and that same FlatZinc file is solved by
# fzn-gecode and by `csp fzn`, one core each, under the time limit; the
# model is also compiled for csp with its own library (csp.msc written by
# `csp fzn --install` into a scratch directory) and solved by csp, the
# route `minizinc --solver csp` takes. A satisfaction model asks one
# solution (-a: all of them); an optimisation model the optimum.
#
# It prints a Markdown table: per model and solver, the answer (sat,
# unsat, opt = optimum proved, best = a solution without proof, unknown,
# error), the objective when there is one, the wall time in seconds
# (compilation not counted) and the nodes the solver reports; then the
# median time ratio csp/Gecode over the models both solved. The header
# names the command, date, commit and load, for docs/BENCHMARKS.md.
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

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/csp" ./cmd/csp
"$work/csp" fzn --install "$work/solvers" >/dev/null

models=()
for arg in "$@"; do
	if [ -d "$arg" ]; then
		for m in "$arg"/*.mzn; do models+=("$m"); done
	else
		models+=("$arg")
	fi
done

# run NAME COMMAND...: runs a solver under the limit and prints
# "answer objective seconds nodes".
run() {
	local out="$work/out" start end status
	start=$(date +%s.%N)
	status=0
	timeout --signal=INT --kill-after=5 $((limit + 5)) "$@" >"$out" 2>"$work/err" || status=$?
	end=$(date +%s.%N)
	local secs answer obj nodes
	secs=$(echo "$end - $start" | bc -l | xargs printf "%.3f")
	nodes=$(sed -n 's/^%%%mzn-stat: nodes=//p' "$out" | tail -1)
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
	echo "$answer ${obj:--} $secs ${nodes:--}"
}

echo "Command: bench/minizinc.sh -t $limit ${all:+-a }$*"
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| model | Gecode | obj | time s | nodes | csp | obj | time s | nodes | csp (mznlib) | obj | time s | nodes |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
ratios=()
for mzn in "${models[@]}"; do
	name=$(basename "$mzn" .mzn)
	data=()
	[ -f "${mzn%.mzn}.dzn" ] && data=("${mzn%.mzn}.dzn")
	fzn="$work/$name.fzn"
	lib="$work/$name.csp.fzn"
	if ! minizinc -c -G std --no-output-ozn -o "$fzn" "$mzn" "${data[@]}" 2>"$work/err"; then
		echo "| $name | compile error | | | | | | | | | | | |"
		continue
	fi
	minizinc -c --solver "$work/solvers/csp.msc" --no-output-ozn -o "$lib" "$mzn" "${data[@]}" 2>"$work/err" || true
	# The objective, made an output of both runs when it is a variable.
	objective=$(sed -n 's/^solve .*\(minimize\|maximize\) \([A-Za-z_][A-Za-z0-9_]*\);$/\2/p' "$fzn")
	flags=($all)
	if [ -n "$objective" ]; then
		flags=(-a) # every improving solution: the last is the best
		for f in "$fzn" "$lib"; do
			[ -f "$f" ] && sed -i "s/^\(var [^:]*: $objective\)\([ :;=]\)/\1 :: output_var\2/" "$f"
		done
	fi
	ms=$((limit * 1000))
	read -r ga go gt gn < <(run fzn-gecode "${flags[@]}" -s -t "$ms" "$fzn")
	read -r ca co ct cn < <(run "$work/csp" fzn "${flags[@]}" -s -t "$ms" "$fzn")
	if [ -f "$lib" ]; then
		read -r la lo lt ln < <(run "$work/csp" fzn "${flags[@]}" -s -t "$ms" "$lib")
	else
		la=error lo=- lt=- ln=-
	fi
	echo "| $name | $ga | $go | $gt | $gn | $ca | $co | $ct | $cn | $la | $lo | $lt | $ln |"
	case "$ga/$ca" in
	sat/sat | unsat/unsat | opt/opt) ratios+=("$(echo "$ct / $gt" | bc -l)") ;;
	esac
done
echo
if [ ${#ratios[@]} -gt 0 ]; then
	median=$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
	printf "Median time ratio csp/Gecode (same FlatZinc, %d models both solved): %.2f\n" "${#ratios[@]}" "$median"
fi
