#!/usr/bin/env bash
# Side-by-side peer comparison for Latin-square (quasigroup) completion:
# our solver, Gecode (through MiniZinc, bench/latin/latin.mzn) and CaDiCaL (on
# the direct SAT encoding written by bench/latin/latincnf).
#
# usage: bench/latin/peers.sh [INSTANCE.txt ...] > table.md
#
# Default instances: the balanced (bqwh-*) and hardness-peak (h0312, h0396)
# order-30 and order-35 instances of $DATA (default
# /work/shared/data/latin/generated, or ../shared/data/latin/generated beside
# the repo).
#
# Environment:
#   CSP             our binary (default: go build -o /tmp/csp ./cmd/csp; "n/a" if that fails)
#   TIMEOUT         our solver's --timeout (default 60s)
#   GECODE_TIMEOUT  MiniZinc/Gecode time limit (default 5s)
#   SAT_TIMEOUT     CaDiCaL time limit (default 60s)
#   LATINCNF        a prebuilt latincnf (default: built from bench/latin/latincnf)
#   KEEP=1          keep the work directory (CNF, .dzn, solver outputs)
#   PEERS           the columns, any of "ours gecode cadical" (default all three)
#   OURS_FLAGS      our solver's search flags (default "--alldiff gac --var domwdeg
#                   --restarts luby --seed 1"; "" runs csp's default configuration)
#   ROWS=1          print only the instance rows, tab-separated (name, then one
#                   cell per peer), for scripts that aggregate them (qwh200.sh)
#
# Limits accept "90", "90s", "1500ms" or "2m". Every time is wall-clock seconds
# of the solver process, measured around it by this script (process start
# included). Gecode's time includes MiniZinc's flattening; CaDiCaL's excludes
# writing the CNF (reported separately in the notes). Each answer is checked
# with `latincnf -check`: a Latin square that keeps every given; a wrong answer
# shows as WRONG. Progress goes to stderr, the Markdown table to stdout.

set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

say() { printf 'peers: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

# to_ms LIMIT: "5s" "5" "1500ms" "2m" "0.5s" -> milliseconds
to_ms() {
	local v=$1
	case $v in
	*ms) v=${v%ms}; awk -v x="$v" 'BEGIN { if (x !~ /^[0-9]+(\.[0-9]+)?$/) exit 1; printf "%d\n", x }' ;;
	*s) v=${v%s}; awk -v x="$v" 'BEGIN { if (x !~ /^[0-9]+(\.[0-9]+)?$/) exit 1; printf "%d\n", x * 1000 }' ;;
	*m) v=${v%m}; awk -v x="$v" 'BEGIN { if (x !~ /^[0-9]+(\.[0-9]+)?$/) exit 1; printf "%d\n", x * 60000 }' ;;
	*) awk -v x="$v" 'BEGIN { if (x !~ /^[0-9]+(\.[0-9]+)?$/) exit 1; printf "%d\n", x * 1000 }' ;;
	esac
}

TIMEOUT=${TIMEOUT:-60s}
PEERS=${PEERS:-ours gecode cadical}
OURS_FLAGS=${OURS_FLAGS-"--alldiff gac --var domwdeg --restarts luby --seed 1"}
for p in $PEERS; do
	case $p in
	ours | gecode | cadical) ;;
	*) die "PEERS: unknown peer $p (ours, gecode, cadical)" ;;
	esac
