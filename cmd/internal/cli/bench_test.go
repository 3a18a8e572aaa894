package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/cmd/internal/clitest"
	"github.com/cspgo/csp/internal/benchrec"
)

// tiny is the bench tests' suite: a few instances of each problem.
var tiny = []string{"testdata/bench/sudoku.txt", "testdata/bench/towers.txt", "latin:testdata/bench/latin.txt"}

func TestBenchWritesTableCSVJSONAndPlot(t *testing.T) {
	dir := t.TempDir()
	csvPath, jsonPath, svgPath := filepath.Join(dir, "b.csv"), filepath.Join(dir, "b.json"), filepath.Join(dir, "b.svg")
	args := append([]string{"bench", "--alldiff", "hidden,gac", "--var", "mindom,domwdeg", "--repeat", "2",
		"--csv", csvPath, "--json", jsonPath, "--plot", svgPath}, tiny...)
	withPlotter(t)
	r := runCSP(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)

	// The table: one line per configuration, and the paired ratios.
	for _, want := range []string{"testdata/bench/sudoku.txt (sudoku, 5)", "testdata/bench/towers.txt (skyscraper, 8)",
		"testdata/bench/latin.txt (latin, 1)", "alldiff=hidden var=mindom", "alldiff=gac var=domwdeg",
		`paired time ratio against "alldiff=hidden var=mindom"`} {
		assert.Contains(t, r.stdout, want)
	}
	assert.Equal(t, 4, strings.Count(r.stdout, " 14/14 "), "4 configurations, each solving all 14:\n%s", r.stdout)

	// CSV: a header and 4 x 14 rows that parse.
	f, err := os.Open(csvPath)
	require.NoError(t, err)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	require.NoError(t, err)
	require.Len(t, rows, 1+4*14)
	assert.Equal(t, []string{"config", "problem", "file", "instance", "line", "status", "time", "nodes", "failures",
		"propagations", "peakDepth", "restarts", "solutions", "error", "objective", "optimal"}, rows[0])

	// NDJSON: one record per run, MiniZinc's statistic names.
	data, err := os.ReadFile(jsonPath)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 4*14)
	var rec map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &rec))
	for _, k := range []string{"config", "settings", "problem", "file", "instance", "status", "time", "nodes", "failures",
		"propagations", "peakDepth", "restarts", "solutions", "propagators"} {
		assert.Contains(t, rec, k)
	}
	kinds := rec["propagators"].([]any)
	assert.Contains(t, kinds[0], "runs")

	// The plot is well-formed SVG with both charts.
	svg, err := os.ReadFile(svgPath)
	require.NoError(t, err)
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG must parse as XML")
	}
	assert.Contains(t, string(svg), "Instances solved against time")
	assert.Contains(t, string(svg), "Propagator runs by kind")
}

func TestBenchBadInput(t *testing.T) {
	// Unknown names in the matrix: a usage error naming the value.
	r := runCSP(t, "", "bench", "--alldiff", "hidden,strong", tiny[0])
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `invalid value "hidden,strong" for flag -alldiff: "strong" is not one of value, hidden, gac or auto`)
	// A model that no problem benchmarked has: a usage error listing theirs
	// (one another problem has is ignored where it does not apply).
	r = runCSP(t, "", "bench", "--model", "channeled,bogus", "kakuro")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "--model channeled is a model of none of the problems benchmarked (kakuro: distinctsum, split)")
	r = runCSP(t, "", "bench", "--model", "rowcol", "fzn:../../../problems/flatzinc/testdata/queens_opt.fzn")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "--model rowcol: the inputs are FlatZinc models")
	r = runCSP(t, "", "bench", "--var", "fastest", tiny[0])
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `invalid value "fastest" for flag -var: want input, mindom, domwdeg, maxsd, activity, literal or annotated`)
	r = runCSP(t, "", "bench", "--visibility", "psychic", tiny[0])
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `"psychic"`)

	// A missing file and an instance that does not parse: named, the rest
	// runs, and the summary counts them.
	r = runCSP(t, "", "bench", "testdata/bench/no-such-file.txt", "testdata/bench/bad-sudoku.txt", tiny[0])
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "testdata/bench/no-such-file.txt")
	assert.Contains(t, r.stdout, "1 file could not be read")
	assert.Regexp(t, `default\s+6/7\s+0\s+0\s+1\s`, r.stdout, "6 of 7 sudoku solved, 1 error:\n%s", r.stdout)
	assert.Contains(t, r.stderr, "testdata/bench/bad-sudoku.txt: instance 2, line 2, field 81: sudoku: bad symbol", "why the error")

	// Two instances whose models cannot be built (a product cage of 65
	// cells): each named with its number, once, warm-up or not.
	var cages []string
	cells := make([]string, 65)
	for i := range cells {
		cells[i] = fmt.Sprintf("[%d,%d]", i/9, i%9)
	}
	cages = append(cages, `{"cells":[`+strings.Join(cells, ",")+`],"op":"*","target":1}`)
	for i := 65; i < 81; i++ {
		cages = append(cages, fmt.Sprintf(`{"cells":[[%d,%d]],"target":%d}`, i/9, i%9, 1+i%9))
	}
	puzzle := `{"size":9,"cages":[` + strings.Join(cages, ",") + "]}\n"
	file := filepath.Join(t.TempDir(), "big.txt")
	require.NoError(t, os.WriteFile(file, []byte(puzzle+puzzle), 0o644))
	r = runCSP(t, "", "bench", file)
	assert.Equal(t, 1, r.code)
	for _, n := range []string{"1", "2"} {
		assert.Equal(t, 1, strings.Count(r.stderr, "big.txt: instance "+n+" (line "+n+"): kenken: cage too large"), "instance %s once:\n%s", n, r.stderr)
	}
}

