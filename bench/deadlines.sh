#!/usr/bin/env bash
# Issue 20's deadline runs: how long after --timeout 100ms, and after a
# SIGINT (Ctrl-C), each long-running command takes to exit. The tables of
# docs/BENCHMARKS.md, "Issue 20: deadlines", are made from its output.
#
# usage: bench/deadlines.sh CSP [RUNS] [DELAY]
#
# CSP is the csp binary; the first line of the output names its commit
# (from the binary's build information, else COMMIT=... in the
# environment: builds with -buildvcs=false carry none). Each command
# runs RUNS times (default 10) with --timeout 100ms, the whole process
# timed (start to exit), and RUNS
# times without a timeout, sent SIGINT DELAY seconds after its start
# (default 1.5), the time taken from the kill to the exit. A command
# that exits before the signal is counted as done first. The order-200
# Latin square is also interrupted at 0.15, 0.3 and 0.4 s, while its
# model and search are being made, and the KenKen at 0.3 and 0.6 s,
# while its cage's table is (it is solved within 1.5 s). Each line gives the median and the largest
# time of the runs, and the load average (1, 5, 15 minutes) before the
# command's runs.
#
# Inputs (made in INPUTS, default a fresh temporary directory; pass
# INPUTS=dir to keep them, as the order-200 square takes half a minute
# to generate):
#   l40.txt   csp generate latin --order 40 --holes 800 --balanced --seed 1
#   m40.txt   csp marks latin l40.txt --up-to subsets (its next step
#             needs the assumptions level)
#   s63.txt   csp generate skyscraper --size 63 --seed 1
#   l200.txt  csp generate latin --order 200 --holes 8000 --balanced --seed 1
#   k9.txt    a 9x9 KenKen (JSON) whose top-left 3x3 box is one product
#             cage of 362880 (651,960 tuples), every other cell a given
#             (kenken9 in cmd/internal/cli/deadline_test.go)
#
# Job control (set -m) runs each command in a process group of its own,
# so that the SIGINT is not ignored as it is by a script's background
# jobs. Times are read from bash's EPOCHREALTIME (no process started to
# read the clock).
set -euo pipefail
set -m
if [[ $# -lt 1 || $# -gt 3 ]]; then
	echo "usage: $0 CSP [RUNS] [DELAY]" >&2
	exit 2
fi
csp=$(realpath "$1") runs=${2:-10} delay=${3:-1.5}
if [[ -n ${INPUTS:-} ]]; then
	in=$INPUTS
	mkdir -p "$in"
else
	in=$(mktemp -d)
	trap 'rm -rf "$in"' EXIT
fi
cd "$in"

[[ -s l40.txt ]] || "$csp" generate latin --order 40 --holes 800 --balanced --seed 1 >l40.txt
[[ -s m40.txt ]] || "$csp" marks latin l40.txt --up-to subsets >m40.txt || true
[[ -s s63.txt ]] || "$csp" generate skyscraper --size 63 --seed 1 >s63.txt
[[ -s l200.txt ]] || "$csp" generate latin --order 200 --holes 8000 --balanced --seed 1 >l200.txt
if [[ ! -s k9.txt ]]; then
	# (r*3 + r/3 + c) % 9 + 1 is a sudoku-like Latin square; the top-left
	# box is one product cage, the other 72 cells single-cell cages.
	cells="" target=1 cages=""
	for r in {0..8}; do
		for c in {0..8}; do
			v=$(((r * 3 + r / 3 + c) % 9 + 1))
			if ((r < 3 && c < 3)); then
				cells+="${cells:+,}[$r,$c]"
				target=$((target * v))
			else
				cages+=",{\"cells\":[[$r,$c]],\"target\":$v}"
			fi
		done
	done
	echo "{\"size\":9,\"cages\":[{\"cells\":[$cells],\"op\":\"*\",\"target\":$target}$cages]}" >k9.txt
fi

ms() { # microseconds between two EPOCHREALTIME readings, as milliseconds
	local a=${1/./} b=${2/./}
	echo $(((10#$b - 10#$a) / 1000))
}
stats() { # median and max of the numbers on standard input
	sort -n | awk '{x[NR] = $1} END {if (NR == 0) {print "-"; exit}; m = (NR % 2) ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2; printf "median %d ms, max %d ms (%d runs)", m, x[NR], NR}'
}
load() { cut -d' ' -f1-3 /proc/loadavg; }

timeout_runs() { # the whole process with --timeout 100ms
	local t0 t1
	for ((i = 0; i < runs; i++)); do
		t0=$EPOCHREALTIME
		"$csp" "$@" --timeout 100ms >/dev/null 2>&1 || true
		t1=$EPOCHREALTIME
		ms "$t0" "$t1"
	done
}
sigint_runs() { # from the SIGINT, sent $1 s after the start, to the exit
	local at=$1 t0 t1 pid
	shift
	for ((i = 0; i < runs; i++)); do
		"$csp" "$@" >/dev/null 2>&1 &
		pid=$!
		sleep "$at"
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid" || true
			echo first
			continue
		fi
		t0=$EPOCHREALTIME
		kill -INT "$pid"
		wait "$pid" || true
		t1=$EPOCHREALTIME
		ms "$t0" "$t1"
	done
}
sigint_line() { # $1: the delay; the rest, the command
	local out first
	out=$(sigint_runs "$@")
	first=$(grep -c first <<<"$out" || true)
	printf '%s' "$(grep -v first <<<"$out" | grep . | stats)"
	if ((first > 0)); then
		printf ', %d of %d done before the signal' "$first" "$runs"
	fi
	echo
}
row() {
	echo "csp $*  [load $(load)]"
	echo "  --timeout 100ms, wall: $(timeout_runs "$@" | stats)"
	echo "  SIGINT at $delay s, to exit: $(sigint_line "$delay" "$@")"
}

rev=$(go version -m "$csp" 2>/dev/null | awk '$2 == "vcs.revision" {print substr($3, 1, 7)} $2 == "vcs.modified" && $3 == "true" {print "(modified)"}' | paste -sd' ' -)
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $csp (commit ${rev:-${COMMIT:-unknown, set COMMIT}}), $(nproc) cores, load $(load)"
row grade latin l40.txt
row explain latin l40.txt
row hint latin m40.txt --marks
row grade skyscraper s63.txt
row explain skyscraper s63.txt
row census skyscraper --size 5 --clues 8 --list --progress=false
row solve kenken k9.txt
row solve latin l200.txt
row check kenken k9.txt
row diagnose latin l40.txt
for at in 0.15 0.3 0.4; do
	echo "csp solve latin l200.txt, SIGINT at $at s  [load $(load)]"
	echo "  to exit: $(sigint_line "$at" solve latin l200.txt)"
done
for at in 0.3 0.6; do
	echo "csp solve kenken k9.txt, SIGINT at $at s  [load $(load)]"
	echo "  to exit: $(sigint_line "$at" solve kenken k9.txt)"
done
echo "# done, load $(load)"
