package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cspgo/csp/cmd/internal/cli"
	"github.com/cspgo/csp/problems/catalog"
)

// The workbench in a real browser: headless Chromium, driven over the
// DevTools protocol by chromedp, loads the page from a loopback httptest
// server running the real handler, and the test reads what the page
// draws from its DOM. It skips where no browser is installed, unless
// CSP_REQUIRE_BROWSER is set: .ci/run installs Debian's chromium and sets
// it, so that CI fails rather than skips when the browser is missing.
//
// With CSP_SCREENSHOTS=DIR (relative to the repository's root:
// CSP_SCREENSHOTS=docs/img) it also writes the screenshots
// docs/WORKBENCH.md shows, so they stay true to the page; without it, it
// writes nothing.

// browserPath finds a Chromium: $CSP_BROWSER, else the usual names.
func browserPath() string {
	if p := os.Getenv("CSP_BROWSER"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is one headless Chromium and its tab.
type browser struct {
	t    *testing.T
	ctx  context.Context
	base string // the server's URL
}

func newBrowser(t *testing.T, ctx context.Context, bin, base string) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		// The machine's network is closed: no background connections.
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1180, 860),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	require.NoError(t, chromedp.Do(bctx, chromedp.EmulateViewport(1180, 860)), "starting %s", bin)
	return &browser{t: t, ctx: bctx, base: base}
}

// do runs actions, failing the test on an error.
func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	require.NoError(b.t, chromedp.Do(b.ctx, actions...))
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, js string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js))
	require.NoError(b.t, err, "evaluating %s", js)
	return v
}

// wait polls the JavaScript condition until it holds, for at most 20 s.
func (b *browser) wait(cond, what string) {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](fmt.Sprintf("Boolean(%s)", cond)))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			msg := eval[string](b, `(document.getElementById("result")||document.getElementById("run-status")||{}).textContent||""`)
			b.t.Fatalf("waited 20 s for %s (%s); the page says: %q", what, cond, msg)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// open loads a page of the workbench and waits until it has started.
func (b *browser) open(path string) {
	b.t.Helper()
	b.do(chromedp.Navigate(b.base + path))
	b.wait(`document.body && document.body.dataset.ready`, "the page to start")
	require.Equal(b.t, "true", eval[string](b, `document.body.dataset.ready`), "the page did not start: %s",
		eval[string](b, `(document.getElementById("result")||document.getElementById("run-status")).textContent`))
}

// puzzle opens the puzzle page on a puzzle, through the URL's fragment
// (as a shared link does), and waits for its board.
func (b *browser) puzzle(problem, text string) {
	b.t.Helper()
	frag := url.Values{"problem": {problem}, "puzzle": {text}}.Encode()
	b.do(chromedp.Navigate("about:blank"))
	b.open("/#" + frag)
	b.wait(`document.querySelector("#board g.cell")`, "the board")
	require.Equal(b.t, problem, eval[string](b, `document.getElementById("board").dataset.problem`))
}

// key presses keys (see the kb package for the named ones) on the
// element that has the focus.
func (b *browser) key(keys ...string) {
	b.t.Helper()
	for _, k := range keys {
		b.do(chromedp.KeyEvent(k))
	}
}

// grid reads the values the board shows, 0 for an empty cell.
func (b *browser) grid() [][]int {
	return eval[[][]int](b, `(() => {
	  const svg = document.getElementById("board");
	  const g = Array.from({length: +svg.dataset.rows}, () => Array(+svg.dataset.cols).fill(0));
	  for (const c of svg.querySelectorAll("g.cell")) g[+c.dataset.r][+c.dataset.c] = +(c.dataset.value || 0);
	  return g;
	})()`)
}

// noErrors checks that no script error happened on the page.
func (b *browser) noErrors() {
	b.t.Helper()
	assert.Empty(b.t, eval[[]string](b, `window.cspErrors || []`), "script errors on the page")
}

// shot writes a screenshot of the viewport as name under
// $CSP_SCREENSHOTS, when it is set.
func (b *browser) shot(name string) {
	b.t.Helper()
	dir := os.Getenv("CSP_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	require.NoError(b.t, err)
	path := filepath.Join(repoRoot(b.t), dir, name)
	require.NoError(b.t, os.WriteFile(path, png, 0o644))
	b.t.Logf("wrote %s (%d bytes)", path, len(png))
}

// repoRoot is the directory of go.mod above the package.
func repoRoot(t *testing.T) string {
	dir, err := filepath.Abs(".")
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, parent, dir, "no go.mod above the package")
		dir = parent
	}
}

