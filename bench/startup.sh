#!/usr/bin/env bash
# Issue 19's start-up runs: the whole-process time of `csp solve
# skyscraper` on one 4x4 Towers puzzle and on one 9x9 unreasonable one,
# the package initialisation before main (GODEBUG=inittrace=1), and the
# first instance of a batch against the later ones. The table in
# docs/BENCHMARKS.md, "Issue 19: start-up", is made from its output.
#
# usage: bench/startup.sh NEW [OLD]
#
# NEW and OLD are csp binaries (build OLD from main for a paired run:
# git worktree add /tmp/old main && (cd /tmp/old && go build -o
# /tmp/csp-old ./cmd/csp)). The puzzles are the first 4e and the first
# 9u game IDs of problems/skyscraper/testdata/tatham-dev.tsv, each in a
# file of its own: `BIN solve skyscraper FILE` reads the same bytes as
# `echo ID | BIN solve skyscraper -` without a shell in the timing.
#
#   - process time: hyperfine -N, ROUNDS (default 10) rounds of 10 runs
#     of each command in turn (OLD and NEW interleaved, so that a change
#     of the machine's load falls on both), after 3 warm-up runs; the
#     median, mean and min of the 100 runs per command. Beside them, the
#     floor of the machine: /bin/true (a C program) and a Go program that
#     prints one line (built here), and NEW behind a pipe from echo
#     (hyperfine's shell mode, the shell's own start subtracted); and the
#     mean CPU time (user + system), which the load inflates less;
#   - inittrace: 21 runs of each binary on the 4x4 puzzle with
#     GODEBUG=inittrace=1; the median over the runs of the summed init
#     clock (a package's clock is wall time: a run descheduled under load
#     puts milliseconds on whichever package was running), the packages
#     initialised, their bytes and allocations, the sum of the per-package
#     medians (steadier) and the costliest packages (median clock);
#   - page faults: GNU time's minor faults and peak RSS, median of 21;
#   - first instance: the ten 4e puzzles as a batch (--json), in ten
#     rotations, so that each puzzle is once first; the median time of the
#     instance that came first against the median time of the same puzzles
#     in the tenth place (and the same for the ten 9u puzzles).
#
# Needs hyperfine, jq and go. About two minutes at low load; the times
# depend on the load, which is printed before and after.
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 NEW [OLD]" >&2
	exit 2
fi
new=$1 old=${2:-}
rounds=${ROUNDS:-10}
for tool in hyperfine jq go; do
	command -v "$tool" >/dev/null || {
		echo "$0: $tool is needed" >&2
		exit 2
	}
done
root=$(cd "$(dirname "$0")/.." && pwd)
tsv=$root/problems/skyscraper/testdata/tatham-dev.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

awk -F'\t' '$1 == 4 && $2 == "e" {print $4}' "$tsv" >"$work/4e.txt"
awk -F'\t' '$1 == 9 && $2 == "u" {print $4}' "$tsv" >"$work/9u.txt"
head -n 1 "$work/4e.txt" >"$work/id4"
head -n 1 "$work/9u.txt" >"$work/id9"
printf 'package main\n\nimport "os"\n\nfunc main() { _, _ = os.Stdout.WriteString("hello\\n") }\n' >"$work/hello.go"
(cd "$work" && go build -o hello hello.go)

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "4x4: $(cat "$work/id4")"
echo "9x9 unreasonable: $(cat "$work/id9")"
for bin in "$new" ${old:+"$old"}; do
	echo "$bin: $(stat -c %s "$bin") bytes, $(go version "$bin" | cut -d' ' -f2-)"
done

# Process time.
names=() cmds=()
add() { names+=("$1"); cmds+=("$2"); }
add "floor: /bin/true" "/bin/true"
add "floor: Go hello" "$work/hello"
[[ -n $old ]] && add "OLD 4x4" "$old solve skyscraper $work/id4"
add "NEW 4x4" "$new solve skyscraper $work/id4"
[[ -n $old ]] && add "OLD 9x9u" "$old solve skyscraper $work/id9"
add "NEW 9x9u" "$new solve skyscraper $work/id9"
for ((r = 1; r <= rounds; r++)); do
	hyperfine -N --style none --warmup 3 --runs 10 --export-json "$work/round$r.json" "${cmds[@]}" >/dev/null 2>&1
done
# The shell's own start is subtracted by hyperfine; echo is a builtin.
hyperfine --style none --warmup 3 --runs $((10 * rounds)) --export-json "$work/pipe.json" \
	"echo '$(cat "$work/id4")' | $new solve skyscraper -" >/dev/null 2>&1
