#!/usr/bin/env bash
# Paired comparison of two csp binaries on the same instances, in one run.
#
# usage: bench/compare.sh OLD NEW [BENCH ARGS...]
#
# Runs `csp bench` (the default suite unless BENCH ARGS name others) with
# OLD and NEW in turn, ROUNDS times (default 5), alternating which goes
# first (ABBA...), each run with --repeat REPEAT (default 3, the median of
# which bench keeps). Per instance and configuration it takes the median
# time of each binary over the rounds and their ratio NEW/OLD; it prints,
# per problem, the instances, the median and the quartiles of those
# ratios (below 1: NEW is faster), on how many instances the node counts
# differ (over the rounds that finished: the same search, so a ratio is
# about speed alone), and how many rounds of each binary ended unfinished
# (unknown or error, as a time limit does on a loaded machine).
# Progress on stderr.
#
# Build the two binaries outside the tree you are measuring, e.g.
#   git worktree add /tmp/old <commit> && (cd /tmp/old && go build -o /tmp/csp-old ./cmd/csp)
#   go build -o /tmp/csp-new ./cmd/csp
#   bench/compare.sh /tmp/csp-old /tmp/csp-new
set -euo pipefail
if [[ $# -lt 2 ]]; then
	echo "usage: $0 OLD NEW [BENCH ARGS...]" >&2
	exit 2
fi
old=$1 new=$2
shift 2
rounds=${ROUNDS:-5}
repeat=${REPEAT:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for ((r = 1; r <= rounds; r++)); do
	order=(old new)
	((r % 2 == 0)) && order=(new old)
	for who in "${order[@]}"; do
		bin=$old
		[[ $who == new ]] && bin=$new
		echo "round $r/$rounds: $who" >&2
		# Status 1 says some instance ended unknown (a timeout): its run is
		# still in the CSV. Anything else is a failure of the run itself.
		status=0
		"$bin" bench "$@" --repeat "$repeat" --progress=false --csv "$work/$who.$r.csv" >/dev/null || status=$?
		if ((status > 1)); then
			echo "compare.sh: $bin bench exited with status $status" >&2
			exit "$status"
		fi
	done
done

# One line per (binary, key): key = config|problem|file|instance, then the
# time, the nodes and the status of each round.
for who in old new; do
	for ((r = 1; r <= rounds; r++)); do
		awk -F, -v who="$who" 'NR > 1 { print who "\t" $1 "|" $2 "|" $3 "|" $4 "\t" $2 "\t" $7 "\t" $8 "\t" $6 }' "$work/$who.$r.csv"
	done
done | sort -t$'\t' -k2,2 -k1,1 -k4,4g >"$work/all.tsv"

# Per key: the median time of each binary over the rounds, their ratio,
# whether the node counts agree, and how many rounds of each binary ended
# unfinished (unknown or error: a time limit on a loaded machine). Node
# counts are compared over the finished rounds only (the smallest and the
# largest of each binary), so that a round cut short by a limit is counted
# as stopped rather than as a different search; then per problem, from the
# sorted ratios, the median and the quartiles. (POSIX awk: no gawk needed.)
awk -F'\t' '
function median(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function note(w, key, nodes, status,    k) {
	k = w SUBSEP key
	if (status == "unknown" || status == "error") { stopped[k]++; return }
	if (!(k in lo) || nodes < lo[k]) lo[k] = nodes
	if (!(k in hi) || nodes > hi[k]) hi[k] = nodes
}
{
	key = $2; prob[key] = $3
	if ($1 == "old") { no[key]++; to[key, no[key]] = $4 }
	else { nn[key]++; tn[key, nn[key]] = $4 }
	note($1, key, $5, $6)
}
END {
	for (key in prob) {
		if (!no[key] || !nn[key]) continue
		for (i = 1; i <= no[key]; i++) a[i] = to[key, i]
		mo = median(a, no[key])
		for (i = 1; i <= nn[key]; i++) a[i] = tn[key, i]
		mn = median(a, nn[key])
		o = "old" SUBSEP key; n = "new" SUBSEP key
		differ = ((o in lo) && (n in lo) && (lo[o] != lo[n] || hi[o] != hi[n])) || (o in lo && lo[o] != hi[o]) || (n in lo && lo[n] != hi[n])
		if (mo > 0) print prob[key] "\t" mn / mo "\t" differ "\t" stopped[o] + 0 "\t" stopped[n] + 0
	}
}' "$work/all.tsv" | sort -t$'\t' -k1,1 -k2,2g >"$work/ratios.tsv"

echo "| problem | instances | median NEW/OLD | quartiles | node counts differ | rounds stopped, OLD / NEW |"
echo "|---|---:|---:|---|---:|---:|"
awk -F'\t' '
function flush(    m) {
	if (n == 0) return
	m = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
	printf "| %s | %d | %.3f | %.3f-%.3f | %d | %d / %d |\n", p, n, m, r[int(0.25 * (n - 1)) + 1], r[int(0.75 * (n - 1)) + 1], d, so, sn
}
$1 != p { flush(); p = $1; n = 0; d = 0; so = 0; sn = 0 }
{ r[++n] = $2; d += $3; so += $4; sn += $5 }
END { flush() }' "$work/ratios.tsv"
