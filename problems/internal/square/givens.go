package square

import "fmt"

// GivenNames names the givens of a row-major grid of side n (0: empty):
// "given r1c1 = 5", in reading order.
func GivenNames(cells []int, n int) []string {
	var out []string
	for i, v := range cells {
		if v != 0 {
			out = append(out, fmt.Sprintf("given r%dc%d = %d", i/n+1, i%n+1, v))
		}
	}
	return out
}

// KeepGivens returns a copy of cells with only the givens marked kept, in
// the order GivenNames names them.
func KeepGivens(cells []int, kept []bool) []int {
	out := append([]int(nil), cells...)
	k := 0
	for i, v := range out {
		if v != 0 {
			if !kept[k] {
				out[i] = 0
			}
			k++
		}
	}
	return out
}

// AddGivens returns a copy of cells (side n) with more givens (cell
// [row, column] -> value).
func AddGivens(cells []int, n int, givens map[[2]int]int) []int {
	out := append([]int(nil), cells...)
	for at, v := range givens {
		out[at[0]*n+at[1]] = v
	}
	return out
}
