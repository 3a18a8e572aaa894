package visibility

// SetWitnessMin sets the smallest line that keeps witnesses and returns
// the function that puts the old value back: the tests run the witnesses
// on lines short enough to check against every permutation.
func SetWitnessMin(n int) (restore func()) {
	old := witnessMin
	witnessMin = n
	return func() { witnessMin = old }
}
