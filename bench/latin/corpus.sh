#!/usr/bin/env bash
# Time `csp solve latin` per order and hole kind on the generated QWH set.
#
# usage: bench/latin/corpus.sh [DIR] [extra csp flags...] > table.md
#
# DIR defaults to problems/latin/testdata/generated (the 36 instances of
# ../shared/data/latin/generated). Each instance is solved once, one at a time,
# with the default configuration (channeled model, GAC, dom/wdeg, Luby
# restarts, seed 1) and --timeout 60s unless the extra flags say otherwise.
# Times are the solver's own wall time per instance ("time" in --json,
# model building included, process start excluded).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${1:-$root/problems/latin/testdata/generated}
shift || true
csp=${CSP:-}
if [ -z "$csp" ]; then
	csp=$(mktemp -d)/csp
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
for f in "$dir"/*.txt; do
	name=$(basename "$f" .txt)
	line=$("$csp" solve latin "$f" --json --timeout 60s "$@" || true)
	st=$(printf '%s' "$line" | sed -n 's/.*"status":"\([a-z]*\)".*/\1/p')
	t=$(printf '%s' "$line" | sed -n 's/.*"time":\([0-9.e+-]*\).*/\1/p')
	nodes=$(printf '%s' "$line" | sed -n 's/.*"nodes":\([0-9]*\).*/\1/p')
	echo "$name $st $t $nodes"
done | awk '
function kind(name,   p, h) {
	split(name, p, "-"); h = substr(p[3], 2) + 0
	if (p[1] == "bqwh") return "bqwh 0.42"
	if (h == 166 || h == 235 || h == 312 || h == 396) return "qwh peak"
	return "qwh 0.42"
}
function median(a, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	split($1, p, "-"); key = sprintf("%s | %d", kind($1), substr(p[2], 2) + 0)
	n[key]++; if ($2 == "solved") ok[key]++
	times[key, n[key]] = $3; nodes[key, n[key]] = $4
	if ($3 > mx[key]) mx[key] = $3
	keys[key] = 1
}
END {
	print "| kind | order | solved | median (s) | max (s) | median nodes |"
	print "|---|---:|---:|---:|---:|---:|"
	m = 0
	for (k in keys) sorted[++m] = k
	for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (sorted[j] < sorted[i]) { t = sorted[i]; sorted[i] = sorted[j]; sorted[j] = t }
	for (i = 1; i <= m; i++) {
		k = sorted[i]
		delete a; delete b
		for (j = 1; j <= n[k]; j++) { a[j] = times[k, j]; b[j] = nodes[k, j] }
		printf "| %s | %d/%d | %.3f | %.3f | %d |\n", k, ok[k] + 0, n[k], median(a, n[k]), mx[k], median(b, n[k])
	}
}'
