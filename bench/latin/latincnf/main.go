// Command latincnf is the SAT side of the Latin-square completion peer
// comparison (bench/latin/peers.sh). It depends on the standard library only.
//
// Modes:
//
//	latincnf [INSTANCE]               write the DIMACS CNF of INSTANCE
//	latincnf -dzn [INSTANCE]          write INSTANCE as MiniZinc data for latin.mzn
//	latincnf -decode [-n N] [MODEL]   turn a SAT solver's "v ..." lines into a square
//	latincnf -check INSTANCE SOLUTION verify SOLUTION is a Latin square extending INSTANCE
//
// A missing path or "-" means standard input. An instance is the order N, then
// N rows of N integers, 0 for a hole; a solution has the same format without
// holes. For -check, SOLUTION may also be a JSON document (as printed by a
// solver's --json output): the first N x N array of numbers in it, or flat
// array of N*N numbers, or string of N*N numbers (optionally preceded by N) is
// taken as the square.
//
// Encoding (direct): variable x(r,c,v) is true when cell (r,c) holds symbol
// v+1, numbered r*N*N + c*N + v + 1 with r, c, v counted from 0. Clauses: each
// cell takes at least one and at most one symbol (pairwise), each row and each
// column holds each symbol at least once and at most once (pairwise), and one
// unit clause per given. That is 3*N*N at-least-one clauses,
// 3*N*N*N*(N-1)/2 binary clauses and one unit per given.
//
// -check exits with status 1 and names the first fault when the solution is
// not a valid completion, with status 3 when the solution is empty or a JSON
// solution holds no square of the instance's order; any other error exits
// with status 2.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// maxOrder bounds N: the CNF has about 1.5*N^4 clauses, so anything near this
// is already far too large to be useful, but it keeps every index in an int32.
const maxOrder = 255

// errInvalid marks a solution that parses but is not a valid completion.
var errInvalid = errors.New("invalid solution")

// errNoSquare marks a JSON solution document that holds no square.
var errNoSquare = errors.New("no square found")

