// Command futoshikidzn writes Futoshiki puzzles as MiniZinc data for
// bench/mzn/futoshiki.mzn (bench/fzn-native.sh), reading them with
// problems/futoshiki's reader (every format it takes: Unequal game IDs,
// JSON, grids).
//
//	futoshikidzn [-k K] -o DIR [FILE]
//
// It reads every puzzle of FILE (missing or "-": standard input), takes K
// of them evenly spaced (every ceil(total/K)-th from the first; K = 0:
// all), and writes, for the i-th taken (from 1), DIR/i.dzn (n, adjacent,
// given, right, down: the model's data) and DIR/i.txt (the puzzle as an
// Unequal game ID, for csp solve futoshiki, so that both routes read the
// same puzzle). It prints the number written. A malformed puzzle is an
// error naming its line: the data must be the suite's, every one.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cspgo/csp/problems/futoshiki"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "futoshikidzn:", err)
		}
		os.Exit(2)
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("futoshikidzn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	k := fs.Int("k", 0, "how many puzzles to take, evenly spaced (0: all)")
	dir := fs.String("o", "", "directory to write N.dzn and N.txt into (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || *k < 0 || fs.NArg() > 1 {
		return errors.New("usage: futoshikidzn [-k K] -o DIR [FILE]")
	}
	in, name := stdin, "standard input"
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return err
		}
		defer func() { _ = f.Close() }() // only read: a failed Close loses nothing
		in, name = f, fs.Arg(0)
	}
	var all []*futoshiki.Puzzle
	for it := range futoshiki.Read(in) {
		if it.Err != nil {
			return fmt.Errorf("%s: %w", name, it.Err)
		}
		all = append(all, it.Value)
	}
	step := 1
	if *k > 0 && len(all) > *k {
		step = (len(all) + *k - 1) / *k
	}
	written := 0
	for i := 0; i < len(all) && (*k == 0 || written < *k); i += step {
		written++
		base := filepath.Join(*dir, strconv.Itoa(written))
		if err := os.WriteFile(base+".dzn", []byte(dzn(all[i])), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(base+".txt", []byte(futoshiki.FormatUnequal(all[i])+"\n"), 0o644); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(stdout, written)
	return err
}

// dzn returns p as the data of bench/mzn/futoshiki.mzn: the relations
// coded 0 (None), 1 (Less), 2 (Greater), 3 (Bar), as futoshiki.Sign
// numbers them.
func dzn(p *futoshiki.Puzzle) string {
	var b strings.Builder
	fmt.Fprintf(&b, "n = %d;\nadjacent = %t;\n", p.N, p.Adjacent)
	ints := func(name string, rows [][]int) {
		fmt.Fprintf(&b, "%s = [|", name)
		for r, row := range rows {
			if r > 0 {
				b.WriteString(" |")
			}
			for c, v := range row {
				if c > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, " %d", v)
			}
		}
		b.WriteString(" |];\n")
	}
	signs := func(rows [][]futoshiki.Sign) [][]int {
		out := make([][]int, len(rows))
		for r, row := range rows {
			for _, s := range row {
				out[r] = append(out[r], int(s))
			}
		}
		return out
	}
	ints("given", p.Givens)
	ints("right", signs(p.Right))
	ints("down", signs(p.Down))
	return b.String()
}
