package cli

// The problems the command serves register themselves with the catalog
// (problems/catalog); importing problems/all brings in every one.
import _ "github.com/cspgo/csp/problems/all"
