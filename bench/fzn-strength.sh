#!/usr/bin/env bash
# bench/fzn-strength.sh: the all-different strength of csp's solver library
# (issue 15), measured to choose the default.
#
# Usage: bench/fzn-strength.sh [-t SECONDS] [DIR|MODEL.mzn ...]
#
# Every model (default: problems/flatzinc/testdata/mzn and bench/mzn, with
# MODEL.dzn beside it when there is one) is compiled once with csp's
# library (csp.msc written by `csp fzn --install` into a scratch
# directory); a model with an all_different (csp_all_different_int in
# the FlatZinc) is solved twice by `csp fzn -s` under the time limit, its
# all-different calls annotated `:: domain` (GAC) and then
# `:: value_propagation` (Value): the two defaults an unannotated call
# could have. A satisfaction model asks one solution, an optimisation
# model the optimum (every improving solution is printed, -a).
#
# It prints a Markdown table: per model and strength, the answer (sat,
# unsat, opt, best, unknown, error), the wall time in seconds and the
# nodes; then the totals over the models both strengths finished. The
# header names the command, date, commit and load, for docs/BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

limit=20
while getopts "t:" opt; do
	case $opt in
	t) limit=$OPTARG ;;
	*) echo "usage: $0 [-t SECONDS] [DIR|MODEL.mzn ...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- problems/flatzinc/testdata/mzn bench/mzn

command -v minizinc >/dev/null || { echo "$0: minizinc is not installed (apt-get install minizinc)" >&2; exit 1; }

. bench/mzn-setup.sh

# run FZN: solves under the limit and prints "answer seconds nodes".
run() {
	local out="$work/out" start end status=0 secs nodes answer flags=()
	grep -q '^solve .*\(minimize\|maximize\)' "$1" && flags=(-a)
	start=$(date +%s.%N)
	timeout --signal=INT --kill-after=5 $((limit + 5)) "$work/csp" fzn "${flags[@]}" -s -t $((limit * 1000)) "$1" >"$out" 2>"$work/err" || status=$?
	end=$(date +%s.%N)
	secs=$(echo "$end - $start" | bc -l | xargs printf "%.3f")
	nodes=$(sed -n 's/^%%%mzn-stat: nodes=//p' "$out" | tail -1)
	if grep -q '^=====UNSATISFIABLE=====' "$out"; then
		answer=unsat
	elif grep -q '^==========' "$out" && [ ${#flags[@]} -gt 0 ]; then
		answer=opt
	elif grep -q '^----------' "$out"; then
		answer=sat
		[ ${#flags[@]} -gt 0 ] && answer=best
	elif [ "$status" -ne 0 ] && ! grep -q '^=====UNKNOWN=====' "$out"; then
		answer=error
	else
		answer=unknown
	fi
	echo "$answer $secs ${nodes:--}"
}

echo "Command: bench/fzn-strength.sh -t $limit $*"
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git rev-parse --short HEAD); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| model | domain (GAC) | time s | nodes | value | time s | nodes |"
echo "|---|---|---|---|---|---|---|"
gt=0 gn=0 vt=0 vn=0 both=0
for mzn in "${models[@]}"; do
	name=${mzn%.mzn}
	data=()
	[ -f "${mzn%.mzn}.dzn" ] && data=("${mzn%.mzn}.dzn")
	fzn="$work/model.fzn"
	minizinc -c --solver "$work/solvers/csp.msc" --no-output-ozn -o "$fzn" "$mzn" "${data[@]}" 2>"$work/err" || continue
	grep -q '^constraint csp_all_different_int(' "$fzn" || continue
	sed 's/^\(constraint csp_all_different_int(.*\);$/\1 :: domain;/' "$fzn" >"$work/gac.fzn"
	sed 's/^\(constraint csp_all_different_int(.*\);$/\1 :: value_propagation;/' "$fzn" >"$work/value.fzn"
	read -r ga gs gnodes < <(run "$work/gac.fzn")
	read -r va vs vnodes < <(run "$work/value.fzn")
	echo "| $name | $ga | $gs | $gnodes | $va | $vs | $vnodes |"
	case "$ga/$va" in
	sat/sat | unsat/unsat | opt/opt)
		both=$((both + 1))
		gt=$(echo "$gt + $gs" | bc -l) vt=$(echo "$vt + $vs" | bc -l)
		gn=$((gn + gnodes)) vn=$((vn + vnodes))
		;;
	esac
done
echo
printf "Totals over the %d models both finished: domain %.3f s, %d nodes; value %.3f s, %d nodes\n" "$both" "$gt" "$gn" "$vt" "$vn"