echo
echo "process time, ms over $((10 * rounds)) runs: median mean min, and CPU (user + system, mean)"
for i in "${!cmds[@]}"; do
	jq -s --argjson i "$i" '[.[].results[$i].times[]] | sort' "$work"/round*.json >"$work/t$i.json"
	cpu=$(jq -s --argjson i "$i" '[.[].results[$i] | .user + .system] | add / length * 1000 * 100 | round / 100' "$work"/round*.json)
	printf '%-18s %s %s\n' "${names[$i]}" "$(jq -r 'def med: if length % 2 == 1 then .[length/2|floor] else (.[length/2-1] + .[length/2]) / 2 end;
		"\(med*1000*100|round/100) \((add/length)*1000*100|round/100) \(.[0]*1000*100|round/100)"' "$work/t$i.json")" "$cpu"
done
printf '%-18s %s\n' "NEW 4x4 pipe" "$(jq -r '.results[0] | "\(.median*1000*100|round/100) \(.mean*1000*100|round/100) \(.min*1000*100|round/100) \((.user + .system)*1000*100|round/100)"' "$work/pipe.json")"

# Package initialisation.
echo
echo "inittrace, 4x4, 21 runs: median summed init clock (ms), packages, bytes, allocs; costliest packages (median ms)"
for bin in "$new" ${old:+"$old"}; do
	for ((r = 0; r < 21; r++)); do
		GODEBUG=inittrace=1 "$bin" solve skyscraper "$work/id4" 2>&1 >/dev/null | awk -v r="$r" '/^init /{print r, $2, $5, $8, $10}'
	done >"$work/trace"
	awk '{clock[$1] += $3; bytes[$1] += $4; allocs[$1] += $5; pk[$1]++} END {for (r in clock) print clock[r], pk[r], bytes[r], allocs[r]}' "$work/trace" |
		sort -n | awk -v bin="$bin" 'NR == 11 {printf "%s: %.2f ms, %d packages, %d bytes, %d allocs\n", bin, $1, $2, $3, $4}'
	awk '{print $2, $3}' "$work/trace" | sort -k1,1 -k2,2n | awk '
		$1 != p {if (p != "") print p, v[int((n + 1) / 2)]; p = $1; n = 0}
		{v[++n] = $2}
		END {print p, v[int((n + 1) / 2)]}' | sort -k2,2nr >"$work/medians"
	awk '{s += $2} END {printf "   sum of the per-package medians: %.2f ms\n", s}' "$work/medians"
	head -n 8 "$work/medians" | awk '{printf "   %-50s %s\n", $1, $2}'
done

# Page faults and resident memory (GNU time, if there).
if /usr/bin/time -f '%R' true >/dev/null 2>&1; then
	echo
	echo "4x4, 21 runs: median minor page faults, median peak RSS (kB)"
	for bin in "$new" ${old:+"$old"}; do
		for ((r = 0; r < 21; r++)); do
			/usr/bin/time -f '%R %M' "$bin" solve skyscraper "$work/id4" 2>&1 >/dev/null | tail -n 1
		done >"$work/faults"
		echo "$bin: $(sort -n "$work/faults" | sed -n 11p | cut -d' ' -f1) faults, $(sort -k2,2n "$work/faults" | sed -n 11p | cut -d' ' -f2) kB"
	done
fi

# First instance against later ones.
echo
echo "first instance of a batch: median time (ms) of the puzzle that came first, and of the same puzzles in 10th place"
for set in 4e 9u; do
	for bin in "$new" ${old:+"$old"}; do
		n=$(wc -l <"$work/$set.txt")
		: >"$work/times"
		for ((r = 0; r < n; r++)); do
			{ tail -n +$((r + 1)) "$work/$set.txt"; head -n "$r" "$work/$set.txt"; } >"$work/batch"
			"$bin" solve skyscraper "$work/batch" --json | jq -r '"\(.instance) \(.time)"' >>"$work/times"
		done
		first=$(awk '$1 == 1 {print $2 * 1000}' "$work/times" | sort -n | awk '{v[NR] = $1} END {print (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2}')
		tenth=$(awk -v n="$n" '$1 == n {print $2 * 1000}' "$work/times" | sort -n | awk '{v[NR] = $1} END {print (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2}')
		printf '%s %s: first %.3f, 10th %.3f\n' "$set" "$bin" "$first" "$tenth"
	done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