func TestBenchNamedSuiteAndShuffle(t *testing.T) {
	a := runCSP(t, "", "bench", "--json", filepath.Join(t.TempDir(), "a.json"), "--shuffle", "3", "--warmup=false", "sudoku")
	require.Equal(t, 0, a.code, a.stderr)
	assert.Contains(t, a.stdout, "suite/sudoku.txt (sudoku, 300)")
	assert.Contains(t, a.stdout, "300/300")
}

// TestBenchSearchSwitches: --nogoods, --last-conflict and --restart-base
// are dimensions of the matrix too, and reach the search: on two 9×9
// unreasonable Towers puzzles restarting after every failure, nogoods
// change the guesses.
func TestBenchSearchSwitches(t *testing.T) {
	f, err := os.ReadFile("../../../problems/skyscraper/testdata/tatham-9du-100.txt")
	require.NoError(t, err)
	var two []string
	for _, l := range strings.Split(string(f), "\n") {
		if l != "" && l[0] != '#' && len(two) < 2 {
			two = append(two, l)
		}
	}
	path := filepath.Join(t.TempDir(), "two.txt")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(two, "\n")+"\n"), 0o644))
	r := runCSP(t, "", "bench", "--nogoods", "true,false", "--last-conflict", "true", "--restart-base", "1", path)
	require.Equal(t, 0, r.code, r.stderr)
	guesses := map[string]string{}
	for _, line := range strings.Split(r.stdout, "\n") {
		for _, label := range []string{"nogoods=true last-conflict=true restart-base=1", "nogoods=false last-conflict=true restart-base=1"} {
			if strings.HasPrefix(line, label+" ") {
				fields := strings.Fields(line)
				guesses[label] = fields[len(fields)-2]
			}
		}
	}
	require.Len(t, guesses, 2, r.stdout)
	assert.NotEqual(t, guesses["nogoods=true last-conflict=true restart-base=1"], guesses["nogoods=false last-conflict=true restart-base=1"])
	// - is standard output, after the table.
	out := runCSP(t, "", "bench", "--csv", "-", "testdata/bench/towers.txt")
	require.Equal(t, 0, out.code, out.stderr)
	assert.Regexp(t, `(?s)configuration .*\n.*default,skyscraper,testdata/bench/towers.txt,1,`, out.stdout)
	_, err = os.Stat("-")
	assert.True(t, os.IsNotExist(err), "no file named -")
	bad := runCSP(t, "", "bench", "--nogoods", "maybe", "testdata/bench/towers.txt")
	assert.Equal(t, 2, bad.code)
	assert.Contains(t, bad.stderr, `invalid value "maybe" for flag -nogoods: want true or false`)
	bad = runCSP(t, "", "bench", "--restart-base", "0", "testdata/bench/towers.txt")
	assert.Equal(t, 2, bad.code)
}

// TestMain lets a test run the command in a process of its own, to send
// it a signal: with CSP_TEST_MAIN set, the test binary is csp, with the
// arguments CSP_TEST_MAIN holds, a JSON list.
func TestMain(m *testing.M) {
	if list, ok := os.LookupEnv("CSP_TEST_MAIN"); ok {
		var args []string
		if err := json.Unmarshal([]byte(list), &args); err != nil {
			fmt.Fprintln(os.Stderr, "CSP_TEST_MAIN:", err)
			os.Exit(3)
		}
		os.Exit(Run(args, os.Stdin, os.Stdout, os.Stderr))
	}
	code := m.Run()
	clitest.Remove()
	os.Exit(code)
}

