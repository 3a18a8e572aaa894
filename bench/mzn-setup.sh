# bench/mzn-setup.sh, sourced by the MiniZinc bench scripts (from the
# repository's root, after their options are read): a scratch directory
# $work removed at exit, csp built into it as $work/csp with its solver
# configuration installed in $work/solvers (csp.msc), and models, the
# .mzn files the arguments name (a directory: every *.mzn in it with a
# solve item).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/csp" ./cmd/csp
"$work/csp" fzn --install "$work/solvers" >/dev/null

models=()
for arg in "$@"; do
	if [ -d "$arg" ]; then
		for m in "$arg"/*.mzn; do
			# a file without a solve item is a library (csp_windows.mzn)
			if grep -q '^[[:space:]]*solve\b' "$m"; then models+=("$m"); fi
		done
	else
		models+=("$arg")
	fi
done