done
want() { [[ " $PEERS " == *" $1 "* ]]; }
GECODE_TIMEOUT=${GECODE_TIMEOUT:-5s}
SAT_TIMEOUT=${SAT_TIMEOUT:-60s}
ours_ms=$(to_ms "$TIMEOUT") || die "TIMEOUT=$TIMEOUT is not a duration (e.g. 60s)"
gecode_ms=$(to_ms "$GECODE_TIMEOUT") || die "GECODE_TIMEOUT=$GECODE_TIMEOUT is not a duration (e.g. 5s)"
sat_ms=$(to_ms "$SAT_TIMEOUT") || die "SAT_TIMEOUT=$SAT_TIMEOUT is not a duration (e.g. 60s)"
((ours_ms > 0 && gecode_ms > 0 && sat_ms > 0)) || die "time limits must be positive"
sat_s=$(((sat_ms + 999) / 1000)) # cadical -t takes whole seconds
# The outer `timeout` is only a guard against a hung process; the solvers'
# own limits are the ones that count.
grace=30

# ---- peers ----------------------------------------------------------------
need=()
if want gecode; then
	command -v minizinc >/dev/null || need+=(minizinc)
	command -v fzn-gecode >/dev/null || need+=(flatzinc)
fi
if want cadical; then
	command -v cadical >/dev/null || need+=(cadical)