// suiteLine returns the first instance of problem's embedded suite whose
// line starts with prefix.
func suiteLine(t *testing.T, problem, prefix string) string {
	t.Helper()
	e, ok := catalog.Lookup(problem)
	require.True(t, ok)
	sc := bufio.NewScanner(strings.NewReader(e.Suite))
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); strings.HasPrefix(line, prefix) {
			return line
		}
	}
	t.Fatalf("no instance of the %s suite starts with %q", problem, prefix)
	return ""
}

// checkedSolution solves text with the problem's own solver and checker.
func checkedSolution(t *testing.T, problem, text string) (any, *catalog.Entry, [][]int) {
	t.Helper()
	e, _ := catalog.Lookup(problem)
	var inst any
	for it := range e.Read(strings.NewReader(text), false) {
		require.NoError(t, it.Err)
		inst = it.Value
		break
	}
	grid, _, err := e.Solve(context.Background(), inst, catalog.NewSettings(e), &catalog.Cache{})
	require.NoError(t, err)
	require.NoError(t, e.Check(inst, grid), "the checker refuses the solution")
	return inst, e, grid
}

// firstOpenCell returns the first cell without a given.
func firstOpenCell(givens [][]int) (int, int) {
	for r, row := range givens {
		for c, v := range row {
			if v == 0 {
				return r, c
			}
		}
	}
	return 0, 0
}

