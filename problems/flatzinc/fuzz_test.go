package flatzinc

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// FuzzRead: no input makes Read panic or hang, every error is an *Error
// with a place, and what it reads writes back to text that reads to the
// same model.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.fzn")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil && len(b) < 1<<14 {
			f.Add(b)
		}
	}
	f.Add([]byte("var -3..3: x :: output_var;\nconstraint int_abs(x, 2);\nsolve maximize x;\n"))
	f.Add([]byte("array [1..2] of var bool: b :: output_array([1..2]);\nconstraint bool_clause([b[1]],[b[2]]);\nsolve satisfy;"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := ReadLimits(bytes.NewReader(src), Limits{MaxNodes: 1 << 12})
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			return
		}
		var b strings.Builder
		if err := Write(&b, m); err != nil {
			t.Fatal(err)
		}
		back, err := Read(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("written model does not read back: %v\n%s", err, b.String())
		}
		var again strings.Builder
		if err := Write(&again, back); err != nil {
			t.Fatal(err)
		}
		if again.String() != b.String() {
			t.Fatalf("round trip differs:\n%s\n%s", b.String(), again.String())
		}
	})
}

// FuzzBuild: whatever Read accepts, Build either refuses with an *Error
// or builds a model whose every solution (within a short search) the
// checker accepts: a solution it refuses is a bug of Build or of the
// engine.
func FuzzBuild(f *testing.F) {
	for _, tpl := range templates {
		f.Add([]byte("var 0..3: x1;\nvar 0..3: x2;\nvar 0..3: x3;\nvar bool: b1;\nvar bool: b2;\nvar bool: b3;\n" +
			"var -2..1: n1;\nvar -2..1: n2;\nconstraint " + tpl + ";\nsolve satisfy;\n"))
	}
	f.Add([]byte("var -3..3: x :: output_var;\nvar 0..9: y;\nconstraint int_lin_le_reif([2, -1], [x, y], 1, true);\nsolve minimize y;\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := ReadLimits(bytes.NewReader(src), Limits{MaxNodes: 1 << 12})
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		p, err := Build(ctx, m)
		if err != nil {
			if _, ok := err.(*Error); !ok && ctx.Err() == nil {
				t.Fatalf("error %T %v is not an *Error", err, err)
			}
			return
		}
		_, err = Solve(ctx, p, Settings{Solutions: 20}, func([]int) bool { return true })
		if errors.Is(err, ErrInvalid) {
			t.Fatalf("a solution the checker refuses: %v\n%s", err, src)
		}
	})
}
