//go:build !unix

package cli

// addressSpaceLimit returns 0: no address-space limit is read on this
// system.
func addressSpaceLimit() int64 { return 0 }
