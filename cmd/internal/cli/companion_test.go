package cli

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Without csp-serve, csp serve (and csp help serve) is a usage error that
// says what to install.
func TestServeNeedsItsCommand(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	for _, args := range [][]string{{"serve"}, {"help", "serve"}} {
		r := runCSP(t, "", args...)
		assert.Equal(t, 2, r.code, args)
		assert.Equal(t, "csp: "+errNoCompanion(serveCommand).Error()+"\nRun 'csp help' for usage.\n", r.stderr, args)
		assert.Empty(t, r.stdout, args)
	}
}

// csp links neither the HTTP server nor the plotting library, whose
// packages' initialisation every command would pay (companion.go): they
// live in csp-serve and csp-plot.
func TestCspLinksNoServerNorPlot(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/cspgo/csp/cmd/csp").CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	for _, dep := range strings.Fields(string(out)) {
		for _, heavy := range []string{"net/http", "crypto/tls", "gonum.org/v1/plot"} {
			assert.False(t, dep == heavy || strings.HasPrefix(dep, heavy+"/"), "csp depends on %s", dep)
		}
	}
	assert.Contains(t, strings.Fields(string(out)), "github.com/cspgo/csp/cmd/internal/cli")
}