fi
if ((${#need[@]})); then
	sudo=""
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null || die "not root and no sudo: install ${need[*]} yourself"
		sudo=sudo
	fi
	say "installing ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	if ! $sudo apt-get install -y "${need[@]}" >&2; then
		say "apt-get install failed; running apt-get update and retrying"
		if ! { $sudo apt-get update >&2 && $sudo apt-get install -y "${need[@]}" >&2; }; then
			die "could not install ${need[*]}"
		fi
	fi
fi
for c in timeout awk; do
	command -v "$c" >/dev/null || die "$c not found"
done
if want gecode; then
	for c in minizinc fzn-gecode; do
		command -v "$c" >/dev/null || die "$c not found"
	done
	minizinc --solvers 2>/dev/null | grep -q 'org.gecode.gecode' ||
		die "minizinc does not list the Gecode solver (package flatzinc)"
fi
want cadical && { command -v cadical >/dev/null || die "cadical not found"; }

work=$(mktemp -d "${TMPDIR:-/tmp}/latin-peers.XXXXXX") || die "mktemp failed"
if [ "${KEEP:-0}" = 1 ]; then
	say "work directory kept: $work"
else
	trap 'rm -rf "$work"' EXIT
fi

# ---- latincnf (encoder, decoder, checker) --------------------------------
if [ -n "${LATINCNF:-}" ]; then
	[ -x "$LATINCNF" ] || die "LATINCNF=$LATINCNF is not executable"
	latincnf=$LATINCNF
else
	command -v go >/dev/null || die "go not found (needed to build bench/latin/latincnf; or set LATINCNF)"
	latincnf=$work/latincnf
	if ! (cd "$root" && go build -o "$latincnf" ./bench/latin/latincnf) 2>"$work/latincnf-build.log"; then
		# The repo module may be mid-edit; latincnf uses only the standard
		# library, so build it as a module of its own.
		mkdir -p "$work/latincnf-src"
		cp "$here/latincnf/main.go" "$work/latincnf-src/"
		printf 'module latincnf\n\ngo 1.21\n' >"$work/latincnf-src/go.mod"
		(cd "$work/latincnf-src" && go build -o "$latincnf" .) 2>>"$work/latincnf-build.log" ||
			{ cat "$work/latincnf-build.log" >&2; die "could not build latincnf"; }
	fi
fi

# ---- our solver -------------------------------------------------------------
csp=${CSP:-}
csp_note=""
if [ -n "$csp" ]; then
	[ -x "$csp" ] || { csp_note="CSP=$csp is not executable"; csp=""; }
elif command -v go >/dev/null && [ -d "$root/cmd/csp" ]; then
	say "building our solver: go build -o /tmp/csp ./cmd/csp"
	if (cd "$root" && go build -o /tmp/csp ./cmd/csp) 2>"$work/csp-build.log"; then
		csp=/tmp/csp
	else
		csp_note="go build ./cmd/csp failed: $(head -n 3 "$work/csp-build.log" | tr '\n' ' ')"
	fi
else
	csp_note="no go toolchain or no cmd/csp"
fi
[ -n "$csp_note" ] && say "our solver: n/a ($csp_note)"

# ---- instances ----------------------------------------------------------------
if (($# > 0)); then
	instances=("$@")
else
	data=${DATA:-}
	if [ -z "$data" ]; then
		for d in /work/shared/data/latin/generated "$root/../shared/data/latin/generated"; do
			[ -d "$d" ] && { data=$d; break; }
		done
	fi
	if [ -z "$data" ] || [ ! -d "$data" ]; then
		die "no instance directory (set DATA or give files)"
	fi
	instances=()
	for f in "$data"/*-o30-*.txt "$data"/*-o35-*.txt; do
		[ -e "$f" ] || continue
		b=$(basename "$f")
		case $b in
		bqwh-* | *-h0312-* | *-h0396-*) instances+=("$f") ;;
		esac
	done
fi
((${#instances[@]})) || die "no instances"
for f in "${instances[@]}"; do
	[ -r "$f" ] || die "cannot read $f"
done

now_ns() { date +%s%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }'; }

# check INSTANCE SOLUTION: prints ok / WRONG / none (no square in a JSON answer)
check() {
	local msg rc
	msg=$("$latincnf" -check "$1" "$2" 2>&1)
	rc=$?
	case $rc in
	0) echo ok ;;
	3) echo none ;;
	*) say "  check failed: $msg"; echo WRONG ;;
	esac
}

# Each run_* sets $cell (table text) and $val (seconds for the median, the
# limit for anything not solved; empty when the column does not apply).
run_ours() {
	local f=$1 name=$2 t0 t1 rc el st verdict
	if [ -z "$csp" ]; then
		cell="n/a"; val=""; return
	fi
	t0=$(now_ns)
	# shellcheck disable=SC2086 # OURS_FLAGS is a list of flags
	timeout -k 5 $(((ours_ms + 999) / 1000 + grace)) "$csp" solve latin "$f" $OURS_FLAGS \
		--timeout "$TIMEOUT" --json >"$work/$name.ours.json" 2>"$work/$name.ours.err"
	rc=$?
	t1=$(now_ns)
	el=$(secs "$t0" "$t1")
	val=$(awk -v l="$ours_ms" 'BEGIN { printf "%.3f\n", l / 1000 }')
	if ((rc == 124 || rc == 137)); then
		cell="timeout"; say "  ours: killed after ${el}s"; return
	fi
	verdict=$(check "$f" "$work/$name.ours.json")
	st=$(grep -Eio '"(status|result)"[[:space:]]*:[[:space:]]*"[^"]*"' "$work/$name.ours.json" | head -n 1 |
		sed -E 's/.*:[[:space:]]*"([^"]*)"/\1/')
	case $verdict in
	ok) cell=$el; val=$el ;;
	WRONG) cell="WRONG" ;;
	*)
		if grep -Eqi 'unsat|infeasible|no solution' <<<"$st"; then
			cell="UNSAT?" # the instances have a planted solution
		elif grep -Eqi 'timeout|time.?limit|unknown|limit' <<<"$st"; then
			cell="timeout"
		elif grep -Eqi 'solved|sat|found|solution' <<<"$st"; then
			cell="unchecked"
			say "  ours: status \"$st\" but no ${name} square found in its JSON output"
		elif ((rc != 0)); then
			cell="err"
			say "  ours: exit $rc: $(head -c 300 "$work/$name.ours.err" | tr '\n' ' ')"
		elif awk -v e="$el" -v l="$ours_ms" 'BEGIN { exit !(e * 1000 >= l) }'; then
			cell="timeout"
		else
			cell="no answer"
			say "  ours: exit 0 after ${el}s with no square and no status in its JSON output"
		fi
		;;
	esac
}

run_gecode() {
	local f=$1 name=$2 t0 t1 rc el out
	val=$(awk -v l="$gecode_ms" 'BEGIN { printf "%.3f\n", l / 1000 }')
	"$latincnf" -dzn "$f" >"$work/$name.dzn" || { cell="err"; return; }
	out=$work/$name.gecode.out
	t0=$(now_ns)
	timeout -k 5 $(((gecode_ms + 999) / 1000 + grace)) minizinc --solver gecode --time-limit "$gecode_ms" \
		"$here/latin.mzn" "$work/$name.dzn" >"$out" 2>"$work/$name.gecode.err"
	rc=$?
	t1=$(now_ns)
	el=$(secs "$t0" "$t1")
	if grep -qx -- '----------' "$out"; then
		sed -n '1,/^----------$/p' "$out" | sed '$d' >"$work/$name.gecode.sol"
		case $(check "$f" "$work/$name.gecode.sol") in
		ok) cell=$el; val=$el ;;
		*) cell="WRONG" ;;
		esac
	elif grep -qx -- '=====UNSATISFIABLE=====' "$out"; then
		cell="UNSAT?"
	elif grep -qx -- '=====UNKNOWN=====' "$out" || ((rc == 124 || rc == 137)); then
		cell="timeout"
	elif ((rc == 0)) && [ ! -s "$out" ]; then
		cell="timeout" # time limit hit with nothing printed
	else
		cell="err"
		say "  gecode: exit $rc: $(grep -v '^Warning\|^$\|overrides a global' "$work/$name.gecode.err" | head -c 300 | tr '\n' ' ')"
	fi
}

enc_max=0
run_cadical() {
	local f=$1 name=$2 t0 t1 rc el out e0 e1
	val=$(awk -v l="$sat_ms" 'BEGIN { printf "%.3f\n", l / 1000 }')
	e0=$(now_ns)
	"$latincnf" "$f" >"$work/$name.cnf" || { cell="err"; return; }
	e1=$(now_ns)
	enc_max=$(awk -v m="$enc_max" -v e="$(secs "$e0" "$e1")" 'BEGIN { print (e > m ? e : m) }')
	out=$work/$name.cadical.out
	t0=$(now_ns)
	timeout -k 5 $((sat_s + grace)) cadical -q -t "$sat_s" "$work/$name.cnf" >"$out" 2>"$work/$name.cadical.err"
	rc=$?
	t1=$(now_ns)
	el=$(secs "$t0" "$t1")
	case $rc in
	10)
		if "$latincnf" -decode "$out" >"$work/$name.cadical.sol" 2>"$work/$name.decode.err" &&
			[ "$(check "$f" "$work/$name.cadical.sol")" = ok ]; then
			cell=$el; val=$el
		else
			cell="WRONG"
			say "  cadical: $(cat "$work/$name.decode.err")"
		fi
		;;
	20) cell="UNSAT?" ;;
	0 | 124 | 137) cell="timeout" ;;
	*)
		cell="err"
		say "  cadical: exit $rc: $(head -c 300 "$work/$name.cadical.err" | tr '\n' ' ')"
		;;
	esac
	# keep the work directory small: a 35x35 CNF is ~35 MB
	[ "${KEEP:-0}" = 1 ] || rm -f "$work/$name.cnf"
}

# ---- run ----------------------------------------------------------------------
rows=()
ours_vals=() gecode_vals=() sat_vals=()
ours_ok=0 gecode_ok=0 sat_ok=0
is_time() { [[ $1 =~ ^[0-9]+\.[0-9]+$ ]]; }
total=${#instances[@]}
i=0
for f in "${instances[@]}"; do
	i=$((i + 1))
	name=$(basename "$f" .txt)
	say "[$i/$total] $name"

	c_ours="" c_gecode="" c_sat=""
	if want ours; then
		run_ours "$f" "$name"
		c_ours=$cell
		[ -n "$val" ] && ours_vals+=("$val")
		is_time "$cell" && ours_ok=$((ours_ok + 1))
	fi
	if want gecode; then
		run_gecode "$f" "$name"
		c_gecode=$cell
		[ -n "$val" ] && gecode_vals+=("$val")
		is_time "$cell" && gecode_ok=$((gecode_ok + 1))
	fi
	if want cadical; then
		run_cadical "$f" "$name"
		c_sat=$cell
		[ -n "$val" ] && sat_vals+=("$val")
		is_time "$cell" && sat_ok=$((sat_ok + 1))
	fi

	say "  ours ${c_ours:--} | gecode ${c_gecode:--} | cadical ${c_sat:--}"
	row="$name"
	want ours && row+=$'\t'$c_ours
	want gecode && row+=$'\t'$c_gecode
	want cadical && row+=$'\t'$c_sat
	rows+=("$row")
done
if [ "${ROWS:-0}" = 1 ]; then
	printf '%s\n' "${rows[@]}"
	exit 0
fi

median() {
	(($# == 0)) && { echo "n/a"; return; }
	printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END {
		if (NR % 2) m = a[(NR + 1) / 2]; else m = (a[NR / 2] + a[NR / 2 + 1]) / 2
		printf "%.3f\n", m }'
}
summary() { # solved vals...
	local solved=$1
	shift
	if (($# == 0)); then echo "n/a"; else echo "$solved/$total solved, median $(median "$@")"; fi
}

cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
mzn_v=$(minizinc --version 2>/dev/null | awk '/version/ { print $NF; exit }')
gecode_v=$(minizinc --solvers 2>/dev/null | awk '/org.gecode.gecode/ { print $2; exit }')
sat_v=$(cadical --version 2>/dev/null)
# Debian's 1.5.3 reports its version as "sc2021": name the package too.
sat_pkg=$(dpkg-query -W -f '${Version}' cadical 2>/dev/null)

head="| instance |" rule="|---|" foot="| **solved, median** |"
want ours && { head+=" ours (s) |"; rule+="---:|"; foot+=" $(summary "$ours_ok" "${ours_vals[@]}") |"; }
want gecode && { head+=" Gecode (s) |"; rule+="---:|"; foot+=" $(summary "$gecode_ok" "${gecode_vals[@]}") |"; }
want cadical && { head+=" CaDiCaL (s) |"; rule+="---:|"; foot+=" $(summary "$sat_ok" "${sat_vals[@]}") |"; }
echo "$head"
echo "$rule"
for r in "${rows[@]}"; do
	echo "| ${r//$'\t'/ | } |"
done
echo "$foot"
echo
echo "Wall-clock seconds per solver process, measured by bench/latin/peers.sh on $(nproc) cores${cpu:+ ($cpu)}, one run at a time."
echo "Limits: ours --timeout $TIMEOUT; Gecode $GECODE_TIMEOUT (minizinc --time-limit, flattening included); CaDiCaL ${sat_s}s (-t)."
echo "Medians are over all $total instances, counting every unsolved instance (timeout, err, WRONG) as its column's time limit."
echo "Every solved answer was checked: a Latin square of the right order that keeps every given (latincnf -check)."
if [ -n "$csp" ]; then
	echo "ours: $csp solve latin FILE${OURS_FLAGS:+ $OURS_FLAGS} --timeout $TIMEOUT --json"
else
	echo "ours: n/a ($csp_note)"
fi
echo "Gecode: MiniZinc ${mzn_v:-?}, Gecode ${gecode_v:-?}, bench/latin/latin.mzn (all_different_int :: domain, dom_w_deg, indomain_min, restart_luby(100))."
echo "CaDiCaL: ${sat_v:-?}${sat_pkg:+ (Debian package $sat_pkg)}, direct encoding from bench/latin/latincnf (pairwise at-most-one, cell/row/column); writing the CNF (max ${enc_max}s) is not counted."
