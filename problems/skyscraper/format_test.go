package skyscraper

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// row is one line of the public TSV files.
type row struct {
	name, towers, clockwise, givens, solution string
	n                                         int
}

func publicRows(t testing.TB) []row {
	files, _ := filepath.Glob("testdata/*.tsv")
	require.NotEmpty(t, files)
	var rows []row
	for _, f := range files {
		if strings.Contains(f, "tatham-dev") {
			continue
		}
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "#") {
				continue
			}
			c := strings.Split(sc.Text(), "\t")
			n, _ := strconv.Atoi(c[1])
			rows = append(rows, row{name: c[0], n: n, towers: c[2], clockwise: c[3], givens: c[4], solution: c[5]})
		}
		fh.Close()
	}
	return rows
}

func digits(s string, n int) [][]int {
	if s == "-" {
		return nil
	}
	f := strings.Split(s, ",")
	g := make([][]int, n)
	for r := range n {
		g[r] = make([]int, n)
		for c := range n {
			g[r][c], _ = strconv.Atoi(f[r*n+c])
		}
	}
	return g
}

func TestPublicFormatsAgree(t *testing.T) {
	rows := publicRows(t)
	require.Len(t, rows, 123)
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			tw, err := ParseTowers(r.towers, 1)
			require.NoError(t, err)
			items := slices.Collect(Read(strings.NewReader(r.clockwise)))
			require.Len(t, items, 1)
			require.NoError(t, items[0].Err)
			cw := items[0].Value
			assert.Equal(t, tw.Clockwise(), cw.Clockwise(), "the Towers ID and the clockwise list are the same clues")
			if g := digits(r.givens, r.n); g != nil {
				assert.Equal(t, g, tw.Givens)
			}
			// Round trips through every format.
			for name, text := range map[string]string{"towers": FormatTowers(tw), "json": FormatJSON(tw), "grid": Format(tw, nil)} {
				back := slices.Collect(Read(strings.NewReader(text)))
				require.Len(t, back, 1, name)
				require.NoError(t, back[0].Err, "%s:\n%s", name, text)
				assert.Equal(t, tw.Clockwise(), back[0].Value.Clockwise(), name)
				if tw.Givens != nil {
					assert.Equal(t, tw.Givens, back[0].Value.Givens, name)
				}
			}
			if sol := digits(r.solution, r.n); sol != nil {
				assert.NoError(t, Check(tw, sol), "the published solution passes the checker")
			}
		})
	}
}

func TestTathamIDsRoundTrip(t *testing.T) {
	f, err := os.ReadFile("testdata/tatham-dev.tsv")
	require.NoError(t, err)
	count := 0
	for _, line := range strings.Split(string(f), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		p, err := ParseTowers(c[3], 1)
		require.NoError(t, err, c[3])
		assert.Equal(t, c[3], FormatTowers(p), "Towers ID written back unchanged")
		n := p.N
		sol := make([][]int, n)
		for r := range n {
			sol[r] = make([]int, n)
			for k := range n {
				sol[r][k] = int(c[4][r*n+k] - '0')
			}
		}
		require.NoError(t, Check(p, sol), c[3])
		count++
	}
	assert.Equal(t, 240, count)
}

func TestReadErrors(t *testing.T) {
	cases := []struct {
		name, input string
		err         error
		field       int
	}{
		{"clockwise not 4N", "1,2,3,4,1", ErrCount, 5},
		{"clockwise clue too big", "1,2,3,4,5,1,2,3", ErrClue, 3},
		{"towers few fields", "4:1/2/3", ErrCount, 2},
		{"towers clue too big", "4:5/////////////// ", ErrClue, 2},
		{"towers run overflows", "2:///////,e", ErrRun, 10},
		{"towers short givens", "2:///////,b", ErrRun, 10},
		{"towers given too big", "2:///////,3c", ErrGiven, 10},
		{"towers repeat", "2:///////,1_1b", ErrRepeat, 10},
		{"towers bad size", "0:", ErrSize, 1},
		{"json bad size", `{"size":99}`, ErrSize, 0},
		{"json clue count", `{"size":2,"clues":[1,2]}`, ErrCount, 0},
		{"json interior outside", `{"size":3,"interior":[{"row":3,"col":0,"look":"up","count":1}]}`, ErrInClue, 0},
		{"json interior look", `{"size":3,"interior":[{"row":1,"col":0,"look":"north","count":1}]}`, ErrInClue, 0},
		{"json unknown field", `{"size":3,"colour":1}`, ErrSyntax, 0},
		{"grid short", "  . .\n. 1 . .\n", ErrCount, 0},
		{"grid bad token", "  . x\n. 1 . .\n. . . .\n  . .\n", ErrFormat, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			items := slices.Collect(Read(strings.NewReader(c.input)))
			require.NotEmpty(t, items)
			err := items[0].Err
			require.Error(t, err)
			assert.True(t, errors.Is(err, c.err), "got %v", err)
			var pe *ParseError
			require.True(t, errors.As(err, &pe))
			assert.Equal(t, c.field, pe.Field, "%v", err)
			assert.Contains(t, err.Error(), "line 1")
		})
	}
}

func TestBatchGoesOn(t *testing.T) {
	input := "# batch\n1,2,3\n4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1\n\n{\"size\":2}\n"
	items := slices.Collect(Read(strings.NewReader(input)))
	require.Len(t, items, 3)
	assert.ErrorIs(t, items[0].Err, ErrCount)
	require.NoError(t, items[1].Err)
	assert.Equal(t, 3, items[1].Line)
	require.NoError(t, items[2].Err)
	assert.Equal(t, 5, items[2].Line)
}

func FuzzRead(f *testing.F) {
	f.Add("4:2/2/1/3/3/2/2/1/3/1/2/3/2/2/3/1")
	f.Add("2,2,1,3,2,2,3,1,1,2,2,3,3,2,1,3")
	f.Add(`{"size":3,"clues":[0,0,0,0,0,0,0,0,0,0,0,0],"interior":[{"row":1,"col":1,"look":"right","count":1}]}`)
	f.Add("   . 2\n. 1 . .\n. . . .\n   . .\n")
	f.Add("7:/4/3///1//2//2//5//3//5//3/3////2//1/5/3/,r4d4y")
	f.Fuzz(func(t *testing.T, input string) {
		for it := range Read(strings.NewReader(input)) {
			if it.Err != nil {
				continue
			}
			p := it.Value
			for _, text := range []string{FormatJSON(p), Format(p, nil)} {
				back := slices.Collect(Read(strings.NewReader(text)))
				if len(back) != 1 || back[0].Err != nil {
					t.Fatalf("round trip of %q failed: %v", text, back)
				}
				if !equalInts(back[0].Value.Clockwise(), p.Clockwise()) {
					t.Fatalf("round trip changed the clues: %q", text)
				}
			}
			if len(p.Interior) == 0 {
				back := slices.Collect(Read(strings.NewReader(FormatTowers(p))))
				if len(back) != 1 || back[0].Err != nil {
					t.Fatalf("Towers round trip of %q failed", FormatTowers(p))
				}
			}
		}
	})
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