// TestBenchNeverOverwritesItsInput: the case (a copy of a sample
// benchmarked with --csv naming it), and the same file reached by other
// names, by a link, or as standard input: a usage error before anything
// runs, --force or not, and the input is as it was.
func TestBenchNeverOverwritesItsInput(t *testing.T) {
	sample, err := os.ReadFile("../../../problems/sudoku/testdata/samples/17_clue.txt")
	require.NoError(t, err)
	for _, tc := range []struct {
		name  string
		input string // argument naming the input, in the folder
		out   string // --csv
		stdin bool   // standard input is the file
	}{
		{name: "same name", input: "sudoku:x.txt", out: "x.txt"},
		{name: "problem found", input: "x.txt", out: "x.txt"},
		{name: "other spelling", input: "sudoku:x.txt", out: "./sub/../x.txt"},
		{name: "hard link", input: "sudoku:x.txt", out: "hard.txt"},
		{name: "symbolic link", input: "sudoku:x.txt", out: "soft.txt"},
		{name: "standard input", input: "sudoku:-", out: "x.txt", stdin: true},
	} {
		for _, force := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, force %v", tc.name, force), func(t *testing.T) {
				t.Chdir(t.TempDir())
				require.NoError(t, os.WriteFile("x.txt", sample, 0o644))
				require.NoError(t, os.Mkdir("sub", 0o755))
				require.NoError(t, os.Link("x.txt", "hard.txt"))
				require.NoError(t, os.Symlink("x.txt", "soft.txt"))
				args := []string{"bench", tc.input, "--csv", tc.out}
				if force {
					args = append(args, "--force")
				}
				var stdin io.Reader = strings.NewReader("")
				if tc.stdin {
					f, err := os.Open("x.txt")
					require.NoError(t, err)
					defer f.Close()
					stdin = f
				}
				var out, errOut bytes.Buffer
				code := Run(args, stdin, &out, &errOut)
				assert.Equal(t, 2, code)
				assert.Equal(t, "csp: bench: --csv "+tc.out+": is an input of this run: refusing to overwrite it\nRun 'csp help' for usage.\n", errOut.String())
				assert.Empty(t, out.String(), "nothing ran")
				got, err := os.ReadFile("x.txt")
				require.NoError(t, err)
				assert.Equal(t, sample, got, "the input is untouched")
			})
		}
	}
}

// TestBenchExistingOutput: an existing file is replaced only with --force,
// and refused before anything runs without it.
func TestBenchExistingOutput(t *testing.T) {
	withPlotter(t)
	dir := t.TempDir()
	old := filepath.Join(dir, "old")
	for _, flag := range []string{"--csv", "--json", "--plot"} {
		require.NoError(t, os.WriteFile(old, []byte("old results\n"), 0o644))
		r := runCSP(t, "", "bench", "--warmup=false", flag, old, "sudoku")
		assert.Equal(t, 2, r.code)
		assert.Equal(t, "csp: bench: "+flag+" "+old+": the file exists (--force replaces it)\nRun 'csp help' for usage.\n", r.stderr)
		assert.Empty(t, r.stdout)
		got, err := os.ReadFile(old)
		require.NoError(t, err)
		assert.Equal(t, "old results\n", string(got))

		r = runCSP(t, "", "bench", "--warmup=false", flag, old, "--force", tiny[0])
		if !assert.Equal(t, 0, r.code, r.stderr) {
			continue
		}
		got, err = os.ReadFile(old)
		require.NoError(t, err)
		assert.NotEqual(t, "old results\n", string(got), "replaced")
		assert.Empty(t, temporaries(t, dir))
	}
}

// TestBenchInterruptKeepsOldOutput: Ctrl-C during a run leaves an
// existing output file as it was, and writes the runs done into a new
// one. The command runs in a process of its own (TestMain), which gets a
// real interrupt.
func TestBenchInterruptKeepsOldOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the Latin suite for three seconds")
	}
	if runtime.GOOS == "windows" {
		t.Skip("no interrupt signal to send")
	}
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, "old.csv"), filepath.Join(dir, "new.json")
	require.NoError(t, os.WriteFile(old, []byte("old results\n"), 0o644))
	args, err := json.Marshal([]string{"bench", "--progress=false", "--warmup=false", "--force", "--csv", old, "--json", fresh, "latin"})
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "CSP_TEST_MAIN="+string(args))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Start())
	time.Sleep(3 * time.Second) // the 12 hard squares take longer (one alone hits the 10s limit)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err = cmd.Wait()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "stdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
	require.Equal(t, 1, exit.ExitCode(), "stderr:\n%s", errOut.String())
	assert.Contains(t, out.String(), "suite/latin.txt (latin, 12)")
	assert.Contains(t, errOut.String(), "csp: bench: interrupted: --csv "+old+" left as it was\n")

	got, err := os.ReadFile(old)
	require.NoError(t, err)
	assert.Equal(t, "old results\n", string(got))
	recs, err := os.ReadFile(fresh)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(recs)), "\n")
	assert.Less(t, len(lines), 12, "an interrupted run")
	for _, l := range lines {
		if l != "" {
			var rec benchrec.Record
			assert.NoError(t, json.Unmarshal([]byte(l), &rec))
		}
	}
	assert.Empty(t, temporaries(t, dir))
}

