#!/usr/bin/env bash
# Issue 18's protocol: 200 quasigroup-with-holes instances made here, our
# solver's default configuration beside CaDiCaL, one core each (one process
# at a time), a 60 s limit, and the median per (kind, order).
#
# usage: bench/latin/qwh200.sh [SEED] > table.md
#
# The instances come from `csp generate latin` (seeds from SEED, default
# 18000, one per instance), of three kinds at orders 20, 25, 30 and 35, as
# in ../shared/data/latin/README.md: random holes at ratio 0.42
# (round(0.42 N^2) holes), random holes at the hardness peak (round(1.6
# N^1.55): 166, 235, 312, 396), and balanced holes at ratio 0.42
# (--balanced). Per kind 10 of order 20, 15 of order 25, 20 of order 30
# and 22 of order 35 (21 at the peak): 200 in all.
#
# bench/latin/peers.sh runs them (PEERS="ours cadical", OURS_FLAGS="":
# csp solve latin FILE --timeout 60s, nothing else) and checks every
# answer; this script sums its rows up. An unsolved instance counts as the
# limit in the medians. Environment: CSP (our binary; default: built from
# this tree), TIMEOUT and SAT_TIMEOUT (default 60s), KINDS / ORDERS to run
# a subset (e.g. KINDS=peak ORDERS=35), and OURS_FLAGS to measure another
# configuration than the default (e.g. OURS_FLAGS="--alldiff value --learn
# clauses --var literal"), named in the table's footer.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
seed=${1:-18000}
work=$(mktemp -d "${TMPDIR:-/tmp}/qwh200.XXXXXX")
trap 'rm -rf "$work"' EXIT
csp=${CSP:-}
if [ -z "$csp" ]; then
	csp=$work/csp
	(cd "$root" && go build -o "$csp" ./cmd/csp)
fi
kinds=${KINDS:-random peak balanced}
orders=${ORDERS:-20 25 30 35}

# count KIND ORDER: the instances of that cell.
count() {
	case $2 in
	20) echo 10 ;;
	25) echo 15 ;;
	30) echo 20 ;;
	35) if [ "$1" = peak ]; then echo 21; else echo 22; fi ;;
	*) echo 10 ;;
	esac
}
# holes KIND ORDER
holes() {
	if [ "$1" = peak ]; then
		awk -v n="$2" 'BEGIN { printf "%d\n", 1.6 * n ^ 1.55 + 0.5 }'
	else
		awk -v n="$2" 'BEGIN { printf "%d\n", 0.42 * n * n + 0.5 }'
	fi
}

files=()
s=$seed
for kind in $kinds; do
	for n in $orders; do
		k=$(count "$kind" "$n")
		h=$(holes "$kind" "$n")
		extra=()
		[ "$kind" = balanced ] && extra=(--balanced)
		for _ in $(seq "$k"); do
			f=$work/$kind-o$n-h$h-s$s.txt
			"$csp" generate latin --order "$n" --holes "$h" --seed "$s" "${extra[@]}" | grep -v "^[%#]" >"$f"
			files+=("$f")
			s=$((s + 1))
		done
	done
done
echo "qwh200: ${#files[@]} instances, seeds $seed-$((s - 1))" >&2

commit=$(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo "?")
start=$(date -u '+%Y-%m-%d %H:%M UTC')
load0=$(cut -d' ' -f1-3 /proc/loadavg)
ours_flags=${OURS_FLAGS:-}
CSP=$csp PEERS="ours cadical" OURS_FLAGS="$ours_flags" ROWS=1 TIMEOUT=${TIMEOUT:-60s} SAT_TIMEOUT=${SAT_TIMEOUT:-60s} \
	"$here/peers.sh" "${files[@]}" >"$work/rows.tsv"
load1=$(cut -d' ' -f1-3 /proc/loadavg)

limit=$(echo "${TIMEOUT:-60s}" | sed 's/s$//')
slimit=$(echo "${SAT_TIMEOUT:-60s}" | sed 's/s$//')
echo "| kind | order | holes | instances | ours solved | ours median (s) | ours worst (s) | CaDiCaL solved | CaDiCaL median (s) | CaDiCaL worst (s) | ours median <= CaDiCaL's |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
awk -F'\t' -v lim="$limit" -v slim="$slimit" '
function median(a, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function timeval(c, l) { return c ~ /^[0-9]+\.[0-9]+$/ ? c + 0 : l }
{
	split($1, p, "-")
	key = p[1] "\t" substr(p[2], 2) + 0 "\t" substr(p[3], 2) + 0
	if (!(key in n)) order[++keys] = key
	i = ++n[key]
	o[key, i] = timeval($2, lim); s[key, i] = timeval($3, slim)
	if ($2 ~ /^[0-9]+\.[0-9]+$/) os[key]++
	if ($3 ~ /^[0-9]+\.[0-9]+$/) ss[key]++
	if ($2 == "WRONG" || $3 == "WRONG") wrong++
}
END {
	for (k = 1; k <= keys; k++) {
		key = order[k]; m = n[key]
		ow = 0; sw = 0
		for (i = 1; i <= m; i++) {
			a[i] = o[key, i]; b[i] = s[key, i]
			if (a[i] > ow) ow = a[i]
			if (b[i] > sw) sw = b[i]
		}
		om = median(a, m); sm = median(b, m)
		split(key, f, "\t")
		printf "| %s | %d | %d | %d | %d | %.3f | %.3f | %d | %.3f | %.3f | %s |\n", f[1], f[2], f[3], m, os[key], om, ow, ss[key], sm, sw, (om <= sm ? "yes" : "no")
	}
	if (wrong) printf "\n**%d wrong answers** (see the rows)\n", wrong
}' "$work/rows.tsv"
echo
echo "Made by \`bench/latin/qwh200.sh $seed\` at $commit, $start (load $load0 at the start, $load1 at the end), $(nproc) vCPU; one solver process at a time."
echo "ours: csp solve latin FILE${ours_flags:+ $ours_flags} --timeout ${TIMEOUT:-60s} --json ($([ -z "$ours_flags" ] && echo "the default configuration" || echo "not the default")); CaDiCaL 1.5.3 (Debian) on bench/latin/latincnf's direct encoding, -t ${slimit}; wall time per process, every answer checked (latincnf -check)."
echo "An unsolved instance counts as the limit in the medians and the worst."
echo
echo "<details><summary>every instance (seconds, or why not)</summary>"
echo
echo "| instance | ours | CaDiCaL |"
echo "|---|---:|---:|"
awk -F'\t' '{ printf "| %s | %s | %s |\n", $1, $2, $3 }' "$work/rows.tsv"
echo
echo "</details>"
