# bench/mzn-setup.sh, sourced by the MiniZinc bench scripts (from the
# repository's root, after their options are read): a scratch directory
# $work removed at exit, csp built into it as $work/csp with its solver
# configuration installed in $work/solvers (csp.msc), and models, the
# .mzn files the arguments name (a directory: every *.mzn in it).
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