func main() {
	err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	switch {
	case err == nil:
		os.Exit(0)
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	case errors.Is(err, errInvalid):
		fmt.Fprintln(os.Stderr, "latincnf:", err)
		os.Exit(1)
	case errors.Is(err, errNoSquare):
		fmt.Fprintln(os.Stderr, "latincnf:", err)
		os.Exit(3)
	default:
		fmt.Fprintln(os.Stderr, "latincnf:", err)
		os.Exit(2)
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("latincnf", flag.ContinueOnError)
	fs.SetOutput(stderr)
	decode := fs.Bool("decode", false, "read a SAT model (\"v ...\" lines) and print the filled square")
	check := fs.Bool("check", false, "verify SOLUTION is a Latin square extending INSTANCE (args: INSTANCE SOLUTION)")
	dzn := fs.Bool("dzn", false, "write the instance as MiniZinc data (n, givens)")
	order := fs.Int("n", 0, "order for -decode (default: cube root of the largest variable)")
	fs.Usage = func() {
		if _, err := fmt.Fprintln(stderr, "usage: latincnf [INSTANCE]  |  -dzn [INSTANCE]  |  -decode [-n N] [MODEL]  |  -check INSTANCE SOLUTION"); err != nil {
			return // standard error is gone: nothing more can be said
		}
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	modes := 0
	for _, b := range []bool{*decode, *check, *dzn} {
		if b {
			modes++
		}
	}
	if modes > 1 {
		return errors.New("choose at most one of -decode, -check, -dzn")
	}
	rest := fs.Args()

	out := bufio.NewWriterSize(stdout, 1<<20)
	var err error
	switch {
	case *check:
		if len(rest) != 2 {
			return errors.New("-check needs INSTANCE and SOLUTION")
		}
		err = runCheck(rest[0], rest[1], stdin, out)
	case *decode:
		if len(rest) > 1 {
			return errors.New("-decode takes at most one MODEL file")
		}
		err = runDecode(pathArg(rest), *order, stdin, out)
	default:
		if len(rest) > 1 {
			return errors.New("give at most one INSTANCE file")
		}
		var g *grid
		g, err = readGridFile(pathArg(rest), stdin)
		if err == nil {
			if *dzn {
				err = writeDZN(out, g)
			} else {
				err = writeCNF(out, g)
			}
		}
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

func pathArg(rest []string) string {
	if len(rest) == 0 {
		return "-"
	}
	return rest[0]
}

// grid is a square of order n; cell (r,c) is at cells[r*n+c], 0 for a hole.
type grid struct {
	n     int
	cells []int
}

// openArg opens path for reading ("-": stdin) and returns the function that
// closes it. Its callers return that function's error when nothing else went
// wrong: a file that does not close cleanly is not trusted to have been read
// whole.
func openArg(path string, stdin io.Reader) (io.Reader, func() error, error) {
	if path == "-" {
		return stdin, func() error { return nil }, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}

func readGridFile(path string, stdin io.Reader) (_ *grid, err error) {
	r, done, err := openArg(path, stdin)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := done(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	g, err := readGrid(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", displayName(path), err)
	}
	return g, nil
}

func displayName(path string) string {
	if path == "-" {
		return "<stdin>"
	}
	return path
}

// readGrid parses "N" then N*N integers in 0..N, with line numbers in errors.
// Rows are expected one per line, but only the count of numbers is enforced.
func readGrid(r io.Reader) (*grid, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	g := &grid{}
	line := 0
	need := -1
	for sc.Scan() {
		line++
		for _, f := range strings.Fields(sc.Text()) {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("line %d: %q is not an integer", line, f)
			}
			if need < 0 {
				if v < 1 || v > maxOrder {
					return nil, fmt.Errorf("line %d: order %d out of range 1..%d", line, v, maxOrder)
				}
				g.n = v
				need = v * v
				g.cells = make([]int, 0, need)
				continue
			}
			if len(g.cells) == need {
				return nil, fmt.Errorf("line %d: more than %d cells", line, need)
			}
			if v < 0 || v > g.n {
				return nil, fmt.Errorf("line %d: value %d out of range 0..%d", line, v, g.n)
			}
			g.cells = append(g.cells, v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if need < 0 {
		return nil, errors.New("empty input, expected the order N")
	}
	if len(g.cells) != need {
		return nil, fmt.Errorf("got %d cells, want %d (order %d)", len(g.cells), need, g.n)
	}
	return g, nil
}

func writeGrid(w io.Writer, g *grid) error {
	var buf []byte
	buf = strconv.AppendInt(buf, int64(g.n), 10)
	buf = append(buf, '\n')
	for r := 0; r < g.n; r++ {
		for c := 0; c < g.n; c++ {
			if c > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendInt(buf, int64(g.cells[r*g.n+c]), 10)
		}
		buf = append(buf, '\n')
	}
	_, err := w.Write(buf)
	return err
}

// writeDZN writes the data file read by latin.mzn.
func writeDZN(w io.Writer, g *grid) error {
	buf := fmt.Appendf(nil, "n = %d;\ngivens = [|", g.n)
	for r := 0; r < g.n; r++ {
		if r > 0 {
			buf = append(buf, "\n  |"...)
		}
		for c := 0; c < g.n; c++ {
			if c > 0 {
				buf = append(buf, ',')
			}
			buf = strconv.AppendInt(buf, int64(g.cells[r*g.n+c]), 10)
		}
	}
	buf = append(buf, "|];\n"...)
	_, err := w.Write(buf)
	return err
}

// cnf accumulates DIMACS clauses in a byte buffer, written out in blocks;
// the first write error is kept and ends the writing.
type cnf struct {
	w   io.Writer
	buf []byte
	err error
}

// flush writes the buffer out, unless a write failed before.
func (f *cnf) flush() {
	if f.err == nil {
		_, f.err = f.w.Write(f.buf)
	}
	f.buf = f.buf[:0]
}

func (f *cnf) clause(lits ...int) {
	for _, l := range lits {
		f.buf = strconv.AppendInt(f.buf, int64(l), 10)
		f.buf = append(f.buf, ' ')
	}
	f.buf = append(f.buf, '0', '\n')
	if len(f.buf) > 1<<16 {
		f.flush()
	}
}

// exactlyOne emits the at-least-one clause over lits and the pairwise
// at-most-one clauses.
func (f *cnf) exactlyOne(lits []int) {
	f.clause(lits...)
	for i := range lits {
		for j := i + 1; j < len(lits); j++ {
			f.clause(-lits[i], -lits[j])
		}
	}
}

func writeCNF(w io.Writer, g *grid) error {
	n := g.n
	x := func(r, c, v int) int { return r*n*n + c*n + v + 1 }
	givens := 0
	for _, v := range g.cells {
		if v != 0 {
			givens++
		}
	}
	nvars := n * n * n
	nclauses := 3*n*n + 3*n*n*(n*(n-1)/2) + givens
	f := &cnf{w: w}
	f.buf = fmt.Appendf(f.buf, "c Latin-square completion, order %d, %d givens, %d holes\n", n, givens, n*n-givens)
	f.buf = fmt.Appendf(f.buf, "c direct encoding: x(r,c,v) = r*%d + c*%d + v + 1 (0-based r,c,v; symbol v+1)\n", n*n, n)
	f.buf = fmt.Appendf(f.buf, "p cnf %d %d\n", nvars, nclauses)
	lits := make([]int, n)
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			// cell (a,b) holds exactly one symbol
			for k := 0; k < n; k++ {
				lits[k] = x(a, b, k)
			}
			f.exactlyOne(lits)
			// row a holds symbol b exactly once
			for k := 0; k < n; k++ {
				lits[k] = x(a, k, b)
			}
			f.exactlyOne(lits)
			// column a holds symbol b exactly once
			for k := 0; k < n; k++ {
				lits[k] = x(k, a, b)
			}
			f.exactlyOne(lits)
		}
	}
	for i, v := range g.cells {
		if v != 0 {
			f.clause(x(i/n, i%n, v-1))
		}
	}
	f.flush()
	return f.err
}

// runDecode reads a SAT solver's output in the competition format ("s ..."
// and "v ..." lines; other lines are ignored) and prints the square.
func runDecode(path string, n int, stdin io.Reader, w io.Writer) (err error) {
	r, done, err := openArg(path, stdin)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := done(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
	var trueVars []int
	maxVar := 0
	status := ""
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		switch {
		case strings.HasPrefix(t, "s "):
			status = strings.TrimSpace(t[2:])
		case strings.HasPrefix(t, "v ") || t == "v":
			for _, f := range strings.Fields(t[1:]) {
				l, err := strconv.Atoi(f)
				if err != nil {
					return fmt.Errorf("%s: line %d: bad literal %q", displayName(path), line, f)
				}
				if l == 0 {
					continue
				}
				v := l
				if v < 0 {
					v = -v
				}
				if v > maxVar {
					maxVar = v
				}
				if l > 0 {
					trueVars = append(trueVars, l)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if status != "" && status != "SATISFIABLE" {
		return fmt.Errorf("%s: solver says %q, no model to decode", displayName(path), status)
	}
	if maxVar == 0 {
		return fmt.Errorf("%s: no \"v\" lines found", displayName(path))
	}
	if n == 0 {
		for n = 1; n*n*n < maxVar; n++ {
		}
		if n*n*n != maxVar {
			return fmt.Errorf("largest variable %d is not a cube; give the order with -n", maxVar)
		}
	}
	if n < 1 || n > maxOrder {
		return fmt.Errorf("order %d out of range 1..%d", n, maxOrder)
	}
	g := &grid{n: n, cells: make([]int, n*n)}
	for _, v := range trueVars {
		v--
		if v >= n*n*n {
			continue // auxiliary variable of some other encoding: ignore
		}
		cell, sym := v/n, v%n+1
		if g.cells[cell] != 0 {
			return fmt.Errorf("cell (%d,%d) is true for symbols %d and %d", cell/n+1, cell%n+1, g.cells[cell], sym)
		}
		g.cells[cell] = sym
	}
	for i, v := range g.cells {
		if v == 0 {
			return fmt.Errorf("cell (%d,%d) has no true symbol", i/n+1, i%n+1)
		}
	}
	return writeGrid(w, g)
}

// runCheck verifies, independently of the encoding, that sol is a Latin
// square of the same order as inst that keeps every given of inst.
func runCheck(instPath, solPath string, stdin io.Reader, w io.Writer) error {
	inst, err := readGridFile(instPath, stdin)
	if err != nil {
		return err
	}
	sol, err := readSolution(solPath, inst.n, stdin)
	if err != nil {
		return err
	}
	if err := verify(inst, sol); err != nil {
		return fmt.Errorf("%w: %s: %v", errInvalid, displayName(solPath), err)
	}
	_, err = fmt.Fprintf(w, "ok: order %d Latin square extending %d givens\n", inst.n, countGivens(inst))
	return err
}

// readSolution reads a square in the instance format, or finds one of order n
// in a JSON document.
func readSolution(path string, n int, stdin io.Reader) (*grid, error) {
	r, done, err := openArg(path, stdin)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(r)
	if cerr := done(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("%w: %s is empty", errNoSquare, displayName(path))
	}
	if trimmed[0] == '{' || trimmed[0] == '[' {
		var doc any
		if err := json.Unmarshal(trimmed, &doc); err != nil {
			return nil, fmt.Errorf("%w: %s: bad JSON: %v", errInvalid, displayName(path), err)
		}
		if g := findSquare(doc, n); g != nil {
			return g, nil
		}
		return nil, fmt.Errorf("%w: %s: no %dx%d square in the JSON document", errNoSquare, displayName(path), n, n)
	}
	g, err := readGrid(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", errInvalid, displayName(path), err)
	}
	return g, nil
}

// findSquare walks a decoded JSON value depth first and returns the first
// square of order n: an array of n arrays of n integers, a flat array of n*n
// integers, or a string of n*n integers (optionally preceded by n).
func findSquare(v any, n int) *grid {
	switch t := v.(type) {
	case []any:
		if g := squareFromArray(t, n); g != nil {
			return g
		}
		for _, e := range t {
			if g := findSquare(e, n); g != nil {
				return g
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys) // deterministic, whatever the key order
		for _, k := range keys {
			if g := findSquare(t[k], n); g != nil {
				return g
			}
		}
	case string:
		if g, err := readGrid(strings.NewReader(t)); err == nil && g.n == n {
			return g
		}
		if g, err := readGrid(strings.NewReader(strconv.Itoa(n) + "\n" + t)); err == nil {
			return g
		}
	}
	return nil
}

func squareFromArray(a []any, n int) *grid {
	num := func(e any) (int, bool) {
		f, ok := e.(float64)
		if !ok || f != float64(int(f)) {
			return 0, false
		}
		return int(f), true
	}
	g := &grid{n: n, cells: make([]int, 0, n*n)}
	switch len(a) {
	case n:
		for _, row := range a {
			ra, ok := row.([]any)
			if !ok || len(ra) != n {
				return nil
			}
			for _, e := range ra {
				v, ok := num(e)
				if !ok {
					return nil
				}
				g.cells = append(g.cells, v)
			}
		}
	case n * n:
		for _, e := range a {
			v, ok := num(e)
			if !ok {
				return nil
			}
			g.cells = append(g.cells, v)
		}
	default:
		return nil
	}
	return g
}

func countGivens(g *grid) int {
	k := 0
	for _, v := range g.cells {
		if v != 0 {
			k++
		}
	}
	return k
}

func verify(inst, sol *grid) error {
	n := inst.n
	if sol.n != n {
		return fmt.Errorf("order %d, instance has order %d", sol.n, n)
	}
	for i, v := range sol.cells {
		if v < 1 || v > n {
			return fmt.Errorf("cell (%d,%d) = %d, want 1..%d", i/n+1, i%n+1, v, n)
		}
		if g := inst.cells[i]; g != 0 && g != v {
			return fmt.Errorf("cell (%d,%d) = %d, but the given is %d", i/n+1, i%n+1, v, g)
		}
	}
	seen := make([]int, n+1) // seen[v] = 1 + index of the line that last held v
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := sol.cells[r*n+c]
			if seen[v] == r+1 {
				return fmt.Errorf("row %d holds %d twice", r+1, v)
			}
			seen[v] = r + 1
		}
	}
	clear(seen)
	for c := 0; c < n; c++ {
		for r := 0; r < n; r++ {
			v := sol.cells[r*n+c]
			if seen[v] == c+1 {
				return fmt.Errorf("column %d holds %d twice", c+1, v)
			}
			seen[v] = c + 1
		}
	}
	return nil
}