// endless is an input that never ends: line repeated. It counts the
// bytes read.
type endless struct {
	line []byte
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := len(p) - len(p)%len(e.line)
	for i := range n {
		p[i] = e.line[i%len(e.line)]
	}
	e.read += int64(n)
	return n, nil
}

// TestBenchReadBounds: what bench reads is bounded: instances, bytes,
// and malformed instances in a row; an endless input ends in bounded
// memory with a message naming the bound, and the other files run.
func TestBenchReadBounds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string // with testdata/bench/towers.txt (8 instances, 271 bytes), which runs
		first bool     // towers.txt comes first (else last)
		stdin []byte   // standard input: this line, repeated for ever
		want  string   // the message about the file, on stderr
		read  int64    // the most bytes read from standard input
	}{
		{name: "zeros", args: []string{"sudoku:-"}, stdin: []byte{0}, read: 64<<20 + 1,
			want: "csp: bench: standard input: line 1: more than 64 MiB of input in all: stopped reading (--max-bytes raises the bound)\n"},
		{name: "blank lines", args: []string{"sudoku:-", "--max-bytes", "1M"}, stdin: []byte("\n"), read: 1<<20 + 1,
			want: "csp: bench: standard input: line 1048577: more than 1 MiB of input in all: stopped reading (--max-bytes raises the bound)\n"},
		{name: "bad lines", args: []string{"sudoku:-"}, stdin: []byte("x\n"), read: 64 << 10,
			want: "csp: bench: standard input: line 1000: 1000 malformed instances in a row: stopped reading (not a sudoku file?)\n"},
		{name: "zeros, problem not named", args: []string{"-"}, stdin: []byte{0}, read: 1<<20 + 64<<10,
			want: "csp: bench: standard input: no problem reads any instance in its first 1 MiB (name it: PROBLEM:-, PROBLEM one of "},
		{name: "instances", args: []string{"--max-instances", "11", "testdata/bench/sudoku.txt"}, first: true,
			want: "csp: bench: testdata/bench/sudoku.txt: line 4: more than 11 instances in all (--max-instances raises the bound)\n"},
		{name: "instances in all", args: []string{"--max-instances", "15", "testdata/bench/sudoku.txt", "testdata/bench/sudoku.txt"}, first: true,
			want: "csp: bench: testdata/bench/sudoku.txt: line 3: more than 15 instances in all (--max-instances raises the bound)\n"},
		{name: "bytes", args: []string{"--max-bytes", "671", "testdata/bench/sudoku.txt"}, first: true,
			want: "csp: bench: testdata/bench/sudoku.txt: more than 671 bytes of input in all: stopped reading (--max-bytes raises the bound)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdin io.Reader = strings.NewReader("")
			in := &endless{line: tc.stdin}
			if tc.stdin != nil {
				stdin = in
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			var out, errOut bytes.Buffer
			args := append([]string{"bench", "--warmup=false", "--progress=false"}, tc.args...)
			if tc.first {
				args = slices.Insert(args, 3, tiny[1])
			} else {
				args = append(args, tiny[1])
			}
			code := Run(args, stdin, &out, &errOut)
			runtime.ReadMemStats(&after)
			assert.Equal(t, 1, code)
			assert.True(t, strings.HasPrefix(errOut.String(), tc.want), "got:\n%s\nwant:\n%s", errOut.String(), tc.want)
			assert.Contains(t, out.String(), "1 file could not be read", "the other files run")
			assert.Contains(t, out.String(), "towers.txt (skyscraper, 8)")
			assert.LessOrEqual(t, in.read, tc.read, "bytes read from standard input")
			if tc.read > 2<<20 {
				// Nothing is gathered: the allocations of the whole run
				// are a fraction of what it read.
				alloc := after.TotalAlloc - before.TotalAlloc
				t.Logf("allocated %d KiB", alloc>>10)
				assert.Less(t, alloc, uint64(tc.read/4))
			}
		})
	}
}

// TestBenchReadsDevZero: the case, the endless file named.
func TestBenchReadsDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	start := time.Now()
	r := runCSP(t, "", "bench", "sudoku:/dev/zero")
	assert.Equal(t, 1, r.code)
	assert.Equal(t, "csp: bench: /dev/zero: line 1: more than 64 MiB of input in all: stopped reading (--max-bytes raises the bound)\n"+
		"csp: bench: no file could be read: nothing to run\n", r.stderr)
	t.Logf("%v", time.Since(start))
}