func TestBrowserWorkbench(t *testing.T) {
	bin := browserPath()
	if bin == "" {
		const none = "no browser: none of $CSP_BROWSER, chromium, chromium-browser, google-chrome is installed"
		if os.Getenv("CSP_REQUIRE_BROWSER") != "" {
			t.Fatal(none + ", and $CSP_REQUIRE_BROWSER says this test must run (.ci/run sets it once it has installed chromium)")
		}
		t.Skip(none + " (.ci/run installs chromium)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv := httptest.NewServer(newServer(ctx, serveConfig{timeout: 10 * time.Second, maxSearches: 4}).handler())
	defer srv.Close()
	b := newBrowser(t, ctx, bin, srv.URL)

	t.Run("towers 6x6: explanation to the end, pencil mark, hint", func(t *testing.T) {
		b.t = t
		towers := suiteLine(t, "skyscraper", "6:")
		inst, e, solution := checkedSolution(t, "skyscraper", towers)
		b.puzzle("skyscraper", towers)
		assert.Equal(t, 36, eval[int](b, `document.querySelectorAll("#board g.cell").length`))
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .clue").length`), "edge clues drawn")

		// Explain (key E), then step to the end with ] and back once with [.
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("board").focus()`))
		b.key("e")
		b.wait(`!document.getElementById("steps-panel").hidden && +document.getElementById("step-range").max > 0`, "the explanation")
		steps := eval[int](b, `+document.getElementById("step-range").max`)
		require.Positive(t, steps)
		for range steps {
			b.key("]")
		}
		assert.Equal(t, fmt.Sprintf("step %d of %d", steps, steps), eval[string](b, `document.getElementById("step-count").textContent`))
		assert.Equal(t, solution, b.grid(), "after the last step the board shows the checker's solution")
		b.key("[")
		assert.Equal(t, fmt.Sprintf("step %d of %d", steps-1, steps), eval[string](b, `document.getElementById("step-count").textContent`))
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .hl-scope, #board .hl-set, #board .m.removed").length`),
			"a step highlights the cells it uses and touches")
		assert.NotEmpty(t, eval[string](b, `document.querySelector("#step-text .rule").textContent`), "the rule is named")
		b.key("}")
		assert.Equal(t, solution, b.grid())

		// Back to the givens, every candidate as a pencil mark, then take
		// one out of the first open cell (one its solution does not use)
		// in pencil mode.
		board, err := e.Board(inst)
		require.NoError(t, err)
		r, c := firstOpenCell(board.Givens)
		cell := fmt.Sprintf(`document.querySelectorAll("#board g.cell[data-r='%d'][data-c='%d'] .m")`, r, c)
		b.key("r", "f")
		b.wait(cell+".length > 1", "the pencil marks")
		wrong := 1
		if solution[r][c] == 1 {
			wrong = 2
		}
		before := eval[int](b, cell+".length")
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("board").focus()`))
		for range 6 {
			b.key(kb.ArrowUp, kb.ArrowLeft)
		}
		for range r {
			b.key(kb.ArrowDown)
		}
		for range c {
			b.key(kb.ArrowRight)
		}
		b.key("p", fmt.Sprint(wrong))
		assert.Equal(t, "true", eval[string](b, `document.getElementById("pencil").getAttribute("aria-pressed")`), "P turns pencil mode on")
		assert.Equal(t, before-1, eval[int](b, cell+".length"), "the digit took one pencil mark out of r%dc%d", r+1, c+1)
		assert.True(t, eval[bool](b, `document.getElementById("use-marks").checked`), "editing continues from the board")
		b.key("p")

		// A hint from the board as it is now.
		b.key("h")
		b.wait(`document.querySelector("#result .hint .rule")`, "the hint")
		assert.NotEmpty(t, eval[string](b, `document.querySelector("#result .hint .why").textContent`))
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .hl-scope, #board .hl-set, #board .m.removed, #board .clue-hl").length`),
			"the hint is drawn on the board")
		b.noErrors()
	})

	t.Run("count, diagnose, export, a bad puzzle", func(t *testing.T) {
		b.t = t
		// One clue: many solutions; count shows two and shades where they differ.
		b.puzzle("skyscraper", "4:3///////////////")
		b.key("c")
		b.wait(`document.getElementById("other-solution")`, "two solutions")
		differ := eval[int](b, `document.querySelectorAll("#board .hl-differ").length`)
		assert.Positive(t, differ, "the cells where the two solutions differ are shaded")
		one := b.grid()
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("other-solution").click()`))
		assert.NotEqual(t, one, b.grid(), "the other solution")
		for _, g := range [][][]int{one, b.grid()} {
			inst, e, _ := checkedSolution(t, "skyscraper", "4:3///////////////")
			assert.NoError(t, e.Check(inst, g), "each solution shown passes the checker")
		}

		// Several: diagnose draws the fewest givens that make it unique,
		// and the mended puzzle loads.
		b.key("d")
		b.wait(`document.getElementById("load-mended")`, "the diagnosis")
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .v.add").length`), "the givens to add, drawn in their cells")
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("load-mended").click()`))
		b.wait(`document.querySelectorAll("#board .v.given").length > 0`, "the mended puzzle")
		b.key("c")
		b.wait(`document.querySelector("#result.ok")`, "the mended puzzle's count")
		assert.Contains(t, eval[string](b, `document.getElementById("result").textContent`), "unique")

		// No solution: diagnose circles the clues that contradict.
		b.puzzle("skyscraper", "4:3/2/1/2/1/3/2/2/2/2/3/1/2/2/1/4")
		b.key("d")
		b.wait(`document.querySelector("#result.error ul")`, "the diagnosis")
		core := eval[int](b, `document.querySelectorAll("#result ul li").length`)
		assert.Positive(t, core)
		assert.Equal(t, core, eval[int](b, `[...document.querySelectorAll("#board .clue-hl")].length`), "each clue of the core circled")

		// The board as a PNG, drawn from its SVG on a canvas.
		png, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]int](`import("/export.js")
		  .then((m) => m.pngBlob(document.getElementById("board")))
		  .then((blob) => blob.arrayBuffer())
		  .then((buf) => [...new Uint8Array(buf)].slice(0, 8).concat([buf.byteLength]))`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		require.Len(t, png, 9)
		assert.Equal(t, []int{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, png[:8], "a PNG")
		assert.Greater(t, png[8], 2000, "of a drawn board")

		// The puzzle written back, the board as an SVG file, a link.
		b.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#export-panel summary").click()`))
		b.wait(`document.getElementById("export-text").value.includes("3 2 1 2")`, "the puzzle written back")
		assert.Contains(t, eval[string](b, `document.getElementById("share-link").value`), "#problem=skyscraper&puzzle=4%3A3%2F2%2F1%2F2")
		svg, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`import("/export.js").then((m) => m.svgText(document.getElementById("board")))`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(svg, "<?xml"), "a standalone SVG document")
		assert.NotContains(t, svg, `class="cursor"`, "without the cursor")
		assert.Equal(t, 16, strings.Count(svg, `class="clue `), "with the 16 clues")

		// A puzzle that does not read: the parser's message, with its line.
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("result").className = "";
		  document.getElementById("puzzle-text").value = "4:3/2/1";
		  document.getElementById("load").click()`))
		b.wait(`document.querySelector("#result.error")`, "the error")
		assert.Contains(t, eval[string](b, `document.getElementById("result").textContent`), "line 1")
		b.noErrors()
	})

	t.Run("sudoku draws its boxes and givens", func(t *testing.T) {
		b.t = t
		line := suiteLine(t, "sudoku", ".")
		inst, e, _ := checkedSolution(t, "sudoku", line)
		b.puzzle("sudoku", line)
		assert.Equal(t, 81, eval[int](b, `document.querySelectorAll("#board g.cell").length`))
		board, err := e.Board(inst)
		require.NoError(t, err)
		assert.Equal(t, board.Givens, b.grid(), "the givens drawn where they are")
		walls := 0 // sides between two boxes
		for r, row := range board.Regions {
			for c, reg := range row {
				if c+1 < len(row) && row[c+1] != reg {
					walls++
				}
				if r+1 < len(board.Regions) && board.Regions[r+1][c] != reg {
					walls++
				}
			}
		}
		assert.Equal(t, 36, walls)
		assert.Equal(t, walls, eval[int](b, `document.querySelectorAll("#board .thick line").length`), "a thick line between boxes")

		// An instance of the suite, picked from its list; then a generated 4x4.
		b.do(chromedp.Evaluate[chromedp.Void](`const s = document.getElementById("suite");
		  window.wanted = s.options[3].textContent.replace(/^#\d+: /, "");
		  s.value = s.options[3].value; s.dispatchEvent(new Event("change"))`))
		b.wait(`document.getElementById("puzzle-text").value.startsWith(window.wanted) && document.body.getAttribute("aria-busy") === "false"`, "the suite's third puzzle")
		assert.NotEqual(t, board.Givens, b.grid(), "another puzzle")
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("gen-size").value = "4";
		  document.getElementById("gen-holes").value = "6";
		  document.getElementById("generate").click()`))
		b.wait(`document.querySelectorAll("#board g.cell").length === 16`, "the generated 4x4 sudoku")
		assert.Equal(t, 10, eval[int](b, `document.querySelectorAll("#board .v.given").length`), "16 cells, 6 holes")
		b.noErrors()
	})

	t.Run("kenken draws its cages", func(t *testing.T) {
		b.t = t
		line := suiteLine(t, "kenken", "6:")
		inst, e, _ := checkedSolution(t, "kenken", line)
		board, err := e.Board(inst)
		require.NoError(t, err)
		b.puzzle("kenken", line)
		assert.Equal(t, 36, eval[int](b, `document.querySelectorAll("#board g.cell").length`))
		labels := eval[[]string](b, `[...document.querySelectorAll("#board .cage-label")].map(t => t.textContent)`)
		want := make([]string, len(board.Cages))
		for i, c := range board.Cages {
			want[i] = c.Label
		}
		assert.ElementsMatch(t, want, labels, "one label per cage")
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .thick line").length`), "cage walls")
		b.noErrors()
	})

	t.Run("towers 9x9 in the middle of its explanation", func(t *testing.T) {
		b.t = t
		b.puzzle("skyscraper", suiteLine(t, "skyscraper", "9:"))
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("board").focus()`))
		b.key("e")
		b.wait(`!document.getElementById("steps-panel").hidden && +document.getElementById("step-range").max > 0`, "the explanation")
		steps := eval[int](b, `+document.getElementById("step-range").max`)
		// From the middle on (the slider goes there), the first step that
		// uses a clue and removes values: the screenshot shows all three
		// highlights.
		b.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`const s = document.getElementById("step-range");
		  s.value = "%d"; s.dispatchEvent(new Event("input"))`, steps/2)))
		assert.Equal(t, fmt.Sprintf("step %d of %d", steps/2, steps), eval[string](b, `document.getElementById("step-count").textContent`))
		for i := steps / 2; i < steps && !eval[bool](b, `Boolean(document.querySelector("#board .clue-hl") && document.querySelector("#board .m.removed"))`); i++ {
			b.key("]")
		}
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .hl-scope").length`), "the step's line is shaded")
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .m.removed").length`), "the values it removes are struck out")
		b.do(chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(); window.scrollTo(0, 0)`))
		b.shot("workbench-towers.png")
		b.noErrors()
	})

	t.Run("killer sudoku draws its cages", func(t *testing.T) {
		b.t = t
		f, err := os.ReadFile(filepath.Join(repoRoot(t), "problems", "sudoku", "testdata", "solo", "killer.txt"))
		require.NoError(t, err)
		var line string
		for l := range strings.Lines(string(f)) {
			if strings.HasPrefix(l, "3x3k:") {
				line = strings.TrimSpace(l)
				break
			}
		}
		require.NotEmpty(t, line, "a 9x9 killer in killer.txt")
		inst, e, _ := checkedSolution(t, "sudoku", line)
		board, err := e.Board(inst)
		require.NoError(t, err)
		b.puzzle("sudoku", line)
		assert.Equal(t, len(board.Cages), eval[int](b, `document.querySelectorAll("#board .cage-label").length`), "one label per cage")
		assert.Positive(t, eval[int](b, `document.querySelectorAll("#board .cages line").length`), "dashed cage lines")
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("board").focus()`))
		// A person's start: pencil marks in two cells, a value in a third.
		b.key(kb.ArrowDown, "p", "1", "2", kb.ArrowRight, "3", "4", "7", "p", kb.ArrowRight, "5")
		assert.Equal(t, 5, eval[int](b, `document.querySelectorAll("#board .m").length`), "the pencil marks typed")
		assert.Equal(t, "5", eval[string](b, `document.querySelector("#board g.cell[data-r='1'][data-c='2']").dataset.value`))
		b.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		b.shot("workbench-killer.png")
		b.noErrors()
	})

	t.Run("bench page: a matrix run to its cactus plot", func(t *testing.T) {
		b.t = t
		b.open("/bench.html")
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("max-instances").value = "24";
		  document.getElementById("timeout").value = "2000";
		  document.getElementById("run").click()`))
		b.wait(`document.querySelectorAll("#cactus .series").length === 2`, "the cactus plot")
		assert.Equal(t, 2, eval[int](b, `document.querySelectorAll("#rows tbody tr").length`), "a row per configuration")
		assert.Equal(t, 1, eval[int](b, `document.querySelectorAll("#ratios tbody tr").length`), "one ratio: the second configuration over the first")
		assert.Equal(t, eval[int](b, `+document.getElementById("progress").max`), eval[int](b, `+document.getElementById("progress").value`), "the progress bar is full")
		// A bench --json file of the command line opens to the same report.
		dir := t.TempDir()
		towers := filepath.Join(dir, "towers.txt")
		require.NoError(t, os.WriteFile(towers, []byte(suiteLine(t, "skyscraper", "5:")+"\n"+suiteLine(t, "skyscraper", "6:")+"\n"), 0o644))
		file := filepath.Join(dir, "bench.json")
		var errOut bytes.Buffer
		code := cli.Run([]string{"bench", towers, "--alldiff", "hidden,gac", "--timeout", "2s", "--progress=false", "--json", file}, strings.NewReader(""), io.Discard, &errOut)
		require.Equal(t, 0, code, errOut.String())
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("rows").replaceChildren()`))
		b.do(chromedp.SetUploadFiles("#file", []string{file}))
		b.wait(`document.querySelectorAll("#rows tbody tr").length === 2`, "the file's report")
		assert.Contains(t, eval[string](b, `document.getElementById("rows").textContent`), "alldiff=gac")
		assert.Equal(t, 2, eval[int](b, `document.querySelectorAll("#cactus .series").length`))

		// Run again for the screenshot: a run's report is its own.
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("run").click()`))
		b.wait(`document.getElementById("rows").textContent.includes("var=mindom")`, "the run's report")
		b.do(chromedp.EmulateViewport(1180, 1240))
		defer b.do(chromedp.EmulateViewport(1180, 860))
		b.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		b.shot("workbench-bench.png")
		b.noErrors()
	})

	t.Run("phone width", func(t *testing.T) {
		b.t = t
		b.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
		defer b.do(chromedp.EmulateViewport(1180, 860))
		b.puzzle("skyscraper", suiteLine(t, "skyscraper", "6:"))
		width := eval[float64](b, `document.getElementById("board").getBoundingClientRect().width`)
		assert.InDelta(t, 370, width, 25, "the board takes the phone's width")
		assert.LessOrEqual(t, eval[int](b, `document.documentElement.scrollWidth`), 390, "nothing wider than the screen")
		b.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("board").focus()`))
		b.key("h")
		b.wait(`document.querySelector("#result .hint .rule")`, "the hint")
		b.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		b.shot("workbench-phone.png")
		b.noErrors()
		b.open("/bench.html")
		assert.LessOrEqual(t, eval[int](b, `document.documentElement.scrollWidth`), 390, "the bench page fits too")
	})
}
